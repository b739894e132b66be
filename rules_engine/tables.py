"""Which table a game sits at: `Table` for the systems scored by deals, `RomiTable` for ROMi
RAMi. Callers ask here once and then talk to the table they get."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .catalogue import get_rules
from .options import TableOptions
from .romi_table import RomiTable
from .systems import RuleSystem
from .table import Table

AnyTable = Table | RomiTable


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
    slug: str,
    players: int | None,
    first_dealer: int = 0,
    options: Mapping[str, object] | None = None,
    redeals: Sequence[Sequence[int]] = (),
    sittings: Sequence[Sequence[int | None]] = (),
) -> AnyTable:
    """A table of a system by its slug, with its options read and checked; `sittings` says
    when each seat sat ([first round, last round or None]), empty when nobody came or went."""
    system = get_rules(slug)
    chosen = TableOptions.read(system, options or {})
    corrections = tuple((int(n), int(s)) for n, s in redeals)
    dealer = first_dealer % max(players or 1, 1)
    sat = tuple((int(first or 1), None if last is None else int(last)) for first, last in sittings)
    return table_for(system, players, dealer, chosen, redeals=corrections, sittings=sat)
