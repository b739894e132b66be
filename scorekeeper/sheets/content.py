"""What goes in a grid, from the rules engine's data (and a game's board when filled)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules_engine import Fact, RoundPlan, RuleSystem, Table
from scorekeeper.core.facts import FACT_MARKS, FACT_WORDS, NO_WINNER_MARK, trophy_name
from scorekeeper.core.house_rules import in_force
from scorekeeper.sheets.sheet import Sheet

if TYPE_CHECKING:
    from scorekeeper.games.selectors import Board


def legend(table: Table) -> list[str]:
    """The scoring, then the marks this game's grid can hold."""
    rules = table.rules
    marks = [f"{FACT_MARKS[f]} {FACT_WORDS[f]}" for f in table.facts()]
    if rules.allows_no_winner:
        marks.append(f"{NO_WINNER_MARK} {_('no winner')}")
    return [*scoring_lines(rules), " · ".join(marks)]


def scoring_lines(rules: RuleSystem) -> list[str]:
    """Card values, bonuses, the opening and who wins, as the rules' data says."""
    lines = []
    values = rules.card_values
    if values and values.pips is None:
        lines.append(
            _(
                "Cards left: 2 to 10 their value, J Q K %(face)d, ace %(ace)d, joker %(joker)d; "
                "the player who went out scores 0."
            )
            % {"face": values.face, "ace": values.ace, "joker": values.joker}
        )
    elif values:
        lines.append(
            _(
                "Cards left: 2 to 10 %(pips)d each, J Q K %(face)d, ace %(ace)d, joker %(joker)d; "
                "the player who went out scores 0."
            )
            % {"pips": values.pips, "face": values.face, "ace": values.ace, "joker": values.joker}
        )
    if values and rules.meld_rules.wild_deuces:
        lines.append(_("A wild deuce left in hand: %(p)d.") % {"p": values.of_wild_deuce})
    bonus_words = {
        Fact.OPENED_FIRST: _("First to open: %(p)d."),
        Fact.WENT_OUT: _("The player who closes: %(p)d."),
        Fact.RAMI_SEC: _("Rami sec (all %(cards)d cards laid at once): %(p)d."),
        Fact.OUT_IN_ONE_GO: _("Going out laying every card in one go: %(p)d."),
    }
    cards = rules.opening.rami_sec_cards if rules.opening else 0
    for bonus in rules.bonuses:
        lines.append(bonus_words[bonus.fact] % {"p": bonus.points, "cards": cards})
    for flat in rules.flat_scores:
        lines.append(_("A player who laid nothing scores %(p)d.") % {"p": flat.points})
    if rules.opening:
        opening = rules.opening
        lines.append(
            _(
                "Opening: a pure run (no joker) and at least %(n)d points; ace %(high)d high, "
                "%(low)d low; joker %(joker)d."
            )
            % {
                "n": opening.minimum,
                "high": opening.ace_high,
                "low": opening.ace_low,
                "joker": opening.joker,
            }
        )
    if rules.allows_no_winner:
        lines.append(_("Stock and discard exhausted: no winner, everyone scores their hand."))
    lines.append(_("Lowest total wins.") if rules.lowest_wins else _("Highest total wins."))
    return lines


def compact_lines(table: Table, deals: int) -> list[str]:
    """What a compact sheet's signs mean, and each round's contract in words (its rows show
    only the symbols)."""
    lines = [_("# the round; under each player, + the round's points and = the running total.")]
    contracts = [
        f"{number} {table.round(number).contract_words(_lang())}"
        for number in range(1, deals + 1)
        if table.round(number).contract is not None
    ]
    return lines + ([_("Contracts:") + " " + " · ".join(contracts)] if contracts else [])


def house_rule_lines(table: Table) -> list[str]:
    lines = in_force(table.system, table.options)
    return [_("House rules:") + " " + " ".join(lines)] if lines else []


