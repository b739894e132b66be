"""`python -m rules_engine`: list the systems, check a lay-down, count a hand, find a lay-down.

Exit codes: 0 valid/found, 1 invalid/none found, 2 bad input (one line on stderr).
"""

from __future__ import annotations

import argparse
import json
import sys

from .cards import Card, format_card, parse_cards, parse_hand, parse_melds
from .catalogue import SYSTEMS, contract_for, get_rules
from .contracts import check_contract
from .errors import NotationError, RulesError
from .limits import check_hand
from .messages import contract_words, describe
from .opening import check_opening
from .romi import check_romi_contract, parse_requirements, parse_value_cards
from .scoring import hand_points
from .solver import solve_contract
from .solver_opening import solve_opening


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # bad usage is bad input: exit 2, no traceback
        self.exit(2, f"error: {message}\n")


def _build() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m rules_engine", description=__doc__)
    parser.add_argument("--lang", choices=("fr", "en"), default="en")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    rules = sub.add_parser("rules", help="list the rule systems")
    rules.add_argument("--json", action="store_true")
    check = sub.add_parser("check", help="check a lay-down against a contract or the opening")
    check.add_argument("--rules", required=True)
    check.add_argument("--round", type=int)
    check.add_argument("--opening", action="store_true")
    check.add_argument("--contract", help="ROMi RAMi requirements, e.g. pair+run3")
    check.add_argument("--joker", action="store_true", help="ROMi RAMi: use the joker token")
    check.add_argument("--bonus", help="ROMi RAMi: the contract's bonus colour (H, D, C, Y)")
    check.add_argument("--joker-counts-as-card", action="store_true")
    check.add_argument("--json", action="store_true")
    check.add_argument("melds")
    penalty = sub.add_parser("penalty", help="penalty points of the cards left in hand")
    penalty.add_argument("--rules", required=True)
    penalty.add_argument("--json", action="store_true")
    penalty.add_argument("cards")
    solve = sub.add_parser("solve", help="find a lay-down in a hand")
    solve.add_argument("--rules", required=True)
    solve.add_argument("--round", type=int)
    solve.add_argument("--opening", action="store_true")
    solve.add_argument("--joker-counts-as-card", action="store_true")
    solve.add_argument("--json", action="store_true")
    solve.add_argument("hand")
    return parser


def _cards(meld) -> list[str]:
    return [format_card(c) if isinstance(c, Card) else str(c) for c in meld]


def _emit(args, valid: bool, payload: dict, lines: list[str]) -> int:
    if args.json:
        print(json.dumps(payload, ensure_ascii=False))
    else:
        print("\n".join(lines))
    return 0 if valid else 1


def _texts(errors, lang) -> list[str]:
    return [describe(e.code, e.params, lang) for e in errors]


def _check(args) -> int:
    rules = get_rules(args.rules)
    lang = args.lang
    if rules.romi is not None:
        if not args.contract:
            raise RulesError("bad_requirement", token="")
        if args.bonus and args.bonus.upper() not in rules.romi.colours:
            raise RulesError("bad_value_card", token=args.bonus)
        result = check_romi_contract(
            parse_requirements(args.contract), parse_value_cards(args.melds),
            joker=args.joker, bonus=args.bonus.upper() if args.bonus else None,
        )  # fmt: skip
        errors = _texts(result.reasons, lang)
        melds = [
            [str(c) for c in cards] + (["JOKER"] if joker else [])
            for _, cards, joker in result.used
        ]
        payload = {"valid": result.valid, "errors": errors, "melds": melds,
                   "bonus_kept": result.bonus_kept}  # fmt: skip
        lines = ["valid" if result.valid else "not valid", *errors,
                 *(" ".join(m) for m in melds)]  # fmt: skip
        if result.valid:
            lines.append(f"bonus cards kept: {result.bonus_kept}")
        return _emit(args, result.valid, payload, lines)
    melds = parse_melds(args.melds)
    if args.opening or rules.opening is not None and args.round is None:
        if rules.opening is None:
            raise RulesError("no_opening", slug=rules.slug)
        result = check_opening(rules, melds, joker_as_card=args.joker_counts_as_card)
        errors = _texts(result.errors, lang)
        payload = {"valid": result.valid, "errors": errors,
                   "melds": [_cards(m) for m in result.melds], "points": result.points,
                   "pure_run": result.has_pure_run}  # fmt: skip
        lines = [f"{'valid' if result.valid else 'not valid'}: {result.points} points", *errors]
        return _emit(args, result.valid, payload, lines)
    if args.round is None:
        raise RulesError(
            "round_out_of_range", slug=rules.slug, round="?", rounds=len(rules.contracts)
        )
    result = check_contract(rules, args.round, melds)
    errors = _texts(result.errors, lang)
    payload = {"valid": result.valid, "errors": errors, "melds": [_cards(m) for m in result.melds]}
    head = contract_words(contract_for(rules, args.round), lang)
    lines = [f"{head}: {'valid' if result.valid else 'not valid'}", *errors,
             *(" ".join(_cards(m)) for m in result.melds)]  # fmt: skip
    return _emit(args, result.valid, payload, lines)


def _solve(args) -> int:
    rules = get_rules(args.rules)
    hand = parse_cards(args.hand)
    if args.opening or rules.opening is not None:
        if rules.opening is None:
            raise RulesError("no_opening", slug=rules.slug)
        solution, points = solve_opening(rules, hand, joker_as_card=args.joker_counts_as_card)
        extra = {"points": points}
    else:
        if args.round is None:
            raise RulesError(
                "round_out_of_range", slug=rules.slug, round="?", rounds=len(rules.contracts)
            )
        solution = solve_contract(rules, args.round, hand)
        extra = {}
    melds = [_cards(m) for m in solution.melds]
    errors = _texts(solution.reasons, args.lang)
    payload = {"found": solution.found, "melds": melds, "errors": errors, **extra}
    lines = [("found" if solution.found else "none found")
             + (f": {extra['points']} points" if extra and solution.found else ""),
             *(" ".join(m) for m in melds), *errors]  # fmt: skip
    return _emit(args, solution.found, payload, lines)


def _penalty(args) -> int:
    rules = get_rules(args.rules)
    if rules.card_values is None:
        raise RulesError("no_penalty", slug=rules.slug)
    hand = parse_hand(args.cards)  # suits may be left out: `A JK K 7`
    check_hand(rules, hand)
    points = hand_points(rules, hand)
    return _emit(args, True, {"points": points}, [str(points)])


def _rules(args) -> int:
    lang = args.lang
    if args.json:
        print(json.dumps([{"slug": s.slug, "name": s.name[lang], "summary": s.summary[lang]}
                          for s in SYSTEMS.values()], ensure_ascii=False))  # fmt: skip
    else:
        for s in SYSTEMS.values():
            print(f"{s.slug:16} {s.summary[lang]}")
    return 0


def main(argv: list[str] | None = None) -> int:
    args = _build().parse_args(argv)
    handlers = {"rules": _rules, "check": _check, "penalty": _penalty, "solve": _solve}
    try:
        return handlers[args.command](args)
    except RulesError as error:
        message = describe(error.code, error.params, args.lang)
        if isinstance(error, NotationError):
            message += f" (position {error.position})"
        print(f"error: {message}", file=sys.stderr)
        return 2
