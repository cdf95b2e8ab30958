"""The hero policy on level-5 sheets: areas over whole groups (E1, E3), the slot worth the job
and upcasting only when it changes the outcome (F7), Extra Attack with Action Surge, Healing
Word and Flurry of Blows beside the action and a bonus-action spell with only a cantrip (F1),
concentration kept (F5), Shield with a higher slot (F1)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from lnf.dice import DamageType, parse
from lnf.dice.roll import ScriptedDice, SeededDice
from lnf.engine.apply import Steps
from lnf.engine.decisions import AttackChoice, HealChoice, SpellChoice, TurnChoice
from lnf.engine.guards import land
from lnf.engine.hero_turn import hero_steps, turn_costs
from lnf.engine.resolve import roll_attack
from lnf.errors import Refused
from lnf.heroes.policy import PolicyHeroes, policy_choice
from lnf.model import (
    Ability,
    Area,
    Attack,
    AttackKind,
    Condition,
    Cost,
    Effect,
    Fight,
    Guard,
    Healing,
    Hero,
    Lasting,
    Rank,
    Resource,
    Shape,
    Trait,
    TraitKind,
    Turns,
)
from lnf.model.plan import Mode
from lnf.model.steps import Attacked, Guarded, Healed, Used
from lnf.rules.economy import verify_costs
from lnf.rules.legal import verify_spell_reach
from tests.builders import BOW, SWORD, fight, hero, monster

FIRE_BOLT = Attack(
    name="Fire Bolt",
    kind=AttackKind.RANGED,
    to_hit=6,
    range=(120, 120),
    spell=True,
    damage=parse("2d10 fire"),
)
FIREBALL = Attack(
    name="Fireball",
    kind=AttackKind.RANGED,
    range=(150, 150),
    spell=True,
    slot=3,
    save=(Ability.DEX, 14),
    area=Area(Shape.SPHERE, 20),
    damage=parse("8d6 fire"),
    upcast=((4, parse("9d6 fire")), (5, parse("10d6 fire"))),
)
BURNING_HANDS = Attack(
    name="Burning Hands",
    kind=AttackKind.RANGED,
    range=(15, 15),
    spell=True,
    slot=1,
    save=(Ability.DEX, 14),
    area=Area(Shape.CONE, 15),
    damage=parse("3d6 fire"),
    upcast=((2, parse("4d6 fire")), (3, parse("5d6 fire"))),
)
LONGSWORD = Attack(name="Longsword", to_hit=6, damage=parse("1d8+3 slashing"), times=2)
MACE = Attack(name="Mace", to_hit=5, damage=parse("1d6+2 bludgeoning"))
HEALING_WORD = Healing("Healing Word", parse("1d4+3"), slot=1, cost=Cost.BONUS)
SLOTS = (Resource("slot 1", 4), Resource("slot 2", 3), Resource("slot 3", 2))


def _wizard(**kw: object) -> Hero:
    kw.setdefault("resources", SLOTS)
    kw.setdefault("attacks", (FIRE_BOLT, FIREBALL))
    return hero("Quill", "wizard", level=5, hp=32, ac=12, **kw)


def _goblins(n: int, hp: int = 7) -> list:  # type: ignore[type-arg]
    return [monster(f"Goblin {i + 1}", hp=hp, ac=15, kind="Goblin") for i in range(n)]


def _turn(f: Fight, who: str, choice: TurnChoice, seed: int = 1) -> Steps:
    """A hero's turn as the policy chose it, played by the engine."""
    turn = Steps.turn(f, who)
    hero_steps(turn, turn.fight.hero(who), choice, SeededDice(seed), PolicyHeroes())
    return turn


