"""Cards and the text notation: `7H 8H JK 10H | KS KD KC`, `JK=9H` pins a joker, `2C=9H`
plays a wild deuce as the 9 of hearts (where the game's deuces are wild).

Ranks A 2-10 J Q K (T = 10), suits S H D C or ♠ ♥ ♦ ♣, case-insensitive;
jokers JK, * or JOKER. Cards split on spaces or commas, melds on | ; or newlines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import NotationError

SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}

_SUIT_ALIASES = {
    "S": "S",
    "H": "H",
    "D": "D",
    "C": "C",
    "♠": "S",
    "♥": "H",
    "♦": "D",
    "♣": "C",
    "♤": "S",
    "♡": "H",
    "♢": "D",
    "♧": "C",
}
_RANK_ALIASES = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13} | {str(n): n for n in range(2, 11)}
_JOKERS = {"JK", "*", "JOKER"}
_MELD_SPLIT = re.compile(r"[|;\n]")
_CARD_SPLIT = re.compile(r"[^\s,]+")
MAX_CARDS = 60  # no lay-down or hand comes near this; it bounds the work done on pasted text


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A natural card (rank 1-13, suit S/H/D/C) or a joker (rank 0), optionally pinned. A
    wild deuce played as a joker is a joker that keeps its `deuce` suit: it counts as a joker
    in every meld and limit, and as that deuce among the cards the decks hold."""

    rank: int
    suit: str = ""
    pin: tuple[int, str] | None = None
    deuce: str = ""  # the suit of the deuce playing wild here; "" for a joker

    @property
    def held(self) -> tuple[int, str] | None:
        """The card of the decks this is: a natural card or a wild deuce's own (None: a joker)."""
        if self.deuce:
            return (2, self.deuce)
        return None if self.is_joker else (self.rank, self.suit)

    @property
    def is_joker(self) -> bool:
        return self.rank == 0

    @property
    def identity(self) -> tuple[int, str] | None:
        """The card this one is or stands for, when known."""
        return self.pin if self.is_joker else (self.rank, self.suit)

    @property
    def face(self) -> tuple[int, str]:
        """Rank and suit of a natural card or of the card a pinned joker stands for."""
        if self.identity is None:
            raise ValueError("an unpinned joker stands for no card yet")
        return self.identity

    def __str__(self) -> str:
        return format_card(self)


JOKER = Card(0)


def joker(pin: tuple[int, str] | None = None) -> Card:
    return Card(0, "", pin)


def wild_deuce(suit: str, pin: tuple[int, str] | None = None) -> Card:
    """The deuce of `suit` played wild (as the card `pin`, once known)."""
    return Card(0, "", pin, suit)


def natural(card: Card) -> Card:
    """A wild deuce back as the natural deuce it is; any other card as it is."""
    return Card(2, card.deuce) if card.deuce else card


# Where only the black (or red) deuces are wild, the picker's key for one of them: the suit
# tells it from a natural deuce, and every deuce of that colour is worth the same.
WILD_DEUCE_KEYS = {"SC": "2♠", "HD": "2♥"}


def rank_keys(jokers: bool, wild_deuces: str = "") -> tuple[str, ...]:
    """The keys a card picker offers, in the notation's own words: every rank (and a wild
    deuce's where only some deuces are wild), the joker's where jokers are in play."""
    ranks = [rank_name(rank) for rank in range(1, 14)]
    if wild_deuces in WILD_DEUCE_KEYS:
        ranks.insert(2, WILD_DEUCE_KEYS[wild_deuces])
    return (*ranks, *(("JK",) if jokers else ()))


def rank_name(rank: int) -> str:
    return RANK_NAMES.get(rank, str(rank))


def format_card(card: Card, symbols: bool = False) -> str:
    """`9H`, `JK`, `JK=9H`, `2C=9H`; with symbols `9♥`, `JK=9♥`, `2♣=9♥`."""
    if card.is_joker:
        head = format_card(Card(2, card.deuce), symbols) if card.deuce else "JK"
        if card.pin is None:
            return head
        return head + "=" + format_card(Card(*card.pin), symbols)
    suit = SUIT_SYMBOLS[card.suit] if symbols else card.suit
    return rank_name(card.rank) + suit


