"""Movement between groups (M1–M6) on small hand-built fights: the monsters' moves
(`lnf.rules.moves`), a combatant's own choices (`lnf.rules.legal`), what a move does to the
grid (`lnf.rules.group_changes`) and who may make an opportunity attack (`lnf.rules.reactions`).

M1 changing group needs movement, a rank switch does not; M2 slow (1–24 ft): into one group
from unengaged, or out of its group; M3 fast (25 ft or more): anything; M4 speed 0, held or
incapacitated: no group change; M5 joining takes an X with every enemy there; M6 leaving
erases the Xs and each enemy there may use its reaction, unless the leaver disengaged."""

from __future__ import annotations

from dataclasses import replace

import pytest

from lnf.errors import Refused
from lnf.model import Condition, Fight, Lasting, Phase, PhaseKind, Side, Turns
from lnf.model.effects import Effect
from lnf.model.plan import LEAVE, STAY, Mode, Move, MoveKind, Order, Plan
from lnf.model.steps import Moved
from lnf.rules.group_changes import moved
from lnf.rules.legal import (
    can_leave,
    join_targets,
    rank_choices,
    verify_group_changes,
    verify_join,
    verify_leave,
)
from lnf.rules.moves import (
    FAST_SPEED,
    Place,
    can_act,
    destinations,
    final_spot,
    hero_spot,
    is_fast,
    leaves_group,
    rank_options,
)
from lnf.rules.plan_check import check_plan
from lnf.rules.reactions import opportunity_attackers
from tests.builders import BACK, BOW, FREE_AIR, FRONT, fight, hero, monster

FRIGHTENED = Condition.FRIGHTENED


def two_groups(orc_speed: int = 30, **orc: object) -> Fight:
    """Ann and the Orc in group A, Bo and the Gob in group B, Cy unengaged."""
    return fight(
        [hero("Ann"), hero("Bo"), hero("Cy")],
        [monster("Orc", speed=orc_speed, **orc), monster("Gob")],
        {"A": ["Ann", "Orc"], "B": ["Bo", "Gob"]},
    )


JOIN_B = Move(MoveKind.JOIN, group="B")
JOIN_CY = Move(MoveKind.JOIN, hero="Cy")


# --- M1: group changes need movement, rank switches do not ----------------------------------


def test_m1_a_rank_switch_needs_no_movement_a_group_change_does() -> None:
    f = two_groups(orc_speed=0)
    orc = f.monster("Orc")
    assert destinations(f, orc) == [STAY]  # no movement: no group change
    assert rank_options(orc) == [FRONT, BACK]  # but its rank is free to change (R8)
    grappled = replace(orc, conditions=frozenset({Condition.GRAPPLED}))
    assert rank_options(grappled) == [FRONT]  # R8: except while restrained or grappled
    ann = replace(f.hero("Ann"), speed=0)
    f = f.with_combatant(ann)
    assert join_targets(f, ann) == [] and not can_leave(f, ann)
    assert rank_choices(f, ann) == [BACK]


def test_m1_joining_its_own_group_is_no_move() -> None:
    f = two_groups()
    found = check_plan(f, Plan((Order("Orc", FRONT, Move(MoveKind.JOIN, group="A")),)))
    assert [v.rule for v in found] == ["M1"]


# --- M2 and M3: slow and fast ----------------------------------------------------------------


def test_m2_m3_slow_is_1_to_24_ft_fast_is_25_or_more() -> None:
    assert FAST_SPEED == 25
    assert not is_fast(monster("Zombie", speed=24))
    assert is_fast(monster("Orc", speed=25))
    assert is_fast(monster("Bat", speed=5, fly=30))  # M4: the best speed it can use now


def test_m2_a_slow_monster_in_a_group_may_only_leave() -> None:
    f = two_groups(orc_speed=20)
    assert destinations(f, f.monster("Orc")) == [STAY, LEAVE]
    found = check_plan(f, Plan((Order("Orc", FRONT, JOIN_CY),)))
    assert [v.rule for v in found] == ["M2"]


def test_m2_a_slow_unengaged_monster_may_move_into_one_group() -> None:
    f = fight(
        [hero("Ann"), hero("Cy")],
        [monster("Zombie", speed=20), monster("Gob")],
        {"A": ["Ann", "Gob"]},
    )
    assert destinations(f, f.monster("Zombie")) == [STAY, Move(MoveKind.JOIN, group="A"), JOIN_CY]


