"""`lnf odds --vary`: one field of one entry takes each value in turn; each variation's fights
are exactly those of a fight file with that value written in (same seed, same numbers)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from lnf.errors import InputError
from lnf.formats.fight_file import parse_fight
from lnf.odds.vary import Vary, parse_vary, varied
from tests.cli import run, stdout_of

OGRE = Path(__file__).parent.parent / "examples" / "ogre-at-the-bridge.yaml"


def test_a_range_or_a_list_of_values() -> None:
    assert parse_vary("Goblin.count=2..5") == Vary("Goblin", "count", (2, 3, 4, 5))
    assert parse_vary(" Bram.level = 1,3,5 ") == Vary("Bram", "level", (1, 3, 5))
    assert parse_vary("Ogre the Big.hp=40..40").who == "Ogre the Big"


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("Goblin.count", "NAME.FIELD=FROM..TO"),
        ("Goblin.count=5..2", "runs backwards: write 2..5"),
        ("Goblin.count=1..5000", "at most 1000"),
        ("Goblin.count=two", "not a range"),
        ("Goblin.count=2,2", "listed twice"),
    ],
)
def test_a_bad_variation_is_said_plainly(text: str, why: str) -> None:
    with pytest.raises(InputError, match=why):
        parse_vary(text)


def test_monsters_are_found_by_stat_block_and_heroes_by_name() -> None:
    document = yaml.safe_load(OGRE.read_text())
    three = parse_fight(json.dumps(varied(document, parse_vary("goblin.count=3"), 3)), str(OGRE))
    assert [m.name for m in three.monsters] == ["Ogre", "Goblin 1", "Goblin 2", "Goblin 3"]
    hp = parse_fight(json.dumps(varied(document, parse_vary("Bram.hp=9"), 9)), str(OGRE))
    assert hp.hero("Bram").hp == 9 and document["heroes"][0]["hp"] == 28  # a copy is varied
    with pytest.raises(InputError) as info:
        varied(document, parse_vary("Gobin.count=1"), 1)
    said = info.value.problems[0].message
    assert "no hero or monster in this fight is called 'Gobin' (it has " in said
    assert "Bram" in said and "Ogre" in said and "[" not in said  # a sentence, not a list
    assert said.endswith("did you mean 'Goblin'?")  # the stat block's name, as the DM reads it


DEN = """heroes:
  - {name: Bram, class: fighter, hp: 30}
  - {name: Ilsa, class: cleric, hp: 30}
monsters:
  - monster: gnoll
    count: 2
groups:
  A: [Bram, Gnoll 1]
  B: [Ilsa, Gnoll 2]
