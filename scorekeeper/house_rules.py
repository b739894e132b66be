"""House rules in words and form fields: the engine's table options as a table reads them.

One place says what each option means, how its values read, and how it is typed in a form
or a query (`name=value`, empty for the rules' own reading). The new-game form, the checker
page, the rules pages, the game pages and the PDFs all read from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from rules_engine import CHOICES, Fact, RuleSystem, TableOptions, system_default

# name -> (label, one-line explanation)
OPTION_WORDS = {
    "no_jokers": (
        gettext_noop("Play without jokers"),
        gettext_noop("The variant played without any joker; scores and checks follow."),
    ),
    "rounds": (
        gettext_noop("Number of deals"),
        gettext_noop("Empty: play on and end the game when the table wants."),
    ),
    "end_at_total": (
        gettext_noop("End when a player reaches"),
        gettext_noop("Points; the game stops after the deal that brings a total there."),
    ),
    "joker_counts_as_card": (
        gettext_noop("A joker in the opening counts as its card"),
        gettext_noop(
            "Instead of %(joker)d, as most French rule books count it towards the %(minimum)d."
        ),
    ),
    "ace_in_set": (
        gettext_noop("An ace in a set counts, in the opening"),
        gettext_noop(
            "Three aces in a set open with %(three_high)d points at %(high)d each, "
            "%(three_low)d at %(low)d each."
        ),
    ),
    "rami_sec_only": (
        gettext_noop("Rami sec only"),
        gettext_noop(
            "One lays down only by laying all %(cards)d cards at once; the others then score "
            "%(flat)d."
        ),
    ),
    "exact_lay_down": (
        gettext_noop("Lay exactly the contract"),
        gettext_noop(
            "Each meld exactly the size the contract names at the first lay-down, no card more."
        ),
    ),
    "no_contiguous_runs": (
        gettext_noop("Runs of one suit must not follow on"),
        gettext_noop("In a contract, ♥2-5 and ♥6-9 are refused; ♥7-10 with ♥2-5 is fine."),
    ),
    "overlap_counts_as_contiguous": (
        gettext_noop("Nor overlap"),  # shown right under "Runs of one suit must not follow on"
        gettext_noop("♥2-5 with ♥4-7 (two decks) is refused too, as some tables play it."),
    ),
    "same_rank_sets_count_once": (
        gettext_noop("Two sets of one rank count as one"),
        gettext_noop("7♠7♥7♦ and 7♣7♠7♥ then fill a single set of the contract."),
    ),
    "dealer_passes": (
        gettext_noop("The deal passes"),
        gettext_noop("To the next dealer after each deal."),
    ),
    "no_winner_deals": (
        gettext_noop("A deal may end with no winner"),
        gettext_noop("When stock and discard run out; everyone then scores their hand."),
    ),
    "decks": (
        gettext_noop("Decks"),
        gettext_noop("The same number of decks for every deal, whatever the players."),
    ),
}

VALUE_WORDS = {
    True: gettext_noop("yes"),
    False: gettext_noop("no"),
    "left": gettext_noop("to the left"),
    "right": gettext_noop("to the right"),
}


def meaning(rules: RuleSystem, option: str) -> str:
    """The option's one-line explanation, its figures read from the game's rules."""
    params: dict[str, int] = {}
    opening = rules.opening
    if opening is not None:
        aces = [v for v in CHOICES["ace_in_set"].values if isinstance(v, int)]
        high, low = max(aces), min(aces)
        flat = next((f.points for f in rules.flat_scores if f.fact == Fact.LAID_NOTHING), 0)
        params = {
            "joker": opening.joker,
            "minimum": opening.minimum,
            "high": high,
            "low": low,
            "three_high": 3 * high,
            "three_low": 3 * low,
            "cards": opening.rami_sec_cards,
            "flat": flat,
        }
    text = _(OPTION_WORDS[option][1])
    return text % params if "%(" in text else text


def value_words(name: str, value: object) -> str:
    if name == "ace_in_set":
        return _("%(n)d points") % {"n": value}
    if isinstance(value, bool) or value in VALUE_WORDS:
        return _(VALUE_WORDS[value])  # type: ignore[index]
    return str(value)


def sentence(name: str, value: object) -> str:
    """What a table that set this option plays, as a line for a page or a sheet."""
    if name == "no_jokers":
        return _("Played without jokers.")
    if name == "rounds":
        return _("%(n)d deals agreed.") % {"n": value}
    if name == "end_at_total":
        return _("The game ends when a player reaches %(n)d points.") % {"n": value}
    if name == "joker_counts_as_card":
        return _("A joker in the opening counts as the card it replaces.")
    if name == "ace_in_set":
        return _("An ace in a set counts %(n)d in the opening.") % {"n": value}
    if name == "rami_sec_only":
        return _("One lays down only by rami sec.")
    if name == "exact_lay_down":
        return (
            _("The first lay-down is exactly the contract, no card more.")
            if value
            else _("Contract melds may be longer than asked.")
        )
    if name == "no_contiguous_runs":
        return (
            _("Two runs of one suit in a contract must not follow on.")
            if value
            else _("Runs of one suit may follow on in a contract.")
        )
    if name == "overlap_counts_as_contiguous":
        return _("Two runs of one suit in a contract must not overlap either.")
    if name == "same_rank_sets_count_once":
        return _("Two sets of one rank count as one set.")
    if name == "dealer_passes":
        return (
            _("The deal passes to the left.")
            if value == "left"
            else _("The deal passes to the right.")
        )
    if name == "no_winner_deals":
        return _("A deal may end with no winner.") if value else _("Every deal ends with a winner.")
    if name == "decks":
        return _("%(n)d decks whatever the number of players.") % {"n": value}
    raise KeyError(name)


def in_force(rules: RuleSystem, options: TableOptions, skip: tuple[str, ...] = ()) -> list[str]:
    """The house rules a table plays, one line each (empty: the rules as written)."""
    return [sentence(name, value) for name, value in options.house_rules(rules) if name not in skip]


def default_words(rules: RuleSystem, name: str) -> str:
    """The rules' own reading of an option, as the form and the rules page mark it."""
    if name == "rounds":
        return _("open-ended")
    if name == "end_at_total":
        return _("none")
    if name == "decks":
        return _("as the rules say")
    return value_words(name, system_default(rules, name))


