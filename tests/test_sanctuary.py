"""B6, F7 Sanctuary: the acolyte, the couatl and the priest ward themselves when nothing else is
possible (their bonus action); a hero who aims at a warded monster saves first (Wisdom, the
caster's DC): on a failure its swing goes at another foe or is lost; the ward ends when the
monster attacks or casts at a foe. Judged by the spell's own SRD text."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from lnf.engine.round_start import plan_in_phase
from lnf.formats.bestiary import srd
from lnf.formats.fight_file import load_fight
from lnf.formats.spell_effects import SELF_SPELLS
from lnf.model import Condition, Cost, Effect, Lasting
from lnf.model.plan import Plan
from lnf.rules.idle_casts import does_something, idle_spell
from lnf.rules.plan_check import check_plan
from lnf.rules.sanctuary import ends_sanctuary, ward_on, warded_spell
from lnf.solver import solve_plan
from tests.cli import stdout_of
from tests.srd import DATA, needs_data

BOW = "attacks: [{name: Longbow, to_hit: 5, damage: 1d8+3 piercing, range: 150/600, kind: ranged}]"
ARCHER = f"{{name: Ann, class: fighter, hp: 30, ac: 15, {BOW}}}"


def _srd_spell(name: str) -> dict[str, Any]:
    data: list[dict[str, Any]] = json.loads(
        (DATA / "5e-srd-5.1-spells.json").read_text(encoding="utf-8")
    )
    return next(s for s in data if s["name"] == name)


@needs_data
def test_sanctuary_is_what_its_own_srd_text_says() -> None:
    """F7: "must first make a Wisdom saving throw … choose a new target or lose the attack or
    spell", "doesn't protect … from area effects", "If the warded creature makes an attack or
    casts a spell that affects an enemy creature, this spell ends"; a bonus action, 1 minute."""
    spell = _srd_spell("Sanctuary")
    text = " ".join(spell["desc"])
    assert "must first make a wisdom saving throw" in text.lower()
    assert "choose a new target or lose the attack or spell" in text
    assert "doesn't protect the warded creature from area effects" in text
    assert (
        "makes an attack or casts a spell that affects an enemy creature, this spell ends" in text
    )
    assert spell["casting_time"] == "1 bonus action" and not spell["concentration"]
    assert SELF_SPELLS["sanctuary"]["effect"] == {"ward": "warded", "lasting": "1 minute"}
    assert spell["duration"] == "1 minute"


@needs_data
@pytest.mark.parametrize(("name", "dc"), [("Acolyte", 12), ("Couatl", 14), ("Priest", 13)])
def test_each_caster_has_it_as_a_bonus_action_with_its_own_dc(name: str, dc: int) -> None:
    """B1, B2: the stat block's Sanctuary, its attackers' save its spell save DC (the test reads
    the DC from the block's own spellcasting text), no longer unplayed."""
    block = next(b for b in srd() if b["name"] == name)
    (action,) = [a for a in block["actions"] if a["name"] == "Sanctuary"]
    assert action["cost"] == "bonus action" and action["save"] == f"wis {dc}"
    data = json.loads((DATA / "5e-srd-5.1-monsters.json").read_text(encoding="utf-8"))
    own = next(m for m in data if m["name"] == name)
    (trait,) = [t for t in own["special_abilities"] if "Spellcasting" in t["name"]]
    assert f"spell save DC {dc}" in trait["desc"] and "sanctuary" in trait["desc"].lower()
    assert not any(n.endswith(": Sanctuary") for n in block["not_modelled"])


@needs_data
def test_the_acolyte_wards_itself_and_the_archers_arrow_goes_elsewhere(tmp_path: Path) -> None:
    """B6 from the CLI: out of reach in volley round 3 the acolyte casts Sanctuary (its bonus
    action: the validator takes it); in volley round 2 Ann's arrow at it asks a Wisdom save
    against DC 12 — failed, the arrow goes at the guard (F7: "choose a new target")."""
    path = tmp_path / "acolyte.yaml"
    monsters = "[{monster: acolyte}, {monster: guard}]"
    path.write_text(f"phase: volley 3\nheroes: [{ARCHER}]\nmonsters: {monsters}\n", "utf-8")
    f = load_fight(path)
    acolyte = f.monster("Acolyte")
    spell = idle_spell(f, acolyte)
    assert spell is not None and spell.name == "Sanctuary" and spell.cost is Cost.BONUS
    orders = plan_in_phase(f, lambda g: solve_plan(g, explain=False).plan).orders
    (order,) = [o for o in orders if o.monster == "Acolyte"]
    assert order.action == "Sanctuary" and check_plan(f, Plan((order,))) == []
    said = stdout_of("run", str(path), "--seed", "1", "--rounds", "2")
    assert "Acolyte casts Sanctuary.\nAcolyte is warded: 1 minute or until it attacks" in said
    failed = "Ann's Wisdom save against Acolyte's Sanctuary (B6): 1d20 (6) + 0 = 6 vs DC 12: "
    assert failed + "failure.\nAnn attacks Guard with Longbow at range" in said
    kept = stdout_of("run", str(path), "--seed", "2", "--rounds", "2")
    passed = "Ann's Wisdom save against Acolyte's Sanctuary (B6): 1d20 (13) + 0 = 13 vs DC 12: "
    assert passed + "success.\nAnn attacks Acolyte with Longbow at range" in kept


