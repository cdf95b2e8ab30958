"""Reading and writing fight files: short forms, defaults, every error with its line, round trip."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from lnf.errors import InputError, LnfError
from lnf.formats.fight_file import load_fight, parse_fight
from lnf.formats.fight_writer import dump_fight, fight_document
from lnf.model import AttackKind, BackReason, CDot, Fight, Phase, PhaseKind, Rank, Side
from tests.cli import run
from tests.strategies import fights

MINIMAL = """\
heroes:
  - {name: Ann, class: fighter, hp: 20}
monsters:
  - {name: Orc, hp: 15}
"""


def problems(text: str, source: str = "f.yaml") -> list[tuple[int | None, str, str]]:
    with pytest.raises(InputError) as info:
        parse_fight(text, source)
    return [(p.line, p.path, p.message + " " + p.hint) for p in info.value.problems]


def test_defaults_are_what_a_table_expects() -> None:
    fight = parse_fight(MINIMAL, "f.yaml")
    ann, orc = fight.heroes[0], fight.monsters[0]
    assert (ann.rank, ann.reach, ann.speed, ann.light, ann.c_dot) == (
        Rank.FRONT,
        5,
        30,
        False,
        None,
    )
    assert (fight.phase, fight.started, fight.round, fight.groups) == (Phase(), Side.HEROES, 1, ())
    assert orc.current_hp == 15


def test_x1_example_loads(x1_path: Path) -> None:
    fight = load_fight(x1_path)
    assert [m.name for m in fight.monsters] == ["Wight", "Skeleton 1", "Skeleton 2", "Skeleton 3"]
    assert {m.stat_block for m in fight.monsters[1:]} == {"Skeleton"}  # G3: one kind
    doris = next(h for h in fight.heroes if h.name == "Doris")
    assert (doris.current_hp, doris.hp, doris.o_dot, doris.light) == (23, 33, True, True)
    wendy = next(h for h in fight.heroes if h.name == "Wendy")
    assert (wendy.rank, wendy.why, wendy.c_dot) == (Rank.BACK, BackReason.GUARDED, CDot.WANTED)
    bow = fight.monsters[0].attacks[1]
    assert (bow.kind, bow.range, bow.two_handed, bow.times) == (
        AttackKind.RANGED,
        (150, 600),
        True,
        2,
    )
    assert [g.label for g in fight.groups] == ["A", "C", "T"]


def test_short_forms() -> None:
    text = """\
phase: volley 3
heroes:
  - {name: Ann, class: wizard, hp: 5/20, dots: [C-, O], rank: back, why: hidden}
monsters:
  - name: Skeleton
    count: 3
    hp: 13
    reach: 10
    attacks:
      - {name: Spear, kind: thrown, to_hit: +4, damage: 1d6+2 piercing, range: 20/60}
      - {name: Glaive, damage: 1d10 slashing}
"""
    fight = parse_fight(text, "f.yaml")
    assert fight.phase == Phase(PhaseKind.VOLLEY, 3)
    ann = fight.heroes[0]
    assert (ann.current_hp, ann.c_dot, ann.o_dot) == (5, CDot.AVOIDED, True)
    assert [m.name for m in fight.monsters] == ["Skeleton 1", "Skeleton 2", "Skeleton 3"]
    spear, glaive = fight.monsters[0].attacks
    assert (spear.to_hit, spear.range, spear.reach) == (4, (20, 60), 10)
    assert glaive.reach == 10  # an attack's reach defaults to the creature's


def test_json_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    path.write_text(json.dumps(yaml.safe_load(MINIMAL)))
    assert load_fight(path) == parse_fight(MINIMAL, "x")


def test_bad_json_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    path.write_text('{\n "heroes": [,]\n}')
    with pytest.raises(InputError) as info:
        load_fight(path)
    assert info.value.problems[0].line == 2
    assert str(path) in str(info.value)


def test_every_problem_is_reported_with_line_and_field() -> None:
    text = """\
