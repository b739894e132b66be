"""A table's house rules: the options it chose among those its system offers (HOUSE_RULES).

An option left unset keeps the system's own reading, so a table that chooses nothing plays
exactly the catalogue's rules. `TableOptions.apply` turns the choices into a rule system,
which every check, finder and score then reads like any other: no code elsewhere asks which
house rule is in force.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import OptionError
from .house_rules import HOUSE_RULES, Choice, house_rule, offered
from .systems import RuleSystem


def system_default(rules: RuleSystem, name: str) -> object:
    """What the system itself does for this option (the value an unset option stands for)."""
    return house_rule(name).own(rules)


class TableOptions:
    """A table's house rules by name; an option not chosen reads as its `unset` value."""

    __slots__ = ("_chosen",)

    def __init__(self, **chosen: object) -> None:
        for name in chosen:
            if name not in HOUSE_RULES:
                raise OptionError("unknown_option", option=str(name)[:40], slug="")
        self._chosen = {name: value for name, value in chosen.items()}

    def __getattr__(self, name: str) -> Any:
        rule = HOUSE_RULES.get(name)
        if rule is None:
            raise AttributeError(name)
        return self._chosen.get(name, rule.unset)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TableOptions) and self.stored() == other.stored()

    def __hash__(self) -> int:
        return hash(tuple(sorted(self.stored().items())))

    def __repr__(self) -> str:
        return f"TableOptions({self.stored()!r})"

    @classmethod
    def read(cls, rules: RuleSystem, data: Mapping[str, object]) -> TableOptions:
        """Typed options from stored or sent data; raises OptionError naming the option."""
        for name, value in data.items():
            if name not in offered(rules):
                raise OptionError("unknown_option", option=str(name)[:40], slug=rules.slug)
            if value is not None:
                _check(name, value)
        chosen = {name: value for name, value in data.items() if value is not None}
        for name in chosen:
            rule = house_rule(name)
            for other in rule.conflicts:
                if other in chosen and list(HOUSE_RULES).index(other) < list(HOUSE_RULES).index(
                    name
                ):
                    raise OptionError("options_conflict", option=name, first=other, second=name)
            if rule.needs is not None and chosen[name] != rule.unset:
                if not rule.needs(rules, chosen):
                    raise OptionError(
                        "options_conflict", option=name, first=rule.needs_option, second=name
                    )
        return cls(**chosen)

    @classmethod
    def from_text(cls, rules: RuleSystem, texts: Mapping[str, str]) -> TableOptions:
        """Options typed as text (a form, a query, `--option name=value`): empty keeps the
        rules' reading, and a value equal to it is the same, so it is not kept either."""
        values: dict[str, object] = {}
        for name, text in texts.items():
            text = str(text or "").strip()[:10]
            if not text:
                continue
            if name not in HOUSE_RULES:
                raise OptionError("unknown_option", option=str(name)[:40], slug=rules.slug)
            value = _parse(name, text)
            if value != system_default(rules, name):
                values[name] = value
        return cls.read(rules, values)

    def stored(self) -> dict[str, object]:
        """The options set away from their unset value, as plain JSON values."""
        return {
            name: value
            for name, value in self._chosen.items()
            if value is not None and value != HOUSE_RULES[name].unset
        }

    def apply(self, rules: RuleSystem) -> RuleSystem:
        """The rule system this table plays: the catalogue's, changed by each option set."""
        chosen = self.stored()
        for name, rule in HOUSE_RULES.items():
            if name in chosen:
                rules = rule.apply(rules, chosen[name])
        return rules

    def house_rules(self, rules: RuleSystem) -> list[tuple[str, object]]:
        """The options this table set away from the system's own rule, with their values."""
        chosen = self.stored()
        return [
            (name, chosen[name])
            for name in offered(rules)
            if name in chosen and chosen[name] != system_default(rules, name)
        ]


def _parse(name: str, text: str) -> object:
    choice = house_rule(name).choice
    if choice.kind is bool:
        if text.lower() in ("1", "true", "on", "yes"):
            return True
        if text.lower() in ("0", "false", "off", "no"):
            return False
        raise OptionError("option_not_bool", option=name)
    if choice.kind is int:
        # ASCII digits only: str.isdigit() also takes "²" or "٣", which int() refuses or reads.
        if not (text.isascii() and text.isdigit()):
            raise OptionError("option_out_of_range", option=name, low=choice.low, high=choice.high)
        return int(text)
    return text


def _check(name: str, value: object) -> None:
    choice: Choice = house_rule(name).choice
    if choice.kind is bool:
        if not isinstance(value, bool):
            raise OptionError("option_not_bool", option=name)
        return
    if choice.values:
        if type(value) is not choice.kind or value not in choice.values:
            shown = ", ".join(str(v) for v in choice.values)
            raise OptionError("option_not_one_of", option=name, values=shown)
        return
    if (
        not isinstance(value, int)
        or isinstance(value, bool)
        or not choice.low <= value <= choice.high
    ):
        raise OptionError("option_out_of_range", option=name, low=choice.low, high=choice.high)
