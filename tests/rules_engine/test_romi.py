"""ROMi RAMi: requirements on values only, the joker token, bonus colours, trophies, tally."""

from collections import Counter
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import get_rules, romi
from rules_engine.errors import NotationError
from rules_engine.romi import check_romi_contract as check_romi_contract

ROMI = get_rules("romi-rami").romi


def check(reqs, cards, **kw):
    return check_romi_contract(romi.parse_requirements(reqs), romi.parse_value_cards(cards), **kw)


def test_requirements_look_at_values_only_a_run_of_4_in_any_colours():
    assert check("run4", "1H 2D 3C 4Y").valid


def test_four_2s_make_two_pairs():
    assert check("pair+pair", "2H 2D 2C 2Y").valid


def test_each_card_serves_one_requirement():
    assert not check("pair+three", "3H 3D 3C 3Y").valid


def test_a_specific_pair_needs_the_imposed_value():
    assert check("pair:4", "4H 4C").valid
    assert not check("pair:4", "3H 3C").valid


def test_the_joker_token_replaces_one_card_once():
    assert check("run5", "1H 2D 4C 5Y", joker=True).valid
    assert not check("run5", "1H 2D 4C 5Y").valid
    assert not check("run5", "1H 2D 5Y", joker=True).valid


def test_bonus_cards_kept_are_those_of_the_bonus_colour_and_never_the_joker():
    assert check("three", "3H 3H", joker=True, bonus="H").bonus_kept == 2
    assert check("pair+run3", "2H 2D 3H 4C 5H", bonus="H").bonus_kept == 3


def test_value_cards_accept_symbols_and_cherries():
    assert romi.parse_value_cards("2♥ 4🍒") == romi.parse_value_cards("2H 4Y")


def test_a_bad_requirement_or_card_is_a_notation_error():
    with pytest.raises(NotationError):
        romi.parse_requirements("pair+triple")
    with pytest.raises(NotationError):
        romi.parse_value_cards("6H")


def test_the_end_is_triggered_by_the_5th_6th_or_7th_contract():
    assert [romi.end_trigger(ROMI, n) for n in (4, 3, 2)] == [5, 6, 7]


def hearts(n):
    return tuple(romi.CompletedContract(3, "H", (2,)) for _ in range(n))


def test_a_trophy_goes_to_the_single_player_with_most_of_its_symbol():
    players = [romi.RomiPlayer(hearts(2)), romi.RomiPlayer(hearts(1))]
    assert romi.trophy_winner(players, romi.Trophy("H", 3)) == 0


def test_a_trophy_tie_gives_it_to_nobody():
    players = [romi.RomiPlayer(hearts(2)), romi.RomiPlayer(hearts(2))]
    assert romi.trophy_winner(players, romi.Trophy("H", 3)) is None


def test_combo_trophies_count_combo_symbols():
    players = [
        romi.RomiPlayer((romi.CompletedContract(5, "D", (3, 3)),)),
        romi.RomiPlayer((romi.CompletedContract(5, "D", (3,)),)),
    ]
    assert romi.trophy_winner(players, romi.Trophy("3", 5)) == 0


def test_final_tally_adds_contracts_trophies_bonus_cards_and_an_unused_joker():
    judith = romi.RomiPlayer(
        (romi.CompletedContract(24, "H", (3,), bonus_cards=4),), joker_used=True
    )
    paul = romi.RomiPlayer(
        (romi.CompletedContract(18, "C", (2,), bonus_cards=5),), joker_used=False
    )
    scores = romi.romi_tally(
        ROMI,
        [judith, paul],
        [romi.Trophy("H", 3), romi.Trophy("3", 3), romi.Trophy("C", 5), romi.Trophy("5", 2)],
    )
    assert [s.total for s in scores] == [24 + 6 + 4, 18 + 5 + 5 + 1]
    assert [s.rank for s in scores] == [1, 2]


def test_a_tie_on_total_goes_to_the_player_with_more_bonus_cards():
    a = romi.RomiPlayer((romi.CompletedContract(10, "H", (2,), bonus_cards=2),), joker_used=True)
    b = romi.RomiPlayer((romi.CompletedContract(9, "H", (2,), bonus_cards=3),), joker_used=True)
    assert [s.rank for s in romi.romi_tally(ROMI, [a, b], [])] == [2, 1]


def _fills(req, values: list[int], joker: bool) -> bool:
    """Whether these card values, plus the joker if given, fill one requirement."""
    size = len(values) + joker
    if size != req.size or not values:
        return False
    if req.kind == "same":
        wanted = req.value or values[0]
        return all(v == wanted for v in values)
    if len(set(values)) != len(values):
        return False
    # Distinct values inside one window of consecutive values 1-5; the joker fills the gap.
    low, high = min(values), max(values)
    return any(start <= low and high < start + req.size for start in range(1, 7 - req.size))


def oracle(reqs, cards, joker, bonus):
    """Every way to give each card to a requirement or keep it, and the joker to one requirement."""
    best = None
    k = len(reqs)
    for labels in product(range(k + 1), repeat=len(cards)):
        for joker_at in [None, *range(k)] if joker else [None]:
            groups = [
                [c for c, lab in zip(cards, labels, strict=True) if lab == g] for g in range(k)
            ]
            if all(
                _fills(r, [c.value for c in g], joker_at == i)
                for i, (r, g) in enumerate(zip(reqs, groups, strict=True))
            ):
                kept = sum(c.colour == bonus for g in groups for c in g) if bonus else 0
                best = kept if best is None else max(best, kept)
    return best


value_cards = st.lists(
    st.builds(romi.ValueCard, st.integers(1, 5), st.sampled_from("HDC")), min_size=2, max_size=7
)


@settings(max_examples=150, deadline=None)
@given(
    cards=value_cards,
    joker=st.booleans(),
    bonus=st.sampled_from(["H", "D", None]),
    reqs=st.sampled_from(
        ["pair", "pair+pair", "run3", "pair+run3", "three", "run4", "pair:2+run3", "run3+run3"]
    ),
)
def test_the_contract_check_agrees_with_a_brute_force_oracle(cards, joker, bonus, reqs):
    requirements = romi.parse_requirements(reqs)
    result = check_romi_contract(requirements, cards, joker=joker, bonus=bonus)
    expected = oracle(requirements, cards, joker, bonus)
    assert result.valid == (expected is not None)
    if result.valid:
        assert result.bonus_kept == expected
        used = [c for _, picked, _ in result.used for c in picked]
        assert Counter(used) <= Counter(cards)  # each card once
        for req, picked, used_joker in result.used:
            assert _fills(req, [c.value for c in picked], used_joker)
