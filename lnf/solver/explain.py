"""P5 and the DM's wishes: say why a hero is left alone, or why a wish cannot be met.

The rules give the static reasons (back rank, reach, no bow); the solver finds the rest by
asking small feasibility questions: could anyone attack this hero at all (and if not, would it
be possible without R6, or without K2)? Could anyone attack it while the heroes earlier in the
target order keep their attackers? (Answered together, and some without the model.)"""

from __future__ import annotations

import itertools
from collections.abc import Mapping

from lnf.model import Fight, Hero, Monster, Rank
from lnf.model.plan import Mode, Plan, Wish
from lnf.rules.attacks import plan_targets
from lnf.rules.back_rank import bound_by_count, front_after
from lnf.rules.explain import Reason, blocked_modes, can_ever_attack, possible_attackers
from lnf.rules.moves import can_act, hero_spot, orders_by_monster, start_spot
from lnf.rules.plan_score import danger_classes
from lnf.rules.ranks import front_rank_counts
from lnf.rules.roster import monsters
from lnf.rules.wording import and_list, plural
from lnf.solver.cp_sat import cp_model
from lnf.solver.lexicographic import CONFLICTS, cp_solver
from lnf.solver.model import FAMILIES, CpModel, PlanModel
from lnf.solver.objective import p3_exprs
from lnf.solver.orders import form_troops
from lnf.solver.troops import Troop, witnesses
from lnf.solver.wish_reasons import pairing_blocks

FAMILY_TEXT = {"R6": "the back-rank count", "K2": "the gang-up limits"}


Kept = tuple[tuple[str, int], ...]  # P3 levels held at their values, by name


class _Levels(dict[str, cp_model.LinearExpr]):
    """`p3_exprs` of a model, worked out when first asked for (`refute` answers most)."""

    def __init__(self, pm: PlanModel) -> None:
        super().__init__()
        self.pm = pm

    def __missing__(self, name: str) -> cp_model.LinearExpr:
        exprs = p3_exprs(self.pm)
        self.update(exprs)
        return exprs[name]


