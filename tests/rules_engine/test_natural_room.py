"""Before any search, the finder counts what the hand's natural cards can hold: a set holds
its naturals in one rank, a run at as many ranks of one suit, and each meld at least its
size less the jokers it may hold. A way of the contract the naturals cannot hold is not
searched, and a hand none of whose ways they can hold is answered at once."""

import random
from dataclasses import replace

from rules_engine import get_rules, parse_cards
from rules_engine.card_search import search_cards
from rules_engine.catalogue import contract_for, round_rules
from rules_engine.limits import Budget
from rules_engine.natural_room import fewest_naturals, short_of_naturals
from rules_engine.playable import read_document
from rules_engine.run_suits import one_suit_rules, renamed
from rules_engine.solver import solve_contract
from rules_engine.systems import Contract, Requirement
from rules_engine.variant_writer import document


def one_round(contract, melds=None, lay_down=None, decks=4):
    """A house game of one round of 14 cards, four decks of two jokers."""
    doc = document(get_rules("liverpool"))
    doc |= {"slug": "naturals", "name": {"en": "Naturals"}, "players": [2, 4]}
    doc["rounds"] = [{"cards": 14, "contract": contract}]
    doc["melds"] = {"set_min": 3, "run_min": 3} | (melds or {})
    doc["lay_down"] = lay_down or {}
    doc["deal"] = {
        "extra_cards": 10,
        "jokers_per_deck": 2,
        "decks": [{"players": [2, 8], "decks": decks}],
    }
    return round_rules(read_document(doc), 1)


def short(rules, hand):
    return short_of_naturals(rules, contract_for(rules, 1), parse_cards(hand))


def test_a_set_holding_no_more_jokers_than_naturals_needs_three_of_one_rank_for_five_cards():
    # Seen as the bench's slowest hand (seed 39): eight jokers and sixteen spades, no rank
    # three times, against contracts whose every way asks a set of 5 or 6. Every search
    # spent its budget before saying none: 90 ms.
    rules = one_round(
        [{"run": 9}, {"set": 6, "count": 2}],
        {"jokers_at_most_naturals": True},
    )
    pairs = "JK JK JK JK JK JK JK JK 5S 2S 7S JS 4S KS 6S KS 4S QS 6S 8S 3S 5S 2S QS"
    assert short(rules, pairs)
    assert not short(rules, pairs.replace("7S", "5S") + " 6S 4S")


def test_the_finder_refuses_a_way_no_rank_can_hold_and_says_why():
    rules = one_round([{"set": 5, "count": 2}], {"jokers_at_most_naturals": True})
    hand = parse_cards("JK JK JK JK JK JK 5S 5H 7S 7D 9C 9C KS")
    # No rank holds three naturals: the count refuses the one way, and the finder says
    # how many sets of 5 can be made.
    assert short_of_naturals(round_rules(rules, 1), contract_for(rules, 1), hand)
    solution = solve_contract(rules, 1, hand)
    assert not solution.found
    assert solution.reasons[0].code == "only_n_possible"
    assert solution.reasons[0].params["possible"] == 0


def test_a_meld_that_may_be_longer_needs_the_fewest_naturals_of_any_length():
    # One joker in a meld of 4, three from 5 cards on: a set of at least 4 holds two
    # naturals and three jokers; a set of exactly 4 holds three naturals.
    rules = one_round(
        [{"set": 4}],
        {"joker_limits": [{"from_size": 1, "most": 1}, {"from_size": 5, "most": 3}]},
    )
    meld = rules.meld_rules
    assert fewest_naturals(meld, Requirement("set", 4)) == 2
    assert fewest_naturals(meld, Requirement("set", 4, exact=True)) == 3


def test_a_run_whose_jokers_never_sit_side_by_side_holds_a_natural_at_every_other_card():
    apart = one_round([{"run": 5}], {"jokers_side_by_side": False}).meld_rules
    beside = one_round([{"run": 5}]).meld_rules
    assert fewest_naturals(apart, Requirement("run", 5, exact=True)) == 2
    assert fewest_naturals(beside, Requirement("run", 5, exact=True)) == 1


