"""The engine's one family of exceptions; each carries a stable code the web layer translates."""

from __future__ import annotations

from dataclasses import dataclass, field

from .sentences import SENTENCES


class RulesError(Exception):
    """Base of every error the engine raises on bad input."""

    code = "rules_error"

    def __init__(self, code: str | None = None, **params: object) -> None:
        self.code = code or self.code
        self.params = params
        super().__init__(self.code, params)

    def __str__(self) -> str:
        """The English sentence as a developer reads it in a traceback, its values filled in
        as they are (messages.describe words them for players, in their language)."""
        template = SENTENCES.get(self.code, {}).get("en")
        if not isinstance(template, str):
            return f"{self.code} {self.params}" if self.params else self.code
        try:
            return template.format(**self.params)
        except (KeyError, IndexError, ValueError):
            return template


class NotationError(RulesError):
    """A card or meld could not be read. `token` and `position` point at the culprit."""

    code = "notation"

    def __init__(self, code: str, *, token: str, position: int) -> None:
        super().__init__(code, token=token, position=position)
        self.token = token
        self.position = position


class UnknownRules(RulesError):
    code = "unknown_rules"


class RoundOutOfRange(RulesError):
    code = "round_out_of_range"


class OptionError(RulesError):
    """A table option the system does not offer, or a value it cannot take."""

    code = "bad_option"


class HandTooLarge(RulesError):
    """More cards, copies of a card or jokers than any hand of this system can hold."""

    code = "hand_too_large"


class SearchTooLarge(RulesError):
    """The finder used its whole budget without deciding: an honest "cannot tell here"."""

    code = "search_too_large"


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a deal: whose (seat, None for the deal), where, what."""

    seat: int | None
    code: str
    params: dict[str, object] = field(default_factory=dict)
    # What the table entered wrong: "points", "cards", or a fact ("went_out", "rami_sec"...).
    field: str | None = None


class DealError(RulesError):
    """A deal's facts do not add up; `problems` lists every Problem found."""

    code = "deal_invalid"

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("deal_invalid", count=len(problems))
        self.problems = problems
