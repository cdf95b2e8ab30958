"""F7: what the common spells do besides damage, checked against the SRD 5.1's own text for
each spell (quoted at each test), in a player's words, through the engine's steps, the fight
file and the EFFECTS table the spellbook merges; and undo takes every cast back."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from lnf.dice import parse
from lnf.dice.roll import ScriptedDice
from lnf.engine.effects import Rolled, turn_edge
from lnf.engine.hero_turn import hero_steps, verify_act
from lnf.engine.sides import TABLE_HEROES
from lnf.errors import InputError, Refused
from lnf.formats.fight_file import parse_fight
from lnf.formats.spell_effects import EFFECTS
from lnf.formats.spellbook import spell_fields
from lnf.heroes.words import parse_choice
from lnf.model import Ability, Condition, Fight, Lasting, TurnEdge
from lnf.model.plan import Advantage
from lnf.model.steps import Attacked, Damaged, EffectEnded, SaveRolled, SpellCast, Used
from lnf.rules.attacks import attack_roll
from lnf.rules.conditions import save_disadvantage
from lnf.rules.roster import has_n_dot
from lnf.rules.spell_effects import auras_on, boons, effect_options, sleepers
from lnf.rules.spellcasting import Caster
from lnf.views.turn import short_options
from tests.builders import hero, monster
from tests.cli import run

# The spells as a DM writes them (docs/spell-effects.md), DC 14 and +6 to hit.
FILE = """
title: Spell effects
round: 1
heroes:
  - name: Maren
    class: cleric
    level: 5
    hp: 38
    ac: 18
    saves: {con: 2, wis: 6}
    attacks:
      - {name: Mace, to_hit: 6, damage: 1d6+3 bludgeoning}
      - {name: Hold Person, slot: 2, save: wis 14, half: false, concentration: true,
         riders: [{condition: paralyzed, lasting: 1 minute, repeat: end}]}
      - {name: Bless, slot: 1, concentration: true, effect: {allies: 3, d4: 1, lasting: 1 minute}}
      - {name: Shield of Faith, slot: 1, cost: bonus action, concentration: true,
         effect: {allies: 1, ac: 2, lasting: 10 minutes}}
      - {name: Spirit Guardians, slot: 3, save: wis 14, damage: 3d8 radiant,
         upcast: {4: 4d8 radiant}, concentration: true, effect: {aura: true, lasting: 10 minutes}}
      - {name: Spiritual Weapon, slot: 2, spell: true, cost: bonus action, to_hit: 6,
         damage: 1d8+3 force, effect: {weapon: true, lasting: 1 minute}}
  - name: Sen
    class: wizard
    level: 5
    hp: 28
    ac: 12
    saves: {con: 1, int: 6}
    attacks:
      - {name: Fire Bolt, kind: ranged, range: 120, spell: true, to_hit: 6, damage: 2d10 fire}
      - {name: Sleep, slot: 1, area: sphere 20,
         effect: {sleep: 5d8, per_slot: 2d8, lasting: 1 minute}}
      - {name: Web, slot: 2, save: dex 14, half: false, area: cube 20, concentration: true,
         riders: [{condition: restrained, lasting: 1 hour, repeat: end, escape: str}]}
      - {name: Faerie Fire, slot: 1, save: dex 14, half: false, area: cube 20,
         concentration: true, riders: [{condition: outlined, lasting: 1 minute}]}
  - name: Bram
    class: fighter
    level: 5
    hp: 44
    ac: 16
    attacks:
      - {name: Longsword, to_hit: 7, times: 2, damage: 1d8+4 slashing}
monsters:
  - {name: Thug, hp: 32, ac: 11, type: humanoid, saves: {wis: 0, str: 2},
     attacks: [{name: Mace, to_hit: 4, damage: 1d6+2 bludgeoning}]}
  - {name: Bandit, count: 2, hp: 11, ac: 12, type: humanoid, saves: {dex: 1},
     attacks: [{name: Scimitar, to_hit: 3, damage: 1d6+1 slashing}]}
  - {name: Zombie, hp: 22, ac: 8, type: undead,
     attacks: [{name: Slam, to_hit: 3, damage: 1d6+1 bludgeoning}]}
groups:
  A: [Maren, Bram, Thug, Bandit 1]
  B: [Sen, Bandit 2, Zombie]
