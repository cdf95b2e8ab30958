"""The hero policy casts the spells that do more than damage (F1, F3, F5, F7; docs/policy.md):
Spiritual Weapon and its later attacks, Spirit Guardians kept while it holds foes, Bless,
Shield of Faith, Hold Person, Sleep, Faerie Fire and Web. The spells come from the spellbook
by name (`spells: [...]`), as a DM writes them."""

from __future__ import annotations

from dataclasses import replace

from lnf.dice import parse
from lnf.engine.decisions import AttackChoice, SpellChoice, TurnChoice
from lnf.formats.fight_file import parse_fight
from lnf.heroes.effect_policy import later_worth
from lnf.heroes.policy import policy_choice
from lnf.model import Ability, Attack, AttackKind, Effect, Hero, Lasting, Monster
from lnf.model.steps import SpellCast
from tests.builders import fight, hero, monster
from tests.test_hero_policy import _turn

SHEETS = """
title: the shrine
heroes:
  - name: Maren
    class: cleric
    level: 5
    hp: 38
    ac: 18
    spell_mod: 3
    attacks:
      - {name: Mace, to_hit: 5, damage: 1d6+2 bludgeoning}
    spells: [sacred flame, bless, shield of faith, spiritual weapon, hold person,
             spirit guardians]
  - name: Sen
    class: wizard
    level: 5
    hp: 28
    ac: 12
    spell_mod: 3
    spells: [fire bolt, sleep, faerie fire, web]
monsters:
  - {name: Goblin, hp: 7, ac: 15}
"""
MAREN, SEN = parse_fight(SHEETS, "shrine.yaml").heroes
LONGSWORD = Attack(name="Longsword", to_hit=6, damage=parse("1d8+3 slashing"), times=2)
RAPIER = Attack(name="Rapier", to_hit=6, damage=parse("1d8+3 piercing"))


def _spells(h: Hero, *names: str) -> Hero:
    """The hero with only these of its sheet's spells (and its weapons)."""
    keep = {n.lower() for n in names}
    attacks = tuple(
        a for a in h.attacks if a.name.lower() in keep or not (a.spell or a.slot or a.save)
    )
    return replace(h, attacks=attacks)


def _orcs(n: int, hp: int = 15) -> list:  # type: ignore[type-arg]
    return [
        monster(f"Orc {i + 1}", hp=hp, ac=13, type="humanoid (orc)", saves={}) for i in range(n)
    ]


def _bram() -> Hero:
    return hero("Bram", level=5, hp=44, ac=18, attacks=(LONGSWORD,))


def _bonus_name(choice: TurnChoice) -> str:
    b = choice.bonus_action
    if isinstance(b, AttackChoice):
        return b.attack.name
    return b.spell.name if isinstance(b, SpellChoice) else ""


def _action_name(choice: TurnChoice) -> str:
    a = choice.action
    if isinstance(a, AttackChoice):
        return a.attack.name
    return a.spell.name if isinstance(a, SpellChoice) else ""


# --- Spiritual Weapon (F1, F7) --------------------------------------------------------------


def test_f7_spiritual_weapon_is_cast_as_the_bonus_action_beside_the_mace() -> None:
    """F1, F7: a foe in the fight, a 2nd-level slot left, no weapon up: the bonus action casts
    Spiritual Weapon (one attack of 1d8+3 now is about 5, too little for the slot alone; its
    three later attacks make it worth it) and the action still swings the mace."""
    maren = _spells(MAREN, "spiritual weapon")
    f = fight([maren], _orcs(2), {"A": ["Maren", "Orc 1"]})
    choice = policy_choice(f, f.hero("Maren"))
    assert _bonus_name(choice) == "Spiritual Weapon"
    assert choice.bonus_spend == (("slot 2", 1),) and not choice.spend  # the mace spends none
    assert _action_name(choice) == "Mace"


