"""F7, B3: a hero's Magic Missile (core-d20.md F7: "an automatic hit (Magic Missile)"). Each
dart, 1d4 + 1 force, hits without an attack roll and is never critical; the darts go at the
foes the words name, round and round (B3); a slot above 1st adds a dart ("at
higher levels"), and the log records the slot. The hero policy and the turn's options count
the darts as sure hits."""

from __future__ import annotations

from pathlib import Path

import pytest

from lnf.dice.roll import ScriptedDice
from lnf.engine.apply import Steps
from lnf.engine.decisions import AttackChoice
from lnf.engine.guards import land
from lnf.engine.hero_turn import hero_steps, swing_target
from lnf.engine.monster_actions import monster_action
from lnf.engine.resolve import roll_attack
from lnf.errors import Refused
from lnf.formats.fight_file import parse_fight
from lnf.formats.fight_writer import dump_fight
from lnf.formats.spellbook import spell_fields
from lnf.heroes.attack_policy import attack_choices
from lnf.heroes.policy import PolicyHeroes
from lnf.heroes.words import parse_choice
from lnf.model import Fight
from lnf.model.events import Turn
from lnf.model.plan import Mode, Order, Rank
from lnf.model.steps import Attacked, Guarded, Used
from lnf.rules.specials import action_mean
from lnf.rules.spellcasting import Caster
from lnf.views.transcript import describe
from lnf.views.turn import short_options
from tests.cli import run

TABLE = """
title: Darts
round: 1
heroes:
  - name: Quill
    class: wizard
    level: 5
    scores: {str: 8, dex: 14, con: 14, int: 18, wis: 12, cha: 10}
    spells: [magic missile, fire bolt]
    rank: back
    why: guarded
  - name: Nix
    class: rogue
    level: 5
    scores: {dex: 18}
    weapons: [rapier]
monsters:
  - {monster: orc, count: 2}
  - {monster: mage}
surprised: [Orc 1, Orc 2, Mage]  # D12: they do nothing in round 1, the darts' round
"""


def _table(text: str = TABLE) -> Fight:
    return parse_fight(text, "darts.yaml")


class _Dice(ScriptedDice):
    """Scripted faces, and the dice asked for, to show that no d20 is."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(faces)
        self.asked: list[int] = []

    def face(self, sides: int) -> int:
        self.asked.append(sides)
        return super().face(sides)


def _played(fight: Fight, who: str, words: str, faces: list[int]) -> Steps:
    """`who` does `words`, the dice scripted: d4s only, one a dart."""
    hero = fight.hero(who)
    choice = parse_choice(fight, hero, words)
    turn = Steps.turn(fight, who)
    dice = _Dice(faces)
    hero_steps(turn, hero, choice, dice, PolicyHeroes())
    assert dice.asked == [4] * len(faces)
    return turn


def test_f7_the_spellbook_gives_three_darts_of_1d4_plus_1_force_one_more_a_level() -> None:
    """No attack bonus (no roll), no bigger dice at higher slots: a dart more a slot level,
    and no note for the DM (lnf plays all of it)."""
    caster = Caster(cls="wizard", level=5, mod=4, proficiency=3)
    (entry,) = spell_fields("Magic Missile", caster)["attacks"]
    assert entry["damage"] == "1d4+1 force" and entry["times"] == 3
    assert entry["more_per_slot"] == 1 and entry["slot"] == 1
    assert "to_hit" not in entry and "upcast" not in entry and "note" not in entry
    quill = _table().hero("Quill")
    missile = next(a for a in quill.attacks if a.name == "Magic Missile")
    assert (missile.times, missile.at_slot(3).times, missile.at_slot(3).slot) == (3, 5, 3)
    assert str(missile.at_slot(3).damage) == "1d4+1 force"  # each dart's own dice


def test_b3_f7_each_dart_hits_without_a_roll_round_and_round_the_foes_named() -> None:
    """At 2nd level, four darts at Orc 1 and Orc 2: Orc 1, Orc 2, Orc 1, Orc 2, as a
    monster's darts go round the heroes (B3; docs/choices.md); only d4s are rolled, no d20,
    nothing critical; the 2nd-level slot is spent and each dart's step records it."""
    turn = _played(_table(), "Quill", "cast magic missile at Orc 1 and Orc 2 at 2nd", [1, 2, 3, 4])
    assert [s for s in turn.steps if isinstance(s, Used)] == [Used("Quill", "slot 2", 1)]
    darts = [s for s in turn.steps if isinstance(s, Attacked)]
    assert [d.target for d in darts] == ["Orc 1", "Orc 2", "Orc 1", "Orc 2"]
    assert all(d.hit and not d.critical and d.faces == () and d.slot == 2 for d in darts)
    assert [sum(n for _, n in d.damage) for d in darts] == [2, 3, 4, 5]
    assert turn.fight.monster("Orc 1").current_hp == 15 - 2 - 4
    assert turn.fight.monster("Orc 2").current_hp == 15 - 3 - 5
    one = _played(_table(), "Quill", "cast magic missile at Orc 2 at 2nd", [1, 1, 1, 1])
    assert {s.target for s in one.steps if isinstance(s, Attacked)} == {"Orc 2"}  # one named


