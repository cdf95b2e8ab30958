"""F2, the Fiend's Dark One's Blessing (SRD 5.1, warlock level 1): "When you reduce a hostile
creature to 0 hit points, you gain temporary hit points equal to your Charisma modifier + your
warlock level (minimum of 1)." A sheet's warlock plays the Fiend (its SRD patron) unless
`subclass:` names another; the temporary hit points do not stack (D7: the larger kept)."""

from __future__ import annotations

import json
from pathlib import Path

from lnf.model import Ability
from lnf.rules.subclasses import blessing
from lnf.values import replace
from tests.builders import hero
from tests.cli import run, stdout_of

PACT = """
title: A pact kept
started: monsters
heroes:
  - {name: Mor, class: warlock, level: 5, scores: {dex: 14, con: 14, cha: 18},
     weapons: [dagger], spells: [eldritch blast]SUB}
monsters:
  - {name: Rat, count: 2, hp: 3, ac: 10, attacks: [{name: Bite, to_hit: 2, damage: 1 piercing}]}
"""


def test_charisma_plus_level_at_least_1_for_the_fiend_only() -> None:
    mor = hero("Mor", "warlock", level=5, scores=((Ability.CHA, 18),))
    assert blessing(mor) == 4 + 5
    assert blessing(replace(mor, scores=((Ability.CHA, 3),), level=1)) == 1  # -4 + 1: at least 1
    assert blessing(replace(mor, subclass="the archfey")) == 0
    assert blessing(replace(mor, scores=())) == 0  # no Charisma to read: the DM's
    assert blessing(replace(mor, cls="sorcerer")) == 0


def _kill_both(tmp_path: Path, sub: str = "") -> tuple[str, dict[str, object]]:
    path = tmp_path / "pact.yaml"
    path.write_text(PACT.replace("SUB", sub), encoding="utf-8")
    run("next", str(path), "--seed", "1")
    dice = "15,15,5,15,15,5"  # two beams at R2's disadvantage, each dropping a rat
    out = run("act", str(path), "cast eldritch blast at rat 1", "--dice", dice)[1]
    shown = json.loads(stdout_of("show", "--json", str(path)))["heroes"][0]
    return out, shown


def test_a_kill_gives_them_and_a_second_does_not_stack(tmp_path: Path) -> None:
    out, mor = _kill_both(tmp_path)
    assert out.count("Mor gains 9 temporary hit points (Dark One's Blessing, F2).") == 1
    assert "Rat 2 is dead" in out and mor["temp_hp"] == 9
    again = (tmp_path / "pact.log.jsonl").read_text(encoding="utf-8")
    assert '"temp":true' in again  # the step is logged, so a replay gives the same


def test_another_patron_gives_none(tmp_path: Path) -> None:
    out, mor = _kill_both(tmp_path, ", subclass: the archfey")
    assert "Dark One's Blessing" not in out and mor["temp_hp"] == 0
