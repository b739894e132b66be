"""The typefaces every PDF and chart prints with: DejaVu (shipped in fonts/, free licence)
prints ♠ ♥ ♦ ♣, accents (ñ, é, ü) and most alphabets."""

from __future__ import annotations

from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONTS = Path(__file__).parent / "fonts"
FONT, BOLD = "DejaVuCond", "DejaVuCond-Bold"
pdfmetrics.registerFont(TTFont(FONT, str(FONTS / "DejaVuSansCondensed.ttf")))
pdfmetrics.registerFont(TTFont(BOLD, str(FONTS / "DejaVuSansCondensed-Bold.ttf")))
