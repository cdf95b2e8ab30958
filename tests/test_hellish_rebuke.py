"""F1, Hellish Rebuke: a warlock's reaction "in response to being damaged by a creature within
60 feet of you that you can see" (`rules.economy.rebuking_guard`): asked at the table once a
monster's hit has hurt the hero, as a Shield is asked before one lands, each answer its own
(`guard_answers` by the guard); taken, its slot and the reaction are spent and the spell is
cast at the attacker at the slot's level; never cast on the hero's own turn."""

from __future__ import annotations

from pathlib import Path

import pytest

from lnf.errors import Refused
from lnf.formats.fight_file import parse_fight
from lnf.heroes.words import parse_choice
from lnf.rules.legal import options
from lnf.values import replace
from tests.builders import fight, hero
from tests.cli import run

FIGHT = """
title: Rebuke
heroes:
  - {name: Mor, class: warlock, level: 5, scores: {dex: 14, con: 14, cha: 18}, weapons: [dagger],
     spells: [eldritch blast, hellish rebuke], invocations: [agonizing blast, armor of shadows]}
monsters:
  - {monster: orc}
groups:
  A: [Mor, Orc]
"""


def _at_the_hit(tmp_path: Path, text: str = FIGHT, seed: int = 1) -> tuple[str, str]:
    path = tmp_path / "rebuke.yaml"
    path.write_text(text, encoding="utf-8")
    code, out = run("next", str(path), "--seed", str(seed))  # seed 1: a greataxe hit for 15
    assert code == 0, out
    return str(path), out


def test_f1_not_on_the_warlock_s_own_turn() -> None:
    fight = parse_fight(FIGHT, "rebuke.yaml")
    mor = fight.hero("Mor")
    with pytest.raises(Refused, match="Hellish Rebuke is Mor's reaction to a foe's hit") as said:
        parse_choice(fight, mor, "cast hellish rebuke at Orc")
    assert said.value.rule == "F1"
    assert not [o for o in options(fight, mor) if "Hellish Rebuke" in o]


def test_f1_asked_once_the_hit_hurt_then_cast_at_the_attacker(tmp_path: Path) -> None:
    path, out = _at_the_hit(tmp_path)
    asked = "Orc hurts Mor for 15 damage; Mor may cast Hellish Rebuke at Orc: does Mor take that"
    assert asked in out
    page = run("show", "--html", path)[1]
    assert "Orc hurts Mor for 15 damage: does Mor cast Hellish Rebuke (F1)?" in page
    assert run("react", path, "Mor")[0] == 0
    code, out = run("next", path)
    assert code == 0, out
    lines = out.splitlines()
    hit = next(i for i, x in enumerate(lines) if x.startswith("Orc attacks Mor with Greataxe"))
    assert lines[hit + 1] == "Mor spends a 3rd-level spell slot (1 of 2 left)."  # a pact slot
    assert lines[hit + 2] == "Mor takes a reaction, Hellish Rebuke, at Orc, who hurt it (F1)."
    assert lines[hit + 3].startswith("Mor casts Hellish Rebuke at 3rd level on Orc: 4d10")


def test_f1_passed_it_spends_nothing(tmp_path: Path) -> None:
    path, _ = _at_the_hit(tmp_path)
    assert run("react", path, "Mor", "--pass")[0] == 0
    code, out = run("next", path)
    assert code == 0 and "Hellish Rebuke" not in out, out
    assert "spell slots 3rd 2/2" in run("show", path)[1]


def test_f1_a_shield_passed_is_no_answer_for_the_rebuke(tmp_path: Path) -> None:
    """Both reactions against one hit: the table passes Shield, the hit lands and hurts, and the
    rebuke is its own question (the answers kept by the guard: one for the other would cast
    or refuse it unasked)."""
    text = FIGHT.replace(
        "[eldritch blast, hellish rebuke]", "[eldritch blast, hellish rebuke, shield]"
    )
    path, out = _at_the_hit(tmp_path, text, seed=4)  # 1d20 + 5 in 15–19: Shield would turn it
    assert "Shield (+5 AC) would turn it into a miss" in out
    run("react", path, "Mor", "--pass")
    code, out = run("next", path)
    assert code == 0 and "Mor may cast Hellish Rebuke at Orc" in out, out
    assert "Orc attacks Mor" not in out  # nothing of the turn recorded while it waits


