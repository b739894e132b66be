"""Lay-down finder timings: a fixed seeded corpus per system plus adversarial hands.

Run: .venv/bin/python bench/solver.py [--hands 10000] [--climb 300]
Prints median and max milliseconds per system (target median < 1 ms, max < 50 ms), the
search nodes real hands need against the budget, then an adversarial search: hill climbing
over hands within the accepted limits (size, copies, jokers) towards the most nodes, and
the worst accepted input's time and peak memory (targets <= 100 ms, <= 50 MB).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules_engine import SYSTEMS, Card, SearchTooLarge, get_rules
from rules_engine.cards import SUITS, format_card  # noqa: E402
from rules_engine.catalogue import cards_dealt, decks_and_jokers
from rules_engine.errors import HandTooLarge  # noqa: E402
from rules_engine.limits import (
    CONTRACT_NODES,
    OPENING_NODES,
    ROMI_NODES,
    Budget,
    check_hand,  # noqa: E402
    hand_limits,
)
from rules_engine.romi import ValueCard, check_romi_contract, parse_requirements  # noqa: E402
from rules_engine.solver import solve_contract
from rules_engine.solver_opening import solve_opening

# Every system played in contracts: the three seeds and the presets.
CONTRACT_SYSTEMS = tuple(slug for slug, rules in SYSTEMS.items() if rules.contracts)
ROMI_CONTRACTS = [
    "pair",
    "pair+pair",
    "three",
    "run3",
    "run4",
    "run5",
    "pair+run3",
    "three+run3",
    "four",
    "five",
    "pair:4+pair:2",
    "pair+three",
    "run3+run3",
]


def deck(slug: str, players: int, round_number: int) -> list[Card]:
    decks, jokers = decks_and_jokers(get_rules(slug), players, round_number)
    cards = [Card(r, s) for _ in range(decks) for s in SUITS for r in range(1, 14)]
    return cards + [Card(0)] * jokers


def adversarial(slug: str, rng: random.Random) -> list[tuple[int, list[Card]]]:
    """Hands built to make the search work: many jokers, long same-suit stretches, duplicates."""
    rules = get_rules(slug)
    rounds = range(1, max(len(rules.contracts), 1) + 1)
    size = 13 if slug == "rami-51" else 14
    hands = []
    for n in rounds:
        # One suit, a pair and a joker (issue 39: Liverpool's round 7 once gave up on it).
        hands.append(
            (n, [Card(r, "H") for r in (12, 5, 11, 10, 5, 1, 7, 6, 9, 13, 8, 2)] + [Card(0)])
        )
        hands.append((n, [Card(0)] * 4 + [Card(r, "H") for r in range(2, 2 + size - 4)]))
        hands.append((n, [Card(0)] * 6 + [Card(r, s) for r in (5, 6, 7, 8) for s in "SH"]))
        hands.append((n, [Card(r, "S") for r in range(1, 8)] * 2))
        hands.append(
            (
                n,
                [Card(0)] * 5
                + [Card(rng.randint(1, 13), rng.choice(SUITS)) for _ in range(size - 5)],
            )
        )
        hands.append(
            (
                n,
                [Card(0)] * 8
                + [
                    Card(2, "C"),
                    Card(9, "D"),
                    Card(13, "S"),
                    Card(5, "H"),
                    Card(7, "C"),
                    Card(11, "D"),
                ],
            )
        )
    return hands


def time_one(fn, *args, **kwargs) -> float:
    start = time.perf_counter()
    try:
        fn(*args, **kwargs)
    except (HandTooLarge, SearchTooLarge):
        pass  # refused or undecided: the time to say so is what a user waits
    return (time.perf_counter() - start) * 1000


def bench_contracts(slug: str, hands: int, rng: random.Random):
    rules = get_rules(slug)
    random_times, hard_times = [], []
    for _ in range(hands):
        n = rng.randint(1, len(rules.contracts))
        players = rng.randint(*rules.players)
        hand = rng.sample(deck(slug, players, n), cards_dealt(rules, n) + 1)
        random_times.append(time_one(solve_contract, rules, n, hand))
    for n, hand in adversarial(slug, rng):
        hand = hand[: cards_dealt(rules, n) + 1] if rules.contracts[n - 1].lay_all_cards else hand
        hard_times.append(time_one(solve_contract, rules, n, hand))
    return random_times, hard_times


def bench_opening(hands: int, rng: random.Random):
    rules = get_rules("rami-51")
    cards = deck("rami-51", 4, 1)
    random_times = [time_one(solve_opening, rules, rng.sample(cards, 14)) for _ in range(hands)]
    hard_times = [time_one(solve_opening, rules, h) for _, h in adversarial("rami-51", rng)]
    return random_times, hard_times


def bench_romi(hands: int, rng: random.Random):
    cards = [ValueCard(v, c) for v in range(1, 6) for c in "HDCY"] * 5
    random_times = []
    for _ in range(hands):
        reqs = parse_requirements(rng.choice(ROMI_CONTRACTS))
        hand = rng.sample(cards, 10)
        random_times.append(time_one(check_romi_contract, reqs, hand, joker=True, bonus="H"))
    hard = [ValueCard(v, c) for v in (2, 3, 4) for c in "HDCY"][:10]
    hard_times = [
        time_one(
            lambda r=r: check_romi_contract(parse_requirements(r), hard, joker=True, bonus="H")
        )
        for r in ROMI_CONTRACTS
    ]
    return random_times, hard_times


UNLIMITED = 10**9


def budget_of(slug: str) -> int:
    rules = get_rules(slug)
    if rules.romi is not None:
        return ROMI_NODES
    return OPENING_NODES if rules.opening is not None else CONTRACT_NODES


def nodes_needed(slug: str, round_number: int, hand, cap: int = UNLIMITED) -> int:
    """Search nodes the finder explores for this input (SearchTooLarge past `cap`)."""
    budget = Budget(cap)
    rules = get_rules(slug)
    if slug == "romi-rami":
        reqs, cards = hand
        check_romi_contract(reqs, cards, joker=True, bonus="H", budget=budget)
    elif rules.opening is not None:
        solve_opening(rules, hand, budget=budget)
    else:
        solve_contract(rules, round_number, hand, budget=budget)
    return budget.used


def real_hands(slug: str, count: int, rng: random.Random):
    """(round, hand) as tables deal them: the same corpus the timings use."""
    rules = get_rules(slug)
    if slug == "romi-rami":
        cards = [ValueCard(v, c) for v in range(1, 6) for c in "HDCY"] * 5
        limit = rules.romi.most_held
        for _ in range(count):
            yield 0, (parse_requirements(rng.choice(ROMI_CONTRACTS)), rng.sample(cards, limit))
        return
    for _ in range(count):
        n = rng.randint(1, len(rules.contracts)) if rules.contracts else 1
        players = rng.randint(*rules.players)
        held = cards_dealt(rules, n) + 1
        yield n, rng.sample(deck(slug, players, n), held)


# Hill climbing: mutate the worst hand so far, keep a mutant when it needs more nodes.
def _mutate_cards(slug: str, hand: list, rng: random.Random) -> list:
    return mutate_hand(get_rules(slug), hand, rng)


def mutate_hand(rules, hand: list, rng: random.Random) -> list:
    """One mutation of a hand, kept within what that table's hands may hold ([] if not)."""
    limits = hand_limits(rules)
    hand = list(hand)
    move = rng.random()
    natural = Card(rng.randint(1, 13), rng.choice(SUITS))
    if move < 0.3 and len(hand) < limits.cards:
        hand.append(natural if rng.random() < 0.7 else Card(0))
    elif move < 0.45 and len(hand) > 4:
        hand.pop(rng.randrange(len(hand)))
    elif move < 0.6 and hand:  # a neighbour of a card held: long same-suit stretches
        base = rng.choice([c for c in hand if not c.is_joker] or [natural])
        hand[rng.randrange(len(hand))] = Card(
            max(1, min(13, base.rank + rng.choice((-1, 1)))), base.suit
        )
    elif move < 0.75 and hand:  # a duplicate of a card held
        hand[rng.randrange(len(hand))] = rng.choice(hand)
    elif hand:
        hand[rng.randrange(len(hand))] = natural if rng.random() < 0.8 else Card(0)
    try:
        check_hand(rules, hand)
    except HandTooLarge:
        return []
    return hand