def test_e1_e3_four_unengaged_foes_take_a_fireball_not_a_fire_bolt() -> None:
    f = fight([_wizard()], _goblins(4))
    choice = policy_choice(f, f.hero("Quill"))
    assert isinstance(choice.action, SpellChoice) and choice.action.spell.name == "Fireball"
    assert set(choice.action.targets) == {"Goblin 1", "Goblin 2", "Goblin 3", "Goblin 4"}
    assert choice.spend == (("slot 3", 1),)
    assert choice.action.spell.damage == FIREBALL.damage  # 3rd level: 8d6, no upcast
    fireproof = [replace(g, immune=frozenset({DamageType.FIRE})) for g in _goblins(4)]
    f = fight([_wizard()], fireproof)  # D6: no slot spent on foes immune to its fire
    assert policy_choice(f, f.hero("Quill")).spend == ()
    steps = _turn(f, "Quill", choice).steps
    assert any(isinstance(s, Used) and s.resource == "slot 3" for s in steps)


def test_e3_the_area_takes_the_foes_of_a_group_and_spares_the_ally_in_it() -> None:
    bram = hero("Bram", level=5, hp=44, ac=18, attacks=(LONGSWORD,))
    orcs = [monster(f"Orc {i + 1}", hp=15, ac=13, kind="Orc") for i in range(3)]
    f = fight([bram, _wizard()], [*orcs, *_goblins(1)], {"A": ["Bram", "Orc 1", "Orc 2"]})
    choice = policy_choice(f, f.hero("Quill"))
    assert isinstance(choice.action, SpellChoice) and choice.action.spell.name == "Fireball"
    assert "Bram" not in choice.action.targets  # no ally caught (E3: the one group hit in part)
    assert set(choice.action.targets) == {"Orc 1", "Orc 2", "Orc 3", "Goblin 1"}


def test_f7_one_weak_foe_gets_the_cantrip_two_goblins_the_lowest_slot_that_drops_them() -> None:
    quill = _wizard(attacks=(FIRE_BOLT, BURNING_HANDS, FIREBALL))
    f = fight([quill], _goblins(1, hp=3))
    choice = policy_choice(f, quill)
    assert isinstance(choice.action, AttackChoice) and choice.action.attack.name == "Fire Bolt"
    assert choice.spend == ()
    two = fight([quill], _goblins(2), {"A": ["Quill", "Goblin 1", "Goblin 2"]})  # B4: a cone
    choice = policy_choice(two, quill)
    assert isinstance(choice.action, SpellChoice) and choice.action.spell.name == "Burning Hands"
    assert choice.spend == (("slot 1", 1),)


def test_b4_a_heros_15_ft_cone_reaches_only_its_own_group_as_a_monsters_does() -> None:
    """B4, "for monsters and heroes alike": under 30 ft from its user, an action reaches only
    the user's own group. Before, a hero's Burning Hands caught foes anywhere on the grid while
    a monster's reached only its group; now the cast is refused, and the policy, which asks
    the same rule, burns the goblins beside it and not the ones across the grid."""
    quill = _wizard(attacks=(FIRE_BOLT, BURNING_HANDS))
    f = fight([quill], _goblins(4), {"A": ["Quill", "Goblin 1", "Goblin 2"]})
    with pytest.raises(Refused, match=r"reaches only Quill's own group, and Goblin 3 is not in it"):
        verify_spell_reach(f, quill, BURNING_HANDS, ["Goblin 1", "Goblin 3"])
    verify_spell_reach(f, quill, BURNING_HANDS, ["Goblin 1", "Goblin 2"])
    verify_spell_reach(f, quill, FIRE_BOLT, ["Goblin 3"])  # an attack roll: not B4's to refuse
    choice = policy_choice(f, quill)
    assert isinstance(choice.action, SpellChoice)
    assert set(choice.action.targets) == {"Goblin 1", "Goblin 2"}
    apart = fight([quill], _goblins(2))
    assert not any(
        isinstance(c.action, SpellChoice) for c in [policy_choice(apart, apart.hero("Quill"))]
    )


def test_f7_upcast_only_when_the_higher_slot_drops_more_foes() -> None:
    slots = (Resource("slot 3", 1), Resource("slot 4", 1))
    tough = [monster(f"Orc {i + 1}", hp=25, ac=13, kind="Orc") for i in range(4)]
    f = fight([_wizard(resources=slots)], tough)
    choice = policy_choice(f, f.hero("Quill"))
    assert isinstance(choice.action, SpellChoice)
    assert choice.spend == (("slot 4", 1),) and str(choice.action.spell.damage) == "9d6 fire"
    weak = fight([_wizard(resources=slots)], _goblins(4))
    choice = policy_choice(weak, weak.hero("Quill"))
    assert isinstance(choice.action, SpellChoice) and choice.spend == (("slot 3", 1),)


