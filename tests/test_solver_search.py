"""How the solver keeps its search small without losing the optimum (P3, P4): options no
optimal plan takes are left out, K2 regimes are solved apart, a hero's attacker counts are
held to what its unit can hold, a stopped solve keeps what its bound proves, and a troop's
tie-break helpers are on only while it is decided."""

from __future__ import annotations

from hypothesis import assume, given, settings
from ortools.sat.python import cp_model

from lnf.model import CDot, Fight, Rank
from lnf.model.plan import Mode
from lnf.rules import check_state
from lnf.rules.plan_check import check_plan
from lnf.solver import solve_plan
from lnf.solver.levels import Level, Part
from lnf.solver.lexicographic import proven_digits, solve_lexicographic
from lnf.solver.model import PlanModel, possible_regimes
from tests.builders import BOW, SWORD, fight, hero, monster
from tests.grids import grid
from tests.strategies import plan_fights


def two_heroes_one_group() -> Fight:
    """H2 comes first in the target order (a wanted C dot, T2); both stand with the orc."""
    heroes = [hero("H1"), hero("H2", c_dot=CDot.WANTED)]
    return fight(heroes, [monster("Orc", attacks=(SWORD, BOW))], {"A": ["H1", "H2", "Orc"]})


def attacks_by_place(pm: PlanModel) -> set[tuple[int, Rank, str | None, Mode | None]]:
    (troop,) = pm.troops
    return {(o.move, o.rank, o.target, o.mode) for o in troop.options}


def test_pruning_keeps_only_attacks_on_the_earliest_hero_a_place_offers() -> None:
    """P3: where the orc ends, attacking H2 beats attacking H1 and beats standing idle."""
    pruned = attacks_by_place(PlanModel(two_heroes_one_group(), prune=True))
    assert (0, Rank.FRONT, "H2", Mode.MELEE) in pruned  # stays in A and strikes H2
    assert (0, Rank.FRONT, "H1", Mode.MELEE) not in pruned
    assert (0, Rank.FRONT, None, None) not in pruned  # idle beside H2: never best


def test_pruning_keeps_one_shot_per_rank_at_the_earliest_hero() -> None:
    (troop,) = PlanModel(two_heroes_one_group(), prune=True).troops
    assert {(sh.rank, sh.target) for sh in troop.shots} == {(Rank.BACK, "H2")}


def test_questions_about_other_rules_see_every_option() -> None:
    """P5 asks what would happen without R6 or K2: those models are not pruned."""
    full = PlanModel(two_heroes_one_group())
    assert (0, Rank.FRONT, "H1", Mode.MELEE) in attacks_by_place(full)
    (troop,) = full.troops
    assert {sh.target for sh in troop.shots} == {"H1", "H2"}


def plannable(f: Fight) -> bool:
    return all(v.rule == "K2" for v in check_state(f))


@settings(max_examples=100, deadline=None)
@given(plan_fights(max_heroes=4, max_monsters=7))
def test_no_plan_of_a_regime_gives_a_hero_more_attackers_than_its_bound(f: Fight) -> None:
    """The bound on a hero's attackers (K2: its unit's cap, the other units' floor) holds for
    every plan of the regime: CP-SAT's own maximum over the regime's plans never passes it."""
    assume(plannable(f))
    base = PlanModel(f, families=("R6",), prune=True)
    for k in possible_regimes(f):
        pm = base.with_regimes([k])
        for name, most in pm.most_attackers([k], floors=True).items():
            pm.model.maximize(pm.attackers_of(name))
            solver = cp_model.CpSolver()
            solver.parameters.num_workers = 1
            status = solver.solve(pm.model)
            if status == cp_model.OPTIMAL:
                assert solver.objective_value <= most, (k, name)


def test_a_stopped_solve_keeps_the_digits_its_bound_agrees_on() -> None:
    """Three levels with ranges 4, 10 and 10 (weights 100, 10, 1, low ends 0): best 231,
    bound 230 share the first two digits, so levels one and two are proven."""
    digits = [(100, 0), (10, 0), (1, 0)]
    assert proven_digits(231, 230, digits) == 2
    assert proven_digits(231, 225, digits) == 1
    assert proven_digits(231, 199, digits) == 0
    assert proven_digits(231, 231, digits) == 3
    # low ends shift the digits: levels from -3 (weight 10) and -2 (weight 1)
    assert proven_digits(-10 * 3 - 2 + 21, -10 * 3 - 2 + 20, [(10, -3), (1, -2)]) == 1


def test_a_troops_helpers_bind_while_it_is_decided() -> None:
    """A tie-break level on a helper that only the part's switch ties to the model: the
    solve must switch it on (else the helper could take any value)."""
    model = cp_model.CpModel()
    x = model.new_int_var(0, 2, "x")
    model.add(x <= 1)
    helper = model.new_int_var(0, 2, "helper")
    part = Part(model.new_bool_var("deciding"), [x])
    model.add(helper == x).only_enforce_if(part.active)
    most = Level("most on the helper", part=part)
    most.add([(helper, -1)], 2)  # ranges over -2..0
    result = solve_lexicographic(model, [], lambda ruled: [most], 1, 10.0)
    assert result.values == {"most on the helper": -1}
    assert result.solver.value(x) == 1


def test_mid_fight_grids_plan_the_same_with_any_workers() -> None:
    """Bigger than Hypothesis' grids: the plan passes the validator (P2) and is the same with
    one, two or four CP-SAT workers (P4: the optimum is unique). Two workers once lost the
    LP that K2 needs and took minutes on a block."""
    for seed in (0, 2):
        f = grid(8, 40, seed)
        one = solve_plan(f, explain=False).plan
        assert check_plan(f, one) == []
        for workers in (2, 4):
            assert solve_plan(f, explain=False, workers=workers).plan == one
