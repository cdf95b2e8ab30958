"""The bestiary reads a stat block's Spellcasting whole (X7, B1, B6, F1, F2): the Mage's slots,
DC, attack bonus, spells as actions and Shield as a guard; and every spell a stat block lists is
read (an action, a guard, cast before the fight) or said not played, each checked against the
entry's own text."""

from __future__ import annotations

from pathlib import Path

from lnf.model import Ability, Area, Guard, Shape
from tests.test_bestiary_whole import _block, _fight, _source, needs_data


def test_the_mage(tmp_path: Path) -> None:
    """X7, B1, B6, F1, F2: the Mage casts from its slots with its own DC and attack bonus; its
    Mage Armor was cast before the fight; Shield is a guard."""
    (casting,) = _block("Mage")["spellcasting"]
    assert casting["ability"] == "int" and (casting["dc"], casting["to_hit"]) == (14, 6)
    assert casting["level"] == 9
    assert casting["slots"] == {"1": 4, "2": 3, "3": 3, "4": 3, "5": 1}
    mage = _fight(tmp_path, "mage").monster("Mage")
    assert mage.ac == 15  # "12 (15 with mage armor)", B6
    slots = {r.name: (r.total, r.used) for r in mage.resources}
    assert slots == {
        "slot 1": (4, 1),  # Mage Armor's
        "slot 2": (3, 0),
        "slot 3": (3, 0),
        "slot 4": (3, 0),
        "slot 5": (1, 0),
    }
    spells = {a.name: a for a in mage.actions}
    assert list(spells) == [
        "Fire Bolt",
        "Magic Missile",
        "Counterspell",  # B10: a reaction (F1), never an order of the plan
        "Fireball",
        "Fly",  # B6: on itself, only when it attacks nobody
        "Greater Invisibility",  # B6: the same
        "Ice Storm",
        "Cone of Cold",
    ]
    cone = spells["Cone of Cold"]
    assert (str(cone.damage), cone.save, cone.slot, cone.area) == (
        "8d8 cold",
        (Ability.CON, 14),
        5,
        Area(Shape.CONE, 60),
    )
    assert cone.spell and cone.half
    fireball = spells["Fireball"]
    assert (str(fireball.damage), fireball.slot, fireball.area) == (
        "8d6 fire",
        3,
        Area(Shape.SPHERE, 20),
    )
    storm = spells["Ice Storm"]
    assert (storm.slot, storm.save, storm.area) == (4, (Ability.DEX, 14), Area(Shape.CYLINDER, 20))
    assert str(storm.damage) == "2d8 bludgeoning + 4d6 cold"  # its text's two types (F7)
    darts = spells["Magic Missile"]
    assert (darts.times, str(darts.damage), darts.slot) == (3, "1d4+1 force", 1)  # B3
    bolt = spells["Fire Bolt"]
    assert (str(bolt.damage), bolt.to_hit, bolt.slot) == ("2d10 fire", 6, 0)  # 9th level: 2d10
    assert mage.guards == (Guard("Shield", 5, slot=1, lasts=True),)
    assert [a.name for a in mage.attacks] == ["Dagger"]
    said = _block("Mage")["not_modelled"]
    assert "Spellcasting: Suggestion" in said and "Spellcasting: Mage Armor" not in said


@needs_data
def test_every_spell_a_stat_block_lists_is_read() -> None:
    for m in _source("5e-srd-5.1-monsters.json"):
        block = _block(m["name"])
        casting = block.get("spellcasting", [])
        traits = [t for t in m.get("special_abilities", []) if "spellcasting" in t]
        assert [c["name"] for c in casting] == [t["name"] for t in traits], m["name"]
        for c, t in zip(casting, traits, strict=True):
            read = [*c.get("at_will", [])]
            read += [s for v in c.get("spells", {}).values() for s in v]
            read += [s for v in c.get("per_day", {}).values() for s in v]
            for spell in read:
                assert spell.lower() in t["desc"].lower(), (m["name"], spell)
            unread = [n for n in block["not_modelled"] if "spellbook" in n]
            assert len(read) + len(unread) == len(t["spellcasting"]["spells"]), m["name"]
            # each spell read is an action, a guard, cast before the fight or said not played
            for spell in read:
                acted = any(a["name"] == spell for a in block.get("actions", []))
                guarded = spell == "Shield" and "shield" in block.get("guards", [])
                said = f"{c['name']}: {spell}" in block["not_modelled"]
                before = spell in (block.get("cast_before"), *block.get("before_combat", []))
                assert acted or guarded or said or before, (m["name"], spell)
        for a in block.get("actions", []):  # a spell's DC and attack bonus are the stat block's
            if a.get("spell") and casting:
                if "save" in a:
                    assert any(f"DC {a['save'].split()[1]}" in t["desc"] for t in traits)
                if a.get("to_hit"):
                    assert any(f"+{a['to_hit']} to hit" in t["desc"] for t in traits)