def comings_lines(board: Board) -> list[str]:
    """When each seat sat, where players came and went ("—" in the grid: not at the table)."""
    lines = []
    for player, first, last, start in board.comings:
        if first > 1:
            lines.append(
                _("%(name)s joined at round %(first)s, starting on %(start)s points.")
                % {"name": player.name, "first": first, "start": start}
            )
        if last is not None:
            lines.append(
                _("%(name)s left the table after round %(last)s.")
                % {"name": player.name, "last": last}
            )
    return lines


def _deal_words(plan: RoundPlan) -> tuple[str, str, str]:
    """A deal as the grid says it: cards each, decks, jokers."""
    decks = ngettext("%(n)d deck", "%(n)d decks", plan.decks) % {"n": plan.decks}
    jokers = (
        ngettext("%(n)d joker", "%(n)d jokers", plan.jokers) % {"n": plan.jokers}
        if plan.jokers
        else _("no joker")
    )
    return str(plan.cards), decks, jokers


def round_sheet(
    table: Table,
    names: list[str],
    *,
    board: Board | None = None,
    subtitle: str = "",
    compact: bool = False,
) -> Sheet:
    """Rounds down, players across: each player has a score cell and a running-total cell.

    As many rounds as the game has; an open-ended game's as many as were played. A compact
    sheet (small copies, several to a page) gives each round's contract by its symbols, and
    its words once, in the legend: rows stay one pen's height.
    """
    rules = table.rules
    deals = table.rounds or max(len(board.rows) if board else 0, 1)
    has_contracts = rules.has_contracts
    # A deal that never changes (Rami 51) is said once under the grid, not on every row.
    same_deal = len({_deal_words(table.round(n)) for n in range(1, deals + 1)}) == 1
    # Decks and jokers the same all game (cards may change): a compact sheet says them once.
    same_decks = len({_deal_words(table.round(n))[1:] for n in range(1, deals + 1)}) == 1
    short_cards = compact and same_decks
    cards = [] if same_deal else [_("Cards")]
    # A compact sheet's narrow columns are headed by signs, explained in its legend.
    round_head = "#" if compact else _("Round")
    lead = [round_head] + ([_("Contract")] if has_contracts else []) + cards + [_("Dealer")]
    header_top = lead + [x for name in names for x in (name or " ", "")]
    score, total = ("+", "=") if compact else (_("score"), _("total"))
    header_sub = [""] * len(lead) + [x for _name in names for x in (score, total)]
    spans = [((i, 0), (i, 1)) for i in range(len(lead))]
    spans += [((len(lead) + 2 * k, 0), (len(lead) + 2 * k + 1, 0)) for k in range(len(names))]
    rows = []
    filled = {row.number: row for row in board.rows} if board else {}
    for number in range(1, deals + 1):
        plan = table.round(number)
        row = filled.get(number)
        line = [f"{number} {NO_WINNER_MARK}" if row and row.no_winner else str(number)]
        if plan.contract is not None and compact:
            line.append(plan.contract_symbols)
        elif plan.contract is not None:
            line.append(f"{plan.contract_symbols}\n{plan.contract_words(_lang())}")
        if short_cards and not same_deal:
            line.append(str(plan.cards))
        elif not same_deal:
            line.append("{}\n{}, {}".format(*_deal_words(plan)))
        if row:
            line.append(row.dealer.name)
            for cell in row.cells:
                if cell.sat_out:  # not at the table that round
                    line += ["—", ""]
                    continue
                marks = " ".join(FACT_MARKS[f] for f in cell.facts if f in FACT_MARKS)
                line += [f"{cell.score} {marks}".strip(), str(cell.running)]
        else:
            line.append(board.players[plan.dealer].name if board is not None else "")
            line += ["", ""] * len(names)
        rows.append(line)
    total_row = [_("Total")] + [""] * (len(lead) - 1)
    rank_row = [_("Rank")] + [""] * (len(lead) - 1)
    for i in range(len(names)):
        if board and board.rows:
            total_row += ["", str(board.totals[i])]
            rank_row += ["", str(board.ranks[i])]
        else:
            total_row += ["", ""]
            rank_row += ["", ""]
    widths = [0.9] + ([3.2] if has_contracts else []) + [1.2] * len(cards) + [1.3]
    widths += [1.0, 1.0] * len(names)
    if same_deal:  # read before dealing: under the title
        cards_each, decks, jokers = _deal_words(table.round(1))
        every_deal = _("Every deal: %(cards)s cards each, %(decks)s, %(jokers)s.") % {
            "cards": cards_each,
            "decks": decks,
            "jokers": jokers,
        }
        subtitle = f"{subtitle}\n{every_deal}" if subtitle else every_deal
    elif short_cards:
        _cards, decks, jokers = _deal_words(table.round(1))
        every_deal = _("Every deal: %(decks)s, %(jokers)s.") % {"decks": decks, "jokers": jokers}
        subtitle = f"{subtitle}\n{every_deal}" if subtitle else every_deal
    winner = _("Winner:") + " "
    if board and board.finished and board.leaders:
        winner += ", ".join(board.players[i].name for i in board.leaders)
    else:
        winner += "_" * 30
    return Sheet(
        title=rules.name[_lang()],
        subtitle=subtitle,
        header=[header_top, header_sub],
        spans=spans,
        rows=rows,
        footer=[total_row, rank_row],
        legend=(compact_lines(table, deals) if compact else [])
        + legend(table)
        + house_rule_lines(table)
        + (comings_lines(board) if board else []),
        widths=widths,
        first_wide=len(lead),
        lines_after=[winner],
        chart=board.chart() if board and board.rows else None,
        chart_title=_("Score race"),
    )


