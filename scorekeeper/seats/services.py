"""Join the table: each player sends their own hand from their own phone.

The table opens the players' links (one to pick a seat from, one per seat); a seat's link
sends that seat's hand for the round being played, nothing else. Hands wait as
`ProposedHand` rows, shown live on every phone, until the round is saved: by the scorer, or
by the last hand sent when the table chose so. A new edit link closes the players' links.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from django.core.exceptions import ValidationError

from rules_engine import (
    DealError,
    Fact,
    HandTooLarge,
    NotationError,
    PlayerDeal,
    Table,
    parse_hand,
)
from scorekeeper.core.keypad import parse_points
from scorekeeper.core.refusals import Conflict, ServiceError, kept, refusal_words
from scorekeeper.core.tokens import join_token, new_salt, seat_token, token_hash
from scorekeeper.games.services.history import bump_version, table_of
from scorekeeper.games.services.rounds import round_record
from scorekeeper.models import Game, ProposedHand, SeatLink
from scorekeeper.records import live
from scorekeeper.records.writing import writing


@dataclass(frozen=True)
class Hand:
    """What a player sends: the hand typed or tapped, and whether they went out."""

    points: str = ""
    cards: str = ""
    went_out: bool = False
    laid_nothing: bool = False
    client_uuid: uuid.UUID | None = None


@writing()
def seats_open(*, game: Game) -> None:
    """Open the players' links of this game (again the same ones if already open)."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    if game.seat_salt:
        return
    salt = new_salt()
    Game.objects.filter(pk=game.pk).update(
        seat_salt=salt, join_token_hash=token_hash(join_token(salt))
    )
    SeatLink.objects.bulk_create(
        SeatLink(game=game, seat=player.seat, token_hash=token_hash(seat_token(salt, player.seat)))
        for player in game.players.all()
    )


@dataclass(frozen=True)
class SeatState:
    """A seat as the join and share pages show it: free, taken by a phone, or this phone's."""

    seat: int
    taken: bool
    mine: bool
    token: str  # its link, for the phone that holds it (and the scorer)


def device_key(device: str) -> str:
    """What is stored of a phone's own random key: its SHA-256 only."""
    return token_hash(device) if device else ""


def seat_states(game: Game, device: str = "") -> dict[int, SeatState]:
    """Each open seat's state, seen from the phone with this key."""
    key = device_key(device)
    return {
        link.seat: SeatState(
            link.seat,
            bool(link.claimed_by),
            bool(key) and link.claimed_by == key,
            seat_token(game.seat_salt, link.seat, link.generation),
        )
        for link in SeatLink.objects.filter(game=game).order_by("seat")
    }


@writing()
def seat_claim(*, game: Game, seat: int, device: str, name: str) -> str:
    """This phone takes `seat` from the join page and gets its link: once a seat, one seat a
    phone. The same phone asking again gets its link again."""
    key = device_key(device)
    links = list(SeatLink.objects.select_for_update().filter(game=game).order_by("seat"))
    link = next((each for each in links if each.seat == seat), None)
    if link is None or not key:
        raise ServiceError("no_such_seat")
    if link.claimed_by == key:
        return seat_token(game.seat_salt, seat, link.generation)
    if link.claimed_by:
        raise Conflict("seat_taken", name=name)
    held = next((each for each in links if each.claimed_by == key), None)
    if held is not None:
        holder = game.players.filter(seat=held.seat).values_list("name", flat=True).first()
        raise ServiceError("seat_one_a_phone", name=holder or "?")
    SeatLink.objects.filter(pk=link.pk).update(claimed_by=key)
    bump_version(Game.objects.select_for_update().get(pk=game.pk))
    return seat_token(game.seat_salt, seat, link.generation)


@writing()
def seat_release(*, game: Game, seat: int) -> None:
    """The scorer gives a seat back: its link changes (the phone that held it can no longer
    send, and its page stops following), and any phone may take it again."""
    link = SeatLink.objects.select_for_update().filter(game=game, seat=seat).first()
    if link is None:
        raise ServiceError("no_such_seat")
    live.revoke([link.token_hash])
    generation = link.generation + 1
    SeatLink.objects.filter(pk=link.pk).update(
        claimed_by="",
        generation=generation,
        token_hash=token_hash(seat_token(game.seat_salt, seat, generation)),
    )
    bump_version(Game.objects.select_for_update().get(pk=game.pk))


@writing()
def last_hand_saves(*, game: Game, on: bool) -> None:
    game = Game.objects.select_for_update().get(pk=game.pk)
    Game.objects.filter(pk=game.pk).update(last_hand_saves=on)
    bump_version(game)


