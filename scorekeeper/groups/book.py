"""Reads of a group's book: every game summed up, then filtered statistics.

The figures come from `GameResult` rows, one per player and game, each stamped with the
game's version. The services store them whenever a game of a group changes
(services.results); a row older than its game is summed up again for the page only, so a
page costs the same few queries for a group of 5 games or 500 and never writes.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, cast
from urllib.parse import urlencode

from django.utils import timezone

from rules_engine import (
    SYSTEMS,
    BookGame,
    BookSeat,
    Fact,
    HeadToHead,
    PlayerStats,
    RuleSystem,
    SeatRecord,
    Table,
    head_to_head,
    player_stats,
    stored_variant,
)
from scorekeeper.core.digits import small_number
from scorekeeper.games.results import RECORD_FIELDS, game_results
from scorekeeper.models import (
    Club,
    Game,
    GameResult,
    Member,
)

PERIODS = ("all", "year", "month")


@dataclass(frozen=True)
class GameInfo:
    pk: int
    version: int
    rules: str
    seats: int
    created_at: datetime


@dataclass(frozen=True)
class SeatResult:
    """One seat's result in one game of the group, as of the game's `version`."""

    game: int
    version: int
    finished: bool
    member: int | None
    record: SeatRecord


def _seat_record(values: Mapping[str, object]) -> SeatRecord:
    points = cast(str, values["contract_points"])
    contracts = tuple(map(int, points.split(","))) if points else ()
    fields = {name: values[name] for name in RECORD_FIELDS if name != "contract_points"}
    return SeatRecord(**fields, contract_points=contracts)  # type: ignore[arg-type]


def _stored_results(club: Club) -> list[SeatResult]:
    """The stored rows, read as values: a group of 500 games reads thousands of them."""
    query = GameResult.objects.filter(game__club=club).values(
        "game_id", "version", "finished", "player__member_id", *RECORD_FIELDS
    )
    return [
        SeatResult(
            v["game_id"], v["version"], v["finished"], v["player__member_id"], _seat_record(v)
        )
        for v in query
    ]


def _seat_result(result: GameResult) -> SeatResult:
    values = {name: getattr(result, name) for name in RECORD_FIELDS}
    record = _seat_record(values)
    return SeatResult(
        result.game_id, result.version, result.finished, result.player.member_id, record
    )


def club_results(club: Club) -> tuple[dict[int, GameInfo], dict[int, list[SeatResult]]]:
    """The group's games and, game by game, every seat's result, each up to date with its
    game."""
    games = {
        row[0]: GameInfo(*row)
        for row in Game.objects.filter(club=club).values_list(
            "pk", "version", "rules_slug", "seats", "created_at"
        )
    }
    by_game: dict[int, list[SeatResult]] = defaultdict(list)
    for seat in _stored_results(club):
        by_game[seat.game].append(seat)
    stale = [
        pk
        for pk, info in games.items()
        if len(by_game[pk]) != info.seats or any(r.version != info.version for r in by_game[pk])
    ]
    # A game whose rows are stale (changed outside the services, or before they kept the book
    # up to date) is summed up here for this page only: a read never writes.
    for pk in stale:
        by_game[pk] = []
    for result in game_results(stale) if stale else []:
        by_game[result.game_id].append(_seat_result(result))
    return games, by_game


# ---------------------------------------------------------------- statistics, filtered


@dataclass(frozen=True)
class Filters:
    system: str | None  # None: the group has played nothing yet
    period: str = "all"
    players: int | None = None  # None: any number of players

    @property
    def query(self) -> dict[str, str]:
        """These filters as address parameters (defaults left out)."""
        values = {"system": self.system, "period": self.period, "players": self.players}
        return {k: str(v) for k, v in values.items() if v not in (None, "", "all")}

    @property
    def encoded(self) -> str:
        return urlencode(self.query)


def period_start(period: str, now: datetime | None = None) -> datetime | None:
    """The first moment a period counts from, in the server's time zone (None: all time)."""
    now = timezone.localtime(now)
    if period == "month":
        return now.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    if period == "year":
        return now.replace(month=1, day=1, hour=0, minute=0, second=0, microsecond=0)
    return None


def read_filters(
    query: Mapping[str, str], games: dict[int, GameInfo], finished: set[int]
) -> Filters:
    """What the address asks, where the group has it; otherwise the game it finished most
    often (then played most, then by name), all time, any number of players. Nothing in the
    address can ask for more work than that."""
    played = Counter(info.rules for info in games.values())
    ended = Counter(info.rules for info in games.values() if info.pk in finished)
    system: str | None = query.get("system", "")
    if system not in played:
        ranked = sorted(played, key=lambda slug: (-ended[slug], -played[slug], slug))
        system = ranked[0] if ranked else None
    period = query.get("period", "all")
    if period not in PERIODS:
        period = "all"
    players = small_number(query.get("players", ""))
    return Filters(system, period, players)