def _mutate_romi(item, rng: random.Random):
    reqs, cards = item
    cards = list(cards)
    if rng.random() < 0.2:
        reqs = parse_requirements("+".join(rng.choice(ROMI_HARD) for _ in range(rng.randint(1, 3))))
    elif len(cards) < 13 and rng.random() < 0.3:
        cards.append(ValueCard(rng.randint(1, 5), rng.choice("HDCY")))
    elif cards:
        cards[rng.randrange(len(cards))] = ValueCard(rng.randint(1, 5), rng.choice("HDCY"))
    return reqs, cards


ROMI_HARD = ["run3", "run4", "run5", "pair", "three", "four", "five"]


def climb(slug: str, steps: int, rng: random.Random):
    """The input needing the most nodes found from the seeds and `steps` mutations each."""
    rules = get_rules(slug)
    if slug == "romi-rami":
        values = [ValueCard(v, c) for v in range(1, 6) for c in "HDCY"]
        seeds = [
            (0, (parse_requirements(r), values[:13]))
            for r in (
                "run5+run5+run5",
                "run4+run4+run4",
                "run3+run3+run3",
                "pair+pair+pair",
                "three+run5+run4",
            )
        ]
    else:
        limits = hand_limits(rules)
        rounds = range(1, len(rules.contracts) + 1) if rules.contracts else (1,)

        def most(n: int) -> int:
            lay_all = rules.contracts and rules.contracts[n - 1].lay_all_cards
            return cards_dealt(rules, n) + 1 if lay_all else limits.cards

        # Every joker the system has beside long same-suit stretches, in every round...
        jokers = [Card(0)] * limits.jokers
        stretch = [Card(r, s) for s in SUITS[:2] for r in range(1, 14)] * limits.copies
        seeds = [(n, (jokers + stretch)[: most(n)]) for n in rounds]
        # ...and a sample of the hand-made hard hands, cut to what the limits accept.
        hard = adversarial(slug, rng)
        for n, hand in rng.sample(hard, min(8, len(hard))):
            n = n if rules.contracts else 1
            fitting = [c for c in hand if c.is_joker][: limits.jokers] + [
                c for c in hand if not c.is_joker
            ]
            fitting = fitting[: most(n)]
            try:
                check_hand(rules, fitting)
            except HandTooLarge:
                continue
            seeds.append((n, fitting))
    worst = (0, None, None)
    for n, item in seeds:
        best_item, best_nodes = item, _nodes_or_max(slug, n, item)
        for _ in range(steps):
            if slug == "romi-rami":
                mutant = _mutate_romi(best_item, rng)
            else:
                mutant = _mutate_cards(slug, best_item, rng)
                if rules.contracts and rules.contracts[n - 1].lay_all_cards:
                    mutant = mutant if len(mutant) == cards_dealt(rules, n) + 1 else []
            if not mutant:
                continue
            nodes = _nodes_or_max(slug, n, mutant)
            if nodes >= best_nodes:
                best_item, best_nodes = mutant, nodes
        if best_nodes > worst[0]:
            worst = (best_nodes, n, best_item)
    return worst