def test_a_run_holds_its_naturals_at_as_many_ranks_of_its_suit():
    rules = one_round([{"run": 4}], {"jokers_at_most_naturals": True})
    assert short(rules, "5H 5H JK JK JK")  # two naturals, one rank
    assert not short(rules, "5H 6H JK JK JK")


def test_runs_of_any_suits_hold_naturals_of_every_suit():
    one_suit = one_round([{"run": 4}], {"jokers_at_most_naturals": True})
    any_suit = one_round([{"run": 4}], {"jokers_at_most_naturals": True, "runs": "any_suit"})
    assert short(one_suit, "5H 6S JK JK JK")
    assert not short(any_suit, "5H 6S JK JK JK")


def test_runs_hold_one_natural_of_a_rank_each():
    # Two runs of 4 holding two naturals each: 5-5-6-6 of hearts are enough, 5-5-5-6 not
    # (two runs take two 5s at most), though both are four naturals at two ranks.
    rules = one_round([{"run": 4, "count": 2}], {"jokers_at_most_naturals": True})
    assert not short(rules, "5H 5H 6H 6H JK JK JK JK")
    assert short(rules, "5H 5H 5H 6H JK JK JK JK")


def test_every_wild_deuce_beside_runs_of_any_suits_is_one_2_a_run():
    # Seen undecided on the bench (seed 47, bench-258 round 3): three exact runs of 8 of any
    # suits, each with 3 jokers at most, need 15 naturals; sixteen wild deuces and seven
    # other ranks give the three runs 3 deuces and 7 naturals.
    rules = _three_runs_of_8_of_any_suits()
    hand = "2S 2S 2S 2S 2H 2H 2H 2H 2D 2D 2D 2D 2C 2C 2C 2C JK JK JK JK JH 8C 4H QS KH 7S 9C"
    assert short(rules, hand)


def _three_runs_of_8_of_any_suits():
    return one_round(
        [{"run": 8, "count": 3}],
        {
            "aces": "round_the_corner",
            "runs": "any_suit",
            "wild_deuces": "all",
            "joker_limits": [{"from_size": 1, "most": 3}],
        },
        {"exact": True},
    )


def test_two_sets_of_one_rank_counting_once_need_as_many_ranks():
    sets = [{"set": 3, "count": 2}]
    once = one_round(sets, lay_down={"same_rank_sets_count_once": True})
    twice = one_round(sets)
    six_sevens = "7H 7H 7S 7S 7D 7D JK"
    assert short(once, six_sevens)
    assert not short(twice, six_sevens)


def test_every_meld_together_needs_no_more_naturals_than_the_hand_holds():
    # A set of 3 and a run of 4 each hold two naturals: three naturals are too few,
    # though each meld alone could be made.
    rules = one_round([{"set": 3}, {"run": 4}], {"jokers_at_most_naturals": True})
    assert short(rules, "7H 7S 8H JK JK JK JK")
    assert not short(rules, "7H 7S 8H 9H JK JK JK")


def test_a_way_the_naturals_cannot_hold_has_no_lay_down():
    # Against the card search, which is exact: random hands of few naturals and many
    # jokers under every joker rule, each way the count refuses is one it cannot lay.
    rng = random.Random("natural-room")
    refused = 0
    for trial in range(300):
        melds = {
            "jokers_at_most_naturals": rng.random() < 0.5,
            "jokers_side_by_side": rng.random() < 0.5,
            "runs": rng.choice(("one_suit", "any_suit", "one_colour")),
        }
        if rng.random() < 0.4:
            melds["joker_limits"] = [{"from_size": 1, "most": rng.randint(1, 3)}]
        contract = [
            {rng.choice(("set", "run")): rng.randint(3, 5)} for _ in range(rng.randint(1, 3))
        ]
        rules = one_round(contract, melds)
        pack = [f"{r}{s}" for r in "A23456789TJQK" for s in "SHDC"] * 2
        hand = parse_cards(" ".join(rng.sample(pack, rng.randint(2, 8)) + ["JK"] * 8))
        way = contract_for(rules, 1)
        if not short_of_naturals(rules, way, hand):
            continue
        refused += 1
        searched = rules
        if rules.meld_rules.run_suits != "one_suit":
            searched = one_suit_rules(rules)
            hand = [renamed(c, rules.meld_rules) for c in hand]
        assert search_cards(searched, way, hand, Budget(10**6)) is None, (trial, contract, hand)
    assert refused > 50


