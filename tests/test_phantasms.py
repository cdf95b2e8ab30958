"""B6: the cloaker's Phantasms, judged by its own SRD text: three duplicates of the cloaker's
AC, made by its own action once a fight (it recharges after a rest) when nothing else is
possible, none in bright light (the fight's sunlight); an attack or a harmful spell aimed at
it rolls randomly among the cloaker and its duplicates (a d(n+1), 2 or more: a duplicate); a
hit, or a failed save against damage, ends one. Logged, said and read back."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from lnf.formats.bestiary import srd
from lnf.formats.event_codec import event_from_json, event_to_json
from lnf.formats.fight_file import load_fight
from lnf.formats.phantasm_words import PHANTASMS, phantasms_entry
from lnf.formats.specials import special
from lnf.model.answer_steps import Mirrored
from lnf.model.events import Recorded
from lnf.rules.economy import attack_named
from lnf.rules.idle_casts import does_something, idle_spell
from lnf.rules.mirror_image import NEEDED, odds, takes_spells
from tests.cli import stdout_of
from tests.srd import DATA, needs_data

BOW = "attacks: [{name: Longbow, to_hit: 7, damage: 1d8+3 piercing, range: 150/600, kind: ranged}]"
ARCHER = f"{{name: Ann, class: fighter, hp: 80, ac: 15, {BOW}}}"
FLAME = (
    "attacks: [{name: Sacred Flame, kind: ranged, range: 60, spell: true, save: dex 13, "
    "half: false, damage: 2d8 radiant}]"
)
CLERIC = f"{{name: Edda, class: cleric, level: 5, hp: 80, ac: 15, {FLAME}}}"


def _fight(tmp_path: Path, hero: str, sunlight: bool = False) -> Path:
    path = tmp_path / "cloaker.yaml"
    sun = "sunlight: true\n" if sunlight else ""
    path.write_text(f"{sun}phase: volley 3\nheroes: [{hero}]\nmonsters: [{{monster: cloaker}}]\n")
    return path


@needs_data
def test_phantasms_are_read_from_their_own_text() -> None:
    """B6: "three illusory duplicates of itself if it isn't in bright light … rolls randomly …
    A duplicate has the cloaker's AC … If an attack hits a duplicate": the cloaker's AC (14 in
    its armor), once a fight ("recharge after rest"); only the cloaker's text says it."""
    data: list[dict[str, Any]] = json.loads(
        (DATA / "5e-srd-5.1-monsters.json").read_text(encoding="utf-8")
    )
    shipped = {m["name"]: m for m in srd()}
    read = []
    for m in data:
        for a in m.get("actions") or []:
            says = "illusory duplicates of itself" in a["desc"]
            assert (PHANTASMS.search(a["desc"]) is not None) == says, (m["name"], a["name"])
            if not says:
                continue
            read.append(m["name"])
            ac = m["armor_class"][0]["value"]
            assert "the duplicate disappears" in a["desc"] and a["usage"]["rest_types"]
            entry = phantasms_entry(special(a), a["desc"], ac)
            assert entry == {"name": "Phantasms", "effect": {"mirror": 14}, "per_day": 1}
            assert entry in shipped[m["name"]]["actions"]
            assert "Phantasms" not in shipped[m["name"]]["not_modelled"]
    assert read == ["Cloaker"]
    assert phantasms_entry({"name": "X", "save": "wis 13"}, a["desc"], 14) is None


def test_it_is_not_listed_as_not_played() -> None:
    said = json.loads(stdout_of("monsters", "--not-played", "--json"))
    assert not [x for x in said if x["item"] == "Phantasms"]


def test_the_die_is_one_face_for_the_cloaker_and_each_duplicate(tmp_path: Path) -> None:
    """B6: "rolls randomly to determine whether it targets the cloaker or one of the
    duplicates": a d4 with three, a d2 with one, 2 or more moves; Mirror Image keeps its d20;
    a spell aimed at it is taken, an area spell is not."""
    cloaker = load_fight(_fight(tmp_path, ARCHER)).monster("Cloaker")
    assert [odds(cloaker, n) for n in (3, 2, 1)] == [
        ("Phantasms", 4, 2),
        ("Phantasms", 3, 2),
        ("Phantasms", 2, 2),
    ]
    lamia = tmp_path / "lamia.yaml"
    lamia.write_text(f"heroes: [{ARCHER}]\nmonsters: [{{monster: lamia}}]\n")
    caster = load_fight(lamia).monster("Lamia")
    assert odds(caster, 2) == ("Mirror Image", 20, NEEDED[2])
    spell = attack_named(load_fight(_fight(tmp_path, CLERIC)).hero("Edda"), "Sacred Flame")
    assert spell is not None and takes_spells(cloaker, spell)
    assert not takes_spells(caster, spell)  # Mirror Image: "targets you with an attack"


