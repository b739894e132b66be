"""House rules, declared once: each option a table may choose is one entry of HOUSE_RULES.

A system's variant file names the house rules it offers (an entry may also name systems by
slug); an entry says the values it takes, the system's own reading (what
leaving it unset means), how it changes the rules a table plays, what it conflicts with or
needs, where a table chooses it (a game, the meld checker, a blank grid) and its words in
French and English. TableOptions (options.py) checks, stores and applies options from here;
the web app's forms, the checker, the grids, the import and the rules pages read it too, so
a new house rule is a new entry and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .house_rule_words import ANY, HOUSE_RULE_WORDS
from .house_rule_words_es import HOUSE_RULE_WORDS_ES
from .messages import LANGUAGES
from .systems import DeckRule, Fact, Requirement, RuleSystem

MOST_DEALS = 100  # a table that agrees on a number of deals agrees on at most this many
MOST_POINTS = 10_000  # the highest total a table may play up to
MOST_DECKS = 4
MOST_JOKER_POINTS = 100  # what a table may make a joker left in hand worth

Words = Mapping[str, str]  # {"fr": ..., "en": ..., "es": ...}

GAME, CHECKER, GRID = "game", "checker", "grid"  # where a table may choose a house rule


@dataclass(frozen=True)
class Choice:
    """The values one option takes: true/false, whole numbers in a range, or a short list."""

    kind: type
    low: int = 0
    high: int = 0
    values: tuple[object, ...] = ()


def _keeps(rules: RuleSystem, value: object) -> RuleSystem:
    return rules  # read by the table itself (rounds, decks dealt...), not by the rules


@dataclass(frozen=True)
class HouseRule:
    """One house rule: its systems, values, default, effect, constraints and words."""

    name: str
    systems: tuple[str, ...]
    choice: Choice
    # Its words (house_rule_words.py has the app's own; a rule registered elsewhere brings its).
    label: Words = field(default_factory=dict)
    meaning: Words = field(default_factory=dict)  # one line; may name the rules' `figures`
    said: Mapping[object, Words] = field(default_factory=dict)  # once set, by value (or ANY)
    unset: object = None  # the value that keeps the system's own reading
    default: Callable[[RuleSystem], object] | None = None  # that reading; None: `unset`
    apply: Callable[[RuleSystem, Any], RuleSystem] = _keeps
    conflicts: tuple[str, ...] = ()  # options that cannot be set together with this one
    needs: Callable[[RuleSystem, Mapping[str, object]], bool] | None = None
    needs_option: str = ""  # the option `needs` reads, named in the refusal
    asked_in: frozenset[str] = frozenset({GAME, CHECKER, GRID})
    unset_words: Words = field(default_factory=dict)  # "open-ended" rather than a value
    value_words: Words = field(default_factory=dict)  # a value's words, %(n)d in them

    def own(self, rules: RuleSystem) -> object:
        """What the system itself does for this option."""
        return self.default(rules) if self.default is not None else self.unset


HOUSE_RULES: dict[str, HouseRule] = {}


def _with_spanish(words: dict[str, Any], spanish: dict[str, Any]) -> dict[str, Any]:
    """A rule's French and English words with its Spanish ones beside them."""
    merged: dict[str, Any] = {}
    for part, languages in words.items():
        if part == "said":
            merged[part] = {v: {**w, "es": spanish[part][v]} for v, w in languages.items()}
        else:
            merged[part] = {**languages, "es": spanish[part]}
    return merged


def register(rule: HouseRule) -> HouseRule:
    """Add a house rule (at the end: pages list them in this order), with its words from
    HOUSE_RULE_WORDS unless it brings its own."""
    if not rule.label:
        words = _with_spanish(HOUSE_RULE_WORDS[rule.name], HOUSE_RULE_WORDS_ES[rule.name])
        rule = replace(
            rule,
            label=words["label"],
            meaning=words["meaning"],
            said=words["said"],
            unset_words=words.get("unset", {}),
            value_words=words.get("value", {}),
        )
    HOUSE_RULES[rule.name] = rule
    return rule


def offered(rules: RuleSystem) -> tuple[str, ...]:
    """The house rules a table of these rules may choose, in the order pages list them: those
    its variant file names, and those registered for its slug."""
    return tuple(
        name
        for name, rule in HOUSE_RULES.items()
        if name in rules.house_rules or rules.slug in rule.systems
    )


def house_rule(name: str) -> HouseRule:
    return HOUSE_RULES[name]


# Words ------------------------------------------------------------------------------------