class _Questions:
    """Feasibility questions about one fight under the DM's wishes, each on a copy of one
    model built once, whose rule families are switched on or off per question (each holds
    only while its literal is on: the same plans as a model built without it).

    `settle` answers many questions under the same families in few solves: a plan found for
    one answers every one it meets; the rest are asked again together, until no plan
    answers any (that one solve proves it for all). Some are answered without the model:
    `witness`, `refute`."""

    def __init__(self, fight: Fight, wishes: tuple[Wish, ...]) -> None:
        self.fight = fight
        self.wishes = wishes
        self._model: tuple[PlanModel, _Levels] | None = None
        self._formed: list[Troop] | None = None
        self._answers: dict[tuple[tuple[str, ...], str, Kept], bool] = {}

    def _built(self) -> tuple[PlanModel, _Levels]:
        if self._model is None:
            # who can attack whom, not what it is worth: the options go unpriced; the troops
            # formed already for `witness` and `refute` (`_troops`) are the model's
            formed = self._formed
            pm = PlanModel(
                self.fight, FAMILIES, wishes=self.wishes, switched=True, priced=False, formed=formed
            )
            self._model = (pm, _Levels(pm))  # the P3 levels, to hold at values
        return self._model

    def _troops(self) -> list[Troop]:
        """The model's troops (every option, unpriced): its own, or formed as it forms them
        while no question needs the model itself (`witness`, `refute`)."""
        if self._model is not None:
            return self._model[0].troops
        if self._formed is None:
            acting = [m for m in monsters(self.fight) if can_act(self.fight, m)]
            targets = plan_targets(self.fight)  # as `PlanModel` forms them
            self._formed = form_troops(self.fight, acting, targets, self.wishes, False, False)
        return self._formed

    def witness(self, plan: Plan, heroes: list[Hero]) -> None:
        """Yes to `feasible(FAMILIES, hero)` for `heroes` that `witnesses` finds an order for."""
        swaps = {} if self.wishes else witnesses(self._troops(), plan)  # wishes pair them
        for hero in heroes:
            if hero.name in swaps:
                self._answers[FAMILIES, hero.name, ()] = True

    def _copy(self, families: tuple[str, ...]) -> cp_model.CpModel:
        pm, _ = self._built()
        model = pm.model.clone()
        for family, switch in pm.switches.items():
            model.add(switch == int(family in families))
        return model

    def feasible(
        self,
        families: tuple[str, ...],
        hero: Hero | None = None,
        keep: Mapping[str, int] | None = None,
    ) -> bool:
        """Whether some plan under `families` and the wishes lets a monster attack `hero`
        while the P3 levels named in `keep` hold their values."""
        kept: Kept = tuple(sorted((keep or {}).items()))
        if hero is not None and (families, hero.name, kept) in self._answers:
            return self._answers[families, hero.name, kept]
        pm, levels = self._built()
        model = self._copy(families)
        if hero is not None:
            model.add(pm.attackers_of(hero.name) >= 1)
        for name, value in kept:
            model.add(levels[name] == value)
        return _solver().solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE)

    def settle(self, families: tuple[str, ...], asks: list[tuple[Hero, Mapping[str, int]]]) -> None:
        """Answer `feasible(families, hero, keep)` for every (hero, keep) in `asks`."""
        left = [(hero.name, tuple(sorted(keep.items()))) for hero, keep in asks]
        left = [ask for ask in left if (families, *ask) not in self._answers]
        while len(left) > 1:
            solver, status = self._either(families, left)
            if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.INFEASIBLE):
                break  # not settled within CONFLICTS: each is asked alone below
            found = status != cp_model.INFEASIBLE
            pm, levels = self._built()
            still = []
            for name, kept in left:
                met = found and _meets(solver, pm, levels, name, kept)
                if met or not found:
                    self._answers[families, name, kept] = met
                else:
                    still.append((name, kept))
            left = still  # a plan found meets at least the question it was asked for
        for name, kept in left:
            hero = self.fight.hero(name)
            self._answers[families, name, kept] = self.feasible(families, hero, dict(kept))

    def refute(self, asks: list[tuple[Hero, Mapping[str, int]]]) -> None:
        """No to `feasible(_without(f), hero, keep)` for each family f, for each (hero, keep)
        of `asks` no plan of `_loose` meets (a relaxation of the model under any families;
        the rest are left to `settle`). Not with wishes (the loose model leaves them out)."""
        if self.wishes:
            return
        left = [(hero.name, tuple(sorted(keep.items()))) for hero, keep in asks]
        left = [a for a in left if any((_without(f), *a) not in self._answers for f in FAMILIES)]
        while left:
            solver, status, met = _loose(self.fight, self._troops(), left)
            if status == cp_model.INFEASIBLE:
                for (name, kept), family in itertools.product(left, FAMILIES):
                    self._answers[_without(family), name, kept] = False
                return
            if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                return  # not settled within CONFLICTS: `settle` asks them all
            left = [a for a, m in zip(left, met, strict=True) if not solver.value(m)]

    def _either(
        self, families: tuple[str, ...], asks: list[tuple[str, Kept]]
    ) -> tuple[cp_model.CpSolver, cp_model.CpSolverStatus]:
        """A solve for a plan that answers one of `asks` at least, each switched on by a
        literal of its own; the levels every one keeps are held outright (the LP sees them:
        held by literals, it is too weak to prove quickly that no plan answers any)."""
        pm, levels = self._built()
        model = self._copy(families)
        common = [kv for kv in asks[0][1] if all(kv in kept for _, kept in asks)]
        for level, value in common:
            model.add(levels[level] == value)
        either = []
        for name, kept in asks:
            asked = model.new_bool_var(f"{name} attacked")
            model.add(pm.attackers_of(name) >= 1).only_enforce_if(asked)
            for level, value in kept:
                if (level, value) not in common:
                    model.add(levels[level] == value).only_enforce_if(asked)
            either.append(asked)
        model.add_bool_or(either)
        # as many asks met as it can: one plan then answers most of them (a plan that meets
        # one is as much a fact as one that meets all); stopped at a plan that meets all
        model.maximize(cp_model.LinearExpr.sum(either))
        solver = _solver()
        solver.parameters.max_number_of_conflicts = CONFLICTS
        return solver, solver.solve(model, _AllMet(either))