"""


def _fight(text: str = FILE) -> Fight:
    return parse_fight(text, "spells.yaml")


def _act(f: Fight, who: str, words: str, faces: list[int]) -> Rolled:
    """`who`'s turn as the player says it, rolled with `faces` (the player's own dice)."""
    turn = Rolled.turn(f, who)
    choice = parse_choice(turn.fight, turn.fight.hero(who), words)
    verify_act(replace_current(turn.fight, who), choice)
    dice = ScriptedDice(faces)
    hero_steps(turn.rolling(dice), turn.fight.hero(who), choice, dice, TABLE_HEROES)
    return turn


def replace_current(f: Fight, who: str) -> Fight:
    return replace(f, turns=replace(f.turns, current=who))


def _effects(f: Fight, who: str) -> list[str]:
    return [e.what for e in f.effects if e.who == who]


# --- Hold Person ---------------------------------------------------------------------------


def test_hold_person_paralyzes_on_a_failed_wisdom_save_with_a_repeat_and_concentration() -> None:
    """SRD: "must succeed on a Wisdom saving throw or be paralyzed for the duration. At the
    end of each of its turns, the target can make another Wisdom saving throw. On a success,
    the spell ends on the target." Concentration, up to 1 minute."""
    turn = _act(_fight(), "Maren", "cast hold person at Thug", [9])  # 9 + 0 < 14
    f = turn.fight
    cast = next(s for s in turn.steps if isinstance(s, SpellCast))
    assert cast.damage == () and cast.saves[0].success is False
    held = next(e for e in f.effects if e.who == "Thug")
    assert (
        held.condition is Condition.PARALYZED
        and Condition.PARALYZED in f.monster("Thug").conditions
    )
    assert held.lasting == Lasting(
        rounds=10, save=(Ability.WIS, 14), each=TurnEdge.END, concentration="Maren"
    )
    assert any(isinstance(s, Used) and s.resource == "slot 2" for s in turn.steps)
    # F3: a hit from within 5 feet on a paralyzed creature is a critical hit.
    hit = _act(f, "Bram", "attack Thug", [12, 12, 3, 4] * 2)  # advantage, 2d8 (doubled)
    swings = [s for s in hit.steps if isinstance(s, Attacked) and s.hit]
    assert swings and all(s.critical for s in swings)
    # At the end of its turn the Thug saves again; a success ends it.
    end = Rolled.turn(hit.fight, "Thug")
    turn_edge(end, "Thug", TurnEdge.END, ScriptedDice([14]))
    assert Condition.PARALYZED not in end.fight.monster("Thug").conditions


def test_hold_person_ends_with_the_casters_concentration() -> None:
    """F5: a failed Constitution save after damage ends the spell and its paralysis."""
    f = _act(_fight(), "Maren", "cast hold person at Thug", [2]).fight
    turn = Rolled.turn(f, "Bandit 1").rolling(ScriptedDice([1]))  # the concentration save: 1
    turn.do(Damaged("Maren", 6))
    assert Condition.PARALYZED not in turn.fight.monster("Thug").conditions
    assert not turn.fight.effects


# --- Faerie Fire ---------------------------------------------------------------------------


def test_faerie_fire_outlines_who_fails_the_dexterity_save() -> None:
    """SRD: "Each creature in the area when the spell is cast is also outlined in light if it
    fails a Dexterity saving throw" (20-foot cube: E1 counts 4), concentration 1 minute."""
    turn = _act(_fight(), "Sen", "cast faerie fire at Bandit 2 and Zombie", [3, 15])
    f = turn.fight
    cast = next(s for s in turn.steps if isinstance(s, SpellCast))
    assert cast.area.startswith("20 ft cube, 4 targets")
    assert Condition.OUTLINED in f.monster("Bandit 2").conditions
    assert Condition.OUTLINED not in f.monster("Zombie").conditions  # 15 + 0 ≥ 14: saved
    assert _effects(f, "Sen") == ["Faerie Fire"]


def test_faerie_fire_gives_attackers_advantage_and_takes_invisibility_away() -> None:
    """SRD: "Any attack roll against an affected creature or object has advantage if the
    attacker can see it, and the affected creature or object can't benefit from being
    invisible." On a hero it is an N dot (T1)."""
    lit = monster("Imp", conditions=frozenset({Condition.OUTLINED, Condition.INVISIBLE}))
    bram = hero("Bram")
    roll, why = attack_roll(bram, lit, close=True, from_front=False)
    assert roll is Advantage.ADVANTAGE and "Imp is outlined by Faerie Fire" in why
    hidden = monster("Imp", conditions=frozenset({Condition.INVISIBLE}))
    assert attack_roll(bram, hidden, close=True, from_front=False)[0] is Advantage.DISADVANTAGE
    assert has_n_dot(hero("Wren", conditions=frozenset({Condition.OUTLINED})))


