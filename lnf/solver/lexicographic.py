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

No level is fixed unless proven: a level left with one value is fixed without solving; so is
a level that the last solution holds at the low end of its range, everything before it being
fixed; a solve stopped early keeps the leading levels its bound proves (see `_solve_block`).
The tie-break levels are only built once the levels before them are fixed, over the orders
still open, and their helpers are switched on per troop (see `levels.Part`, `LexSolve`).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ortools.sat.python import cp_model_helper

from lnf.errors import NoLegalPlan, PlanTimeout
from lnf.solver.cp_sat import cp_model
from lnf.solver.levels import Level, Ruled

MAX_BLOCK = 2**31  # far below int64 and double precision: CP-SAT's presolve and LP stay exact
LINEARIZATION = 2  # the LP must see K2 and R6 counting: at 1, some grids never finish
CONFLICTS = 300  # a block's solve that needs more is stopped and its proven levels kept
FIX_BY_DOMAIN = True  # a decided troop's variables fixed by their domains (off: for the tests)
# CP-SAT tuned for a battle's regime models (`cp_solver`); off: stop 42's settings, for the
# tests. Exact either way: the optimum is unique (P4), only the time and the count of solves
# (a block stopped at CONFLICTS may prove fewer levels) can differ
BATTLE_TUNING = True


def _block_of(levels: list[Level], range_of: Callable[[Level], tuple[int, int]]) -> list[int]:
    """Indices of the levels in front whose weights stay below MAX_BLOCK, given their ranges."""
    out: list[int] = []
    product = 1
    for i, level in enumerate(levels):
        lo, hi = range_of(level)
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


Ranged = list[tuple[Level, int, int]]  # levels with their ranges


def cp_solver(
    workers: int = 1, time_limit: float | None = None, table: bool = False
) -> cp_model.CpSolver:
    """A CP-SAT solver set up for plan models: seeded, the LP at the level K2 and R6 need and
    given every row at once, the presolve without its main loop nor probing. With `table`, for
    a table's model (the one model of `regimes`, P5's questions): no presolve."""
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    if time_limit is not None:
        solver.parameters.max_time_in_seconds = time_limit
    solver.parameters.random_seed = 0
    solver.parameters.linearization_level = LINEARIZATION  # the LP sees K2 and R6 counting
    if workers != 1:  # (0 is every core) the default portfolio drops that level: minutes a block
        solver.parameters.subsolvers.extend(["max_lp", "default_lp"])
    solver.parameters.symmetry_level = 0  # symmetry detection costs more than it saves here
    # Ctrl-C is Python's to handle (a clean stop, the log kept): CP-SAT's own catching of it
    # leaves the process to die of the next one without a word.
    solver.parameters.catch_sigint_signal = False
    # the presolve without probing: a block's model differs from the last one's by a few
    # fixed levels, and the full presolve cost more than the search it saved (measured)
    solver.parameters.cp_model_probing_level = 0
    if BATTLE_TUNING:
        # the presolve's first steps only, without its main loop, and the LP given every row
        # at once: a battle's regime models' solves take 0.86 × the CPU at 20 × 150 (seeds
        # 2 and 3: 0.78 ×, 0.77 ×; 30 × 300 0.92 ×; 50 × 500 plans about even). Each alone
        # gains less (without the loop 0.93 ×, every row at once 1.0 ×)
        solver.parameters.max_presolve_iterations = 0
        solver.parameters.add_lp_constraints_lazily = False
    else:  # stop 42's: one pass of the main loop, rows added as they are violated
        solver.parameters.max_presolve_iterations = 1
    # no cuts beyond the LP's own rows, nor clause inprocessing: a plan's solves close their
    # gap by search sooner than by cuts (measured over 40 grids at 8 × 40: 0.75 × the CPU).
    # The plan is the same (P4: the optimum is unique); a solve stopped at its conflicts may
    # prove fewer levels (`_solve_block`), which are solved again: only the count of solves,
    # and how near a slow machine comes to the time limit, can differ
    solver.parameters.cut_level = 0
    solver.parameters.use_sat_inprocessing = False
    if table:
        # a table's model is small and its blocks' search short: the presolve costs more
        # than it saves (0.92 × the instructions at 8 × 40, stop 38), and so does the LP's
        # adding its rows as they are violated (every row at once: 0.87 × the CPU of the
        # 8 × 40 plan, P5's questions 0.85 ×)
        solver.parameters.cp_model_presolve = False
        solver.parameters.add_lp_constraints_lazily = False
    return solver


class Stalled(Exception):
    """A solve told to give up rather than go on alone found nothing proven within its
    conflicts (see `LexSolve`'s `stall`)."""


