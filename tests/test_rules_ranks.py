"""R1 (one rank each), and R4–R7 as state checks: back-rank reasons, guarding, the monsters'
back-rank count, free air."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings

from lnf.errors import Refused
from lnf.heroes.words import parse_choice
from lnf.model import BackReason, Condition, Fight, Flag, Rank
from lnf.model.steps import Moved
from lnf.rules import check_state, guarded_capacity
from lnf.rules.group_changes import moved
from lnf.rules.ranks import check_hero_back_rank
from tests.builders import BACK, FREE_AIR, FRONT, fight, hero, monster
from tests.cli import run
from tests.strategies import fights


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


def test_r1_every_combatant_is_in_exactly_one_of_three_ranks() -> None:
    """R1: front, back or free air, front unless the file says otherwise; a switch (R8) puts
    it in the new rank and out of the old, and the reason for standing back goes with it."""
    assert [r.value for r in Rank] == ["front", "back", "free-air"]
    f = fight([hero("Ann"), hero("Bo")], [monster("Orc")])
    assert {c.rank for c in f.everyone} == {FRONT}
    back = moved(f, Moved("Ann", rank=BACK, why=BackReason.GUARDED))
    assert (back.hero("Ann").rank, back.hero("Ann").why) == (BACK, BackReason.GUARDED)
    front = moved(back, Moved("Ann", rank=FRONT, why=BackReason.GUARDED))
    assert (front.hero("Ann").rank, front.hero("Ann").why) == (FRONT, None)
    aloft = moved(front, Moved("Ann", rank=FREE_AIR))
    assert aloft.hero("Ann").rank is FREE_AIR


def test_r1_a_player_who_names_no_rank_is_told_the_three() -> None:
    f = fight([hero("Ann"), hero("Bo"), hero("Cy")], [monster("Orc")])  # two guards (R5)
    with pytest.raises(Refused) as refused:
        parse_choice(f, f.hero("Ann"), "rank middle")
    assert refused.value.rule == "R1"
    assert "no rank called 'middle': front, back or free-air" in refused.value.message
    assert parse_choice(f, f.hero("Ann"), "rank back guarded").moves == (
        Moved("Ann", rank=BACK, why=BackReason.GUARDED),
    )


def test_r1_a_fight_file_gives_each_combatant_one_of_the_three(tmp_path: Path) -> None:
    path = tmp_path / "ranks.yaml"
    path.write_text(
        "heroes:\n"
        "  - {name: Ann, class: fighter, hp: 10, rank: middle}\n"
        "  - {name: Bo, class: fighter, hp: 10, rank: [front, back]}\n"
        "monsters:\n"
        "  - {name: Orc, hp: 15, rank: frnt}\n",
        encoding="utf-8",
    )
    code, out = run("check", str(path))
    assert code == 2 and "Traceback" not in out
    assert (
        "ranks.yaml:2: heroes[0].rank: expected one of front, back, free-air, got 'middle'" in out
    )
    assert "ranks.yaml:3: heroes[1].rank: expected one of front, back, free-air, got a list" in out
    assert "ranks.yaml:5: monsters[0].rank:" in out and "did you mean 'front'?" in out


@settings(max_examples=200, deadline=None)
@given(fights())
def test_r4_r5_of_a_state_are_the_hero_back_rank_check_s_alone(f: Fight) -> None:
    """The plan's notes (P6) ask the heroes' back-rank check alone for R4 and R5: no other
    state check tells either, and it tells nothing else."""
    told = [v for v in check_state(f) if v.rule in ("R4", "R5")]
    assert told == check_hero_back_rank(f)