VALUE_WORDS: dict[object, Words] = {
    True: {"fr": "oui", "en": "yes", "es": "sí"},
    False: {"fr": "non", "en": "no", "es": "no"},
    "left": {"fr": "à gauche", "en": "to the left", "es": "a la izquierda"},
    "right": {"fr": "à droite", "en": "to the right", "es": "a la derecha"},
    "worst": {"fr": "le pire total", "en": "the worst total", "es": "el peor total"},
    "average": {"fr": "le total moyen", "en": "the average total", "es": "el total medio"},
    "zero": {"fr": "zéro", "en": "zero", "es": "cero"},
    # wild_deuces (wild_deuce_rule.py), in the variant format's words
    "none": {"fr": "les jokers seuls", "en": "jokers only", "es": "solo los comodines"},
    "all": {"fr": "tous les deux", "en": "every deuce", "es": "todos los doses"},
    "black": {"fr": "les deux noirs", "en": "the black deuces", "es": "los doses negros"},
    "red": {"fr": "les deux rouges", "en": "the red deuces", "es": "los doses rojos"},
}


def _lang(lang: str) -> str:
    return lang if lang in LANGUAGES else "fr"


def figures(rules: RuleSystem) -> dict[str, int]:
    """The rules' figures a house rule's meaning may name (the opening's, mostly)."""
    opening = rules.opening
    if opening is None:
        return {}
    aces = [v for v in HOUSE_RULES["ace_in_set"].choice.values if isinstance(v, int)]
    high, low = max(aces), min(aces)
    flat = next((f.points for f in rules.flat_scores if f.fact == Fact.LAID_NOTHING), 0)
    return {
        "joker": opening.joker,
        "minimum": opening.minimum,
        "high": high,
        "low": low,
        "three_high": 3 * high,
        "three_low": 3 * low,
        "cards": opening.rami_sec_cards,
        "flat": flat,
    }


def label_words(name: str, lang: str) -> str:
    return HOUSE_RULES[name].label[_lang(lang)]


def meaning_words(rules: RuleSystem, name: str, lang: str) -> str:
    text = HOUSE_RULES[name].meaning[_lang(lang)]
    return text % figures(rules) if "%(" in text else text


def value_words(name: str, value: object, lang: str) -> str:
    rule = HOUSE_RULES[name]
    lang = _lang(lang)
    if rule.value_words:
        return rule.value_words[lang] % {"n": value}
    if isinstance(value, bool) or value in VALUE_WORDS:
        return VALUE_WORDS[value][lang]
    return str(value)


def default_words(rules: RuleSystem, name: str, lang: str) -> str:
    """The rules' own reading of an option, as forms and the rules pages mark it."""
    rule = HOUSE_RULES[name]
    if rule.unset_words:
        return rule.unset_words[_lang(lang)]
    return value_words(name, rule.own(rules), lang)


def said_words(name: str, value: object, lang: str) -> str:
    """What a table that set this option plays, as a line for a page or a sheet."""
    said = HOUSE_RULES[name].said
    words = said.get(value) if not isinstance(value, int) or isinstance(value, bool) else None
    words = words or said[ANY]
    return words[_lang(lang)] % {"n": value}


# The house rules ----------------------------------------------------------------------------

NAMED: tuple[str, ...] = ()  # built-in rules: the variant files say who offers them


def _exact(rules: RuleSystem, exact: bool) -> RuleSystem:
    def made(way: tuple[Requirement, ...]) -> tuple[Requirement, ...]:
        return tuple(replace(r, exact=exact) for r in way)

    contracts = tuple(
        replace(
            c,
            requirements=made(c.requirements),
            alternatives=tuple(made(way) for way in c.alternatives),
        )
        for c in rules.contracts
    )
    return replace(rules, contracts=contracts)


def _opening(**changes: object) -> Callable[[RuleSystem, Any], RuleSystem]:
    """An option that changes the opening: `changes` names the field and what to put there
    (a callable of the value)."""

    def apply(rules: RuleSystem, value: Any) -> RuleSystem:
        if rules.opening is None:
            return rules
        fields = {
            name: (make(value) if callable(make) else value) for name, make in changes.items()
        }
        return replace(rules, opening=replace(rules.opening, **fields))

    return apply


def _contiguity_in_force(rules: RuleSystem, chosen: Mapping[str, object]) -> bool:
    contiguity = chosen.get("no_contiguous_runs")
    return bool(rules.forbid_contiguous_runs if contiguity is None else contiguity)


register(HouseRule("no_jokers", NAMED, Choice(bool), unset=False))


def _switch(name: str, field: str, **more: Any) -> HouseRule:
    """A yes/no rule of contract games that is one field of the rule system: the system's
    own value is the rule's reading, the table's choice replaces it."""
    return HouseRule(
        name,
        NAMED,
        Choice(bool),
        default=lambda rules: getattr(rules, field),
        apply=lambda rules, value: replace(rules, **{field: value}),
        **more,
    )