def _solve_block(
    model: cp_model.CpModel,
    block: Ranged,
    workers: int,
    time_limit: float,
    conflicts: int | None = None,
    stall: bool = False,
    table: bool = False,
) -> tuple[cp_model.CpSolver, int]:
    """Minimise the block's levels, given with their ranges, by mixed-radix weights; returns
    the solver and how many of the block's levels its solution holds at their optimum.

    The big weights appear only in the objective, never in a constraint: CP-SAT's presolve
    was seen to declare a feasible model infeasible with such a bound as a constraint.

    The weighted sum is a number whose digits are the levels, so a solve stopped early (at
    `conflicts`, or the time limit) still proves every leading digit on which its bound and
    its best solution agree. That matters: the LP bound of a weighted sum is often off by a
    fraction of a high digit, which takes thousands of conflicts to close in the last digit
    and none at all once the last level is solved alone. With `stall`, a solve that proves
    nothing within its conflicts raises `Stalled` instead. With `table`, CP-SAT is tuned for
    a table's model (`cp_solver`).
    """
    exprs, weights, digits = [], [], []
    weight = 1
    for level, lo, hi in reversed(block):
        if lo != hi:
            exprs.append(level.expr())
            weights.append(weight)
            digits.append((weight, lo))
            weight *= hi - lo + 1
    minimize(model, cp_model.LinearExpr.weighted_sum(exprs, weights))
    solver = cp_solver(workers, time_limit, table)
    if conflicts is not None:
        solver.parameters.max_number_of_conflicts = conflicts
    status = solver.solve(model)
    if status == cp_model.INFEASIBLE:
        raise NoLegalPlan("no plan satisfies the rules and the wishes")
    if status == cp_model.OPTIMAL:
        return solver, len(block)
    if status == cp_model.FEASIBLE:
        # an integer objective below 2**31: both are whole numbers, exact in a double
        best, bound = round(solver.objective_value), round(solver.best_objective_bound)
        proven = proven_digits(best, bound, digits[::-1])
        if proven:
            return solver, _levels_through(block, proven)
    if conflicts is not None and stall:
        raise Stalled()
    if conflicts is not None:  # nothing proven yet: the first level alone
        return _solve_block(model, block[:1], workers, time_limit, table=table)
    raise PlanTimeout(time_limit, solver.status_name(status))


def minimize(model: cp_model.CpModel, objective: cp_model.LinearExpr) -> None:
    """`model.minimize(objective)` for an integer objective, the same proto written in bulk.
    OR-Tools' `minimize` flattens the objective (`FlatIntExpr`: terms merged, sorted by
    variable, zeros left out), then appends its variables to the proto one call each, about
    4 µs a variable; a P3 block's objective holds hundreds, each solve sets one (3 % of a
    20 × 150 round's plans). Here the same flat terms go in as one list each."""
    flat = cp_model_helper.FlatIntExpr(objective)
    model.clear_objective()  # type: ignore[no-untyped-call]
    out = model.proto.objective
    out.scaling_factor = 1.0
    out.offset = flat.offset
    out.vars.extend([v.index for v in flat.vars])
    out.coeffs.extend(flat.coeffs)