def test_extra_attack_and_action_surge_make_four_attacks_on_a_foe_that_outlasts_a_round() -> None:
    bram = hero(
        "Bram",
        level=5,
        hp=44,
        ac=18,
        attacks=(LONGSWORD,),
        resources=(Resource("Action Surge", 1), Resource("Second Wind", 1)),
    )
    ogre = monster("Ogre", hp=59, ac=11)
    f = fight([bram], [ogre], {"A": ["Bram", "Ogre"]})
    choice = policy_choice(f, bram)
    assert isinstance(choice.action, AttackChoice) and choice.action.times == 4
    assert choice.action.surged == 2  # T1: the second action's two swings
    assert ("Action Surge", 1) in choice.spend
    swings = [s for s in _turn(f, "Bram", choice).steps if isinstance(s, Attacked)]
    assert len(swings) == 4
    slowed = replace(bram, conditions=frozenset({Condition.SLOWED}))
    slow = fight([slowed], [ogre], {"A": ["Bram", "Ogre"]})
    assert policy_choice(slow, slowed).spend == ()  # F3: one attack a turn, a surge adds none
    orc = fight([bram], [monster("Orc", hp=6, ac=13)], {"A": ["Bram", "Orc"]})
    assert policy_choice(orc, bram).spend == ()  # two blows drop it: the surge is kept


def test_f1_healing_word_raises_the_dying_and_the_action_still_attacks() -> None:
    ilsa = hero(
        "Ilsa",
        "cleric",
        level=5,
        hp=38,
        ac=18,
        attacks=(MACE,),
        heals=(HEALING_WORD,),
        resources=SLOTS,
    )
    nix = hero("Nix", "rogue", hp=33, hp_now=0)
    orc = monster("Orc", hp=15, ac=13)
    f = fight([ilsa, nix], [orc], {"A": ["Ilsa", "Nix", "Orc"]})
    choice = policy_choice(f, ilsa)
    assert isinstance(choice.bonus_action, HealChoice) and choice.bonus_action.target == "Nix"
    assert isinstance(choice.action, AttackChoice) and choice.action.target == "Orc"
    verify_costs(f, "Ilsa", turn_costs(ilsa, choice))  # F1: a bonus action and an action
    steps = _turn(f, "Ilsa", choice).steps
    assert any(isinstance(s, Healed) and s.who == "Nix" for s in steps)
    assert any(isinstance(s, Attacked) and s.attacker == "Ilsa" for s in steps)


def test_f1_a_bonus_action_spell_leaves_the_action_only_a_cantrip() -> None:
    weapon = Attack(
        name="Spiritual Weapon",
        kind=AttackKind.RANGED,
        to_hit=6,
        range=(60, 60),
        spell=True,
        slot=2,
        cost=Cost.BONUS,
        damage=parse("1d8+3 force"),
    )
    bolt = Attack(
        name="Guiding Bolt",
        kind=AttackKind.RANGED,
        to_hit=6,
        range=(120, 120),
        spell=True,
        slot=1,
        damage=parse("4d6 radiant"),
    )
    flame = Attack(
        name="Sacred Flame",
        kind=AttackKind.RANGED,
        range=(60, 60),
        spell=True,
        save=(Ability.DEX, 14),
        half=False,
        damage=parse("2d8 radiant"),
    )
    ilsa = hero("Ilsa", "cleric", level=5, hp=38, attacks=(weapon, bolt, flame), resources=SLOTS)
    # Spiritual Weapon drops one, Sacred Flame all but drops the other: more than Guiding Bolt
    f = fight([ilsa], [monster("Goblin 1", hp=6, ac=8), monster("Goblin 2", hp=6, ac=8)])
    choice = policy_choice(f, ilsa)
    assert isinstance(choice.bonus_action, AttackChoice)
    assert choice.bonus_action.attack.name == "Spiritual Weapon"
    action = choice.action
    assert isinstance(action, AttackChoice | SpellChoice)
    spell = action.attack if isinstance(action, AttackChoice) else action.spell
    assert spell.slot == 0  # F1: beside a bonus-action spell, only a cantrip
    verify_costs(f, "Ilsa", turn_costs(ilsa, choice))


