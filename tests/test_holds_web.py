"""F6, webbing (the giant spider's and the ettercap's Web): a hit without damage that restrains;
the webbed one's action and a Strength check burst it; the webbing holds whatever its spinner
does (docs/choices.md F6, webbing); read from the SRD entries' own words, played from the CLI."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from lnf.dice.roll import ScriptedDice
from lnf.engine.apply import Steps
from lnf.engine.decisions import SimpleChoice
from lnf.engine.effects import Rolled, ride
from lnf.engine.turns import simple_action
from lnf.formats.bestiary import srd
from lnf.formats.event_codec import _step_from_json, step_to_json
from lnf.formats.fight_file import parse_fight
from lnf.model import Action, Condition, Fight
from lnf.model.steps import Damaged, Moved
from lnf.rules.holds import holds_on, wants_escape
from lnf.views.acted_text import acted_text
from tests.cli import run
from tests.test_bestiary import SOURCE

FIGHT = """
heroes:
  - {name: Ann, class: fighter, hp: 30, ac: 15, saves: {str: 3, dex: 9}}
  - {name: Bo, class: wizard, hp: 20, ac: 12}
monsters:
  - {monster: giant spider}
groups:
  A: [Ann, Bo, Giant Spider]
"""


def _fight() -> Fight:
    return parse_fight(FIGHT, "web.yaml")


def _web(turn: Steps, target: str) -> None:
    spider = turn.fight.monster("Giant Spider")
    (web,) = next(a for a in spider.actions if a.name == "Web").riders
    ride(turn, "Giant Spider", target, "Web", web, ScriptedDice([]))


def test_f6_b2_the_web_is_a_recharge_action_that_only_restrains() -> None:
    web = next(a for a in _fight().monster("Giant Spider").actions if a.name == "Web")
    (rider,) = web.riders
    assert (web.recharge, web.damage.maximum, web.to_hit) == (5, 0, 5)
    assert (rider.grapple, rider.web, rider.conditions) == (12, True, (Condition.RESTRAINED,))


def test_f6_webbing_restrains_without_grappling_and_holds_when_the_spider_goes() -> None:
    turn = Rolled(_fight()).rolling(ScriptedDice([]))
    _web(turn, "Ann")
    assert turn.fight.hero("Ann").conditions == {Condition.RESTRAINED}
    turn.do(Moved("Giant Spider", leave=True))
    turn.do(Damaged("Giant Spider", 99))
    assert holds_on(turn.fight, "Ann") and Condition.RESTRAINED in turn.fight.hero("Ann").conditions
    for step in turn.steps:
        assert _step_from_json(json.loads(json.dumps(step_to_json(step)))) == step


def test_f6_a_strength_check_bursts_the_webbing() -> None:
    turn = Rolled(_fight()).rolling(ScriptedDice([]))
    _web(turn, "Ann")
    ann = turn.fight.hero("Ann")
    assert wants_escape(turn.fight, ann)  # Strength +3: a 9 or better of 12, an even chance
    failed = simple_action(turn.fight, ann, SimpleChoice(Action.ESCAPE), ScriptedDice([8]))
    assert failed.detail == "1d20 (8) + 3 = 11 vs Strength DC 12, Giant Spider's webbing"
    assert acted_text(failed).startswith("Ann tries to burst the webbing:")  # not Dex +9
    freed = simple_action(turn.fight, ann, SimpleChoice(Action.ESCAPE), ScriptedDice([9]))
    turn.do(freed)
    assert not turn.fight.effects and not turn.fight.hero("Ann").conditions


def test_f6_the_web_is_played_and_told_from_the_cli(tmp_path: Path) -> None:
    fight = tmp_path / "web.yaml"
    fight.write_text(FIGHT.replace("dex: 9", "dex: 0"), encoding="utf-8")
    code, out = run("run", str(fight), "--rounds", "2", "--seed", "1")
    assert code == 0, out
    assert "Giant Spider's Web is spent: it recharges on a 5–6" in out
    assert "with Web at range: 1d20 (17) + 5 = 22 vs AC 15: hit; no damage of its own (F6)." in out
    assert "Ann is caught in Giant Spider's webbing (Strength DC 12): until it bursts" in out
    assert "Ann tries to burst the webbing: 1d20 (7) + 3 = 10 vs Strength DC 12" in out


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_every_srd_web_is_its_own_text() -> None:
    """F6: every attack whose hit restrains by webbing is read with the DC of its own Strength
    check, its recharge, and leaves nothing of it not played."""
    blocks = {b["name"]: b for b in srd()}
    found = 0
    for m in json.loads(SOURCE.read_text(encoding="utf-8")):
        for action in m.get("actions", []):
            words = re.search(r"DC (\d+) Strength check, \w+(?: from)? the webbing", action["desc"])
            if words is None:
                continue
            found += 1
            block = blocks[m["name"]]
            (web,) = [a for a in block["actions"] if a["name"] == action["name"]]
            assert web["riders"] == [
                {"condition": "restrained", "grapple": int(words[1]), "web": True}
            ]
            assert web["recharge"] == action["usage"]["min_value"]
            assert "damage" not in web and web["to_hit"] == action["attack_bonus"]
            assert not [n for n in block["not_modelled"] if n.startswith(f"{action['name']}:")]
    assert found == 2  # the ettercap's and the giant spider's
