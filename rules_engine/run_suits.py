"""Runs that need not be of one suit, as the finder searches them.

A run of any suits, of one colour or of alternating colours is a run of one suit once each
card is renamed for what it shares with the run's other cards: every card the same "suit"
(any suits), its colour (one colour), or its colour at an even position (alternating: a red
5 and a black 6 share the colour red at even positions). The finder searches the renamed
hand with its one-suit runs, which keeps its bounds and memo, and the lay-down it finds is
given back in the hand's own cards.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

from .cards import Card
from .melds import MeldReading, run_joins, run_readings, set_readings
from .systems import MeldRules, Requirement, RuleSystem

# The suit letter each shared trait is renamed to (any letter of SUITS would do).
_LETTER = {"*": "S", "red": "H", "black": "S"}


def renamed(card: Card, meld: MeldRules) -> Card:
    """The card as the one-suit search sees it (jokers stay jokers)."""
    if card.is_joker:
        return card
    position = 14 if card.rank == 1 and meld.ace_end == "high" else card.rank
    return Card(card.rank, _LETTER[run_joins(card.suit, position, meld.run_suits)])


def one_suit_rules(rules: RuleSystem) -> RuleSystem:
    """The rules the renamed hand is searched by."""
    return replace(rules, meld_rules=replace(rules.meld_rules, run_suits="one_suit"))


def own_cards(
    rules: RuleSystem,
    requirements: tuple[Requirement, ...],
    melds: tuple[tuple[Card, ...], ...],
    hand: list[Card],
) -> tuple[tuple[Card, ...], ...]:
    """The lay-down found in renamed cards, in the hand's own cards, each joker pinned to a
    card it may stand for in its meld."""
    meld_rules = rules.meld_rules
    held: dict[tuple[int, str], list[Card]] = defaultdict(list)
    for card in hand:
        if not card.is_joker:
            held[(card.rank, renamed(card, meld_rules).suit)].append(card)
    out = []
    for req, meld in zip(requirements, melds, strict=True):
        own = tuple(Card(0) if c.is_joker else held[(c.rank, c.suit)].pop() for c in meld)
        out.append(_pinned(req, meld, own, meld_rules))
    return tuple(out)


def _pinned(
    req: Requirement, found: tuple[Card, ...], own: tuple[Card, ...], meld: MeldRules
) -> tuple[Card, ...]:
    """`own` read as the finder read `found` (no reading is left out: `own` as it is)."""
    readings: list[MeldReading]
    if req.kind == "set":
        readings = set_readings(own, meld)
        return readings[0].cards if readings else own
    ranks = [c.face[0] for c in found]  # the window the finder chose, kept as it chose it
    for reading in run_readings(own, meld):
        if [c.face[0] for c in reading.cards] == ranks:
            return reading.cards
    return own