@dataclass
class Line:
    """One member's figures, with the words the page needs around them."""

    member: Member
    stats: PlayerStats
    best_game_on: datetime | None = None
    worst_game_on: datetime | None = None
    comeback_on: datetime | None = None
    contracts: list[tuple[int, str, float]] = field(default_factory=list)  # round, words, avg
    costliest: tuple[int, str, float] | None = None


@dataclass
class Book:
    club: Club
    filters: Filters
    rules: RuleSystem | None
    systems: list[tuple[str, str, int]]  # slug, name, games played
    player_counts: list[int]
    members: list[Member]
    lines: list[Line]
    counted: int  # finished games the figures cover
    in_progress: int  # games of this system and filter not finished yet
    games: list[BookGame]
    dates: dict[int, datetime]  # when each counted game started

    @property
    def has_contracts(self) -> bool:
        return bool(self.rules and self.rules.contracts)

    @property
    def has_deals(self) -> bool:
        return bool(self.rules and self.rules.deals_rounds)

    def _scores(self, fact: Fact) -> bool:
        """Whether this game's rules score that fact (rami secs, laid nothing: Rami 51)."""
        rules = self.rules
        if rules is None:
            return False
        return any(f.fact == fact for f in rules.flat_scores) or any(
            b.fact == fact for b in rules.bonuses
        )

    @property
    def shows_rami_secs(self) -> bool:
        return self._scores(Fact.RAMI_SEC)

    @property
    def shows_laid_nothing(self) -> bool:
        return self._scores(Fact.LAID_NOTHING)

    def pair(self, first: int, second: int) -> HeadToHead:
        return head_to_head(self.games, first, second)


def club_book(club: Club, query: Mapping[str, str], lang: str) -> Book:
    """The group's statistics as the address filters them: 4 queries, 5 more when games
    changed since last read."""
    games, rows = club_results(club)
    finished = {pk for pk, seats in rows.items() if seats and seats[0].finished}
    filters = read_filters(query, games, finished)
    members = list(Member.objects.filter(club=club))
    by_id = {m.pk: m for m in members}
    start = period_start(filters.period)
    chosen = {
        pk: info
        for pk, info in games.items()
        if info.rules == filters.system and (start is None or info.created_at >= start)
    }
    player_counts = sorted({info.seats for info in chosen.values()})
    if filters.players is not None:
        chosen = {pk: info for pk, info in chosen.items() if info.seats == filters.players}
    known = systems_of(club)
    rules = known.get(filters.system) if filters.system else None
    seats: dict[int, list[BookSeat]] = defaultdict(list)
    unfinished: set[int] = set()
    for pk in chosen:
        for seat in rows[pk]:
            if not seat.finished:
                unfinished.add(pk)
            elif seat.member in by_id:
                seats[pk].append(BookSeat(seat.member, seat.record))
    lowest = rules.lowest_wins if rules else True
    book_games = [BookGame(pk, lowest, tuple(s)) for pk, s in seats.items()]
    stats = player_stats(book_games)
    counts: dict[str, int] = defaultdict(int)
    for info in games.values():
        counts[info.rules] += 1
    lines = [_line(by_id[cast(int, m)], s, games, rules, lang) for m, s in stats.items()]
    lines.sort(key=lambda line: (-line.stats.won, -(line.stats.win_rate or 0), line.member.name))
    return Book(
        club=club,
        filters=filters,
        rules=rules,
        systems=[
            (slug, known[slug].name.get(lang, slug) if slug in known else slug, n)
            for slug, n in sorted(counts.items())
        ],
        player_counts=player_counts,
        members=members,
        lines=lines,
        counted=len(book_games),
        in_progress=len(unfinished),
        games=book_games,
        dates={pk: info.created_at for pk, info in chosen.items()},
    )


def systems_of(club: Club) -> dict[str, RuleSystem]:
    """The rules of every game the group played: the built-in systems, and each own game's
    (its latest frozen copy under its slug)."""
    known = dict(SYSTEMS)
    own = (
        Game.objects.filter(club=club, variant__isnull=False)
        .exclude(rules_slug__in=list(SYSTEMS))
        .order_by("rules_slug", "-created_at")
        .values_list("rules_slug", "variant")
    )
    for slug, variant in own:
        if slug not in known and variant is not None:
            known[slug] = stored_variant(variant)
    return known


def _line(
    member: Member,
    stats: PlayerStats,
    games: Mapping[int, GameInfo],
    rules: RuleSystem | None,
    lang: str,
) -> Line:
    def on(mark: Any) -> datetime | None:
        return games[mark.game].created_at if mark is not None else None

    line = Line(
        member, stats, on(stats.best_game), on(stats.worst_game), on(stats.biggest_comeback)
    )
    if rules is not None and rules.contracts:
        table = Table(rules, None)
        line.contracts = [(n, table.contract_words(n, lang), avg) for n, avg in stats.per_contract]
        costliest = stats.costliest_contract
        line.costliest = next((c for c in line.contracts if c[0] == costliest), None)
    return line
