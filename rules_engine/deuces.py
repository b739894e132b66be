"""Wild deuces: a deuce of a wild suit is a natural 2 or a joker, as the player lays it.

A meld or a hand holding such deuces is read as each way it may be played: how many of each
suit's deuces play wild (which ones does not matter, they are alike). A wild deuce is then a
joker that remembers its suit (`cards.wild_deuce`), so every joker rule and limit counts it,
and the decks count it as the deuce it is.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import replace
from itertools import product

from .cards import Card, natural, wild_deuce
from .systems import Contract, MeldRules


def deuce_plays(cards: Sequence[Card], meld: MeldRules) -> list[tuple[Card, ...]]:
    """The cards as each way their wild deuces may be played, fewest wild first (a deuce
    kept natural is read first, as most tables would read it). Without wild deuces: the
    cards as they are."""
    spots: dict[str, list[int]] = defaultdict(list)
    for index, card in enumerate(cards):
        if meld.wild(card):
            spots[card.suit].append(index)
    if not spots:
        return [tuple(cards)]
    suits = sorted(spots)
    plays = []
    for counts in product(*(range(len(spots[suit]) + 1) for suit in suits)):
        played = list(cards)
        for suit, count in zip(suits, counts, strict=True):
            for index in spots[suit][:count]:
                played[index] = wild_deuce(suit)
        plays.append((sum(counts), tuple(played)))
    plays.sort(key=lambda play: play[0])
    return [cards for _, cards in plays]


def telling_play(plays: list[tuple[Card, ...]]) -> tuple[Card, ...]:
    """The play whose problems to tell when none is a meld: every deuce wild (the player
    laid them to stand for something), unless that leaves no natural card."""
    every = plays[-1]
    return every if any(not card.is_joker for card in every) else plays[0]


def refused_deuce(cards: Sequence[Card], meld: MeldRules) -> Card | None:
    """A deuce laid as wild (`2C=9H`) where that suit's deuces are not wild."""
    return next((card for card in cards if card.deuce and card.deuce not in meld.wild_deuces), None)


def deuces_used(
    plays: list[tuple[Card, ...]],
    ways: tuple[Contract, ...],
    meld: MeldRules,
    lay_all: bool,
    most: int | None = None,
) -> list[tuple[Card, ...]]:
    """The ways to play a hand's deuces that a lay-down could need, one of each kind.

    A run holds one 2 at most, of its own suit: a contract of runs only (not laying every
    card) lays at most one natural deuce of a suit per run, so a way keeping more of them
    natural lays nothing that the way with the spare ones wild (left in hand) does not. And
    where a set's suits may repeat, a natural deuce beyond what the runs could take serves
    only a set of 2s, whatever its suit: two ways that keep as many natural deuces, and of
    each suit as many as the runs could take, lay the same.

    Where one lay-down holds at most `most` jokers, it needs no more wild deuces than
    `most` less the hand's jokers: every rule counts a joker and a wild deuce alike, so a
    lay-down that lays a wild deuce while a joker stays in hand lays the joker in its place
    as well, and a wild deuce it does not lay stays in hand, as it would kept natural. The
    ways with more lay nothing the others do not (where every card is laid, nothing at
    all). There the deuces no run can take stay natural: made wild as above, they could
    pass what one lay-down holds."""
    runs = max(sum(r.kind == "run" for r in way.requirements) for way in ways)
    sets = any(r.kind == "set" for way in ways for r in way.requirements)
    jokers = sum(card.is_joker and not card.deuce for card in plays[0])
    room = None if most is None else max(0, most - jokers)
    kept = []
    seen = set()
    for play in plays:
        natural = Counter(card.suit for card in play if meld.wild(card))
        if room is not None:
            if sum(bool(card.deuce) for card in play) > room:
                continue
        elif not sets and not lay_all and any(count > runs for count in natural.values()):
            continue
        if sets and not meld.set_distinct_suits:
            kind = (tuple(min(natural[s], runs) for s in "SHDC"), sum(natural.values()))
            if kind in seen:
                continue
            seen.add(kind)
        kept.append(play)
    return kept


def deuces_placed(
    found: tuple[tuple[Card, ...], ...], deuces: list[str]
) -> tuple[tuple[Card, ...], ...]:
    """The lay-down with these wild deuces (their suits) in the first jokers' places: which
    joker a wild deuce replaces does not matter, every rule counts them alike. A deuce
    standing for itself is laid as the natural card it is."""
    wild = iter(deuces)
    melds = [[replace(c, deuce=next(wild, "")) if c.is_joker else c for c in m] for m in found]
    return deuces_as_themselves(melds)


def deuces_as_themselves(
    melds: Sequence[Sequence[Card]],
) -> tuple[tuple[Card, ...], ...]:
    """The lay-down with each wild deuce read as the 2 of its own suit laid as that natural
    card."""
    return tuple(
        tuple(natural(c) if c.deuce and c.pin == (2, c.deuce) else c for c in meld)
        for meld in melds
    )
