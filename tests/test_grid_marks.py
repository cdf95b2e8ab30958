"""What the paper grid carries (G4, G6), as `lnf show` draws it and says it in --json.

G4: each hero row marks F (front rank), L (holds a light) and the dots C, O, N (T1), and for a
hero off the front rank why it may be there (R4) or that it flies (R7). G6: each monster column
carries the damage taken so far, counted up to its starting hit points, and its conditions and
effects (Vicious Mockery)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from lnf.model import BackReason, CDot, Condition, Fight, Monster
from lnf.rules.damage import take_damage
from lnf.views.grid import render_grid, render_show
from lnf.views.style import Style
from tests.builders import BACK, FREE_AIR, fight, hero, monster
from tests.cli import run, stdout_of

PLAIN = Style(False)


def marked_heroes() -> Fight:
    return fight(
        [
            hero("Ann", light=True),
            hero("Bo", "cleric", c_dot=CDot.WANTED),
            hero("Cy", "cleric", o_dot=True),
            hero("Dee", "bard", conditions=frozenset({Condition.PRONE})),  # T1: N by a condition
            hero("Eve", "bard", n_dot=True, effects=("Faerie Fire",)),  # T1: N as written
            hero("Fay", "wizard", rank=BACK, why=BackReason.GUARDED, c_dot=CDot.AVOIDED),
            hero("Gil", "wizard", rank=BACK, why=BackReason.LEVITATING),
            hero("Hal", "rogue", rank=BACK, why=BackReason.HIDDEN),
            hero("Ivy", "rogue", rank=BACK, why=BackReason.OUT_OF_REACH),
            hero("Jo", "rogue", rank=FREE_AIR, fly=30),
            hero("Kit", "rogue", rank=BACK),  # no reason given: still drawn (R4 complains)
        ],
        [monster("Orc")],
    )


def marks_by_hero(f: Fight) -> dict[str, list[str]]:
    """Each hero row's F L C O N cells, read off the drawn grid."""
    out = {}
    for line in render_grid(f, PLAIN):
        cells = line.split("│")
        name = cells[0].split()[0] if cells[0].strip() else ""
        if name in {h.name for h in f.heroes}:
            out[name] = cells[1].split()
    return out


def test_g4_each_hero_row_marks_rank_light_and_dots() -> None:
    assert marks_by_hero(marked_heroes()) == {
        "Ann": ["●", "●", "·", "·", "·"],  # front rank, holds a light
        "Bo": ["●", "·", "●", "·", "·"],  # a wanted C dot
        "Cy": ["●", "·", "·", "●", "·"],  # an O dot
        "Dee": ["●", "·", "·", "·", "●"],  # prone: an N dot
        "Eve": ["●", "·", "·", "·", "●"],  # Faerie Fire: an N dot
        "Fay": ["g", "·", "○", "·", "·"],  # guarded (R5), an avoided C dot
        "Gil": ["l", "·", "·", "·", "·"],  # levitating (R4)
        "Hal": ["h", "·", "·", "·", "·"],  # hidden (R4)
        "Ivy": ["r", "·", "·", "·", "·"],  # out of reach (R4)
        "Jo": ["~", "·", "·", "·", "·"],  # free air (R7)
        "Kit": ["b", "·", "·", "·", "·"],  # back rank, no reason written
    }


def test_g4_the_key_names_every_mark() -> None:
    text = render_show(marked_heroes(), [], PLAIN, 120)
    for said in ("● front", "g guarded", "l levitating", "h hidden", "r out of reach", "b back"):
        assert said in text
    assert "~ free air" in text and "L: light" in text and "● wanted, ○ avoided" in text


def test_g4_show_json_has_every_mark(tmp_path: Path) -> None:
    path = tmp_path / "marks.yaml"
    path.write_text(
        "heroes:\n"
        "  - {name: Ann, class: fighter, hp: 10, light: true, dots: [O, N]}\n"
        "  - {name: Wen, class: wizard, hp: 8, rank: back, why: guarded, dots: [C]}\n"
        "  - {name: Fay, class: fighter, hp: 10}\n"
        "  - {name: Gus, class: fighter, hp: 10}\n"
        "monsters:\n  - {name: Orc, hp: 15}\n",
        encoding="utf-8",
    )
    out = stdout_of("show", "--json", str(path))  # stderr says the AC 10 it assumed (A1)
    heroes = {h["name"]: h for h in json.loads(out)["heroes"]}
    ann, wen = heroes["Ann"], heroes["Wen"]
    assert (ann["rank"], ann["light"], ann["dots"]) == (
        "front",
        True,
        {"C": None, "O": True, "N": True},
    )
    assert (wen["rank"], wen["why"], wen["light"], wen["dots"]) == (
        "back",
        "guarded",
        False,
        {"C": "wanted", "O": False, "N": False},
    )


def _column(f: Fight, row: str) -> list[str]:
    """The values of one of the monster rows (damage, hp, rank, group), left to right."""
    line = next(x for x in render_grid(f, PLAIN) if x.split("│")[0].strip() == row)
    return line.split("│")[-1].split()


def test_g6_monster_columns_carry_the_damage_taken_so_far() -> None:
    f = fight(
        [hero("Ann")],
        [monster("Ogre", hp=59, damage=12), monster("Orc", hp=15), monster("Gob", hp=7, damage=7)],
    )
    assert _column(f, "damage") == ["12", "0", "7"]
    assert _column(f, "hp") == ["47/59", "15/15", "dead"]


def test_g6_damage_is_counted_up_to_the_starting_hit_points() -> None:
    """A 30-point hit on a goblin with 7 hit points and 4 damage counts 7, not 34."""
    gob = monster("Gob", hp=7, damage=4)
    hit, notes = take_damage(gob, 30)
    assert isinstance(hit, Monster) and hit.damage == 7
    assert "Gob drops and dies (D8)" in notes
    assert _column(fight([hero("Ann")], [hit]), "damage") == ["7"]
    over = monster("Gob", hp=7, damage=9)  # the grid counts no further, whatever it is told
    assert _column(fight([hero("Ann")], [over]), "damage") == ["7"]
    shielded, _ = take_damage(replace(gob, temp_hp=5), 3)
    assert isinstance(shielded, Monster) and shielded.damage == 4  # D7: no damage taken


def test_g6_monster_conditions_and_effects_are_carried_with_it() -> None:
    f = fight(
        [hero("Ann")],
        [
            monster("Ogre", effects=("Vicious Mockery",), conditions=frozenset({Condition.PRONE})),
            monster("Orc", exhaustion=1),
        ],
    )
    text = render_show(f, [], PLAIN, 120)
    assert "Ogre: prone, Vicious Mockery" in text
    assert "Orc: exhaustion 1" in text


def test_g6_damage_beyond_the_hit_points_is_refused_in_a_fight_file(tmp_path: Path) -> None:
    path = tmp_path / "f.yaml"
    path.write_text(
        "heroes:\n  - {name: Ann, class: fighter, hp: 10}\n"
        "monsters:\n  - {name: Orc, hp: 15, damage: 16}\n",
        encoding="utf-8",
    )
    code, out = run("check", str(path))
    assert code == 2 and "Traceback" not in out
    assert "damage 16 is more than hp 15" in out and "G6" in out
