"""Reads: the whole board of a game (round at a glance, score grid, totals, ranks) in few queries."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules_engine import (
    behind_leader,
    cards_dealt,
    contract_for,
    decks_and_jokers,
    get_rules,
    ranking,
    seats_for_round,
    winners,
)
from rules_engine.messages import contract_symbols, contract_words
from rules_engine.romi import CompletedContract, RomiPlayer, Trophy, end_trigger, romi_tally
from rules_engine.systems import RuleSystem

from .models import Game, Player

UPCOMING_ROUNDS = 8


@dataclass
class RoundInfo:
    """What the table needs before dealing."""

    number: int
    total: int | None
    contract_words: str = ""
    contract_symbols: str = ""
    cards: int = 0
    decks: int = 0
    jokers: int = 0
    dealer: Player | None = None
    first_player: Player | None = None
    clockwise: bool = True
    no_contiguous_runs: bool = False  # this contract has runs that must not touch
    lay_all: bool = False  # the whole hand goes down at once (rami-contrat's last contract)
    opening_minimum: int | None = None  # rami-51: points of the first lay-down
    pure_run_minimum: int | None = None


@dataclass
class Cell:
    score: int
    running: int
    facts: list[str]
    hand_points: int | None
    cards: str


@dataclass
class Row:
    number: int
    round_id: int
    version: int
    no_winner: bool
    dealer: Player
    cells: list[Cell]


@dataclass
class Board:
    game: Game
    rules: RuleSystem
    players: list[Player]
    rows: list[Row] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    ranks: list[int] = field(default_factory=list)
    leaders: list[int] = field(default_factory=list)
    finished: bool = False
    next_round: RoundInfo | None = None
    # The next few rounds too, so a phone entering rounds offline can still show each
    # round's contract, dealer and deal.
    upcoming: list[RoundInfo] = field(default_factory=list)
    romi: RomiBoard | None = None

    @property
    def standings(self) -> list[Standing]:
        """Each player's rank, total and gap to the leader, best first (seat order on a tie)."""
        behind = behind_leader(self.totals, self.rules.lowest_wins)
        lines = [Standing(rank, player, total, gap)
                 for rank, player, total, gap in zip(self.ranks, self.players, self.totals, behind,
                                                     strict=True)]  # fmt: skip
        return sorted(lines, key=lambda line: line.rank)


@dataclass
class Standing:
    rank: int
    player: Player
    total: int
    behind: int  # points behind the leader (0 for the leaders)


@dataclass
class RomiLine:
    player: Player
    contracts: list
    points: int
    bonus_cards: int
    joker_used: bool
    total: int = 0
    trophies: list = field(default_factory=list)
    rank: int = 0


@dataclass
class RomiBoard:
    lines: list[RomiLine]
    trigger: int
    triggered_by: Player | None
    trophies: list


def round_info(
    game: Game, rules: RuleSystem, players: list[Player], number: int, lang: str
) -> RoundInfo:
    total = rules.round_count(game.options.get("rounds"))
    seats = seats_for_round(rules, number, game.first_dealer, len(players))
    info = RoundInfo(number=number, total=total, dealer=players[seats.dealer],
                     first_player=players[seats.first_player], clockwise=seats.clockwise)  # fmt: skip
    info.cards = cards_dealt(rules, number) if rules.cards_dealt else 0
    info.decks, info.jokers = decks_and_jokers(rules, len(players), number,
                                               with_jokers=not game.options.get("no_jokers"))  # fmt: skip
    if rules.has_contracts:
        contract = contract_for(rules, number)
        info.contract_words = contract_words(contract, lang)
        info.contract_symbols = contract_symbols(contract)
        runs = sum(req.kind == "run" for req in contract.requirements)
        info.no_contiguous_runs = rules.forbid_contiguous_runs and runs > 1
        info.lay_all = contract.lay_all_cards
    if rules.opening is not None:
        info.opening_minimum = rules.opening.minimum
        info.pure_run_minimum = rules.opening.pure_run_min
    return info


def game_board(game: Game, lang: str = "fr") -> Board:
    rules = get_rules(game.rules_slug)
    players = list(game.players.all())
    board = Board(game=game, rules=rules, players=players)
    if rules.romi is not None:
        board.romi = _romi_board(game, rules, players)
        board.finished = game.finished_at is not None
        return board
    rounds = list(game.rounds.prefetch_related("scores"))
    seat_of = {p.pk: p.seat for p in players}
    running = [0] * len(players)
    for round_ in rounds:
        by_seat = {seat_of[s.player_id]: s for s in round_.scores.all()}
        if len(by_seat) < len(players):
            continue  # deleted between the two reads (rounds, then their scores): gone
        cells = []
        for seat in range(len(players)):
            s = by_seat[seat]
            running[seat] += s.score
            cells.append(Cell(s.score, running[seat], list(s.facts), s.hand_points, s.cards))
        dealer = seats_for_round(rules, round_.number, game.first_dealer, len(players)).dealer
        board.rows.append(Row(round_.number, round_.pk, round_.version, round_.no_winner,
                              players[dealer], cells))  # fmt: skip
    board.totals = running
    board.ranks = ranking(running, rules.lowest_wins)
    board.leaders = winners(running, rules.lowest_wins) if rounds else []
    total = rules.round_count(game.options.get("rounds"))
    board.finished = game.finished_at is not None or (total is not None and len(rounds) >= total)
    if not board.finished:
        last = (
            len(rounds) + UPCOMING_ROUNDS
            if total is None
            else min(total, len(rounds) + UPCOMING_ROUNDS)
        )
        board.upcoming = [
            round_info(game, rules, players, number, lang)
            for number in range(len(rounds) + 1, last + 1)
        ]
        board.next_round = board.upcoming[0]
    return board


def _romi_board(game: Game, rules: RuleSystem, players: list[Player]) -> RomiBoard:
    contracts = list(game.romi_contracts.all())
    trophies = list(game.romi_trophies.all())
    lines = []
    for player in players:
        mine = [c for c in contracts if c.player_id == player.pk]
        lines.append(RomiLine(player, mine, sum(c.points for c in mine),
                              sum(c.bonus_cards for c in mine), any(c.joker_used for c in mine)))  # fmt: skip
    engine_players = [
        RomiPlayer(tuple(CompletedContract(c.points, c.colour, tuple(int(x) for x in c.combos.split(",")),
                                           c.bonus_cards) for c in line.contracts), line.joker_used)
        for line in lines
    ]  # fmt: skip
    tally = romi_tally(rules.romi, engine_players, [Trophy(t.symbol, t.points) for t in trophies])
    for line, score in zip(lines, tally, strict=True):
        line.total, line.trophies, line.rank = score.total, list(score.trophies), score.rank
    trigger = end_trigger(rules.romi, len(players))
    triggered_by = None
    counts = {p.pk: 0 for p in players}
    for c in contracts:
        counts[c.player_id] += 1
        if counts[c.player_id] == trigger and triggered_by is None:
            triggered_by = next(p for p in players if p.pk == c.player_id)
    return RomiBoard(lines, trigger, triggered_by, trophies)