def format_meld(cards: list[Card] | tuple[Card, ...], symbols: bool = False) -> str:
    return " ".join(format_card(c, symbols) for c in cards)


def format_melds(melds: list[list[Card]], symbols: bool = False) -> str:
    return " | ".join(format_meld(m, symbols) for m in melds)


def _parse_natural(token: str, position: int) -> Card:
    text = token.upper().replace("\ufe0f", "")
    if not text:
        raise NotationError("empty_card", token=token, position=position)
    # The suit may come last (7H, 7♥) or first (♥7), as French rule books print it.
    if text[-1] in _SUIT_ALIASES:
        rank_text, suit_text = text[:-1], text[-1]
    elif text[0] in _SUIT_ALIASES and text[1:] in _RANK_ALIASES:
        rank_text, suit_text = text[1:], text[0]
    elif text in _RANK_ALIASES:
        raise NotationError("missing_suit", token=token, position=position)
    else:
        raise NotationError("unknown_suit", token=token, position=position)
    if rank_text not in _RANK_ALIASES:
        raise NotationError("unknown_rank", token=token, position=position)
    return Card(_RANK_ALIASES[rank_text], _SUIT_ALIASES[suit_text])


def parse_card(token: str, position: int = 0) -> Card:
    """One token to a Card; raises NotationError with the token and its offset."""
    upper = token.upper()
    if upper in _JOKERS:
        return JOKER
    head, sep, tail = upper.partition("=")
    if sep:  # a joker or a deuce, then the card it stands for
        try:
            wild = JOKER if head in _JOKERS else _parse_natural(head, position)
            pinned = _parse_natural(tail, position)
        except NotationError:
            raise NotationError("bad_joker_pin", token=token, position=position) from None
        if wild.rank not in (0, 2):
            raise NotationError("bad_joker_pin", token=token, position=position)
        return Card(0, "", (pinned.rank, pinned.suit), wild.suit)
    return _parse_natural(token, position)


def _tokens(text: str, offset: int) -> list[tuple[str, int]]:
    return [(m.group(), offset + m.start()) for m in _CARD_SPLIT.finditer(text)]


def parse_cards(text: str) -> list[Card]:
    """All cards of a text, ignoring meld separators (a hand)."""
    return [card for meld in parse_melds(text) for card in meld]


def parse_melds(text: str) -> list[list[Card]]:
    """Melds separated by | ; or newline; empty melds (a trailing `|`) are skipped."""
    melds: list[list[Card]] = []
    start = 0
    count = 0
    pieces = _MELD_SPLIT.split(text)
    for piece in pieces:
        cards = []
        for token, position in _tokens(piece, start):
            count += 1
            if count > MAX_CARDS:
                raise NotationError("too_many_cards", token=token, position=position)
            cards.append(parse_card(token, position))
        if cards:
            melds.append(cards)
        start += len(piece) + 1
    return melds


def parse_hand(text: str) -> list[Card]:
    """Cards left in hand for counting: suits optional (`A K K 7 JK` or `AS KD`)."""
    cards = []
    for position, token in enumerate_tokens(text):
        upper = token.upper()
        if upper in _RANK_ALIASES:
            cards.append(Card(_RANK_ALIASES[upper], ""))
        else:
            cards.append(parse_card(token, position))
        if len(cards) > MAX_CARDS:
            raise NotationError("too_many_cards", token=token, position=position)
    return cards


def enumerate_tokens(text: str) -> list[tuple[int, str]]:
    return [(m.start(), m.group()) for m in re.finditer(r"[^\s,|;]+", text)]


def format_hand(cards: list[Card], symbols: bool = False) -> str:
    """`K K 7 JK`, with suits where given (`2S`, or `2♠` with symbols)."""
    return " ".join(
        rank_name(c.rank) if c.rank and not c.suit else format_card(c, symbols) for c in cards
    )
