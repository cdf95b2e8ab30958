"""K2's regimes solved apart (`solver.regimes`): a regime whose best hope (its levels fixed,
then the low end of the next one's range) is already beaten by another regime's fixed levels
is dropped unsolved (`_beaten`, P3 and P4 compared level by level). The plan, and every
level's value, are those found when each regime is solved until it loses."""

from __future__ import annotations

from unittest import mock

from hypothesis import assume, given, settings

from lnf.model import Fight
from lnf.rules import check_state
from lnf.solver import regimes
from lnf.solver.model import PlanModel
from lnf.solver.regimes import solve_over_regimes
from tests.grids import grid
from tests.strategies import plan_fights


def solved(f: Fight, drop: bool) -> tuple[str, dict[str, int], int]:
    """The plan's orders (by canonical key), the levels' values and how often a regime was
    dropped unsolved, with the regimes apart (never in one model)."""
    dropped: list[int] = []
    real = regimes._beaten

    def counted(*args: object) -> bool:
        out = real(*args)  # type: ignore[arg-type]
        dropped.append(out)
        return out

    base = PlanModel(f, families=("R6",), prune=True)
    with (
        mock.patch.object(regimes, "ONE_MODEL_MOST", -1),
        mock.patch.object(regimes, "DROP_BEATEN", drop),
        mock.patch.object(regimes, "_beaten", counted),
    ):
        pm, result = solve_over_regimes(base, 1, 60.0)
    chosen = [
        (t.first.name, pm.key(t, o), result.solver.value(x))
        for t in pm.troops
        for o, x in zip(t.options, t.counts, strict=True)
    ]
    return repr(chosen), dict(result.values), sum(dropped)


def same_either_way(f: Fight) -> int:
    plan, values, dropped = solved(f, True)
    slow_plan, slow_values, _ = solved(f, False)
    assert plan == slow_plan
    assert values == slow_values
    return dropped


@settings(max_examples=60, deadline=None)
@given(plan_fights(specials=True))
def test_regimes_dropped_unsolved_change_nothing(f: Fight) -> None:
    assume(not check_state(f))
    same_either_way(f)


def test_battles_drop_regimes_and_plan_as_before() -> None:
    """Generated battles (P3's first hero draws more attackers in one regime than another
    lets it draw): regimes are dropped unsolved, and nothing changes."""
    dropped = 0
    for h, m, seed, specials in ((8, 40, 0, False), (8, 40, 1, True), (20, 150, 1, False)):
        dropped += same_either_way(grid(h, m, seed, specials))
    assert dropped


def unchanged_base_at_each_copy(f: Fight) -> int:
    """Solve with the regimes apart, checking that each regime's model, built when first
    needed (a regime dropped unsolved needs none), copies the base as it stood once the
    levels were made; returns how many were built."""
    base = PlanModel(f, families=("R6",), prune=True)
    made: list[str] = []
    real_levels, real_copy = regimes.p3_p4_levels, PlanModel.with_regimes

    def levels(pm: PlanModel) -> object:
        out = real_levels(pm)
        made.append(str(pm.model.proto))
        return out

    def copy(pm: PlanModel, chosen: list[int]) -> PlanModel:
        assert pm is base and str(pm.model.proto) == made[0]
        made.append("copy")
        return real_copy(pm, chosen)

    with (
        mock.patch.object(regimes, "ONE_MODEL_MOST", -1),
        mock.patch.object(regimes, "p3_p4_levels", levels),
        mock.patch.object(PlanModel, "with_regimes", copy),
    ):
        solve_over_regimes(base, 1, 60.0)
    return len(made) - 1


@settings(max_examples=30, deadline=None)
@given(plan_fights(specials=True))
def test_regimes_copy_the_base_as_it_stood(f: Fight) -> None:
    assume(not check_state(f))
    assert unchanged_base_at_each_copy(f) >= 1


def test_a_battle_builds_fewer_regimes_than_it_has() -> None:
    f = grid(16, 50, 2)
    assert unchanged_base_at_each_copy(f) < len(regimes.possible_regimes(f))
