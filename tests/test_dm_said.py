"""B8, B9: what a stat block holds that lnf does not play is told by its reason: `lnf show` heads
each reason apart, and what the DM rules is said beside the monster's order and on its turn (the
issue's "lnf says so at the moment it matters, on that monster's turn")."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

from lnf.formats.fight_file import parse_fight
from lnf.formats.not_played import DM, why
from lnf.model import Condition, Lasting
from lnf.model.effects import Effect
from lnf.views.dm_items import on_its_turn
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


def test_what_a_charm_makes_a_hero_do_is_said_only_while_it_holds_one() -> None:
    """B9: a harpy's turn says "what Harpy 1's Luring Song makes a hero do" only while a hero
    bears a condition that harpy imposed (its song's charm), not on every turn of hers."""
    text = "title: Song\nheroes:\n  - {name: Ann, class: fighter, hp: 30}\nmonsters:\n"
    f = parse_fight(text + "  - {monster: harpy, count: 2}\n", "song.yaml")
    assert on_its_turn(f, "Harpy 1") == []
    charm = Effect(1, "Ann", "charmed", Lasting(), 1, by="Harpy 1", condition=Condition.CHARMED)
    held = replace(f, effects=(charm,), effects_begun=1)
    said = "For the DM (B9): lnf does not decide what Harpy 1's Luring Song makes a hero do; "
    assert on_its_turn(held, "Harpy 1") == [said + "yours to rule."]
    assert on_its_turn(held, "Harpy 2") == []  # her twin's song holds nobody
