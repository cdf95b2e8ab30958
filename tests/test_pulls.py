"""F6, pulled without a map (docs/riders.md "F6, pulled"): a failed save (the balor's whip) or a
lost Strength contest (the merrow's harpoon) pulls the target into its attacker's group; read
from every SRD entry's own words."""

from __future__ import annotations

import json

import pytest

from lnf.dice.roll import ScriptedDice
from lnf.engine.apply import Steps
from lnf.engine.effects import Rolled, ride
from lnf.engine.marks import mark_effect
from lnf.formats.bestiary import srd
from lnf.formats.fight_file import parse_fight
from lnf.formats.riders import read
from lnf.model import Ability, Condition, Fight, Lasting
from lnf.model.steps import Contested, Moved
from lnf.rules.economy import step_cost
from tests.test_bestiary import SOURCE

FIGHT = """
heroes:
  - {name: Ann, class: fighter, hp: 30, ac: 15, saves: {str: 2}}
  - {name: Bo, class: rogue, hp: 20, ac: 14}
monsters:
  - {monster: merrow, count: 2}
  - {monster: balor}
groups:
  A: [Bo, Merrow 1]
  B: [Ann, Merrow 2]
"""


def _fight() -> Fight:
    return parse_fight(FIGHT, "pulls.yaml")


def _hit(turn: Steps, attacker: str, target: str, attack: str, dice: list[int]) -> None:
    weapon = next(a for a in turn.fight.monster(attacker).attacks if a.name == attack)
    for rider in weapon.riders:
        ride(turn, attacker, target, attack, rider, ScriptedDice(dice))


def test_f6_the_merrows_harpoon_pulls_on_a_won_strength_contest() -> None:
    turn = Steps(_fight())
    (rider,) = next(a for a in turn.fight.monster("Merrow 1").attacks if a.name == "Harpoon").riders
    assert (rider.pull, rider.contest, rider.only_if) == (True, True, "Huge or smaller")
    _hit(turn, "Merrow 1", "Ann", "Harpoon", [3, 15])  # 3 + 4 against 15 + 2: Ann holds
    assert turn.fight.group_of("Ann").label == "B"
    _hit(turn, "Merrow 1", "Ann", "Harpoon", [15, 3])  # 15 + 4 against 3 + 2: pulled
    contests = [s for s in turn.steps if isinstance(s, Contested)]
    assert [(c.kind, c.won) for c in contests] == [("pull", False), ("pull", True)]
    assert turn.steps[-1] == Moved("Ann", join="A")
    assert turn.fight.group_of("Ann").label == "A" and turn.fight.group_of("Merrow 2") is None
    assert step_cost(turn.fight, contests[0]) is None  # part of the hit, not an action
    _hit(turn, "Merrow 1", "Ann", "Harpoon", [])  # together now: no contest is rolled


def test_f6_the_balors_whip_pulls_on_a_failed_save_and_a_held_one_stays() -> None:
    text = FIGHT.replace("  A: [Bo, Merrow 1]", "  A: [Bo, Merrow 1, Balor]")
    turn = Rolled(parse_fight(text, "pulls.yaml")).rolling(ScriptedDice([]))
    (rider,) = next(a for a in turn.fight.monster("Balor").attacks if a.name == "Whip").riders
    assert (rider.save, rider.pull, rider.contest) == ((Ability.STR, 20), True, False)
    mark_effect(turn, "Ann", "grappled", Lasting(), Condition.GRAPPLED, by="Merrow 2")
    _hit(turn, "Balor", "Ann", "Whip", [1])  # held fast: the save fails, nothing moves
    assert turn.fight.group_of("Ann").label == "B"
    assert not [s for s in turn.steps if isinstance(s, Moved) and s.join]
    free = Rolled(parse_fight(text, "pulls.yaml")).rolling(ScriptedDice([]))
    _hit(free, "Balor", "Ann", "Whip", [19])  # 19 + 2 = 21 against DC 20: saved
    assert free.fight.group_of("Ann").label == "B"
    _hit(free, "Balor", "Ann", "Whip", [1])
    assert free.fight.group_of("Ann").label == "A"


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_every_srd_pull_is_its_own_descriptions() -> None:
    """F6: every rider that pulls is an attack whose words pull "toward" the attacker; a
    contest where they say "Strength contest", a save where they print it; the bestiary keeps
    it, and no stat block lists pulling as not played."""
    monsters = json.loads(SOURCE.read_text(encoding="utf-8"))
    blocks = {b["name"]: b for b in srd()}
    pulls = []
    for m in monsters:
        for action in m.get("actions", []):
            desc = action["desc"]
            after = desc.split("Hit:", 1)[1] if "Hit:" in desc else ""
            for r in read(desc).riders:
                if not r.pull:
                    continue
                assert "pulled up to" in after and "feet toward the" in after, m["name"]
                assert r.contest == ("Strength contest" in after), m["name"]
                assert r.contest == (r.save is None), m["name"]
                if r.save is not None:
                    ability, dc = r.save
                    assert f"DC {dc} {ability.word}" in after, m["name"]
                docs = next(a for a in blocks[m["name"]]["attacks"] if a["name"] == action["name"])
                assert any(d.get("pull") for d in docs["riders"]), m["name"]
                pulls.append(m["name"])
            assert "pulled" not in after or pulls[-1:] == [m["name"]], m["name"]
        assert not any("pulling" in i for i in blocks[m["name"]].get("not_modelled", []))
    assert pulls == ["Balor", "Merrow"]
