"""What sheets and spells bring, played: upcasting (F7), beams and Extra Attack split between
foes (F2), Ki, Martial Arts and Flurry of Blows after the Attack action (F1, F2), Action Surge
with Extra Attack, and a spell's note said when it is used (F7). The SRD's own figures:
Fireball 8d6, at 4th 9d6; Cure Wounds at 2nd 2d8 + mod; Eldritch Blast at level 5 two 1d10
attack rolls."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from lnf.dice import parse
from lnf.dice.roll import ScriptedDice
from lnf.engine.apply import Steps
from lnf.engine.decisions import AttackChoice, HealChoice, SpellChoice
from lnf.engine.hero_turn import hero_steps, spell_aim
from lnf.errors import Refused
from lnf.formats.fight_file import load_fight, parse_fight
from lnf.formats.fight_writer import dump_fight
from lnf.heroes.policy import PolicyHeroes
from lnf.heroes.words import parse_choice
from lnf.model import Fight
from lnf.model.steps import Attacked, SpellCast
from tests.cli import run

PARTY = """
title: Spells and blows
heroes:
  - {name: Kara, class: wizard, level: 5, hp: 27, ac: 12, slots: {4: 1},
     attacks: [{name: Fireball, kind: ranged, to_hit: 0, damage: 8d6 fire, save: dex 14,
                area: sphere 20, slot: 3, range: 150, spell: true,
                upcast: {4: 9d6 fire, 5: 10d6 fire}},
               {name: Fire Bolt, kind: ranged, to_hit: 6, damage: 2d10 fire, range: 120,
                spell: true},
               {name: Ray of Frost, kind: ranged, to_hit: 6, damage: 2d8 cold, range: 60,
                spell: true, note: "the target's speed drops by 10 feet"}]}
  - {name: Wren, class: warlock, level: 5, hp: 33, ac: 13,
     attacks: [{name: Eldritch Blast, kind: ranged, to_hit: 6, damage: 1d10 force, range: 120,
                spell: true, times: 2, note: "each beam may push the target 10 feet"}]}
  - {name: Kai, class: monk, level: 5, hp: 33, ac: 16,
     attacks: [{name: Unarmed Strike, to_hit: 6, damage: 1d6+3 bludgeoning, times: 2},
               {name: Quarterstaff, to_hit: 6, damage: 1d8+3 bludgeoning, times: 2},
               {name: Martial Arts, to_hit: 6, damage: 1d6+3 bludgeoning, cost: bonus action,
                after_attack: [Unarmed Strike, Quarterstaff]},
               {name: Flurry of Blows, to_hit: 6, damage: 1d6+3 bludgeoning, times: 2,
                cost: bonus action, spends: Ki, after_attack: [Unarmed Strike, Quarterstaff]}]}
  - {name: Bram, class: fighter, level: 5, hp: 44, ac: 18,
     attacks: [{name: Longsword, to_hit: 6, damage: 1d8+3 slashing, times: 2}]}
  - {name: Mira, class: cleric, level: 5, hp: 38, ac: 18,
     heals: {Cure Wounds: {dice: 1d8+3, slot: 1, upcast: {2: 2d8+3, 3: 3d8+3}},
             Healing Word: {dice: 1d4+3, slot: 1, cost: bonus action,
                            note: "the words are heard 60 feet away"}},
     attacks: [{name: Mace, to_hit: 4, damage: 1d6+2 bludgeoning}]}
monsters:
  - {monster: orc, count: 4}
groups:
  A: [Kai, Bram, Mira, Orc 1, Orc 2]
surprised: [Orc 3, Orc 4]  # they stay apart in round 1 (D12), for the spells cast at them
"""


def _party(text: str = PARTY) -> Fight:
    return parse_fight(text, "party.yaml")


def _file(tmp_path: Path, text: str = PARTY) -> str:
    path = tmp_path / "party.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def _turn_of(path: str, name: str, seed: str = "3") -> str:
    """Play the table on to `name`'s turn; the heroes let every foe go and take no guard."""
    out = run("next", path, "--seed", seed)[1]
    for _ in range(40):
        if f"It is {name}'s turn" in out:
            return out
        if "about to leave" in out or "take that reaction" in out:
            for hero in ("Kara", "Wren", "Kai", "Bram", "Mira"):
                run("react", path, hero, "--pass")
        out = run("next", path)[1]
    raise AssertionError(f"no turn of {name}'s came: {out}")