def test_flurry_of_blows_with_ki_follows_the_monks_attack() -> None:
    fist = Attack(name="Unarmed Strike", to_hit=6, damage=parse("1d6+3 bludgeoning"), times=2)
    flurry = Attack(
        name="Flurry of Blows",
        to_hit=6,
        damage=parse("1d6+3 bludgeoning"),
        times=2,
        cost=Cost.BONUS,
        spends="Ki",
    )
    tam = hero(
        "Tam", "monk", level=5, hp=38, attacks=(fist, flurry), resources=(Resource("Ki", 5),)
    )
    ogre = monster("Ogre", hp=59, ac=11)
    f = fight([tam], [ogre], {"A": ["Tam", "Ogre"]})
    choice = policy_choice(f, tam)
    assert isinstance(choice.action, AttackChoice) and choice.action.attack.name == "Unarmed Strike"
    assert isinstance(choice.bonus_action, AttackChoice)
    assert choice.bonus_action.attack.name == "Flurry of Blows" and not choice.bonus_first
    assert ("Ki", 1) in choice.bonus_spend and not choice.spend  # F1: spent as it flurries
    spent = fight([_spent(tam, "Ki", 5)], [ogre], {"A": ["Tam", "Ogre"]})
    assert policy_choice(spent, spent.hero("Tam")).bonus_action is None  # no Ki, no Flurry


def _spent(h: Hero, name: str, amount: int) -> Hero:
    from dataclasses import replace

    return replace(
        h, resources=tuple(replace(r, used=amount) for r in h.resources if r.name == name)
    )


def test_f5_a_concentration_that_holds_a_foe_is_kept() -> None:
    sear = Attack(
        name="Searing Bolt",
        kind=AttackKind.RANGED,
        to_hit=6,
        range=(60, 60),
        spell=True,
        slot=1,
        concentration=True,
        damage=parse("3d12 lightning"),
    )
    quill = _wizard(attacks=(FIRE_BOLT, sear))
    ogre = monster("Ogre", hp=59, ac=11, conditions=frozenset({Condition.PARALYZED}))
    orc = monster("Orc", hp=10, ac=11)
    holding = (
        Effect(1, "Quill", "Hold Person", Lasting(), 1, by="Quill", concentration=True),
        Effect(
            2,
            "Ogre",
            "paralyzed",
            Lasting(concentration="Quill"),
            1,
            by="Quill",
            condition=Condition.PARALYZED,
        ),
    )
    free = fight([quill], [ogre, orc])
    assert policy_choice(free, quill).action.attack.name == "Searing Bolt"  # type: ignore[union-attr]
    held = fight([quill], [ogre, orc], effects=holding, effects_begun=2)
    choice = policy_choice(held, quill)
    assert isinstance(choice.action, AttackChoice) and choice.action.attack.name == "Fire Bolt"


def test_f1_shield_takes_a_higher_slot_when_the_first_level_ones_are_spent() -> None:
    shield = Guard("Shield", 5, slot=1, lasts=True)
    slots = (Resource("slot 1", 4, used=4), Resource("slot 3", 2))
    quill = _wizard(guards=(shield,), resources=slots)
    ogre = monster("Ogre", hp=59, attacks=(SWORD,))
    f = fight([quill], [ogre], {"A": ["Quill", "Ogre"]})
    hit = roll_attack(f, ogre, quill, SWORD, Mode.MELEE, ScriptedDice([8, 5]))  # 12 vs AC 12
    turn = Steps.turn(f, "Ogre")
    land(turn, hit, lambda h, foe, g: PolicyHeroes().takes_guard(turn.fight, h, foe, g))
    kinds = [type(s) for s in turn.steps]
    assert Guarded in kinds
    assert any(isinstance(s, Used) and s.resource == "slot 3" for s in turn.steps)


