"""F6, B6: a grapple instead of the hit's damage (the vampire's unarmed strike, the vampire
spawn's claws): the attacker grapples when the target grappled is worth more to it (B6's share
of the hero's hit points) than the hit's damage on average; read from the SRD entries' own
words, played from the CLI."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from lnf.dice.roll import ScriptedDice
from lnf.engine.effects import Rolled
from lnf.engine.guards import land
from lnf.engine.resolve import roll_attack
from lnf.formats.bestiary import srd
from lnf.formats.event_codec import _step_from_json, step_to_json
from lnf.formats.fight_file import parse_fight
from lnf.model import Condition, Fight
from lnf.model.plan import Mode
from lnf.rules.holds import grapples_instead, holds_on
from tests.cli import run
from tests.test_bestiary import SOURCE

FIGHT = """
heroes:
  - {name: Ann, class: fighter, hp: 120, ac: 12}
  - {name: Bo, class: wizard, hp: 20, ac: 12}
monsters:
  - {monster: vampire spawn}
groups:
  A: [Ann, Bo, Vampire Spawn]
"""


def _fight() -> Fight:
    return parse_fight(FIGHT, "spawn.yaml")


def test_f6_b6_the_claws_grapple_a_hero_worth_more_grappled_than_hurt() -> None:
    fight = _fight()
    claws = next(a for a in fight.monster("Vampire Spawn").attacks if a.name == "Claws")
    assert grapples_instead(fight, "Vampire Spawn", "Ann", claws)  # 12 against 8
    assert not grapples_instead(fight, "Vampire Spawn", "Bo", claws)  # 2 against 8
    turn = Rolled(fight).rolling(ScriptedDice([]))
    spawn, ann = turn.fight.monster("Vampire Spawn"), turn.fight.hero("Ann")
    hit = roll_attack(turn.fight, spawn, ann, claws, Mode.MELEE, ScriptedDice([15]))
    assert hit.hit and hit.instead and not hit.damage
    land(turn, hit, lambda *_: False)
    (hold,) = holds_on(turn.fight, "Ann")
    assert hold.escape == 13 and turn.fight.hero("Ann").conditions == {Condition.GRAPPLED}
    assert turn.fight.hero("Ann").current_hp == 120
    assert not grapples_instead(turn.fight, "Vampire Spawn", "Ann", claws)  # held already
    assert _step_from_json(json.loads(json.dumps(step_to_json(hit)))) == hit
    bo = turn.fight.hero("Bo")
    hurt = roll_attack(turn.fight, spawn, bo, claws, Mode.MELEE, ScriptedDice([15, 1, 1]))
    assert hurt.damage and not hurt.instead


def test_f6_the_grapple_instead_is_told_from_the_cli(tmp_path: Path) -> None:
    fight = tmp_path / "spawn.yaml"
    fight.write_text(
        FIGHT.replace("  - {name: Bo, class: wizard, hp: 20, ac: 12}\n", "").replace(
            "Ann, Bo,", "Ann,"
        )
    )
    code, out = run("run", str(fight), "--rounds", "3", "--seed", "4")
    assert code == 0, out
    assert "with Claws in mêlée: 1d20 (" in out
    assert "; it grapples instead of dealing damage (F6)." in out
    assert "Ann is grappled by Vampire Spawn's Claws (escape DC 13)" in out


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_every_srd_grapple_instead_of_damage_is_its_own_text() -> None:
    blocks = {b["name"]: b for b in srd()}
    found = 0
    for m in json.loads(SOURCE.read_text(encoding="utf-8")):
        for action in m.get("actions", []):
            said = re.search(
                r"Instead of dealing damage, the \w+ can grapple the target "
                r"\(escape DC (\d+)\)",
                action["desc"],
            )
            if said is None:
                continue
            found += 1
            block = blocks[m["name"]]
            attack = next(a for a in block["attacks"] if a["name"] == action["name"])
            assert {"grapple": int(said[1]), "instead": True} in attack["riders"]
            assert not [n for n in block["not_modelled"] if n.startswith(action["name"])]
    assert found == 2  # the vampire's (in its vampire form) and the vampire spawn's
