"""F6, B4: the sea hag's Death Glare: at one frightened creature only, a failed Wisdom save
drops it to 0 hit points; B6 counts its hit points as the worth; the validator refuses a glare
at a hero who is not frightened; read from the SRD entry's own words, played from the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lnf.formats.bestiary import srd
from lnf.formats.fight_file import parse_fight
from lnf.model import Condition, Rank
from lnf.model.plan import Mode, Order, Plan
from lnf.rules.plan_check import check_plan
from lnf.rules.specials import action_mean, usable
from tests.cli import run
from tests.test_bestiary import SOURCE

FIGHT = """
heroes:
  - {name: Ann, class: fighter, hp: 60, ac: 14, conditions: [frightened]}
  - {name: Bo, class: wizard, hp: 20, ac: 12}
monsters:
  - {monster: sea hag}
groups:
  A: [Ann, Bo, Sea Hag]
"""


def test_b4_b6_the_glare_reaches_the_frightened_only_and_is_worth_their_hit_points() -> None:
    fight = parse_fight(FIGHT, "hag.yaml")
    hag = fight.monster("Sea Hag")
    (glare,) = usable(fight, hag)
    assert glare.only_on is Condition.FRIGHTENED and glare.riders[0].drops
    assert action_mean(fight, hag, glare, fight.hero("Ann"), Mode.RANGED, Rank.FRONT) == 30
    bad = Plan((Order("Sea Hag", Rank.FRONT, target="Bo", action="Death Glare"),))
    assert any(v.rule.startswith("B") for v in check_plan(fight, bad))


def test_f6_the_glare_drops_a_frightened_hero_from_the_cli(tmp_path: Path) -> None:
    fight = tmp_path / "hag.yaml"
    fight.write_text(FIGHT, encoding="utf-8")
    code, out = run("plan", str(fight))
    assert code == 0, out
    assert "Sea Hag  Stays in group A, in the front rank; uses Death Glare on Ann." in out
    code, out = run("run", str(fight), "--rounds", "1", "--seed", "1")
    assert "Ann takes 60 damage (the failed save against Sea Hag's Death Glare drops it to 0" in out
    calm = tmp_path / "calm.yaml"
    calm.write_text(FIGHT.replace(", conditions: [frightened]", ""), encoding="utf-8")
    code, out = run("plan", str(calm))
    assert "Death Glare" not in out.split("Held back")[0]


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_the_glare_is_its_own_text() -> None:
    hag = next(m for m in json.loads(SOURCE.read_text(encoding="utf-8")) if m["name"] == "Sea Hag")
    desc = next(a["desc"] for a in hag["actions"] if a["name"] == "Death Glare")
    assert "targets one frightened creature she can see within 30 ft." in desc
    assert "DC 11 Wisdom saving throw against this magic or drop to 0 hit points" in desc
    block = next(b for b in srd() if b["name"] == "Sea Hag")
    (glare,) = [a for a in block["actions"] if a["name"] == "Death Glare"]
    assert glare == {
        "name": "Death Glare",
        "save": "wis 11",
        "half": False,
        "kind": "ranged",
        "range": 30,
        "only_on": "frightened",
        "riders": [{"drops": True}],
    }
    assert "Death Glare" not in block["not_modelled"]
