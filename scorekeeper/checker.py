"""The referee: one entry point for the check page and the JSON API, on top of rules_engine.

Results are plain dicts so the page renders them and the API returns them as they are,
with the CLI's error codes for bad input.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_engine import (
    check_contract,
    check_hand,
    check_opening,
    contract_for,
    format_card,
    get_rules,
    hand_points,
    parse_cards,
    parse_hand,
    parse_melds,
    solve_contract,
    solve_opening,
)
from rules_engine.errors import NotationError, RulesError
from rules_engine.messages import contract_words, describe, reading_words
from rules_engine.romi import check_romi_contract, parse_requirements, parse_value_cards

MAX_TEXT = 500


@dataclass(frozen=True)
class Question:
    """What the user asks: a system, then a round, the opening, or a ROMi RAMi contract."""

    rules: str
    round: int | None = None
    opening: bool = False
    contract: str = ""  # ROMi RAMi requirements
    joker: bool = False
    bonus: str = ""


def bad_input(error: RulesError, lang: str) -> dict:
    out = {"error": error.code, "message": describe(error.code, error.params, lang)}
    if isinstance(error, NotationError):
        out.update(token=error.token, position=error.position)
    return out


def _cards(meld) -> list[str]:
    return [format_card(c) if hasattr(c, "rank") else str(c) for c in meld]


def check(question: Question, text: str, lang: str) -> dict:
    """Verdict on a lay-down; raises RulesError on bad input (unknown rules, notation...)."""
    text = text[:MAX_TEXT]
    rules = get_rules(question.rules)
    if rules.romi is not None:
        result = check_romi_contract(
            parse_requirements(question.contract or ""), parse_value_cards(text),
            joker=question.joker, bonus=question.bonus.upper() or None,
        )  # fmt: skip
        melds = [
            [str(c) for c in cards] + (["JOKER"] if joker else [])
            for _, cards, joker in result.used
        ]
        return {"valid": result.valid, "errors": [describe(r.code, r.params, lang) for r in result.reasons],
                "melds": melds, "bonus_kept": result.bonus_kept, "lines": []}  # fmt: skip
    melds = parse_melds(text)
    if question.opening and rules.opening is None:
        raise RulesError("no_opening", slug=rules.slug)
    if rules.opening is not None:
        result = check_opening(rules, melds)
        return {
            "valid": result.valid, "errors": [describe(e.code, e.params, lang) for e in result.errors],
            "melds": [_cards(m) for m in result.melds], "points": result.points,
            "pure_run": result.has_pure_run,
            "lines": [reading_words(r, lang) for r in result.readings if r is not None],
        }  # fmt: skip
    result = check_contract(rules, question.round or 1, melds)
    return {
        "valid": result.valid, "errors": [describe(e.code, e.params, lang) for e in result.errors],
        "melds": [_cards(m) for m in result.melds],
        "contract": contract_words(contract_for(rules, question.round or 1), lang),
        "lines": [reading_words(r, lang) for r in result.readings if r is not None],
    }  # fmt: skip


def solve(question: Question, text: str, lang: str) -> dict:
    rules = get_rules(question.rules)
    hand = parse_cards(text[:MAX_TEXT])
    if question.opening and rules.opening is None:
        raise RulesError("no_opening", slug=rules.slug)
    if rules.romi is not None:
        raise RulesError("no_finder", slug=rules.slug)
    if rules.opening is not None:
        solution, points = solve_opening(rules, hand)
        extra = {"points": points}
    else:
        solution = solve_contract(rules, question.round or 1, hand)
        extra = {}
    return {"found": solution.found, "melds": [_cards(m) for m in solution.melds],
            "errors": [describe(r.code, r.params, lang) for r in solution.reasons], **extra}  # fmt: skip


def penalty(slug: str, text: str) -> dict:
    rules = get_rules(slug)
    if rules.card_values is None:
        raise RulesError("no_penalty", slug=slug)
    hand = parse_hand(text[:MAX_TEXT])
    check_hand(rules, hand)
    return {"points": hand_points(rules, hand)}
