"""House rules as a form and as lines on a page, generated from the engine's HOUSE_RULES.

One `HouseRulesForm` per system and place (a new game, the meld checker, a blank grid): a
field per house rule the system offers there, named `<slug>-<option>` (or `<option>` on the
checker), with the engine's label, meaning and choices in the page's language. The engine
reads and checks what was typed (TableOptions.from_text); a refusal is put next to its
field. Nothing here names a house rule: a new one is an entry of HOUSE_RULES only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext as _

from rules_engine import (
    GAME,
    HOUSE_RULES,
    HouseRule,
    OptionError,
    RuleSystem,
    TableOptions,
    default_words,
    label_words,
    meaning_words,
    offered,
    said_words,
    system_default,
    value_words,
)
from scorekeeper.core.i18n import lang
from scorekeeper.core.refusals import refusal_words

WIDE_RANGE = 10  # a whole number with more values than this is typed, not chosen


def in_force(rules: RuleSystem, options: TableOptions, where: str | None = None) -> list[str]:
    """The house rules a table plays, one line each (empty: the rules as written); `where`
    keeps only those a place asks (the checker does not ask how a game ends)."""
    return [
        said_words(name, value, lang())
        for name, value in options.house_rules(rules)
        if where is None or where in HOUSE_RULES[name].asked_in
    ]


def encode(value: object) -> str:
    """An option's value as a form or an address writes it."""
    if isinstance(value, bool):
        return "1" if value else "0"
    return "" if value is None else str(value)


def _choices(rules: RuleSystem, rule: HouseRule) -> list[tuple[str, str]]:
    """The rules' own reading first (an empty value), then every other value."""
    own = system_default(rules, rule.name)
    if rule.unset_words:
        first = default_words(rules, rule.name, lang())
    else:
        first = _("%(value)s (the rules)") % {"value": default_words(rules, rule.name, lang())}
    choice = rule.choice
    values = choice.values or ((True, False) if choice.kind is bool else ())
    if not values:
        values = tuple(range(choice.low, choice.high + 1))
    return [("", first)] + [
        (encode(v), value_words(rule.name, v, lang())) for v in values if v != own
    ]


def _field(rules: RuleSystem, rule: HouseRule) -> forms.Field:
    choice = rule.choice
    typed = choice.kind is int and not choice.values and choice.high - choice.low > WIDE_RANGE
    attrs = {"min": choice.low, "max": choice.high, "inputmode": "numeric"}
    widget = forms.NumberInput(attrs=attrs) if typed else forms.Select()
    field = forms.CharField(
        label=label_words(rule.name, lang()),
        help_text=meaning_words(rules, rule.name, lang()),
        required=False,
        strip=True,
        widget=widget,
    )
    if not typed:
        field.widget.choices = _choices(rules, rule)
    return field


class HouseRulesForm(forms.Form):
    """One system's house rules a place asks; `options()` is the table's choice, checked."""

    label_suffix = ""

    def __init__(
        self,
        rules: RuleSystem,
        data: Mapping[str, Any] | None = None,
        *,
        where: str = GAME,
        prefix: str | None = None,
    ) -> None:
        super().__init__(data, prefix=prefix)
        self.rules = rules
        for name in offered(rules):
            rule = HOUSE_RULES[name]
            if where in rule.asked_in:
                self.fields[name] = _field(rules, rule)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        texts = {name: str(data.get(name) or "")[:10] for name in self.fields}
        try:
            data["options"] = TableOptions.from_text(self.rules, texts)
        except OptionError as error:
            self.refuse(error)
        return data

    def refuse(self, error: OptionError) -> None:
        """An engine refusal of the options, next to the option it names."""
        option = str(error.params.get("option", ""))
        self.add_error(option if option in self.fields else None, refusal_words(error))

    @property
    def chosen(self) -> bool:
        """Whether the table set any of them (or set one wrong): the page opens the block."""
        return bool(self.errors) or any(self[name].value() for name in self.fields)

    def options(self) -> TableOptions:
        """The options chosen; call after is_valid() is true."""
        options: TableOptions = self.cleaned_data["options"]
        return options