class _AllMet(cp_model.CpSolverSolutionCallback):
    """Stops the search at a plan that meets every ask: none can do better."""

    def __init__(self, asks: list[cp_model.IntVar]) -> None:
        super().__init__()
        self.asks = asks

    def on_solution_callback(self) -> None:
        if all(self.boolean_value(a) for a in self.asks):
            self.stop_search()


def _solver() -> cp_model.CpSolver:
    """`cp_solver` for a question, tuned for a table's model: without CP-SAT's presolve,
    which costs more on a model of every option than the question's search (measured over
    25 grids at 8 × 40: about 0.55 × the CPU without special actions, 0.75 × with them), and
    the LP given every row at once (0.85 ×, stop 42). A question's answer is a fact about
    the model, whatever the search."""
    return cp_solver(table=True)


def _loose(
    fight: Fight, troops: list[Troop], asks: list[tuple[str, Kept]]
) -> tuple[cp_model.CpSolver, cp_model.CpSolverStatus, list[cp_model.IntVar]]:
    """`_Questions._either` on a relaxation of the questions' model (of `troops`) under any
    families: one order each (P1, P2), shots on the free members of their rank (A3), none
    of R6 and K2, only the heroes the asks name (attacked, or in a level kept). A troop's
    options that attack the same such heroes (and could carry such a shot at the same rank)
    are one count: alike in every constraint kept. Each plan of the model gives one here
    (counts summed, shots on other heroes dropped), so a "no" here holds there. Also
    returns, per ask, the literal by which a plan found meets it."""
    classes = danger_classes(fight)
    last = len(set(classes.values())) - 1  # the last class has no level (`p3_exprs`)
    named = {n for n, _ in asks} | {_level_owner(lv) for _, k in asks for lv, _ in k}
    model = CpModel()
    sums: dict[str, list[cp_model.IntVar]] = {}  # P3's levels, negated, by name
    for t in troops:
        shots = [
            (shot, model.new_int_var(0, t.size, "")) for shot in t.shots if shot.target in named
        ]
        # in order (a set of enums is in hash order): the same model in every process
        ranks = dict.fromkeys(shot.rank for shot, _ in shots)
        alike: dict[tuple[tuple[str, ...], Rank | None], cp_model.IntVar] = {}
        for o in t.options:
            free = o.rank if o.rank in ranks and t.rides(o) else None
            key = (tuple(h for h in o.heroes if h in named), free)
            if key not in alike:
                alike[key] = model.new_int_var(0, t.size, "")
        model.add(cp_model.LinearExpr.sum(list(alike.values())) == t.size)
        for rank in ranks:
            riding = [x for (_, free), x in alike.items() if free is rank]
            shooting = [s for shot, s in shots if shot.rank is rank]
            model.add(cp_model.LinearExpr.sum(shooting) <= cp_model.LinearExpr.sum(riding))
        c = classes[t.first.name]
        strikes = [(x, h) for (heroes, _), x in alike.items() for h in heroes]
        for x, h in strikes + [(s, shot.target) for shot, s in shots]:
            sums.setdefault(f"P3 {h} attackers", []).append(x)
            if c < last:
                sums.setdefault(f"P3 {h} class {c}", []).append(x)

    def held(level: str, value: int) -> cp_model.Constraint:
        return model.add(cp_model.LinearExpr.sum(sums.get(level, [])) == -value)

    common = [kv for kv in asks[0][1] if all(kv in kept for _, kept in asks)]
    for level, value in common:
        held(level, value)
    met = []
    for name, kept in asks:
        asked = model.new_bool_var("")
        attacks = cp_model.LinearExpr.sum(sums.get(f"P3 {name} attackers", []))
        model.add(attacks >= 1).only_enforce_if(asked)
        for level, value in kept:
            if (level, value) not in common:
                held(level, value).only_enforce_if(asked)
        met.append(asked)
    model.add_bool_or(met)
    solver = _solver()
    solver.parameters.max_number_of_conflicts = CONFLICTS
    return solver, solver.solve(model), met


