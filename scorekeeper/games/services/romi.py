"""ROMi RAMi: contract cards logged (a replayed entry returns the stored one), deleted, and
the game finished with its trophies."""

from __future__ import annotations

import uuid
from typing import Any

from django.db import IntegrityError
from django.utils import timezone

from rules_engine import RomiTable
from scorekeeper.core.refusals import Conflict, ServiceError
from scorekeeper.games.services.history import bump_version, record, replayed, table_of
from scorekeeper.models import Game, HistoryEntry, Player, RomiContract, RomiTrophy
from scorekeeper.records.documents import MOST_CONTRACTS
from scorekeeper.records.writing import writing


def romi_contract_log(
    *,
    game: Game,
    player: Player,
    points: int,
    colour: str,
    combos: list[int],
    bonus_cards: int,
    joker_used: bool,
    client_uuid: uuid.UUID | None = None,
) -> RomiContract:
    """Log a contract card a player completed; the joker token serves once per game.

    A replay of the same client UUID returns the stored contract, as a round's does; the
    same UUID with other facts, or from another game, is refused (`uuid_reused`).
    """
    problem = romi_table(game).card_problem(points, colour, combos, bonus_cards)
    if problem is not None:
        raise ServiceError.of(problem)
    facts = {
        "player_id": player.pk,
        "points": points,
        "colour": colour,
        "combos": ",".join(map(str, combos)),
        "bonus_cards": bonus_cards,
        "joker_used": joker_used,
    }
    try:
        with writing():
            game = Game.objects.select_for_update().get(pk=game.pk)
            # Under the game's lock: a replay racing its own first try waits, then sees it.
            replay = _romi_replayed(client_uuid, game, facts)
            if replay is not None:
                return replay
            if game.finished_at:
                raise ServiceError("game_over")
            if game.romi_contracts.count() >= MOST_CONTRACTS:
                raise ServiceError("romi_full", most=MOST_CONTRACTS)
            if joker_used and player.romi_contracts.filter(joker_used=True).exists():
                raise ServiceError("romi_joker_used", field="joker_used")
            contract = RomiContract.objects.create(game=game, client_uuid=client_uuid, **facts)
            record(
                game=game,
                action=HistoryEntry.Action.CONTRACT,
                after={
                    "name": player.name,
                    "points": points,
                    "colour": colour,
                    "combos": combos,
                    "bonus_cards": bonus_cards,
                    "joker_used": joker_used,
                },
            )
            bump_version(game)
            return contract
    except IntegrityError:
        # The same UUID arrived twice at once (PostgreSQL lets both wait on the insert).
        replay = _romi_replayed(client_uuid, game, facts)
        if replay is not None:
            return replay
        raise


def romi_table(game: Game) -> RomiTable:
    return table_of(game, RomiTable, "no_romi")  # the other games have rounds, not cards


def _romi_replayed(
    client_uuid: uuid.UUID | None, game: Game, facts: dict[str, Any]
) -> RomiContract | None:
    def same(existing: RomiContract) -> bool:
        return {name: getattr(existing, name) for name in facts} == facts

    return replayed(RomiContract, client_uuid, game, same)


@writing()
def romi_contract_delete(*, game: Game, contract_id: int) -> None:
    game = Game.objects.select_for_update().get(pk=game.pk)
    contract = game.romi_contracts.select_related("player").filter(pk=contract_id).first()
    if contract is None:
        raise Conflict("contract_gone")
    record(
        game=game,
        action=HistoryEntry.Action.CONTRACT_DELETED,
        before={
            "name": contract.player.name,
            "points": contract.points,
            "colour": contract.colour,
            "combos": contract.combos,
            "bonus_cards": contract.bonus_cards,
            "joker_used": contract.joker_used,
        },
    )
    contract.delete()
    bump_version(game)


@writing()
def romi_finish(*, game: Game, trophies: list[tuple[str, int]]) -> None:
    """Record the four trophies in play and end the game; the tally is computed on display."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    problem = romi_table(game).trophies_problem([symbol for symbol, _ in trophies])
    if problem is not None:
        raise ServiceError.of(problem)
    game.romi_trophies.all().delete()
    RomiTrophy.objects.bulk_create(RomiTrophy(game=game, symbol=s, points=p) for s, p in trophies)
    Game.objects.filter(pk=game.pk).update(finished_at=timezone.now())
    record(game=game, action=HistoryEntry.Action.FINISHED)
    bump_version(game)