def test_m2_a_slow_hero_changes_group_once_a_round() -> None:
    f = two_groups()
    slow = replace(f.hero("Ann"), speed=20)
    f = f.with_combatant(slow)
    assert join_targets(f, slow) == []  # in a group: it may only leave it this round
    assert can_leave(f, slow)
    verify_group_changes(slow, [Moved("Ann", leave=True)])
    with pytest.raises(Refused) as refused:
        verify_group_changes(slow, [Moved("Ann", leave=True), Moved("Ann", join="Gob")])
    assert refused.value.rule == "M2"
    loose = replace(f.hero("Cy"), speed=20)  # unengaged: it may move into one group
    assert join_targets(f.with_combatant(loose), loose) == ["A", "B"]


def test_m2_dashing_does_not_make_a_slow_hero_fast() -> None:
    """M4: Dash doubles the feet, not the kind of mover."""
    f = two_groups()
    slow = replace(f.hero("Ann"), speed=20)
    f = replace(f.with_combatant(slow), turns=Turns(dashed=frozenset({"Ann"})))
    assert join_targets(f, slow) == []
    with pytest.raises(Refused):
        verify_group_changes(slow, [Moved("Ann", leave=True), Moved("Ann", join="B")])


def test_m3_a_fast_monster_may_leave_and_join_anything() -> None:
    f = two_groups()
    assert destinations(f, f.monster("Orc")) == [STAY, LEAVE, JOIN_B, JOIN_CY]
    assert check_plan(f, Plan((Order("Orc", FRONT, JOIN_CY),))) == []


def test_m3_a_fast_hero_may_change_group_several_times() -> None:
    f = two_groups()
    ann = f.hero("Ann")
    assert join_targets(f, ann) == ["B"]
    verify_group_changes(ann, [Moved("Ann", leave=True), Moved("Ann", join="B")])


# --- M4: no group change -----------------------------------------------------------------------

_INCAPACITATING = {Condition.INCAPACITATED, Condition.STUNNED}


@pytest.mark.parametrize(
    "condition",
    [Condition.GRAPPLED, Condition.RESTRAINED, Condition.INCAPACITATED, Condition.STUNNED],
)
def test_m4_held_or_incapacitated_changes_no_group(condition: Condition) -> None:
    f = two_groups(conditions=frozenset({condition}))
    assert destinations(f, f.monster("Orc")) == [STAY]
    found = check_plan(f, Plan((Order("Orc", FRONT, LEAVE),)))
    assert [v.rule for v in found] == (["P1"] if condition in _INCAPACITATING else ["M4"])


def test_m4_prone_does_not_stop_a_move() -> None:
    f = two_groups(conditions=frozenset({Condition.PRONE}))
    assert destinations(f, f.monster("Orc")) == [STAY, LEAVE, JOIN_B, JOIN_CY]


def test_m4_held_hero_cannot_leave_or_join() -> None:
    f = two_groups()
    ann = replace(f.hero("Ann"), conditions=frozenset({Condition.GRAPPLED}))
    f = f.with_combatant(ann)
    assert join_targets(f, ann) == [] and not can_leave(f, ann)
    with pytest.raises(Refused) as refused:
        verify_leave(f, ann)
    assert refused.value.rule == "M4"
    assert rank_choices(f, ann) == []  # R8: no rank switch while grappled either


# --- M5: joining ---------------------------------------------------------------------------------


def test_m5_joining_a_group_takes_an_x_with_every_enemy_in_it() -> None:
    f = fight(
        [hero("Ann"), hero("Bo"), hero("Cy")],
        [monster("Orc"), monster("Gob"), monster("Imp")],
        {"A": ["Ann", "Bo", "Orc", "Gob"]},
    )
    after = moved(f, Moved("Imp", join="A"))
    group = after.group_of("Imp")
    assert group is not None and group.label == "A"
    assert set(after.heroes_in(group)) == {after.hero("Ann"), after.hero("Bo")}  # Xs with both


