"""Reads: the whole board of a game (round at a glance, score grid, totals, ranks) in few queries."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any
from urllib.parse import urlencode

from django.core.exceptions import ValidationError
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from reportlab.graphics.shapes import Drawing

from rules_engine import (
    AnyTable,
    CompletedContract,
    RomiPlayer,
    RomiTable,
    RoundPlan,
    RulesError,
    RuleSystem,
    Table,
    Trophy,
    dealt,
    parse_hand,
)
from scorekeeper.core import charts, race
from scorekeeper.core.house_rules import encode, in_force
from scorekeeper.core.keypad import parse_points
from scorekeeper.core.refusals import kept_words
from scorekeeper.core.tokens import view_token
from scorekeeper.models import Game, Player, ProposedHand, RomiContract, RomiTrophy
from scorekeeper.records import round_records
from scorekeeper.records.documents import Hand
from scorekeeper.records.stored import StoredRound, stored_rounds

UPCOMING_ROUNDS = 8


@dataclass
class RoundInfo:
    """What the table needs before dealing: the engine's plan, with names and words."""

    plan: RoundPlan
    dealer: Player
    first_player: Player
    contract_words: str = ""
    contract_symbols: str = ""

    def __getattr__(self, name: str) -> Any:
        if name == "plan":  # not set yet (a copy being built): no recursion
            raise AttributeError(name)
        return getattr(self.plan, name)  # number, total, cards, decks, jokers, clockwise...


@dataclass
class Cell:
    """One seat's hand in a round of the grid (`documents.Hand`) with its running total."""

    hand: Hand
    running: int
    sat_out: bool = False  # the seat was not at the table for this round

    @property
    def score(self) -> int:
        return self.hand.score

    @property
    def facts(self) -> list[str]:
        return list(self.hand.facts)

    @property
    def hand_points(self) -> int | None:
        return self.hand.points

    @property
    def cards(self) -> str:
        return self.hand.cards


@dataclass
class Row:
    number: int
    round_id: int
    version: int
    no_winner: bool
    dealer: Player
    cells: list[Cell]


@dataclass
class SentHand:
    """A seat and the hand its player sent from their own phone (None: not yet), with what
    the hand is worth (cards counted, points summed) and why it stopped the round, if so."""

    player: Player
    hand: ProposedHand | None
    value: int | None = None
    problem: str = ""


def sent_hand(table: Table, player: Player, hand: ProposedHand | None, lang: str) -> SentHand:
    if hand is None:
        return SentHand(player, None)
    value = None
    try:
        if hand.cards:
            value = table.hand_value(tuple(parse_hand(hand.cards)))
        elif hand.points:
            value = parse_points(hand.points)
    except (RulesError, ValidationError):  # checked when sent; a rule changed since
        value = None
    return SentHand(player, hand, value, kept_words(hand.problem, lang))