def test_a_contract_the_naturals_can_hold_is_still_searched():
    rules = one_round([{"set": 3}, {"run": 4}], {"jokers_at_most_naturals": True})
    way = Contract((Requirement("set", 3), Requirement("run", 4)))
    hand = parse_cards("7H 7S 8H 9H JK JK JK")
    assert not short_of_naturals(rules, way, hand)
    assert solve_contract(rules, 1, hand).found


def every_card(contract, cards, melds=None, extra=0, decks=3):
    """A house game of one round laying every card (`cards` dealt and one drawn; with
    `extra` cards more, a hand of just the cards the melds need, which the finder reads as
    laying every card too)."""
    doc = document(get_rules("liverpool"))
    doc |= {"slug": "every-card", "name": {"en": "Every card"}, "players": [2, 4]}
    doc["rounds"] = [{"cards": cards, "contract": contract, "lay_all_cards": not extra}]
    doc["melds"] = {"set_min": 3, "run_min": 3} | (melds or {})
    doc["lay_down"] = {}
    deal = [{"players": [2, 8], "decks": decks}]
    doc["deal"] = {"extra_cards": extra, "jokers_per_deck": 2, "decks": deal}
    return read_document(doc)


def refused(rules, hand):
    every = replace(contract_for(rules, 1), lay_all_cards=True)
    return short_of_naturals(round_rules(rules, 1), every, parse_cards(hand))


def test_runs_laying_every_card_need_a_run_over_each_natural_of_a_rank():
    rules = every_card([{"run": 3, "count": 2}], 5)
    assert refused(rules, "5S 5S 5S 6S 7S JK")  # three fives, two runs
    assert not solve_contract(rules, 1, parse_cards("5S 5S 5S 6S 7S JK")).found
    assert not refused(rules, "5S 5S 6S 6S 7S JK")
    assert solve_contract(rules, 1, parse_cards("5S 5S 6S 6S 7S JK")).found


def test_two_ranks_no_run_spans_need_a_run_each():
    # No run of 3 reaches from the 5 to the 9: four runs are needed where two are laid.
    rules = every_card([{"run": 3, "count": 2}], 5)
    assert refused(rules, "5S 5S 9S 9S JK JK")
    assert not solve_contract(rules, 1, parse_cards("5S 5S 9S 9S JK JK")).found
    assert not refused(rules, "5S 5S 7S 7S JK JK")  # 5-6-7 twice
    assert solve_contract(rules, 1, parse_cards("5S 5S 7S 7S JK JK")).found


def test_round_the_corner_two_ranks_are_as_far_apart_as_the_shorter_way_round():
    # Seen undecided on the bench (seed 39): five exact runs round the corner laying every
    # card, four eights and two aces. A run of 6 over an eight never reaches the ace (seven
    # ranks either way), so eights and aces need six runs: 115,405 states walked to say so.
    rules = every_card(
        [{"run": 6, "count": 2, "exact": True}, {"run": 5, "count": 3, "exact": True}],
        20,
        {"aces": "round_the_corner"},
        extra=6,
        decks=4,
    )
    hand = "JK JK JK JK 7D JD 9D 2D AD 4D QD 3D QD 6D 7D AD 5D KD TD 8D 8D 9D 2D 6D 5D 8D 8D"
    assert refused(rules, hand)
    assert not solve_contract(rules, 1, parse_cards(hand)).found
    # Q-K-A-2-3-4, 5 to 10, J-Q-K-A-2, 3 to 7 and 8 to Q, four cards of them jokers.
    laid = "JK JK JK JK QD QD KD AD AD 2D 2D 3D 3D 4D 4D 5D 5D 6D 6D 7D 7D 8D 9D TD TD JD JD"
    assert not refused(rules, laid)
    assert solve_contract(rules, 1, parse_cards(laid)).found