def test_f7_a_dart_hits_any_ac_and_the_words_say_so(tmp_path: Path) -> None:
    """The mage's AC changes nothing: no roll for a raised AC to fall short of (surprised, it
    has no reaction: its Shield against the darts is the test below's)."""
    turn = _played(_table(), "Quill", "cast magic missile at Mage", [4, 4, 4])
    assert not [s for s in turn.steps if isinstance(s, Guarded)]
    assert turn.fight.monster("Mage").current_hp == 40 - 15
    path = tmp_path / "darts.yaml"
    path.write_text(TABLE, encoding="utf-8")
    code, out = run("next", str(path), "--seed", "3")
    for _ in range(20):
        if "It is Quill's turn" in out:
            break
        if "about to leave" in out or "take that reaction" in out:
            for hero in ("Quill", "Nix"):
                run("react", str(path), hero, "--pass")
        code, out = run("next", str(path))
    assert "It is Quill's turn" in out, out
    assert "cast Magic Missile at Orc 1, Orc 2 or Mage (ranged, 3 darts that hit without" in out
    code, out = run("act", str(path), "cast magic missile at orc 1, orc 2 and mage")
    assert code == 0, out
    lines = [line for line in out.splitlines() if "with Magic Missile" in line]
    assert len(lines) == 3 and "1d20" not in out
    assert lines[0].startswith(
        "Quill attacks Orc 1 with Magic Missile at range: a dart, a hit without an attack roll"
    )
    assert "for the DM to rule" not in out  # nothing of it left to the DM
    told = run("log", str(path))[1]  # the log's events replayed tell the same darts
    assert all(line in told for line in lines)
    code, out = run("act", str(path), "cast magic missile at orc 1")
    assert code != 0 and "action" in out  # the action is spent
    run("undo", str(path))
    code, out = run("act", str(path), "cast magic missile at orc 1, orc 2, mage, orc 1")
    assert "Magic Missile has 3 darts: name up to 3 targets, or cast it at 2nd level" in out
    code, out = run("act", str(path), "cast magic missile at orc 1, orc 2, mage, orc 1 at 2nd")
    assert code == 0, out
    assert out.count("with Magic Missile at 2nd level at range: a dart") == 4


def test_f7_the_hero_policy_counts_the_darts_as_sure_hits() -> None:
    """Against the mage (AC 12) or an orc (AC 13) a dart's worth is 3.5 whatever the AC: no
    chance to hit taken off."""
    fight = _table()
    quill = fight.hero("Quill")
    darts = [
        o
        for o in attack_choices(fight, quill)
        if isinstance(o.choice, AttackChoice) and o.choice.attack.name == "Magic Missile"
    ]
    assert darts
    for o in darts:  # at the slot that drops the most: 3.5 a dart, up to its hit points
        assert isinstance(o.choice, AttackChoice)
        hp = fight.monster(o.choice.target).current_hp
        assert o.choice.times == 3 + max(0, o.level - 1)
        assert o.worth == pytest.approx(min(3.5 * o.choice.times, hp))


def test_f7_no_sneak_attack_with_a_dart() -> None:
    """Sneak Attack needs an attack roll: a rogue's darts (a spell from a feat) deal none."""
    feat = "weapons: [rapier]\n    spells: [magic missile]\n    slots: {1: 1}"
    fight = _table(TABLE.replace("weapons: [rapier]", feat))
    with pytest.raises(Refused, match="Sneak Attack needs an attack roll"):
        parse_choice(fight, fight.hero("Nix"), "cast magic missile at Orc 1 sneak")


