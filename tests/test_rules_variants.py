"""Surprise (core-d20 D12) and the variants V-HYR, V-ENC and V-D20, rule by rule, with the
source texts' own examples where they give them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from lnf.dice import DamageType, parse
from lnf.engine.before_fight import roll_ambush, roll_initiative
from lnf.engine.resolve import roll_attack
from lnf.errors import Refused
from lnf.model import Attack, Condition, Side, Variant
from lnf.model.plan import Advantage, Mode
from lnf.rules.d20 import at_least_one, d4_signs, favored, stacked
from lnf.rules.hyrule import (
    dice_only,
    heart_points,
    initiative_winner,
    off_hand,
    target_strike_roll,
    verify_target_strike,
)
from lnf.rules.strike_order import strike_order
from lnf.rules.surprise import surprised_by
from tests.builders import fight, hero, monster
from tests.test_play_rounds import Faces

SCIMITAR = Attack(name="Scimitar", to_hit=5, light=True, damage=parse("1d6+3 slashing"))
HANDAXE = Attack(name="Handaxe", to_hit=5, light=True, damage=parse("1d6+3 slashing"))
LONGSWORD = Attack(name="Longsword", to_hit=5, damage=parse("1d8+3 slashing"))


# --- D12 -----------------------------------------------------------------------------------


def test_d12_surprised_when_the_quietest_ambusher_beats_passive_perception() -> None:
    assert surprised_by({"Goblin 1": 15, "Goblin 2": 12}, {"Ann": 12, "Bo": 13}) == ["Ann"]
    assert surprised_by({}, {"Ann": 12}) == []


def test_d12_the_ambush_is_rolled_and_logged() -> None:
    f = fight([hero("Ann", perception=12), hero("Bo", perception=15)], [monster("Orc")])
    event = roll_ambush(f, Side.MONSTERS, Faces([14]))  # Orc Stealth +0: 14
    assert event.who == ("Ann",) and event.checks[0].faces == (14,) and event.by is Side.MONSTERS


# --- V-HYR ---------------------------------------------------------------------------------


def test_v_hyr1_median_odd_sides() -> None:
    assert initiative_winner([4, 11, 15], [10, 9, 2]) == (Side.HEROES, 11.0, 9.0)


def test_v_hyr1_median_even_sides_is_the_mean_of_the_middle_two() -> None:
    assert initiative_winner([4, 11], [10, 9, 2, 17]) == (Side.MONSTERS, 7.5, 9.5)


def test_v_hyr1_a_tie_rolls_again() -> None:
    assert initiative_winner([10, 12], [11]) == (None, 11.0, 11.0)
    f = fight([hero("Ann"), hero("Bo")], [monster("Orc")])
    # First try: Ann 10, Bo 12 (median 11) against Orc 11: a tie. Then 15, 15 against 3.
    event = roll_initiative(
        replace(f, variants=frozenset({Variant.HYRULE})), Faces([10, 12, 11, 15, 15, 3])
    )
    assert len(event.tries) == 2 and event.first is Side.HEROES


def test_v_hyr1_initiative_settles_s3_where_who_started_would() -> None:
    f = fight([hero("Ann")], [monster("Orc")], started=Side.MONSTERS)
    assert strike_order(f) == ["Ann", "Orc"]  # G7: the side that did not start
    hyr = replace(f, variants=frozenset({Variant.HYRULE}), first=Side.MONSTERS)
    assert strike_order(hyr) == ["Orc", "Ann"]


def test_v_hyr2_a_target_strike_maximises_1d8_to_8() -> None:
    f = fight(
        [hero("Link", attacks=(LONGSWORD,))], [monster("Moblin", ac=12)], {"A": ["Link", "Moblin"]}
    )
    f = replace(f, variants=frozenset({Variant.HYRULE}))
    hit = roll_attack(
        f, f.hero("Link"), f.monster("Moblin"), LONGSWORD, Mode.MELEE, Faces([15]), strike="stamina"
    )
    assert hit.hit and hit.damage == ((DamageType.SLASHING, 11),) and "1d8 (8)" in hit.damage_text


def test_v_hyr2_critical_and_extra_dice_count_their_maximum_too() -> None:
    f = fight(
        [hero("Link", attacks=(LONGSWORD,))], [monster("Moblin", ac=12)], {"A": ["Link", "Moblin"]}
    )
    f = replace(f, variants=frozenset({Variant.HYRULE}))
    crit = roll_attack(
        f,
        f.hero("Link"),
        f.monster("Moblin"),
        LONGSWORD,
        Mode.MELEE,
        Faces([20]),
        strike="stamina",
        extra=parse("2d6"),
    )
    assert crit.critical and sum(n for _, n in crit.damage) == 16 + 24 + 3


def test_v_hyr2_without_stamina_disadvantage_and_never_on_disadvantage() -> None:
    assert target_strike_roll(Advantage.NORMAL, paid=False) is Advantage.DISADVANTAGE
    assert target_strike_roll(Advantage.ADVANTAGE, paid=False) is Advantage.NORMAL  # D4
    assert target_strike_roll(Advantage.NORMAL, paid=True) is Advantage.NORMAL
    with pytest.raises(Refused, match="V-HYR2"):
        verify_target_strike(Advantage.DISADVANTAGE, ["Link is prone"])


def test_v_hyr3_scimitar_and_handaxe_deal_2d6_plus_the_modifier() -> None:
    saria = hero("Saria", attacks=(SCIMITAR, HANDAXE))
    second = off_hand(saria, SCIMITAR)
    assert second is HANDAXE and str(dice_only(second.damage)) == "1d6 slashing"
    f = fight([saria], [monster("Bokoblin", ac=10)], {"A": ["Saria", "Bokoblin"]})
    f = replace(f, variants=frozenset({Variant.HYRULE}))
    hit = roll_attack(f, saria, f.monster("Bokoblin"), SCIMITAR, Mode.MELEE, Faces([15, 2, 4]))
    assert hit.off_hand == "Handaxe" and sum(n for _, n in hit.damage) == 2 + 4 + 3
    assert off_hand(hero("Link", attacks=(LONGSWORD, HANDAXE)), LONGSWORD) is None


def test_v_hyr4_heart_points() -> None:
    assert heart_points("Link 21/28 hp; heals 5 hit points, 1 hit point") == (
        "Link 21/28 heart points; heals 5 heart points, 1 heart point"
    )


# --- V-D20 ---------------------------------------------------------------------------------


def test_v_d20_1_favor_turns_a_miss_by_exactly_1() -> None:
    assert favored(14, 15, True) and not favored(13, 15, True) and not favored(14, 15, False)
    f = fight(
        [hero("Mira", favor=True, attacks=(LONGSWORD,))],
        [monster("Orc", ac=15)],
        {"A": ["Mira", "Orc"]},
    )
    f = replace(f, variants=frozenset({Variant.D20}))
    hit = roll_attack(f, f.hero("Mira"), f.monster("Orc"), LONGSWORD, Mode.MELEE, Faces([9, 4]))
    assert hit.hit and hit.favored and hit.total == 14  # DC − 1


def test_v_d20_2_the_d4_is_not_rerolled_for_advantage() -> None:
    blessed = hero("Ann", effects=("Bless",), attacks=(LONGSWORD,))
    assert d4_signs(blessed, "attack") == (1,) and d4_signs(
        hero("Bo", effects=("Bane",)), "save"
    ) == (-1,)
    f = fight(
        [blessed],
        [
            monster(
                "Orc",
                ac=15,
                conditions=frozenset({Condition.PRONE}),
            )
        ],
        {"A": ["Ann", "Orc"]},
    )
    f = replace(f, variants=frozenset({Variant.D20}))
    hit = roll_attack(f, f.hero("Ann"), f.monster("Orc"), LONGSWORD, Mode.MELEE, Faces([3, 12, 2]))
    assert hit.roll is Advantage.ADVANTAGE and hit.faces == (3, 12) and hit.d4 == (2,)


def test_v_d20_3_only_the_largest_of_each_bonus_type_penalties_stack() -> None:
    assert (
        stacked([("competence", 2), ("competence", 1), ("circumstance", 1), ("penalty", -1)]) == 2
    )
    assert stacked([("penalty", -1), ("penalty", -2)]) == -3


def test_v_d20_4_at_least_1_gets_through_resistance_not_immunity() -> None:
    stone = monster(
        "Stone", resist=frozenset({DamageType.BLUDGEONING}), immune=frozenset({DamageType.FIRE})
    )
    assert at_least_one(stone, {DamageType.BLUDGEONING: 1}, 0) == 1
    assert at_least_one(stone, {DamageType.FIRE: 5}, 0) == 0
    assert at_least_one(stone, {DamageType.BLUDGEONING: 0}, 0) == 0  # DR stopped it (V-ACL3)
