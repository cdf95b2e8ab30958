"""B8: the tarrasque's Reflective Carapace, read from its SRD text and played: a d6 when a
ranged spell attack, Magic Missile or a line spell targets it; unaffected, and turned back at
the caster on a 6."""

from __future__ import annotations

import re
from pathlib import Path

from lnf.dice import parse
from lnf.formats.bestiary import srd
from lnf.heroes.attack_policy import attack_choices
from lnf.model import Ability, Area, Attack, AttackKind, Shape, Trait, TraitKind
from lnf.model.plan import Mode
from lnf.rules.carapace import reflective
from tests.builders import fight, hero, monster
from tests.cli import run
from tests.test_srd_each_turn import needs_data
from tests.test_traits_guard import srd_entries

FIRE_BOLT = Attack(
    name="Fire Bolt", kind=AttackKind.RANGED, to_hit=11, damage=parse("4d10 fire"), spell=True
)


@needs_data
def test_b8_reflective_carapace_is_read_from_each_srd_text() -> None:
    blocks = {b["name"]: b for b in srd()}
    found = []
    for entry in srd_entries():
        for trait in entry.get("special_abilities", []):
            if trait["name"] != "Reflective Carapace":
                continue
            assert re.search(
                r"targeted by a magic missile spell, a line spell, or a spell that requires a "
                r"ranged attack roll, roll a d6\. On a 1 to 5, the \w+ is unaffected\. On a 6, "
                r"the \w+ is unaffected, and the effect is reflected back at the caster",
                trait["desc"],
            )
            assert "reflective carapace" in blocks[entry["name"]]["traits"]
            assert "Reflective Carapace (trait)" not in blocks[entry["name"]]["not_modelled"]
            found.append(entry["name"])
    assert found == ["Tarrasque"]


def test_b8_what_the_carapace_answers() -> None:
    tarrasque = monster("Tarrasque", traits=(Trait(TraitKind.REFLECTIVE_CARAPACE),))
    assert reflective(tarrasque, FIRE_BOLT, Mode.RANGED)
    grasp = Attack(name="Shocking Grasp", to_hit=11, damage=parse("4d8 lightning"), spell=True)
    assert not reflective(tarrasque, grasp, Mode.MELEE)  # a mêlée spell attack
    missile = Attack(
        name="Magic Missile",
        kind=AttackKind.RANGED,
        to_hit=11,
        damage=parse("3d4+3 force"),
        spell=True,
        slot=1,
    )
    assert reflective(tarrasque, missile, Mode.RANGED)
    bolt = Attack(
        name="Lightning Bolt",
        kind=AttackKind.RANGED,
        damage=parse("8d6 lightning"),
        spell=True,
        slot=3,
        save=(Ability.DEX, 19),
        area=Area(Shape.LINE, 100),
    )
    assert reflective(tarrasque, bolt, None)
    fireball = Attack(
        name="Fireball",
        kind=AttackKind.RANGED,
        damage=parse("8d6 fire"),
        spell=True,
        slot=3,
        save=(Ability.DEX, 19),
        area=Area(Shape.SPHERE, 20),
    )
    assert not reflective(tarrasque, fireball, None)
    assert not reflective(monster("Ogre"), FIRE_BOLT, Mode.RANGED)
    # the hero policy does not aim at it what the carapace turns
    aria = hero("Aria", "wizard", attacks=(FIRE_BOLT,))
    f = fight([aria], [tarrasque, monster("Ogre")])
    assert {o.choice.target for o in attack_choices(f, aria)} == {"Ogre"}  # type: ignore[union-attr]


TARRASQUE = """\
title: The end of the world
round: 1
heroes:
  - name: Aria
    class: wizard
    level: 17
    hp: 2000
    ac: 15
    scores: {int: 20}
    spells: [fire bolt, lightning bolt]
monsters:
  - monster: Tarrasque
"""


def test_b8_cli_the_carapace_turns_a_fire_bolt_and_a_lightning_bolt_back(tmp_path: Path) -> None:
    fight_file = tmp_path / "end.yaml"
    fight_file.write_text(TARRASQUE, encoding="utf-8")
    script = tmp_path / "end.actions"
    said = {}
    for spell in ("Fire Bolt", "Lightning Bolt"):
        script.write_text(f"round 1\nAria: cast {spell} at Tarrasque\n")
        code, out = run(
            "run", str(fight_file), "--seed", "7", "--rounds", "1", "--script", str(script)
        )
        assert code == 0, out
        said[spell] = out
    turned = "1d6 (6): unaffected, and it turns back at its caster (B8)."
    assert (
        f"Tarrasque's Reflective Carapace against Aria's Fire Bolt: {turned}" in said["Fire Bolt"]
    )
    assert "Aria attacks Aria with Fire Bolt" in said["Fire Bolt"]
    assert "attacks Tarrasque with Fire Bolt" not in said["Fire Bolt"]  # it is unaffected
    bolt = said["Lightning Bolt"]
    assert f"Tarrasque's Reflective Carapace against Aria's Lightning Bolt: {turned}" in bolt
    assert "on Aria (a slotted spell)" in bolt and "Tarrasque's DEX save" not in bolt
    assert "Aria gets an O dot" not in bolt  # T1: no dot for its own spell turned back
    script.write_text("round 1\nAria: cast Fire Bolt at Tarrasque\n")
    code, out = run("run", str(fight_file), "--seed", "1", "--rounds", "1", "--script", str(script))
    assert "Aria's Fire Bolt: 1d6 (" in out and "attacks Tarrasque with Fire Bolt" not in out
