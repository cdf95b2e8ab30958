"""B6, F7: Shillelagh, which the druid's and the dryad's stat blocks print figures for, is cast
before the fight: its weapon's figures are the shillelagh ones, magical (D6), judged by the
spell's own SRD text and said by `lnf monsters show`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from lnf.formats.bestiary import srd
from lnf.formats.fight_file import load_fight
from tests.cli import stdout_of
from tests.srd import DATA, needs_data


def _srd(file: str, name: str) -> dict[str, Any]:
    data: list[dict[str, Any]] = json.loads((DATA / file).read_text(encoding="utf-8"))
    return next(s for s in data if s["name"] == name)


def _block(name: str) -> dict[str, Any]:
    return next(b for b in srd() if b["name"] == name)


@needs_data
def test_shillelagh_is_what_its_own_srd_text_says() -> None:
    """F7: a cantrip with a bonus action (the druid has no other; the dryad's other ends a charm),
    "the weapon's damage die becomes a d8", "The weapon also becomes magical"."""
    spell = _srd("5e-srd-5.1-spells.json", "Shillelagh")
    text = " ".join(spell["desc"])
    assert spell["level"] == 0 and spell["casting_time"] == "1 bonus action"
    assert "damage die becomes a d8" in text and "also becomes magical" in text
    for name, weapon in (("Druid", "Quarterstaff"), ("Dryad", "Club")):
        (attack,) = [a for a in _block(name)["attacks"] if a["name"] == weapon]
        assert attack["damage"].startswith("1d8") and attack["magic"] is True
        own = _srd("5e-srd-5.1-monsters.json", name)
        bonus = [a["name"] for a in own["actions"] if "as a bonus action" in a["desc"]]
        assert bonus == (["Fey Charm"] if name == "Dryad" else [])  # only to end its charm


@needs_data
@pytest.mark.parametrize(
    ("name", "weapon", "to_hit", "damage", "spent"),
    [
        ("Druid", "Quarterstaff", 4, "1d8+2 bludgeoning", {}),  # at will: nothing spent
        ("Dryad", "Club", 6, "1d8+4 bludgeoning", {"Shillelagh": 1}),  # its 1/day use
    ],
)
def test_the_stat_blocks_figures_with_shillelagh_are_read(
    name: str, weapon: str, to_hit: int, damage: str, spent: dict[str, int]
) -> None:
    """B6: "+4 to hit with shillelagh … 6 (1d8 + 2) bludgeoning damage with shillelagh": the
    test reads the figures from the stat block's own text; nothing of it stays unplayed."""
    own = _srd("5e-srd-5.1-monsters.json", name)
    (desc,) = [a["desc"] for a in own["actions"] if a["name"] == weapon]
    figures = damage.split()[0].replace("+", " + ")
    assert f"+{to_hit} to hit with shillelagh" in desc and f"({figures})" in desc
    block = _block(name)
    (attack,) = [a for a in block["attacks"] if a["name"] == weapon]
    assert (attack["to_hit"], attack["damage"]) == (to_hit, damage)
    assert "Shillelagh" in block["before_combat"]
    assert {k: v for k, v in block.get("used", {}).items() if k == "Shillelagh"} == spent
    assert not any("hillelagh" in n for n in block["not_modelled"])


@needs_data
def test_the_druid_fights_with_its_shillelagh(tmp_path: Path) -> None:
    """B6 from the CLI: `lnf monsters show` says the spell is cast before the fight; in a fight
    the druid's quarterstaff is +4, 1d8+2, and magical (D6)."""
    shown = stdout_of("monsters", "show", "druid")
    assert "Shillelagh: cast on itself before the fight (B6)" in shown
    assert "Quarterstaff: mêlée, +4 to hit, reach 5 ft; 1d8+2 bludgeoning" in shown
    path = tmp_path / "druid.yaml"
    path.write_text(
        "heroes: [{name: Ann, class: fighter, hp: 30, ac: 15}]\nmonsters: [{monster: druid}]\n",
        encoding="utf-8",
    )
    staff = load_fight(path).monster("Druid").attacks[0]
    assert (staff.to_hit, str(staff.damage), staff.magic) == (4, "1d8+2 bludgeoning", True)