def test_f1_with_spiritual_weapon_cast_the_action_is_only_a_cantrip() -> None:
    """F1: a bonus-action spell leaves the action a cantrip: Sacred Flame, not Hold Person."""
    maren = _spells(MAREN, "spiritual weapon", "sacred flame")
    f = fight([maren], _orcs(2))
    choice = policy_choice(f, f.hero("Maren"))
    assert _bonus_name(choice) == "Spiritual Weapon"
    assert _action_name(choice) == "Sacred Flame"
    assert choice.bonus_spend == (("slot 2", 1),) and not choice.spend


def test_f7_the_weapon_up_attacks_every_turn_without_a_slot() -> None:
    """F7: while the weapon is up its attack is the bonus action, no slot spent, and (not a
    spell cast, F1) the action may still be a levelled spell."""
    maren = _spells(MAREN, "spiritual weapon", "sacred flame")
    up = Effect(1, "Maren", "Spiritual Weapon", Lasting(rounds=10), 1, by="Maren", weapon=2)
    f = fight([maren], _orcs(2), effects=(up,), effects_begun=1)
    choice = policy_choice(f, f.hero("Maren"))
    assert isinstance(choice.bonus_action, AttackChoice)
    assert choice.bonus_action.attack.name == "Spiritual Weapon"
    assert choice.bonus_action.attack.slot == 0
    assert not any(name == "slot 2" for name, _ in choice.spend)


def test_f7_later_attacks_count_no_more_than_the_foes_have_left() -> None:
    """F7: about three more attacks in a fight of three rounds or more; a foe at 3 hit points
    leaves them nothing to do, and a lone goblin at 3 gets no Spiritual Weapon."""
    assert later_worth(fight([], _orcs(3)), 5.0, 5.0) == 15.0
    assert later_worth(fight([], _orcs(1, hp=3)), 3.0, 5.0) == 0.0
    maren = _spells(MAREN, "spiritual weapon")
    f = fight([maren], _orcs(1, hp=3), {"A": ["Maren", "Orc 1"]})
    assert _bonus_name(policy_choice(f, f.hero("Maren"))) == ""


# --- Spirit Guardians (F5, F7) --------------------------------------------------------------


def test_f7_spirit_guardians_when_two_foes_are_in_the_casters_group() -> None:
    maren = _spells(MAREN, "spirit guardians", "sacred flame")
    f = fight([maren], _orcs(3), {"A": ["Maren", "Orc 1", "Orc 2"]})
    choice = policy_choice(f, f.hero("Maren"))
    assert _action_name(choice) == "Spirit Guardians"
    assert ("slot 3", 1) in choice.spend
    one = fight([maren], _orcs(3), {"A": ["Maren", "Orc 1"]})
    assert _action_name(policy_choice(one, one.hero("Maren"))) != "Spirit Guardians"


def test_f5_spirit_guardians_holding_foes_is_kept_over_a_new_concentration() -> None:
    """F5: the aura holds the two orcs in Maren's group; a concentration damage spell (it
    holds nobody) is not cast over it, though it would do more than the cantrip now."""
    burst = Attack(
        name="Radiant Burst",
        kind=AttackKind.RANGED,
        range=(60, 60),
        spell=True,
        slot=1,
        save=(Ability.DEX, 14),
        concentration=True,
        damage=parse("6d8 radiant"),
    )
    maren = _spells(MAREN, "spirit guardians", "sacred flame")
    maren = replace(maren, attacks=(*maren.attacks, burst))
    aura = Effect(
        1, "Maren", "Spirit Guardians", Lasting(rounds=100), 1, by="Maren", concentration=True,
        aura=3,
    )  # fmt: skip
    groups = {"A": ["Maren", "Orc 1", "Orc 2"]}
    f = fight([maren], _orcs(3, hp=40), groups, effects=(aura,), effects_begun=1)
    assert _action_name(policy_choice(f, f.hero("Maren"))) == "Sacred Flame"
    free = fight([maren], _orcs(3, hp=40), groups)
    assert _action_name(policy_choice(free, free.hero("Maren"))) != "Sacred Flame"