def _checked(table: Table, number: int, hand: Hand) -> None:
    """One hand's own checks, refused on the phone that sent it (the deal's come later)."""
    if hand.points.strip() and hand.cards.strip():
        raise ServiceError("hand_twice", field="points")
    if hand.laid_nothing and (hand.points.strip() or hand.cards.strip()):
        raise ServiceError("hand_laid_nothing", field="points")
    try:
        parse_points(hand.points)
    except ValidationError as error:  # the keypad's own words
        raise ServiceError("hand_points", field="points", words=" ".join(error.messages)) from None
    try:
        table.check_held(number, parse_hand(hand.cards))
    except (NotationError, HandTooLarge) as error:
        raise ServiceError("hand_cards", field="cards", words=refusal_words(error)) from None


@writing()
def hand_send(*, game: Game, seat: int, number: int, hand: Hand) -> ProposedHand:
    """A player's hand for round `number`, from their own link. Only the round being played
    takes hands (a stale page is a Conflict); sent again, it replaces the one before."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    table = table_of(game, Table, "romi_no_rounds")
    if hand.client_uuid is not None:  # sent again (a lost answer, the outbox): stored once
        stored = ProposedHand.objects.filter(client_uuid=hand.client_uuid).first()
        if stored is not None:
            if (stored.game_id, stored.seat) != (game.pk, seat) or stored.number != number:
                raise ServiceError("uuid_reused")
            return stored
    played = game.rounds.count()
    if game.finished_at is not None:
        raise ServiceError("game_over")
    if number != played + 1:
        raise Conflict("hand_late" if number <= played else "round_gap", number=number)
    if not table.plays(seat, number):  # left the table, or joins later
        raise ServiceError("seat_not_playing", number=number)
    _checked(table, number, hand)
    game.proposed_hands.filter(number__lt=number).delete()  # rounds saved since: done with
    sent, _created = ProposedHand.objects.update_or_create(
        game=game,
        number=number,
        seat=seat,
        defaults={
            "points": hand.points.strip(),
            "cards": hand.cards.strip(),
            "went_out": hand.went_out,
            "laid_nothing": hand.laid_nothing,
            "client_uuid": hand.client_uuid,
            "problem": {},
        },
    )
    if game.last_hand_saves:
        _save_if_complete(game, table, number, seat)
    bump_version(game)
    return sent


def entries_of(table: Table, hands: list[ProposedHand]) -> tuple[list[PlayerDeal], list[int]]:
    """The engine's reading of the hands sent (a lone 0 says who went out, as on the form)."""
    typed = [None if h.cards else parse_points(h.points) for h in hands]
    out = [h.seat for h in hands if h.went_out]
    if not out:
        lone = table.went_out(typed)
        out = [] if lone is None else [hands[lone].seat]
    entries = []
    for hand, points in zip(hands, typed, strict=True):
        facts = {Fact.WENT_OUT} if hand.seat in out else set()
        if hand.laid_nothing:
            facts.add(Fact.LAID_NOTHING)
        cards = tuple(parse_hand(hand.cards)) or None
        entries.append(PlayerDeal(points, cards, frozenset(facts)))
    return entries, out


def _save_if_complete(game: Game, table: Table, number: int, sent_by: int) -> None:
    """Every hand is in and the table chose so: the last one saves the round. If the deal
    does not add up, nothing is saved and each hand at fault says why on its own phone."""
    playing = table.playing(number)
    hands = [h for h in game.proposed_hands.filter(number=number).order_by("seat")]
    hands = [h for h in hands if h.seat in playing]
    if len(hands) != len(playing):
        return
    read, out = entries_of(table, hands)
    entries = [PlayerDeal()] * table.seats  # the seats not at the table: nothing
    for hand, entry in zip(hands, read, strict=True):
        entries[hand.seat] = entry
    if len(out) != 1:
        refusal = ServiceError("went_out_none" if not out else "went_out_many")
        for hand in hands if not out else [h for h in hands if h.seat in out]:
            _tell(hand, kept(refusal))
        return
    try:
        with writing():
            round_record(game=game, entries=entries, number=number, sent_by=sent_by)
    except ServiceError as error:
        for hand in hands:
            mine = [p for p in error.problems if p.seat in (None, hand.seat)]
            if mine:
                _tell(hand, kept(DealError(mine)))  # its problems, each said
            elif not error.problems:
                _tell(hand, kept(error))


def _tell(hand: ProposedHand, said: dict[str, str]) -> None:
    """Why the round could not be saved with this hand, kept for its phone."""
    hand.problem = said
    hand.save(update_fields=["problem"])