@needs_data
def test_the_duplicates_take_the_arrows(tmp_path: Path) -> None:
    """B6 from the CLI: out of reach, the cloaker makes its duplicates (its one use); Ann's
    arrows roll the die first: moved, at AC 14, a hit ends one (the die shrinks); a 1 leaves
    the arrow on the cloaker."""
    path = _fight(tmp_path, ARCHER)
    f = load_fight(path)
    action = idle_spell(f, f.monster("Cloaker"))
    assert action is not None and action.name == "Phantasms"
    said = stdout_of("run", str(path), "--seed", "1", "--rounds", "3")
    assert said.count("Cloaker has a duplicate (Phantasms): until hit (F4).") == 3
    hit = "Cloaker's Phantasms: 1d4 (2), 2 or more: Ann's Longbow goes at a duplicate: "
    assert hit + "1d20 (20) + 7 = 27 vs AC 14: hit, the duplicate is destroyed (2 left)." in said
    assert "Cloaker's Phantasms: 1d3 (3), 2 or more: Ann's Longbow goes at a duplicate" in said
    stays = stdout_of("run", str(path), "--seed", "3", "--rounds", "3")
    assert "Cloaker's Phantasms: 1d3 (1), 2 or more needed: Ann's Longbow stays on Cloaker." in (
        stays
    )


@needs_data
def test_a_duplicate_saves_against_a_harmful_spell(tmp_path: Path) -> None:
    """B6: "A duplicate has the cloaker's AC and uses its saving throws … if a duplicate fails
    a saving throw against an effect that deals damage, the duplicate disappears"; the cloaker
    is left out of the spell."""
    path = _fight(tmp_path, CLERIC)
    made = stdout_of("run", str(path), "--seed", "1", "--rounds", "2")
    assert (
        "Cloaker's Phantasms: 1d4 (2), 2 or more: Edda's Sacred Flame goes at a duplicate: its "
        "DEX save 1d20 (11) + 2 = 13 vs DC 13: made, it is unaffected." in made
    )
    failed = stdout_of("run", str(path), "--seed", "2", "--rounds", "2")
    assert (
        "Edda's Sacred Flame goes at a duplicate: its DEX save 1d20 (8) + 2 = 10 vs DC 13: "
        "failed, the duplicate disappears (2 left)." in failed
    )
    lines = failed.splitlines()
    at = next(i for i, line in enumerate(lines) if "the duplicate disappears" in line)
    assert not lines[at + 1].startswith("Edda casts Sacred Flame")  # the cloaker left out


@needs_data
def test_none_in_bright_light(tmp_path: Path) -> None:
    """B6: "if it isn't in bright light": in sunlight it makes none (its Light Sensitivity's
    light too)."""
    f = load_fight(_fight(tmp_path, ARCHER, sunlight=True))
    cloaker = f.monster("Cloaker")
    action = attack_named(cloaker, "Phantasms")
    assert action is not None
    said = does_something(f, cloaker, action)
    assert said == "Cloaker makes no duplicates in bright light (sunlight)"
    assert idle_spell(f, cloaker) is None
    ran = stdout_of("run", str(_fight(tmp_path, ARCHER, sunlight=True)), "--seed", "1")
    assert "Phantasms" not in ran


def test_the_step_is_logged_and_read_back() -> None:
    step = Mirrored("Cloaker", "Edda", "Sacred Flame", 3, 2, (8,), 2, 13, 5, die=4, by="Phantasms")
    step = Mirrored(**{**step.__dict__, "save": "DEX", "made": False})
    event = Recorded((step,))
    assert event_from_json(event_to_json(event), "log") == event
    assert step.moved and not Mirrored("Cloaker", "Ann", "Longbow", 1, 2, die=4).moved


def test_the_stat_block_says_its_die() -> None:
    said = " ".join(stdout_of("monsters", "show", "cloaker").split())
    assert "Phantasms: 1/day; three duplicates of AC 14: a die among it and them (a d4 with" in said
    lamia = " ".join(stdout_of("monsters", "show", "lamia").split())
    assert "three duplicates of AC 11: a d20 may move an attack to one" in lamia
