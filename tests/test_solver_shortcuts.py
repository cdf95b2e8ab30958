"""Two shortcuts of the plan's search change its time, never its plan (P4: the optimum is
unique): a level's range topped by the solution at hand (`LexSolve._cap_first`), and B4's
reach of a special action asked once per what it depends on (`troops.reach_key`)."""

from __future__ import annotations

from unittest import mock

from hypothesis import assume, given, settings

from lnf.model import Fight
from lnf.rules import check_state
from lnf.rules.moves import can_act, destinations, final_spot, rank_options
from lnf.rules.plan_check import check_plan
from lnf.rules.specials import reaches, usable
from lnf.solver import solve_plan
from lnf.solver.lexicographic import LexSolve
from lnf.solver.orders import reach_key
from tests.grids import grid
from tests.strategies import plan_fights


def without_caps(f: Fight) -> object:
    with mock.patch.object(LexSolve, "_cap_first", lambda self: False):
        return solve_plan(f, explain=False).plan


@settings(max_examples=60, deadline=None)
@given(plan_fights(specials=True))
def test_a_range_topped_by_the_solution_at_hand_finds_the_same_plan(f: Fight) -> None:
    """Also with blocks of a few levels each (a small grid's levels fit in one block, where
    no solution is at hand): the tops are lowered again and again."""
    assume(not check_state(f))
    plan = solve_plan(f, explain=False).plan
    assert plan == without_caps(f)
    with mock.patch("lnf.solver.lexicographic.MAX_BLOCK", 2**5):
        assert solve_plan(f, explain=False).plan == without_caps(f) == plan


def test_the_grids_of_a_table_plan_alike_with_tops_lowered() -> None:
    """8 × 40 grids: the same plan, valid (P1–P4), and a top was lowered (else untested)."""
    lowered: list[int] = []
    real = LexSolve._cap_first

    def counted(self: LexSolve) -> bool:
        before = len(self._cap)
        out = real(self)
        lowered.append(len(self._cap) - before)
        return out

    for seed, specials in ((0, False), (2, False), (1, True)):
        f = grid(8, 40, seed, specials)
        with mock.patch.object(LexSolve, "_cap_first", counted):
            plan = solve_plan(f, explain=False).plan
        assert check_plan(f, plan) == []
        assert plan == without_caps(f)
    assert sum(lowered) > 0


def same_reach_for_same_key(f: Fight) -> int:
    """B4: whenever two spots and ranks give one action the same `reach_key`, it reaches the
    same heroes from both; returns how many pairs were compared."""
    compared = 0
    for m in f.monsters:
        if not can_act(f, m):
            continue
        spots = [final_spot(f, m.name, mv) for mv in destinations(f, m)] + [None]
        places = [(spot, rank) for spot in dict.fromkeys(spots) for rank in rank_options(m)]
        for action in usable(f, m):
            seen: dict[object, tuple[bool, ...]] = {}
            for spot, rank in places:
                got = tuple(reaches(f, m, action, spot, rank, h) for h in f.heroes)
                key = reach_key(action, spot, rank)
                assert seen.setdefault(key, got) == got, (m.name, action.name, spot, rank)
                compared += 1
    return compared


@settings(max_examples=80, deadline=None)
@given(plan_fights(specials=True))
def test_a_reach_is_the_same_wherever_its_key_is(f: Fight) -> None:
    assume(not check_state(f))
    same_reach_for_same_key(f)


def test_the_grids_of_a_table_reach_alike_for_one_key() -> None:
    assert sum(same_reach_for_same_key(grid(8, 40, seed, True)) for seed in range(3)) > 0