# --- Bless and Shield of Faith -------------------------------------------------------------


def test_bless_adds_a_d4_to_three_allies_attack_rolls_and_saves() -> None:
    """SRD: "You bless up to three creatures of your choice within range. Whenever a target
    makes an attack roll or a saving throw before the spell ends, the target can roll a d4 and
    add the number rolled." Concentration, up to 1 minute."""
    f = _act(_fight(), "Maren", "cast bless on Bram, Sen and Maren", []).fight
    assert [e.who for e in f.effects if e.d4] == ["Bram", "Sen", "Maren"]
    assert all(e.lasting.concentration == "Maren" for e in f.effects if e.d4)
    assert boons(f, f.hero("Bram")) == (1,)
    swing = _act(f, "Bram", "attack Thug", [10, 3, 5, 10, 2, 5])
    rolls = [s for s in swing.steps if isinstance(s, Attacked)]
    assert [s.d4 for s in rolls] == [(3,), (2,)]  # each attack roll gets its own d4
    save = Rolled.turn(f, "Thug").rolling(ScriptedDice([9, 4]))
    save.do(Damaged("Maren", 4))  # Maren's concentration save: 9 + 2 + d4 4 = 15
    said = next(s for s in save.steps if isinstance(s, SaveRolled))
    assert said.save.d4 == (4,) and said.save.success


def test_f7_the_turn_s_options_name_the_side_a_bless_takes_whole() -> None:
    """F7: with three heroes standing Bless takes them all, said as "cast Bless on Bram, Sen
    and Maren"; with one, "on Maren" (before: "on up to 3 of Maren"); with more than it takes,
    "up to 3 of …"; Shield of Faith, one of them: "on Maren, Sen or Bram"."""
    f = _fight()
    maren = f.hero("Maren")
    assert effect_options(f, maren)[:2] == [
        "cast Bless on Maren, Sen and Bram",
        "cast Shield of Faith on Maren, Sen or Bram",  # one of them
    ]
    alone = replace(f, heroes=(maren,))
    assert "cast Bless on Maren" in effect_options(alone, maren)
    four = replace(f, heroes=(*f.heroes, replace(maren, name="Dee")))
    assert any(o.startswith("cast Bless on up to 3 of ") for o in effect_options(four, maren))


def test_bless_takes_up_to_three_of_the_casters_side() -> None:
    f = _fight()
    with pytest.raises(Refused, match="up to 3"):
        parse_choice(f, f.hero("Maren"), "cast bless on Bram, Sen, Maren and Bram")
    with pytest.raises(Refused, match="Thug is a foe"):
        parse_choice(f, f.hero("Maren"), "cast bless on Bram and Thug")


def test_shield_of_faith_is_a_bonus_action_of_plus_two_ac_while_concentrating() -> None:
    """SRD: "A shimmering field appears and surrounds a creature of your choice within range,
    granting it a +2 bonus to AC for the duration." 1 bonus action, concentration 10 minutes."""
    f = _fight()
    turn = _act(f, "Maren", "cast shield of faith on Bram; attack Thug with mace", [1, 1])
    after = turn.fight
    assert after.hero("Bram").ac == 18
    faith = next(e for e in after.effects if e.who == "Bram")
    assert faith.ac == 2 and str(faith.lasting).startswith("10 minutes")
    broken = Rolled.turn(after, "Thug").rolling(ScriptedDice([1]))
    broken.do(Damaged("Maren", 4))
    assert broken.fight.hero("Bram").ac == 16  # the concentration ends: the AC goes back


def test_a_bonus_action_spell_leaves_only_a_cantrip_for_the_action() -> None:
    f = _fight()
    choice = parse_choice(f, f.hero("Maren"), "cast shield of faith on Bram; cast bless on Sen")
    with pytest.raises(Refused) as refused:
        verify_act(replace_current(Rolled.turn(f, "Maren").fight, "Maren"), choice)
    assert refused.value.rule == "F1"


# --- Web -----------------------------------------------------------------------------------


