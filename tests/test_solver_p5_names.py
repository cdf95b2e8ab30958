"""P5's questions read which hero a P3 level is about from the level's name ("P3 <hero>
attackers", "P3 <hero> class c"); a hero's name may hold " class " or " attackers" itself.
The looser model (`solver.explain._loose`) must still sum the attackers of every hero whose
levels a question holds, so that it finds a plan wherever the plan found has one (a
relaxation never says "no" there), and the reasons are those of the whole model."""

from __future__ import annotations

import pytest

from lnf.model import Fight
from lnf.solver.explain import _level_owner
from tests.builders import SWORD, fight, hero, monster
from tests.test_solver_p5_loose import _loose_meets_the_plan, _slow

NAMES = ["Kit class 1", "Kit", "Kit class 1 attackers", "Ann attackers class 2"]


def _one_kind(names: list[str], monsters: int) -> Fight:
    """Front-rank heroes, each in a group of its own, and goblins of one stat block (one
    danger class, G3: P3 holds only each hero's "attackers" level)."""
    heroes = [hero(n) for n in names]
    goblins = [monster(f"Goblin {i + 1}", attacks=(SWORD,)) for i in range(monsters)]
    groups = {f"G{i + 1}": [h.name, goblins[i].name] for i, h in enumerate(heroes)}
    return fight(heroes, goblins, groups)


@pytest.mark.parametrize("monsters", [4, 6, 9])
def test_loose_model_sums_heroes_named_like_levels(monsters: int) -> None:
    """P5, P3: every hero the plan attacks has a plan in the looser model holding the
    earlier heroes' levels, whatever their names."""
    f = _one_kind(NAMES, monsters)
    _loose_meets_the_plan(f)
    from lnf.solver import solve_plan

    assert solve_plan(f).unattacked == _slow(f)


def test_level_owner_reads_names_from_the_end() -> None:
    for name in NAMES:
        assert _level_owner(f"P3 {name} attackers") == name
        assert _level_owner(f"P3 {name} class 0") == name
        assert _level_owner(f"P3 {name} class 12") == name
    assert _level_owner("P4 moves") is None
