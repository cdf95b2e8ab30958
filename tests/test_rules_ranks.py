"""R4–R7 as state checks: back-rank reasons, guarding, the monsters' back-rank count, free air."""

from __future__ import annotations

from lnf.model import BackReason, Condition, Flag
from lnf.rules import check_state, guarded_capacity
from tests.builders import BACK, FREE_AIR, fight, hero, monster


def rules_broken(f: object) -> list[str]:
    return [v.rule for v in check_state(f)]  # type: ignore[arg-type]


def guarded(name: str, **kw: object) -> object:
    return hero(name, "wizard", rank=BACK, why=BackReason.GUARDED, **kw)


def test_r4_back_rank_hero_needs_a_reason() -> None:
    f = fight([hero("A"), hero("B", rank=BACK)], [monster("Orc")])
    (v,) = check_state(f)
    assert (v.rule, v.who) == ("R4", ("B",))


def test_r5a_two_front_rank_guards_per_guarded_hero() -> None:
    ok = fight([hero("F1"), hero("F2"), guarded("W")], [monster("M1"), monster("M2")])
    assert check_state(ok) == []
    too_many = fight(
        [hero("F1"), hero("F2"), guarded("W"), guarded("V")], [monster("M1"), monster("M2")]
    )
    (v,) = check_state(too_many)
    assert v.rule == "R5" and set(v.who) == {"W", "V"} and "need 4" in v.message


def test_r5_no_guarding_with_two_monsters_per_hero() -> None:
    f = fight(
        [hero(f"F{i}") for i in range(4)] + [guarded("W")], [monster(f"M{i}") for i in range(10)]
    )
    assert rules_broken(f) == ["R5"]
    assert guarded_capacity(f) == 0


def test_r5b_three_front_rank_heroes_per_monster_guard_everyone() -> None:
    f = fight([hero(f"F{i}") for i in range(3)] + [guarded("W"), guarded("V")], [monster("M")])
    assert check_state(f) == []
    assert guarded_capacity(f) is None


def test_r5_conjured_downed_and_incapacitated_heroes_cannot_guard() -> None:
    monsters = [monster("M1"), monster("M2"), monster("M3")]
    for bad_guard in (
        hero("F2", flags=frozenset({Flag.CONJURED})),
        hero("F2", hp_now=0),
        hero("F2", conditions=frozenset({Condition.STUNNED})),
    ):
        f = fight([hero("F1"), bad_guard, guarded("W")], monsters)
        assert rules_broken(f) == ["R5"], bad_guard


def test_r6_back_rank_monster_needs_one_front_rank_monster_per_front_rank_hero() -> None:
    heroes = [hero("F1"), hero("F2")]
    illegal = fight(heroes, [monster("M1"), monster("Archer", rank=BACK)])
    (v,) = check_state(illegal)
    assert (v.rule, v.who) == ("R6", ("Archer",))
    legal = fight(heroes, [monster("M1"), monster("M2"), monster("Archer", rank=BACK)])
    assert check_state(legal) == []


def test_r6_monsters_that_hide_or_levitate_need_no_count() -> None:
    heroes = [hero("F1"), hero("F2")]
    for m in (
        monster("Imp", rank=BACK, flags=frozenset({Flag.CAN_HIDE})),
        monster("Imp", rank=BACK, flags=frozenset({Flag.CAN_LEVITATE})),
        monster("Imp", rank=BACK, why=BackReason.OUT_OF_REACH),
    ):
        assert check_state(fight(heroes, [m])) == []


def test_r6_monsters_never_need_guards() -> None:
    f = fight([hero("F1")], [monster("M1"), monster("M2", rank=BACK, why=BackReason.GUARDED)])
    assert rules_broken(f) == ["R6"]


def test_r7_free_air_needs_a_flying_speed_and_freedom() -> None:
    assert rules_broken(fight([hero("A", rank=FREE_AIR)], [monster("M")])) == ["R7"]
    assert check_state(fight([hero("A", rank=FREE_AIR, fly=30)], [monster("M")])) == []
    prone_flier = monster("Bat", rank=FREE_AIR, fly=30, conditions=frozenset({Condition.PRONE}))
    assert rules_broken(fight([hero("A")], [prone_flier])) == ["R7"]