def _nodes_or_max(slug, n, item) -> int:
    """Nodes needed, up to twice the budget (past it every input costs the budget alike)."""
    cap = 2 * budget_of(slug)
    try:
        return nodes_needed(slug, n, item, cap)
    except SearchTooLarge:
        return cap
    except HandTooLarge:
        return 0


def _run_with_budget(slug: str, n: int, item) -> str:
    rules = get_rules(slug)
    try:
        if slug == "romi-rami":
            check_romi_contract(item[0], item[1], joker=True, bonus="H")
        elif rules.opening is not None:
            solve_opening(rules, item)
        else:
            solve_contract(rules, n, item)
    except SearchTooLarge:
        return "too many possibilities"
    return "decided"


def timed_with_budget(slug: str, n: int, item) -> tuple[float, float, str]:
    """(ms, peak MB, outcome) of one call with the production budget.

    Time and memory come from separate runs: tracing allocations slows Python down.
    """
    start = time.perf_counter()
    outcome = _run_with_budget(slug, n, item)
    elapsed = (time.perf_counter() - start) * 1000
    tracemalloc.start()
    _run_with_budget(slug, n, item)
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    return elapsed, peak, outcome


def show(slug: str, item) -> str:
    if slug == "romi-rami":
        reqs, cards = item
        return "+".join(r.notation for r in reqs) + ": " + " ".join(map(str, cards))
    return " ".join(format_card(c) for c in item)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--climb", type=int, default=300, help="mutations per adversarial seed")
    parser.add_argument("--seed", type=int, default=20261122)
    args = parser.parse_args()
    print(
        f"{'system':17} {'hands':>6} {'median ms':>10} {'max ms':>8} | {'hard':>4} {'median ms':>10} {'max ms':>8}"
    )
    worst = 0.0
    for slug in (*CONTRACT_SYSTEMS, "rami-51", "romi-rami"):
        rng = random.Random(f"{args.seed}-{slug}")
        if slug in CONTRACT_SYSTEMS:
            rand, hard = bench_contracts(slug, args.hands, rng)
        elif slug == "rami-51":
            rand, hard = bench_opening(args.hands, rng)
        else:
            rand, hard = bench_romi(args.hands, rng)
        worst = max(worst, max(rand), max(hard))
        print(
            f"{slug:17} {len(rand):>6} {statistics.median(rand):>10.3f} {max(rand):>8.2f} | "
            f"{len(hard):>4} {statistics.median(hard):>10.3f} {max(hard):>8.2f}"
        )
    print(f"worst case over everything: {worst:.2f} ms (target < 50 ms)")
    print("\nsearch nodes that real hands need:")
    print(f"{'system':17} {'real hands':>10} {'max nodes':>10} {'budget':>8} {'over budget':>12}")
    for slug in (*CONTRACT_SYSTEMS, "rami-51", "romi-rami"):
        rng = random.Random(f"{args.seed}-nodes-{slug}")
        needed = [nodes_needed(slug, n, h) for n, h in real_hands(slug, args.hands, rng)]
        budget = budget_of(slug)
        over = sum(x > budget for x in needed)
        print(f"{slug:17} {len(needed):>10} {max(needed):>10,} {budget:>8,} {over:>12}")
    print(f"\nadversarial search ({args.climb} mutations per seed, within the accepted limits):")
    print(f"{'system':17} {'nodes':>12} {'ms':>8} {'peak MB':>8}  outcome; input")
    worst_ms = worst_mb = 0.0
    for slug in (*CONTRACT_SYSTEMS, "rami-51", "romi-rami"):
        rng = random.Random(f"{args.seed}-climb-{slug}")
        nodes, n, item = climb(slug, args.climb, rng)
        ms, mb, outcome = max(timed_with_budget(slug, n, item) for _ in range(3))
        worst_ms, worst_mb = max(worst_ms, ms), max(worst_mb, mb)
        where = f"round {n}: " if get_rules(slug).contracts else ""
        print(f"{slug:17} {nodes:>12,} {ms:>8.1f} {mb:>8.1f}  {outcome}; {where}{show(slug, item)}")
    print(
        f"worst accepted input: {worst_ms:.1f} ms, {worst_mb:.1f} MB (targets <= 100 ms, <= 50 MB)"
    )


if __name__ == "__main__":
    main()