# --- Bless and Shield of Faith (F7) ---------------------------------------------------------


def test_f7_bless_on_the_three_who_attack_most_against_three_foes() -> None:
    maren = _spells(MAREN, "bless", "sacred flame")
    nix = hero("Nix", "rogue", level=5, hp=33, ac=15, attacks=(RAPIER,), sneak_attack=parse("3d6"))
    sen = _spells(SEN, "fire bolt")
    party = [_bram(), nix, maren, sen]
    f = fight(party, _orcs(3))
    choice = policy_choice(f, f.hero("Maren"))
    assert isinstance(choice.action, SpellChoice) and choice.action.spell.name == "Bless"
    # Nix 4.5 + 10.5, Bram 2 × 7.5, Sen's Fire Bolt 11; Maren's mace 5.5 is left out
    assert set(choice.action.targets) == {"Nix", "Bram", "Sen"}
    assert choice.spend == (("slot 1", 1),)
    two = fight(party, _orcs(2))
    assert _action_name(policy_choice(two, two.hero("Maren"))) != "Bless"


def test_f7_shield_of_faith_on_the_ally_most_attacked_when_nothing_better_is_open() -> None:
    """F1, F7: the action a cantrip, the bonus action otherwise idle: Shield of Faith on
    Bram, who has three orcs on him."""
    maren = _spells(MAREN, "shield of faith", "sacred flame")
    groups = {"A": ["Bram", "Orc 1", "Orc 2", "Orc 3"], "B": ["Maren", "Orc 4"]}
    f = fight([_bram(), maren], _orcs(4), groups)
    choice = policy_choice(f, f.hero("Maren"))
    assert isinstance(choice.bonus_action, SpellChoice)
    assert choice.bonus_action.spell.name == "Shield of Faith"
    assert choice.bonus_action.targets == ("Bram",)
    assert choice.bonus_spend == (("slot 1", 1),) and not choice.spend
    assert _action_name(choice) == "Sacred Flame"


# --- Hold Person, Sleep, Faerie Fire, Web (F3, F7, E1, E3) ---------------------------------


def _ogre() -> Monster:
    return monster("Ogre", hp=59, ac=11, type="giant", saves={Ability.WIS: -2})


def test_f3_hold_person_on_the_most_dangerous_humanoid_with_a_fair_chance() -> None:
    """G3: the ogre is first but no humanoid; the thug (Wisdom +0: fails DC 13 on 12 in 20)
    is held; a thug of Wisdom +6 (fails 6 in 20) is not tried."""
    maren = _spells(MAREN, "hold person", "sacred flame")
    thug = monster("Thug", hp=45, ac=11, type="humanoid", saves={Ability.WIS: 0})
    f = fight([maren], [_ogre(), thug])
    choice = policy_choice(f, f.hero("Maren"))
    assert isinstance(choice.action, SpellChoice) and choice.action.spell.name == "Hold Person"
    assert choice.action.targets == ("Thug",)
    wise = replace(thug, saves={Ability.WIS: 6})
    g = fight([maren], [_ogre(), wise])
    assert _action_name(policy_choice(g, g.hero("Maren"))) == "Sacred Flame"


def test_f7_sleep_when_its_pool_likely_drops_two_foes_not_the_undead() -> None:
    sen = _spells(SEN, "fire bolt", "sleep")
    goblins = [monster(f"Goblin {i}", hp=7, ac=15, type="humanoid") for i in (1, 2, 3)]
    f = fight([sen], goblins)
    choice = policy_choice(f, f.hero("Sen"))
    assert isinstance(choice.action, SpellChoice) and choice.action.spell.name == "Sleep"
    assert set(choice.action.targets) == {"Goblin 1", "Goblin 2", "Goblin 3"}
    dead = [replace(g, type="undead") for g in goblins]
    g = fight([sen], dead)
    assert _action_name(policy_choice(g, g.hero("Sen"))) == "Fire Bolt"


