"""Who can attack whom (A1–A3, with R2, R3, R5, R7) and the attack roll's advantage (core-d20
D4), on small hand-built fights: the monsters' side (`lnf.rules.attacks.mode_needs`,
`weapon_for`, `routine`, `roll_for`), a hero's (`lnf.rules.legal.attack_modes`) and the roll
of an attack made now, on the grid, in a volley round or across a chase (`lnf.rules.distance`).

A1 normal mêlée: same group, both front rank (or both free air). A2 reach: an unengaged
attacker whose reach is longer than the target's, even to or from the back rank, not into free
air from below. A3 ranged: back rank and free air shoot freely; a front-rank hero shoots at
disadvantage; a front-rank monster shoots only without any mêlée attack, at disadvantage."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from lnf.dice import parse
from lnf.errors import Refused
from lnf.model import (
    Attack,
    AttackKind,
    BackReason,
    Condition,
    Flag,
    Hero,
    Monster,
    Phase,
    PhaseKind,
    Pool,
    Turns,
)
from lnf.model.plan import Advantage, Mode
from lnf.rules.attacks import (
    UNENGAGED,
    Need,
    attack_roll,
    mode_needs,
    ranged_ranks,
    roll_for,
    routine,
    weapon_for,
)
from lnf.rules.distance import roll_in_fight
from lnf.rules.legal import attack_modes, verify_attack
from lnf.rules.moves import Place
from tests.builders import BACK, BOW, FREE_AIR, FRONT, SWORD, fight, hero, monster

PIKE = Attack(name="Pike", damage=parse("1d10 piercing"), reach=10)
JAVELIN = Attack(
    name="Javelin", kind=AttackKind.THROWN, damage=parse("1d6+2 piercing"), range=(30, 120)
)
# X6's young green dragon: a 10-ft bite and two 5-ft claws.
BITE = Attack(name="Bite", damage=parse("2d10+4 piercing + 2d6 poison"), reach=10)
CLAW = Attack(name="Claw", damage=parse("2d6+4 slashing"))
DRAGON = {"attacks": (BITE, CLAW), "multiattack": (("Bite", 1), ("Claw", 2)), "fly": 80}

ALL_RANKS = (FRONT, BACK, FREE_AIR)


def guarded(name: str, **kw: Any) -> Hero:
    return hero(name, "wizard", rank=BACK, why=BackReason.GUARDED, **kw)


# --- A1: normal mêlée ------------------------------------------------------------------------


def test_a1_melee_means_ending_in_the_heros_group_in_the_front_rank() -> None:
    f = fight([hero("Ann"), hero("Cy")], [monster("Orc")], {"A": ["Ann", "Orc"]})
    orc = f.monster("Orc")
    assert mode_needs(f, orc, f.hero("Ann"), Mode.MELEE) == Need(Place(group="A"), (FRONT,))
    assert mode_needs(f, orc, f.hero("Cy"), Mode.MELEE) == Need(Place(hero="Cy"), (FRONT,))


def test_a1_r3_no_normal_melee_against_the_back_rank() -> None:
    for why in (BackReason.GUARDED, BackReason.LEVITATING, BackReason.OUT_OF_REACH):
        wren = hero("Wren", "wizard", rank=BACK, why=why)
        f = fight([hero("Ann"), wren], [monster("Orc")])
        assert mode_needs(f, f.monster("Orc"), wren, Mode.MELEE) is None, why


def test_r5_swarms_and_the_incorporeal_meet_a_guarded_hero_as_if_in_front() -> None:
    wren = guarded("Wren")
    for flag in (Flag.SWARM, Flag.INCORPOREAL):
        rats = monster("Rats", flags=frozenset({flag}))
        f = fight([hero("Ann"), hero("Bo"), wren], [rats])
        need = mode_needs(f, rats, f.hero("Wren"), Mode.MELEE)
        assert need == Need(Place(hero="Wren"), (FRONT,))
    levitating = hero("Wren", "wizard", rank=BACK, why=BackReason.LEVITATING)
    rats = monster("Rats", flags=frozenset({Flag.SWARM}))
    f = fight([hero("Ann"), levitating], [rats])
    assert mode_needs(f, rats, levitating, Mode.MELEE) is None  # only guards are ignored


def test_a1_r7_melee_with_a_hero_in_free_air_needs_free_air() -> None:
    wing = hero("Wing", fly=30, rank=FREE_AIR)
    f = fight([wing], [monster("Orc"), monster("Bat", fly=40)])
    assert mode_needs(f, f.monster("Orc"), wing, Mode.MELEE) is None
    bat = f.monster("Bat")
    assert mode_needs(f, bat, wing, Mode.MELEE) == Need(Place(hero="Wing"), (FREE_AIR,))


def test_a1_a_monster_without_a_melee_attack_makes_none() -> None:
    f = fight([hero("Ann")], [monster("Archer", attacks=(BOW,))], {"A": ["Ann", "Archer"]})
    assert mode_needs(f, f.monster("Archer"), f.hero("Ann"), Mode.MELEE) is None
    claws = monster("Wolf", attacks=())  # a file with no attacks: claws and teeth
    f = fight([hero("Ann")], [claws], {"A": ["Ann", "Wolf"]})
    assert mode_needs(f, claws, f.hero("Ann"), Mode.MELEE) is not None


def test_a1_a_hero_strikes_in_melee_only_in_its_own_group_both_in_front() -> None:
    f = fight(
        [hero("Ann"), hero("Bo")],
        [monster("Orc"), monster("Gob", rank=BACK)],
        {"A": ["Ann", "Orc", "Gob"]},
    )
    ann, bo = f.hero("Ann"), f.hero("Bo")
    assert attack_modes(f, ann, f.monster("Orc"), SWORD) == [Mode.MELEE]
    assert attack_modes(f, ann, f.monster("Gob"), SWORD) == []  # R3: Gob stands behind
    assert attack_modes(f, bo, f.monster("Orc"), SWORD) == []  # not in group A
    for who, target, rule in ((ann, "Gob", "A1, R3"), (bo, "Orc", "A1, A2")):
        with pytest.raises(Refused) as refused:
            verify_attack(f, who, f.monster(target), [SWORD])
        assert refused.value.rule == rule


def test_a1_r7_two_in_free_air_fight_in_melee_as_if_in_front() -> None:
    f = fight(
        [hero("Wing", fly=30, rank=FREE_AIR)],
        [monster("Bat", fly=40, rank=FREE_AIR), monster("Orc")],
        {"A": ["Wing", "Bat", "Orc"]},
    )
    wing = f.hero("Wing")
    assert attack_modes(f, wing, f.monster("Bat"), SWORD) == [Mode.MELEE]
    assert attack_modes(f, wing, f.monster("Orc"), SWORD) == []  # the ground is out of reach


# --- A2: reach --------------------------------------------------------------------------------


def test_a2_a_longer_reach_attacks_from_unengaged_in_any_rank() -> None:
    pikeman = monster("Pikeman", attacks=(PIKE,))
    f = fight([hero("Ann"), hero("Bo"), guarded("Wren")], [pikeman])
    assert mode_needs(f, pikeman, f.hero("Wren"), Mode.REACH) == Need(UNENGAGED, ALL_RANKS)
    assert mode_needs(f, pikeman, f.hero("Ann"), Mode.REACH) == Need(UNENGAGED, ALL_RANKS)


def test_a2_the_reach_must_be_longer_not_equal() -> None:
    pikeman = monster("Pikeman", attacks=(PIKE,))
    f = fight([hero("Ann", attacks=(PIKE,)), hero("Bo", reach=10)], [pikeman])
    assert mode_needs(f, pikeman, f.hero("Ann"), Mode.REACH) is None  # 10 ft against a pike
    assert mode_needs(f, pikeman, f.hero("Bo"), Mode.REACH) is None  # 10 ft against 10 ft
    assert f.hero("Ann").longest_reach == 10  # its own reach or its longest mêlée attack


def test_a2_not_into_free_air_from_below() -> None:
    wing = hero("Wing", fly=30, rank=FREE_AIR)
    pikeman = monster("Pikeman", attacks=(PIKE,))
    wyvern = monster("Wyvern", attacks=(PIKE,), fly=80)
    f = fight([wing], [pikeman, wyvern])
    assert mode_needs(f, pikeman, wing, Mode.REACH) is None
    assert mode_needs(f, wyvern, wing, Mode.REACH) == Need(UNENGAGED, (FREE_AIR,))


def test_a2_r4_a_hero_out_of_reach_is_beyond_even_a_reach_attack() -> None:
    away = hero("Wren", "wizard", rank=BACK, why=BackReason.OUT_OF_REACH)
    floating = hero("Lev", "wizard", rank=BACK, why=BackReason.LEVITATING)
    pikeman = monster("Pikeman", attacks=(PIKE,))
    f = fight([hero("Ann"), away, floating], [pikeman])
    assert mode_needs(f, pikeman, away, Mode.REACH) is None
    assert mode_needs(f, pikeman, floating, Mode.REACH) is not None


def test_a2_a_hero_with_reach_must_be_unengaged() -> None:
    f = fight([hero("Ann", attacks=(PIKE,)), hero("Bo")], [monster("Orc"), monster("Gob")])
    ann = f.hero("Ann")
    assert attack_modes(f, ann, f.monster("Orc"), PIKE) == [Mode.REACH]
    f = fight(
        [hero("Ann", attacks=(PIKE,)), hero("Bo")],
        [monster("Orc"), monster("Gob")],
        {"A": ["Ann", "Gob"]},
    )
    assert attack_modes(f, f.hero("Ann"), f.monster("Orc"), PIKE) == []
    back = fight([hero("Ann", attacks=(PIKE,))], [monster("Orc", rank=BACK)])
    assert attack_modes(back, back.hero("Ann"), back.monster("Orc"), PIKE) == [Mode.REACH]
    away = fight(
        [hero("Ann", attacks=(PIKE,))], [monster("Imp", rank=BACK, why=BackReason.OUT_OF_REACH)]
    )
    assert attack_modes(away, away.hero("Ann"), away.monster("Imp"), PIKE) == []  # R4
    aloft = fight([hero("Ann", attacks=(PIKE,))], [monster("Bat", fly=40, rank=FREE_AIR)])
    assert attack_modes(aloft, aloft.hero("Ann"), aloft.monster("Bat"), PIKE) == []


def test_x6_the_dragon_bites_with_reach_its_claws_reach_no_one() -> None:
    """X6, round 2: unengaged, its 10-ft bite out-reaches Dee's 5-ft dagger; the claws do not,
    so the Multiattack at reach is the bite alone; in mêlée it is the whole Multiattack."""
    dragon = monster("Dragon", **DRAGON)
    dee = guarded("Dee")
    assert routine(dragon, dee, Mode.REACH) == (BITE,)
    assert routine(dragon, dee, Mode.MELEE) == (BITE, CLAW, CLAW)
    assert weapon_for(dragon, dee, Mode.REACH) is BITE


def test_a2_weapon_for_takes_the_weapon_that_out_reaches_then_the_most_damaging() -> None:
    soldier = monster("Soldier", attacks=(SWORD, PIKE, BOW))
    ann = hero("Ann")
    assert weapon_for(soldier, ann, Mode.REACH) is PIKE
    assert weapon_for(soldier, ann, Mode.MELEE) is SWORD  # 1d8+2 (6.5) beats 1d10 (5.5)
    assert weapon_for(soldier, ann, Mode.RANGED) is BOW
    assert weapon_for(monster("Orc", attacks=(SWORD,)), ann, Mode.REACH) is None


# --- A3: ranged --------------------------------------------------------------------------------


def test_a3_r2_who_may_shoot_from_which_rank() -> None:
    assert ranged_ranks(monster("Soldier", attacks=(SWORD, BOW))) == (BACK, FREE_AIR)
    assert ranged_ranks(monster("Archer", attacks=(BOW,))) == (FRONT, BACK, FREE_AIR)
    assert ranged_ranks(monster("Orc", attacks=(SWORD,))) == ()
    # a thrown weapon is a mêlée attack too: a javelin thrower in front may not shoot (R2)
    assert ranged_ranks(monster("Hobgoblin", attacks=(JAVELIN,))) == (BACK, FREE_AIR)


def test_a3_a_shot_finds_anyone_seen_but_not_the_hidden() -> None:
    archer = monster("Archer", attacks=(BOW,))
    hidden = hero("Sly", "rogue", rank=BACK, why=BackReason.HIDDEN)
    f = fight([hero("Ann"), guarded("Wren"), hidden], [archer])
    for name in ("Ann", "Wren"):
        assert mode_needs(f, archer, f.hero(name), Mode.RANGED) == Need(None, ALL_RANKS)
    for mode in Mode:
        assert mode_needs(f, archer, hidden, mode) is None  # R4: hidden


def test_a3_r2_a_front_rank_shot_is_at_disadvantage_for_monsters_and_heroes() -> None:
    archer, ann = monster("Archer", attacks=(BOW,)), hero("Ann", attacks=(BOW,))
    prone = replace(ann, conditions=frozenset({Condition.PRONE}))
    assert roll_for(archer, prone, Mode.RANGED, BACK)[0] is Advantage.DISADVANTAGE  # from afar
    assert roll_for(archer, prone, Mode.MELEE, FRONT)[0] is Advantage.ADVANTAGE
    roll, why = roll_for(archer, ann, Mode.RANGED, FRONT)
    assert roll is Advantage.DISADVANTAGE and why == ("Archer shoots from the front rank (R2)",)
    assert roll_for(archer, ann, Mode.RANGED, BACK) == (Advantage.NORMAL, ())
    f = fight([ann], [archer])
    assert attack_modes(f, ann, archer, BOW) == [Mode.RANGED]
    assert roll_in_fight(f, ann, archer, BOW, Mode.RANGED)[0] is Advantage.DISADVANTAGE
    back = f.with_combatant(replace(ann, rank=BACK, why=BackReason.OUT_OF_REACH))
    assert roll_in_fight(back, back.hero("Ann"), archer, BOW, Mode.RANGED)[0] is Advantage.NORMAL


def test_a3_v3_in_volley_rounds_only_shots_reach_and_r2_does_not_apply() -> None:
    f = fight(
        [hero("Ann", attacks=(SWORD, BOW))], [monster("Orc")], phase=Phase(PhaseKind.VOLLEY, 1)
    )
    ann, orc = f.hero("Ann"), f.monster("Orc")
    assert attack_modes(f, ann, orc, SWORD) == []
    assert attack_modes(f, ann, orc, BOW) == [Mode.RANGED]
    assert attack_modes(f, ann, orc, JAVELIN) == [Mode.RANGED]  # thrown: only at n = 1
    assert attack_modes(replace(f, phase=Phase(PhaseKind.VOLLEY, 2)), ann, orc, JAVELIN) == []
    assert roll_in_fight(f, ann, orc, BOW, Mode.RANGED) == (Advantage.NORMAL, ())
    far = replace(f, phase=Phase(PhaseKind.VOLLEY, 3))  # X4: a longbow at round 3
    roll, why = roll_in_fight(far, ann, orc, BOW, Mode.RANGED)
    assert roll is Advantage.DISADVANTAGE and why == (
        "a two-handed bow beyond volley round 2 (V3)",
    )


def test_a3_c4_across_a_chase_the_escape_points_set_the_roll() -> None:
    f = fight(
        [hero("Ann", attacks=(SWORD, BOW))],
        [monster("Orc")],
        phase=Phase(PhaseKind.CHASE),
        chase=(Pool("Orc", "Ann", 3),),
    )
    ann, orc = f.hero("Ann"), f.monster("Orc")
    assert attack_modes(f, ann, orc, SWORD) == []  # mêlée only at 0 escape points
    assert attack_modes(f, ann, orc, BOW) == [Mode.RANGED]
    roll, why = roll_in_fight(f, ann, orc, BOW, Mode.RANGED)
    assert roll is Advantage.DISADVANTAGE and why == (
        "a two-handed bow across 3 escape points (C4)",
    )


# --- the attack roll (D4) -----------------------------------------------------------------------


def test_d4_no_reason_is_a_normal_roll() -> None:
    assert attack_roll(monster("Orc"), hero("Ann"), close=True, from_front=False) == (
        Advantage.NORMAL,
        (),
    )


def test_d4_prone_gives_advantage_close_and_disadvantage_from_further() -> None:
    """F3 as LNF reads "within 5 feet": a mêlée attacker for whom A1 holds."""
    prone = hero("Ann", conditions=frozenset({Condition.PRONE}))
    near = attack_roll(monster("Orc"), prone, close=True, from_front=False)
    far = attack_roll(monster("Orc"), prone, close=False, from_front=False)
    assert near[0] is Advantage.ADVANTAGE and "Ann is prone" in near[1]
    assert far[0] is Advantage.DISADVANTAGE
    assert far[1] == ("Ann is prone and the attack comes from further than 5 ft",)


@pytest.mark.parametrize(
    "target",
    [
        hero("Ann", conditions=frozenset({Condition.RESTRAINED})),
        hero("Ann", conditions=frozenset({Condition.PARALYZED})),
        hero("Ann", hp_now=0),  # downed: unconscious at 0 hit points
        hero("Ann", n_dot=True, effects=("Faerie Fire",)),  # T1: an N dot
    ],
    ids=["restrained", "paralyzed", "downed", "faerie-fire"],
)
def test_d4_what_gives_the_attacker_advantage(target: Hero) -> None:
    roll, why = attack_roll(monster("Orc"), target, close=True, from_front=False)
    assert roll is Advantage.ADVANTAGE and len(why) == 1


@pytest.mark.parametrize(
    ("attacker", "dodging"),
    [
        (monster("Orc", conditions=frozenset({Condition.POISONED})), False),
        (monster("Orc", conditions=frozenset({Condition.FRIGHTENED})), False),
        (monster("Orc", exhaustion=3), False),
        (monster("Orc"), True),
    ],
    ids=["poisoned", "frightened", "exhaustion-3", "target-dodges"],
)
def test_d4_what_gives_the_attacker_disadvantage(attacker: Monster, dodging: bool) -> None:
    roll, why = attack_roll(attacker, hero("Ann"), close=True, from_front=False, dodging=dodging)
    assert roll is Advantage.DISADVANTAGE and len(why) == 1


def test_d4_two_levels_of_exhaustion_do_not_touch_attack_rolls() -> None:
    assert (
        attack_roll(monster("Orc", exhaustion=2), hero("Ann"), close=True, from_front=False)[0]
        is Advantage.NORMAL
    )


def test_d4_many_sources_still_one_die_and_both_cancel() -> None:
    target = hero("Ann", conditions=frozenset({Condition.RESTRAINED, Condition.BLINDED}))
    roll, why = attack_roll(monster("Orc"), target, close=True, from_front=False, helped=True)
    assert roll is Advantage.ADVANTAGE and len(why) == 3  # three reasons, one advantage
    poisoned = monster("Orc", conditions=frozenset({Condition.POISONED}))
    roll, why = attack_roll(poisoned, target, close=True, from_front=True)
    assert roll is Advantage.NORMAL  # advantage and disadvantage: neither
    assert "Orc is poisoned" in why and "Ann is restrained" in why


def test_d4_unseen_attackers_and_targets() -> None:
    invisible = frozenset({Condition.INVISIBLE})
    ghost = monster("Ghost", conditions=invisible)
    assert attack_roll(ghost, hero("Ann"), close=True, from_front=False) == (
        Advantage.ADVANTAGE,
        ("Ghost is unseen",),
    )
    lurker = monster("Lurker", flags=frozenset({Flag.HIDDEN}))
    assert attack_roll(lurker, hero("Ann"), close=True, from_front=False)[0] is Advantage.ADVANTAGE
    roll, why = attack_roll(
        monster("Orc"), hero("Ann", conditions=invisible), close=True, from_front=False
    )
    assert roll is Advantage.DISADVANTAGE and why == ("Ann is invisible",)


def test_d4_the_round_so_far_dodge_and_help() -> None:
    f = fight([hero("Ann"), hero("Bo")], [monster("Orc")], {"A": ["Ann", "Bo", "Orc"]})
    ann, orc = f.hero("Ann"), f.monster("Orc")
    dodging = replace(f, turns=Turns(dodging=frozenset({"Ann"})))
    assert roll_in_fight(dodging, orc, ann, SWORD, Mode.MELEE) == (
        Advantage.DISADVANTAGE,
        ("Ann is dodging",),
    )
    helped = replace(f, turns=Turns(helped=frozenset({"Ann"})))
    assert roll_in_fight(helped, ann, orc, SWORD, Mode.MELEE) == (
        Advantage.ADVANTAGE,
        ("an ally helps",),
    )