def test_web_restrains_and_the_escape_is_a_strength_roll_at_the_spells_dc() -> None:
    """SRD: "Each creature that starts its turn in the webs or that enters them during its
    turn must make a Dexterity saving throw. On a failed save, the creature is restrained as
    long as it remains in the webs or until it breaks free. A creature restrained by the webs
    can use its action to make a Strength check against your spell save DC." Concentration,
    up to 1 hour. lnf: the Strength roll at the end of each of its turns."""
    f = _act(_fight(), "Sen", "cast web at Bandit 2 and Zombie", [2, 2]).fight
    webbed = next(e for e in f.effects if e.who == "Zombie")
    assert webbed.condition is Condition.RESTRAINED and webbed.lasting.rounds == 600
    assert webbed.lasting.save == (Ability.STR, 14) and webbed.lasting.concentration == "Sen"
    # F3: restrained, its Dexterity saves are at disadvantage and it changes no group.
    assert save_disadvantage(f.monster("Zombie"), Ability.DEX)


# --- Sleep ---------------------------------------------------------------------------------


def test_sleep_takes_hit_points_lowest_first_and_passes_over_undead() -> None:
    """SRD: "Roll 5d8; the total is how many hit points of creatures this spell can affect.
    … Starting with the creature that has the lowest current hit points, each creature
    affected by this spell falls unconscious … Undead and creatures immune to being charmed
    aren't affected by this spell." At higher levels: "roll an additional 2d8 for each slot
    level above 1st"."""
    f = _fight()
    assert sleepers(f, ("Zombie", "Bandit 2", "Sen"), 30) == ("Bandit 2",)  # Sen 28 > 19 left
    assert sleepers(f, ("Zombie", "Bandit 2", "Sen"), 40) == ("Bandit 2", "Sen")
    assert sleepers(f, ("Bandit 2",), 10) == ()  # 11 hit points: more than the 10 rolled
    sleep = f.hero("Sen").attacks[1]
    assert sleep.at_slot(3).effect is not None
    assert sleep.at_slot(3).effect.sleep.average == parse("9d8").average  # type: ignore[union-attr]


def test_sleep_puts_to_sleep_and_a_damage_wakes() -> None:
    """SRD: "falls unconscious until the spell ends, the sleeper takes damage, or someone
    uses an action to shake or slap the sleeper awake"; 1 minute."""
    turn = _act(_fight(), "Sen", "cast sleep at Bandit 2 and Zombie", [8, 8, 8, 8, 8])
    cast = next(s for s in turn.steps if isinstance(s, SpellCast))
    assert cast.pool == 40 and cast.saves == ()
    f = turn.fight
    assert Condition.UNCONSCIOUS in f.monster("Bandit 2").conditions
    assert Condition.UNCONSCIOUS not in f.monster("Zombie").conditions  # undead
    hurt = Rolled.turn(f, "Bram").rolling(ScriptedDice([]))
    hurt.do(Damaged("Bandit 2", 1))
    assert Condition.UNCONSCIOUS not in hurt.fight.monster("Bandit 2").conditions
    assert any(isinstance(s, EffectEnded) and "wakes" in s.why for s in hurt.steps)


# --- Spirit Guardians ----------------------------------------------------------------------


def test_spirit_guardians_hurts_a_foe_that_starts_its_turn_in_the_casters_group() -> None:
    """SRD: "a creature … starts its turn there, it must make a Wisdom saving throw. On a
    failed save, the creature takes 3d8 radiant damage … On a successful save, the creature
    takes half as much damage." Concentration, up to 10 minutes. lnf: the caster's group."""
    turn = _act(_fight(), "Maren", "cast spirit guardians", [])
    cast = next(s for s in turn.steps if isinstance(s, SpellCast))
    assert cast.damage == () and cast.saves == ()  # nothing when cast
    f = turn.fight
    assert [e.what for e in auras_on(f, "Thug")] == ["Spirit Guardians"]
    assert auras_on(f, "Bandit 2") == [] and auras_on(f, "Bram") == []  # elsewhere; an ally
    start = Rolled.turn(f, "Thug")
    turn_edge(
        start,
        "Thug",
        TurnEdge.START,
        ScriptedDice([15, 4, 4, 4]),
    )  # Wis 15 + 0 ≥ 14: half of 12
    hit = next(s for s in start.steps if isinstance(s, Damaged))
    assert hit.amount == 6 and str(hit.type) == "radiant"
    assert start.fight.monster("Thug").current_hp == 26


# --- Spiritual Weapon ----------------------------------------------------------------------