# --- F7: upcasting ----------------------------------------------------------------------------


def test_f7_fireball_at_4th_spends_the_4th_level_slot_and_rolls_9d6(tmp_path: Path) -> None:
    fight = _party()
    kara = fight.hero("Kara")
    for words in (
        "cast fireball at 4th at Orc 3, Orc 4",
        "cast Fireball at Orc 3, Orc 4 at 4th",
        "cast fireball with a 4th-level slot at Orc 3 and Orc 4",
        "cast fireball at Orc 3, Orc 4 at level 4",
    ):
        choice = parse_choice(fight, kara, words)
        assert isinstance(choice.action, SpellChoice), words
        assert choice.spend == (("slot 4", 1),), words
        assert str(choice.action.spell.damage) == "9d6 fire" and choice.action.upcast == 4
        assert choice.action.targets == ("Orc 3", "Orc 4")
    plain = parse_choice(fight, kara, "cast fireball at Orc 3")
    assert isinstance(plain.action, SpellChoice) and str(plain.action.spell.damage) == "8d6 fire"
    assert plain.spend == (("slot 3", 1),) and plain.action.upcast == 0

    path = _file(tmp_path)
    _turn_of(path, "Kara")
    code, out = run("act", path, "cast fireball at 4th at Orc 3 and Orc 4")
    assert code == 0, out
    assert "Kara spends a 4th-level spell slot (0 of 1 left)." in out
    told = next(line for line in out.splitlines() if line.startswith("Kara casts Fireball"))
    assert told.startswith("Kara casts Fireball at 4th level (20 ft sphere")
    faces = told.split(": 9d6 (", 1)[1].split(")", 1)[0]
    assert len(faces.split(", ")) == 9  # nine dice rolled
    assert "4th 0/1" in run("show", path)[1]
    run("undo", path)
    assert "4th 1/1" in run("show", path)[1]  # undo gives the slot back


def test_f7_a_slot_below_the_spell_a_cantrip_or_none_left_is_refused() -> None:
    fight = _party()
    kara = fight.hero("Kara")
    with pytest.raises(Refused, match="3rd-level spell: cast it with a slot of the 3rd") as low:
        parse_choice(fight, kara, "cast fireball at 2nd at Orc 3")
    assert low.value.rule == "F7"
    with pytest.raises(Refused, match=r"Fire Bolt takes no spell slot \(a cantrip") as cantrip:
        parse_choice(fight, kara, "cast fire bolt at 2nd at Orc 3")
    assert cantrip.value.rule == "F7"
    with pytest.raises(Refused, match=r"no 5th-level slot left for Fireball \(slots: 1st 4/4"):
        parse_choice(fight, kara, "cast fireball at 5th at Orc 3")
    spent = _party(PARTY.replace("slots: {4: 1}", "slots: {4: 1}, used: {slot 4: 1}"))
    with pytest.raises(Refused, match="no 4th-level slot left") as gone:
        parse_choice(spent, spent.hero("Kara"), "cast fireball at 4th at Orc 3")
    assert gone.value.rule == "F7, F1"


def test_f7_without_a_level_the_damage_follows_the_slot_spent() -> None:
    """The 3rd-level slots are gone: Fireball takes the 4th, and its 4th-level dice."""
    fight = _party(PARTY.replace("slots: {4: 1}", "slots: {4: 1}, used: {slot 3: 2}"))
    choice = parse_choice(fight, fight.hero("Kara"), "cast fireball at Orc 3")
    assert isinstance(choice.action, SpellChoice)
    assert choice.spend == (("slot 4", 1),) and str(choice.action.spell.damage) == "9d6 fire"
    assert choice.action.upcast == 4


def test_f7_cure_wounds_at_2nd_heals_2d8_plus_the_modifier(tmp_path: Path) -> None:
    fight = _party()
    fight = fight.with_combatant(replace(fight.hero("Bram"), hp_now=10))
    mira = fight.hero("Mira")
    for words in ("heal Bram with cure wounds at 2nd", "cast Cure Wounds at 2nd on Bram"):
        choice = parse_choice(fight, mira, words)
        assert isinstance(choice.action, HealChoice), words
        assert str(choice.action.amount) == "2d8+3" and choice.action.upcast == 2
        assert choice.spend == (("slot 2", 1),)
    plain = parse_choice(fight, mira, "cast cure wounds on Bram")
    assert isinstance(plain.action, HealChoice) and str(plain.action.amount) == "1d8+3"
    with pytest.raises(Refused, match="Kai has no healing spell called 'Cure Wounds'"):
        parse_choice(fight, fight.hero("Kai"), "heal Bram with Cure Wounds at 2nd")
    potion = _party(PARTY.replace("Healing Word: {", "Potion: {dice: 2d4+2}, Healing Word: {"))
    potion = potion.with_combatant(replace(potion.hero("Bram"), hp_now=10))
    with pytest.raises(Refused, match="Potion takes no spell slot") as no_slot:
        parse_choice(potion, potion.hero("Mira"), "heal Bram with Potion at 2nd")
    assert no_slot.value.rule == "F7"


