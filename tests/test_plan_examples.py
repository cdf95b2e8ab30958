"""The monsters' plan on the worked examples: X1 exactly (P1–P5, S2–S3) and X2's tiers (K2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lnf.formats.fight_file import load_fight
from lnf.model import Fight, Rank
from lnf.model.plan import STAY, Mode, Order
from lnf.rules.plan_check import check_plan
from lnf.rules.strike_order import strike_blocks
from lnf.solver import solve_plan
from tests.builders import SWORD, fight, hero, monster


def test_x1_plan(x1_path: Path) -> None:
    f = load_fight(x1_path)
    solved = solve_plan(f)
    assert solved.plan.orders == (
        Order("Wight", Rank.FRONT, STAY, "Doris", Mode.MELEE),
        Order("Skeleton 1", Rank.FRONT, STAY, "Cecilia", Mode.MELEE),
        Order("Skeleton 2", Rank.FRONT, STAY, "Doris", Mode.MELEE),
        Order("Skeleton 3", Rank.FRONT, STAY, "Terry", Mode.MELEE),
    )
    assert check_plan(f, solved.plan) == []


def test_x1_reasons_for_the_heroes_left_alone(x1_path: Path) -> None:
    """P5: Wendy and Mike cannot be shot (R6); Felix loses to Doris (P3) and K2 keeps
    Skeletons 1 and 3 out of group A."""
    reasons = dict(solve_plan(load_fight(x1_path)).unattacked)
    assert list(reasons) == ["Wendy", "Mike", "Felix"]
    for guarded in ("Wendy", "Mike"):
        assert [r for r, _ in reasons[guarded]] == ["R3", "A2", "R6"]
    felix = dict(reasons["Felix"])
    assert felix["P3"] == "Wight and Skeleton 2 attack Doris, who comes earlier in the target order"
    assert felix["K2"].startswith("Skeleton 1 and Skeleton 3 may not join group A")


def test_x1_strike_order(x1_path: Path) -> None:
    """S4: Skeleton 3, Terry; Felix, Doris, Skeleton 2, Wight; Cecilia, Skeleton 1; Mike, Wendy."""
    assert [names for _, names in strike_blocks(load_fight(x1_path))] == [
        ["Skeleton 3", "Terry"],
        ["Felix", "Doris", "Skeleton 2", "Wight"],
        ["Cecilia", "Skeleton 1"],
        ["Mike", "Wendy"],
    ]


@pytest.mark.parametrize("workers", [1, 2, 4, 8])
def test_x1_same_plan_with_any_number_of_workers(x1_path: Path, workers: int) -> None:
    f = load_fight(x1_path)
    assert solve_plan(f, workers=workers).plan == solve_plan(f).plan


def x2_fight() -> Fight:
    """X2: four lone front-rank heroes and eighteen orcs that can only fight in mêlée."""
    heroes = [hero(f"H{i}", attacks=()) for i in range(1, 5)]
    orcs = [monster(f"Orc {i}", kind="Orc", attacks=(SWORD,)) for i in range(1, 19)]
    return fight(heroes, orcs)


def test_x2_eighteen_monsters_against_four_lone_heroes_give_8_4_3_3() -> None:
    """X2/K2: the first hero in the target order gets 8, then 4, 3, 3."""
    f = x2_fight()
    plan = solve_plan(f).plan
    assert [len(plan.attackers_of(h.name)) for h in f.heroes] == [8, 4, 3, 3]
    assert check_plan(f, plan) == []


def test_x2_same_plan_with_many_workers() -> None:
    f = x2_fight()
    assert solve_plan(f, workers=4, explain=False).plan == solve_plan(f, explain=False).plan
