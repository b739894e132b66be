"""Which table a game sits at: `Table` for the systems scored by deals, `RomiTable` for ROMi
RAMi. Callers ask here once and then talk to the table they get."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, TypeIs

from .cards import Card
from .catalogue import get_rules
from .limits import HandLimits
from .options import TableOptions
from .romi_table import RomiTable
from .systems import Fact, RuleSystem
from .table import Table

AnyTable = Table | RomiTable


def dealt(table: AnyTable) -> TypeIs[Table]:
    """Whether this game is played deal by deal (rounds entered, a dealer, players who come
    and go, hands sent from phones): the table answers `deals_rounds`, and the type follows."""
    return table.deals_rounds


class GameTable(Protocol):
    """What a page may ask of any game's table, ROMi RAMi's too, without asking which kind it
    is: its rules and seats, who deals, who sits and plays which round (ROMi RAMi: everyone,
    throughout), whether cards left in hand are counted, what a hand may hold, when the game
    is over. Both Table and RomiTable answer all of it (tests/rules_engine/test_tables.py)."""

    @property
    def rules(self) -> RuleSystem: ...
    @property
    def seats(self) -> int: ...
    @property
    def with_jokers(self) -> bool: ...
    @property
    def counts_cards(self) -> bool: ...
    @property
    def totals_can_end(self) -> bool: ...
    @property
    def card_keys(self) -> tuple[str, ...]: ...

    @property
    def deals_rounds(self) -> bool: ...
    @property
    def contract_count(self) -> int: ...

    def dealer(self, number: int) -> int: ...
    def contract_words(self, number: int, lang: str) -> str: ...
    def sitting(self, seat: int) -> tuple[int, int | None]: ...
    def plays(self, seat: int, number: int) -> bool: ...
    def has_left(self, seat: int) -> bool: ...
    def hand_value(self, cards: Sequence[Card]) -> int: ...
    def facts(self) -> tuple[Fact, ...]: ...
    def limits(self, number: int | None = None) -> HandLimits: ...
    def is_finished(self, ended: bool, played: int = 0, totals: Sequence[int] = ()) -> bool: ...


def table_for(
    system: RuleSystem,
    players: int | None,
    first_dealer: int = 0,
    options: TableOptions | None = None,
    *,
    new: bool = False,
    redeals: tuple[tuple[int, int], ...] = (),
    sittings: tuple[tuple[int, int | None], ...] = (),
) -> AnyTable:
    """The table of these rules. A `new` one is refused when the rules exclude it (player
    count, decks too few); a stored game's is read unchecked, so games stored under older
    rules still read."""
    if system.romi is None:
        if new:
            return Table.checked(system, players, first_dealer, options, sittings)
        return Table(system, players, first_dealer, options or TableOptions(), redeals, sittings)
    if new:
        system.check_players(players)
    return RomiTable(system, players, first_dealer, options or TableOptions())


def read_table(
    rules: str | RuleSystem,
    players: int | None,
    first_dealer: int = 0,
    options: Mapping[str, object] | None = None,
    redeals: Sequence[Sequence[int]] = (),
    sittings: Sequence[Sequence[int | None]] = (),
) -> AnyTable:
    """A table of a system (by its slug, or a table's own rules), with its options read and
    checked; `sittings` says when each seat sat ([first round, last round or None]), empty
    when nobody came or went."""
    system = get_rules(rules) if isinstance(rules, str) else rules
    chosen = TableOptions.read(system, options or {})
    corrections = tuple((int(n), int(s)) for n, s in redeals)
    dealer = first_dealer % max(players or 1, 1)
    sat = tuple((int(first or 1), None if last is None else int(last)) for first, last in sittings)
    return table_for(system, players, dealer, chosen, redeals=corrections, sittings=sat)


# Both kinds of table answer the protocol (mypy checks it here).
TABLE_KINDS: tuple[type[GameTable], ...] = (Table, RomiTable)