# --- F2: beams and swings split between foes -----------------------------------------------------


def test_f2_eldritch_blast_at_level_5_is_two_1d10_attack_rolls(tmp_path: Path) -> None:
    fight = _party()
    choice = parse_choice(fight, fight.hero("Wren"), "cast eldritch blast at Orc 3")
    assert isinstance(choice.action, AttackChoice) and choice.action.times == 2
    split = parse_choice(fight, fight.hero("Wren"), "cast eldritch blast at Orc 3 and Orc 4")
    assert isinstance(split.action, AttackChoice) and split.action.then == ("Orc 4",)
    with pytest.raises(Refused, match="name up to 2 targets") as many:
        parse_choice(fight, fight.hero("Wren"), "cast eldritch blast at Orc 3, Orc 4, Orc 1")
    assert many.value.rule == "F2"

    path = _file(tmp_path)
    _turn_of(path, "Wren")
    code, out = run("act", path, "cast eldritch blast at Orc 3 and Orc 4")
    assert code == 0, out
    beams = [line for line in out.splitlines() if "with Eldritch Blast" in line]
    assert [b.split(" with ")[0] for b in beams] == ["Wren attacks Orc 3", "Wren attacks Orc 4"]
    assert all("1d10 (" in b for b in beams if ": hit" in b)  # each beam its own 1d10
    # F7: the note once for the two beams
    pushed = "Eldritch Blast, for the DM to rule: each beam may push the target 10 feet"
    assert out.count(pushed) == 1


def test_f2_surge_and_extra_attack_make_four_and_go_on_to_the_next_foe() -> None:
    """Bram surges (two actions of two swings); a critical drops Orc 1 at the first, so the
    three others go at Orc 2, the other foe in his group, as a player would."""
    fight = _party()
    choice = parse_choice(fight, fight.hero("Bram"), "attack Orc 1 surge")
    assert isinstance(choice.action, AttackChoice) and choice.action.times == 4
    assert choice.spend == (("Action Surge", 1),)
    turn = Steps.turn(fight, "Bram")
    faces = [20, 8, 8, 15, 1, 15, 1, 2]  # a crit of 19 on the 15 hp orc; then 4, 4, a miss
    hero_steps(turn, fight.hero("Bram"), choice, ScriptedDice(faces), PolicyHeroes())
    swings = [d.step for d in turn.done if isinstance(d.step, Attacked)]
    assert [s.target for s in swings] == ["Orc 1", "Orc 2", "Orc 2", "Orc 2"]
    assert [s.hit for s in swings] == [True, True, True, False]


@pytest.mark.parametrize(
    ("faces", "dotted"),
    [
        ([15, 1, 15, 1, 1, 1], False),  # the first action's two hit, the surge's two miss
        ([1, 1, 15, 1, 1], True),  # the first action's two miss, the surge's first hits
    ],
)
def test_t1_only_the_surged_action_s_swings_spend_action_surge(
    faces: list[int], dotted: bool
) -> None:
    """T1: "normal attacks, Extra Attack … never give" an O dot: of Bram's four swings, the
    last two are Action Surge's second action, and only damage they deal gives him one."""
    fight = _party()
    choice = parse_choice(fight, fight.hero("Bram"), "attack Orc 1 surge")
    assert isinstance(choice.action, AttackChoice) and choice.action.surged == 2
    turn = Steps.turn(fight, "Bram")
    hero_steps(turn, fight.hero("Bram"), choice, ScriptedDice(faces), PolicyHeroes())
    swings = [d.step for d in turn.done if isinstance(d.step, Attacked)]
    assert [s.big for s in swings] == ["", "", "Action Surge", "Action Surge"]
    assert turn.fight.hero("Bram").o_dot is dotted


