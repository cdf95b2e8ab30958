"""B8, B9: what a stat block holds that lnf does not play is told by its reason: `lnf show` heads
each reason apart, and what the DM rules is said beside the monster's order and on its turn (the
issue's "lnf says so at the moment it matters, on that monster's turn")."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from lnf.formats.not_played import DM, why
from tests.cli import run

X7 = Path(__file__).resolve().parent.parent / "examples" / "mage-behind-its-guards.yaml"
SAID = "For the DM (B9): lnf does not decide Mage's Suggestion; yours to rule."


def test_show_heads_each_reason_apart(tmp_path: Path) -> None:
    fight = tmp_path / "x7.yaml"
    shutil.copy(X7, fight)
    code, out = run("show", str(fight))
    assert code == 0, out
    assert "For the DM to rule (B9):\n  Mage: Spellcasting: Suggestion\n" in out
    never = out.split("Never matters without a map (B8):\n", 1)[1]
    assert never.startswith("  Mage: Spellcasting: Light, Mage Hand")  # one head, many spells
    assert "Not modelled" not in out


def test_plan_says_what_the_dm_rules_beside_the_orders() -> None:
    code, out = run("plan", str(X7))
    assert code == 0 and SAID in out
    code, out = run("plan", str(X7), "--json")
    orders = {o["name"]: o for o in json.loads(out)["monsters"]}
    assert orders["Mage"]["dm_rules"] == ["Spellcasting: Suggestion"]
    assert orders["Guard 1"]["dm_rules"] == []
    assert all(why(x) == DM for x in orders["Mage"]["dm_rules"])


def test_the_monsters_turn_says_what_the_dm_rules(tmp_path: Path) -> None:
    """B9: the Mage's turn (it casts Cone of Cold) ends with the line; the guards' turns do not."""
    fight = tmp_path / "x7.yaml"
    shutil.copy(X7, fight)
    code, out = run("run", str(fight), "--seed", "3", "--rounds", "1")
    assert code == 0, out
    lines = out.splitlines()
    cast = next(i for i, x in enumerate(lines) if x.startswith("Mage casts Cone of Cold"))
    assert lines[cast + 1] == SAID  # right after what it did
    assert out.count(SAID) == 1  # once, on its one turn of the round


def test_the_heads_are_the_reasons_not_played_gives() -> None:
    """B8: `lnf show` heads exactly the three reasons `formats.not_played` decides."""
    from lnf.formats.not_played import NO_MAP, UNSUPPORTED
    from lnf.views.dm_items import HEADS

    assert set(HEADS) == {UNSUPPORTED, DM, NO_MAP}