def _game_length(name: str, choice: Choice, other: str) -> HouseRule:
    """How an open-ended game ends: after agreed deals, or at a total; one or the other, and
    chosen for a game only (a blank grid asks for its deals, the checker for neither)."""
    return HouseRule(name, NAMED, choice, conflicts=(other,), asked_in=frozenset({GAME}))


register(_game_length("rounds", Choice(int, 1, MOST_DEALS), "end_at_total"))
register(_game_length("end_at_total", Choice(int, 50, MOST_POINTS), "rounds"))
register(
    HouseRule(
        "joker_counts_as_card",
        NAMED,
        Choice(bool),
        unset=False,
        apply=_opening(joker_as_card=bool),
    )
)
register(
    HouseRule(
        "ace_in_set",
        NAMED,
        Choice(int, values=(11, 1)),
        default=lambda rules: rules.opening.ace_in_set if rules.opening else None,
        apply=_opening(ace_in_set=int),
    )
)
register(
    HouseRule("rami_sec_only", NAMED, Choice(bool), unset=False, apply=_opening(rami_sec_only=bool))
)
register(
    HouseRule(
        "exact_lay_down",
        NAMED,
        Choice(bool),
        default=lambda rules: (
            bool(rules.contracts)
            and all(r.exact for c in rules.contracts for r in c.every_requirement())
        ),
        apply=_exact,
    )
)
register(_switch("no_contiguous_runs", "forbid_contiguous_runs"))
register(
    HouseRule(
        "overlap_counts_as_contiguous",
        NAMED,
        Choice(bool),
        unset=False,
        apply=lambda rules, value: replace(rules, overlapping_runs_meet=True) if value else rules,
        # A refinement of the contiguity rule: without it, it would be silently ignored.
        needs=_contiguity_in_force,
        needs_option="no_contiguous_runs",
    )
)
register(
    HouseRule(
        "same_rank_sets_count_once",
        NAMED,
        Choice(bool),
        unset=False,
        apply=lambda rules, value: (
            replace(rules, same_rank_sets_count_once=True) if value else rules
        ),
    )
)
register(
    HouseRule(
        "dealer_passes",
        NAMED,
        Choice(str, values=("left", "right")),
        default=lambda rules: "left" if rules.seating.dealer_step > 0 else "right",
        apply=lambda rules, value: replace(
            rules, seating=replace(rules.seating, dealer_step=1 if value == "left" else -1)
        ),
        asked_in=frozenset({GAME, GRID}),
    )
)
register(
    HouseRule(
        "late_start",
        NAMED,
        Choice(str, values=("worst", "average", "zero")),
        # The rules say nothing of a player who comes late; most tables start them on the
        # worst total so far, so that coming late never pays.
        default=lambda rules: "worst",
        asked_in=frozenset({GAME}),
    )
)
register(_switch("no_winner_deals", "allows_no_winner", asked_in=frozenset({GAME, GRID})))
register(
    HouseRule(
        "decks",
        NAMED,
        Choice(int, 1, MOST_DECKS),
        apply=lambda rules, value: replace(rules, decks=(DeckRule(rules.players, value),)),
    )
)


def _meld_switch(name: str, field: str) -> HouseRule:
    """A yes/no rule that is one field of the rules' melds."""
    return HouseRule(
        name,
        NAMED,
        Choice(bool),
        default=lambda rules: getattr(rules.meld_rules, field),
        apply=lambda rules, value: replace(
            rules, meld_rules=replace(rules.meld_rules, **{field: value})
        ),
    )


def _last_all_out(rules: RuleSystem, value: bool) -> RuleSystem:
    if not rules.contracts:
        return rules
    last = replace(rules.contracts[-1], lay_all_cards=value)
    return replace(rules, contracts=(*rules.contracts[:-1], last))


register(_meld_switch("round_the_corner", "circular_runs"))
register(
    HouseRule(
        "joker_points",
        NAMED,
        Choice(int, 0, MOST_JOKER_POINTS),
        default=lambda rules: rules.values.joker,
        apply=lambda rules, value: replace(rules, card_values=replace(rules.values, joker=value)),
        asked_in=frozenset({GAME, GRID}),
    )
)
register(_meld_switch("jokers_at_most_naturals", "jokers_at_most_naturals"))
register(
    HouseRule(
        "last_round_all_out",
        NAMED,
        Choice(bool),
        default=lambda rules: bool(rules.contracts) and rules.contracts[-1].lay_all_cards,
        apply=_last_all_out,
    )
)