def _meets(
    solver: cp_model.CpSolver,
    pm: PlanModel,
    levels: Mapping[str, cp_model.LinearExpr],
    hero: str,
    kept: Kept,
) -> bool:
    """Whether the plan `solver` holds attacks `hero` and holds the levels `kept`."""
    if not any(solver.value(v) for v in pm.attack_variables(hero)):
        return False
    return all(solver.value(levels[level]) == value for level, value in kept)


def _without(family: str) -> tuple[str, ...]:
    return tuple(f for f in FAMILIES if f != family)


def _family_reason(
    fight: Fight,
    family: str,
    hero: Hero,
    plan: Plan,
    earlier: tuple[str, ...],
    reached: Mapping[str, list[Monster]],
) -> Reason:
    """What `family` forbids that would have let a monster reach `hero` (`reached`: the
    monsters that could ever attack each hero, `rules.explain.possible_attackers`)."""
    if family == "R6":
        return ("R6", _count_reason(fight, plan, earlier))
    spot = hero_spot(fight, hero)
    where = str(spot)
    joiners = []
    for m in reached[hero.name]:
        order = plan.order_for(m.name)
        busy = order is not None and not set(earlier).isdisjoint(order.targets)
        if (
            not busy
            and start_spot(fight, m.name) != spot
            and can_ever_attack(fight, m, hero, Mode.MELEE)
        ):
            joiners.append(m.name)
    if not joiners:
        return ("K2", f"no monster may join {where}: another unit would be left below the tier")
    return (
        "K2",
        f"{and_list(joiners)} may not join {where}: another unit would be left below the "
        "gang-up tier",
    )


def _count_reason(fight: Fight, plan: Plan, earlier: tuple[str, ...]) -> str:
    """R6's reason, true of the plan's own count (after its moves): where the plan leaves no
    front-rank monster to spare, no (other) monster may take the back rank; where it has some
    to spare, attacking the hero (while the `earlier` heroes keep their P3 levels) would take
    more of them out of the front rank than that: the question's "no" says every such plan
    breaks R6, so it leaves fewer front-rank monsters than front-rank heroes."""
    heroes, _ = front_rank_counts(fight)
    orders = orders_by_monster(fight, plan)
    front = front_after(orders)
    need = (
        f"{plural(heroes, 'front-rank hero', 'front-rank heroes')} "
        f"{'needs' if heroes == 1 else 'need'} {plural(heroes, 'front-rank monster')}"
    )
    if front <= heroes:
        back = [m for m in monsters(fight) if bound_by_count(fight, m, orders[m.name].rank)]
        other = "other " if back else ""
        return f"no {other}monster may take the back rank to shoot: {need}"
    attacked = [name for name in earlier if plan.attackers_of(name)]
    keeping = ""
    if attacked:
        verb = "keeps" if len(attacked) == 1 else "keep"
        keeping = f" while {and_list(attacked)} {verb} as many and as dangerous attackers"
    return (
        f"{need} for any to stand in the back rank, and the plan has {front}: attacking it"
        f"{keeping} would take more than {front - heroes} of them out of the front rank"
    )


