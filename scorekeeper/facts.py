"""How a deal's facts are marked in the grid and on paper: one compact sign each."""

from __future__ import annotations

FACT_MARKS = {"went_out": "★", "opened_first": "①", "rami_sec": "sec", "laid_nothing": "∅"}