def test_f7_more_per_slot_in_the_fight_file_is_read_written_and_checked() -> None:
    fight = _table()
    written = dump_fight(fight)
    assert "more_per_slot: 1" in written
    again = parse_fight(written, "again.yaml")
    missile = next(a for a in again.hero("Quill").attacks if a.name == "Magic Missile")
    assert missile.more_per_slot == 1 and missile.times == 3
    bad = TABLE.replace(
        "spells: [magic missile, fire bolt]",
        "attacks: [{name: Darts, kind: ranged, range: 60, damage: 1d4 force, spell: true,"
        " times: 2, more_per_slot: 1}]",
    )
    with pytest.raises(Exception, match="more_per_slot") as wrong:
        parse_fight(bad, "bad.yaml")
    assert "slot" in str(wrong.value) and "F7" in str(wrong.value)


def test_f7_short_options_say_the_darts() -> None:
    fight = _table()
    said = short_options(fight, fight.hero("Quill"))
    assert "(ranged, 3 darts that hit without a roll)" in said


def test_f2_no_sneak_attack_with_a_spell_attack() -> None:
    """Sneak Attack needs a finesse or a ranged *weapon*: Fire Bolt's attack roll (a cantrip
    from a feat) is a spell's, not a weapon's."""
    feat = "weapons: [rapier]\n    spells: [fire bolt]"
    fight = _table(TABLE.replace("weapons: [rapier]", feat))
    with pytest.raises(Refused, match="Sneak Attack needs a weapon: Fire Bolt is a spell"):
        parse_choice(fight, fight.hero("Nix"), "cast fire bolt at Orc 1 sneak")


SWINGS = ("Rapier", "Fire Bolt")  # Nix's at the mage, the mage's at Quill
AWAKE = TABLE.replace("surprised:", "# surprised:")  # D12: a surprised creature does not react


def _shield_up(fight: Fight, attacker: str, target: str, faces: list[int]) -> Fight:
    """`attacker` hits `target` by less than 5 (`faces`: its d20 and damage dice): `target`
    casts Shield with its reaction (F1, B10), which lasts until the start of its next turn."""
    me, foe = fight.combatant(attacker), fight.combatant(target)
    weapon = next(a for a in (*me.attacks, *getattr(me, "actions", ())) if a.name in SWINGS)
    mode = Mode.MELEE if weapon.is_melee else Mode.RANGED
    turn = Steps.turn(fight, attacker)
    land(turn, roll_attack(fight, me, foe, weapon, mode, ScriptedDice(faces)), lambda *_: True)
    assert Guarded in [type(s) for s in turn.steps]
    return turn.fight


def test_f1_f7_a_monster_s_shield_stops_a_hero_s_darts(tmp_path: Path) -> None:
    """5e's Shield: "you take no damage from magic missile" while it lasts. Nix's rapier
    (17 vs AC 15) draws the mage's Shield; Quill's three darts then hit it for nothing, no die
    rolled, and the words say why; the hero policy does not weigh such a dart, worth nothing."""
    fight = _shield_up(_table(AWAKE), "Nix", "Mage", [10, 4])
    assert fight.monster("Mage").current_hp == 40
    turn = _played(fight, "Quill", "cast magic missile at Mage", [])
    darts = [s for s in turn.steps if isinstance(s, Attacked)]
    assert len(darts) == 3 and all(d.hit and d.damage == () for d in darts)
    assert turn.fight.monster("Mage").current_hp == 40
    said = [x for x in describe(turn.finish(Turn("Quill", turn.steps))) if "Missile" in x]
    assert len(said) == 3 and "no damage of its own" not in said[0]
    assert said[0].endswith(
        "Quill attacks Mage with Magic Missile at range: a dart, a hit without an attack roll "
        "(F7); Mage's Shield is up: no damage from Magic Missile (F1, F7) (a slotted spell); "
        "Mage 40/40 hp (0 damage)."
    )
    worth = [
        o.worth
        for o in attack_choices(fight, fight.hero("Quill"))
        if isinstance(o.choice, AttackChoice)
        and o.choice.attack.name == "Magic Missile"
        and o.choice.target == "Mage"
    ]
    assert worth == []  # worth nothing: no option at all (docs/policy.md, D6)
    orc = _played(fight, "Quill", "cast magic missile at Orc 1", [1, 1, 1])  # not shielded
    assert orc.fight.monster("Orc 1").current_hp == 15 - 6


