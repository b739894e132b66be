"""rami-51's first lay-down: a pure run (no joker) and at least 51 points."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .limits import HandLimits, check_hand
from .melds import MeldReading, Reason, check_meld
from .systems import Opening, RuleSystem


@dataclass(frozen=True)
class OpeningCheck:
    valid: bool
    points: int
    has_pure_run: bool
    errors: tuple[Reason, ...]
    melds: tuple[tuple[Card, ...], ...]
    readings: tuple[MeldReading | None, ...]


def card_points(opening: Opening, reading: MeldReading, index: int) -> int:
    """What one card of a laid meld is worth towards the 51."""
    card = reading.cards[index]
    if card.is_joker and not opening.joker_as_card:
        return opening.joker
    rank = card.face[0]
    if rank == 1:
        if reading.kind == "set":
            return opening.ace_in_set
        position = reading.low + index
        return opening.ace_high if position == 14 else opening.ace_low
    return opening.face if rank > 10 else rank


def meld_points(opening: Opening, reading: MeldReading) -> int:
    return sum(card_points(opening, reading, i) for i in range(reading.length))


def is_pure_run(opening: Opening, reading: MeldReading) -> bool:
    return reading.kind == "run" and reading.length >= opening.pure_run_min and not reading.jokers


def check_opening(
    rules: RuleSystem,
    melds: list[list[Card]],
    *,
    hand_size: int | None = None,
    limits: HandLimits | None = None,
) -> OpeningCheck:
    """Points of the lay-down and whether it opens; each meld read at its best.

    Raises HandTooLarge for more cards, copies or jokers than the system's decks (or the
    table's `limits`) hold.
    """
    check_hand(rules, [card for meld in melds for card in meld], limits=limits)
    opening = rules.opening_rule
    errors: list[Reason] = []
    readings: list[MeldReading | None] = []
    for i, meld in enumerate(melds):
        check = check_meld(meld, rules.meld_rules)
        if not check.valid:
            errors.append(Reason("meld_invalid", {"meld": i + 1, "reasons": check.reasons}))
            readings.append(None)
            continue
        readings.append(max(check.readings, key=lambda r: meld_points(opening, r)))
    valid_readings = [r for r in readings if r is not None]
    points = sum(meld_points(opening, r) for r in valid_readings)
    pure = any(is_pure_run(opening, r) for r in valid_readings)
    if not melds:
        errors.append(Reason("nothing_laid"))
    if not pure:
        errors.append(Reason("no_pure_run", {"minimum": opening.pure_run_min}))
    if points < opening.minimum:
        errors.append(
            Reason(
                "below_minimum",
                {"points": points, "minimum": opening.minimum, "missing": opening.minimum - points},
            )
        )
    laid = sum(len(m) for m in melds)
    if opening.rami_sec_only and laid != opening.rami_sec_cards:
        errors.append(Reason("rami_sec_only", {"count": laid, "needed": opening.rami_sec_cards}))
    if hand_size is not None and laid >= hand_size:
        errors.append(Reason("must_keep_discard", {"count": laid, "hand": hand_size}))
    shown = tuple(r.cards if r else tuple(m) for r, m in zip(readings, melds, strict=True))
    return OpeningCheck(not errors, points, pure, tuple(errors), shown, tuple(readings))
