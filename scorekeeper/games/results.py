"""A game's results, seat by seat (total, rank, deals, best deal, contract points...), stored
again whenever the game changes: the group's book only reads them (groups/book.py)."""

from __future__ import annotations

from collections import defaultdict

from rules_engine import Deal, SeatRecord, dealt, seat_records
from scorekeeper.games.selectors import romi_lines
from scorekeeper.models import Game, GameResult, Player, RomiContract, RomiTrophy, RoundScore

RECORD_FIELDS = (
    "total",
    "rank",
    "deals",
    "deal_points",
    "best_deal",
    "gone_out",
    "rami_secs",
    "laid_nothing",
    "deepest_deficit",
    "contract_points",
)


def _records(
    game: Game,
    players: list[Player],
    deals: list[Deal],
    romi: tuple[list[RomiContract], list[RomiTrophy]],
) -> list[SeatRecord]:
    table = game.table
    if not dealt(table):
        contracts, trophies = romi
        lines = romi_lines(table, players, contracts, trophies)
        return [SeatRecord(total=line.total, rank=line.rank) for line in lines]
    return seat_records(table, deals)


def game_results(game_ids: list[int]) -> list[GameResult]:
    """These games summed up, seat by seat, as result rows not yet stored (a fixed number of
    queries however many games)."""
    games = list(Game.objects.filter(pk__in=game_ids).prefetch_related("players"))
    romi_ids = [g.pk for g in games if not g.table.deals_rounds]
    rows: dict[int, dict[int, dict[int, tuple[int, list[str]]]]] = defaultdict(dict)
    scores = (
        RoundScore.objects.filter(round__game__in=[g.pk for g in games if g.pk not in romi_ids])
        .values_list("round__game_id", "round__number", "player_id", "score", "facts")
        .order_by("round__number")
    )
    for game_id, number, player_id, score, facts in scores:
        rows[game_id].setdefault(number, {})[player_id] = (score, facts)
    contracts: dict[int, list[RomiContract]] = defaultdict(list)
    trophies: dict[int, list[RomiTrophy]] = defaultdict(list)
    if romi_ids:
        for contract in RomiContract.objects.filter(game__in=romi_ids):
            contracts[contract.game_id].append(contract)
        for trophy in RomiTrophy.objects.filter(game__in=romi_ids):
            trophies[trophy.game_id].append(trophy)
    results = []
    for game in games:
        players = list(game.players.all())
        deals = []
        for number, by_player in rows[game.pk].items():
            if len(by_player) == len(players):  # a round being deleted meanwhile: left out
                cells = [by_player[p.pk] for p in players]
                deals.append(
                    Deal(number, tuple(c[0] for c in cells), tuple(frozenset(c[1]) for c in cells))
                )
        records = _records(game, players, deals, (contracts[game.pk], trophies[game.pk]))
        totals = [r.total for r in records]
        finished = game.table.is_finished(game.finished_at is not None, len(deals), totals)
        for player, record in zip(players, records, strict=True):
            values = {name: getattr(record, name) for name in RECORD_FIELDS}
            values["contract_points"] = ",".join(map(str, record.contract_points))
            results.append(
                GameResult(
                    game=game, player=player, version=game.version, finished=finished, **values
                )
            )
    return results


def summarise(game_ids: list[int]) -> None:
    """Sum these games up again and store their result rows (a few queries however many)."""
    GameResult.objects.bulk_create(
        game_results(game_ids),
        update_conflicts=True,
        unique_fields=["player"],
        update_fields=["version", "finished", *RECORD_FIELDS],
    )