chase: []
surprised: [Gnoll 2]
"""


def test_a_varied_count_keeps_the_names_the_groups_use() -> None:
    """G3, G5: the groups name the copies "Gnoll 1", "Gnoll 2"; at a count of 1 the one gnoll
    is "Gnoll" and stays in its group, a copy past the count leaves its group (the group with
    it when it is left empty) and the surprise, and past the file's count the new copies stand
    in no group, as if the DM had written the count in."""
    document = yaml.safe_load(DEN)
    vary = parse_vary("Gnoll.count=1..3")

    def fight(n: int) -> tuple[list[str], list[tuple[str, ...]], list[str]]:
        read = parse_fight(json.dumps(varied(document, vary, n)), "den.yaml")
        return [m.name for m in read.monsters], [g.members for g in read.groups], [*read.surprised]

    assert fight(1) == (["Gnoll"], [("Bram", "Gnoll"), ("Ilsa",)], [])
    assert fight(3)[1] == [("Bram", "Gnoll 1"), ("Ilsa", "Gnoll 2")]
    alone = document | {"groups": {"A": ["Bram", "Gnoll 1"], "B": ["Gnoll 2"]}}
    assert [
        g.members for g in parse_fight(json.dumps(varied(alone, vary, 1)), "d.yaml").groups
    ] == [("Bram", "Gnoll")]


def test_a_file_s_one_monster_is_the_first_copy_of_more() -> None:
    """G3, G5: a file with one ogre in group A names it "Ogre"; varied to three, that ogre is
    "Ogre 1" and stays in its group (and its surprise), as the DM would write it."""
    document = yaml.safe_load(
        DEN.replace("monster: gnoll\n    count: 2", "monster: ogre")
        .replace("[Bram, Gnoll 1]", "[Bram, Ogre]")
        .replace("B: [Ilsa, Gnoll 2]", "B: [Ilsa]")
        .replace("[Gnoll 2]", "[Ogre]")
    )
    read = parse_fight(json.dumps(varied(document, parse_vary("Ogre.count=3"), 3)), "d.yaml")
    assert [m.name for m in read.monsters] == ["Ogre 1", "Ogre 2", "Ogre 3"]
    assert [g.members for g in read.groups] == [("Bram", "Ogre 1"), ("Ilsa",)]
    assert [*read.surprised] == ["Ogre 1"]


def test_the_table_s_columns_line_up_under_a_long_field_name(tmp_path: Path) -> None:
    fight = tmp_path / "ogre.yaml"
    named = "  - monster: goblin\n    name: Goblin archer\n"
    fight.write_text(OGRE.read_text().replace("  - monster: goblin\n", named))
    code, out = run("odds", str(fight), "--vary", "Goblin archer.count=1..2", "--fights", "2")
    assert code == 0, out
    head, *rows = [line for line in out.splitlines() if line.count(" | ") == 4]
    assert head.startswith("Goblin archer.count | heroes win") and len(rows) == 2
    assert all(row.index("|") == head.index("|") for row in rows)


def test_each_variation_plays_the_fights_of_that_value_written_in(tmp_path: Path) -> None:
    fight = tmp_path / "ogre.yaml"
    fight.write_text(OGRE.read_text())
    args = ["--fights", "6", "--seed", "4", "--json", "--quiet"]
    out = json.loads(stdout_of("odds", str(fight), "--vary", "goblin.count=1,3", *args))
    assert out["vary"] == "goblin.count" and [s["value"] for s in out["steps"]] == [1, 3]
    for step in out["steps"]:
        written = tmp_path / f"ogre-{step['value']}.yaml"
        written.write_text(OGRE.read_text().replace("count: 2", f"count: {step['value']}"))
        alone = json.loads(stdout_of("odds", str(written), *args))
        assert step["report"] == alone["runs"]["lnf"]["report"]


def test_vary_refuses_what_it_does_not_combine_with(tmp_path: Path) -> None:
    fight = tmp_path / "ogre.yaml"
    fight.write_text(OGRE.read_text())
    code, out = run("odds", str(fight), "--vary", "goblin.count=1..2", "--compare")
    assert code == 2 and "--vary plays" in out
    code, out = run("odds", str(fight), "--vary", "goblin.hp=0..1", "--fights", "2")
    assert code == 2 and "with goblin.hp=0: monsters[1].hp: bad hit points 0" in out


def test_a_vary_error_is_one_sentence_with_the_option_said_once(tmp_path: Path) -> None:
    """--vary's own errors name the option as typed, once, then what is wrong: never
    "'Gobin.count': 'Gobin.count': …" nor a variation's value it does not depend on."""
    fight = tmp_path / "ogre.yaml"
    fight.write_text(OGRE.read_text())
    code, out = run("odds", str(fight), "--vary", "Gobin.count=1..2", "--fights", "2")
    assert code == 2 and out.startswith("--vary Gobin.count: no hero or monster in this fight")
    assert out.count("Gobin.count") == 1 and "=1" not in out
    code, out = run("odds", str(fight), "--vary", "goblin.count=two", "--fights", "2")
    assert (
        out.strip()
        == "--vary goblin.count=two: 'two' is not a range (2..10) or a list of whole numbers"
    )


def test_one_pool_of_workers_plays_every_value(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--vary's values (and --compare's two kinds of monsters) share one pool of worker
    processes, each of which loads lnf and OR-Tools once; the numbers are one process's."""
    from lnf.odds import fights

    fight = tmp_path / "ogre.yaml"
    fight.write_text(OGRE.read_text())
    args = ["odds", str(fight), "--vary", "goblin.count=1..3", "--fights", "4", "--json", "--quiet"]
    alone = stdout_of(*args)
    pools = []
    made = fights.fight_pool

    def counted(jobs: int) -> Any:
        pools.append(jobs)
        return made(jobs)

    monkeypatch.setattr(fights, "fight_pool", counted)
    monkeypatch.setattr("lnf.cli.odds_commands.fight_pool", counted)
    assert stdout_of(*args, "--jobs", "2") == alone
    assert pools == [2]
    compare = ["odds", str(fight), "--compare", "--fights", "4", "--json", "--quiet"]
    assert stdout_of(*compare, "--jobs", "2") == stdout_of(*compare)
    assert pools == [2, 2, 1]


def test_every_value_is_read_before_a_fight_is_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A value the fight file refuses is said before any value's fights are played."""
    from lnf.cli import odds_commands

    def played(*args: object) -> Any:
        raise AssertionError("a fight was played")

    monkeypatch.setattr(odds_commands, "_play", played)
    fight = tmp_path / "ogre.yaml"
    fight.write_text(OGRE.read_text())
    code, out = run("odds", str(fight), "--vary", "goblin.hp=2,1,0", "--fights", "2")
    assert code == 2 and "with goblin.hp=0: monsters[1].hp: bad hit points 0" in out
