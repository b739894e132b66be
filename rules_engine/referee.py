"""The referee: does this lay-down meet the round's contract (or the opening), what would,
and what is this hand worth. One entry point for the CLI, the check page and the JSON API.

Answers are plain dicts, ready for JSON; bad input raises a RulesError with its code.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import Card, format_card, parse_cards, parse_hand, parse_melds
from .catalogue import contract_for, get_rules
from .contracts import check_contract
from .errors import RoundOutOfRange, RulesError
from .limits import HandLimits, check_hand, hand_limits
from .melds import Reason
from .messages import contract_words, describe, reading_words
from .opening import check_opening
from .options import TableOptions
from .romi import check_romi_contract, parse_requirements, parse_value_cards
from .scoring import hand_points
from .solver import solve_contract
from .solver_opening import solve_opening
from .systems import RuleSystem
from .table import Table

MAX_TEXT = 500  # characters of notation read; longer text is cut, never parsed whole

Answer = dict[str, Any]  # JSON-ready


@dataclass(frozen=True)
class Question:
    """What is asked: a system, then a round, the opening, or a ROMi RAMi contract.

    `players` and `options` describe the table when the question comes from a game: its
    decks and jokers then bound the cards, otherwise the most the system ever has.
    """

    rules: str
    round: int | None = None
    opening: bool = False
    contract: str = ""  # ROMi RAMi requirements, e.g. "pair+run3"
    joker: bool = False  # ROMi RAMi: the joker token is used
    bonus: str = ""  # ROMi RAMi: the contract's bonus colour
    players: int | None = None
    options: TableOptions = field(default_factory=TableOptions)

    @property
    def jokers_in_play(self) -> bool:
        """Whether this table plays with jokers (the variant without them is a house rule)."""
        return not self.options.no_jokers

    @property
    def system(self) -> RuleSystem:
        """The rules asked about, with the table's house rules applied."""
        return self.options.apply(get_rules(self.rules))

    def limits(self) -> HandLimits:
        rules = self.system
        if self.players is not None:
            low, high = rules.players
            if not low <= self.players <= high:
                raise RulesError("player_count", low=low, high=high)
            return Table.checked(get_rules(self.rules), self.players, options=self.options).limits(
                self.round
            )
        most = hand_limits(rules)
        return HandLimits(most.cards, most.copies, most.jokers if self.jokers_in_play else 0)

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
    rules = question.system
    if rules.romi is not None:
        return _check_romi(question, text, lang)
    if question.opening and rules.opening is None:
        raise RulesError("no_opening", slug=rules.slug)
    melds = parse_melds(text)
    if rules.opening is not None:
        _no_round(question, rules)
        result = check_opening(
            rules,
            melds,
            limits=question.limits(),
        )
        return {
            "valid": result.valid,
            "errors": _texts(result.errors, lang),
            "melds": [_cards(m) for m in result.melds],
            "points": result.points,
            "pure_run": result.has_pure_run,
            "lines": [reading_words(r, lang) for r in result.readings if r is not None],
        }
    number = question.contract_round()
    verdict = check_contract(rules, number, melds, limits=question.limits())
    return {
        "valid": verdict.valid,
        "errors": _texts(verdict.errors, lang),
        "melds": [_cards(m) for m in verdict.melds],
        "contract": contract_words(contract_for(rules, number), lang),
        "lines": [reading_words(r, lang) for r in verdict.readings if r is not None],
    }


def _check_romi(question: Question, text: str, lang: str) -> Answer:
    romi = question.system.romi
    assert romi is not None
    if not question.contract:
        raise RulesError("bad_requirement", token="")
    bonus = question.bonus.upper() or None
    if bonus is not None and bonus not in romi.colours:
        raise RulesError("bad_value_card", token=question.bonus)
    result = check_romi_contract(
        parse_requirements(question.contract),
        parse_value_cards(text),
        joker=question.joker,
        bonus=bonus,
        romi=romi,
    )
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
    """A lay-down the hand can make (the best opening for rami-51), or why there is none."""
    rules = question.system
    if question.opening and rules.opening is None:
        raise RulesError("no_opening", slug=rules.slug)
    if rules.romi is not None:
        raise RulesError("no_finder", slug=rules.slug)
    hand = parse_cards(text[:MAX_TEXT])
    extra: dict[str, object] = {}
    if rules.opening is not None:
        _no_round(question, rules)
        solution, points = solve_opening(
            rules,
            hand,
            limits=question.limits(),
        )
        extra = {"points": points}
    else:
        solution = solve_contract(rules, question.contract_round(), hand, limits=question.limits())
    return {
        "found": solution.found,
        "melds": [_cards(m) for m in solution.melds],
        "errors": _texts(solution.reasons, lang),
        **extra,
    }


def penalty(question: Question, text: str) -> Answer:
    """Points of the cards left in hand (suits may be left out: `A JK K 7`)."""
    rules = question.system
    if rules.card_values is None:
        raise RulesError("no_penalty", slug=rules.slug)
    hand = parse_hand(text[:MAX_TEXT])
    check_hand(rules, hand, limits=question.limits())
    return {"points": hand_points(rules, hand)}
