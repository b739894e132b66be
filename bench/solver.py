"""Lay-down finder timings: a fixed seeded corpus per system plus adversarial hands.

Run: .venv/bin/python bench/solver.py [--hands 10000]
Prints median and max milliseconds per system; target median < 1 ms, max < 50 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules_engine import (
    Card,
    cards_dealt,
    decks_and_jokers,
    get_rules,
    solve_contract,
    solve_opening,
)  # noqa: E402
from rules_engine.cards import SUITS  # noqa: E402
from rules_engine.romi import ValueCard, check_romi_contract, parse_requirements  # noqa: E402

CONTRACT_SYSTEMS = ("rami-contrat", "liverpool", "rami-contrat-13")
ROMI_CONTRACTS = ["pair", "pair+pair", "three", "run3", "run4", "run5", "pair+run3", "three+run3",
                  "four", "five", "pair:4+pair:2", "pair+three", "run3+run3"]  # fmt: skip


def deck(slug: str, players: int, round_number: int) -> list[Card]:
    decks, jokers = decks_and_jokers(get_rules(slug), players, round_number)
    cards = [Card(r, s) for _ in range(decks) for s in SUITS for r in range(1, 14)]
    return cards + [Card(0)] * jokers


def adversarial(slug: str, rng: random.Random) -> list[tuple[int, list[Card]]]:
    """Hands built to make the search work: many jokers, long same-suit stretches, duplicates."""
    rounds = range(1, 8)
    size = 13 if slug == "rami-51" else 14
    hands = []
    for n in rounds:
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
    fn(*args, **kwargs)
    return (time.perf_counter() - start) * 1000


def bench_contracts(slug: str, hands: int, rng: random.Random):
    rules = get_rules(slug)
    random_times, hard_times = [], []
    for _ in range(hands):
        n = rng.randint(1, 7)
        players = rng.randint(*rules.players) if slug != "rami-contrat" else rng.randint(3, 5)
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
    hard_times = [time_one(lambda r=r: check_romi_contract(parse_requirements(r), hard, joker=True, bonus="H"))
                  for r in ROMI_CONTRACTS]  # fmt: skip
    return random_times, hard_times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=10_000)
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
        print(f"{slug:17} {len(rand):>6} {statistics.median(rand):>10.3f} {max(rand):>8.2f} | "
              f"{len(hard):>4} {statistics.median(hard):>10.3f} {max(hard):>8.2f}")  # fmt: skip
    print(f"worst case over everything: {worst:.2f} ms (target < 50 ms)")


if __name__ == "__main__":
    main()
