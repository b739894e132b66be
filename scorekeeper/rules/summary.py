"""A game's rules on one printed page, from the same rulebook as the rules page."""

from __future__ import annotations

import io
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from scorekeeper.core.typefaces import BOLD, FONT
from scorekeeper.rules.rulebook import Rulebook
from scorekeeper.sheets.sheet import PAPERS

SIZE = 9.0


def _style(size: float = SIZE, bold: bool = False) -> ParagraphStyle:
    return ParagraphStyle(
        "rules", fontName=BOLD if bold else FONT, fontSize=size, leading=size * 1.25
    )


def _text(text: str, size: float = SIZE, bold: bool = False) -> Paragraph:
    return Paragraph(escape(str(text)), _style(size, bold))


def _bullets(lines: list[str]) -> list[Paragraph]:
    return [Paragraph("• " + escape(str(line)), _style()) for line in lines]


def _table(head: list[str], rows: list[list[str]], widths: list[float]) -> Table:
    data = [[_text(h, bold=True) for h in head]] + [[_text(c) for c in row] for row in rows]
    table = Table(data, colWidths=widths, repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#555555")),
                ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e6efe9")),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("TOPPADDING", (0, 0), (-1, -1), 2),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
            ]
        )
    )
    return table


def render_rules(book: Rulebook, paper: str = "a4") -> bytes:
    buffer = io.BytesIO()
    margin = 12 * mm
    doc = SimpleDocTemplate(
        buffer,
        pagesize=PAPERS[paper],
        leftMargin=margin,
        rightMargin=margin,
        topMargin=margin,
        bottomMargin=margin,
        title=book.name,
        author="Rami score keeper",
    )
    width = doc.width
    gap = Spacer(1, 2.5 * mm)
    flow: list[Flowable] = [
        _text(book.name, 16, bold=True),
        gap,
        _text(f"{book.summary} {book.players}."),
    ]
    if book.rules.contracts:
        rows = [[str(r.number), f"{r.symbols}  {r.contract}", str(r.cards)] for r in book.deals]
        head = [_("Round"), _("Contract"), _("Cards dealt")]
        flow += [gap, _table(head, rows, [0.12 * width, 0.68 * width, 0.2 * width])]
    elif book.deals:
        flow += [gap, _text(_("Cards dealt") + f": {book.deals[0].cards}")]
    if book.decks:
        rows = [[players, words] for players, words in book.decks]
        head = [_("Players"), _("Decks and jokers")]
        flow += [gap, _table(head, rows, [0.15 * width, 0.85 * width])]
    for title, lines in (
        (_("Melds"), book.melds),
        (_("Playing"), book.play),
        (_("Scoring"), book.scoring),
    ):
        if lines:
            flow += [gap, _text(title, 11, bold=True), *_bullets(lines)]
    if book.options:
        rows = [[f"{title}: {meaning}", default] for title, meaning, default in book.options]
        head = [_("House rules"), _("Default")]
        flow += [gap, _table(head, rows, [0.8 * width, 0.2 * width])]
    doc.build(flow)
    return buffer.getvalue()
