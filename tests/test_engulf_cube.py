"""F6: the gelatinous cube's Engulf, judged by its own SRD text: a DC 12 Dexterity save whose
failure deals the 3d6 acid only and engulfs — restrained, no air, total cover (nobody targets
the one inside), 6d6 acid as each of the cube's turns starts — until an action's DC 12
Strength check gets it out beside the cube (not prone); up to four inside."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from lnf.errors import InputError
from lnf.formats.bestiary import srd
from lnf.formats.engulf_words import ENGULF, engulf_entry
from lnf.formats.fight_file import load_fight, parse_fight
from lnf.formats.fight_writer import dump_fight
from lnf.formats.specials import special
from lnf.rules.holds import ENGULFED_AT_MOST
from tests.cli import stdout_of
from tests.srd import DATA, needs_data

SWORD = "attacks: [{name: Longsword, to_hit: 5, damage: 1d8+3 slashing}]"
HEROES = (
    f"heroes: [{{name: Ann, class: fighter, hp: 80, ac: 15, scores: {{str: 16}}, {SWORD}}}, "
    f"{{name: Bo, class: fighter, hp: 60, ac: 15, {SWORD}}}]\n"
)


def _cube(tmp_path: Path) -> Path:
    path = tmp_path / "cube.yaml"
    path.write_text(f"{HEROES}monsters: [{{monster: gelatinous cube}}]\n")
    return path


@needs_data
def test_engulf_is_read_from_its_own_text() -> None:
    data: list[dict[str, Any]] = json.loads(
        (DATA / "5e-srd-5.1-monsters.json").read_text(encoding="utf-8")
    )
    shipped = {m["name"]: m for m in srd()}
    read = []
    for m in data:
        for a in m.get("actions") or []:
            if ENGULF.search(a["desc"]) is None:
                continue
            read.append(m["name"])
            text = a["desc"]
            assert "DC 12 Dexterity saving throw" in text and "10 (3d6) acid damage" in text
            assert "can't breathe, is restrained, and takes 21 (6d6) acid damage" in text
            assert "taking an action to make a DC 12 Strength check" in text
            entry = engulf_entry(special(a), text)
            assert entry == {
                "name": "Engulf",
                "save": "dex 12",
                "half": False,
                "damage": "3d6 acid",  # the 6d6 is the hold's, not the failed save's
                "riders": [
                    {
                        "swallow": True,
                        "engulf": 12,
                        "conditions": ["restrained"],
                        "held_damage": "6d6 acid",
                        "only_if": "Large or smaller",
                    }
                ],
            }
            assert shipped[m["name"]]["actions"] == [entry]
    assert read == ["Gelatinous Cube"]
    cube = next(m for m in data if m["name"] == "Gelatinous Cube")
    ooze = next(x["desc"] for x in cube["special_abilities"] if x["name"] == "Ooze Cube")
    assert "have total cover" in ooze and "up to four Medium or smaller" in ooze
    assert ENGULFED_AT_MOST == 4


def test_the_rider_is_written_back_and_checked(tmp_path: Path) -> None:
    f = load_fight(_cube(tmp_path))
    assert parse_fight(dump_fight(f), "again.yaml") == f
    bad = tmp_path / "bad.yaml"
    rider = "{save: dex 12, engulf: 12}"
    bad.write_text(
        f"{HEROES}monsters: [{{name: Ooze, hp: 30, ac: 8, attacks: [{{name: Slam, to_hit: 3, "
        f"damage: 1d6 acid, riders: [{rider}]}}]}}]\n"
    )
    with pytest.raises(InputError) as error:
        load_fight(bad)
    assert "engulfed in what? give swallow: true" in str(error.value)


def test_an_engulfed_hero_burns_and_gets_out(tmp_path: Path) -> None:
    """F6 from the CLI: the failed save's 3d6 alone; engulfed, hidden from every reach; 6d6 as
    the cube's next turn starts; the hero policy's action: a Strength check, out beside it."""
    said = stdout_of("run", str(_cube(tmp_path)), "--seed", "2", "--rounds", "3")
    assert "Ann's DEX save 1d20 (5) + 0 = 5 vs DC 12: fails, takes 13; Ann 67/80 hp." in said
    assert (
        "Ann is engulfed by Gelatinous Cube (Strength DC 12 to get out): total cover: nobody "
        "targets Ann, it reaches Gelatinous Cube alone; it cannot breathe and takes 6d6 acid as "
        "each of Gelatinous Cube's turns starts" in said
    )
    assert "Ann is restrained: while held (F6)." in said
    assert (
        "Ann takes 17 acid damage (Gelatinous Cube's Engulf, engulfed: 6d6 (2, 3, 2, 1, 5, 4) "
        "acid = 17); Ann 50/80 hp." in said
    )
    assert (
        "Ann tries to get out: 1d20 (6) + 5 = 11 vs DC 12, Gelatinous Cube's Engulf (Strength): "
        "still engulfed (F6)." in said
    )
    out = "Gelatinous Cube's Engulf (Strength): out, beside it (F6).\n"
    assert out in said
    after = said.split(out)[1].splitlines()
    assert "Ann steps to the front rank." in after[:4]
    assert not any("prone" in line for line in after[:4])
