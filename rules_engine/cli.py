"""`python -m rules_engine`: list the systems, check a lay-down, count a hand, find a lay-down.

Exit codes: 0 valid/found, 1 invalid/none found, 2 bad input (one line on stderr).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import NoReturn

from . import referee
from .catalogue import SYSTEMS, get_rules
from .errors import NotationError, RulesError
from .messages import LANGUAGES, describe
from .options import TableOptions
from .playable import read_variant
from .referee import Question
from .systems import RuleSystem
from .variant_model import MOST_BYTES
from .variant_writer import toml


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # bad usage is bad input: exit 2, no traceback
        self.exit(2, f"error: {message}\n")


def _whole(text: str) -> int:
    """A whole number in ASCII digits (int() would also read "١٢" or "²")."""
    if not (text.isascii() and text.isdigit() and len(text) <= 3):
        raise argparse.ArgumentTypeError(f"not a whole number: {text[:20]!r}")
    return int(text)


def _table_arguments(parser: argparse.ArgumentParser) -> None:
    """The table asked about: its players (they bound the decks) and its house rules."""
    parser.add_argument("--players", type=_whole, help="players at the table")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a house rule, e.g. exact_lay_down=0 or dealer_passes=right (repeatable)",
    )
    parser.add_argument(
        "--joker-counts-as-card",
        action="store_true",
        help="same as --option joker_counts_as_card=1",
    )


def _options(args: argparse.Namespace) -> TableOptions:
    texts: dict[str, str] = {}
    for pair in args.option:
        name, sep, value = pair.partition("=")
        if not sep:
            raise RulesError("option_not_pair", option=pair[:40])
        texts[name.strip()] = value
    if args.joker_counts_as_card:
        texts["joker_counts_as_card"] = "1"
    return TableOptions.from_text(_rules_of(args.rules), texts)


def _rules_of(asked: str) -> RuleSystem:
    """`--rules`: a built-in slug, or the path of a variant file."""
    if asked in SYSTEMS or not (asked.endswith(".toml") or os.sep in asked):
        return get_rules(asked)
    try:
        with open(asked, "rb") as file:
            data = file.read(MOST_BYTES + 1)
    except OSError:
        raise RulesError("variant_unreadable", path=asked[-60:]) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RulesError("variant_unreadable", path=asked[-60:]) from None
    return read_variant(text, new=False)


def _build() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m rules_engine", description=__doc__)
    parser.add_argument("--lang", choices=LANGUAGES, default="en")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    rules = sub.add_parser("rules", help="list the rule systems, or print one as its file")
    rules.add_argument("--json", action="store_true")
    rules.add_argument("--show", metavar="SLUG", help="print a system as its variant file")
    check = sub.add_parser("check", help="check a lay-down against a contract or the opening")
    check.add_argument("--rules", required=True)
    check.add_argument("--round", type=_whole)
    check.add_argument("--opening", action="store_true")
    check.add_argument("--contract", help="ROMi RAMi requirements, e.g. pair+run3")
    check.add_argument("--joker", action="store_true", help="ROMi RAMi: use the joker token")
    check.add_argument("--bonus", help="ROMi RAMi: the contract's bonus colour (H, D, C, Y)")
    _table_arguments(check)
    check.add_argument("--json", action="store_true")
    check.add_argument("melds")
    penalty = sub.add_parser("penalty", help="penalty points of the cards left in hand")
    penalty.add_argument("--rules", required=True)
    _table_arguments(penalty)
    penalty.add_argument("--json", action="store_true")
    penalty.add_argument("cards")
    solve = sub.add_parser("solve", help="find a lay-down in a hand")
    solve.add_argument("--rules", required=True)
    solve.add_argument("--round", type=_whole)
    solve.add_argument("--opening", action="store_true")
    _table_arguments(solve)
    solve.add_argument("--json", action="store_true")
    solve.add_argument("hand")
    return parser


def _emit(args: argparse.Namespace, valid: bool, payload: referee.Answer, lines: list[str]) -> int:
    if args.json:
        print(json.dumps(payload, ensure_ascii=False))
    else:
        print("\n".join(lines))
    return 0 if valid else 1


# The command's own words around the engine's sentences, in each language of --lang.
_WORDS = {
    "en": {
        "valid": "valid",
        "not_valid": "not valid",
        "found": "found",
        "none": "none found",
        "points": "points",
        "bonus": "bonus cards kept",
        "error": "error",
        "position": "position",
    },
    "fr": {
        "valid": "valide",
        "not_valid": "non valide",
        "found": "trouvé",
        "none": "rien trouvé",
        "points": "points",
        "bonus": "cartes bonus gardées",
        "error": "erreur",
        "position": "position",
    },
    "es": {
        "valid": "válida",
        "not_valid": "no válida",
        "found": "encontrada",
        "none": "ninguna encontrada",
        "points": "puntos",
        "bonus": "cartas de bonificación guardadas",
        "error": "error",
        "position": "posición",
    },
}


def _question(args: argparse.Namespace) -> Question:
    return Question.about(
        _rules_of(args.rules),
        round=getattr(args, "round", None),
        opening=getattr(args, "opening", False),
        contract=getattr(args, "contract", None) or "",
        joker=getattr(args, "joker", False),
        bonus=getattr(args, "bonus", None) or "",
        players=args.players,
        options=_options(args),
    )


def _check(args: argparse.Namespace) -> int:
    answer = referee.check(_question(args), args.melds, args.lang)
    words = _WORDS[args.lang]
    verdict = words["valid"] if answer["valid"] else words["not_valid"]
    melds = [" ".join(m) for m in answer["melds"]]
    if "points" in answer:  # rami-51's opening
        lines = [f"{verdict}: {answer['points']} {words['points']}", *answer["errors"]]
    elif "contract" in answer:
        lines = [f"{answer['contract']}: {verdict}", *answer["errors"], *melds]
    else:  # ROMi RAMi
        lines = [verdict, *answer["errors"], *melds]
        if answer["valid"]:
            lines.append(f"{words['bonus']}: {answer['bonus_kept']}")
    return _emit(args, answer["valid"], answer, lines)


def _solve(args: argparse.Namespace) -> int:
    answer = referee.solve(_question(args), args.hand, args.lang)
    words = _WORDS[args.lang]
    head = words["found"] if answer["found"] else words["none"]
    if answer["found"] and "points" in answer:
        head += f": {answer['points']} {words['points']}"
    lines = [head, *(" ".join(m) for m in answer["melds"]), *answer["errors"]]
    return _emit(args, answer["found"], answer, lines)


def _penalty(args: argparse.Namespace) -> int:
    answer = referee.penalty(_question(args), args.cards)
    return _emit(args, True, answer, [str(answer["points"])])


def _rules(args: argparse.Namespace) -> int:
    lang = args.lang
    if args.show:
        print(toml(get_rules(args.show)), end="")
        return 0
    if args.json:
        print(
            json.dumps(
                [
                    {"slug": s.slug, "name": s.name[lang], "summary": s.summary[lang]}
                    for s in SYSTEMS.values()
                ],
                ensure_ascii=False,
            )
        )
    else:
        for s in SYSTEMS.values():
            print(f"{s.slug:16} {s.summary[lang]}")
    return 0


def main(argv: list[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:
        # The reader left (`| head`): say nothing more, and no traceback at exit either.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _main(argv: list[str] | None) -> int:
    args = _build().parse_args(argv)
    handlers = {"rules": _rules, "check": _check, "penalty": _penalty, "solve": _solve}
    try:
        return handlers[args.command](args)
    except RulesError as error:
        message = describe(error.code, error.params, args.lang)
        if isinstance(error, NotationError):
            message += f" ({_WORDS[args.lang]['position']} {error.position})"
        print(f"{_WORDS[args.lang]['error']}: {message}", file=sys.stderr)
        return 2
