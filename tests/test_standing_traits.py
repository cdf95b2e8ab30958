"""B8, S3, F3: a stat block's light and its invisibility are standing facts of its monster, read
from each trait's own SRD text; and the traits that never matter without a map are said so by
what their own text says (`lnf monsters --not-played`)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from lnf.formats.bestiary import srd
from lnf.formats.not_played import NO_MAP, why
from tests.cli import run, stdout_of
from tests.srd import DATA, needs_data


def _traits(key: str = "special_abilities") -> list[tuple[str, dict[str, Any]]]:
    data: list[dict[str, Any]] = json.loads(
        (DATA / "5e-srd-5.1-monsters.json").read_text(encoding="utf-8")
    )
    return [(m["name"], t) for m in data for t in m.get(key) or []]


@needs_data
def test_every_trait_that_sheds_bright_light_holds_a_light() -> None:
    """S3: a creature whose trait says it sheds bright light holds a light; the shipped
    bestiary says so for each, and for no other."""
    shipped = {m["name"]: m for m in srd()}
    glowing = {
        name
        for name, t in _traits()
        if "Illumination" in t["name"] and re.search(r"\bsheds bright light\b", t["desc"])
    }
    assert glowing == {
        "Azer",
        "Fire Elemental",
        "Giant Fire Beetle",
        "Magmin",
        "Nightmare",
        "Will-o'-Wisp",
    }
    assert {n for n, b in shipped.items() if b.get("light")} == glowing
    for name in glowing:
        assert not any("Illumination" in x for x in shipped[name].get("not_modelled", [])), name


@needs_data
def test_a_creature_that_is_invisible_starts_invisible() -> None:
    """F3: "The stalker is invisible." is the only SRD trait that says so outright."""
    shipped = {m["name"]: m for m in srd()}
    said = {n for n, t in _traits() if re.fullmatch(r"The [\w' -]+ is invisible\.", t["desc"])}
    assert said == {"Invisible Stalker"}
    assert shipped["Invisible Stalker"]["conditions"] == ["invisible"]
    assert [n for n, b in shipped.items() if b.get("conditions")] == ["Invisible Stalker"]


FIGHT = """\
started: monsters
heroes:
  - {name: Ann, class: fighter, level: 5, hp: 44, ac: 18,
     attacks: [{name: Longsword, to_hit: 7, damage: 1d8+4 slashing}]}
monsters:
  - {monster: magmin, name: Magmin}
  - {monster: invisible stalker, name: Stalker}
groups:
  a: [Ann, Magmin]
"""


def test_the_magmin_strikes_first_by_its_light_and_the_stalker_is_unseen(tmp_path: Path) -> None:
    """S3: in group a only the magmin holds a light, so it strikes before Ann, though the
    monsters started the fight; F3: the stalker's attacks are made unseen, with advantage."""
    path = tmp_path / "glow.yaml"
    path.write_text(FIGHT, encoding="utf-8")
    code, shown = run("show", str(path))
    assert code == 0, shown
    assert "Magmin: holds a light (S3)" in shown and "Stalker: invisible" in shown
    told = stdout_of("run", str(path), "--rounds", "1", "--seed", "1")
    assert "Strike order (S2, S3): Magmin, Ann;" in told, told
    assert "[Stalker is unseen]: 2d20" in told, told
    # Without its light the heroes strike first: the side that did not start (S3's tie).
    path.write_text(FIGHT.replace("name: Magmin}", "name: Magmin, light: false}"), "utf-8")
    told = stdout_of("run", str(path), "--rounds", "1", "--seed", "1")
    assert "Strike order (S2, S3): Ann, Magmin;" in told, told


def test_monsters_show_says_the_light_and_the_invisibility() -> None:
    out = stdout_of("monsters", "show", "will-o'-wisp")
    assert "It sheds bright light: it holds a light (S3" in out, out
    out = stdout_of("monsters", "show", "invisible stalker")
    assert "It is invisible from the start (F3)" in out, out


@needs_data
@pytest.mark.parametrize(
    ("block", "trait", "says"),
    [
        ("Homunculus", "Telepathic Bond", r"communicate telepathically"),
        ("Succubus/Incubus", "Telepathic Bond", r"range restriction on its telepathy"),
        ("Sahuagin", "Shark Telepathy", r"command any shark"),
        ("Sahuagin", "Limited Amphibiousness", r"breathe air and water"),
        ("Planetar", "Divine Awareness", r"knows if it hears a lie"),
        ("Chuul", "Sense Magic", r"senses magic"),
        ("Rust Monster", "Iron Scent", r"by scent, the location of ferrous metal"),
        ("Invisible Stalker", "Faultless Tracker", r"direction and distance to its quarry"),
        ("Ghost", "Ethereal Sight", r"see 60 ft\. into the Ethereal Plane"),
        ("Grimlock", "Blind Senses", r"can't use its blindsight while deafened and unable"),
        ("Sprite", "Heart Sight", r"knows the creature's current emotional state"),
        ("Gelatinous Cube", "Transparent", r"Perception\) check to spot"),
        ("Dryad", "Tree Stride", r"step magically into one living tree"),
        ("Will-o'-Wisp", "Ephemeral", r"can't wear or carry anything"),
        ("Nightmare", "Confer Fire Resistance", r"anyone riding it"),
        ("Lemure", "Hellish Rejuvenation", r"comes back to life .* in 1d10 days"),
        ("Night Hag", "Night Hag Items", r"very rare magic items"),
        ("Night Hag", "Nightmare Haunting", r"touches a sleeping humanoid"),
    ],
)
def test_traits_that_never_matter_without_a_map_say_so_in_their_own_text(
    block: str, trait: str, says: str
) -> None:
    """B8: each is `no map` by what its text says (telepathy, senses, before the fight,
    terrain, a mount's rider, days after the fight); the shipped stat block lists it so."""
    items = [*_traits(), *_traits("actions")]  # Heart Sight is an action
    text = next(t["desc"] for n, t in items if n == block and t["name"] == trait)
    assert re.search(says, text), text
    shipped = next(b for b in srd() if b["name"] == block)
    item = next(x for x in shipped["not_modelled"] if x.startswith(trait))
    assert why(item) == NO_MAP


def test_a_legendary_attack_a_form_does_not_have_is_never_usable_in_that_form() -> None:
    """B7, B8: the vampire's legendary Unarmed Strike names an attack its bat form's stat block
    lacks, and its mist form takes no action at all; the vampire form plays both."""
    shipped = {b["name"]: b for b in srd() if b["name"].startswith("Vampire,")}
    bat, mist, own = (shipped[f"Vampire, {f} Form"] for f in ("Bat", "Mist", "Vampire"))
    said = "legendary action Unarmed Strike: its bat form has no unarmed strike to make"
    assert said in bat["not_modelled"] and why(said) == NO_MAP
    assert [o["name"] for o in bat["legendary"] if o.get("attack")] == ["Bite"]
    none = "its mist form takes no action, so it makes no attack"
    assert f"legendary action (costs 2) Bite: {none}" in mist["not_modelled"]
    assert not any(x.startswith("legendary action") for x in own["not_modelled"])