round: 0
heroes:
  - name: Felix
    class: fighter
    rnak: back
    speed: -5
    hp: 12/10
    attacks:
      - {name: Sword, damage: 1d8+2 slashng}
monsters:
  - {name: Orc, hp: 5, swarm: true}
"""
    found = problems(text)
    assert (1, "round", "expected a whole number from 1 to 10000, got 0 ") in found
    assert any(p[:2] == (5, "heroes[0].rnak") and "did you mean 'rank'" in p[2] for p in found)
    assert any(p[:2] == (6, "heroes[0].speed") for p in found)
    assert any(
        p[:2] == (7, "heroes[0].hp") and "never has more than its maximum" in p[2] for p in found
    )
    assert any(p[:2] == (9, "heroes[0].attacks[0].damage") and "slashing" in p[2] for p in found)
    assert any(p[:2] == (11, "monsters[0].swarm") and "flags" not in p[1] for p in found)


def test_groups_must_name_known_combatants_once() -> None:
    text = MINIMAL + "groups:\n  A: [Ann, Ork]\n  B: [Ann, Orc]\n"
    found = problems(text)
    assert any(p[:2] == (6, "groups.A[1]") and "did you mean 'Orc'" in p[2] for p in found)
    assert any(p[:2] == (7, "groups.B[0]") and "already in group A" in p[2] for p in found)


def test_a_stat_blocks_name_cut_short_is_suggested_whole() -> None:
    """G5: "Werewolf" in a group names the stat block's monster "Werewolf, Hybrid Form"."""
    text = MINIMAL.replace("name: Orc", "name: 'Werewolf, Hybrid Form'") + (
        "groups:\n  A: [Ann, Werewolf]\n"
    )
    found = problems(text)
    assert any("did you mean 'Werewolf, Hybrid Form'" in p[2] for p in found), found


def test_g1_names_are_unique_after_count_expansion() -> None:
    text = """\
heroes:
  - {name: Ann, class: fighter, hp: 20}
monsters:
  - {name: Orc, count: 2, hp: 15}
  - {name: Orc 2, hp: 15}
"""
    found = problems(text)
    assert found == [(5, "monsters[1].name", "the name 'Orc 2' is used twice ")]


def test_unknown_class_needs_a_family() -> None:
    text = MINIMAL.replace("class: fighter", "class: hireling")
    (found,) = problems(text)
    assert found[1] == "heroes[0].class" and "family" in found[2]
    fixed = MINIMAL.replace("class: fighter", "class: hireling, family: sneaky")
    assert parse_fight(fixed, "f").heroes[0].family.value == "sneaky"


def test_why_only_off_the_front_rank() -> None:
    text = MINIMAL.replace("hp: 20}", "hp: 20, why: guarded}")
    (found,) = problems(text)
    assert found[1] == "heroes[0].why"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the file is empty"),
        ("heroes: [", "not valid YAML"),
        ("- 1\n- 2\n", "expected a fight"),
        ("heroes: []\nheroes: []\n", "appears twice"),
        ("a: *x\n", "the alias *x names no anchor before it"),
        ("--- 1\n--- 2\n", "more than one document"),
    ],
)
def test_malformed_files(text: str, message: str) -> None:
    assert any(message in p[2] for p in problems(text))


@pytest.mark.parametrize(
    ("text", "opened", "said"),
    [
        ("title: x\ngroups:\n  A: [Ann, Orc\n\nheroes: []\n", 3, "the '[' opened"),
        ("title: x\nheroes:\n  - {name: Ann, hp: 3\nmonsters: []\n", 3, "the '{' opened"),
        ('title: "The ford\nheroes: []\n', 1, "the quote opened"),
    ],
)
def test_an_unclosed_bracket_is_said_where_it_opened(text: str, opened: int, said: str) -> None:
    """A `[`, `{` or quote left open is reported at the line it opened on (the YAML error's
    context mark), not where the parser gave up further down (its problem mark)."""
    ((line, _, message),) = problems(text)
    assert line == opened and message.startswith(f"not valid YAML: {said} on this line is not")
    assert "(the parser stopped at line " in message


