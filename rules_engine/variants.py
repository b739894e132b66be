"""Variant files: read a TOML document, merge it over the variant it `extends`, check it against
the model (variant_model.py) and build the engine's RuleSystem; and the way back, a RuleSystem
written as its document. The five seed systems and the presets are such files
(`rules_engine/variants/*.toml`); `catalogue.py` loads them.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from .errors import RulesError
from .systems import (
    Bonus,
    CardValues,
    Contract,
    DeckRule,
    Fact,
    FlatScore,
    JokerLimit,
    MeldRules,
    Opening,
    Requirement,
    Romi,
    RuleSystem,
    Seating,
)
from .variant_model import MOST_BYTES, WILD_DEUCES, Variant

FOLDER = Path(__file__).with_name("variants")
MOST_PARENTS = 4  # extends of extends...: a preset of a preset of a seed is deep enough
LANGUAGES = ("fr", "en", "es")


class VariantError(RulesError):
    """A variant document that is not well formed: `place` names where (`rounds.3.cards`)."""

    code = "variant_invalid"


def parse(text: str) -> dict[str, Any]:
    """A document's TOML, bounded in size and depth before anything is built from it."""
    if len(text.encode()) > MOST_BYTES:
        raise VariantError("variant_too_large", most=MOST_BYTES)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        # "Invalid value (at line 3, column 9)": Python 3.13 gives the place only in words.
        place = re.search(r"line (\d+), column (\d+)", str(error))
        line, column = (int(place[1]), int(place[2])) if place else (0, 0)
        raise VariantError("variant_not_toml", line=line, column=column) from None
    except RecursionError:
        raise VariantError("variant_too_deep") from None


WHOLE = ("name", "summary")  # a child's own words replace its parent's, never mix with them


def merged(parent: Mapping[str, Any], child: Mapping[str, Any], top: bool = True) -> dict[str, Any]:
    """The child's document over its parent's: tables merge key by key, anything else (a
    number, a list of rounds, the name) is replaced whole."""
    out = dict(parent)
    for key, value in child.items():
        mergeable = isinstance(value, Mapping) and isinstance(out.get(key), Mapping)
        if mergeable and not (top and key in WHOLE):
            out[key] = merged(out[key], value, top=False)
        else:
            out[key] = value
    return out


def resolve(
    document: Mapping[str, Any], parent_of: Callable[[str], Mapping[str, Any]]
) -> dict[str, Any]:
    """The whole document of a variant that may `extends` another (by slug). A variant that
    extends another names itself: its own slug and name."""
    if "extends" in document:
        for key in ("slug", "name"):
            if key not in document:
                raise VariantError("variant_missing_key", place=key)
    seen: list[str] = []
    out = dict(document)
    while "extends" in out:
        parent = out.pop("extends")
        if not isinstance(parent, str) or parent in seen or len(seen) >= MOST_PARENTS:
            raise VariantError("variant_bad_parent", parent=str(parent)[:40])
        seen.append(parent)
        try:
            above = parent_of(parent)
        except (RulesError, KeyError):
            raise VariantError("variant_bad_parent", parent=parent[:40]) from None
        out = merged(above, out)
    return out


# The model's refusals in the table's words: the error's type -> (code, its figures).
_REFUSALS: dict[str, tuple[str, dict[str, str]]] = {
    "extra_forbidden": ("variant_unknown_key", {}),
    "missing": ("variant_missing_key", {}),
    "string_too_short": ("variant_missing_key", {}),
    "less_than_equal": ("variant_too_high", {"most": "le"}),
    "greater_than_equal": ("variant_too_low", {"least": "ge"}),
    "too_long": ("variant_too_many", {"most": "max_length"}),
    "string_too_long": ("variant_too_many", {"most": "max_length"}),
    "too_short": ("variant_too_few", {"least": "min_length"}),
    "literal_error": ("variant_one_of", {"expected": "expected"}),
    "string_pattern_mismatch": ("variant_bad_slug", {}),
}
_TYPES = {"int": "number", "bool": "yes_no", "string": "text", "list": "list"}


def _place(loc: tuple[int | str, ...]) -> str:
    """`rounds.3.contract.1`: keys as the file writes them, items counted from 1."""
    return ".".join(str(p + 1) if isinstance(p, int) else p for p in loc) or "document"


def validated(document: Mapping[str, Any]) -> Variant:
    """The document as the model reads it, or the first thing wrong with it and where."""
    try:
        return Variant.model_validate(document)
    except ValidationError as error:
        first = error.errors(include_url=False)[0]
    place = _place(first["loc"])
    kind, context = first["type"], first.get("ctx", {})
    if kind.startswith("variant_"):  # the model's own checks name their code
        raise VariantError(kind, place=place, **context)
    if kind in _REFUSALS:
        code, figures = _REFUSALS[kind]
        found = {k: context.get(v) for k, v in figures.items()}
        if "expected" in found:  # "'left', 'right' or 'none'" -> "left, right, none"
            found["expected"] = str(found["expected"]).replace("'", "").replace(" or ", ", ")
        raise VariantError(code, place=place, **found)
    if kind.endswith("_type") or kind.endswith("_parsing"):
        wanted = next((word for start, word in _TYPES.items() if kind.startswith(start)), "table")
        raise VariantError(f"variant_want_{wanted}", place=place)
    raise VariantError("variant_invalid", place=place)


