"""The variants at the table (V-D20, V-HYR, V-ACL in core-d20.md): what a DM ran into with
them, each with the test that would have caught it (moved out of test_table_choices)."""

from __future__ import annotations

from lnf.dice import DamageType, parse
from lnf.dice.roll import D20Roll
from lnf.engine.apply import Steps, apply
from lnf.formats.bestiary import srd
from lnf.formats.srd_defences import armor_dr_of as srd_dr
from lnf.model import Action, Attack, AttackKind, Cost, Variant
from lnf.model.events import Recorded
from lnf.model.steps import Acted, Damaged, Surged
from lnf.rules.d20 import passes, rolled_at_least_one
from lnf.rules.economy import left_this_turn
from lnf.rules.hyrule import dice_only, off_hand
from tests.builders import SWORD, fight, hero, monster


def test_v_d20_4_a_damage_roll_is_at_least_1_before_resistance_too() -> None:
    assert rolled_at_least_one({DamageType.FIRE: 0}) == {DamageType.FIRE: 1}
    assert rolled_at_least_one({DamageType.FIRE: 3}) == {DamageType.FIRE: 3}
    resists = monster("Imp", resist=frozenset({DamageType.FIRE}))
    immune = monster("Ember", immune=frozenset({DamageType.FIRE}))
    f = fight([hero("Ann")], [resists, immune], variants=frozenset({Variant.D20}))
    for who, took in (("Imp", 1), ("Ember", 0)):  # a 1d4 − 2 that came to 0
        done = apply(f, Recorded((Damaged(who, 0, DamageType.FIRE),))).steps[0]
        assert done.dealt[0].amount == took
    plain = fight([hero("Ann")], [resists])
    assert (
        apply(plain, Recorded((Damaged("Imp", 0, DamageType.FIRE),))).steps[0].dealt[0].amount == 0
    )


def test_v_d20_5_natural_20_and_1_decide_saves_and_checks_under_d20() -> None:
    on = fight([hero("Ann")], [monster("Orc")], variants=frozenset({Variant.D20}))
    off = fight([hero("Ann")], [monster("Orc")])
    twenty, one = D20Roll((20,), 20, -5), D20Roll((1,), 1, 12)
    assert passes(on, twenty, 15, 18) and not passes(on, one, 13, 10)
    assert not passes(off, twenty, 15, 18) and passes(off, one, 13, 10)  # 5e: the total
    assert passes(on, D20Roll((9,), 9, 2), 11, 10)


# --- 16: V-HYR3, the text's own example: a scimitar and a handaxe ----------------------------


def test_v_hyr3_a_throwable_light_weapon_in_melee_adds_its_dice() -> None:
    scimitar = Attack(name="Scimitar", to_hit=5, damage=parse("1d6+3 slashing"), light=True)
    handaxe = Attack(
        name="Handaxe",
        kind=AttackKind.THROWN,
        to_hit=5,
        damage=parse("1d6+3 slashing"),
        range=(20, 60),
        light=True,
    )
    link = hero("Link", attacks=(scimitar, handaxe))
    assert off_hand(link, scimitar) == handaxe
    assert off_hand(link, handaxe) == scimitar  # the handaxe swung, the scimitar in the other
    assert str(dice_only(handaxe.damage)) == "1d6 slashing"
    assert off_hand(hero("Zelda", attacks=(scimitar, SWORD)), scimitar) is None  # not light


# --- 17: V-ACL4 for a stat block whose AC the book leaves to Dexterity ---------------------


def test_v_acl4_an_ac_left_to_dexterity_is_still_the_formula() -> None:
    assert srd_dr({"type": "dex", "value": 11}, 0, "test") == 1  # Giant Goat: 11 − 10 − 0
    assert srd_dr({"type": "dex", "value": 12}, 1, "test") == 1  # Hunter Shark: 12 − 10 − 1
    assert srd_dr({"type": "dex", "value": 14}, 4, "test") == 0
    assert srd_dr({"type": "spell", "value": 15}, 2, "test") == 0  # Mage Armor: no armor worn
    shipped = {m["name"]: m for m in srd()}
    assert shipped["Giant Goat"]["dr"] == 1 and shipped["Hunter Shark"]["dr"] == 1


# --- 14: V-ACL6, surge dice spent outside an attack leave the action open -------------------


def test_v_acl6_tenacity_at_the_table_does_not_take_the_action() -> None:
    bram = fight([hero("Bram", surge=2)], [], variants=frozenset({Variant.AC_LESS}))
    steps = Steps(bram)
    steps.do(Surged("Bram", "tenacity", (4,)))
    assert Cost.ACTION in left_this_turn(steps.fight, "Bram")  # a free Surge Reaction (F1)
    steps.do(Acted("Bram", Action.DODGE))
    assert Cost.ACTION not in left_this_turn(steps.fight, "Bram")


# --- 13: the encounter's XP budget beside the odds -----------------------------------------