def explain_unattacked(
    fight: Fight, plan: Plan, values: Mapping[str, int], wishes: tuple[Wish, ...]
) -> tuple[tuple[str, tuple[Reason, ...]], ...]:
    """P5: for every hero nobody attacks, in target order, the reasons why. The questions
    the reasons ask are answered first, together (`_Questions.settle`)."""
    targets = plan_targets(fight)
    questions = _Questions(fight, wishes)
    left = [(i, hero) for i, hero in enumerate(targets) if not plan.attackers_of(hero.name)]
    reached = {hero.name: possible_attackers(fight, hero) for _, hero in left}
    asked = [(i, hero) for i, hero in left if reached[hero.name]]
    kept = {i: _kept(values, targets[:i]) for i, _ in asked}  # each hero's, worked out once
    questions.witness(plan, [hero for _, hero in asked])  # most, where specials reach far
    questions.settle(FAMILIES, [(hero, {}) for _, hero in asked])
    # the heroes no plan lets anyone attack: which rule family stands in the way (the
    # questions that hold earlier heroes' levels are asked one by one: together, each held
    # by a literal of its own, the LP is weak and proving that none has a plan took seconds)
    asks: list[tuple[Hero, Mapping[str, int]]] = [
        (hero, kept[i] if questions.feasible(FAMILIES, hero) else {}) for i, hero in asked
    ]
    questions.refute(asks)  # what neither family's question can meet, proved once for both
    for family in FAMILIES:
        questions.settle(_without(family), asks)
    out = []
    for i, hero in left:
        reasons = list(blocked_modes(fight, hero))
        if reached[hero.name]:
            reasons += _dynamic_reasons(questions, plan, kept[i], hero, targets[:i], reached)
        out.append((hero.name, tuple(reasons)))
    return tuple(out)


def _kept(values: Mapping[str, int], earlier: tuple[Hero, ...]) -> dict[str, int]:
    """The P3 levels of the heroes `earlier` in the target order, at their values."""
    names = {h.name for h in earlier}
    return {k: v for k, v in values.items() if _level_hero(k, names)}


def _dynamic_reasons(
    questions: _Questions,
    plan: Plan,
    keep: Mapping[str, int],
    hero: Hero,
    earlier: tuple[Hero, ...],
    reached: Mapping[str, list[Monster]],
) -> list[Reason]:
    fight, wishes = questions.fight, questions.wishes
    reasons: list[Reason] = []
    if not questions.feasible(FAMILIES, hero):
        for family in FAMILIES:
            if questions.feasible(_without(family), hero):
                reasons.append(_family_reason(fight, family, hero, plan, (), reached))
        if not reasons:
            reasons.append(("P2", "the rules together leave no monster free to reach it"))
        return reasons
    earlier_names = tuple(h.name for h in earlier)
    busy: dict[str, list[str]] = {}
    for monster in reached[hero.name]:
        order = plan.order_for(monster.name)
        first = next((t for t in order.targets if t in earlier_names), None) if order else None
        if first is not None:
            busy.setdefault(first, []).append(monster.name)
    for target, names in busy.items():
        reasons.append(
            (
                "P3",
                f"{and_list(names)} {'attacks' if len(names) == 1 else 'attack'} {target}, "
                "who comes earlier in the target order",
            )
        )
    for family in FAMILIES:
        if questions.feasible(_without(family), hero, keep):
            reasons.append(_family_reason(fight, family, hero, plan, earlier_names, reached))
    if wishes and not reasons:
        reasons.append(("P7", "the DM's wishes keep the monsters elsewhere"))
    return reasons


def _level_hero(level_name: str, names: set[str]) -> bool:
    return _level_owner(level_name) in names


def _level_owner(level_name: str) -> str | None:
    """The hero of a P3 level ("P3 <hero> attackers" / "P3 <hero> class c"), read from the
    end: a hero's name may hold " class " or " attackers"."""
    if not level_name.startswith("P3 "):
        return None
    if level_name.endswith(" attackers"):
        return level_name[3 : -len(" attackers")]
    hero, _, c = level_name[3:].rpartition(" class ")
    return hero if c.isdigit() else None


# --- wishes ---------------------------------------------------------------------------------


def explain_wish(fight: Fight, wish: Wish | None, wishes: tuple[Wish, ...]) -> str:
    """Why a wish (or the set of wishes) cannot be met, naming the rules in the way."""
    if wish is not None:
        return f"{wish} is impossible: " + "; ".join(pairing_blocks(fight, wish))
    questions = _Questions(fight, wishes)
    for family in FAMILIES:
        if questions.feasible(_without(family)):
            return (
                f"the wishes {and_list([str(w) for w in wishes])} break {FAMILY_TEXT[family]} "
                f"({family}) with every plan"
            )
    return f"the wishes {and_list([str(w) for w in wishes])} cannot all be met together"