def test_e1_faerie_fire_over_two_ogres_web_when_it_is_the_one_known() -> None:
    """E1, E3: two unengaged ogres (Dexterity −1) fit the 20-ft cube; outlined, each is worth
    0.4 of its 59 hit points by the chance it fails (0.7): Faerie Fire, not Fire Bolt."""
    ogres = [
        monster(f"Ogre {i}", hp=59, ac=11, type="giant", saves={Ability.DEX: -1}) for i in (1, 2)
    ]
    sen = _spells(SEN, "fire bolt", "faerie fire")
    f = fight([sen], ogres)
    choice = policy_choice(f, f.hero("Sen"))
    assert isinstance(choice.action, SpellChoice) and choice.action.spell.name == "Faerie Fire"
    assert set(choice.action.targets) == {"Ogre 1", "Ogre 2"}
    webbed = _spells(SEN, "fire bolt", "web")
    g = fight([webbed], ogres)
    assert _action_name(policy_choice(g, g.hero("Sen"))) == "Web"
    one = fight([sen], ogres[:1])
    assert _action_name(policy_choice(one, one.hero("Sen"))) == "Fire Bolt"


def test_f5_spirit_guardians_over_two_foes_takes_the_place_of_a_bless() -> None:
    """F5: a blessed ally counts half a foe held (Bless on Bram and Sen: 1), so the aura over
    two orcs (2) is worth ending it; over one orc it is not cast."""
    maren = _spells(MAREN, "spirit guardians", "sacred flame")
    blessed = tuple(
        Effect(i, who, "Bless", Lasting(rounds=10, concentration="Maren"), 1, by="Maren", d4=1)
        for i, who in enumerate(("Bram", "Sen"), start=1)
    )
    own = Effect(3, "Maren", "Bless", Lasting(rounds=10), 1, by="Maren", concentration=True)
    party = [_bram(), _spells(SEN, "fire bolt"), maren]
    kw = {"effects": (*blessed, own), "effects_begun": 3}
    f = fight(party, _orcs(3), {"A": ["Maren", "Orc 1", "Orc 2"]}, **kw)
    assert _action_name(policy_choice(f, f.hero("Maren"))) == "Spirit Guardians"
    g = fight(party, _orcs(3), {"A": ["Maren", "Orc 1"]}, **kw)
    assert _action_name(policy_choice(g, g.hero("Maren"))) != "Spirit Guardians"


def test_f7_sleep_with_only_a_2nd_level_slot_left_rolls_2d8_more() -> None:
    """F7: "each slot level above 1st, roll an additional 2d8": with the 1st-level slots gone,
    Sleep is cast at 2nd (5d8 + 2d8, 31.5 on average) and covers four goblins of 7 (28)."""
    spent = tuple(replace(r, used=r.total) if r.name == "slot 1" else r for r in SEN.resources)
    sen = replace(_spells(SEN, "fire bolt", "sleep"), resources=spent)
    goblins = [monster(f"Goblin {i}", hp=7, ac=15, type="humanoid") for i in (1, 2, 3, 4)]
    f = fight([sen], goblins)
    choice = policy_choice(f, f.hero("Sen"))
    assert isinstance(choice.action, SpellChoice) and choice.action.spell.name == "Sleep"
    assert choice.action.upcast == 2 and choice.spend == (("slot 2", 1),)
    assert str(choice.action.spell.effect.sleep) == "5d8 + 2d8"  # type: ignore[union-attr]
    steps = _turn(f, "Sen", choice, seed=3).steps
    cast = next(s for s in steps if isinstance(s, SpellCast))
    assert len(cast.targets) == 4
