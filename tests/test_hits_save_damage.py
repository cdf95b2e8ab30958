"""F6: a hit whose damage is a save's (the guardian naga's Spit Poison: "Hit: The target must
make a DC 15 Constitution saving throw, taking 45 (10d8) poison damage on a failed save, or
half as much damage on a successful one"): the hit deals none of its own, the save decides;
read from the SRD entry's own words, played through the engine and the CLI's telling."""

from __future__ import annotations

import json

import pytest

from lnf.dice.roll import ScriptedDice
from lnf.engine.effects import Rolled
from lnf.engine.guards import land
from lnf.engine.resolve import roll_attack
from lnf.formats.bestiary import srd
from lnf.formats.fight_file import parse_fight
from lnf.model import Fight
from lnf.model.plan import Advantage, Mode
from lnf.rules.attacks import used_damage
from lnf.rules.expected import attack_mean
from tests.test_bestiary import SOURCE

FIGHT = """
heroes:
  - {name: Ann, class: fighter, hp: 120, ac: 12}
  - {name: Bo, class: wizard, hp: 30, ac: 12}
monsters:
  - {monster: guardian naga}
  - {monster: goblin}
groups:
  A: [Ann, Goblin]
  B: [Bo, Guardian Naga]
"""


def _fight() -> Fight:
    return parse_fight(FIGHT, "naga.yaml")


def test_f6_b6_the_spit_deals_its_damage_through_the_save_only() -> None:
    fight = _fight()
    spit = next(a for a in fight.monster("Guardian Naga").attacks if a.name == "Spit Poison")
    assert spit.damage.maximum == 0
    (rider,) = spit.riders
    assert str(rider.damage) == "10d8" and rider.half
    mean = attack_mean(spit, fight.hero("Ann"), Advantage.NORMAL, Mode.RANGED)
    assert 30 < mean < 40  # 45 on a failed save, 22.5 on a success, a 90% hit


def test_f6_a_failed_save_takes_it_all_a_success_half() -> None:
    turn = Rolled(_fight()).rolling(ScriptedDice([]))
    naga, ann = turn.fight.monster("Guardian Naga"), turn.fight.hero("Ann")
    spit = next(a for a in naga.attacks if a.name == "Spit Poison")
    hit = roll_attack(
        turn.fight, naga, ann, spit, Mode.RANGED, ScriptedDice([15, 15])
    )  # in mêlée with Bo
    turn.rolling(ScriptedDice([5, *[2] * 10]))  # the save fails: 10d8 of 2s = 20
    land(turn, hit, lambda *_: False)
    assert turn.fight.hero("Ann").current_hp == 100


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_the_nagas_spit_is_its_own_text() -> None:
    naga = next(
        m for m in json.loads(SOURCE.read_text(encoding="utf-8")) if m["name"] == "Guardian Naga"
    )
    desc = next(a["desc"] for a in naga["actions"] if a["name"] == "Spit Poison")
    assert "Hit: The target must make a DC 15 Constitution saving throw, taking 45 (10d8)" in desc
    block = next(b for b in srd() if b["name"] == "Guardian Naga")
    spit = next(a for a in block["attacks"] if a["name"] == "Spit Poison")
    assert "damage" not in spit
    assert spit["riders"] == [{"save": "con 15", "damage": "10d8 poison", "half": True}]
    assert not [n for n in block["not_modelled"] if n.startswith("Spit Poison")]


DJINNI = """
heroes:
  - {name: Ann, class: fighter, hp: 120, ac: 10, resist: [lightning]}
  - {name: Bo, class: wizard, hp: 30, ac: 10}
monsters:
  - {monster: djinni}
groups:
  A: [Ann, Bo, Djinni]
"""


def test_d6_b6_the_djinnis_scimitar_deals_thunder_to_one_who_resists_lightning() -> None:
    fight = parse_fight(DJINNI, "djinni.yaml")
    djinni = fight.monster("Djinni")
    (scimitar,) = djinni.attacks
    assert [(k.value, o.value) for k, o in scimitar.either] == [("lightning", "thunder")]
    to_ann = used_damage(scimitar, Mode.MELEE, djinni, fight.hero("Ann"))
    to_bo = used_damage(scimitar, Mode.MELEE, djinni, fight.hero("Bo"))
    assert str(to_ann.damage) == "2d6+5 slashing + 1d6 thunder"
    assert str(to_bo.damage) == "2d6+5 slashing + 1d6 lightning"  # the written one on a tie


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_the_djinnis_scimitar_is_its_own_text() -> None:
    djinni = next(
        m for m in json.loads(SOURCE.read_text(encoding="utf-8")) if m["name"] == "Djinni"
    )
    desc = next(a["desc"] for a in djinni["actions"] if a["name"] == "Scimitar")
    assert "plus 3 (1d6) lightning or thunder damage (djinni's choice)" in desc
    block = next(b for b in srd() if b["name"] == "Djinni")
    (scimitar,) = block["attacks"]
    assert scimitar["either"] == {"lightning": "thunder"}
    assert not [n for n in block["not_modelled"] if n.startswith("Scimitar")]
