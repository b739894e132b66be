"""The lay-down checker's work against any variant a table may write.

Run: .venv/bin/python bench/checker.py [--variants 300] [--laydowns 20] [--climb 40] [--seed 39]
Makes the random variants of bench/solver_variants.py and, for those the engine accepts,
lay-downs meant to be hard to read, each within what a hand of the variant can hold:
- the finder's lay-down of the bench's hands (dealt, and every joker beside a long stretch
  of one suit) with runs allowed to meet and jokers side by side: every meld right, but the
  runs often meeting, so that no reading of them passes and every one is tried;
- random ones: as many melds as the contract asks (or one more), runs of one or two suits
  and low ranks, sets, jokers among them.
Times `check_contract` on each, then climbs from the slowest (a card swapped for a joker, a
meld longer or shorter) towards more time. Prints the median and the worst (target: worst
<= 100 ms), and the worst input.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from dataclasses import replace  # noqa: E402

from solver_variants import hands_of, random_variant  # noqa: E402

from rules_engine import Card, RulesError  # noqa: E402
from rules_engine.cards import format_card  # noqa: E402
from rules_engine.catalogue import contract_for  # noqa: E402
from rules_engine.contracts import check_contract  # noqa: E402
from rules_engine.playable import read_document  # noqa: E402
from rules_engine.solver import solve_contract  # noqa: E402


def found_loosely(rules, number: int, hand: list[Card]) -> list[list[Card]] | None:
    """The finder's lay-down of the hand where runs may meet and jokers sit side by side."""
    loose = replace(
        rules,
        forbid_contiguous_runs=False,
        meld_rules=replace(rules.meld_rules, jokers_side_by_side=True),
    )
    try:
        found = solve_contract(loose, number, hand)
    except RulesError:
        return None
    return [list(meld) for meld in found.melds] if found.found else None


def a_meld(rng: random.Random, kind: str, size: int, suits: str) -> list[Card]:
    """A meld of the kind, runs in few suits and low ranks (so that they meet), one real
    card at least, jokers in the others at random."""
    if kind == "run":
        suit = rng.choice(suits)
        low = rng.randint(1, max(1, min(8, 14 - size)))
        cards = [Card((low + k - 1) % 13 + 1, suit) for k in range(size)]
    else:
        rank = rng.randint(1, 13)
        cards = [Card(rank, rng.choice("SHDC")) for _ in range(size)]
    keep = rng.randrange(size)
    return [c if k == keep or rng.random() < 0.4 else Card(0) for k, c in enumerate(cards)]


def a_lay_down(rng: random.Random, rules, number: int) -> list[list[Card]]:
    way = rng.choice(contract_for(rules, number).ways())
    suits = rng.choice(("S", "SH"))
    melds = [a_meld(rng, r.kind, r.size + rng.randint(0, 1), suits) for r in way.requirements]
    if rng.random() < 0.3:
        melds.append(a_meld(rng, "run", 4, suits))
    return melds


def mutated(rng: random.Random, melds: list[list[Card]]) -> list[list[Card]]:
    out = [list(m) for m in melds]
    meld = rng.choice(out)
    move = rng.random()
    if move < 0.5:
        meld[rng.randrange(len(meld))] = Card(0)
    elif move < 0.75 and len(meld) > 3:
        meld.pop(rng.randrange(len(meld)))
    else:
        meld.append(Card(0))
    return out


def timed(rules, number: int, melds) -> float | None:
    start = time.perf_counter()
    try:
        check_contract(rules, number, melds)
    except RulesError:  # more cards, copies or jokers than the variant's decks hold
        return None
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--variants", type=int, default=300)
    parser.add_argument("--laydowns", type=int, default=20)
    parser.add_argument("--climb", type=int, default=40)
    parser.add_argument("--seed", type=int, default=39)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    deuces = random.Random(f"deuces-{args.seed}")
    times: list[float] = []
    slowest: list[tuple[float, object, int, list[list[Card]]]] = []
    for n in range(args.variants):
        try:
            rules = read_document(random_variant(rng, n, deuces))
        except RulesError:
            continue
        for number, hand in hands_of(rules, rng, args.laydowns // 2):
            melds = found_loosely(rules, number, hand)
            ms = None if melds is None else timed(rules, number, melds)
            if ms is not None:
                times.append(ms)
                slowest.append((ms, rules, number, melds))
        for _ in range(args.laydowns):
            rounds = range(1, len(rules.contracts) + 1)
            most = max(rounds, key=lambda k: len(contract_for(rules, k).requirements))
            number = most if rng.random() < 0.5 else rng.choice(rounds)
            melds = a_lay_down(rng, rules, number)
            ms = timed(rules, number, melds)
            if ms is not None:
                times.append(ms)
                slowest.append((ms, rules, number, melds))
    slowest.sort(key=lambda item: item[0], reverse=True)
    worst = slowest[0]
    for ms, rules, number, melds in slowest[:20]:  # climb from the slowest twenty
        for _ in range(args.climb):
            trial = mutated(rng, melds)
            took = timed(rules, number, trial)
            if took is not None and took >= ms:
                ms, melds = took, trial
        if ms > worst[0]:
            worst = (ms, rules, number, melds)
    ms, rules, number, melds = worst
    again = [timed(rules, number, melds) or 0.0 for _ in range(15)]
    print(f"lay-downs: {len(times)}, median {statistics.median(times):.2f} ms")
    print(
        f"worst after climbing: {ms:.1f} ms; 15 times more: median {statistics.median(again):.1f} ms"
    )
    shown = " | ".join(" ".join(format_card(c) for c in m) for m in melds)
    print(f"worst input: {rules.slug} round {number}: {shown}")


if __name__ == "__main__":
    main()
