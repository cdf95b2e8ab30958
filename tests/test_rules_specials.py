"""B1–B6 as functions (`lnf.rules.specials`): what a monster may use, whom it reaches and
catches, the expected damage of an order and the resource it spends; X6 and X7's numbers."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from lnf.dice import DamageType, parse
from lnf.model import (
    Ability,
    Area,
    Attack,
    BackReason,
    Condition,
    Monster,
    Phase,
    PhaseKind,
    Pool,
    Rank,
    Resource,
    Rider,
    Shape,
)
from lnf.model.plan import Mode, Order
from lnf.rules.catches import best_catch, check_catch
from lnf.rules.expected import save_fails
from lnf.rules.moves import Place
from lnf.rules.order_damage import expected_damage
from lnf.rules.specials import (
    action_mean,
    action_mode,
    catch_count,
    check_usable,
    reach_kind,
    reach_of,
    resource_rank,
    split_darts,
    usable,
)
from tests.builders import fight, hero
from tests.specials_monsters import (
    CONE_OF_COLD,
    FIRE_BOLT,
    FIREBALL,
    ICE_STORM,
    MAGIC_MISSILE,
    POISON_BREATH,
    guard,
    mage,
    without_charge,
    x6,
    x7,
    young_green_dragon,
)

A = Place(group="A")
DRAGON = "Young Green Dragon"

# --- B1, B2: usable ----------------------------------------------------------------------


def test_x6_the_breath_is_usable_when_charged_and_not_after_it_was_spent() -> None:
    f = x6()
    dragon = f.monster(DRAGON)
    assert usable(f, dragon) == (POISON_BREATH,)
    spent = without_charge(f, DRAGON, "Poison Breath")
    assert usable(spent, spent.monster(DRAGON)) == ()
    assert [v.rule for v in check_usable(spent.monster(DRAGON), "Poison Breath")] == ["B2"]
    assert "not charged" in check_usable(spent.monster(DRAGON), "Poison Breath")[0].message


def test_an_action_without_its_resource_counts_as_charged() -> None:
    dragon = young_green_dragon(resources=())
    assert usable(x6(), dragon) == (POISON_BREATH,)


def test_x7_the_mage_may_use_its_attacking_spells_in_stat_block_order() -> None:
    f = x7()
    names = [a.name for a in usable(f, f.monster("Mage"))]
    # Shield is a reaction (B10) and Greater Invisibility attacks nobody (B6)
    assert names == ["Fire Bolt", "Magic Missile", "Fireball", "Ice Storm", "Cone of Cold"]
    assert [v.rule for v in check_usable(f.monster("Mage"), "Shield")] == ["B1"]
    assert [v.rule for v in check_usable(f.monster("Mage"), "Greater Invisibility")] == ["B6"]
    assert [v.rule for v in check_usable(f.monster("Mage"), "Wish")] == ["B1"]


def test_a_spent_slot_level_takes_its_spells_out_and_no_other() -> None:
    f = x7(used={5: 1})  # round 2: the one 5th-level slot is gone
    names = [a.name for a in usable(f, f.monster("Mage"))]
    assert "Cone of Cold" not in names and "Fireball" in names  # B6: no upcasting either
    assert check_usable(f.monster("Mage"), "Cone of Cold")[0].rule == "B2"


def test_a_per_day_action_counts_down() -> None:
    web = Attack(name="Web", save=(Ability.DEX, 11), damage=parse("0"), per_day=1)
    web = replace(web, riders=(_restrains(),))
    m = Monster(name="Spider", hp=20, actions=(web,), resources=(Resource("Web", 1, used=1),))
    assert usable(x6(), m) == ()
    assert "used up" in check_usable(m, "Web")[0].message


def _restrains() -> Rider:
    return Rider(save=(Ability.DEX, 11), conditions=(Condition.RESTRAINED,))


# --- B3, E1: counts ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "count"),
    [
        (POISON_BREATH, 3),  # 30 ft cone ÷ 10
        (FIREBALL, 4),
        (ICE_STORM, 4),
        (CONE_OF_COLD, 6),
        (MAGIC_MISSILE, 3),  # its darts (B3)
        (FIRE_BOLT, 1),
        (replace(FIRE_BOLT, choice=True), 1000),  # creatures of its choice: every hero reached
    ],
)
def test_catch_count(action: Attack, count: int) -> None:
    assert catch_count(action) == count


def test_darts_go_one_at_each_hero_named_round_and_round() -> None:
    assert split_darts(MAGIC_MISSILE, ["Ann", "Bo", "Cy"]) == (("Ann", 1), ("Bo", 1), ("Cy", 1))
    assert split_darts(MAGIC_MISSILE, ["Ann", "Bo"]) == (("Ann", 2), ("Bo", 1))
    assert split_darts(FIREBALL, ["Ann", "Bo"]) == (("Ann", 1), ("Bo", 1))


# --- B4: reach ---------------------------------------------------------------------------


def test_b4_reach_kinds() -> None:
    assert reach_kind(POISON_BREATH) == "thrown"  # 30 ft from its user
    assert reach_kind(CONE_OF_COLD) == "spell"  # 60 ft from its user
    assert reach_kind(FIREBALL) == "spell"  # a range
    assert reach_kind(FIRE_BOLT) == "shot"  # an attack roll, R2 holds
    assert reach_kind(MAGIC_MISSILE) == "spell"  # sure darts: no attack roll
    assert reach_kind(replace(POISON_BREATH, area=Area(Shape.CONE, 15))) == "close"
    assert action_mode(POISON_BREATH, A) is Mode.RANGED
    assert action_mode(replace(POISON_BREATH, area=Area(Shape.CONE, 15)), A) is Mode.MELEE


def test_x6_a_30_ft_breath_from_the_front_rank_reaches_everyone() -> None:
    f = x6()
    dragon = f.monster(DRAGON)
    assert reach_of(f, dragon, POISON_BREATH, A, Rank.FRONT) == ("Dee", "Ann", "Bo", "Cy")


def test_a_15_ft_cone_reaches_only_the_group_it_stands_in() -> None:
    f = x6()
    dragon = f.monster(DRAGON)
    cone = replace(POISON_BREATH, area=Area(Shape.CONE, 15))
    assert reach_of(f, dragon, cone, A, Rank.FRONT) == ("Ann", "Bo")
    assert reach_of(f, dragon, cone, A, Rank.BACK) == ("Ann", "Bo")
    assert reach_of(f, dragon, cone, None, Rank.FRONT) == ()
    assert reach_of(f, dragon, cone, Place(hero="Cy"), Rank.FRONT) == ("Cy",)  # it joins Cy
    found = check_catch(f, dragon, cone, A, Rank.FRONT, ["Ann", "Cy"])
    assert [v.rule for v in found] == ["B4"]
    assert "15 ft cone" in found[0].message and "Cy" in found[0].message


def test_fire_bolt_is_a_ranged_attack_r2() -> None:
    f = x7()
    m = f.monster("Mage")
    assert reach_of(f, m, FIRE_BOLT, None, Rank.BACK) == ("Ann", "Bo", "Cy")
    assert reach_of(f, m, FIRE_BOLT, None, Rank.FRONT) == ()  # it has a dagger: no shots
    assert reach_of(f, m, FIREBALL, None, Rank.FRONT) == ("Ann", "Bo", "Cy")  # B4: no shot


def test_hidden_heroes_are_never_reached() -> None:
    f = x6()
    f = f.with_combatant(replace(f.hero("Dee"), why=BackReason.HIDDEN))
    assert "Dee" not in reach_of(f, f.monster(DRAGON), POISON_BREATH, A, Rank.FRONT)


@pytest.mark.parametrize(
    ("action", "volleys"),
    [
        (POISON_BREATH, {1}),  # 30–59 ft: as a thrown weapon, the last volley round only
        (CONE_OF_COLD, {1, 2}),  # 60 ft: as a spell
        (ICE_STORM, {1, 2, 3, 4, 5}),  # 300 ft: ⌈300 ÷ 60⌉
        (replace(POISON_BREATH, area=Area(Shape.CONE, 15)), set()),
    ],
)
def test_b4_in_volley_rounds(action: Attack, volleys: set[int]) -> None:
    f = x7()
    apart = replace(f, groups=(), phase=Phase(PhaseKind.VOLLEY, 1))
    m = f.monster("Mage")
    reached = set()
    for n in range(1, 8):
        at_n = replace(apart, phase=Phase(PhaseKind.VOLLEY, n))
        if reach_of(at_n, m, action, None, Rank.BACK):
            reached.add(n)
    assert reached == volleys


# --- B3, B5, E3: catches -----------------------------------------------------------------


def test_x6_poison_breath_catches_dee_ann_and_bo() -> None:
    f = x6()
    dragon = f.monster(DRAGON)
    assert best_catch(f, dragon, POISON_BREATH, A, Rank.FRONT) == ("Dee", "Ann", "Bo")
    assert check_catch(f, dragon, POISON_BREATH, A, Rank.FRONT, ["Dee", "Ann", "Bo"]) == []


def test_x6_group_a_may_not_be_split_while_another_group_is() -> None:
    f = x6()
    dragon = f.monster(DRAGON)
    # Dee (a group of one) whole, group A in part, Cy: one group only partly hit is allowed
    assert check_catch(f, dragon, POISON_BREATH, A, Rank.FRONT, ["Dee", "Ann", "Cy"]) == []
    wide = replace(POISON_BREATH, area=Area(Shape.CONE, 60))
    rules = [v.rule for v in check_catch(f, dragon, wide, A, Rank.FRONT, ["Ann", "Cy"])]
    assert rules == []  # Cy whole, group A in part
    two = fight(
        [hero("Ann"), hero("Bo"), hero("Cy"), hero("Dee")],
        [young_green_dragon(), guard("Guard")],
        {"A": ["Ann", "Bo", DRAGON], "B": ["Cy", "Dee", "Guard"]},
    )
    found = check_catch(two, two.monster(DRAGON), wide, A, Rank.FRONT, ["Ann", "Cy"])
    assert [v.rule for v in found] == ["E3"]
    assert "Guard must be spared (B5)" in found[0].hint


def test_too_many_heroes_for_the_area() -> None:
    f = x6()
    found = check_catch(
        f, f.monster(DRAGON), POISON_BREATH, A, Rank.FRONT, ["Dee", "Ann", "Bo", "Cy"]
    )
    assert [v.rule for v in found] == ["E1"]


def test_x7_every_area_of_three_or_more_takes_cy_then_ann_and_bo() -> None:
    f = x7()
    m = f.monster("Mage")
    for action in (FIREBALL, ICE_STORM, CONE_OF_COLD, MAGIC_MISSILE):
        assert best_catch(f, m, action, None, Rank.BACK) == ("Ann", "Bo", "Cy"), action.name
    assert best_catch(f, m, FIRE_BOLT, None, Rank.BACK) == ("Ann",)


def test_b5_the_guards_make_group_a_the_one_partly_hit_group() -> None:
    f = x7()
    m = f.monster("Mage")
    two = replace(FIREBALL, area=Area(Shape.SPHERE, 10))  # holds 2
    assert best_catch(f, m, two, None, Rank.BACK) == ("Ann", "Bo")
    # with a third hero alone and Cy: group A in part and Cy whole, never A in part twice
    f3 = f.with_combatant(replace(f.hero("Cy"), rank=Rank.FRONT, why=None))
    assert best_catch(f3, m, two, None, Rank.BACK) == ("Ann", "Bo")


def test_b5_an_ally_immune_to_it_is_caught_with_its_group() -> None:
    dragon = young_green_dragon()
    zombie = replace(guard("Zombie"), kind="Zombie", immune=frozenset({DamageType.POISON}))
    wide = replace(POISON_BREATH, area=Area(Shape.CONE, 40))  # holds 4
    f = fight(
        [hero("Ann"), hero("Bo"), hero("Cy"), hero("Dee")],
        [dragon, zombie, guard("Guard")],
        {"A": ["Ann", "Bo", DRAGON, "Zombie"], "B": ["Cy", "Dee", "Guard"]},
    )
    # group A whole with the zombie (3 of the 4), group B the one hit in part
    assert best_catch(f, dragon, wide, A, Rank.FRONT) == ("Ann", "Bo", "Cy")
    assert check_catch(f, dragon, wide, A, Rank.FRONT, ["Ann", "Bo", "Cy"]) == []
    # or the zombie spared, group A the one hit in part, when no other group is
    small = fight(
        [hero("Ann"), hero("Bo"), hero("Cy")],
        [dragon, zombie],
        {"A": ["Ann", "Bo", DRAGON, "Zombie"]},
    )
    assert best_catch(small, dragon, POISON_BREATH, A, Rank.FRONT) == ("Ann", "Bo", "Cy")
    assert check_catch(small, dragon, POISON_BREATH, A, Rank.FRONT, ["Ann", "Bo", "Cy"]) == []
    # without immunity the zombie must be spared too: group A in part, so B is left alone
    plain = f.with_combatant(replace(zombie, immune=frozenset()))
    assert best_catch(plain, dragon, wide, A, Rank.FRONT) == ("Ann", "Bo")
    assert [
        v.rule for v in check_catch(plain, dragon, wide, A, Rank.FRONT, ["Ann", "Bo", "Cy"])
    ] == ["E3"]


def test_darts_and_single_targets_take_the_earliest_heroes() -> None:
    f = x7()
    m = f.monster("Mage")
    found = check_catch(f, m, FIRE_BOLT, None, Rank.BACK, ["Ann", "Bo"])
    assert [v.rule for v in found] == ["B3"]
    assert check_catch(f, m, MAGIC_MISSILE, None, Rank.BACK, ["Bo", "Cy"]) == []
    assert [v.rule for v in check_catch(f, m, MAGIC_MISSILE, None, Rank.BACK, ["Bo", "Bo"])] == [
        "B3"
    ]


# --- B6 (1): expected damage -------------------------------------------------------------


def test_x7_expected_damage_a_hero() -> None:
    f = x7()
    m, ann = f.monster("Mage"), f.hero("Ann")
    assert save_fails(ann, (Ability.DEX, 14)) == Fraction(11, 20)  # fails on 1–11
    mean = {a.name: action_mean(f, m, a, ann, Mode.RANGED, Rank.BACK) for a in usable(f, m)}
    assert mean["Cone of Cold"] == Fraction(279, 10)  # 36 × (0.55 + 0.45 ÷ 2)
    assert mean["Fireball"] == Fraction(217, 10)  # 28 × 0.775
    assert mean["Ice Storm"] == Fraction(17825, 1000)  # 23 × 0.775 ≈ 17.8
    assert mean["Magic Missile"] == Fraction(7, 2)  # a dart


def test_x7_expected_damage_of_the_orders() -> None:
    f = x7()
    m = f.monster("Mage")

    def order(action: str) -> Order:
        return Order(
            "Mage", Rank.BACK, target="Ann", mode=Mode.RANGED, action=action, also=("Bo", "Cy")
        )

    assert expected_damage(f, m, order("Cone of Cold")) == 8370
    assert expected_damage(f, m, order("Fireball")) == 6510
    assert expected_damage(f, m, order("Ice Storm")) == 5348  # 53.475, half up
    assert expected_damage(f, m, order("Magic Missile")) == 1050


def test_expected_damage_of_a_whole_multiattack_and_of_a_reach_bite() -> None:
    """X6 round 2: the whole Multiattack on Ann (bite and two claws, +7 against AC 10) against
    the bite alone with reach on Dee."""
    f = without_charge(x6(), DRAGON, "Poison Breath")
    dragon = f.monster(DRAGON)
    # bite: hits on 3–20, 22 a hit, 18 more on a 20; claws: 11 a hit, 7 more on a 20
    bite = Fraction(17, 20) * 22 + Fraction(1, 20) * 40
    claws = Fraction(17, 20) * 11 + Fraction(1, 20) * 18
    melee = Order(DRAGON, Rank.FRONT, target="Ann", mode=Mode.MELEE)
    assert expected_damage(f, dragon, melee) == 100 * (bite + 2 * claws)
    reach = Order(DRAGON, Rank.FRONT, target="Dee", mode=Mode.REACH)
    assert expected_damage(f, dragon, reach) == 100 * bite


def test_expected_damage_through_defences_advantage_and_helpless_heroes() -> None:
    f = without_charge(x6(), DRAGON, "Poison Breath")
    dragon = f.monster(DRAGON)
    melee = Order(DRAGON, Rank.FRONT, target="Ann", mode=Mode.MELEE)
    plain = expected_damage(f, dragon, melee)
    tough = f.with_combatant(replace(f.hero("Ann"), resist=frozenset({DamageType.SLASHING})))
    assert expected_damage(tough, dragon, melee) < plain
    prone = f.with_combatant(replace(f.hero("Ann"), conditions=frozenset({Condition.PRONE})))
    assert expected_damage(prone, dragon, melee) > plain  # advantage within 5 ft
    armoured = f.with_combatant(replace(f.hero("Ann"), ac=25))
    assert expected_damage(armoured, dragon, melee) > 0  # a natural 20 still hits
    paralysed = f.with_combatant(
        replace(f.hero("Ann"), conditions=frozenset({Condition.PARALYZED}))
    )
    # every hit is critical and with advantage: more than prone's advantage alone
    assert expected_damage(paralysed, dragon, melee) > expected_damage(prone, dragon, melee)
    breath = Order(DRAGON, Rank.FRONT, target="Ann", mode=Mode.RANGED, action="Poison Breath")
    full = x6()
    # 12d6 = 42 against Con +0: fails on 1–13
    assert expected_damage(full, dragon, breath) == 4200 * 65 // 100 + 2100 * 35 // 100
    immune = full.with_combatant(replace(full.hero("Ann"), immune=frozenset({DamageType.POISON})))
    assert expected_damage(immune, dragon, breath) == 0


def test_save_chances() -> None:
    ann = hero("Ann", saves=((Ability.DEX, 2),))
    assert save_fails(ann, (Ability.DEX, 14)) == Fraction(11, 20)
    assert save_fails(ann, (Ability.CON, 14)) == Fraction(13, 20)  # +0 when not listed
    assert save_fails(ann, (Ability.DEX, 30)) == 1
    assert save_fails(ann, (Ability.DEX, 2)) == 0
    held = replace(ann, conditions=frozenset({Condition.RESTRAINED}))
    assert save_fails(held, (Ability.DEX, 14)) == 1 - Fraction(9, 20) ** 2
    stunned = replace(ann, conditions=frozenset({Condition.STUNNED}))
    assert save_fails(stunned, (Ability.DEX, 2)) == 1
    assert save_fails(stunned, (Ability.WIS, 2)) == Fraction(1, 20)  # no automatic 1


# --- B6 (2): the resource spent ------------------------------------------------------------


def test_resource_rank() -> None:
    m = mage()
    dragon = young_green_dragon()
    assert resource_rank(m, "") == 0
    assert resource_rank(m, "Fire Bolt") == 0  # a cantrip: at will
    assert resource_rank(dragon, "Poison Breath") == 1
    web = Monster(name="Spider", hp=20, actions=(Attack(name="Web", damage=parse("0"), per_day=1),))
    assert resource_rank(web, "Web") == 2
    assert resource_rank(m, "Magic Missile") == 4
    assert resource_rank(m, "Fireball") == 6 < resource_rank(m, "Cone of Cold") == 8


def test_a_monster_without_attacks_strikes_for_1_in_the_expected_damage() -> None:
    """P1: its fists, +0 against AC 10: hits on 10–20, 1 bludgeoning (no dice to double)."""
    f = fight([hero("Ann")], [Monster(name="Rat", hp=1)], {"A": ["Ann", "Rat"]})
    order = Order("Rat", Rank.FRONT, target="Ann", mode=Mode.MELEE)
    assert expected_damage(f, f.monster("Rat"), order) == 55


@pytest.mark.parametrize(
    ("action", "points"),
    [
        (POISON_BREATH, {0}),  # 30–59 ft: as a thrown weapon, at 0 escape points only
        (CONE_OF_COLD, {0, 1, 2}),  # as a spell
        (FIRE_BOLT, {0, 1, 2}),  # a ranged attack roll
        (replace(POISON_BREATH, area=Area(Shape.CONE, 15)), {0}),
    ],
)
def test_b4_across_a_chase(action: Attack, points: set[int]) -> None:
    """C4: a monster giving chase reaches the hero it chases by their escape points."""
    f = x7()
    m = f.monster("Mage")
    reached = set()
    for n in range(5):
        chasing = replace(f, groups=(), chase=(Pool("Cy", "Mage", n),))
        if reach_of(chasing, m, action, None, Rank.BACK) == ("Cy",):
            reached.add(n)
    assert reached == points
