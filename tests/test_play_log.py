"""The fight log: append-only, synced, a torn last line reported and never fatal; undo and
redo as events; killing lnf while it appends loses nothing earlier."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lnf.engine.apply import replay
from lnf.engine.runner import Runner
from lnf.engine.table import Table
from lnf.formats.event_codec import event_from_json, event_to_json
from lnf.formats.fight_file import load_fight
from lnf.formats.fight_log import FightLog, log_path
from lnf.formats.log_fingerprint import NOTED
from lnf.heroes.policy import PolicyHeroes
from lnf.model.events import Redone, Undone
from lnf.session import open_fight
from lnf.solver import solve_plan
from tests.cli import run, stdout_of

ROOT = Path(__file__).resolve().parent.parent
X1 = ROOT / "examples" / "wight-and-skeletons.yaml"


@pytest.fixture
def x1(tmp_path: Path) -> Path:
    path = tmp_path / "x1.yaml"
    shutil.copy(X1, path)
    return path


def played(seed: int = 5, rounds: int = 3) -> Table:
    """X1 played in memory by the hero policy."""
    table = Table(load_fight(X1))
    runner = Runner(table, PolicyHeroes(), lambda f: solve_plan(f, explain=False).plan, _quiet)
    runner.begin(seed)
    runner.play(rounds=rounds)
    return table


def _quiet(*_: object) -> None:
    pass


def test_events_round_trip_through_json() -> None:
    for event in played().events:
        assert event_from_json(json.loads(json.dumps(event_to_json(event))), "log") == event


def test_a_torn_last_line_is_reported_then_set_aside_before_the_next_append(
    tmp_path: Path,
) -> None:
    path = tmp_path / "f.log.jsonl"
    log = FightLog.open(path, write=True)
    log.append({"event": "begin", "seed": 1})
    log.append({"event": "round", "round": 1, "order": []})
    log.close()
    with open(path, "ab") as f:
        f.write(b'{"event": "turn", "who": "Fel')  # the process died mid-write
    read = FightLog.open(path, write=False)
    assert [entry.line for entry in read.lines] == [1, 2] and not read.problems
    assert "line 3" in read.warnings[0] and "incomplete" in read.warnings[0]
    log = FightLog.open(path, write=True)  # a command that records sets it aside, once
    assert "moved to f.log.jsonl.torn-1" in log.warnings[0]
    assert (tmp_path / "f.log.jsonl.torn-1").read_bytes() == b'{"event": "turn", "who": "Fel'
    log.append({"event": "end", "winner": "heroes"})
    log.close()
    again = FightLog.open(path, write=False)
    assert [entry.data["event"] for entry in again.lines] == ["begin", "round", "end"]
    assert not again.warnings and not again.problems


def test_a_line_cut_just_before_its_newline_never_comes_back(x1: Path) -> None:
    """`truncate -s -1`: the last line is whole JSON but was never finished; the next record
    sets it aside instead of making it whole."""
    assert run("damage", str(x1), "Wight", "5")[0] == 0
    assert run("damage", str(x1), "Wight", "7")[0] == 0
    log = log_path(x1)
    log.write_bytes(log.read_bytes()[:-1])
    code, out = run("damage", str(x1), "Skeleton 1", "1")
    assert code == 0 and "moved to x1.log.jsonl.torn-1" in out
    assert "Wight 28/45 hp" in run("log", str(x1))[1]  # the 7 is not in force
    assert "Wight 21/45" not in run("log", str(x1))[1]


def replayed(events: list[object]) -> Table:
    table = Table(load_fight(X1))
    for event in events:
        table.replay(event)  # type: ignore[arg-type]
    return table


def test_undo_gives_exactly_the_state_before_each_event() -> None:
    table = played()
    start, events = table.start, table.events
    for k in range(2, len(events) + 1):  # the seed (event 1) cannot be taken back
        again = replayed([*events[:k], Undone()])
        assert again.fight == replay(start, events[: k - 1])
        again.replay(Redone())
        assert again.fight == replay(start, events[:k])


def test_a_new_event_ends_what_could_be_redone() -> None:
    table = played(rounds=1)
    last = table.events[-1]
    again = replayed([*table.events, Undone(), last, Redone()])  # nothing to redo after it
    assert again.events[-1] is last and len(again.events) == len(table.events)


def test_cli_record_undo_redo(x1: Path) -> None:
    before = stdout_of("show", "--json", str(x1))
    code, out = run("damage", str(x1), "Wight", "7", "--type", "fire")
    assert code == 0 and "Wight takes 7 fire damage; Wight 26/45 hp (19 damage)." in out
    assert json.loads(stdout_of("show", "--json", str(x1))) != json.loads(before)
    code, out = run("undo", str(x1))
    assert code == 0 and out.startswith("Took back: DM: Wight takes 7 fire")
    assert json.loads(stdout_of("show", "--json", str(x1))) == json.loads(before)
    assert run("redo", str(x1))[0] == 0
    assert "Wight 26/45" in run("log", str(x1))[1]
    assert run("redo", str(x1))[0] == 2  # nothing more to put back
    lines = log_path(x1).read_text().splitlines()
    assert [json.loads(x)["event"] for x in lines] == ["record", "undo", "redo"]  # append-only


def test_d6_a_damage_type_said_last_is_the_type_as_with_type(x1: Path) -> None:
    """D6: `lnf damage FIGHT Wight 7 fire` is `--type fire`; a last word neither an amount nor
    a type is said to be neither, and two types for one damage are refused (nothing logged)."""
    code, out = run("damage", str(x1), "Wight", "7", "Fire")
    assert code == 0 and "Wight takes 7 fire damage; Wight 26/45 hp (19 damage)." in out
    code, out = run("damage", str(x1), "Wight", "7", "frie")
    assert code == 2 and "'frie' is neither an amount (a number or dice) nor a damage" in out
    assert "type: acid, bludgeoning," in out and "slashing or thunder (D6)" in out
    code, out = run("damage", str(x1), "Wight", "7", "fire", "--type", "cold")
    assert code == 2 and "fire damage or --type cold? say its type once (D6)" in out
    assert len(log_path(x1).read_text().splitlines()) == 1


def test_undo_more_than_there_is_takes_nothing_back(x1: Path) -> None:
    before = stdout_of("show", "--json", str(x1))
    run("damage", str(x1), "Wight", "7")
    run("damage", str(x1), "Wight", "2")
    after = stdout_of("show", "--json", str(x1))
    code, out = run("undo", str(x1), "3")
    assert code == 2 and "only 2 events to take back, not 3; nothing taken back" in out
    assert stdout_of("show", "--json", str(x1)) == after
    assert run("undo", str(x1), "2")[0] == 0
    assert stdout_of("show", "--json", str(x1)) == before


def test_cli_round_plays_the_monsters_and_the_dm_records_the_heroes(x1: Path) -> None:
    """S1: `lnf round` plays the monsters' turns up to a hero's and stops there."""
    code, out = run("round", str(x1), "--seed", "4")
    assert code == 0, out
    assert "Strike order (S2, S3): Skeleton 3, Terry; Felix, Doris, Skeleton 2, Wight;" in out
    assert "The monsters' plan (P3): Wight attacks Doris in mêlée;" in out
    assert "Skeleton 3 attacks Terry" in out and "It is Terry's turn (round 7;" in out
    assert (
        "Wight attacks Doris with" not in out
    )  # nothing after Terry's turn is rolled ahead of him
    code, out = run("move", str(x1), "Mike", "--rank", "front")
    assert code == 0 and "Mike steps to the front rank." in out
    code, out = run("move", str(x1), "Wendy", "--rank", "free-air")
    assert code == 2 and "cannot switch to the free-air rank now (R7, R8)" in out
    code, out = run("move", str(x1), "Felix", "--join", "C")
    assert code == 0 and "Felix leaves group A and joins group C (Cecilia" in out
    code, out = run("round", str(x1))
    assert code == 0 and "Terry ends the turn." in out and "It is Felix's turn" in out
    while "Round 7 is over" not in out:
        if "about to leave its group" in out:  # M6: the table passes on every offer
            for hero in ("Felix", "Cecilia", "Doris", "Mike", "Wendy", "Terry"):
                run("react", str(x1), hero, "--pass")
        code, out = run("round", str(x1))
        assert code == 0, out
    code, out = run("round", str(x1))
    assert code == 0 and "Round 8" in out
    code, out = run("log", str(x1), "--markdown")
    assert code == 0 and "## Round 7" in out and "## Round 8" in out


def test_cli_round_with_manual_dice(x1: Path) -> None:
    from click.testing import CliRunner

    from lnf.cli import main

    faces = "\n".join(["20", "6", "6"] * 8) + "\n"
    result = CliRunner().invoke(
        main, ["round", str(x1), "--seed", "1", "--manual-dice"], input=faces
    )
    assert result.exit_code == 0, result.output
    # Before each die the DM is told what it is for: who attacks whom, with what, the AC.
    assert "Skeleton 3 attacks Terry with Shortsword: +4 vs AC 15\n  your d20" in result.output
    assert "Skeleton 3 attacks Terry with Shortsword in mêlée: 1d20 (20) + 4 = 24" in result.output
    assert "critical hit" in result.output


def test_play_stops_and_carries_on(x1: Path) -> None:
    from click.testing import CliRunner

    from lnf.cli import main

    runner = CliRunner()
    first = runner.invoke(main, ["play", str(x1), "--seed", "9"], input="attack Skeleton 3\nquit\n")
    assert first.exit_code == 0, first.output
    assert "Terry attacks Skeleton 3 with Shortsword" in first.output and "Stopped." in first.output
    second = runner.invoke(
        main, ["play", str(x1)], input="attack Skeleton 9\nattack Wight with Longsword\nquit\n"
    )
    assert "Carrying on from the log" in second.output
    assert "Not allowed: no 'Skeleton 9' among those it can pick; did you mean" in second.output
    assert "Felix attacks Wight with Longsword in mêlée" in second.output
    events = [json.loads(x)["event"] for x in log_path(x1).read_text().splitlines()]
    assert events.count("begin") == 1


def test_killing_lnf_while_it_appends_loses_nothing_earlier(x1: Path) -> None:
    """`lnf run --record` killed with SIGKILL mid-fight: every whole line is a good event,
    at most the last is torn, and the log still replays to a state."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    reference = run("run", str(X1), "--seed", "5", "--json")[1]
    whole = json.loads(reference)["events"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "lnf", "run", str(x1), "--seed", "5", "--record"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    path = log_path(x1)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        if path.exists() and path.read_bytes().count(b"\n") >= 6:
            break
        time.sleep(0.005)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    read = FightLog.open(path, write=False)
    assert len(read.lines) >= 6 and not read.problems
    assert len(read.warnings) <= 1
    logged = [{k: v for k, v in e.data.items() if k != NOTED} for e in read.lines]
    assert logged == whole[: len(read.lines)]  # the first entry also notes the fight file
    table = open_fight(x1, record=False).table
    assert len(table.events) == len(read.lines)


def test_play_asks_for_speed_in_a_chase(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from lnf.cli import main

    fight = tmp_path / "ford.yaml"
    shutil.copy(ROOT / "examples" / "orcs-at-the-ford.yaml", fight)
    answers = "disengage; flee\nauto\nauto\n2\nquit\n"
    result = CliRunner().invoke(main, ["play", str(fight), "--seed", "2"], input=answers)
    assert result.exit_code == 0, result.output
    assert "Sly flees; Orc 3 gives chase (C1): escape points start at 0." in result.output
    assert "Sly: dashes this chase round (C2" in result.output
    assert "Speeds in the chase (C2): Sly dashes twice" in result.output
    assert "Chase (C1, escape points" in result.output  # the grid shows the pools


def test_a_log_that_no_longer_fits_the_fight_file_names_its_line(x1: Path) -> None:
    assert run("damage", str(x1), "Skeleton 3", "4")[0] == 0
    text = (
        x1.read_text().replace("name: Skeleton\n", "name: Zombie\n").replace("Skeleton ", "Zombie ")
    )
    x1.write_text(text)
    code, out = run("log", str(x1))
    assert code == 2
    assert "x1.log.jsonl:1: this event does not fit the fight file" in out
    assert "Traceback" not in out


def test_run_starts_from_the_fight_file_unless_it_records(x1: Path) -> None:
    """Playing an example must not change what `lnf run` replays (the goldens)."""
    fresh = stdout_of("run", str(x1), "--seed", "5", "--json")
    assert run("damage", str(x1), "Wight", "30")[0] == 0
    assert stdout_of("run", str(x1), "--seed", "5", "--json") == fresh
    carried = stdout_of("run", str(x1), "--seed", "5", "--json", "--record")
    assert carried != fresh and json.loads(carried)["events"][0]["event"] == "record"
