"""The finder's work budget against any variant a table may write.

Run: .venv/bin/python bench/solver_variants.py [--variants 300] [--hands 40] [--seed 39]
Makes random variant documents (rounds of 1 to 8 melds of 2 to 15 cards, a third of them with
up to three other ways to meet the contract, runs of one suit, any suits, one colour or
alternating colours for the game or a round, 1 to 20 cards dealt,
buying, every ace and joker rule, wild deuces (every one, black or red), 1 to 4 decks), keeps those the engine accepts, and times
the finder on real and hard hands of each with the production budget. Prints how many it
decided (and how many the card-by-card search alone decided in its former budget, before
the search by shapes), the median and worst time, and the worst input (target: worst <= 100
ms).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules_engine import Card, RulesError, SearchTooLarge, get_rules  # noqa: E402
from rules_engine.card_search import search_cards as _search  # noqa: E402
from rules_engine.cards import SUITS, format_card  # noqa: E402
from rules_engine.catalogue import (  # noqa: E402
    cards_dealt,
    contract_for,
    decks_and_jokers,
    round_rules,
)
from rules_engine.limits import Budget, check_hand, hand_limits  # noqa: E402
from rules_engine.playable import read_document  # noqa: E402
from rules_engine.program import load_highs  # noqa: E402
from rules_engine.run_suits import one_suit_rules, renamed  # noqa: E402
from rules_engine.solver import solve_contract  # noqa: E402

ALONE_NODES = 3_500  # the card-by-card search's budget before the search by shapes came
from rules_engine.variant_writer import document  # noqa: E402

ACES = ("low_or_high", "round_the_corner", "low", "high")
RUNS = ("one_suit", "any_suit", "one_colour", "alternating_colours")


def random_melds(rng: random.Random, extra: int, run_min: int = 3) -> tuple[list[dict], int]:
    """A contract's melds (no more than a contract asks, nor cards than a hand holds, no run
    shorter than a run may be) and the cards they need."""
    melds: list[dict] = []
    total, cards_laid = 0, 0
    for _ in range(rng.randint(1, 4)):
        kind = rng.choice(("set", "run"))
        size = rng.randint(3, 6) if kind == "set" else rng.randint(run_min, 9)
        count = rng.randint(1, 3)
        if total + count > 8 or cards_laid + size * count > 21 + extra:
            break
        total += count
        cards_laid += size * count
        melds.append({kind: size, "count": count})
    return melds or [{"set": 3}], max(cards_laid, 3)


def random_variant(rng: random.Random, n: int, deuces: random.Random | None = None) -> dict:
    """A variant document; `deuces` (a stream of its own, so that the variants drawn from
    `rng` stay those of earlier runs) makes some of them play wild deuces."""
    doc = document(get_rules(rng.choice(("liverpool", "shanghai", "carioca", "continental"))))
    doc = {**doc, "slug": f"bench-{n}", "name": {"en": f"Bench {n}"}}
    rounds = []
    extra = rng.randint(0, 10)
    run_min = rng.randint(3, 4)
    for _ in range(rng.randint(1, 12)):
        melds, needs = random_melds(rng, extra, run_min)
        cards = max(1, min(20, needs - 1 - rng.randint(0, extra) + rng.randint(0, 3)))
        round_ = {"cards": cards, "contract": melds, "lay_all_cards": rng.random() < 0.2}
        if rng.random() < 0.3:  # other ways to meet it (issue 39): one shared budget
            round_["alternatives"] = [
                random_melds(rng, extra, run_min)[0] for _ in range(rng.randint(1, 3))
            ]
        if rng.random() < 0.15:  # this round's runs mix suits, or keep to one
            round_["runs"] = rng.choice(RUNS)
        rounds.append(round_)
    doc["rounds"] = rounds
    melds = {
        "set_min": 3,
        "run_min": run_min,
        "aces": rng.choice(ACES),
        "jokers_at_most_naturals": rng.random() < 0.3,
        "jokers_side_by_side": rng.random() < 0.7,
        "runs": rng.choice(RUNS) if rng.random() < 0.4 else "one_suit",
    }
    if deuces is not None and deuces.random() < 0.3:
        melds["wild_deuces"] = deuces.choice(("all", "black", "red"))
    if rng.random() < 0.4:
        melds["joker_limits"] = [{"from_size": 1, "most": rng.randint(0, 3)}]
    doc["melds"] = melds
    decks = rng.randint(1, 4)
    doc["players"] = [2, rng.randint(2, 4)]
    doc["deal"] = {
        "extra_cards": extra,
        "jokers_per_deck": rng.randint(0, 2),
        "decks": [{"players": [2, 8], "decks": decks}],
    }
    doc["lay_down"] = {
        "exact": rng.random() < 0.3,
        "no_contiguous_runs": rng.random() < 0.5,
        "same_rank_sets_count_once": rng.random() < 0.3,
    }
    if rng.random() < 0.3:
        doc["lay_down"]["jokers_most"] = rng.randint(1, 4)
    return doc


def hands_of(rules, rng: random.Random, count: int):
    """(round, hand): dealt hands with the buys, and hard ones (every joker, one suit)."""
    limits = hand_limits(rules)
    for _ in range(count):
        n = rng.randint(1, len(rules.contracts))
        decks, jokers = decks_and_jokers(rules, 2, n)
        pack = [Card(r, s) for _ in range(decks) for s in SUITS for r in range(1, 14)]
        pack += [Card(0)] * jokers
        held = cards_dealt(rules, n) + 1
        if not rules.contracts[n - 1].lay_all_cards:
            held += rng.randint(0, rules.extra_cards_allowance)
        if rng.random() < 0.5:
            hand = rng.sample(pack, min(held, len(pack)))
        else:  # hard: every joker beside a long stretch of one suit, with repeats
            suit = rng.choice(SUITS)
            stretch = [Card(r, suit) for r in range(1, 14)] * limits.copies
            rng.shuffle(stretch)
            hand = ([Card(0)] * jokers + stretch)[:held]
        try:
            check_hand(rules, hand)
        except RulesError:
            continue
        yield n, hand


def deuce_bombs(variants, rng: random.Random) -> list[tuple[float, bool]]:
    """(ms, decided) for a hand of every wild deuce and joker the decks hold, and real cards
    to the most a hand holds, in each round of each variant with wild deuces: the most ways
    to play deuces the finder can be given (four decks: 625)."""
    out = []
    for rules in variants:
        limits = hand_limits(rules)
        for n in range(1, len(rules.contracts) + 1):
            decks, jokers = decks_and_jokers(rules, 2, n)
            wild = [Card(2, s) for s in rules.meld_rules.wild_deuces for _ in range(decks)]
            others = [Card(r, s) for s in SUITS for r in range(3, 14) for _ in range(decks)]
            held = cards_dealt(rules, n) + 1
            if not rules.contracts[n - 1].lay_all_cards:
                held = limits.cards
            hand = (wild + [Card(0)] * jokers + rng.sample(others, held))[:held]
            start = time.perf_counter()
            try:
                solve_contract(rules, n, hand)
                decided = True
            except SearchTooLarge:
                decided = False
            except RulesError:
                continue
            out.append(((time.perf_counter() - start) * 1000, decided))
    return out


def decided_alone(rules, number: int, hand) -> bool:
    """Whether the card-by-card search alone decides the hand in its former budget (the
    finder before the search by shapes), for the figure before and after."""
    rules = round_rules(rules, number)
    hand = [Card(0) if c.is_joker else c for c in hand]
    if rules.meld_rules.run_suits != "one_suit":
        hand = [renamed(c, rules.meld_rules) for c in hand]
        rules = one_suit_rules(rules)
    budget = Budget(ALONE_NODES)
    try:
        for way in contract_for(rules, number).ways():
            if _search(rules, way, hand, budget) is not None:
                return True
    except SearchTooLarge:
        return False
    return True


def main() -> None:
    # The last resort's solver loaded first, as a server loads it before its workers fork
    # (scorekeeper/web/warm.py): its import is no hand's time.
    load_highs()
    parser = argparse.ArgumentParser()
    parser.add_argument("--variants", type=int, default=300)
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--seed", type=int, default=39)
    parser.add_argument("--no-wild-deuces", action="store_true", help="the variants of before")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    deuces = None if args.no_wild_deuces else random.Random(f"deuces-{args.seed}")
    wild_hands = wild_undecided = 0
    wild_variants = []
    accepted = refused = 0
    times: list[float] = []
    undecided = alone_undecided = 0
    worst = (0.0, "", 0, [])
    worst_rules = None
    for n in range(args.variants):
        try:
            rules = read_document(random_variant(rng, n, deuces))
        except RulesError:
            refused += 1
            continue
        accepted += 1
        if rules.meld_rules.wild_deuces:
            wild_variants.append(rules)
        for number, hand in hands_of(rules, rng, args.hands):
            start = time.perf_counter()
            try:
                solve_contract(rules, number, hand)
            except SearchTooLarge:
                undecided += 1
                wild_undecided += bool(rules.meld_rules.wild_deuces)
            wild_hands += bool(rules.meld_rules.wild_deuces)
            ms = (time.perf_counter() - start) * 1000
            times.append(ms)
            alone_undecided += not decided_alone(rules, number, hand)
            if ms > worst[0]:
                worst = (ms, rules.slug, number, hand)
                worst_rules = rules
    bombs = deuce_bombs(wild_variants, random.Random(f"bombs-{args.seed}"))
    print(f"variants: {accepted} accepted, {refused} refused as unplayable")
    print(
        f"hands: {len(times)}, decided {len(times) - undecided}, too many possibilities {undecided}"
    )
    print(f"of them with wild deuces: {wild_hands}, too many possibilities {wild_undecided}")
    print(
        f"the card search alone ({ALONE_NODES:,} nodes): too many possibilities {alone_undecided}"
    )
    print(f"median {statistics.median(times):.3f} ms, max {max(times):.1f} ms (target <= 100 ms)")
    ms, slug, number, hand = worst
    print(f"worst: {ms:.1f} ms, {slug} round {number}: {' '.join(format_card(c) for c in hand)}")
    times_b = [ms for ms, _ in bombs]
    print(
        f"every wild deuce and joker in one hand: {len(bombs)} hands, too many possibilities "
        f"{sum(not decided for _, decided in bombs)}, max {max(times_b, default=0):.1f} ms"
    )
    # One run's time includes what the machine did meanwhile: the worst input again, 15 times.
    again = []
    for _ in range(15):
        start = time.perf_counter()
        try:
            solve_contract(worst_rules, number, hand)
        except SearchTooLarge:
            pass
        again.append((time.perf_counter() - start) * 1000)
    print(
        f"the worst input 15 times: median {statistics.median(again):.1f} ms, max {max(again):.1f} ms"
    )


if __name__ == "__main__":
    main()
