"""The referee: does this lay-down meet the round's contract (or the opening), what would,
and what is this hand worth. One entry point for the CLI, the check page and the JSON API.

Answers are plain dicts, ready for JSON; bad input raises a RulesError with its code.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cards import Card, format_card, parse_cards, parse_hand, parse_melds
from .catalogue import get_rules
from .errors import RoundOutOfRange, RulesError
from .melds import Reason
from .messages import contract_words, describe, reading_words
from .options import TableOptions
from .romi_table import RomiTable
from .systems import RuleSystem
from .tables import AnyTable, table_for

MAX_TEXT = 500  # characters of notation read; longer text is cut, never parsed whole

Answer = dict[str, Any]  # JSON-ready


@dataclass(frozen=True)
class Question:
    """What is asked of a table: a round's contract, the opening, or a ROMi RAMi contract.

    A question from a game holds that game's table, whose decks and jokers then bound the
    cards; one asked outside a game holds a table without a player count (the most the rules
    ever deal).
    """

    table: AnyTable
    round: int | None = None
    opening: bool = False
    contract: str = ""  # ROMi RAMi requirements, e.g. "pair+run3"
    joker: bool = False  # ROMi RAMi: the joker token is used
    bonus: str = ""  # ROMi RAMi: the contract's bonus colour

    @classmethod
    def about(
        cls,
        rules: str | RuleSystem,
        *,
        players: int | None = None,
        options: TableOptions | None = None,
        **asked: Any,
    ) -> Question:
        """A question about a system (by its slug, or a variant's rules); unknown rules, or a
        player count the rules exclude, are refused here."""
        system = get_rules(rules) if isinstance(rules, str) else rules
        return cls(table_for(system, players, options=options, new=True), **asked)

    @property
    def system(self) -> RuleSystem:
        """The rules asked about, with the table's house rules applied."""
        return self.table.rules

    def contract_round(self) -> int:
        """The round whose contract applies: it must be said, never guessed."""
        rules = self.system
        if self.round is None:
            raise RoundOutOfRange("round_needed", slug=rules.slug, rounds=len(rules.contracts))
        return self.round


def bad_input(error: RulesError, lang: str) -> dict[str, object]:
    """The JSON answer for bad input: the code, a sentence, and where in the text."""
    out: dict[str, object] = {
        "error": error.code,
        "message": describe(error.code, error.params, lang),
    }
    token = getattr(error, "token", None)
    if token is not None:
        out.update(token=token, position=getattr(error, "position", None))
    return out


def _cards(meld: Sequence[object]) -> list[str]:
    return [format_card(c) if isinstance(c, Card) else str(c) for c in meld]


def _texts(reasons: Sequence[Reason], lang: str) -> list[str]:
    return [describe(r.code, r.params, lang) for r in reasons]


def _no_round(question: Question, rules: RuleSystem) -> None:
    """A system without contracts has no round to ask about: never answer another question."""
    if question.round is not None:
        raise RulesError("round_not_asked", slug=rules.slug, round=question.round)


def check(question: Question, text: str, lang: str) -> Answer:
    """Verdict on a lay-down (melds separated by `|`), with every reason it fails."""
    text = text[:MAX_TEXT]
    table = question.table
    if isinstance(table, RomiTable):
        return _check_romi(question, table, text, lang)
    rules = table.rules
    if question.opening and rules.opening is None:
        raise RulesError("no_opening", slug=rules.slug)
    melds = parse_melds(text)
    if rules.opening is not None:
        _no_round(question, rules)
        result = table.check_opening(melds)
        return {
            "valid": result.valid,
            "errors": _texts(result.errors, lang),
            "melds": [_cards(m) for m in result.melds],
            "points": result.points,
            "pure_run": result.has_pure_run,
            "lines": [reading_words(r, lang) for r in result.readings if r is not None],
        }
    number = question.contract_round()
    verdict = table.check_lay_down(number, melds)
    return {
        "valid": verdict.valid,
        "errors": _texts(verdict.errors, lang),
        "melds": [_cards(m) for m in verdict.melds],
        "contract": contract_words(table.contract(number), lang),
        "lines": [reading_words(r, lang) for r in verdict.readings if r is not None],
    }


def _check_romi(question: Question, table: RomiTable, text: str, lang: str) -> Answer:
    if not question.contract:
        raise RulesError("bad_requirement", token="")
    bonus = question.bonus.upper() or None
    result = table.check_contract(question.contract, text, joker=question.joker, bonus=bonus)
    melds = [
        [str(c) for c in cards] + (["JOKER"] if joker else []) for _, cards, joker in result.used
    ]
    return {
        "valid": result.valid,
        "errors": _texts(result.reasons, lang),
        "melds": melds,
        "bonus_kept": result.bonus_kept,
        "lines": [],
    }


def solve(question: Question, text: str, lang: str) -> Answer:
    """A lay-down the hand can make (for rami-51 an opening, the best where it is found in
    time), or why there is none."""
    table = question.table
    rules = table.rules
    if question.opening and rules.opening is None:
        raise RulesError("no_opening", slug=rules.slug)
    if isinstance(table, RomiTable):
        raise RulesError("no_finder", slug=rules.slug)
    hand = parse_cards(text[:MAX_TEXT])
    extra: dict[str, object] = {}
    if rules.opening is not None:
        _no_round(question, rules)
        solution, points = table.find_opening(hand)
        extra = {"points": points}
    else:
        solution = table.find_lay_down(question.contract_round(), hand)
    return {
        "found": solution.found,
        "melds": [_cards(m) for m in solution.melds],
        "errors": _texts(solution.reasons, lang),
        **extra,
    }


def penalty(question: Question, text: str) -> Answer:
    """Points of the cards left in hand (suits may be left out: `A JK K 7`)."""
    table = question.table
    if isinstance(table, RomiTable) or not table.counts_cards:
        raise RulesError("no_penalty", slug=table.rules.slug)
    return {"points": table.penalty(parse_hand(text[:MAX_TEXT]))}
