"""Does a lay-down meet the round's contract? Joker readings are chosen jointly.

Each meld is read on its own first (melds.py). Then every assignment of melds
to the contract's requirements is scored by the number of problems it leaves
(missing requirement, wrong size, extra meld, contiguous runs, cards left over
in contract 7); the best one is reported, so a valid reading is always found
when one exists and otherwise the explanation is the shortest one.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from .cards import Card
from .catalogue import cards_dealt, contract_for, round_rules
from .limits import HandLimits, check_hand, hand_limits
from .melds import MeldCheck, MeldReading, Reason, check_meld
from .systems import Contract, Requirement, RuleSystem

# (error count, errors, readings, the requirement each meld serves) of the best plan so far
_Best = tuple[int, list[Reason], list[MeldReading | None], list[int | None]]

MAX_MELDS = 8  # more melds than any contract has; beyond it the search is not worth doing


@dataclass(frozen=True)
class ContractCheck:
    valid: bool
    errors: tuple[Reason, ...]
    melds: tuple[tuple[Card, ...], ...]  # each meld as read (jokers pinned) or as given
    readings: tuple[MeldReading | None, ...]
    requirement_of: tuple[int | None, ...]  # which requirement each meld fills


def runs_contiguous(
    a: MeldReading, b: MeldReading, overlap_meets: bool = False, circular: bool = False
) -> bool:
    """Two runs of one suit that would join end to end (2-5 and 6-9); a gap is fine, and so is
    an overlap (2-5 and 4-7) unless the table counts it as meeting. Where runs go round the
    corner (rami-contrat-13), Q-K-A-2 and 3-6 follow on too. Where runs need not be of one
    suit, those that would make one longer run (of any suits, of their colour) meet."""
    if a.joins != b.joins:
        return False
    return spans_meet((a.low, a.high), (b.low, b.high), overlap_meets, circular)


def spans_meet(a: tuple[int, int], b: tuple[int, int], overlap_meets: bool, circular: bool) -> bool:
    """Whether two runs' positions (low, high) of one suit follow on, or overlap when the
    table counts that as meeting. Circular positions are taken round the 13 ranks."""
    if circular:
        first, second = _round(a), _round(b)
        if overlap_meets:
            near = {(p + d) % 13 for p in second for d in (-1, 0, 1)}
            return bool(first & near)
        return (a[1] + 1) % 13 == b[0] % 13 or (b[1] + 1) % 13 == a[0] % 13
    if overlap_meets:
        return a[0] <= b[1] + 1 and b[0] <= a[1] + 1
    return a[1] + 1 == b[0] or b[1] + 1 == a[0]


def runs_touch(
    run: tuple[str, int, int],
    others: tuple[tuple[str, int, int], ...],
    overlap_meets: bool,
    circular: bool = False,
) -> bool:
    """Whether a run (what it joins, low, high) meets any of the others, as the finders
    see runs they are laying."""
    joins, low, high = run
    return any(
        s == joins and spans_meet((low, high), (lo, hi), overlap_meets, circular)
        for s, lo, hi in others
    )


def _round(span: tuple[int, int]) -> set[int]:
    return {p % 13 for p in range(span[0], span[1] + 1)}


def fits(requirement: Requirement, length: int) -> bool:
    if requirement.exact:
        return length == requirement.size
    return length >= requirement.size


def _size_problem(meld: int, req: Requirement, length: int) -> Reason | None:
    if fits(req, length):
        return None
    code = "meld_too_long_for_contract" if length > req.size else "meld_too_short_for_contract"
    return Reason(code, {"meld": meld + 1, "kind": req.kind, "size": req.size, "count": length})


def _choose_runs(
    runs: list[tuple[int, tuple[MeldReading, ...]]],
    chosen: list[MeldReading],
    overlap_meets: bool = False,
    circular: bool = False,
) -> tuple[list[MeldReading] | None, tuple[int, int] | None]:
    """Pick a reading for each run so no two are contiguous; else name one clashing pair."""
    if len(chosen) == len(runs):
        return chosen, None
    index, options = runs[len(chosen)]
    clash = None
    for option in options:
        hit = next(
            (
                runs[k][0]
                for k, prev in enumerate(chosen)
                if runs_contiguous(prev, option, overlap_meets, circular)
            ),
            None,
        )
        if hit is not None:
            clash = clash or (hit, index)
            continue
        found, deeper = _choose_runs(runs, chosen + [option], overlap_meets, circular)
        if found:
            return found, None
        clash = clash or deeper
    return None, clash


class _Search:
    def __init__(
        self, rules: RuleSystem, contract: Contract, checks: list[MeldCheck], needed: int | None
    ) -> None:
        self.rules = rules
        self.reqs = contract.requirements
        self.checks = checks
        self.needed = needed
        self.best: _Best | None = None
        # Whether the melds laid as runs can be read apart depends only on which they are.
        self.apart: dict[
            tuple[int, ...], tuple[list[MeldReading] | None, tuple[int, int] | None]
        ] = {}

    def run(self) -> None:
        self._assign(0, [], frozenset(), 0)

    def _assign(self, i: int, plan: list[int | None], used: frozenset[int], known: int) -> None:
        """Each plan of which requirement each meld fills; `known` counts the problems the
        plan has so far (a plan never loses one): one as many as the best so far is dropped."""
        short = len(self.reqs) - len(used) > len(self.checks) - i  # one missing at least
        if self.best is not None and known + short >= self.best[0]:
            return
        if i == len(self.checks):
            self._score(plan)
            return
        check = self.checks[i]
        if not check.valid:
            self._assign(i + 1, plan + [None], used, known + 1)
            return
        for r, req in enumerate(self.reqs):
            # Alike requirements are filled in their order: which of two "run of 4" a meld
            # fills changes nothing, and trying both multiplies the plans.
            if r not in used and r == self._first_free(req, used) and check.readings_of(req.kind):
                wrong = not fits(req, len(check.cards))
                self._assign(i + 1, plan + [r], used | {r}, known + wrong)
        extra = not self.rules.extra_melds_allowed
        self._assign(i + 1, plan + [None], used, known + extra)

    def _first_free(self, req: Requirement, used: frozenset[int]) -> int:
        return next(r for r, other in enumerate(self.reqs) if other == req and r not in used)

    def _score(self, plan: list[int | None]) -> None:
        errors: list[Reason] = []
        readings: list[MeldReading | None] = []
        runs = []
        set_ranks: dict[int, int] = {}  # rank -> the first set of it filling a requirement
        for i, (check, r) in enumerate(zip(self.checks, plan, strict=True)):
            if not check.valid:
                errors.append(Reason("meld_invalid", {"meld": i + 1, "reasons": check.reasons}))
                readings.append(None)
                continue
            if r is None:
                readings.append(check.readings[0])
                if not self.rules.extra_melds_allowed:
                    kind = check.readings[0].kind
                    errors.append(Reason("extra_meld", {"meld": i + 1, "kind": kind}))
                continue
            req = self.reqs[r]
            options = check.readings_of(req.kind)
            readings.append(options[0])
            problem = _size_problem(i, req, len(check.cards))
            if problem:
                errors.append(problem)
            if req.kind == "run":
                runs.append((i, options))
            elif self.rules.same_rank_sets_count_once:
                rank = options[0].rank
                if rank in set_ranks:
                    errors.append(
                        Reason("same_rank_sets", {"first": set_ranks[rank] + 1, "second": i + 1})
                    )
                set_ranks.setdefault(rank, i)
        missing = Counter(self.reqs[r] for r in range(len(self.reqs)) if r not in plan)
        for req, count in missing.items():
            errors.append(
                Reason(
                    "missing",
                    {"kind": req.kind, "size": req.size, "exact": req.exact, "count": count},
                )
            )
        if self.rules.forbid_contiguous_runs and len(runs) > 1:
            which = tuple(i for i, _ in runs)
            if which not in self.apart:
                self.apart[which] = _choose_runs(
                    runs,
                    [],
                    self.rules.overlapping_runs_meet,
                    self.rules.meld_rules.circular_runs,
                )
            chosen, clash = self.apart[which]
            if chosen is not None:
                for (i, _), reading in zip(runs, chosen, strict=True):
                    readings[i] = reading
            elif clash is not None:
                a, b = clash
                code = "runs_meet" if self.rules.overlapping_runs_meet else "runs_contiguous"
                errors.append(Reason(code, {"first": a + 1, "second": b + 1}))
        if self.needed is not None:
            count = sum(len(c.cards) for c in self.checks)
            if count != self.needed:
                errors.append(Reason("must_lay_all", {"count": count, "needed": self.needed}))
        if self.best is None or len(errors) < self.best[0]:
            self.best = (len(errors), errors, readings, list(plan))


def check_contract(
    rules: RuleSystem,
    round_number: int,
    melds: list[list[Card]],
    *,
    limits: HandLimits | None = None,
) -> ContractCheck:
    """Valid or not, with every problem of the best reading of the lay-down.

    Raises HandTooLarge for more cards, copies or jokers than the system's decks (or the
    table's `limits`) hold.
    """
    contract = contract_for(rules, round_number)
    rules = round_rules(rules, round_number)
    laid = [card for meld in melds for card in meld]
    if contract.no_jokers:  # a round dealt without jokers holds none, whatever the decks
        limits = replace(limits or hand_limits(rules), jokers=0)
    check_hand(rules, laid, limits=limits)
    if not melds:
        errors = [Reason("nothing_laid")]
        # What is missing, for a contract of one way (of several, any one would do).
        counts = Counter(contract.requirements if not contract.alternatives else ())
        for req, count in counts.items():
            errors.append(
                Reason(
                    "missing",
                    {"kind": req.kind, "size": req.size, "exact": req.exact, "count": count},
                )
            )
        return ContractCheck(False, tuple(errors), (), (), ())
    if len(melds) > MAX_MELDS:
        return ContractCheck(
            False,
            (Reason("too_many_melds", {"count": len(melds), "maximum": MAX_MELDS}),),
            tuple(tuple(m) for m in melds),
            (None,) * len(melds),
            (None,) * len(melds),
        )
    checks = [check_meld(m, rules.meld_rules) for m in melds]
    needed = cards_dealt(rules, round_number) + 1 if contract.lay_all_cards else None
    best: _Best | None = None
    for way in contract.ways():  # the lay-down meets the contract by any one of its ways
        search = _Search(rules, way, checks, needed)
        search.run()
        assert search.best is not None  # every search scores at least one plan
        if best is None or search.best[0] < best[0]:
            best = search.best
        if best[0] == 0:
            break
    assert best is not None
    _, errors, readings, plan = best
    if errors and contract.alternatives:  # the closest way's problems, after saying so
        errors = [Reason("no_way_met", {"count": len(contract.ways())}), *errors]
    shown = tuple(
        reading.cards if reading is not None else tuple(m)
        for reading, m in zip(readings, melds, strict=True)
    )
    jokers = sum(card.is_joker for meld in shown for card in meld)  # wild deuces as read
    most = rules.lay_down_jokers_most
    if most is not None and jokers > most:
        errors = [*errors, Reason("lay_down_too_many_jokers", {"count": jokers, "maximum": most})]
    return ContractCheck(not errors, tuple(errors), shown, tuple(readings), tuple(plan))
