"""F6, a stirge attached (docs/riders.md "F6, holds"): it attaches on a hit, attacks no more,
drinks as each of its turns starts until it has drunk its fill, and lets go when detached (an
action, no check), when the one it holds dies, or when it drops; read from every SRD entry's
own words."""

from __future__ import annotations

import json
import re

import pytest

from lnf.dice import parse
from lnf.dice.roll import ScriptedDice
from lnf.engine.apply import Steps
from lnf.engine.decisions import SimpleChoice
from lnf.engine.effects import Rolled, ride, turn_edge
from lnf.engine.turns import monster_attacks, simple_action
from lnf.formats.bestiary import srd
from lnf.formats.event_codec import _step_from_json, step_to_json
from lnf.formats.fight_file import parse_fight
from lnf.formats.riders import read
from lnf.model import Action, Condition, Fight, Rank, TurnEdge
from lnf.model.plan import Mode, Order
from lnf.model.steps import Damaged
from lnf.rules.holds import drinking, holds_on
from lnf.views.acted_text import acted_text
from tests.test_bestiary import SOURCE

FIGHT = """
heroes:
  - {name: Ann, class: fighter, hp: 30, ac: 15}
  - {name: Bo, class: rogue, hp: 20, ac: 14}
monsters:
  - {monster: stirge, count: 2}
groups:
  A: [Ann, Bo, Stirge 1, Stirge 2]
"""


def _fight() -> Fight:
    return parse_fight(FIGHT, "stirges.yaml")


def _bite(turn: Steps, stirge: str, target: str) -> None:
    (drain,) = next(a for a in turn.fight.monster(stirge).attacks if a.name == "Blood Drain").riders
    ride(turn, stirge, target, "Blood Drain", drain, ScriptedDice([]))


def test_f6_the_stirge_reads_as_its_text_says() -> None:
    (drain,) = next(a for a in _fight().monster("Stirge 1").attacks).riders
    assert (drain.attach, drain.drain, drain.sated) == (True, parse("1d4+3"), 10)


def test_f6_a_stirge_attached_drinks_as_its_turns_start_until_sated() -> None:
    turn = Rolled(_fight()).rolling(ScriptedDice([]))
    _bite(turn, "Stirge 1", "Ann")
    _bite(turn, "Stirge 1", "Bo")  # attached already: it attaches to no other
    (held,) = holds_on(turn.fight, "Ann")
    assert not holds_on(turn.fight, "Bo") and held.escape == 0
    turn_edge(turn, "Stirge 1", TurnEdge.START, ScriptedDice([3]))  # 1d4+3 = 6
    assert turn.fight.hero("Ann").current_hp == 24
    assert drinking(turn.fight, "Stirge 1") is not None
    turn_edge(turn, "Stirge 1", TurnEdge.START, ScriptedDice([1]))  # 4 more: 10, its fill
    assert turn.fight.hero("Ann").current_hp == 20 and not turn.fight.effects
    drank = [s for s in turn.steps if isinstance(s, Damaged)]
    assert [(s.amount, s.key) for s in drank] == [(6, held.key), (4, held.key)]
    for step in turn.steps:
        assert _step_from_json(json.loads(json.dumps(step_to_json(step)))) == step


def test_f6_while_attached_the_stirge_does_not_attack() -> None:
    turn = Rolled.turn(_fight(), "Stirge 1").rolling(ScriptedDice([]))
    _bite(turn, "Stirge 1", "Ann")
    before = len(turn.steps)
    order = Order("Stirge 1", Rank.FRONT, target="Bo", mode=Mode.MELEE)
    monster_attacks(turn, "Stirge 1", order, ScriptedDice([]), lambda *_: False)
    assert len(turn.steps) == before  # no roll was asked for: the scripted dice are empty


def test_f6_an_action_detaches_it_and_it_lets_go_of_the_dead() -> None:
    turn = Rolled(_fight()).rolling(ScriptedDice([]))
    _bite(turn, "Stirge 1", "Ann")
    _bite(turn, "Stirge 2", "Bo")
    ann = turn.fight.hero("Ann")
    off = simple_action(turn.fight, ann, SimpleChoice(Action.ESCAPE), ScriptedDice([]))
    assert off.success and off.detail == "detaches Stirge 1"
    turn.do(off)
    assert not holds_on(turn.fight, "Ann")
    turn.do(Damaged("Bo", 60))  # dead outright (D9: the damage left is her maximum)
    assert not turn.fight.effects
    assert acted_text(off) == "Ann detaches Stirge 1 (its action, F6)."


ATTACHES = re.compile(r"attaches to")


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_every_srd_attachment_is_its_own_descriptions() -> None:
    """F6: every attack whose words attach the attacker either is played whole — its drain's
    dice and its fill printed in its own words, the bestiary keeping them — or is listed as
    not played ("attaching itself")."""
    monsters = json.loads(SOURCE.read_text(encoding="utf-8"))
    blocks = {b["name"]: b for b in srd()}
    played = []
    for m in monsters:
        for action in m.get("actions", []):
            desc = action["desc"]
            reading = read(desc)
            attach = [r for r in reading.riders if r.attach]
            assert bool(attach) <= bool(ATTACHES.search(desc)), m["name"]
            if not ATTACHES.search(desc):
                continue
            if not attach:
                assert "attaching itself" in reading.unread, m["name"]
                continue
            (r,) = attach
            after = desc.split("Hit:", 1)[1].replace(" ", "")
            docs = next(a for a in blocks[m["name"]]["attacks"] if a["name"] == action["name"])
            played.append(m["name"])
            if r.grapple:  # F6: the cloaker's and the darkmantle's, pulled off by a check
                assert (
                    f"DC{r.grapple}Strengthcheck" in after and "blindedandunabletobreathe" in after
                )
                assert "hasadvantage" in after and r.head and r.held_advantage and r.suffocates
                assert r.conditions == (Condition.BLINDED,)
                assert not [n for n in blocks[m["name"]]["not_modelled"] if "attaching" in n]
                continue
            assert f"({r.drain})hitpoints" in after and f"drains{r.sated}hitpoints" in after
            assert {"attach": True, "drain": str(r.drain), "sated": r.sated} in docs["riders"]
    assert played == ["Cloaker", "Darkmantle", "Stirge"]
