"""The grid commands from the command line: show, check, init, schema."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import click
import jsonschema
import pytest
import yaml

from lnf.cli import main
from lnf.formats.fight_file import load_fight
from lnf.rules import check_state
from lnf.views.grid import render_show
from lnf.views.style import Style, visible_len
from tests.cli import run, stdout_of

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "examples").glob("*.yaml"))


def test_show_x1_draws_the_grid_and_the_target_order(x1_path: Path) -> None:
    code, out = run("show", str(x1_path))
    assert code == 0
    assert "Target order (T2): Wendy, Doris, Mike, Felix, Cecilia, Terry" in out
    felix = next(line for line in out.splitlines() if line.startswith("Felix"))
    assert felix.split("│")[-1].split() == ["X", "·", "X", "·"]  # Xs with Wight and Skeleton 2
    assert "No problems" in out
    assert "\x1b[" not in out  # not a terminal: no colour


def test_show_json_has_the_facts(x1_path: Path) -> None:
    code, out = run("show", "--json", str(x1_path))
    data = json.loads(out)
    assert code == 0
    assert data["target_order"] == ["Wendy", "Doris", "Mike", "Felix", "Cecilia", "Terry"]
    assert data["problems"] == []
    assert [h["name"] for h in data["heroes"]] == [
        "Felix",
        "Cecilia",
        "Doris",
        "Mike",
        "Wendy",
        "Terry",
    ]
    assert data["groups"]["A"] == ["Felix", "Doris", "Wight", "Skeleton 2"]


def test_show_lists_problems_with_rule_ids(tmp_path: Path) -> None:
    path = Path(__file__).parent / "fights" / "broken" / "r6-monster-in-back-rank.yaml"
    out = stdout_of("show", "--json", str(path))  # show draws any readable grid (exit 0)
    assert [p["rule"] for p in json.loads(out)["problems"]] == ["R6"]  # stderr: AC assumed


def test_check_x1_is_legal(x1_path: Path) -> None:
    assert run("check", str(x1_path)) == (0, "Legal: no rule is broken.\n")


def test_check_unreadable_file_exits_2(tmp_path: Path) -> None:
    code, out = run("check", str(tmp_path / "missing.yaml"))
    assert code == 2 and "missing.yaml: no such file" in out


def test_colour_only_decorates(x1_path: Path) -> None:
    fight = load_fight(x1_path)
    plain = render_show(fight, check_state(fight), Style(False), 120)
    coloured = render_show(fight, check_state(fight), Style(True), 120)
    assert "\x1b[" in coloured
    assert [visible_len(line) for line in coloured.splitlines()] == [
        len(line) for line in plain.splitlines()
    ]


def test_narrow_terminal_numbers_the_columns(x1_path: Path) -> None:
    fight = load_fight(x1_path)
    text = render_show(fight, [], Style(False), 60)
    assert "Columns: 1 Wight  2 Skeleton 1  3 Skeleton 2  4 Skeleton 3" in text


@pytest.mark.parametrize("width", [60, 80, 100, 120])
def test_a_wide_grid_wraps_in_blocks_that_fit(width: int) -> None:
    """40 monsters: the columns come in blocks of the terminal's width, each with the hero
    rows again; the legend and the key wrap too; the dead keep their column, marked."""
    from dataclasses import replace

    from tests.builders import fight as build
    from tests.builders import hero, monster

    ghouls = [monster(f"Ghoul {i}") for i in range(1, 41)]
    ghouls[6] = replace(ghouls[6], damage=ghouls[6].hp)  # Ghoul 7 is dead
    grid = build([hero("Brenna"), hero("Cade")], ghouls)
    text = render_show(grid, [], Style(False), width)
    drawn = text.split("\nTarget order")[0].splitlines()
    assert max(len(line) for line in drawn) <= width
    assert text.count("Brenna  fighter") >= 40 // ((width - 40) // 6)  # one row per block
    assert "7 Ghoul 7†" in text and " 7† " in text and "dead" in text


def test_init_writes_a_legal_starter(tmp_path: Path) -> None:
    path = tmp_path / "fight.yaml"
    code, out = run("init", str(path))
    assert code == 0 and path.exists()
    assert run("check", str(path))[0] == 0
    code, out = run("init", str(path))
    assert code == 2 and "--force" in out


def test_schema_accepts_the_examples_and_rejects_a_typo(tmp_path: Path) -> None:
    _code, out = run("schema")
    schema = json.loads(out)
    jsonschema.Draft202012Validator.check_schema(schema)
    starter = yaml.safe_load(run("init")[1])
    for doc in [starter, *(yaml.safe_load(p.read_text()) for p in EXAMPLES)]:
        jsonschema.validate(doc, schema)
    starter["heroes"][0]["rnak"] = "back"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(starter, schema)


def test_every_command_has_help_and_loads_only_when_called() -> None:
    names = main.list_commands(click.Context(main))
    assert len(names) >= 20 and main.commands == {}  # none loaded by the group itself
    for name in names:
        command = main.get_command(click.Context(main), name)
        assert command is not None and command.help, name
        code, out = run(name, "--help")
        assert code == 0 and "Usage:" in out
    assert main.get_command(click.Context(main), "fireball") is None


def test_commands_that_do_not_plan_do_not_import_ortools(x1_path: Path, tmp_path: Path) -> None:
    fight = tmp_path / "x1.yaml"
    fight.write_text(x1_path.read_text())
    f = str(fight)
    commands = [
        ["show", f],
        ["check", f],
        ["schema"],
        ["damage", f, "Wight", "3"],
        ["mark", f, "Mike", "prone"],
        ["move", f, "Mike", "--rank", "front"],
        ["heal", f, "Doris", "2"],
        ["drop", f, "Skeleton 3"],
        ["log", f],
        ["undo", f],
        ["redo", f],
        ["flee", f, "Wight"],
        ["area", "fireball"],
        ["log", f],
    ]
    code = (
        "import sys; from lnf.cli import main\n"
        f"for cmd in {commands!r}:\n"
        "    try: main(cmd)\n"
        "    except SystemExit as exit: assert not exit.code, (cmd, exit.code)\n"
        "print('ortools' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "False"


def test_a_dead_hero_s_sheet_is_not_listed_as_what_is_left() -> None:
    """D8: `Sheets (what is left)` is for heroes still in the fight; a dead hero's slots and
    uses are nothing the table spends any more."""
    fight = load_fight(Path(__file__).resolve().parent.parent / "examples" / "bugbear-hall.yaml")
    rogue = next(h for h in fight.heroes if h.sneak_attack is not None)
    alive = render_show(fight, [], Style(False), 100)
    dead = render_show(fight.with_combatant(replace(rogue, dead=True)), [], Style(False), 100)
    assert f"  {rogue.name} (" in alive and f"  {rogue.name} (" not in dead


def test_the_command_asks_openblas_for_one_thread_unless_the_user_said() -> None:
    """CP-SAT loads numpy, whose OpenBLAS would start a spinning thread per core for lnf,
    which does no linear algebra: the command asks for one; a user's own setting wins."""
    probe = (
        "import os, lnf.cli, ortools.sat.python.cp_model; "
        "print(os.environ['OPENBLAS_NUM_THREADS'], len(os.listdir('/proc/self/task')))"
    )
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    mine = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True)
    assert mine.stdout.split() == ["1", "1"]
    theirs = subprocess.run(
        [sys.executable, "-c", probe],
        env=env | {"OPENBLAS_NUM_THREADS": "2"},
        capture_output=True,
        text=True,
    )
    assert theirs.stdout.split()[0] == "2"
