"""House rules: what a table may choose where rule books differ, and the rules that result.

Each system names the options it offers (`RuleSystem.options`); an option left unset keeps
the system's own reading, so a table that chooses nothing plays exactly the catalogue's rules.
`TableOptions.apply` turns the choices into a rule system, which every check, finder and
score then reads like any other: no code elsewhere asks which house rule is in force.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace

from .errors import OptionError
from .systems import DeckRule, RuleSystem

MOST_DEALS = 100  # a table that agrees on a number of deals agrees on at most this many
MOST_POINTS = 10_000  # the highest total a table may play up to
MOST_DECKS = 4


@dataclass(frozen=True)
class Choice:
    """The values one option takes: true/false, whole numbers in a range, or a short list."""

    kind: type
    low: int = 0
    high: int = 0
    values: tuple[object, ...] = ()


CHOICES: dict[str, Choice] = {
    "no_jokers": Choice(bool),
    "rounds": Choice(int, 1, MOST_DEALS),
    "end_at_total": Choice(int, 50, MOST_POINTS),
    "joker_counts_as_card": Choice(bool),
    "ace_in_set": Choice(int, values=(11, 1)),
    "rami_sec_only": Choice(bool),
    "exact_lay_down": Choice(bool),
    "no_contiguous_runs": Choice(bool),
    "overlap_counts_as_contiguous": Choice(bool),
    "same_rank_sets_count_once": Choice(bool),
    "dealer_passes": Choice(str, values=("left", "right")),
    "no_winner_deals": Choice(bool),
    "decks": Choice(int, 1, MOST_DECKS),
}


@dataclass(frozen=True)
class TableOptions:
    """A table's house rules; None keeps the system's own rule."""

    no_jokers: bool = False  # the variant played without jokers
    rounds: int | None = None  # open-ended systems: the deals agreed on, None to play on
    end_at_total: int | None = None  # open-ended systems: over once a total reaches this
    joker_counts_as_card: bool = False  # rami-51: a joker in the opening counts as its card
    ace_in_set: int | None = None  # rami-51: an ace in a set counts 11 or 1 in the opening
    rami_sec_only: bool = False  # rami-51: one lays down only by laying every card at once
    exact_lay_down: bool | None = None  # contract melds exactly their size (3, 4) or more
    no_contiguous_runs: bool | None = None  # two runs of one suit in a contract must not meet
    overlap_counts_as_contiguous: bool = False  # ...nor overlap (2-5 with 4-7 of one suit)
    same_rank_sets_count_once: bool = False  # 7♠7♥7♦ and 7♣7♠7♥ fill one set, not two
    dealer_passes: str | None = None  # "left" or "right"
    no_winner_deals: bool | None = None  # a deal may end with stock and discard exhausted
    decks: int | None = None  # the same number of decks whatever the players and round

    @classmethod
    def read(cls, rules: RuleSystem, data: Mapping[str, object]) -> TableOptions:
        """Typed options from stored or sent data; raises OptionError naming the option."""
        values: dict[str, object] = {}
        for name, value in data.items():
            if name not in rules.options:
                raise OptionError("unknown_option", option=str(name)[:40], slug=rules.slug)
            if value is not None:
                _check(name, value)
            values[name] = value
        options = cls(**values)  # type: ignore[arg-type]
        if options.rounds is not None and options.end_at_total is not None:
            raise OptionError(
                "options_conflict", option="end_at_total", first="rounds", second="end_at_total"
            )
        contiguity = options.no_contiguous_runs
        if contiguity is None:
            contiguity = rules.forbid_contiguous_runs
        if options.overlap_counts_as_contiguous and not contiguity:
            # A refinement of the contiguity rule: without it, it would be silently ignored.
            raise OptionError(
                "options_conflict",
                option="overlap_counts_as_contiguous",
                first="no_contiguous_runs",
                second="overlap_counts_as_contiguous",
            )
        return options

    @classmethod
    def from_text(cls, rules: RuleSystem, texts: Mapping[str, str]) -> TableOptions:
        """Options typed as text (a form, a query, `--option name=value`): empty keeps the
        rules' reading, and a value equal to it is the same, so it is not kept either."""
        values: dict[str, object] = {}
        for name, text in texts.items():
            text = str(text or "").strip()[:10]
            if not text:
                continue
            if name not in CHOICES:
                raise OptionError("unknown_option", option=str(name)[:40], slug=rules.slug)
            value = _parse(name, text)
            if value != system_default(rules, name):
                values[name] = value
        return cls.read(rules, values)

    def stored(self) -> dict[str, object]:
        """The options set away from their default, as plain JSON values."""
        default = TableOptions()
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if getattr(self, f.name) != getattr(default, f.name)
        }

    def apply(self, rules: RuleSystem) -> RuleSystem:
        """The rule system this table plays: the catalogue's, changed by each option set."""
        changes: dict[str, object] = {}
        if self.exact_lay_down is not None:
            changes["contracts"] = tuple(
                replace(
                    contract,
                    requirements=tuple(
                        replace(r, exact=self.exact_lay_down) for r in contract.requirements
                    ),
                )
                for contract in rules.contracts
            )
        if self.no_contiguous_runs is not None:
            changes["forbid_contiguous_runs"] = self.no_contiguous_runs
        if self.overlap_counts_as_contiguous:
            changes["overlapping_runs_meet"] = True
        if self.same_rank_sets_count_once:
            changes["same_rank_sets_count_once"] = True
        if self.dealer_passes is not None:
            step = 1 if self.dealer_passes == "left" else -1
            changes["seating"] = replace(rules.seating, dealer_step=step)
        if self.no_winner_deals is not None:
            changes["allows_no_winner"] = self.no_winner_deals
        if self.decks is not None:
            changes["decks"] = (DeckRule(rules.players, self.decks),)
        if rules.opening is not None and (
            self.ace_in_set or self.joker_counts_as_card or self.rami_sec_only
        ):
            changes["opening"] = replace(
                rules.opening,
                ace_in_set=self.ace_in_set or rules.opening.ace_in_set,
                joker_as_card=self.joker_counts_as_card,
                rami_sec_only=self.rami_sec_only,
            )
        return replace(rules, **changes) if changes else rules  # type: ignore[arg-type]

    def house_rules(self, rules: RuleSystem) -> list[tuple[str, object]]:
        """The options this table set away from the system's own rule, with their values."""
        return [
            (name, getattr(self, name))
            for name in rules.options
            if getattr(self, name) is not None
            and getattr(self, name) != system_default(rules, name)
        ]


def system_default(rules: RuleSystem, name: str) -> object:
    """What the system itself does for this option (the value `None` stands for)."""
    if name == "exact_lay_down":
        return bool(rules.contracts) and all(
            r.exact for c in rules.contracts for r in c.requirements
        )
    if name == "no_contiguous_runs":
        return rules.forbid_contiguous_runs
    if name == "ace_in_set":
        return rules.opening.ace_in_set if rules.opening else None
    if name == "dealer_passes":
        return "left" if rules.seating.dealer_step > 0 else "right"
    if name == "no_winner_deals":
        return rules.allows_no_winner
    return getattr(TableOptions(), name)


def _parse(name: str, text: str) -> object:
    choice = CHOICES[name]
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
    choice = CHOICES[name]
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