@dataclass
class Board:
    game: Game
    table: AnyTable
    players: list[Player]
    rows: list[Row] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    ranks: list[int] = field(default_factory=list)
    leaders: list[int] = field(default_factory=list)
    finished: bool = False
    stopped_early: bool = False  # the table ended it before its rounds did: it may go on
    sent: list[SentHand] = field(default_factory=list)  # "Join the table": hands sent so far
    next_round: RoundInfo | None = None
    # The next few rounds too, so a phone entering rounds offline can still show each
    # round's contract, dealer and deal.
    upcoming: list[RoundInfo] = field(default_factory=list)
    romi: RomiBoard | None = None

    behind: list[int] = field(default_factory=list)
    house_rules: list[str] = field(default_factory=list)  # the table's options, in words
    points_to_go: int | None = None  # before a total ends the game, when one does
    starts: list[int] = field(default_factory=list)  # each seat's starting total (late: not 0)
    drawn_races: dict[str | None, str] = field(default_factory=dict, repr=False, compare=False)

    @property
    def rules(self) -> RuleSystem:
        """The rules this table plays (its house rules applied)."""
        return self.table.rules

    @property
    def checker_query(self) -> str:
        """The checker's address parameters for this table: its round, seats and options."""
        table = self.game.table
        number = (
            "opening"
            if self.rules.opening
            else (self.next_round.number if self.next_round else max(len(self.rows), 1))
        )
        query: dict[str, object] = {
            "rules": self.rules.slug,
            "round": number,
            "players": table.players,
        }
        for name, value in table.options.house_rules(table.system):
            query[name] = encode(value)
        if self.game.variant:  # a table's own game: the checker reads it from the game
            query["game"] = view_token(self.game.view_salt)
        return urlencode(query)

    @property
    def running(self) -> list[list[int | None]]:
        """Each round's running totals, seat by seat: what the score race draws."""
        return [[None if cell.sat_out else cell.running for cell in row.cells] for row in self.rows]

    @cached_property
    def race_layout(self) -> race.RaceLayout:
        """The score race of this game laid out (a late player's line from their start)."""
        firsts = [self.sitting(p.seat)[0] for p in self.players]
        names = [p.name for p in self.players]
        return race.lay_out(names, self.running, self.starts or None, firsts)

    def chart(self) -> Drawing:
        """The score race for the printed grid."""
        return race.drawing(self.race_layout)

    @property
    def chart_svg(self) -> str:
        """The score race set into a page (a save renders it for every phone: plain text),
        drawn once per language: a save sets it into the scorer's answer and the viewers'."""
        language = get_language()
        if language not in self.drawn_races:
            drawn = race.svg(self.race_layout, self.chart_summary)
            self.drawn_races[language] = mark_safe(drawn)  # race.svg escapes
        return self.drawn_races[language]

    def sitting(self, seat: int) -> tuple[int, int | None]:
        """The first round a seat played and its last (None: still at the table)."""
        table = self.table
        return table.sitting(seat)

    @property
    def comings(self) -> list[tuple[Player, int, int | None, int]]:
        """The seats that came late or left: each with its first and last round, and the
        total it started on."""
        marked = []
        for player in self.players:
            first, last = self.sitting(player.seat)
            if first > 1 or last is not None:
                start = self.starts[player.seat] if self.starts else 0
                marked.append((player, first, last, start))
        return marked

    @property
    def chart_summary(self) -> str:
        names = [p.name for p in self.players]
        return charts.summary(names, self.running, self.ranks, self.totals)

    @property
    def standings(self) -> list[Standing]:
        """Each player's rank, total and gap to the leader, best first (seat order on a tie)."""
        lines = [
            Standing(
                rank,
                player,
                total,
                gap,
                *self.sitting(player.seat),
                start=self.starts[player.seat] if self.starts else 0,
            )
            for rank, player, total, gap in zip(
                self.ranks, self.players, self.totals, self.behind, strict=True
            )
        ]
        return sorted(lines, key=lambda line: line.rank)


@dataclass
class Standing:
    rank: int
    player: Player
    total: int
    behind: int  # points behind the leader (0 for the leaders)
    first: int = 1  # the first round this player played (a late player's is after 1)
    last: int | None = None  # the last, once they left the table
    start: int = 0  # the total a late player started on


@dataclass
class RomiLine:
    player: Player
    contracts: list[RomiContract]
    points: int
    bonus_cards: int
    joker_used: bool
    total: int = 0
    trophies: list[Trophy] = field(default_factory=list)
    rank: int = 0


@dataclass
class RomiBoard:
    lines: list[RomiLine]
    trigger: int
    triggered_by: Player | None
    trophies: list[RomiTrophy]

    @property
    def winners(self) -> list[Player]:
        """The player(s) ranked first (the tie-break on bonus cards already applied)."""
        return [line.player for line in self.lines if line.rank == 1]


def round_info(table: Table, players: list[Player], number: int, lang: str) -> RoundInfo:
    plan = table.round(number)
    info = RoundInfo(plan, players[plan.dealer], players[plan.first_player])
    if plan.contract is not None:
        info.contract_words = plan.contract_words(lang)
        info.contract_symbols = plan.contract_symbols
    return info


