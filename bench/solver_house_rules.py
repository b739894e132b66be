"""The lay-down finder with house rules: every option set a contract table can choose.

Run: .venv/bin/python bench/solver_house_rules.py [--hands 1000] [--climb 40]
For each contract system and each set of the options that change a search (exact lay-down,
contiguous runs forbidden, overlap counting as contiguous, same-rank sets counting once, the
number of decks), it prints the most nodes real hands needed, then hill-climbs over hands
within that table's limits towards the most nodes and times the worst input with the
production budget (slowest of 3 runs), and names the climbed inputs left undecided. Target:
the worst accepted input <= 50 ms.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from solver import CONTRACT_SYSTEMS, adversarial, mutate_hand  # noqa: E402

from rules_engine import Card, SearchTooLarge, TableOptions, get_rules
from rules_engine.cards import SUITS, format_card  # noqa: E402
from rules_engine.catalogue import cards_dealt
from rules_engine.errors import HandTooLarge  # noqa: E402
from rules_engine.house_rules import offered as house_rules_offered  # noqa: E402
from rules_engine.limits import (
    CONTRACT_NODES,
    Budget,
    check_hand,  # noqa: E402
    hand_limits,
)
from rules_engine.solver import solve_contract
from rules_engine.systems import RuleSystem  # noqa: E402

SEARCH_OPTIONS = (
    "exact_lay_down",
    "no_contiguous_runs",
    "overlap_counts_as_contiguous",
    "same_rank_sets_count_once",
    "decks",
)


def option_sets(slug: str) -> list[dict[str, object]]:
    """Every combination of the search options this system offers (decks: its own or 1-4)."""
    offered = [o for o in SEARCH_OPTIONS if o in house_rules_offered(get_rules(slug))]
    values = {
        "exact_lay_down": (None, True, False),
        "no_contiguous_runs": (None, True, False),
        "overlap_counts_as_contiguous": (False, True),
        "same_rank_sets_count_once": (False, True),
        "decks": (None, 1, 2, 3, 4),
    }
    sets = []
    for combo in itertools.product(*(values[o] for o in offered)):
        chosen = {o: v for o, v in zip(offered, combo, strict=True) if v not in (None, False)}
        try:
            TableOptions.read(get_rules(slug), chosen)
        except Exception:
            continue
        sets.append(chosen)
    return sets


def nodes(rules: RuleSystem, n: int, hand: list[Card], cap: int) -> int:
    budget = Budget(cap)
    try:
        solve_contract(rules, n, hand, budget=budget)
    except SearchTooLarge:
        return cap
    except HandTooLarge:
        return 0
    return budget.used


def real_hands(rules: RuleSystem, count: int, rng: random.Random):
    limits = hand_limits(rules)
    for _ in range(count):
        n = rng.randint(1, len(rules.contracts))
        deck = [Card(r, s) for r in range(1, 14) for s in SUITS] * limits.copies
        deck += [Card(0)] * limits.jokers
        yield n, rng.sample(deck, cards_dealt(rules, n) + 1)


def climb(slug: str, rules: RuleSystem, steps: int, rng: random.Random):
    limits = hand_limits(rules)
    cap = 2 * CONTRACT_NODES

    def most(n: int) -> int:
        lay_all = rules.contracts[n - 1].lay_all_cards
        return cards_dealt(rules, n) + 1 if lay_all else limits.cards

    jokers = [Card(0)] * limits.jokers
    stretch = [Card(r, s) for s in SUITS[:2] for r in range(1, 14)] * limits.copies
    seeds = [(n, (jokers + stretch)[: most(n)]) for n in range(1, len(rules.contracts) + 1)]
    for n, hand in rng.sample(adversarial(slug, rng), 4):
        fitting = [c for c in hand if c.is_joker][: limits.jokers]
        fitting = (fitting + [c for c in hand if not c.is_joker])[: most(n)]
        try:
            check_hand(rules, fitting)
        except HandTooLarge:
            continue
        seeds.append((n, fitting))
    worst = (0, 1, seeds[0][1])
    for n, hand in seeds:
        try:
            check_hand(rules, hand)
        except HandTooLarge:
            continue
        best, best_nodes = hand, nodes(rules, n, hand, cap)
        for _ in range(steps):
            mutant = mutate_hand(rules, best, rng)
            if rules.contracts[n - 1].lay_all_cards and len(mutant) != most(n):
                continue
            if mutant and (found := nodes(rules, n, mutant, cap)) >= best_nodes:
                best, best_nodes = mutant, found
        worst = max(worst, (best_nodes, n, best), key=lambda w: w[0])
    return worst


def timed(rules: RuleSystem, n: int, hand: list[Card]) -> tuple[float, str]:
    slowest, outcome = 0.0, "decided"
    for _ in range(3):
        start = time.perf_counter()
        try:
            solve_contract(rules, n, hand)
            outcome = "decided"
        except SearchTooLarge:
            outcome = "too many possibilities"
        slowest = max(slowest, (time.perf_counter() - start) * 1000)
    return slowest, outcome


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--climb", type=int, default=40)
    parser.add_argument("--seed", type=int, default=20261123)
    args = parser.parse_args()
    worst_ms, worst_line, most_real = 0.0, "", 0
    undecided: list[str] = []
    for slug in CONTRACT_SYSTEMS:
        sets = option_sets(slug)
        print(f"{slug}: {len(sets)} option sets")
        for chosen in sets:
            rules = TableOptions.read(get_rules(slug), chosen).apply(get_rules(slug))
            rng = random.Random(f"{args.seed}-{slug}-{sorted(chosen.items())}")
            real = max(nodes(rules, n, h, 10**9) for n, h in real_hands(rules, args.hands, rng))
            most_real = max(most_real, real)
            found, n, hand = climb(slug, rules, args.climb, rng)
            ms, outcome = timed(rules, n, hand)
            line = (
                f"  {str(chosen) or '{}':70} real max {real:>6,} nodes | worst {found:>6,} "
                f"nodes {ms:6.1f} ms {outcome}; round {n}: {' '.join(map(format_card, hand))}"
            )
            if ms > worst_ms:
                worst_ms, worst_line = ms, f"{slug} {line.strip()}"
            if outcome != "decided":
                undecided.append(f"{slug} {line.strip()}")
            if ms > 30 or real > CONTRACT_NODES // 2:
                print(line)
    print(
        f"\nmost nodes a real hand needed under any option set: {most_real:,} (budget {CONTRACT_NODES:,})"
    )
    print(f"worst accepted input with house rules: {worst_ms:.1f} ms (target <= 50 ms)")
    print(f"  {worst_line}")
    print(f"climbed inputs left undecided: {len(undecided)}")
    for line in undecided:
        print(f"  {line}")


if __name__ == "__main__":
    main()