def test_f1_the_hero_policy_rebukes_in_lnf_run(tmp_path: Path) -> None:
    path = tmp_path / "rebuke.yaml"
    path.write_text(FIGHT, encoding="utf-8")
    code, out = run("run", str(path), "--seed", "1")
    assert code == 0, out
    assert "Mor takes a reaction, Hellish Rebuke, at Orc, who hurt it (F1)." in out


# The same warlock against a drake whose breath (B3) hurts it: damage by a creature, no hit.
BREATH = FIGHT.replace("A: [Mor, Orc]", "A: [Mor, Drake]").replace(
    "  - {monster: orc}\n",
    "  - {name: Drake, hp: 30, ac: 12, attacks: [{name: Bite, to_hit: 2, damage: 1d4 piercing}],\n"
    "     actions: [{name: Fire Breath, save: dex 13, damage: 4d6 fire, area: cone 15,\n"
    "                recharge: 6}]}\n",
)


def test_f1_a_breath_that_hurt_is_rebuked_too(tmp_path: Path) -> None:
    """Damage by a creature, not only a hit: the breath waits for Mor's save (B3), then, once
    it hurt, for the rebuke; the saves' d20 is said again until the turn is recorded."""
    path = tmp_path / "breath.yaml"
    path.write_text(BREATH, encoding="utf-8")
    assert "rolls a Dexterity save (DC 13)" in run("next", str(path), "--seed", "1")[1]
    code, out = run("next", str(path), "--saves", "Mor=3")
    assert code == 0 and "Drake hurts Mor for 15 damage; Mor may cast Hellish Rebuke" in out, out
    run("react", str(path), "Mor", "--saves", "Mor=3")
    code, out = run("next", str(path), "--saves", "Mor=3")
    assert code == 0, out
    assert "Mor takes a reaction, Hellish Rebuke, at Drake, who hurt it (F1)." in out
    assert "Mor casts Hellish Rebuke at 3rd level on Drake" in out


def test_f1_a_legendary_wing_attack_that_hurts_is_answered_too() -> None:
    """B7, F1: the Wing Attack's save damage (a legendary action, between turns) hurts Mor:
    the rebuke is taken as against a legendary hit (lnf does not stop to ask), its slot spent.
    Before, only a legendary hit was answered."""
    from lnf.engine.legendary import legendary_taker
    from lnf.engine.runner import Runner
    from lnf.engine.table import Table
    from lnf.model.events import Recorded
    from lnf.model.steps import Guarded
    from tests.test_legendary import ROLLED, _dragon, _planner

    lair = parse_fight(FIGHT.replace("{monster: orc}", "{name: Orc, hp: 1}"), "lair.yaml")
    mor = replace(lair.hero("Mor"), hp=300, hp_now=300)
    others = [hero(n, hp=300, ac=16) for n in ("Ann", "Bo")]
    start = fight([mor, *others], [_dragon()], {"A": ["Mor", "Ann", "Adult Red Dragon"]})
    table = Table(start)
    said: list = []
    runner = Runner(table, ROLLED, _planner, said.append)
    runner.begin(7)
    while runner.on_at_table(monster_turns=None) is None and not runner.round_over():
        if any(legendary_taker(r.event) for r in said):
            break
    wing = next(r.event for r in said if legendary_taker(r.event))
    assert isinstance(wing, Recorded)
    rebukes = [s for s in wing.steps if isinstance(s, Guarded) and s.rebukes]
    assert [(g.who, g.foe) for g in rebukes] == [("Mor", "Adult Red Dragon")]