def test_each_suit_needs_its_own_runs():
    rules = every_card([{"run": 3, "count": 3}], 8)
    assert refused(rules, "5S 5S 6S 5H 5H 6H JK JK JK")  # two runs a suit: four
    assert not refused(rules, "5S 5S 6S 5H 6H 7H JK JK JK")


def test_a_wild_deuce_need_not_sit_at_the_two():
    # Every deuce wild: three deuces may be jokers anywhere, not naturals under one run.
    rules = every_card([{"run": 3, "count": 2}], 5, {"wild_deuces": "all"})
    hand = "2S 2S 2H 5S 6S 7S"
    assert not refused(rules, hand)
    assert solve_contract(rules, 1, parse_cards(hand)).found


def test_runs_laying_every_card_the_count_refuses_have_no_lay_down():
    # Against the card search, which is exact: random contracts of runs laying every card,
    # hands of one or two suits, aces low, high, both or round the corner.
    rng = random.Random("every-card")
    refused_here = 0
    for trial in range(400):
        contract = [{"run": rng.randint(3, 5), "count": rng.randint(1, 2)} for _ in range(2)]
        needed = sum(r["run"] * r["count"] for r in contract)
        aces = rng.choice(("low_or_high", "round_the_corner", "low", "high"))
        rules = every_card(contract, needed - 1, {"aces": aces})
        suits = rng.choice(("S", "SH"))
        jokers = rng.randint(0, 3)
        pack = [f"{r}{s}" for r in "A23456789TJQK" for s in suits] * 3
        hand = parse_cards(" ".join(rng.sample(pack, needed - jokers) + ["JK"] * jokers))
        played, way = round_rules(rules, 1), contract_for(rules, 1)
        if not short_of_naturals(played, way, hand):
            continue
        if short_of_naturals(played, replace(way, lay_all_cards=False), hand):
            continue  # refused by the count of naturals alone
        refused_here += 1
        assert search_cards(played, way, hand, Budget(10**6)) is None, (trial, contract, hand)
    assert refused_here > 50


def test_melds_needing_more_cards_than_the_hand_holds_are_not_searched():
    rules = one_round([{"run": 4}, {"set": 3}])
    assert short(rules, "JK JK 5S 6S 7S 9H") and not short(rules, "JK JK 5S 6S 7S 9H 9D")


def test_every_card_laid_in_melds_of_just_their_sizes_needs_as_many_cards_as_they_hold():
    # Seen on the bench (seed 43): every wild deuce and six jokers of three decks, with 7D
    # and KS, against three exact runs of 7 laying every card: 21 cards for a hand of 20.
    # The searches spent 49 ms to say none.
    rules = one_round([{"run": 7, "count": 3}], {"aces": "round_the_corner"}, {"exact": True})
    way = replace(contract_for(rules, 1), lay_all_cards=True)
    hand = parse_cards("2S 2S 2S 2H 2H 2H 2D 2D 2D 2C 2C 2C JK JK JK JK JK JK 7D KS")
    assert short_of_naturals(rules, way, hand)
    three_runs = parse_cards("AC 2C 3C 4C 5C 6C 7C 8D 9D 10D JD QD KD AD 5S 6S 7S 8S 9S 10S JS")
    assert not short_of_naturals(rules, way, three_runs)
    assert short_of_naturals(rules, way, three_runs[1:])
