"""K1–K4: gang-up tiers, as state checks over X2's table."""

from __future__ import annotations

import pytest

from lnf.rules import check_state, k2_allows, units
from tests.builders import BACK, fight, hero, lone_heroes_with, monster

X2_TABLE = [
    ([9, 3, 3, 3], False),  # 9 > 8 while the others are below 8
    ([8, 4, 3, 3], True),
    ([6, 6, 3, 3], True),
    ([2, 1, 1, 0], False),  # a second monster before everyone has one
    ([1, 1, 1, 0], True),
    ([4, 3, 1, 1], False),  # 4 > 3 while two have fewer than 3
]


@pytest.mark.parametrize(("counts", "legal"), X2_TABLE)
def test_k2_x2_table_on_counts(counts: list[int], legal: bool) -> None:
    assert k2_allows([(1, m) for m in counts]) is legal


@pytest.mark.parametrize(("counts", "legal"), X2_TABLE)
def test_k2_x2_table_as_state_checks(counts: list[int], legal: bool) -> None:
    found = [v.rule for v in check_state(lone_heroes_with(counts))]
    assert found == ([] if legal else ["K2"])


def test_k1_lone_front_rank_hero_is_a_unit_with_no_monsters() -> None:
    f = lone_heroes_with([2, 0])
    assert [(u.label, *u.counts) for u in units(f)] == [("G1", 1, 2), ("H2", 1, 0)]
    (v,) = check_state(f)
    assert "H2 holds 0 monsters for 1 hero" in v.message and "group G1 holds 2" in v.message


def test_k2_two_heroes_and_two_monsters_meet_one_per_hero() -> None:
    f = fight(
        [hero("A"), hero("B"), hero("C")],
        [monster("M1"), monster("M2"), monster("M3")],
        {"G": ["A", "B", "M1", "M2"], "H": ["C", "M3"]},
    )
    assert check_state(f) == []


def test_k4_back_rank_monsters_in_a_group_do_not_count() -> None:
    f = fight(
        [hero("A"), hero("B")],
        [monster("M1"), monster("M2"), monster("M3", rank=BACK)],
        {"G": ["A", "M1", "M2", "M3"]},
    )
    assert [(u.label, len(u.monsters)) for u in units(f)] == [("G", 2), ("B", 0)]
    assert [v.rule for v in check_state(f)] == ["K2"]
