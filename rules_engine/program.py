"""A linear program in whole numbers, written row by row and solved by HiGHS (highspy).

HiGHS is imported on first use (or by a server before it forks its workers): most hands
never need it, and the import takes a good part of a second once per process. Its presolve is switched off: on a lay-down program it once
answered "infeasible" for a program with a solution, depending only on the order of the
rows (HiGHS 1.16.0); without it, HiGHS's own answer was the same in every order tried, and
the programs here are small enough to need no presolve.
"""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Iterable
from functools import cache
from types import ModuleType

from .errors import SearchTooLarge

Terms = Iterable[tuple[int, int]]


class Program:
    """Whole-number variables with bounds, and rows lo <= sum(coefficient * variable) <= hi;
    no objective: a point meeting every row, or proof that none does."""

    def __init__(self) -> None:
        self.lower: list[int] = []
        self.upper: list[int] = []
        self.row_lower: list[float] = []
        self.row_upper: list[float] = []
        self.starts: list[int] = [0]
        self.index: list[int] = []
        self.value: list[int] = []
        self.nodes = 0  # branches HiGHS explored, once solved

    def var(self, lo: int, hi: int) -> int:
        self.lower.append(lo)
        self.upper.append(hi)
        return len(self.lower) - 1

    def row(self, terms: Terms, lo: int | None = None, hi: int | None = None) -> None:
        merged: dict[int, int] = {}
        for var, coefficient in terms:
            merged[var] = merged.get(var, 0) + coefficient
        for var, coefficient in merged.items():
            if coefficient:
                self.index.append(var)
                self.value.append(coefficient)
        self.starts.append(len(self.index))
        self.row_lower.append(-math.inf if lo is None else lo)
        self.row_upper.append(math.inf if hi is None else hi)

    def solve(self, nodes: int, seconds: float) -> list[int] | None:
        """The values of a point meeting every row, or None where none does;
        SearchTooLarge past `nodes` branches or `seconds`."""
        import numpy as np  # noqa: PLC0415 - see the module's docstring

        highspy = load_highs()
        if seconds <= 0:
            raise SearchTooLarge(nodes=nodes)
        solver = highspy.Highs()
        for option, value in (
            ("output_flag", False),
            ("threads", 1),
            ("random_seed", 0),
            ("presolve", "off"),
            # Its heuristics look for good solutions; any solution will do here, and on
            # the bench they took most of the time of the programs that had one.
            ("mip_heuristic_effort", 0.0),
            ("mip_heuristic_run_feasibility_jump", False),
            ("mip_heuristic_run_rins", False),
            ("mip_heuristic_run_rens", False),
            ("mip_heuristic_run_root_reduced_cost", False),
            ("mip_max_nodes", nodes),
            ("time_limit", seconds),
        ):
            solver.setOptionValue(option, value)
        columns = len(self.lower)
        lp = highspy.HighsLp()
        lp.num_col_ = columns
        lp.num_row_ = len(self.row_lower)
        lp.col_cost_ = np.zeros(columns)
        lp.col_lower_ = np.array(self.lower, dtype=float)
        lp.col_upper_ = np.array(self.upper, dtype=float)
        lp.row_lower_ = np.array(self.row_lower, dtype=float)
        lp.row_upper_ = np.array(self.row_upper, dtype=float)
        lp.a_matrix_.format_ = highspy.MatrixFormat.kRowwise
        lp.a_matrix_.start_ = np.array(self.starts, dtype=np.int32)
        lp.a_matrix_.index_ = np.array(self.index, dtype=np.int32)
        lp.a_matrix_.value_ = np.array(self.value, dtype=float)
        lp.integrality_ = [highspy.HighsVarType.kInteger] * columns
        solver.passModel(lp)
        solver.run()
        status = solver.getModelStatus()
        self.nodes = solver.getInfo().mip_node_count
        if status == highspy.HighsModelStatus.kInfeasible:
            return None
        if status == highspy.HighsModelStatus.kOptimal:
            return [round(v) for v in solver.getSolution().col_value]
        raise SearchTooLarge(nodes=nodes)


@cache
def load_highs() -> ModuleType:
    """highspy, once its banner is written where no one reads it: HiGHS prints it on the
    process's standard output when the first solver is made, before any option can silence
    it, which would mix it into the command line's answers. A server calls this before its
    workers fork (scorekeeper/web/warm.py), so that no request waits for the import."""
    import highspy  # noqa: PLC0415

    sys.stdout.flush()
    kept, null = os.dup(1), os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    try:
        highspy.Highs().setOptionValue("output_flag", False)  # type: ignore[no-untyped-call]
    finally:
        os.dup2(kept, 1)
        os.close(kept)
        os.close(null)
    return highspy
