"""Area effects (E1–E4) and X3 of the worked examples."""

from __future__ import annotations

import pytest

from lnf.model import Area, Shape
from lnf.rules.areas import SPELLS, check_area_targets, crowded_count, target_count
from tests.builders import fight, hero, monster
from tests.cli import run


@pytest.mark.parametrize(
    ("spell", "count"),
    [
        ("fireball", 4),
        ("lightning bolt", 4),
        ("burning hands", 2),
        ("thunderwave", 3),
        ("cone of cold", 6),
    ],
)
def test_x3_e1_target_counts_of_common_spells(spell: str, count: int) -> None:
    assert target_count(SPELLS[spell]) == count


def test_e1_rounds_up_and_e2_crowding_keeps_at_least_one() -> None:
    assert target_count(Area(Shape.SPHERE, 12)) == 3  # 12 ÷ 5 = 2.4 → 3
    assert target_count(Area(Shape.LINE, 10)) == 1
    assert crowded_count(4, 2, tight=True) == 6
    assert crowded_count(2, 3, tight=False) == 1


def x3():  # type: ignore[no-untyped-def]
    """G1 = {Alice, Skeletor}; G2 = {Bob, Carol, Dracula, Mumm-Ra}; Jace unengaged."""
    return fight(
        [hero("Alice"), hero("Bob"), hero("Carol")],
        [monster("Skeletor"), monster("Dracula"), monster("Mumm-Ra"), monster("Jace")],
        {"G1": ["Alice", "Skeletor"], "G2": ["Bob", "Carol", "Dracula", "Mumm-Ra"]},
    )


def test_x3_e3_at_most_one_group_partly_hit() -> None:
    f = x3()
    assert check_area_targets(f, ["Jace", "Skeletor", "Alice", "Dracula", "Mumm-Ra"], 6) == []
    legal = ["Skeletor", "Bob", "Carol", "Dracula", "Mumm-Ra", "Jace"]
    assert check_area_targets(f, legal, 6) == []
    broken = check_area_targets(f, ["Skeletor", "Dracula", "Mumm-Ra", "Jace"], 6)
    assert [v.rule for v in broken] == ["E3"]
    assert "group G1 (without Alice)" in broken[0].message
    assert "group G2 (without Bob and Carol)" in broken[0].message
    seven = ["Alice", "Skeletor", "Bob", "Carol", "Dracula", "Mumm-Ra", "Jace"]
    assert [v.rule for v in check_area_targets(f, seven, 6)] == ["E1"]


def test_e4_fewer_targets_are_fine() -> None:
    assert check_area_targets(x3(), ["Jace"], 6) == []


def test_lnf_area_command() -> None:
    assert run("area", "fireball") == (0, "Fireball (20 ft sphere): 4 targets (E1)\n")
    code, out = run("area", "cone", "60", "--crowded", "--seed", "1")
    assert code == 0 and out.startswith("60 ft cone: 6 targets (E1); crowded: +1d3 (")
    code, out = run("area", "blob")
    assert code == 2 and "neither a known area spell nor SHAPE FEET (E1)" in out


def test_lnf_area_refuses_empty_areas_and_both_crowd_flags() -> None:
    """E1: an area of 0 ft holds no one; E2: tight or spread, not both."""
    code, out = run("area", "line", "0")
    assert code == 2 and "line 0 is an empty area: it holds no one (E1)" in out
    code, out = run("area", "cone", "60", "--crowded", "--spread")
    assert code == 2 and "--crowded and --spread together" in out and "(E2)" in out
