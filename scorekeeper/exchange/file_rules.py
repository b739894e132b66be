"""Which rules a file's game is played by, and the one way a check of a file refuses."""

from __future__ import annotations

from django.utils.translation import gettext as _

from rules_engine import RulesError, RuleSystem, get_rules, read_document
from scorekeeper.core.problems import Malformed
from scorekeeper.core.refusals import refusal_words
from scorekeeper.records.documents import GameDocument


def need(condition: bool, where: str, what: str) -> None:
    if not condition:
        raise Malformed(where, what)


def rules_of(document: GameDocument) -> RuleSystem:
    """The rules a file's game is played by: a built-in game's, or its own (checked whole by
    the engine, and named as the file names the game)."""
    if document.variant is None:
        try:
            return get_rules(document.rules)
        except RulesError:
            raise Malformed("rules", _("one of the games this app knows")) from None
    try:
        rules = read_document(document.variant)
    except RulesError as error:
        raise Malformed("variant", refusal_words(error)) from None
    need(rules.slug == document.rules, "rules", _("the slug of its own game (variant)"))
    return rules