def _words(words: Any) -> dict[str, str]:
    given = {lang: getattr(words, lang) for lang in LANGUAGES if getattr(words, lang)}
    fallback = next(iter(given.values()))
    return {lang: given.get(lang, fallback) for lang in LANGUAGES}


def _contracts(variant: Variant) -> tuple[Contract, ...]:
    exact = variant.lay_down.exact

    def way(melds: list[Any]) -> tuple[Requirement, ...]:
        return tuple(
            Requirement(
                "set" if meld.set is not None else "run",
                meld.set if meld.set is not None else meld.run or 0,
                exact if meld.exact is None else meld.exact,
            )
            for meld in melds
            for _ in range(meld.count)
        )

    return tuple(
        Contract(
            way(round_.contract),
            lay_all_cards=round_.lay_all_cards,
            alternatives=tuple(way(other) for other in round_.alternatives),
            no_jokers=not round_.jokers,
            runs=round_.runs,
        )
        for round_ in variant.rounds
    )


def rule_system(variant: Variant) -> RuleSystem:
    """The engine's rules for a validated document."""
    melds, lay, play = variant.melds, variant.lay_down, variant.play
    deal, values = variant.deal, variant.values
    cards = tuple(r.cards for r in variant.rounds) or ((deal.cards,) if deal and deal.cards else ())
    return RuleSystem(
        slug=variant.slug,
        name=_words(variant.name),
        summary=_words(variant.summary),
        players=(variant.players[0], variant.players[1]),
        meld_rules=MeldRules(
            set_min=melds.set_min,
            set_max=melds.set_max,
            set_distinct_suits=melds.set_suits == "different",
            run_min=melds.run_min,
            circular_runs=melds.aces == "round_the_corner",
            forbid_joker_only_set=melds.jokers_alone_never_a_set,
            set_max_jokers=melds.set_jokers_most,
            min_naturals=melds.naturals_at_least,
            ace_end={"low": "low", "high": "high"}.get(melds.aces, "both"),
            joker_limits=tuple(
                JokerLimit(limit.kind, limit.from_size, limit.most) for limit in melds.joker_limits
            ),
            jokers_at_most_naturals=melds.jokers_at_most_naturals,
            jokers_side_by_side=melds.jokers_side_by_side,
            run_suits=melds.runs,
            wild_deuces=WILD_DEUCES[melds.wild_deuces],
        ),
        card_values=(
            CardValues(values.ace, values.joker, values.face, values.pips, values.wild_deuce)
            if values
            else None
        ),
        contracts=_contracts(variant),
        cards_dealt=cards,
        decks=tuple(
            DeckRule((d.players[0], d.players[1]), d.decks, d.from_round, d.jokers)
            for d in (deal.decks if deal else ())
        ),
        jokers_per_deck=deal.jokers_per_deck if deal else 2,
        forbid_contiguous_runs=lay.no_contiguous_runs,
        overlapping_runs_meet=lay.overlap_counts_as_contiguous,
        same_rank_sets_count_once=lay.same_rank_sets_count_once,
        extra_melds_allowed=lay.extra_melds,
        lay_down_jokers_most=lay.jokers_most,
        rounds=len(variant.rounds) or None,
        seating=Seating(
            dealer_step={"left": 1, "right": -1, "none": 0}[play.dealer_passes],
            play_step=1 if play.direction == "clockwise" else -1,
        ),
        bonuses=tuple(Bonus(Fact(f), p) for f, p in variant.scoring.bonuses.items()),
        flat_scores=tuple(FlatScore(Fact(f), p) for f, p in variant.scoring.flat.items()),
        allows_no_winner=play.no_winner_deals,
        discard_to_go_out=play.discard_to_go_out,
        opening=Opening(**variant.opening.model_dump()) if variant.opening else None,
        romi=_romi(variant),
        lowest_wins=variant.scoring.lowest_wins,
        end_at_total=variant.scoring.end_at_total,
        extra_cards_allowance=deal.extra_cards if deal else 0,
        source=variant.source or "",
        house_rules=tuple(variant.house_rules),
    )


def _romi(variant: Variant) -> Romi | None:
    if variant.romi is None:
        return None
    data = variant.romi.model_dump()
    data["end_after_contracts"] = tuple(tuple(pair) for pair in data["end_after_contracts"])
    for key in ("values", "colours", "combo_sizes", "trophy_points"):
        data[key] = tuple(data[key])
    return Romi(**data)


def whole_document(document: Mapping[str, Any]) -> dict[str, Any]:
    """A well-formed document with every key the format has, its defaults filled in (a form
    shows them all; the defaults stay the model's)."""
    return validated(document).model_dump(mode="json")


def stored_variant(document: Mapping[str, Any]) -> RuleSystem:
    """The rules of a document stored whole (a game's frozen copy): read, not judged again,
    so a game stored under older checks still shows."""
    return rule_system(validated(document))
