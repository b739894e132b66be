"""A RuleSystem written back as its variant document (the CLI's `rules --show`, a game's frozen
copy, a shared file): only what differs from the format's defaults, so reading it back with
`variants.read` gives the same rules."""

from __future__ import annotations

import re
from itertools import groupby
from typing import Any

import tomli_w

from .systems import Contract, Requirement, RuleSystem
from .variant_model import FORMAT, WILD_DEUCES, Variant

_ACES = {"corner": "round_the_corner", "both": "low_or_high", "low": "low", "high": "high"}


def _melds(way: tuple[Requirement, ...], exact: bool | None) -> list[dict[str, Any]]:
    melds = []
    for (kind, size, own_exact), alike in groupby((r.kind, r.size, r.exact) for r in way):
        meld: dict[str, Any] = {kind: size, "count": len(list(alike))}
        if exact is None:
            meld["exact"] = own_exact
        melds.append(meld)
    return melds


def _round(contract: Contract, cards: int, exact: bool | None) -> dict[str, Any]:
    written: dict[str, Any] = {"cards": cards, "contract": _melds(contract.requirements, exact)}
    if contract.alternatives:
        written["alternatives"] = [_melds(way, exact) for way in contract.alternatives]
    if contract.no_jokers:
        written["jokers"] = False
    if contract.runs is not None:
        written["runs"] = contract.runs
    return written | {"lay_all_cards": contract.lay_all_cards}


def _lay_exact(rules: RuleSystem) -> bool | None:
    """The one exactness of every contract meld, or None when they differ."""
    flags = {r.exact for c in rules.contracts for r in c.every_requirement()}
    return flags.pop() if len(flags) == 1 else (False if not flags else None)


def document(rules: RuleSystem) -> dict[str, Any]:
    melds, seating = rules.meld_rules, rules.seating
    exact = _lay_exact(rules)
    full: dict[str, Any] = {
        "slug": rules.slug,
        "name": dict(rules.name),
        "summary": dict(rules.summary),
        "source": rules.source or None,
        "players": list(rules.players),
        "house_rules": list(rules.house_rules),
        "melds": {
            "set_min": melds.set_min,
            "set_max": melds.set_max,
            "set_suits": "different" if melds.set_distinct_suits else "any",
            "run_min": melds.run_min,
            "runs": melds.run_suits,
            "aces": _ACES[melds.ace_end if not melds.circular_runs else "corner"],
            "jokers_alone_never_a_set": melds.forbid_joker_only_set,
            "set_jokers_most": melds.set_max_jokers,
            "joker_limits": [vars(limit).copy() for limit in melds.joker_limits],
            "naturals_at_least": melds.min_naturals,
            "jokers_at_most_naturals": melds.jokers_at_most_naturals,
            "jokers_side_by_side": melds.jokers_side_by_side,
            "wild_deuces": {v: k for k, v in WILD_DEUCES.items()}[melds.wild_deuces],
        },
        "lay_down": {
            "exact": bool(exact),
            "extra_melds": rules.extra_melds_allowed,
            "no_contiguous_runs": rules.forbid_contiguous_runs,
            "overlap_counts_as_contiguous": rules.overlapping_runs_meet,
            "same_rank_sets_count_once": rules.same_rank_sets_count_once,
            "jokers_most": rules.lay_down_jokers_most,
        },
        "play": {
            "dealer_passes": {1: "left", -1: "right", 0: "none"}[seating.dealer_step],
            "direction": "clockwise" if seating.play_step > 0 else "counter_clockwise",
            "no_winner_deals": rules.allows_no_winner,
            "discard_to_go_out": rules.discard_to_go_out,
        },
        "scoring": {
            "lowest_wins": rules.lowest_wins,
            "end_at_total": rules.end_at_total,
            "bonuses": {b.fact.value: b.points for b in rules.bonuses},
            "flat": {f.fact.value: f.points for f in rules.flat_scores},
        },
    }
    if rules.card_values is not None:
        values = rules.card_values
        full["values"] = vars(values).copy()
    if rules.romi is None:
        full["deal"] = {
            "cards": rules.cards_dealt[0] if not rules.contracts and rules.cards_dealt else None,
            "jokers_per_deck": rules.jokers_per_deck,
            "extra_cards": rules.extra_cards_allowance,
            "decks": [
                {
                    "players": list(d.players),
                    "decks": d.decks,
                    "jokers": d.jokers,
                    "from_round": d.from_round,
                }
                for d in rules.decks
            ],
        }
    full["rounds"] = [
        _round(
            contract,
            rules.cards_dealt[i] if len(rules.cards_dealt) > i else rules.cards_dealt[0],
            exact,
        )
        for i, contract in enumerate(rules.contracts)
    ]
    if rules.opening is not None:
        full["opening"] = vars(rules.opening).copy()
    if rules.romi is not None:
        romi = {k: list(v) if isinstance(v, tuple) else v for k, v in vars(rules.romi).items()}
        romi["end_after_contracts"] = [list(pair) for pair in rules.romi.end_after_contracts]
        full["romi"] = romi
    # Through the model, so the document is one it accepts, short of every default.
    variant = Variant.model_validate(full)
    short = variant.model_dump(mode="json", exclude_defaults=True, exclude_none=True)
    return {"format": FORMAT, **short}


# tomli-w puts every array item on its own line; short arrays of numbers or words read better
# on one (`players = [2, 8]`).
_SHORT_ARRAY = re.compile(r"\[\n((?:[ ]+[^\[\]{}\n]+,\n)+)[ ]*\]")


def _one_line(match: re.Match[str]) -> str:
    items = [item.strip().rstrip(",") for item in match.group(1).splitlines()]
    line = "[" + ", ".join(items) + "]"
    return line if len(line) <= 60 else match.group(0)


def toml(rules: RuleSystem) -> str:
    text = tomli_w.dumps(document(rules))
    for _ in range(2):  # the inner arrays first, then an array of them
        text = _SHORT_ARRAY.sub(_one_line, text)
    return text
