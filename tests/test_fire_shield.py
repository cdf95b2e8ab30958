"""B6, F7 Fire Shield: the archmage casts it on itself when nothing else is possible (its
4th-level slot); warm-shielded, it resists cold and burns a mêlée attacker that hits it for
2d8 fire. Judged by the spell's own SRD text."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from lnf.dice import DamageType
from lnf.formats.fight_file import load_fight
from lnf.formats.spell_effects import SELF_SPELLS
from lnf.model import Condition
from lnf.model.plan import Mode
from lnf.rules.damage import after_defences
from lnf.rules.fire_shield import FLAMES, burns_attacker
from lnf.rules.idle_casts import does_something, idle_spell
from tests.cli import stdout_of
from tests.srd import DATA, needs_data

SWORD = "attacks: [{name: Longsword, to_hit: 7, damage: 1d8+3 slashing}]"
ANN = f"{{name: Ann, class: fighter, hp: 80, ac: 15, {SWORD}}}"


def _srd_spell(name: str) -> dict[str, Any]:
    data: list[dict[str, Any]] = json.loads(
        (DATA / "5e-srd-5.1-spells.json").read_text(encoding="utf-8")
    )
    return next(s for s in data if s["name"] == name)


@needs_data
def test_fire_shield_is_what_its_own_srd_text_says() -> None:
    """F7: "The heat shield gives you cold damage resistance", "whenever a creature within 5
    feet of you hits you with a melee attack … The attacker then suffers 2d8 points of fire
    damage"; 10 minutes, no concentration."""
    spell = _srd_spell("Fire Shield")
    text = " ".join(spell["desc"])
    assert "The heat shield gives you cold damage resistance" in text
    assert "within 5 feet of you hits you with a melee attack" in text
    assert "2d8 points of fire damage" in text and str(FLAMES) == "2d8 fire"
    assert spell["duration"] == "10 minutes" and not spell["concentration"]
    assert SELF_SPELLS["fire shield"]["effect"] == {
        "ward": "fire-shielded",
        "lasting": "10 minutes",
    }


@needs_data
def test_the_archmage_shields_itself_and_burns_its_attacker(tmp_path: Path) -> None:
    """B6 from the CLI: out of reach (its 2nd-level slots spent: no Mirror Image), the archmage
    flies first (its stat block's order), then casts Fire Shield; in round 4 Ann's sword hits
    it in mêlée and the flames burn her, said with the dice. Shielded, it resists cold (D6),
    a reach attack from outside its group is not burned, and casting it again does nothing."""
    path = tmp_path / "archmage.yaml"
    archmage = "{monster: archmage, used: {slot 2: 3}}"
    ann = ANN.replace("ac: 15,", "ac: 15, saves: {cha: 17},")  # F7: Banishment never lands
    path.write_text(f"phase: volley 3\nheroes: [{ann}]\nmonsters: [{archmage}]\n")
    said = stdout_of("run", str(path), "--seed", "1", "--rounds", "4")
    assert "Archmage casts Fire Shield.\nArchmage is fire-shielded: 10 minutes (F4)." in said
    burn = "Ann takes 11 fire damage (Archmage's Fire Shield: 2d8 (6, 5) fire = 11); Ann 45/80 hp."
    assert burn in said
    f = load_fight(path)
    archmage = f.monster("Archmage")
    shielded = replace(archmage, conditions=archmage.conditions | {Condition.FIRE_SHIELDED})
    assert after_defences(shielded, {DamageType.COLD: 10})[0] == 5
    assert after_defences(archmage, {DamageType.COLD: 10})[0] == 10
    assert burns_attacker(shielded, Mode.MELEE) == FLAMES
    assert (
        burns_attacker(shielded, Mode.REACH) is None
        and burns_attacker(archmage, Mode.MELEE) is None
    )
    spell = next(a for a in archmage.actions if a.name == "Fire Shield")
    assert does_something(f, shielded, spell) == "Archmage is fire-shielded already"
    assert idle_spell(f, archmage) is not None