def test_f1_auto_after_a_bonus_action_spell_at_the_table_casts_only_a_cantrip() -> None:
    turns = Turns(
        current="Quill", used_bonus=frozenset({"Quill"}), cast=(("Quill", Cost.BONUS, 1),)
    )
    f = fight([_wizard()], _goblins(4), turns=turns)
    choice = policy_choice(f, f.hero("Quill"))
    assert isinstance(choice.action, AttackChoice) and choice.action.attack.name == "Fire Bolt"
    verify_costs(f, "Quill", turn_costs(f.hero("Quill"), choice))


def test_d6_the_policy_strikes_the_foe_its_weapon_can_hurt() -> None:
    """D6: a werewolf immune to nonmagical slashing takes nothing from Bram's longsword, so the
    policy swings at the wolf beside it (the werewolf is the more dangerous, G3); with a magic
    sword it goes back to the werewolf."""
    bram = hero("Bram", level=5, hp=44, ac=18, attacks=(LONGSWORD,))
    slashing = frozenset({DamageType.SLASHING, DamageType.PIERCING, DamageType.BLUDGEONING})
    werewolf = monster(
        "Werewolf",
        hp=58,
        ac=12,
        immune=slashing,
        traits=(Trait(TraitKind.NONMAGICAL_ONLY, stopped_by=slashing),),
    )
    wolf = monster("Wolf", hp=11, ac=13)
    f = fight([bram], [werewolf, wolf], {"A": ["Bram", "Werewolf", "Wolf"]})
    choice = policy_choice(f, bram)
    assert isinstance(choice.action, AttackChoice) and choice.action.target == "Wolf"
    magic = hero("Bram", level=5, hp=44, ac=18, attacks=(replace(LONGSWORD, magic=True),))
    choice = policy_choice(f.with_combatant(magic), magic)
    assert isinstance(choice.action, AttackChoice) and choice.action.target == "Werewolf"


def test_4_a_hero_whose_group_holds_no_foe_in_reach_closes_in_elsewhere() -> None:
    """4 (M3, R3): Tess's only foe in her group stepped to the back rank; she is fast, leaves
    (a back-rank foe takes no opportunity attack, M6) and joins the ogre beside Bram, where
    her sword does more than her bow at R2's disadvantage from the front rank."""
    tess = hero("Tess", "rogue", attacks=(SWORD, BOW), speed=30)
    bram = hero("Bram", attacks=(LONGSWORD,))
    archer = monster("Goblin", rank=Rank.BACK)
    ogre = monster("Ogre", hp=59, ac=11)
    groups = {"A": ["Bram", "Ogre"], "C": ["Tess", "Goblin"]}
    f = fight([bram, tess], [ogre, archer], groups)
    choice = policy_choice(f, tess)
    assert [m.join for m in choice.moves] == ["A"]
    assert isinstance(choice.action, AttackChoice) and choice.action.target == "Ogre"
    assert choice.action.mode is Mode.MELEE
    # a foe in her rank beside her: she fights where she stands
    beside = fight([bram, tess], [ogre, replace(archer, rank=Rank.FRONT)], groups)
    assert policy_choice(beside, tess).moves == ()
    # slow (M2): in a group, she may only leave this round, so she shoots
    slow = replace(tess, speed=20)
    assert policy_choice(fight([bram, slow], [ogre, archer], groups), slow).moves == ()
    # a foe that last hit her with a reach attack would take one as she moves away (M6): she
    # closes in on that one instead, which is not moving away from it
    glaive = Attack(name="Glaive", to_hit=4, damage=parse("1d10+2 slashing"), reach=10)
    reacher = monster("Guard", attacks=(glaive,))
    reached = replace(tess, reached_by="Guard")
    watched = fight([bram, reached], [ogre, archer, reacher], groups)
    assert [m.join for m in policy_choice(watched, reached).moves] == ["Guard"]
    # a foe in the air in her group (R7) takes no opportunity attack on the ground
    flier = replace(archer, rank=Rank.FREE_AIR, fly=30)
    assert [
        m.join for m in policy_choice(fight([bram, tess], [ogre, flier], groups), tess).moves
    ] == ["A"]
