"""B7: the unicorn's legendary Heal Self and Shimmering Shield — read from their own SRD text,
taken on itself when `rules.legendary_self` says (Heal Self at half its hit points or fewer,
the shield when no option reaches a hero), played and said."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from lnf.formats.bestiary import srd
from lnf.formats.fight_file import load_fight
from lnf.rules.legendary import legendary_choice
from tests.cli import stdout_of
from tests.srd import DATA, needs_data

SWORD = "attacks: [{name: Longsword, to_hit: 7, damage: 1d8+3 slashing}]"
HEROES = (
    f"heroes: [{{name: Ann, class: fighter, hp: 60, ac: 15, {SWORD}}},"
    f" {{name: Bo, class: fighter, hp: 60, ac: 15, {SWORD}}}]\n"
)


@needs_data
def test_the_options_are_what_their_own_srd_text_says() -> None:
    """B7: "magically regains 11 (2d8 + 2) hit points" (3 points); "gains a +2 bonus to AC
    until the end of the unicorn's next turn" (2 points); nothing of them left unplayed."""
    data = json.loads((DATA / "5e-srd-5.1-monsters.json").read_text(encoding="utf-8"))
    own = {
        x["name"]: x["desc"]
        for x in next(m for m in data if m["name"] == "Unicorn")["legendary_actions"]
    }
    assert (
        own["Heal Self (Costs 3 Actions)"]
        == "The unicorn magically regains 11 (2d8 + 2) hit points."
    )
    assert (
        "gains a +2 bonus to AC until the end of the unicorn's next turn"
        in own["Shimmering Shield (Costs 2 Actions)"]
    )
    block = next(b for b in srd() if b["name"] == "Unicorn")
    options = {o["name"]: o for o in block["legendary"]}
    assert options["Heal Self"] == {
        "name": "Heal Self",
        "cost": 3,
        "action": {"effect": {"heal": "2d8+2"}},
    }
    shield = options["Shimmering Shield"]["action"]["effect"]
    assert (options["Shimmering Shield"]["cost"], shield["ac"]) == (2, 2)
    assert not any("Heal Self" in n or "Shimmering" in n for n in block["not_modelled"])


@needs_data
def test_the_hurt_unicorn_heals_itself(tmp_path: Path) -> None:
    """B7 from the CLI: at 37 of 67 hit points after Ann's blow, the unicorn spends its 3 points
    on Heal Self at the end of her turn, said with the dice; unhurt, it kicks instead."""
    path = tmp_path / "unicorn.yaml"
    path.write_text(
        HEROES + "monsters: [{monster: unicorn, damage: 30}]\ngroups: {A: [Ann, Bo, Unicorn]}\n"
    )
    said = stdout_of("run", str(path), "--seed", "1", "--rounds", "1")
    assert "At the end of Ann's turn, Unicorn uses a legendary action (B7): Heal Self." in said
    assert "Unicorn heals with Heal Self: 11 hit points (2d8 (6, 3) + 2 = 11)" in said
    f = load_fight(path)
    whole = f.with_combatant(replace(f.monster("Unicorn"), damage=0))
    pick = legendary_choice(whole, whole.monster("Unicorn"), "Ann")
    assert pick is not None and pick.option.name == "Hooves"


@needs_data
def test_out_of_reach_the_unicorn_shields_itself(tmp_path: Path) -> None:
    """B7 from the CLI: in volley round 3 nothing reaches a hero; the unicorn raises its
    Shimmering Shield on itself (+2 AC until the end of its next turn), and again once that
    ends."""
    path = tmp_path / "unicorn.yaml"
    path.write_text("phase: volley 3\n" + HEROES + "monsters: [{monster: unicorn}]\n")
    said = stdout_of("run", str(path), "--seed", "1", "--rounds", "2")
    assert (
        "At the end of Ann's turn, Unicorn uses a legendary action (B7): Shimmering Shield." in said
    )
    assert "Unicorn: Shimmering Shield (+2 AC), until the end of Unicorn's turn (F4)." in said
    assert (
        "Unicorn: Shimmering Shield (+2 AC) ends: it lasted until the end of Unicorn's turn" in said
    )
    f = load_fight(path)
    assert f.monster("Unicorn").ac == 12