def test_spiritual_weapon_lasts_a_minute_and_attacks_again_without_a_slot() -> None:
    """SRD: "You create a floating, spectral weapon within range that lasts for the duration
    … When you cast the spell, you can make a melee spell attack against a creature within 5
    feet of the weapon. On a hit, the target takes force damage equal to 1d8 + your
    spellcasting ability modifier. As a bonus action on your turn, you can move the weapon up
    to 20 feet and repeat the attack." 1 bonus action, 1 minute, no concentration."""
    f = _fight()
    turn = _act(f, "Maren", "cast spiritual weapon at Bandit 2", [15, 5])  # not in her group
    weapon = next(e for e in turn.fight.effects if e.who == "Maren")
    assert weapon.what == "Spiritual Weapon" and weapon.lasting.rounds == 10
    assert not weapon.concentration and weapon.weapon == 2
    hit = next(s for s in turn.steps if isinstance(s, Attacked))
    assert hit.hit and hit.damage_text.startswith("1d8")
    next_turn = Rolled.turn(turn.fight, "Thug").fight  # Maren's turn is over
    words = "attack Bandit 2 with spiritual weapon; cast hold person at Thug"
    later = _act(next_turn, "Maren", words, [15, 5, 3])
    assert [s.resource for s in later.steps if isinstance(s, Used)] == ["slot 2"]  # Hold Person's
    assert len([e for e in later.fight.effects if e.weapon]) == 1
    # F1: the slot is spent as Hold Person is cast, after the weapon's swing, so the log tells
    # it beside the spell that spends it, not beside the free swing
    kinds = [type(s) for s in later.steps if isinstance(s, Attacked | Used | SpellCast)]
    assert kinds.index(Attacked) < kinds.index(Used) < kinds.index(SpellCast)


def test_a_bonus_action_spell_after_the_action_spends_its_slot_as_it_is_cast() -> None:
    """F1: "attack Thug with mace; cast spiritual weapon at Bandit 2": the mace first (no
    slot), then the bonus action's spell and its slot, told in that order."""
    words = "attack Thug with mace; cast spiritual weapon at Bandit 2"
    turn = _act(_fight(), "Maren", words, [15, 3, 15, 3])
    kinds = [type(s).__name__ for s in turn.steps if isinstance(s, Attacked | Used)]
    assert kinds == ["Attacked", "Used", "Attacked"]


# --- the fight file and the EFFECTS table --------------------------------------------------


@pytest.mark.parametrize("name", sorted(EFFECTS))
def test_every_effects_entry_reads_as_an_attack_entry(name: str) -> None:
    """F7: each spell of the table, as the spellbook gives it to a level-5 cleric or wizard
    (its own figures with the table's fields), is read from the fight file and played. Maren
    gets a slot of its level (F7 refuses a written-out spell above every slot of her sheet:
    Hold Monster's 5th, Power Word Stun's 8th)."""
    caster = Caster(cls="wizard", level=5, mod=3, proficiency=3)
    (entry,) = spell_fields(name, caster)["attacks"]
    text = FILE.replace(
        "      - {name: Mace, to_hit: 6, damage: 1d6+3 bludgeoning}",
        "      - {name: Mace, to_hit: 6, damage: 1d6+3 bludgeoning}\n      - " + json.dumps(entry),
        1,
    )
    if entry.get("slot", 0) > 3:  # above a level-5 cleric's slots
        text = text.replace("    hp: 38\n", f"    hp: 38\n    slots: {{{entry['slot']}: 1}}\n", 1)
    spell = _fight(text).hero("Maren").attacks[1]
    assert spell.name.lower() == name
    assert spell.riders or spell.effect is not None
    if name in ("hold person", "faerie fire", "web", "spirit guardians"):
        assert spell.save is not None and spell.save[1] == 14  # the caster's DC: 8 + 3 + 3


def test_spirit_guardians_from_the_spellbook_by_its_text() -> None:
    """F7, the SRD: "3d8 radiant damage on a failed save, or half as much on a successful
    one"; "a Wisdom saving throw"; "the damage increases by 1d8 for each slot level above 3rd"."""
    cleric = Caster(cls="cleric", level=5, mod=4, proficiency=3)
    (entry,) = spell_fields("spirit guardians", cleric)["attacks"]
    assert (entry["save"], entry["damage"], entry["half"]) == ("wis 15", "3d8 radiant", True)
    assert entry["upcast"]["5"] == "5d8 radiant"