def romi_sheet(
    rules: RuleSystem, names: list[str], *, board: Board | None = None, subtitle: str = ""
) -> Sheet:
    """The end-of-game tally, like the game's own score pad."""
    trophies = list(board.romi.trophies) if board and board.romi and board.romi.trophies else []
    trophy = _("Trophy")
    trophy_heads = [f"{trophy} {i + 1}" for i in range(rules.romi_rules.trophies_in_play)]
    if trophies:
        trophy_heads = [f"{trophy_name(t.symbol)} (+{t.points})" for t in trophies]
    header = [
        [
            _("Player"),
            _("Contract points"),
            *trophy_heads,
            _("Bonus cards"),
            _("Unused joker (+%(points)d)") % {"points": rules.romi_rules.unused_joker_points},
            _("Total"),
            _("Tie-break: bonus cards"),
        ]
    ]
    rows = []
    for i, name in enumerate(names):
        if board and board.romi:
            line = board.romi.lines[i]
            won = {t.symbol for t in line.trophies}
            cells = [f"+{t.points}" if t.symbol in won else "—" for t in trophies] or [""] * 4
            done = board.finished
            rows.append(
                [
                    name,
                    str(line.points),
                    *cells,
                    str(line.bonus_cards),
                    "" if line.joker_used else "1",
                    str(line.total) if done else "",
                    str(line.bonus_cards),
                ]
            )
        else:
            rows.append([name or " "] + [""] * 9)
    winner = _("Winner:") + " "
    if board and board.finished and board.romi:
        winner += ", ".join(line.player.name for line in board.romi.lines if line.rank == 1)
    else:
        winner += "_" * 30
    lines = [
        _(
            "A trophy goes to the single player with the most of its symbol; a tie gives it to nobody."
        ),
        _("Highest total wins; a tie goes to the player with more bonus cards."),
    ]
    return Sheet(
        title=rules.name[_lang()],
        subtitle=subtitle,
        header=header,
        spans=[],
        rows=rows,
        footer=[],
        legend=lines,
        widths=[2, 1.3, 1.3, 1.3, 1.3, 1.3, 1.2, 1.2, 1.1, 1.4],
        first_wide=1,
        lines_after=[winner],
        chart=board.chart() if board and board.rows else None,
        chart_title=_("Score race"),
    )


def _lang() -> str:
    from django.utils.translation import get_language

    return (get_language() or "fr")[:2]
