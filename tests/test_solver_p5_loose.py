"""P5's first question of a hero (could any plan let a monster attack it?) answered yes by
the plan's own places (`solver.explain._Questions.witness`: a monster that could attack it
from where the plan puts it); its questions without R6 or without K2 that hold earlier
heroes' P3 levels refuted at once on a looser model (`solver.explain._loose`: one order
each, A3's shots, the P3 sums of the heroes asked about, nothing of R6 nor K2). The same
reasons as when each question is asked of the whole model; never a "yes" the whole model
has no plan for, nor a "no" where it has one. Its P3 levels are worked out only when a
question holds one in the whole model (`solver.explain._Levels`)."""

from __future__ import annotations

from collections.abc import Mapping
from unittest import mock

from hypothesis import assume, given, settings
from ortools.sat.python import cp_model

import lnf.solver
from lnf.model import Fight, Hero
from lnf.model.plan import Plan, Wish
from lnf.rules import check_state
from lnf.rules.attacks import plan_targets
from lnf.rules.explain import Reason
from lnf.rules.plan_check import check_plan
from lnf.solver import explain as solver_explain
from lnf.solver import solve_plan
from lnf.solver.explain import _kept, _loose, _Questions
from lnf.solver.model import FAMILIES, PlanModel
from lnf.solver.troops import witnesses
from tests.grids import grid
from tests.strategies import plan_fights

Unattacked = tuple[tuple[str, tuple[Reason, ...]], ...]


def _slow(f: Fight) -> Unattacked:
    """P5's reasons with every question asked of the whole model."""
    with (
        mock.patch.object(_Questions, "refute", lambda self, asks: None),
        mock.patch.object(_Questions, "witness", lambda self, plan, heroes: None),
    ):
        return solve_plan(f).unattacked


def _values(f: Fight) -> tuple[Plan, Mapping[str, int]]:
    """The plan and its levels' values, as `solve_plan` hands them to the reasons."""
    seen: dict[str, tuple[Plan, Mapping[str, int]]] = {}

    def keep(
        fight: Fight, plan: Plan, values: Mapping[str, int], wishes: tuple[Wish, ...]
    ) -> Unattacked:
        seen["plan"] = (plan, values)
        return ()

    with mock.patch.object(lnf.solver, "explain_unattacked", keep):
        solve_plan(f)
    return seen["plan"]


def _loose_meets_the_plan(f: Fight) -> None:
    """The plan found holds every level at its value: for each hero it attacks, the ask
    that holds the earlier heroes' levels has a plan, so the looser model must find one
    (alone, and with every such ask at once)."""
    plan, values = _values(f)
    targets = plan_targets(f)
    asks = [
        (hero.name, tuple(sorted(_kept(values, targets[:i]).items())))
        for i, hero in enumerate(targets)
        if plan.attackers_of(hero.name)
    ]
    pm, _ = _Questions(f, ())._built()
    for ask in asks:
        _, status, _ = _loose(f, pm.troops, [ask])
        assert status in (cp_model.OPTIMAL, cp_model.FEASIBLE), ask
    if asks:
        _, status, _ = _loose(f, pm.troops, asks)
        assert status in (cp_model.OPTIMAL, cp_model.FEASIBLE)


@settings(max_examples=60, deadline=None)
@given(plan_fights(specials=True))
def test_p5_reasons_are_the_same_with_the_looser_model(f: Fight) -> None:
    assume(not check_state(f))
    assert solve_plan(f).unattacked == _slow(f)


@settings(max_examples=60, deadline=None)
@given(plan_fights(specials=True))
def test_the_looser_model_finds_the_plans_of_the_whole(f: Fight) -> None:
    """A relaxation: whatever the whole model admits, the looser one does (P3, A3)."""
    assume(not check_state(f))
    _loose_meets_the_plan(f)


def test_at_a_table_the_looser_model_refutes_and_says_the_same() -> None:
    """At 8 × 40 the looser model refutes every family's question (no question of the
    whole model holds a level), the reasons are the same, and it finds the plan's own."""
    asked: list[tuple[str, ...]] = []
    either = _Questions._either

    def spy(self: _Questions, families: tuple[str, ...], asks: list[tuple[str, object]]) -> object:
        asked.append(families)
        return either(self, families, asks)  # type: ignore[arg-type]

    for seed, specials in ((0, False), (2, True), (4, True)):
        f = grid(8, 40, seed, specials)
        asked.clear()
        with mock.patch.object(_Questions, "_either", spy):
            fast = solve_plan(f).unattacked
        assert fast
        assert set(asked) <= {FAMILIES}
        assert fast == _slow(f)
        _loose_meets_the_plan(f)


def test_the_levels_are_worked_out_only_when_held() -> None:
    f = grid(8, 40, 2, True)
    with mock.patch.object(solver_explain, "p3_exprs", side_effect=AssertionError):
        assert solve_plan(f).unattacked


def test_at_a_table_questions_settled_with_most_met_answer_as_each_alone() -> None:
    """`_Questions._either` asks for a plan that meets as many questions as it can (one solve
    at 8 × 40 answers nearly all): each still gets the answer of its own solve, alone."""
    for seed, specials in ((0, True), (6, True), (3, False)):
        f = grid(8, 40, seed, specials)
        plan, _ = _values(f)
        asks: list[tuple[Hero, Mapping[str, int]]] = [
            (h, {}) for h in plan_targets(f) if not plan.attackers_of(h.name)
        ]
        together = _Questions(f, ())
        together.settle(FAMILIES, list(asks))
        for hero, _ in asks:
            assert together.feasible(FAMILIES, hero) == _Questions(f, ()).feasible(FAMILIES, hero)


def _witnessed(f: Fight) -> None:
    """Each hero `witness` answers yes for has a plan in the whole model (asked alone), and
    the troops it looks at are the whole model's."""
    plan, _ = _values(f)
    left = [h for h in plan_targets(f) if not plan.attackers_of(h.name)]
    questions = _Questions(f, ())
    questions.witness(plan, left)
    pm = PlanModel(f, FAMILIES, switched=True, priced=False)
    formed = questions._troops()
    assert [(t.members, t.moves, t.options, t.shots) for t in formed] == [
        (t.members, t.moves, t.options, t.shots) for t in pm.troops
    ]
    for name, order in witnesses(formed, plan).items():  # the rules agree: a legal plan
        swapped = Plan(tuple(order if o.monster == order.monster else o for o in plan.orders))
        assert name in order.targets
        assert check_plan(f, swapped) == [], (name, order)
    for hero in left:
        if (FAMILIES, hero.name, ()) in questions._answers:
            assert questions.feasible(FAMILIES, hero)
            assert _Questions(f, ()).feasible(FAMILIES, hero), hero.name


@settings(max_examples=80, deadline=None)
@given(plan_fights(specials=True))
def test_a_hero_witnessed_by_the_plans_places_has_a_plan(f: Fight) -> None:
    """R6, K2, A3: a monster that attacks a hero from where the plan puts it, instead of
    whom it attacks there, leaves a plan of the whole model."""
    assume(not check_state(f))
    _witnessed(f)


def test_at_a_table_the_whole_model_is_not_built() -> None:
    """At 8 × 40 the plan's places witness every hero (with special actions, and by shots
    without them) and the looser model refutes the rest: no question needs the whole model,
    and the reasons are the same."""
    for seed, specials in ((0, True), (3, True), (0, False)):
        f = grid(8, 40, seed, specials)
        _witnessed(f)
        with mock.patch.object(solver_explain, "PlanModel", side_effect=AssertionError):
            fast = solve_plan(f).unattacked
        assert fast == _slow(f)