def test_m5_joining_an_unengaged_enemy_makes_a_new_group_of_the_two() -> None:
    f = two_groups()
    after = moved(f, Moved("Gob", join="Cy"))
    group = after.group_of("Cy")
    assert group is not None and set(group.members) == {"Cy", "Gob"}
    assert after.group_of("Bo") is None  # group B lost its only monster: gone (G5)
    assert final_spot(f, "Gob", JOIN_CY) == Place(hero="Cy") == hero_spot(f, f.hero("Cy"))
    f = fight([hero("Ann"), hero("Eve")], [monster("Orc"), monster("Gob")], {"A": ["Ann", "Orc"]})
    after = moved(f, Moved("Gob", join="Eve"))
    eve = after.group_of("Eve")
    assert eve is not None and eve == after.group_of("Gob")
    assert eve.label == "E"  # named after the one joined, as on paper


def test_m5_joining_an_enemy_in_a_group_is_joining_its_group() -> None:
    """A hero that joins the Gob joins group B; a plan that has a monster 'join' a hero who
    stands in a group is told to join the group (M5)."""
    f = two_groups()
    assert verify_join(f, f.hero("Cy"), "Gob") == Moved("Cy", join="B")
    after = moved(f, Moved("Cy", join="Gob"))  # as a log may say it: with a combatant
    assert after.group_of("Cy") == after.group_of("Gob") == after.group_of("Bo")
    assert len(after.groups) == 2
    found = check_plan(f, Plan((Order("Orc", FRONT, Move(MoveKind.JOIN, hero="Bo")),)))
    assert [v.rule for v in found] == ["M5"]


def test_f3_a_frightened_hero_may_not_join_the_group_of_the_source_of_its_fear() -> None:
    """F3: "can't willingly move closer to the source of its fear": joining its group (or it,
    unengaged) is moving toward it (M5); any other group stays open, and a fear the DM marked
    without a cause bars nothing."""
    fear = Effect(1, "Cy", "frightened", Lasting(rounds=10), 1, by="Gob", condition=FRIGHTENED)
    f = replace(two_groups(), effects=(fear,))
    cy = f.hero("Cy")
    assert join_targets(f, cy) == ["A"]
    with pytest.raises(Refused) as refused:
        verify_join(f, cy, "Gob")
    assert refused.value.rule == "F3" and refused.value.message == (
        "Cy is frightened of Gob: it cannot move closer to it"
    )
    lone = replace(f, groups=f.groups[:1])  # the Gob unengaged: joining it is refused too
    assert join_targets(lone, lone.hero("Cy")) == ["A"]
    with pytest.raises(Refused, match="frightened of Gob"):
        verify_join(lone, lone.hero("Cy"), "Gob")
    unmarked = replace(f, effects=(replace(fear, by=""),))
    assert join_targets(unmarked, unmarked.hero("Cy")) == ["A", "B"]


def test_m5_a_monster_may_move_and_attack_in_one_round() -> None:
    f = two_groups()
    assert check_plan(f, Plan((Order("Gob", FRONT, JOIN_CY, "Cy", Mode.MELEE),))) == []
    found = check_plan(f, Plan((Order("Gob", FRONT, STAY, "Cy", Mode.MELEE),)))
    assert [v.rule for v in found] == ["A1"]  # without the move it cannot reach Cy


# --- M6: leaving ---------------------------------------------------------------------------------


def test_m6_leaving_erases_the_xs() -> None:
    f = fight(
        [hero("Ann"), hero("Bo")],
        [monster("Orc"), monster("Gob")],
        {"A": ["Ann", "Bo", "Orc", "Gob"]},
    )
    after = moved(f, Moved("Orc", leave=True))
    assert after.group_of("Orc") is None
    assert after.group("A").members == ("Ann", "Bo", "Gob")
    assert leaves_group(f, "Orc", LEAVE) and leaves_group(f, "Orc", JOIN_CY)
    assert not leaves_group(f, "Orc", STAY)


def test_m6_each_enemy_in_the_group_may_take_an_opportunity_attack() -> None:
    """Leaving or moving on to another group alike: every enemy left behind may strike, the
    enemies of the group it goes to may not (it moves into their group, not away)."""
    f = fight(
        [hero("Ann"), hero("Bo"), hero("Cy")],
        [monster("Orc"), monster("Imp"), monster("Gob")],
        {"A": ["Ann", "Bo", "Orc", "Imp"], "B": ["Cy", "Gob"]},
    )
    assert opportunity_attackers(f, Moved("Orc", leave=True)) == ["Ann", "Bo"]
    assert opportunity_attackers(f, Moved("Ann", join="B")) == ["Orc", "Imp"]