@dataclass
class OptionField:
    """One house rule as a form control: a select, or a number box for counts."""

    name: str  # the input's name
    option: str
    label: str
    meaning: str
    number: bool
    low: int
    high: int
    value: str  # as typed or chosen; "" for the rules' reading
    choices: list[tuple[str, str]]  # (value, words); the first is the default
    error: str = ""


def _choices(rules: RuleSystem, option: str) -> list[tuple[str, str]]:
    default = (
        _("as the rules say")
        if option == "decks"
        else _("%(value)s (the rules)") % {"value": default_words(rules, option)}
    )
    choice = CHOICES[option]
    values = choice.values or ((True, False) if choice.kind is bool else ())
    if option == "decks":
        values = tuple(range(choice.low, choice.high + 1))
    return [("", default)] + [
        (encode(v), value_words(option, v))
        for v in values
        if v != system_default(rules, option) or option == "decks"
    ]


def encode(value: object) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    return "" if value is None else str(value)


def option_fields(
    rules: RuleSystem,
    data: Mapping[str, str],
    prefix: str = "",
    errors: Mapping[str, str] | None = None,
    skip: tuple[str, ...] = (),
) -> list[OptionField]:
    fields = []
    for option in rules.options:
        if option in skip:
            continue
        label = OPTION_WORDS[option][0]
        choice = CHOICES[option]
        number = choice.kind is int and not choice.values and option != "decks"
        fields.append(
            OptionField(
                name=prefix + option,
                option=option,
                label=_(label),
                meaning=meaning(rules, option),
                number=number,
                low=choice.low,
                high=choice.high,
                value=str(data.get(prefix + option, ""))[:10],
                choices=[] if number else _choices(rules, option),
                error=(errors or {}).get(option, ""),
            )
        )
    return fields


def read(
    rules: RuleSystem, data: Mapping[str, str], prefix: str = "", skip: tuple[str, ...] = ()
) -> TableOptions:
    """A table's options from form or query text; raises OptionError naming the option."""
    return TableOptions.from_text(
        rules,
        {
            option: str(data.get(prefix + option, ""))
            for option in rules.options
            if option not in skip
        },
    )
