"""B6, B8, F7: Freedom of Movement — the spell the androsphinx and the guardian naga cast on
themselves when nothing else is possible (unfettered: never paralyzed, restrained or grappled),
and the kraken's trait of that name (restrained and grappled never hold it); and the oni's
glaive, played in its true form (B6, B8). Each judged by its own SRD text."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from lnf.engine.round_start import plan_in_phase
from lnf.formats.bestiary import srd
from lnf.formats.fight_file import load_fight
from lnf.formats.spell_effects import SELF_SPELLS
from lnf.model import Condition
from lnf.model.enums import UNFETTERED_FROM
from lnf.model.plan import Plan
from lnf.rules.idle_casts import does_something, idle_spell
from lnf.rules.plan_check import check_plan
from lnf.rules.trait_saves import immune_now
from lnf.solver import solve_plan
from tests.cli import stdout_of
from tests.srd import DATA, needs_data

HERO = "{name: Ann, class: fighter, hp: 30, ac: 15}"


def _srd(file: str, name: str) -> dict[str, Any]:
    data: list[dict[str, Any]] = json.loads((DATA / file).read_text(encoding="utf-8"))
    return next(s for s in data if s["name"] == name)


@needs_data
def test_freedom_of_movement_is_what_its_own_srd_text_says() -> None:
    """F7: "neither reduce the target's speed nor cause the target to be paralyzed or
    restrained", "escape … a creature that has it grappled"; 1 hour, no concentration."""
    spell = _srd("5e-srd-5.1-spells.json", "Freedom of Movement")
    text = " ".join(spell["desc"])
    assert "cause the target to be paralyzed or restrained" in text
    assert "a creature that has it grappled" in text
    table = SELF_SPELLS["freedom of movement"]
    assert table["effect"] == {"ward": "unfettered", "lasting": "1 hour"}
    assert spell["duration"] == "1 hour" and not spell["concentration"]
    assert "concentration" not in table
    assert {Condition.PARALYZED, Condition.RESTRAINED, Condition.GRAPPLED} == UNFETTERED_FROM


@needs_data
def test_the_krakens_trait_is_read_as_its_own_text_says() -> None:
    """B8: "magical effects can't … cause it to be restrained. It can spend 5 feet of movement
    to escape from nonmagical restraints or being grappled": immune to both, the line played."""
    own = _srd("5e-srd-5.1-monsters.json", "Kraken")
    (trait,) = [t for t in own["special_abilities"] if t["name"] == "Freedom of Movement"]
    assert "cause it to be restrained" in trait["desc"] and "being grappled" in trait["desc"]
    kraken = next(b for b in srd() if b["name"] == "Kraken")
    assert {"restrained", "grappled"} <= set(kraken["condition_immune"])
    assert "Freedom of Movement (trait)" not in kraken["not_modelled"]


@needs_data
def test_the_guardian_naga_casts_it_out_of_reach_and_is_then_unfettered(tmp_path: Path) -> None:
    """B6 from the CLI: out of reach in volley round 3, the naga casts Freedom of Movement (its
    first spell on itself), the validator takes the order; then it is unfettered for an hour,
    immune to paralyzed, restrained and grappled (F3), and casting it again does nothing."""
    path = tmp_path / "naga.yaml"
    path.write_text(
        f"phase: volley 3\nheroes: [{HERO}]\nmonsters: [{{monster: guardian naga}}]\n", "utf-8"
    )
    f = load_fight(path)
    naga = f.monster("Guardian Naga")
    spell = idle_spell(f, naga)
    assert spell is not None and spell.name == "Freedom of Movement" and spell.slot == 4
    (order,) = plan_in_phase(f, lambda g: solve_plan(g, explain=False).plan).orders
    assert order.action == "Freedom of Movement" and check_plan(f, Plan((order,))) == []
    said = stdout_of("run", str(path), "--seed", "1", "--rounds", "1")
    cast = "Guardian Naga casts Freedom of Movement (a 4th-level spell slot): nothing it can"
    assert f"{cast} reach this round (B6)." in said
    assert "Guardian Naga is unfettered: 1 hour (F4)." in said
    free = replace(naga, conditions=naga.conditions | {Condition.UNFETTERED})
    assert immune_now(f, free) >= UNFETTERED_FROM and not immune_now(f, naga) >= UNFETTERED_FROM
    assert does_something(f, free, spell) == "Guardian Naga is unfettered already"
    shown = stdout_of("monsters", "show", "guardian naga")
    assert "never paralyzed, restrained or grappled" in shown


@needs_data
def test_the_onis_glaive_is_its_true_forms() -> None:
    """B6, B8: the oni's Change Shape is no option of the plan (its forms differ in size only,
    by its text); it fights in its true form, so its glaive's other damage "in Small or Medium
    form" is never rolled: the glaive is 2d10+4 and nothing of it stays unplayed."""
    own = _srd("5e-srd-5.1-monsters.json", "Oni")
    (glaive,) = [a["desc"] for a in own["actions"] if a["name"] == "Glaive"]
    assert "15 (2d10 + 4) slashing damage, or 9 (1d10 + 4) slashing damage in Small" in glaive
    oni = next(b for b in srd() if b["name"] == "Oni")
    (attack,) = [a for a in oni["attacks"] if a["name"] == "Glaive"]
    assert attack["damage"] == "2d10+4 slashing"
    assert "Change Shape: its forms differ in size only" in oni["not_modelled"]
    assert not any(n.startswith("Glaive") for n in oni["not_modelled"])
