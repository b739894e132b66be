"""A table's own game kept on the server: made (from a built-in game, a copy, or a file),
changed by its edit link, kept in a group. Games started from it keep their frozen copy."""

from __future__ import annotations

from typing import Any

from rules_engine import RuleSystem, read_document, variant_document
from scorekeeper.core.tokens import new_salt, new_token, token_hash, view_token
from scorekeeper.models import Club, HouseGame
from scorekeeper.records.writing import writing


def checked(document: dict[str, Any]) -> tuple[RuleSystem, dict[str, Any]]:
    """The rules of a table's document, and the document as it is kept: whole (nothing left
    to `extends`) and short (the format's defaults left out). Raises VariantError."""
    rules = read_document(document)
    return rules, variant_document(rules)


@writing()
def house_game_create(document: dict[str, Any]) -> tuple[HouseGame, str]:
    """A new own game from a document; returns it with its edit token (shown once)."""
    _rules, kept = checked(document)
    salt = new_salt()
    edit = new_token()
    house = HouseGame.objects.create(
        document=kept,
        edit_token_hash=token_hash(edit),
        view_salt=salt,
        view_token_hash=token_hash(view_token(salt)),
    )
    return house, edit


@writing()
def house_game_update(house: HouseGame, document: dict[str, Any]) -> HouseGame:
    """Its new rules; the games already started keep the copy they started with."""
    _rules, kept = checked(document)
    house.document = kept
    house.save(update_fields=["document", "updated_at"])
    return house


@writing()
def house_game_keep_in(house: HouseGame, club: Club | None) -> None:
    house.club = club
    house.save(update_fields=["club", "updated_at"])
