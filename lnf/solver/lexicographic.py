"""Exact lexicographic optimisation with CP-SAT.

P3 and P4 compare plans level by level: the first difference decides. A single weighted sum
would need weights far beyond 64 bits for a real fight, so we pack consecutive levels into
*blocks* whose mixed-radix weights stay below 2**31, solve one block at a time, and fix every
level of a solved block to its optimal value before the next.

Why this is exact: in a block with levels e_1..e_k, each e_j an integer in [lo_j, hi_j] with
range r_j = hi_j - lo_j + 1, the objective sum_j w_j (e_j - lo_j) with w_k = 1 and
w_j = w_{j+1} r_{j+1} is a mixed-radix number whose digits are the levels: one unit on e_j
outweighs every possible change of the later levels together (sum_{i>j} w_i (r_i - 1) =
w_j - 1). Keeping every weighted sum below 2**31 means no overflow and no rounding anywhere
(CP-SAT's LP works in doubles, and its presolve once declared a feasible model infeasible when
such 2**39 weights stood in a constraint), and fixing each level afterwards makes later blocks
respect earlier ones exactly.

Between blocks we propagate what the fixed levels force: a level fixed at the very end of its
range (every term at its extreme) rules out every term that would move it, and those terms then
count for nothing in the ranges of later levels. Tighter ranges mean more levels per block and
fewer solves, and the plan's tie-break levels are only built once the levels before them are
fixed, over the options still open (see `solve_lexicographic`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from lnf.errors import NoLegalPlan

MAX_BLOCK = 2**31  # far below int64 and double precision: CP-SAT's presolve and LP stay exact
LINEARIZATION = 2

Term = tuple[cp_model.IntVar, int]
Ruled = set[int]  # indices of variables that every plan left sets to 0


@dataclass(eq=False)  # compared by identity: its CP-SAT variables overload ==
class Level:
    """One term of the lexicographic objective: minimise sum(coeff * var) + constant.

    `groups` holds the terms per troop: its variables sum to at most `count` (exactly, if
    `exact`), which gives tight bounds.
    """

    name: str
    groups: list[tuple[list[Term], int, bool]] = field(default_factory=list)
    constant: int = 0
    # A count to maximise (stored negated) that cannot exceed `total` minus sign times the
    # counts of the named earlier levels (each monster attacks one hero; an attacker has one
    # class). Once those are fixed the range shrinks, often to one value, so blocks hold more.
    budget: tuple[int, tuple[tuple[str, int], ...]] | None = None
    # An earlier level whose value bounds this one from below (a troop's members take
    # their options in canonical order).
    floor: str | None = None

    def add(self, terms: list[Term], count: int = 1, exact: bool = False) -> None:
        terms = [(v, c) for v, c in terms if c != 0] if not exact else terms
        if terms:
            self.groups.append((terms, count, exact))

    def _extremes(self, ruled: Ruled) -> list[tuple[int, int]]:
        """Per group, the least and the greatest it can add (ruled-out terms add 0)."""
        out = []
        for terms, count, exact in self.groups:
            coeffs = [c for v, c in terms if v.index not in ruled]
            if not exact or not coeffs:
                coeffs.append(0)
            out.append((count * min(coeffs), count * max(coeffs)))
        return out

    def static_bounds(self, ruled: Ruled) -> tuple[int, int]:
        extremes = self._extremes(ruled)
        return (
            self.constant + sum(lo for lo, _ in extremes),
            self.constant + sum(hi for _, hi in extremes),
        )

    def bounds(self, known: Mapping[str, int], ruled: Ruled) -> tuple[int, int]:
        """The range of the level, tightened by its budget or floor when `known` fixes the
        levels they name (budget levels are negated counts)."""
        lo, hi = self.static_bounds(ruled)
        if self.budget is not None:
            total, named = self.budget
            if all(n in known for n, _ in named):
                left = total + sum(sign * known[n] for n, sign in named)  # stored negated
                lo = min(hi, max(lo, -left))
        if self.floor is not None and self.floor in known:
            lo = min(hi, max(lo, known[self.floor]))
        return lo, hi

    def rule_out(self, value: int, ruled: Ruled) -> None:
        """If `value` is an end of the static range, every group sits at its own end: add
        the terms that would move it to `ruled`."""
        lo, hi = self.static_bounds(ruled)
        if value not in (lo, hi) or lo == hi:
            return
        for (terms, count, exact), (g_lo, g_hi) in zip(
            self.groups, self._extremes(ruled), strict=True
        ):
            end = g_lo if value == lo else g_hi
            for v, c in terms:
                # a term off the group's end must be 0; so must a 0 term when the end needs
                # the whole count on other terms
                if count * c != end and (c != 0 or end != 0 or exact):
                    ruled.add(v.index)

    def expr(self) -> cp_model.LinearExpr:
        terms = [(v, c) for group, _, _ in self.groups for v, c in group]
        return cp_model.LinearExpr.weighted_sum([v for v, _ in terms], [c for _, c in terms]) + (
            self.constant
        )

    def value(self, solver: cp_model.CpSolver) -> int:
        return int(solver.value(self.expr()))


def negated(level: Level) -> Level:
    """The same level to be maximised, written as a minimisation."""
    out = Level(level.name, constant=-level.constant, budget=level.budget, floor=level.floor)
    for terms, count, exact in level.groups:
        out.groups.append(([(v, -c) for v, c in terms], count, exact))
    return out


def next_block(
    levels: list[Level], start: int, known: Mapping[str, int], ruled: Ruled
) -> list[int]:
    """Indices of the consecutive levels from `start` whose weights stay below MAX_BLOCK,
    with ranges tightened by the levels already fixed (`known`) and what they rule out."""
    out: list[int] = []
    product = 1
    for i in range(start, len(levels)):
        lo, hi = levels[i].bounds(known, ruled)
        width = hi - lo + 1
        if width > 1 and out and product * width > MAX_BLOCK:
            break
        out.append(i)  # a level with one possible value costs nothing
        product *= width
    return out


@dataclass
class LexResult:
    values: dict[str, int]
    solves: int
    solver: cp_model.CpSolver  # holds the optimum


def _solve_block(
    model: cp_model.CpModel,
    block: list[tuple[Level, int, int]],
    workers: int,
    time_limit: float,
) -> cp_model.CpSolver:
    """Minimise the block's levels, given with their ranges, by mixed-radix weights.

    The big weights appear only in the objective, never in a constraint: CP-SAT's presolve
    was seen to declare a feasible model infeasible with such a bound as a constraint.
    """
    exprs, weights = [], []
    weight = 1
    for level, lo, hi in reversed(block):
        if lo != hi:
            exprs.append(level.expr())
            weights.append(weight)
            weight *= hi - lo + 1
    model.minimize(cp_model.LinearExpr.weighted_sum(exprs, weights))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.max_time_in_seconds = time_limit
    solver.parameters.random_seed = 0
    solver.parameters.linearization_level = LINEARIZATION  # the LP sees K2 and R6 counting
    solver.parameters.symmetry_level = 0  # symmetry detection costs more than it saves here
    status = solver.solve(model)
    if status == cp_model.INFEASIBLE:
        raise NoLegalPlan("no plan satisfies the rules and the wishes")
    if status != cp_model.OPTIMAL:
        raise NoLegalPlan(
            f"the solver found no proven optimum within {time_limit:g} s "
            f"({solver.status_name(status)})"
        )
    return solver


def solve_lexicographic(
    model: cp_model.CpModel,
    levels: list[Level],
    later: Callable[[Ruled], list[Level]],
    workers: int,
    time_limit: float,
) -> LexResult:
    """Minimise `levels`, then the levels `later` builds once those are fixed (it gets the
    variables they rule out), lexicographically, block by block.

    Every solved level is fixed to its optimum as a constraint before the next block; a
    block whose levels can each take one value only is not solved at all.
    """
    values: dict[str, int] = {}
    ruled: Ruled = set()
    solves = 0
    solver: cp_model.CpSolver | None = None
    pending = list(levels)
    built_later = False
    while pending or not built_later:
        if not pending:
            pending, built_later = later(ruled), True
            continue
        idx = next_block(pending, 0, values, ruled)
        block = [(pending[i], *pending[i].bounds(values, ruled)) for i in idx]
        if solver is None or any(lo != hi for _, lo, hi in block):
            solver = _solve_block(model, block, workers, time_limit)
            solves += 1
            found = [level.value(solver) for level, _, _ in block]
        else:  # implied by the constraints and the levels already fixed: nothing to solve
            found = [lo for _, lo, _ in block]
        for (level, lo, hi), value in zip(block, found, strict=True):
            if lo != hi:  # a level with one possible value already holds it
                model.add(level.expr() == value)
            values[level.name] = value
            level.rule_out(value, ruled)
        pending = pending[len(idx) :]
    assert solver is not None
    return LexResult(values, solves, solver)