def proven_digits(best: int, bound: int, digits: list[tuple[int, int]]) -> int:
    """How many leading levels of a block a stopped solve has proven: `digits` holds each
    level's weight and low end, leading level first; `best` is the objective of the best
    solution found, `bound` a proven lower bound. The optimum lies between them, so every
    leading digit on which they agree is the optimum's."""
    offset = sum(weight * lo for weight, lo in digits)
    agreed = [(best - offset) // w == (bound - offset) // w for w, _ in digits]
    return len(list(itertools.takewhile(bool, agreed)))


def _levels_through(block: Ranged, digits: int) -> int:
    """How many of the block's levels go up to its `digits`-th level with a range (the
    levels with one value between them hold it anyway)."""
    seen = 0
    for k, (_, lo, hi) in enumerate(block):
        seen += lo != hi
        if seen == digits:
            return k + 1
    return len(block)


Fixed = list[tuple[str, int]]  # levels fixed in one step, by name, in order


class LexSolve:
    """Minimises `levels`, then the levels `later` builds once those are fixed (it gets the
    variables they rule out), lexicographically, block by block, on one model; `most` holds,
    per hero, the most attackers this model lets it draw.

    Every proven level is fixed to its optimum as a constraint before the next block. `step`
    goes one block at a time, so that models of the same plans under different assumptions
    (K2 regimes) can be compared block by block; `impose` carries levels fixed elsewhere over.
    """

    def __init__(
        self,
        model: cp_model.CpModel | Callable[[], cp_model.CpModel],
        levels: list[Level],
        later: Callable[[Ruled], list[Level]],
        workers: int,
        time_limit: float,
        most: Mapping[str, int] | None = None,
        stall: bool = False,
        table: bool = False,
    ) -> None:
        # the model, or what builds it when first needed (a K2 regime dropped unsolved never
        # needs its own: see `regimes._beaten`)
        self._model = model if isinstance(model, cp_model.CpModel) else None
        self._build = None if isinstance(model, cp_model.CpModel) else model
        # give up (`Stalled`) rather than solve on when a block proves nothing within
        # CONFLICTS: for a model whose LP may be weak (see `regimes`)
        self.stall = stall
        # CP-SAT tuned for a table's grid (`regimes`' one model; see `cp_solver`): on a
        # battle's, the presolve saves more than it costs
        self.table = table
        self.most = most or {}  # hero -> the most attackers it can draw in this model
        self.later = later
        self.workers = workers
        self.time_limit = time_limit
        self.values: dict[str, int] = {}
        self.ruled: Ruled = set()
        self.settled: Ruled = set()  # ruled-out variables whose domain is {0} already
        self._static: dict[Level, tuple[int, tuple[int, int]]] = {}  # see `_range`
        self._cap: dict[Level, int] = {}  # tops lowered by a solution at hand (`_cap_first`)
        self.solves = 0
        self.solver: cp_model.CpSolver | None = None
        self.built_later = False
        self.started: set[int] = set()  # parts with levels held by a constraint
        self.pending: list[Level] = []
        self.left: Counter[int] = Counter()  # pending levels per part
        self._set_pending(levels)

    @property
    def model(self) -> cp_model.CpModel:
        if self._model is None:
            assert self._build is not None
            self._model = self._build()
        return self._model

    def step(self, extend: bool = True) -> Fixed:
        """Fix the implied levels in front and solve the block after them; returns the
        levels fixed.

        With `extend`, the levels after the block that the solution holds at the low end
        of their ranges are fixed too: with everything before them fixed, nothing can be
        lower."""
        fixed = self._fix_implied()
        while self._cap_first():
            fixed += self._fix_implied()
        if not self.pending:
            return fixed
        idx = _block_of(self.pending, self._range)
        block = [(self.pending[i], *self._range(self.pending[i])) for i in idx]
        active = {id(lv.part) for lv, _, _ in block if lv.part is not None}
        _settle(self.model, self.ruled, self.settled)
        self._switch_parts(active)
        self.pending = self.pending[len(idx) :]
        many = sum(lo != hi for _, lo, hi in block) > 1
        limit = CONFLICTS if many or self.stall else None
        self.solver, proven = _solve_block(
            self.model, block, self.workers, self.time_limit, limit, self.stall, self.table
        )
        self.solves += 1
        self.pending = [level for level, _, _ in block[proven:]] + self.pending
        for level, lo, hi in block[:proven]:
            fixed.append(self._settle_level(level, level.value(self.solver), lo != hi))
        while extend and self.pending:
            level = self.pending[0]
            lo, hi = self._range(level)
            seen = level.part is None or id(level.part) in active | self.started
            if lo != hi and not (seen and level.value(self.solver) == lo):
                break
            self.pending.pop(0)
            fixed.append(self._settle_level(level, lo, lo != hi))
        return fixed

    def next_low(self) -> int:
        """The low end of the first pending level's range: no plan of the model, with the
        levels fixed so far, has that level lower."""
        return self._range(self.pending[0])[0]

    def _cap_first(self) -> bool:
        """Lower the top of the first pending level's range to its value in the solution at
        hand, holding it there by a constraint; True if that leaves it one value.

        Exact: that solution holds every level fixed so far (each was fixed to its value in
        it), so it is a plan of the model as it stands, and the optimum's first pending level
        is no higher than that solution's. Only plans worse on that level are cut. A narrower
        range lets more levels into the block (P4 moves after expected damage). Not for the
        tie-break: its levels are built after the solution and switched per part."""
        if self.solver is None or self.built_later or not self.pending:
            return False
        level = self.pending[0]
        if level.part is not None or level in self._cap:
            return False
        lo, hi = self._range(level)
        value = level.value(self.solver)
        if value >= hi:
            return False
        self.model.add(level.expr() <= value)
        self._cap[level] = value
        return value == lo

    def _set_pending(self, levels: list[Level]) -> None:
        self.pending = list(levels)
        self.left = Counter(id(lv.part) for lv in levels if lv.part is not None)

    def _range(self, level: Level) -> tuple[int, int]:
        """`level.bounds` with its static part kept while `ruled` does not grow, and the
        count of a hero's attackers held to what the hero can draw (`most`)."""
        lo, hi = level.bounds(self.values, self.ruled, self._static_of(level))
        if level in self._cap:  # see `_cap_first`
            hi = max(lo, min(hi, self._cap[level]))
        if level.hero is not None and level.hero in self.most:
            lo = min(hi, max(lo, -self.most[level.hero]))
        return lo, hi

    def _static_of(self, level: Level) -> tuple[int, int]:
        """`level.static_bounds(self.ruled)`, kept while `ruled` does not grow (it only
        grows, so the same size is the same set)."""
        hit = self._static.get(level)
        if hit is None or hit[0] != len(self.ruled):
            hit = (len(self.ruled), level.static_bounds(self.ruled))
            self._static[level] = hit
        return hit[1]

    def _fix_implied(self) -> Fixed:
        """Fix the levels in front that can take one value only."""
        fixed: Fixed = []
        while self.pending:
            lo, hi = self._range(self.pending[0])
            if lo != hi:
                break
            fixed.append(self._settle_level(self.pending.pop(0), lo, False))
        return fixed

    def _settle_level(self, level: Level, value: int, hold: bool) -> tuple[str, int]:
        """Fix a level just taken from `pending`, keeping it as a constraint if `hold` (a
        level with one possible value holds it anyway)."""
        if hold:
            self._hold(level, value)
            if level.part is not None:
                self.started.add(id(level.part))
        self._fix(level, value)
        return level.name, value

    def impose(self, fixed: Fixed) -> None:
        """Fix the first pending levels to values found on another model of the same plans
        (the same levels, in the same order)."""
        for name, value in fixed:
            level = self.pending.pop(0)
            assert level.name == name, (level.name, name)
            self._hold(level, value)
            self._fix(level, value)

    def _hold(self, level: Level, value: int) -> None:
        """Keep `level` at `value` in every later solve (while its part is decided)."""
        held = self.model.add(level.expr() == value)
        if level.part is not None:
            held.only_enforce_if(level.part.active)

    def _switch_parts(self, active: set[int]) -> None:
        """Turn on the parts in `active` and those under way, off all others (see `Part`)."""
        on = active | self.started
        for part in {id(lv.part): lv.part for lv in self.pending if lv.part is not None}.values():
            _set_literal(part.active, id(part) in on)

    def run(self) -> LexResult:
        while self.pending or not self.built_later:
            if self.pending:
                self.step()
            else:  # the tie-break's levels are made on the model: built by now
                self.model  # noqa: B018
                self._set_pending(self.later(self.ruled))
                self.built_later = True
        if self.solver is None:  # every level was implied: any solution is the one
            self.solver, _ = _solve_block(
                self.model, [], self.workers, self.time_limit, table=self.table
            )
            self.solves += 1
        return LexResult(self.values, self.solves, self.solver)

    def _fix(self, level: Level, value: int) -> None:
        self.values[level.name] = value
        level.rule_out(value, self.ruled, self._static_of(level))
        part = level.part
        if part is None:
            return
        self.left[id(part)] -= 1
        if self.left[id(part)]:
            return
        _set_literal(part.active, False)
        if id(part) in self.started:  # else its levels were implied: the model holds them
            assert self.solver is not None
            if not FIX_BY_DOMAIN:
                for var in part.decides:
                    self.model.add(var == self.solver.value(var))
                return
            # P4's tie-break done for this troop: its variables fixed by their domains, the
            # same plans as a constraint `var == value` each (every such variable's domain
            # is an interval, [0, size] or {0} if ruled out), for half the cost (a
            # constraint is an expression made, checked and added).
            variables = self.model.proto.variables
            for var in part.decides:
                domain = variables[var.index].domain
                domain[0] = domain[1] = self.solver.value(var)


def solve_lexicographic(
    model: cp_model.CpModel,
    levels: list[Level],
    later: Callable[[Ruled], list[Level]],
    workers: int,
    time_limit: float,
) -> LexResult:
    """`LexSolve` run to its end."""
    return LexSolve(model, levels, later, workers, time_limit).run()


def _set_literal(literal: cp_model.IntVar, value: bool) -> None:
    domain = literal.proto.domain
    domain[0] = domain[1] = int(value)


def _settle(model: cp_model.CpModel, ruled: Ruled, settled: set[int]) -> None:
    """Give every ruled-out variable the domain {0}: the solver's presolve, run again for
    every block, then drops them at once instead of deriving it from the fixed levels.
    `settled` holds those done before."""
    variables = model.proto.variables
    for index in ruled - settled:
        variables[index].domain[1] = 0  # every variable here has a lower bound of 0
    settled |= ruled
