"""A group's book: each player's games summed up once, and the statistics read from them.

A game is summed up seat by seat (`SeatRecord`) from its scored deals, or from the ROMi RAMi
tally; the statistics then read those records alone, so a book of hundreds of games is a few
thousand small values. Only finished games count: a game in progress has no winner yet.
Lowest-wins and highest-wins games are told apart by the game's own rules, never by sign.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field

from .scoring import behind_leader
from .systems import Fact
from .table import Table


@dataclass(frozen=True)
class Deal:
    """One scored deal: the round, each seat's score and each seat's facts."""

    number: int
    scores: tuple[int, ...]
    facts: tuple[frozenset[str], ...]


@dataclass(slots=True)
class SeatRecord:
    """What one player's game adds to the book (read by the thousand: slots, not frozen)."""

    total: int
    rank: int
    deals: int = 0
    deal_points: int = 0  # the sum of this player's deal scores
    best_deal: int | None = None  # lowest deal score where lowest wins, highest otherwise
    gone_out: int = 0  # deals this player ended (a rami sec too)
    rami_secs: int = 0
    laid_nothing: int = 0
    deepest_deficit: int = 0  # most points behind the leader after any deal
    contract_points: tuple[int, ...] = ()  # contract games: points of round 1, 2, ...

    @property
    def won(self) -> bool:
        return self.rank == 1


def seat_records(table: Table, deals: Sequence[Deal]) -> list[SeatRecord]:
    """Each seat's record of a game played deal by deal."""
    lowest = table.rules.lowest_wins
    rounds = [deal.scores for deal in deals]
    standings = table.standings(rounds)
    deficits = [0] * table.seats
    for deal, running in zip(deals, table.running_totals(rounds), strict=True):
        behind = behind_leader([running[s] for s in table.playing(deal.number)], lowest)
        for seat, gap in zip(table.playing(deal.number), behind, strict=True):
            deficits[seat] = max(deficits[seat], gap)
    contracts = bool(table.rules.contracts)
    records = []
    for seat in range(table.seats):
        played = [deal for deal in deals if table.plays(seat, deal.number)]
        mine = [deal.scores[seat] for deal in played]
        facts = [deal.facts[seat] for deal in played]
        records.append(
            SeatRecord(
                total=standings.totals[seat],
                rank=standings.ranks[seat],
                deals=len(mine),
                deal_points=sum(mine),
                best_deal=(min(mine) if lowest else max(mine)) if mine else None,
                gone_out=sum(
                    bool(f & {Fact.WENT_OUT, Fact.RAMI_SEC, Fact.OUT_IN_ONE_GO}) for f in facts
                ),
                rami_secs=sum(Fact.RAMI_SEC in f for f in facts),
                laid_nothing=sum(Fact.LAID_NOTHING in f for f in facts),
                deepest_deficit=deficits[seat],
                # Round by round from round 1: only for a seat that played every deal.
                contract_points=tuple(mine) if contracts and len(played) == len(deals) else (),
            )
        )
    return records


@dataclass(frozen=True)
class BookSeat:
    member: Hashable  # who sat there, as the group knows them
    record: SeatRecord


@dataclass(frozen=True)
class BookGame:
    key: Hashable  # how the caller finds the game again (its id)
    lowest_wins: bool
    seats: tuple[BookSeat, ...]


@dataclass(frozen=True)
class GameMark:
    """A game that stands out for a player: its total (or deficit) and which game."""

    points: int
    game: Hashable


@dataclass
class PlayerStats:
    member: Hashable
    played: int = 0
    won: int = 0
    deals: int = 0
    deal_points: int = 0
    gone_out: int = 0
    rami_secs: int = 0
    laid_nothing: int = 0
    best_game: GameMark | None = None
    worst_game: GameMark | None = None
    best_deal: int | None = None
    biggest_comeback: GameMark | None = None  # most points behind in a game still won
    contract_sums: dict[int, list[int]] = field(default_factory=dict)  # round: [points, deals]

    @property
    def win_rate(self) -> float | None:
        """Percent of games won."""
        return 100 * self.won / self.played if self.played else None

    @property
    def points_per_deal(self) -> float | None:
        return self.deal_points / self.deals if self.deals else None

    @property
    def per_contract(self) -> list[tuple[int, float]]:
        """Average points scored per contract (its round, bonuses included), in round order."""
        return [(n, s / c) for n, (s, c) in sorted(self.contract_sums.items())]

    @property
    def costliest_contract(self) -> int | None:
        """The round whose contract costs this player the most points on average; None when
        none cost them any (a player who always went out has no costliest contract)."""
        averages = self.per_contract
        if not averages:
            return None
        number, average = max(averages, key=lambda item: item[1])
        return number if average > 0 else None


def _better(a: int, b: int, lowest: bool) -> bool:
    return a < b if lowest else a > b


def player_stats(games: Iterable[BookGame]) -> dict[Hashable, PlayerStats]:
    """Every member's figures over these finished games (callers filter period, players)."""
    stats: dict[Hashable, PlayerStats] = {}
    for game in games:
        lowest = game.lowest_wins
        for seat in game.seats:
            s = stats.setdefault(seat.member, PlayerStats(seat.member))
            r = seat.record
            s.played += 1
            s.won += r.won
            s.deals += r.deals
            s.deal_points += r.deal_points
            s.gone_out += r.gone_out
            s.rami_secs += r.rami_secs
            s.laid_nothing += r.laid_nothing
            mark = GameMark(r.total, game.key)
            if s.best_game is None or _better(r.total, s.best_game.points, lowest):
                s.best_game = mark
            if s.worst_game is None or _better(s.worst_game.points, r.total, lowest):
                s.worst_game = mark
            if r.best_deal is not None and (
                s.best_deal is None or _better(r.best_deal, s.best_deal, lowest)
            ):
                s.best_deal = r.best_deal
            if r.won and r.deepest_deficit > 0:
                if s.biggest_comeback is None or r.deepest_deficit > s.biggest_comeback.points:
                    s.biggest_comeback = GameMark(r.deepest_deficit, game.key)
            sums = s.contract_sums
            for number, points in enumerate(r.contract_points, start=1):
                if number in sums:
                    sums[number][0] += points
                    sums[number][1] += 1
                else:
                    sums[number] = [points, 1]
    return stats


@dataclass(frozen=True)
class HeadToHead:
    """Two players over the games both played: who finished ahead how often."""

    games: int
    first_ahead: int
    second_ahead: int
    level: int
    average_gap: float | None  # the first's total minus the second's, on average


def head_to_head(games: Iterable[BookGame], first: Hashable, second: Hashable) -> HeadToHead:
    both = played = first_ahead = second_ahead = gap = 0
    for game in games:
        seats = {seat.member: seat.record for seat in game.seats}
        a, b = seats.get(first), seats.get(second)
        if a is None or b is None or first == second:
            continue
        played += 1
        gap += a.total - b.total
        if a.rank < b.rank:
            first_ahead += 1
        elif b.rank < a.rank:
            second_ahead += 1
        else:
            both += 1
    return HeadToHead(played, first_ahead, second_ahead, both, gap / played if played else None)