def game_board(
    game: Game,
    lang: str = "fr",
    *,
    players: list[Player] | None = None,
    rounds: list[StoredRound] | None = None,
    sent: dict[int, ProposedHand] | None = None,
) -> Board:
    """The game as its pages show it; what the caller already holds (its players, its stored
    rounds, the hands sent for the next round) is not read again."""
    table = game.table
    players = players if players is not None else list(game.players.all())
    board = Board(game=game, table=table, players=players)
    board.house_rules = in_force(table.system, table.options)
    if not dealt(table):
        board.romi = _romi_board(game, table, players)
        board.finished = table.is_finished(game.finished_at is not None)
        return board
    seat_of = {p.pk: p.seat for p in players}
    stored = []
    for round_, scores in rounds if rounds is not None else stored_rounds(game):
        if len(scores) == len(players):  # else changed while it was read: read again later
            stored.append((round_, round_records.stored(round_, scores, seat_of)))
    scored = [[hand.score for hand in record.hands] for _, record in stored]
    for (round_, record), running in zip(stored, table.running_totals(scored), strict=True):
        cells = [
            Cell(hand, total, sat_out=not table.plays(hand.seat, round_.number))
            for hand, total in zip(record.hands, running, strict=True)
        ]
        dealer = players[table.dealer(round_.number)]
        board.rows.append(
            Row(round_.number, round_.pk, round_.version, round_.no_winner, dealer, cells)
        )
    standings = table.standings(scored)
    board.starts = table.starting_totals(scored)
    board.totals, board.ranks, board.leaders = standings.totals, standings.ranks, standings.leaders
    board.behind = standings.behind
    ended = game.finished_at is not None
    board.finished = table.is_finished(ended, len(board.rows), board.totals)
    board.stopped_early = table.stopped_early(ended, len(board.rows), board.totals)
    if not board.finished:
        played = len(board.rows)
        last = played + UPCOMING_ROUNDS
        if table.rounds is not None:
            last = min(table.rounds, last)
        board.upcoming = [round_info(table, players, n, lang) for n in range(played + 1, last + 1)]
        board.next_round = board.upcoming[0]
        board.points_to_go = table.points_to_go(board.totals)
        if game.seat_salt:  # the players' own links are open: their hands, as they arrive
            hands = sent
            if hands is None:
                hands = {h.seat: h for h in game.proposed_hands.filter(number=played + 1)}
            board.sent = [
                sent_hand(table, p, hands.get(p.seat), lang)
                for p in players
                if table.plays(p.seat, played + 1)
            ]
    return board


def _romi_board(game: Game, table: RomiTable, players: list[Player]) -> RomiBoard:
    contracts = list(game.romi_contracts.all())
    trophies = list(game.romi_trophies.all())
    lines = romi_lines(table, players, contracts, trophies)
    trigger = table.end_trigger
    triggered_by = None
    counts = {p.pk: 0 for p in players}
    for c in contracts:
        counts[c.player_id] += 1
        if counts[c.player_id] == trigger and triggered_by is None:
            triggered_by = next(p for p in players if p.pk == c.player_id)
    return RomiBoard(lines, trigger, triggered_by, trophies)


def romi_lines(
    table: RomiTable,
    players: list[Player],
    contracts: list[RomiContract],
    trophies: list[RomiTrophy],
) -> list[RomiLine]:
    """Each player's ROMi RAMi sheet and the engine's tally of it (total, trophies, rank)."""
    lines = []
    for player in players:
        mine = [c for c in contracts if c.player_id == player.pk]
        lines.append(
            RomiLine(
                player,
                mine,
                sum(c.points for c in mine),
                sum(c.bonus_cards for c in mine),
                any(c.joker_used for c in mine),
            )
        )
    engine_players = [
        RomiPlayer(
            tuple(
                CompletedContract(
                    c.points, c.colour, tuple(int(x) for x in c.combos.split(",")), c.bonus_cards
                )
                for c in line.contracts
            ),
            line.joker_used,
        )
        for line in lines
    ]
    tally = table.tally(engine_players, [Trophy(t.symbol, t.points) for t in trophies])
    for line, score in zip(lines, tally, strict=True):
        line.total, line.trophies, line.rank = score.total, list(score.trophies), score.rank
    return lines
