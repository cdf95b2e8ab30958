"""F2, the rogue's Uncanny Dodge (SRD 5.1, 5th level): "When an attacker that you can see hits
you with an attack, you can use your reaction to halve the attack's damage against you." The
sheet gives it as a guard (F1); at the table lnf asks before the hit lands, saying the damage;
the hero policy takes it; not against an attacker it cannot see, nor with the reaction spent."""

from __future__ import annotations

from pathlib import Path

from lnf.dice import DamageType
from lnf.dice.roll import ScriptedDice
from lnf.engine.apply import Steps
from lnf.engine.guards import halved, land
from lnf.engine.resolve import roll_attack
from lnf.formats.fight_file import parse_fight
from lnf.formats.fight_writer import dump_fight
from lnf.model import Condition
from lnf.model.plan import Advantage, Mode
from lnf.model.steps import Attacked, Guarded
from lnf.rules.economy import turning_guard
from lnf.values import replace
from tests.cli import run

FIGHT = """
title: Uncanny Dodge
heroes:
  - {name: Nix, class: rogue, level: 5, scores: {str: 10, dex: 18, con: 14, wis: 12},
     weapons: [rapier]}
monsters:
  - {monster: orc, count: 2}
groups:
  A: [Nix, Orc 1, Orc 2]
"""


def test_the_sheet_gives_it_from_the_5th_level_and_writes_it_back() -> None:
    nix = parse_fight(FIGHT, "dodge.yaml").hero("Nix")
    assert [(g.name, g.halves) for g in nix.guards] == [("Uncanny Dodge", True)]
    assert not parse_fight(FIGHT.replace("level: 5", "level: 4"), "d.yaml").hero("Nix").guards
    both = parse_fight(
        FIGHT.replace("weapons: [rapier]}", "weapons: [rapier], guards: [shield]}"), "d.yaml"
    )
    assert [g.name for g in both.hero("Nix").guards] == ["Uncanny Dodge", "Shield"]
    again = parse_fight(dump_fight(both), "again.yaml")
    assert again.hero("Nix").guards == both.hero("Nix").guards


def test_half_the_total_rounded_down_each_type_its_half() -> None:
    """D6: before resistance; 7 piercing and 7 fire halve to 7 in all, 4 and 3."""
    two = ((DamageType.PIERCING, 7), (DamageType.FIRE, 7))
    hit = Attacked(
        "Orc",
        "Nix",
        "Bite",
        Mode.MELEE,
        Advantage.NORMAL,
        (),
        (15,),
        15,
        5,
        14,
        True,
        damage=two,
        damage_text="14",
    )
    assert halved(hit, "Uncanny Dodge").damage == ((DamageType.PIERCING, 4), (DamageType.FIRE, 3))
    assert halved(hit, "Uncanny Dodge").damage_text == "14, halved (Uncanny Dodge): 7"


def test_the_table_is_asked_with_the_damage_and_the_answer_halves_it(tmp_path: Path) -> None:
    path = tmp_path / "dodge.yaml"
    path.write_text(FIGHT, encoding="utf-8")
    out = run("next", str(path), "--seed", "3")[1]
    assert (
        "Orc 2 hits Nix for 8 damage; Uncanny Dodge would halve it to 4 (F2): "
        "does Nix take that reaction (F1)?"
    ) in out
    assert run("react", str(path), "Nix")[0] == 0
    out = run("next", str(path))[1]
    assert "Nix takes a reaction, Uncanny Dodge (half the damage, F2), against Orc 2's hit" in out
    assert "= 8, halved (Uncanny Dodge): 4; Nix 34/38 hp." in out
    out = run("next", str(path))[1]  # Orc 1: the reaction is spent, nobody is asked
    assert "Uncanny Dodge" not in out and "Orc 1 attacks Nix" in out


def test_a_pass_takes_the_whole_hit(tmp_path: Path) -> None:
    path = tmp_path / "dodge.yaml"
    path.write_text(FIGHT, encoding="utf-8")
    run("next", str(path), "--seed", "3")
    run("react", str(path), "Nix", "--pass")
    out = run("next", str(path))[1]
    assert "= 8; Nix 30/38 hp." in out and "halved" not in out


def test_not_against_an_attacker_it_cannot_see() -> None:
    fight = parse_fight(FIGHT, "dodge.yaml")
    orc, nix = fight.monster("Orc 1"), fight.hero("Nix")
    hit = roll_attack(fight, orc, nix, orc.attacks[0], Mode.MELEE, ScriptedDice([18, 5]))
    assert hit.hit and turning_guard(fight, hit) is not None
    blind = fight.with_combatant(replace(nix, conditions=nix.conditions | {Condition.BLINDED}))
    assert turning_guard(blind, replace(hit, target="Nix")) is None
    unseen = fight.with_combatant(replace(orc, conditions=orc.conditions | {Condition.INVISIBLE}))
    assert turning_guard(unseen, hit) is None


def test_the_hero_policy_takes_it() -> None:
    fight = parse_fight(FIGHT, "dodge.yaml")
    orc, nix = fight.monster("Orc 1"), fight.hero("Nix")
    hit = roll_attack(fight, orc, nix, orc.attacks[0], Mode.MELEE, ScriptedDice([18, 5]))
    turn = Steps.turn(fight, "Orc 1")
    done = land(turn, hit)  # no table to ask: the policy's answer, as a monster's (F1)
    assert [type(s) for s in turn.steps] == [Guarded, Attacked]
    assert isinstance(done.step, Attacked) and done.step.damage == ((DamageType.SLASHING, 4),)