def test_f2_the_swings_left_are_lost_when_no_foe_is_in_reach() -> None:
    fight = _party(PARTY.replace("A: [Kai, Bram, Mira, Orc 1, Orc 2]", "A: [Bram, Orc 1]"))
    choice = parse_choice(fight, fight.hero("Bram"), "attack Orc 1")
    turn = Steps.turn(fight, "Bram")
    hero_steps(turn, fight.hero("Bram"), choice, ScriptedDice([20, 8, 8]), PolicyHeroes())
    assert [d.step.target for d in turn.done if isinstance(d.step, Attacked)] == ["Orc 1"]


def test_f2_split_swings_must_reach_each_foe() -> None:
    fight = _party()
    split = parse_choice(fight, fight.hero("Bram"), "attack Orc 1 and Orc 2")
    assert isinstance(split.action, AttackChoice) and split.action.then == ("Orc 2",)
    with pytest.raises(Refused, match="Bram cannot reach Orc 3"):
        parse_choice(fight, fight.hero("Bram"), "attack Orc 1 and Orc 3")


# --- F1, F2: Ki, Martial Arts, Flurry of Blows ---------------------------------------------------


def test_f1_flurry_comes_only_after_the_attack_action() -> None:
    fight = _party()
    kai = fight.hero("Kai")
    for words in ("flurry at Orc 1", "flurry; attack Orc 1", "dodge; flurry at Orc 1"):
        with pytest.raises(Refused, match="only after Kai takes the Attack action") as refused:
            parse_choice(fight, kai, words)
        assert refused.value.rule == "F1", words
    with pytest.raises(Refused, match="Martial Arts is a bonus action only after"):
        parse_choice(fight, kai, "attack Orc 1 with Martial Arts")
    choice = parse_choice(fight, kai, "attack Orc 1; flurry")
    assert isinstance(choice.bonus_action, AttackChoice)
    assert choice.bonus_action.attack.name == "Flurry of Blows"
    assert choice.bonus_action.target == "Orc 1" and choice.bonus_action.times == 2
    assert choice.bonus_spend == (("Ki", 1),) and not choice.spend  # one Ki for both blows
    arts = parse_choice(fight, kai, "attack Orc 1 with quarterstaff; martial arts at Orc 2")
    assert isinstance(arts.bonus_action, AttackChoice) and arts.bonus_action.target == "Orc 2"
    assert arts.spend == ()
    plain = parse_choice(fight, kai, "attack Orc 1")  # the bonus blows only when said
    assert isinstance(plain.action, AttackChoice) and not plain.action.attack.after_attack


def test_f1_ki_is_spent_refused_when_gone_and_given_back_by_undo(tmp_path: Path) -> None:
    path = _file(tmp_path)
    _turn_of(path, "Kai")
    code, out = run("act", path, "flurry")
    assert code == 2 and "only after Kai takes the Attack action" in out and "(F1)" in out
    code, out = run("act", path, "attack Orc 2 with quarterstaff")
    assert code == 0, out
    assert "Kai can still: martial arts at" in out and "flurry at" in out  # the table offers it
    code, out = run("act", path, "flurry")
    assert code == 0, out
    assert "Kai uses Ki (4 of 5 left)." in out
    assert out.count("with Flurry of Blows") == 2 and "does nothing" not in out
    assert "Ki 4/5" in run("show", path)[1]
    run("undo", path)
    assert "Ki 5/5" in run("show", path)[1]
    spent = _party(
        PARTY.replace(
            "{name: Kai, class: monk, level: 5,",
            "{name: Kai, class: monk, level: 5, used: {Ki: 5},",
        )
    )
    with pytest.raises(Refused, match="Kai has 0 of 5 Ki left"):
        parse_choice(spent, spent.hero("Kai"), "attack Orc 1; flurry")


def test_f1_after_attack_names_attacks_of_the_sheet(tmp_path: Path) -> None:
    bad = PARTY.replace(
        "spends: Ki, after_attack: [Unarmed Strike, Quarterstaff]",
        "spends: Ki, after_attack: [Unarmed Strikes]",
    )
    code, out = run("show", _file(tmp_path, bad))
    assert code == 2 and "after_attack: 'Unarmed Strikes' is none of this sheet's attacks" in out
    fight = _party()
    assert parse_fight(dump_fight(fight), "again") == fight  # after_attack and notes written


# --- F7: what lnf does not play is said -----------------------------------------------------------