def test_m6_no_opportunity_attack_after_disengage_or_without_a_group_change() -> None:
    f = two_groups()
    assert opportunity_attackers(f, Moved("Orc", rank=BACK)) == []  # R8: a rank switch
    disengaged = replace(f, turns=Turns(disengaged=frozenset({"Orc"})))
    assert opportunity_attackers(disengaged, Moved("Orc", leave=True)) == []
    assert opportunity_attackers(f, Moved("Cy", join="Orc")) == []  # Cy was in no group


def test_m6_who_may_not_take_the_opportunity_attack() -> None:
    """An enemy that used its reaction (D10), is incapacitated, downed, in another rank or has
    no mêlée attack does not strike; the leaver's allies never do."""
    f = fight(
        [
            hero("Used"),
            hero("Stunned", conditions=frozenset({Condition.STUNNED})),
            hero("Down", hp_now=0),
            hero("Behind", rank=BACK),
            hero("Archer", attacks=(BOW,)),
            hero("Ready"),
        ],
        [monster("Orc"), monster("Gob")],
        {"A": ["Used", "Stunned", "Down", "Behind", "Archer", "Ready", "Orc", "Gob"]},
    )
    f = replace(f, turns=Turns(reacted=frozenset({"Used"})))
    assert opportunity_attackers(f, Moved("Orc", leave=True)) == ["Ready"]


def test_m6_leaving_from_the_back_rank_draws_no_opportunity_attack() -> None:
    """R3: a back-rank combatant is out of mêlée reach, so nobody can strike it as it goes,
    not even a foe beside it in the back rank."""
    f = fight(
        [hero("Ann"), hero("Wren", "wizard", rank=BACK)],
        [monster("Orc", rank=BACK)],
        {"A": ["Ann", "Wren", "Orc"]},
    )
    assert opportunity_attackers(f, Moved("Orc", leave=True)) == []


def test_m6_a_surprised_foe_has_no_reaction() -> None:
    """D12: no reaction until its first turn ends."""
    f = two_groups()
    assert opportunity_attackers(f, Moved("Orc", leave=True)) == ["Ann"]
    surprised = replace(f, surprised=frozenset({"Ann"}))
    assert opportunity_attackers(surprised, Moved("Orc", leave=True)) == []


def test_m6_free_air_strikes_free_air_only() -> None:
    f = fight(
        [hero("Ann"), hero("Wing", fly=30, rank=FREE_AIR)],
        [monster("Bat", fly=30, rank=FREE_AIR)],
        {"A": ["Ann", "Wing", "Bat"]},
    )
    assert opportunity_attackers(f, Moved("Bat", leave=True)) == ["Wing"]


# --- who moves at all --------------------------------------------------------------------------


def test_p1_only_monsters_able_to_act_get_a_move() -> None:
    f = two_groups()
    orc = f.monster("Orc")
    assert can_act(f, orc)
    stunned = replace(orc, conditions=frozenset({Condition.STUNNED}))
    assert not can_act(f.with_combatant(stunned), stunned)
    assert not can_act(replace(f, turns=Turns(acted=frozenset({"Orc"}))), orc)  # P6
    assert not can_act(replace(f, surprised=frozenset({"Orc"})), orc)  # D12


def test_v3_no_group_changes_before_the_sides_meet() -> None:
    f = fight([hero("Ann")], [monster("Orc")], phase=Phase(PhaseKind.VOLLEY, 2))
    ann = f.hero("Ann")
    assert join_targets(f, ann) == [] and rank_choices(f, ann) == []
    with pytest.raises(Refused) as refused:
        verify_join(f, ann, "Orc")
    assert refused.value.rule == "V3"


def test_the_side_of_a_foe_matters_for_joining() -> None:
    """A hero joins monsters, never a lone fellow hero (M5: an X with every enemy)."""
    f = fight([hero("Ann"), hero("Bo")], [monster("Orc")], started=Side.MONSTERS)
    assert join_targets(f, f.hero("Ann")) == ["Orc"]
    with pytest.raises(Refused):
        verify_join(f, f.hero("Ann"), "Bo")