@pytest.mark.parametrize(
    ("entry", "said"),
    [
        ("{name: Bless, effect: {allies: 3, d4: 1}}", "only a spell has an effect"),
        ("{name: Bless, slot: 1, effect: {allies: 3}}", "say what it gives them"),
        ("{name: Web, slot: 2, save: dex 14}", "missing field 'damage'"),
        ("{name: Sleep, slot: 1, effect: {per_slot: 2d8}}", "more of what?"),
        ("{name: Bless, slot: 1, effect: {allies: 3, d4: 1, aura: true}}", "one of"),
        ("{name: SG, slot: 3, damage: 3d8 radiant, effect: {aura: true}}", "give save"),
    ],
)
def test_a_wrong_effect_is_named_with_its_field_and_rule(entry: str, said: str) -> None:
    text = FILE.replace(
        "      - {name: Mace, to_hit: 6, damage: 1d6+3 bludgeoning}",
        "      - {name: Mace, to_hit: 6, damage: 1d6+3 bludgeoning}\n      - " + entry,
        1,
    )
    with pytest.raises(InputError, match=said.replace("?", r"\?")):
        _fight(text)


# --- at the table: the words, the effects line, undo ----------------------------------------


def _turn_of(path: str, who: str) -> None:
    for _ in range(30):
        code, out = run("next", path, "--seed", "3")
        assert code == 0, out
        while "lnf react" in out and "Say so" in out:
            asked = out.split("Say so: lnf react ")[1].split()[1]
            code, out = run("react", path, asked, "--pass")
        if f"It is {who}'s turn" in out:
            return
    raise AssertionError(f"no turn of {who}")


def test_at_the_table_bless_shows_on_whom_and_undo_takes_it_back(tmp_path: Path) -> None:
    path = tmp_path / "spells.yaml"
    path.write_text(FILE)
    _turn_of(str(path), "Maren")
    code, out = run("act", str(path), "cast bless on Bram, Sen, Maren")
    assert code == 0, out
    assert "Bram: Bless (+1d4 to attack rolls and saves) (by Maren), 1 minute" in out
    code, shown = run("show", str(path))
    assert "Sen: Bless (+1d4 to attack rolls and saves) (by Maren, since round" in shown
    assert run("undo", str(path))[0] == 0
    code, shown = run("show", str(path))
    assert "Bless" not in shown
    code, out = run("act", str(path), "cast bless on Bram and Thug")
    assert code == 2 and "(F7)" in out and "Thug is a foe" in out


def test_the_fight_file_writes_the_spells_back_as_they_were_read() -> None:
    """`effect:`, a spell without damage and Web's `escape` survive lnf's own writer."""
    from lnf.formats.fight_writer import dump_fight

    f = _fight()
    again = parse_fight(dump_fight(f), "again.yaml")
    assert again.heroes == f.heroes


def test_a_resisted_hold_person_ends_the_old_concentration_and_keeps_none() -> None:
    """F5: casting it ends Bless; every target saved, so nothing lasts and no C dot."""
    f = _act(_fight(), "Maren", "cast bless on Bram", []).fight
    again = Rolled.turn(f, "Thug").fight
    turn = _act(again, "Maren", "cast hold person at Thug", [19])
    assert not turn.fight.effects and turn.fight.hero("Maren").c_dot is None


def test_sleep_that_covers_nobody_says_so() -> None:
    turn = _act(_fight(), "Sen", "cast sleep at Bandit 2 and Zombie", [1, 1, 1, 1, 1])
    notes = [n for d in turn.done for n in d.notes]
    assert "nobody falls asleep: 5 hit points cover none of them" in notes
    assert not any(e.until_hurt for e in turn.fight.effects)


def test_f7_a_save_spell_s_foes_are_listed_the_english_way() -> None:
    """F7: the options name a save spell's foes "A, B or C", as Fire Bolt's are (never "A or B
    or C"), and Sleep's too (rules.wording.or_list) — not the Zombie: "Undead … aren't
    affected by this spell" (F7, tests/test_creature_limits.py)."""
    f = _fight()
    said = short_options(f, f.hero("Sen"))
    assert "cast Web at Thug, Bandit 1, Bandit 2 or Zombie (20 ft cube: save)" in said
    assert "cast Sleep at Thug, Bandit 1 or Bandit 2 (20 ft sphere)" in said
    assert said.count(" or ") == 5  # one a list, and the every-turn actions' own
