"""ROMi RAMi: contract cards logged (a replayed entry returns the stored one), deleted, and
the game finished with its trophies."""

from __future__ import annotations

import uuid
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from rules_engine import COLOURS

from ..documents import MOST_CONTRACTS
from ..models import Game, HistoryEntry, Player, RomiContract, RomiTrophy
from ..refusals import Conflict, ServiceError
from .history import bump_version, record, replayed


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
    romi = game.table.rules.romi_rules
    if colour not in COLOURS:
        raise ServiceError("romi_colour", field="colour")
    if (
        not combos
        or len(combos) > romi.most_combos
        or any(c not in romi.combo_sizes for c in combos)
    ):
        raise ServiceError("romi_combos", field="combos")
    if not 0 <= points <= romi.most_contract_points:
        raise ServiceError("romi_points", field="points", most=romi.most_contract_points)
    if not 0 <= bonus_cards <= romi.most_bonus_cards:
        raise ServiceError("romi_bonus_cards", field="bonus_cards", most=romi.most_bonus_cards)
    facts = {
        "player_id": player.pk,
        "points": points,
        "colour": colour,
        "combos": ",".join(map(str, combos)),
        "bonus_cards": bonus_cards,
        "joker_used": joker_used,
    }
    try:
        with transaction.atomic():
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


def _romi_replayed(
    client_uuid: uuid.UUID | None, game: Game, facts: dict[str, Any]
) -> RomiContract | None:
    def same(existing: RomiContract) -> bool:
        return {name: getattr(existing, name) for name in facts} == facts

    return replayed(RomiContract, client_uuid, game, same)


@transaction.atomic
def romi_contract_delete(*, game: Game, contract_id: int) -> None:
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
        },
    )
    contract.delete()
    bump_version(game)


@transaction.atomic
def romi_finish(*, game: Game, trophies: list[tuple[str, int]]) -> None:
    """Record the four trophies in play and end the game; the tally is computed on display."""
    rules = game.table.rules
    symbols = [s for s, _ in trophies]
    if len(trophies) != rules.romi_rules.trophies_in_play or len(set(symbols)) != len(symbols):
        raise ServiceError("romi_trophies", count=rules.romi_rules.trophies_in_play)
    game.romi_trophies.all().delete()
    RomiTrophy.objects.bulk_create(RomiTrophy(game=game, symbol=s, points=p) for s, p in trophies)
    Game.objects.filter(pk=game.pk).update(finished_at=timezone.now())
    record(game=game, action=HistoryEntry.Action.FINISHED)
    bump_version(game)