def test_f1_f7_a_hero_s_shield_stops_a_monster_s_darts() -> None:
    """The same rule for the mage's darts at a hero whose Shield is up (`rules.darts`): no
    damage, no die rolled; the plan's B6 worth of such a dart is nothing."""
    text = AWAKE.replace("[magic missile, fire bolt]", "[magic missile, fire bolt, shield]")
    fight = _shield_up(_table(text), "Mage", "Quill", [10, 10, 5, 5])  # 16 vs AC 12 (R2)
    assert fight.hero("Quill").current_hp == fight.hero("Quill").hp
    mage, quill = fight.monster("Mage"), fight.hero("Quill")
    missile = next(a for a in mage.actions if a.name == "Magic Missile")
    assert action_mean(fight, mage, missile, quill, Mode.RANGED, Rank.BACK) == 0
    order = Order("Mage", Rank.BACK, target="Quill", action="Magic Missile")
    turn = Steps.turn(fight, "Mage")
    monster_action(turn, order, ScriptedDice([]), lambda *_: True)
    darts = [s for s in turn.steps if isinstance(s, Attacked)]
    assert len(darts) == 3 and all(d.damage_text.startswith("Quill's Shield is up") for d in darts)
    assert turn.fight.hero("Quill").current_hp == quill.current_hp


@pytest.mark.parametrize(
    ("words", "said"),
    [
        ("orc 1, orc 2, mage, orc 1, orc 2", "name up to 3 targets, or cast it at 3rd level (F7)"),
        ("orc 1, orc 2, mage, orc 1, orc 2 at 2nd", "name up to 4 targets, or cast it at 3rd"),
        ("orc 1, orc 2, mage, orc 1, orc 2, mage", "name up to 3 targets (F7)"),  # no 4th slot
    ],
)
def test_f7_too_many_foes_for_the_darts_names_the_slot_that_has_enough(
    words: str, said: str
) -> None:
    """A dart more a slot level above the 1st: the words name the slot level that gives a
    dart a foe, one the hero has (Quill, a level-5 wizard, has 3rd-level slots at most)."""
    fight = _table()
    with pytest.raises(Refused) as refused:
        parse_choice(fight, fight.hero("Quill"), f"cast magic missile at {words}")
    assert said in str(refused.value)


def test_f7_darts_with_no_more_per_slot_say_no_higher_slot() -> None:
    """Darts written out without `more_per_slot` (a wand's, say) get none more at a higher
    slot: the words do not send the player to one (it was said for any slotted darts)."""
    wand = TABLE.replace(
        "spells: [magic missile, fire bolt]",
        "attacks: [{name: Magic Missile, kind: ranged, range: 120, damage: 1d4+1 force,"
        " spell: true, slot: 1, times: 3}]",
    )
    fight = _table(wand)
    with pytest.raises(Refused) as refused:
        parse_choice(fight, fight.hero("Quill"), "cast magic missile at orc 1, orc 2, mage, orc 1")
    assert "Magic Missile has 3 darts: name up to 3 targets (F7)" in str(refused.value)


def test_f7_scorching_ray_has_one_more_ray_a_slot_level_above_2nd() -> None:
    """SRD: "one additional ray for each slot level above 2nd": Scorching Ray takes Magic
    Missile's `more_per_slot`, each ray still its own attack roll (no more note for the DM);
    cast at 3rd, four rays go round the foes named (B3); too many foes for three: the 3rd."""
    caster = Caster(cls="wizard", level=5, mod=4, proficiency=3)
    got = spell_fields("Scorching Ray", caster)
    (entry,) = got["attacks"]
    assert (entry["times"], entry["more_per_slot"], entry["slot"], entry["to_hit"]) == (3, 1, 2, 7)
    assert not got["notes"]
    fight = _table(TABLE.replace("[magic missile, fire bolt]", "[scorching ray, fire bolt]"))
    quill = fight.hero("Quill")
    choice = parse_choice(fight, quill, "cast scorching ray at Orc 1 and Orc 2 at 3rd")
    assert isinstance(choice.action, AttackChoice)
    assert (choice.action.times, choice.action.upcast, choice.spend) == (4, 3, (("slot 3", 1),))
    rays = [swing_target(fight, quill, choice.action, n) for n in range(4)]
    assert [r.name if r else "" for r in rays] == ["Orc 1", "Orc 2", "Orc 1", "Orc 2"]
    with pytest.raises(Refused, match=r"name up to 3 targets, or cast it at 3rd level"):
        parse_choice(fight, quill, "cast scorching ray at orc 1, orc 2, mage, orc 1")
    code, shown = run("spells", "show", "scorching ray")
    out = " ".join(shown.split())  # the lines as wrapped, joined
    assert code == 0 and "1 more ray for each slot level above 2nd" in out
    assert "without a roll" not in out and "at any slot" not in out