@needs_data
def test_the_ward_ends_when_the_acolyte_casts_at_a_foe(tmp_path: Path) -> None:
    """F7: warded, the acolytes cast Sacred Flame at Ann in round 4, and each Sanctuary ends;
    a Cure Wounds on its own side would keep it (`ends_sanctuary`), an area spell is not
    guarded against (`warded_spell`)."""
    path = tmp_path / "acolytes.yaml"
    hero = "{name: Ann, class: fighter, hp: 30, ac: 15}"
    path.write_text(
        f"phase: volley 3\nheroes: [{hero}]\nmonsters: [{{monster: acolyte, count: 2}}]\n", "utf-8"
    )
    said = stdout_of("run", str(path), "--seed", "1", "--rounds", "4")
    assert (
        "Acolyte 1 is no longer warded: it attacks or casts a spell at a foe: Sanctuary ends"
        in said
    )
    f = load_fight(path)
    ward = Effect(1, "Acolyte 1", "warded", Lasting(rounds=10), 1, by="Acolyte 1")
    ward = replace(ward, condition=Condition.SANCTUARY)
    assert not ends_sanctuary(ward, foes=False) and ends_sanctuary(ward, foes=True)
    warded = replace(f.monster("Acolyte 1"), conditions=frozenset({Condition.SANCTUARY}))
    g = replace(f, monsters=(warded, f.monster("Acolyte 2")), effects=(ward,))
    found = ward_on(g, warded)
    assert found is not None and found[1] == 12 and ward_on(g, f.monster("Acolyte 2")) is None
    sanctuary = idle_spell(f, f.monster("Acolyte 1"))
    assert sanctuary is not None and does_something(g, warded, sanctuary) != ""
    fireball = next(b for b in srd() if b["name"] == "Mage")["actions"]
    assert any(a["name"] == "Fireball" for a in fireball)
    mage = load_fight(_mage(tmp_path)).monster("Mage")
    (ball,) = [a for a in mage.actions if a.name == "Fireball"]
    assert not warded_spell(ball)


def _mage(tmp_path: Path) -> Path:
    path = tmp_path / "mage.yaml"
    hero = "{name: Ann, class: fighter, hp: 30, ac: 15}"
    path.write_text(f"heroes: [{hero}]\nmonsters: [{{monster: mage}}]\n", "utf-8")
    return path


@needs_data
def test_a_heros_opportunity_attack_meets_the_wards(tmp_path: Path) -> None:
    """B6, F7, D10: Ann's opportunity attack at a warded acolyte saves first — failed, it is
    lost (a reaction has no other target); passed, it is made. At a mirrored lamia, the
    duplicates' d20 may take it (its `Mirrored` step)."""
    from lnf.dice.roll import ScriptedDice
    from lnf.engine.effects import Rolled
    from lnf.engine.sanctuary_saves import opportunity_lands
    from lnf.model.answer_steps import Mirrored

    path = tmp_path / "near.yaml"
    sword = "attacks: [{name: Longsword, to_hit: 5, damage: 1d8+3 slashing}]"
    hero = f"{{name: Ann, class: fighter, hp: 30, ac: 15, {sword}}}"
    path.write_text(
        f"heroes: [{hero}]\nmonsters: [{{monster: acolyte}}, {{monster: lamia}}]\n"
        "groups: {A: [Ann, Acolyte, Lamia]}\n"
    )
    f = load_fight(path)
    ward = replace(
        Effect(1, "Acolyte", "warded", Lasting(rounds=10), 1, by="Acolyte"),
        condition=Condition.SANCTUARY,
    )
    acolyte = replace(f.monster("Acolyte"), conditions=frozenset({Condition.SANCTUARY}))
    g = replace(f.with_combatant(acolyte), effects=(ward,), effects_begun=1)
    lost = Rolled(g).rolling(ScriptedDice([2]))
    assert not opportunity_lands(lost, "Ann", g.monster("Acolyte"), ScriptedDice([2]))
    made = Rolled(g)
    assert opportunity_lands(made, "Ann", g.monster("Acolyte"), ScriptedDice([19]))
    dupes = tuple(
        replace(
            Effect(k, "Lamia", "a duplicate (Mirror Image)", Lasting(rounds=10), 1, by="Lamia"),
            condition=Condition.MIRRORED,
        )
        for k in (2, 3, 4)
    )
    lamia = replace(f.monster("Lamia"), conditions=frozenset({Condition.MIRRORED}))
    h = replace(f.with_combatant(lamia), effects=dupes, effects_begun=4)
    turn = Rolled(h)
    assert not opportunity_lands(turn, "Ann", h.monster("Lamia"), ScriptedDice([9, 15]))
    (step,) = [s for s in turn.steps if isinstance(s, Mirrored)]
    assert step.moved and step.key == 2 and len(turn.fight.effects) == 2
