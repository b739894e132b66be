"""What goes in a grid, from the rules engine's data (and a game's board when filled)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules_engine import cards_dealt, decks_and_jokers, seats_for_round
from rules_engine.messages import contract_symbols, contract_words
from rules_engine.systems import RuleSystem

from ..facts import FACT_MARKS
from .grids import Sheet


def legend(rules: RuleSystem) -> list[str]:
    """Card values and bonuses as the rule texts state them."""
    lines = []
    values = rules.card_values
    if values:
        lines.append(_("Cards left: 2 to 10 their value, J Q K %(face)d, ace %(ace)d, joker %(joker)d; "
                       "the player who went out scores 0.") % {"face": values.face, "ace": values.ace,
                                                                "joker": values.joker})  # fmt: skip
    for bonus in rules.bonuses:
        lines.append({"opened_first": _("First to open: %(p)d."), "went_out": _("The player who closes: %(p)d."),
                      "rami_sec": _("Rami sec (all 13 cards laid at once): %(p)d.")}[bonus.fact] % {"p": bonus.points})  # fmt: skip
    for flat in rules.flat_scores:
        lines.append(_("A player who laid nothing scores %(p)d.") % {"p": flat.points})
    if rules.opening:
        lines.append(_("Opening: a pure run (no joker) and at least %(n)d points; ace 11 high, 1 low; joker 0.")
                     % {"n": rules.opening.minimum})  # fmt: skip
    if rules.allows_no_winner:
        lines.append(_("Stock and discard exhausted: no winner, everyone scores their hand."))
    lines.append(_("Lowest total wins.") if rules.lowest_wins else _("Highest total wins."))
    lines.append(_("★ went out · ① opened first · ∅ laid nothing"))
    return lines


def round_sheet(rules: RuleSystem, names: list[str], *, deals: int, board=None, subtitle: str = "",
                players: int | None = None) -> Sheet:  # fmt: skip
    """Rounds down, players across: each player has a score cell and a running-total cell."""
    count = players or len(names)
    has_contracts = rules.has_contracts
    lead = [_("Round")] + ([_("Contract")] if has_contracts else []) + [_("Cards"), _("Dealer")]
    header_top = lead + [x for name in names for x in (name or " ", "")]
    header_sub = [""] * len(lead) + [x for _name in names for x in (_("score"), _("total"))]
    spans = [((i, 0), (i, 1)) for i in range(len(lead))]
    spans += [((len(lead) + 2 * k, 0), (len(lead) + 2 * k + 1, 0)) for k in range(len(names))]
    rows = []
    filled = {row.number: row for row in board.rows} if board else {}
    for number in range(1, deals + 1):
        line = [str(number)]
        if has_contracts:
            contract = rules.contracts[number - 1]
            line.append(f"{contract_symbols(contract)}\n{contract_words(contract, _lang())}")
        with_jokers = not (board is not None and board.game.options.get("no_jokers"))
        decks, jokers = decks_and_jokers(rules, count, number, with_jokers)
        dealt = cards_dealt(rules, number)
        deck_words = ngettext("%(n)d deck", "%(n)d decks", decks) % {"n": decks}
        joker_words = (ngettext("%(n)d joker", "%(n)d jokers", jokers) % {"n": jokers}
                       if jokers else _("no joker"))  # fmt: skip
        line.append(f"{dealt}\n{deck_words}, {joker_words}")
        row = filled.get(number)
        if row:
            line.append(row.dealer.name)
            for cell in row.cells:
                marks = " ".join(FACT_MARKS[f] for f in cell.facts if f in FACT_MARKS)
                line += [f"{cell.score} {marks}".strip(), str(cell.running)]
        else:
            if board is not None and number <= deals:
                dealer = seats_for_round(rules, number, board.game.first_dealer, count).dealer
                line.append(board.players[dealer].name)
            else:
                line.append("")
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
    widths = [0.9] + ([3.2] if has_contracts else []) + [1.2, 1.3] + [1.0, 1.0] * len(names)
    winner = _("Winner:") + " "
    if board and board.finished and board.leaders:
        winner += ", ".join(board.players[i].name for i in board.leaders)
    else:
        winner += "_" * 30
    return Sheet(
        title=rules.name[_lang()], subtitle=subtitle, header=[header_top, header_sub], spans=spans,
        rows=rows, footer=[total_row, rank_row], legend=legend(rules), widths=widths,
        first_wide=len(lead), lines_after=[winner],
    )  # fmt: skip


def romi_sheet(rules: RuleSystem, names: list[str], *, board=None, subtitle: str = "") -> Sheet:
    """The end-of-game tally, like the game's own score pad."""
    trophies = list(board.romi.trophies) if board and board.romi and board.romi.trophies else []
    trophy = _("Trophy")
    trophy_heads = [f"{trophy} {i + 1}" for i in range(4)]
    if trophies:
        from ..forms import trophy_name

        trophy_heads = [f"{trophy_name(t.symbol)} (+{t.points})" for t in trophies]
    header = [[_("Player"), _("Contract points"), *trophy_heads, _("Bonus cards"),
               _("Unused joker (+%(points)d)") % {"points": rules.romi.unused_joker_points},
               _("Total"), _("Tie-break: bonus cards")]]  # fmt: skip
    rows = []
    for i, name in enumerate(names):
        if board and board.romi:
            line = board.romi.lines[i]
            won = {t.symbol for t in line.trophies}
            cells = [f"+{t.points}" if t.symbol in won else "—" for t in trophies] or [""] * 4
            done = board.finished
            rows.append([name, str(line.points), *cells, str(line.bonus_cards),
                         "" if line.joker_used else "1", str(line.total) if done else "",
                         str(line.bonus_cards)])  # fmt: skip
        else:
            rows.append([name or " "] + [""] * 9)
    winner = _("Winner:") + " "
    if board and board.finished:
        winner += ", ".join(line.player.name for line in board.romi.lines if line.rank == 1)
    else:
        winner += "_" * 30
    lines = [_("A trophy goes to the single player with the most of its symbol; a tie gives it to nobody."),
             _("Highest total wins; a tie goes to the player with more bonus cards.")]  # fmt: skip
    return Sheet(title=rules.name[_lang()], subtitle=subtitle, header=header, spans=[], rows=rows,
                 footer=[], legend=lines, widths=[2, 1.3, 1.3, 1.3, 1.3, 1.3, 1.2, 1.2, 1.1, 1.4],
                 first_wide=1, lines_after=[winner])  # fmt: skip


def _lang() -> str:
    from django.utils.translation import get_language

    return (get_language() or "fr")[:2]
