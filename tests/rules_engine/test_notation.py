"""Card notation: ranks, suits, jokers, pins, separators, round trip and error positions."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_engine import Card, NotationError, format_melds, parse_cards, parse_melds
from rules_engine.cards import SUITS


def test_ranks_and_suits_are_read_in_letters_and_symbols():
    assert parse_cards("AS 10H TD JC QH KS") == [
        Card(1, "S"),
        Card(10, "H"),
        Card(10, "D"),
        Card(11, "C"),
        Card(12, "H"),
        Card(13, "S"),
    ]
    assert parse_cards("7♥ ♠5 9♦ 2♣") == [Card(7, "H"), Card(5, "S"), Card(9, "D"), Card(2, "C")]


def test_notation_is_case_insensitive():
    assert parse_cards("ah kd 10c") == [Card(1, "H"), Card(13, "D"), Card(10, "C")]


def test_jokers_are_jk_star_or_joker_and_may_be_pinned():
    cards = parse_cards("JK * joker JK=9H")
    assert all(c.is_joker for c in cards)
    assert cards[3].pin == (9, "H")


def test_melds_split_on_bar_semicolon_and_newline_cards_on_space_or_comma():
    melds = parse_melds("7H,8H 9H | KS KD KC; 2D 3D 4D\nAS AH AC")
    assert [len(m) for m in melds] == [3, 3, 3, 3]


def test_a_trailing_separator_is_not_an_empty_meld():
    assert len(parse_melds("7H 8H 9H |")) == 1


def test_duplicates_are_normal_with_several_decks():
    assert parse_cards("7H 7H 7H") == [Card(7, "H")] * 3


@pytest.mark.parametrize(
    ("text", "code", "token", "position"),
    [
        ("7H 7X", "unknown_suit", "7X", 3),
        ("7H | 1H", "unknown_rank", "1H", 5),
        ("7H 7", "missing_suit", "7", 3),
        ("JK=ZZ", "bad_joker_pin", "JK=ZZ", 0),
        ("<b>", "unknown_suit", "<b>", 0),
    ],
)
def test_a_bad_token_raises_a_notation_error_with_code_token_and_position(
    text, code, token, position
):
    with pytest.raises(NotationError) as caught:
        parse_melds(text)
    assert (caught.value.code, caught.value.token, caught.value.position) == (code, token, position)


cards = st.one_of(
    st.builds(Card, st.integers(1, 13), st.sampled_from(SUITS)),
    st.just(Card(0)),
    st.builds(lambda r, s: Card(0, "", (r, s)), st.integers(1, 13), st.sampled_from(SUITS)),
)


@given(st.lists(st.lists(cards, min_size=1, max_size=6), min_size=1, max_size=5))
def test_format_and_parse_round_trip(melds):
    assert parse_melds(format_melds(melds)) == melds
    assert parse_melds(format_melds(melds, symbols=True)) == melds


@given(st.text(max_size=60))
def test_any_text_parses_or_raises_a_notation_error(text):
    try:
        parse_melds(text)
    except NotationError as error:
        assert error.token and 0 <= error.position <= len(text)
