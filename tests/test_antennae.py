"""F6, B6: the rust monster's Antennae, judged by its own SRD text: a Dexterity save at one
hero of its group whose failure corrodes the hero's armor (-1 AC for the fight, to AC 10 at
most); B6 values it (a tenth of the hero's hit points a point of AC), so the plan chooses it
over the bite against a well-armoured hero who saves badly; solver, brute force and the
validator agree; played and said."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

from lnf.formats.antennae import antennae_entry
from lnf.formats.bestiary import srd
from lnf.formats.fight_file import load_fight
from lnf.formats.specials import special
from lnf.model import Fight, Rank
from lnf.model.plan import Mode
from lnf.rules.expected import riders_mean
from lnf.rules.plan_check import check_plan
from lnf.rules.specials import action_mean, action_named
from lnf.solver import solve_plan
from tests.brute_force import best_plan
from tests.cli import run, stdout_of
from tests.srd import DATA, needs_data

SWORD = "attacks: [{name: Longsword, to_hit: 5, damage: 1d8+3 slashing}]"
TANK = f"{{name: Ann, class: fighter, hp: 45, ac: 18, saves: {{dex: 0}}, {SWORD}}}"
QUICK = f"{{name: Bo, class: rogue, hp: 20, ac: 14, saves: {{dex: 4}}, {SWORD}}}"
UNARMOURED = f"{{name: Cy, class: monk, hp: 30, ac: 10, {SWORD}}}"


@needs_data
def test_only_the_rust_monsters_antennae_is_read_so_from_its_text() -> None:
    """F6: "corrodes a nonmagical ferrous metal object it can see within 5 feet … a DC 11
    Dexterity saving throw to avoid the rust monster's touch … a permanent and cumulative -1
    penalty to the AC it offers": the save, 5 feet, -1 AC; the bestiary holds it."""
    data: list[dict[str, Any]] = json.loads(
        (DATA / "5e-srd-5.1-monsters.json").read_text(encoding="utf-8")
    )
    read = []
    for m in data:
        for a in m.get("actions") or []:
            entry = antennae_entry(special(a), a["desc"])
            if entry is not None:
                read.append(m["name"])
                assert entry["save"] == "dex 11" and "DC 11 Dexterity" in a["desc"]
                assert entry["range"] == 5 and "within 5 feet" in a["desc"]
                assert entry["riders"][0]["armor"] == -1 and "cumulative -1" in a["desc"]
    assert read == ["Rust Monster"]
    shipped = next(m for m in srd() if m["name"] == "Rust Monster")
    assert [a["name"] for a in shipped["actions"]] == ["Antennae"]
    said = json.loads(stdout_of("monsters", "--not-played", "--json"))
    assert not [x for x in said if x["item"] == "Antennae"]


def _fight(tmp_path: Path, *heroes: str) -> Fight:
    path = tmp_path / "rust.yaml"
    text = f"heroes: [{', '.join(heroes)}]\nmonsters: [{{monster: rust monster}}]\n"
    path.write_text(text, encoding="utf-8")
    return load_fight(path)


@needs_data
def test_b6_its_worth_is_a_tenth_of_the_hp_a_point_of_ac_by_the_failed_save(
    tmp_path: Path,
) -> None:
    """B6: Ann (AC 18, Dex +0, 45 hp) fails DC 11 half the time: 1/2 × 45/10; Cy at AC 10
    has no armor left to corrode: nothing."""
    f = _fight(tmp_path, TANK, UNARMOURED)
    me = f.monster("Rust Monster")
    antennae = action_named(me, "Antennae")
    assert antennae is not None
    worth = action_mean(f, me, antennae, f.hero("Ann"), Mode.MELEE, Rank.FRONT)
    assert worth == Fraction(45, 20)
    assert riders_mean(antennae, f.hero("Cy")) == 0


@needs_data
def test_b6_the_plan_touches_the_tank_and_bites_the_quick(tmp_path: Path) -> None:
    """B6: against Ann the corrosion is worth more than the bite (+3 at AC 18); against Bo
    (AC 14, Dex +4) the bite; solver, brute force and the validator agree."""
    for first, action in ((TANK, "Antennae"), (QUICK, "")):
        f = _fight(tmp_path, first)
        plan = solve_plan(f, explain=False).plan
        (order,) = plan.orders
        assert order.action == action
        assert check_plan(f, plan) == [] and best_plan(f) == plan


@needs_data
def test_at_the_table_a_failed_save_corrodes_the_armor(tmp_path: Path) -> None:
    """F6: the failed Dexterity save takes 1 off Ann's AC, said with its limit."""
    path = tmp_path / "rust.yaml"
    path.write_text(
        f"heroes: [{TANK}]\nmonsters: [{{monster: rust monster}}]\n"
        "groups:\n  A: [Ann, Rust Monster]\n",
        encoding="utf-8",
    )
    code, out = run("run", str(path), "--rounds", "3", "--seed", "1")
    assert code == 0, out
    assert "Rust Monster uses Antennae on Ann. Ann's DEX save" in out
    said = "Ann: armor corroded (-1 AC, in nonmagical metal armor or a metal shield)"
    assert said in out