def test_f7_a_note_is_said_when_the_spell_or_healing_is_used(tmp_path: Path) -> None:
    path = _file(tmp_path)
    _turn_of(path, "Kara")
    code, out = run("act", path, "cast ray of frost at Orc 3")
    assert code == 0, out
    assert "  → Ray of Frost, for the DM to rule: the target's speed drops by 10 feet (F7)." in out
    log = run("log", path)[1]
    assert "Ray of Frost, for the DM to rule: the target's speed drops by 10 feet" in log


def test_f7_a_healing_note_is_said(tmp_path: Path) -> None:
    text = PARTY.replace(
        "{name: Bram, class: fighter, level: 5, hp: 44,",
        "{name: Bram, class: fighter, level: 5, hp: 20/44,",
    )
    path = _file(tmp_path, text)
    _turn_of(path, "Mira")
    code, out = run("act", path, "heal Bram with healing word")
    assert code == 0, out
    assert "Healing Word, for the DM to rule: the words are heard 60 feet away (F7)" in out


def test_load_fight_reads_the_party(tmp_path: Path) -> None:
    fight = load_fight(Path(_file(tmp_path)))
    kai = fight.hero("Kai")
    flurry = next(a for a in kai.attacks if a.name == "Flurry of Blows")
    assert flurry.after_attack == ("Unarmed Strike", "Quarterstaff") and flurry.spends == "Ki"
    assert fight.hero("Mira").heals[1].note == "the words are heard 60 feet away"
    assert str(parse("9d6 fire")) == str(fight.hero("Kara").attacks[0].at_slot(4).damage)


def test_f1_the_granted_blows_are_no_action_of_their_own() -> None:
    """The hero policy's options for the action (rules.legal.attack_options) leave out what
    only the Attack action opens."""
    from lnf.rules.legal import attack_options

    fight = _party()
    names = {a.name for _, a, _ in attack_options(fight, fight.hero("Kai"))}
    assert names == {"Unarmed Strike", "Quarterstaff"}


def test_a_spell_the_hero_does_not_have_is_named_before_its_targets(tmp_path: Path) -> None:
    """F7: `cast bless on Kara, Mira` by a fighter says the fighter has no such spell (not that
    Kara is no foe): the DM typed the right words on the wrong hero's turn."""
    path = _file(tmp_path)
    _turn_of(path, "Bram")
    code, out = run("act", path, "cast bless on Kara and Mira")
    assert code == 2 and "Bram has no spell called 'bless'" in out, out
    code, out = run("act", path, "attack Orc 1 with longsord")  # a typo: the nearest said
    assert code == 2 and "Bram has no attack called 'longsord'; did you mean 'Longsword'?" in out


# --- F2: a spell aimed at a foe that is down by the time it is cast ------------------------------

AIM = """
title: Sacred Flame after the Spiritual Weapon
heroes:
  - {name: Seren, class: cleric, level: 5, scores: {wis: 16}, spells: [sacred flame, fireball]}
monsters:
  - {monster: orc, count: 3}
groups:
  A: [Seren, Orc 1, Orc 2]
"""


def _down(fight: Fight, name: str) -> Fight:
    orc = fight.monster(name)
    return fight.with_combatant(replace(orc, damage=orc.hp))


def test_f2_a_spell_at_a_foe_already_down_goes_at_the_next_it_reaches() -> None:
    """The bonus action's blow dropped Orc 1 before the Sacred Flame meant for it: the flame
    goes at Orc 2, the first foe standing it reaches (G3), as a swing does; a spell catching
    several keeps those still standing."""
    fight = parse_fight(AIM, "aim.yaml")
    flame = parse_choice(fight, fight.hero("Seren"), "cast sacred flame at Orc 1")
    assert isinstance(flame.action, SpellChoice)
    fight = _down(fight, "Orc 1")
    turn = Steps.turn(fight, "Seren")
    hero_steps(turn, fight.hero("Seren"), flame, ScriptedDice([4, 4, 2]), PolicyHeroes())
    cast = [d.step for d in turn.done if isinstance(d.step, SpellCast)]
    assert [s.targets for s in cast] == [("Orc 2",)], cast
    aimed = spell_aim(fight, fight.hero("Seren"), replace(flame.action, targets=("Orc 1", "Orc 3")))
    assert aimed is not None and aimed.targets == ("Orc 3",)
    every = _down(_down(fight, "Orc 2"), "Orc 3")
    assert spell_aim(every, every.hero("Seren"), flame.action) is None  # nobody left to aim at