def test_missing_file_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        load_fight(tmp_path / "nope.yaml")


@settings(max_examples=150)
@given(fights())
def test_dump_then_load_is_the_identity(fight: Fight) -> None:
    assert parse_fight(dump_fight(fight), "dumped.yaml") == fight


@settings(max_examples=150)
@given(fights())
def test_json_dump_then_load_is_the_identity(fight: Fight) -> None:
    assert parse_fight(json.dumps(fight_document(fight)), "dumped.json") == fight


X1_TEXT = (
    Path(__file__).resolve().parent.parent / "examples" / "wight-and-skeletons.yaml"
).read_text()


@settings(max_examples=300)
@given(st.data())
def test_mutated_file_text_gives_a_fight_or_an_lnf_error(data: st.DataObject) -> None:
    """Cut, duplicate or replace a slice of a real file: never anything but a Fight or LnfError."""
    text = X1_TEXT
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(text)))
        j = data.draw(st.integers(i, min(len(text), i + 40)))
        junk = data.draw(
            st.sampled_from(
                ["", ":", "- ", "[", "]", "{", "  ", "\n", "9", "x", "'", "&a", "*a", "!!int"]
            )
        )
        text = text[:i] + junk + text[j:]
    with contextlib.suppress(LnfError):
        parse_fight(text, "mutant.yaml")


@given(st.text(max_size=200))
def test_any_text_gives_a_fight_or_an_lnf_error(text: str) -> None:
    with contextlib.suppress(LnfError):
        parse_fight(text, "random.yaml")


def test_every_mistake_in_one_pass() -> None:
    """A file with six mistakes gets six messages, in line order: the class and the group
    names are checked even when other fields are wrong."""
    path = Path(__file__).parent / "fights" / "broken" / "input-six-mistakes.yaml"
    code, out = run("check", str(path))
    lines = [line for line in out.splitlines() if line.startswith(str(path))]
    assert code == 2 and len(lines) == 6, out
    assert [int(line.split(":")[1]) for line in lines] == [5, 6, 9, 13, 17, 19]
    assert "'fightr' is not a class lnf knows" in out and "'Orx' is neither a hero" in out


def test_one_typo_one_message_its_follow_ons_held_back() -> None:
    """G1, G2, G5, F2, F7: an entry whose SRD name, class or level cannot be read gets one
    message, at its cause; what the SRD would have given (hp, a name the groups use, the
    casting ability) is not said missing besides."""
    monster = """\
heroes:
  - {name: Bram, class: fighter, hp: 20}
monsters:
  - monster: owlbaer
  - {monster: gnoll, count: 2}
groups:
  A: [Bram, Owlbear]
  B: [Gnoll 1, Gnol 2]
"""
    said = problems(monster)
    assert [(line, path) for line, path, _ in said] == [
        (4, "monsters[0].monster"),
        (8, "groups.B[1]"),
    ]
    assert "did you mean 'Owlbear'?" in said[0][2]  # the typo, and still a real one in the groups
    wizard = """\
heroes:
  - {name: Quill, class: wizzard, level: 5, scores: {int: 18}, spells: [fire bolt]}
monsters:
  - {name: Orc, hp: 15}
"""
    assert problems(wizard) == [
        (
            2,
            "heroes[0].class",
            "'wizzard' is not a class lnf knows, so its row family is unknown (G2) "
            "did you mean 'wizard'?",
        )
    ]
    level = wizard.replace("wizzard", "wizard").replace("level: 5", "level: 25")
    assert [path for _, path, _ in problems(level)] == ["heroes[0].level"]
    # a class of the DM's own, its family given: lnf cannot tell its hit points, and says so
    own = wizard.replace("class: wizzard", "class: witch, family: casty, spell_mod: 4")
    assert [path for _, path, _ in problems(own)] == ["heroes[0].hp"]
