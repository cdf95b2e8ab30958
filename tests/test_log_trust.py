"""The fight log under faults and edits: one writer at a time, no links, every hand edit
reported at its line (never a traceback), `lnf log --verify` and `lnf repair`."""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lnf.engine.table import Table
from lnf.errors import InputError, Refused
from lnf.formats.event_codec import event_from_json
from lnf.formats.fight_file import load_fight
from lnf.formats.fight_log import FightLog, log_path
from lnf.formats.log_fingerprint import FORM, NOTED
from lnf.model.events import Recorded, Undone
from lnf.model.steps import Damaged
from lnf.session import open_fight
from tests.cli import run

ROOT = Path(__file__).resolve().parent.parent
ORCS = ROOT / "examples" / "orcs-at-the-ford.yaml"
OLD = Path(__file__).parent / "fights" / "old-logs"


@pytest.fixture
def played(tmp_path: Path) -> Path:
    """The orcs fight played to its end with --record: a log of some 40 entries."""
    fight = tmp_path / "ford.yaml"
    shutil.copy(ORCS, fight)
    assert run("run", str(fight), "--seed", "1", "--record")[0] == 0
    return fight


def _lines(fight: Path) -> list[str]:
    return log_path(fight).read_text(encoding="utf-8").splitlines(keepends=True)


def _edit(fight: Path, lines: list[str]) -> None:
    log_path(fight).write_text("".join(lines), encoding="utf-8")


# --- edits are evidence ------------------------------------------------------------------


def test_a_changed_line_is_reported_at_its_line(played: Path) -> None:
    lines = _lines(played)
    assert '"faces":[' in lines[5]
    lines[5] = lines[5].replace('"faces":[', '"faces":[20,', 1)
    _edit(played, lines)
    code, out = run("show", str(played))
    assert code == 2 and "ford.log.jsonl:6: entry 6 was changed after lnf wrote it" in out
    assert "lnf repair" in out and "Traceback" not in out


@pytest.mark.parametrize(
    ("how", "line", "says"),
    [
        ("removed", 6, "entry 7 where entry 6 was expected"),
        ("repeated", 7, "entry 6 where entry 7 was expected"),
        ("moved", 6, "entry 7 where entry 6 was expected"),
        ("garbled", 6, "not a log entry"),
    ],
)
def test_a_removed_repeated_moved_or_garbled_line_is_reported(
    played: Path, how: str, line: int, says: str
) -> None:
    lines = _lines(played)
    if how == "removed":
        del lines[5]
    elif how == "repeated":
        lines.insert(6, lines[5])
    elif how == "moved":
        lines[5], lines[6] = lines[6], lines[5]
    else:
        lines[5] = "{this is not json\n"
    _edit(played, lines)
    code, out = run("log", str(played), "--verify")
    assert code == 1 and f"ford.log.jsonl:{line}: {says}" in out and "Traceback" not in out
    assert run("round", str(played))[0] == 2  # and nothing is played on top of it


@pytest.mark.parametrize(
    "value",
    ["NaN", "Infinity", "1e400", "-3", '"12"', "true", "null", "99999999999"],
)
def test_values_out_of_range_in_an_old_log_are_refused_with_the_line(
    tmp_path: Path, value: str
) -> None:
    """Logs of lnf 0.1 have no checksums: their values are checked one by one."""
    fight = tmp_path / "orcs-at-the-ford.yaml"
    shutil.copy(OLD / "orcs-at-the-ford.yaml", fight)
    lines = (OLD / "orcs-at-the-ford.log.jsonl").read_text(encoding="utf-8").splitlines()
    number = next(i for i, x in enumerate(lines) if '"step":"damage"' in x)
    lines[number] = lines[number].replace('"amount":5', f'"amount":{value}')
    _edit(fight, [x + "\n" for x in lines])
    code, out = run("show", str(fight))
    assert code == 2 and f"orcs-at-the-ford.log.jsonl:{number + 1}:" in out
    assert "Traceback" not in out


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('"who":"Orc 1","amount":5', '"who":"Orc 9","amount":5'),
        ('"step":"heal","who":"Sly","amount":3', '"step":"heal","who":"Sly","amount":-3'),
        ('"mark":"C"', '"mark":"Q"'),
        ('"event":"record"', '"event":"recorde"'),
        ('"steps":[', '"steps":[{"step":"fly"},'),
    ],
)
def test_hand_edits_to_an_old_log_name_their_line(tmp_path: Path, old: str, new: str) -> None:
    fight = tmp_path / "orcs-at-the-ford.yaml"
    shutil.copy(OLD / "orcs-at-the-ford.yaml", fight)
    text = (OLD / "orcs-at-the-ford.log.jsonl").read_text(encoding="utf-8")
    assert old in text
    log_path(fight).write_text(text.replace(old, new, 1), encoding="utf-8")
    code, out = run("show", str(fight))
    assert code == 2 and "orcs-at-the-ford.log.jsonl:" in out and "Traceback" not in out


def test_an_old_log_reads_with_a_note(tmp_path: Path) -> None:
    fight = tmp_path / "orcs-at-the-ford.yaml"
    for suffix in (".yaml", ".log.jsonl"):
        shutil.copy(OLD / f"orcs-at-the-ford{suffix}", tmp_path / f"orcs-at-the-ford{suffix}")
    code, out = run("show", str(fight))
    assert code == 0 and "have no checksums (written by lnf 0.1)" in out
    assert run("damage", str(fight), "Orc 1", "1")[0] == 0  # carries on, with checksums
    assert run("log", str(fight), "--verify")[0] == 0


def test_verify_and_repair_keep_everything_before_the_first_problem(played: Path) -> None:
    n = len(_lines(played))
    code, out = run("log", str(played), "--verify")
    assert code == 0 and out.startswith(f"All {n} entries are whole and in order")
    assert "not against a determined editor" in out  # what the checksums promise, said plainly
    lines = _lines(played)
    lines[20] = lines[20].replace('"faces":[', '"faces":[1,', 1)
    _edit(played, lines)
    code, out = run("log", str(played), "--verify", "--json")
    report = json.loads(out)
    assert code == 1 and not report["good"] and report["problems"][0]["line"] == 21
    code, out = run("repair", str(played))
    assert code == 0 and "Kept the first 20 entries; the rest is in" in out
    aside = log_path(played).with_name("ford.log.jsonl.rest-1")
    assert aside.read_text(encoding="utf-8") == "".join(lines[20:])  # nothing is lost
    assert run("log", str(played), "--verify")[0] == 0
    assert run("round", str(played))[0] == 0  # and the fight goes on from there


# --- one writer, no links ------------------------------------------------------------------


def test_a_second_writer_waits_then_refuses(played: Path) -> None:
    first = FightLog.open(log_path(played), write=True)
    try:
        with pytest.raises(Refused, match="being written by another lnf command"):
            FightLog.open(log_path(played), write=True, wait=0.2)
        assert FightLog.open(log_path(played), write=False).lines  # readers are not held up
    finally:
        first.close()
    FightLog.open(log_path(played), write=True, wait=0.2).close()  # free again


def test_two_runs_at_once_record_one_fight(tmp_path: Path) -> None:
    fight = tmp_path / "ford.yaml"
    shutil.copy(ORCS, fight)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "lnf", "run", str(fight), "--seed", "3", "--record"]
    runs = [
        subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        for _ in range(2)
    ]
    # The second waits for the first's lock (LOCK_WAIT) and finds the fight over, or, on a
    # machine so loaded that the first holds it longer, refuses in so many words: either way
    # one fight is recorded, never two nor a mixed one.
    errors = [r.communicate()[1].decode() for r in runs]
    done = [(r.returncode, err) for r, err in zip(runs, errors, strict=True)]
    assert sorted(code for code, _ in done)[0] == 0
    for code, err in done:
        assert code == 0 or (code == 2 and "is being written by another lnf command" in err), err
    events = [json.loads(x)["event"] for x in _lines(fight)]
    assert events.count("begin") == 1 and events.count("end") == 1
    assert run("log", str(fight), "--verify")[0] == 0


@pytest.mark.parametrize("dangling", [False, True])
def test_a_log_that_is_a_link_is_never_followed(tmp_path: Path, dangling: bool) -> None:
    fight = tmp_path / "ford.yaml"
    shutil.copy(ORCS, fight)
    target = tmp_path / "elsewhere.jsonl"
    if not dangling:
        target.write_text("", encoding="utf-8")
    log_path(fight).symlink_to(target)
    code, out = run("damage", str(fight), "Orc 1", "2")
    assert code == 2 and "is a link (to " in out and "elsewhere.jsonl" in out
    assert run("show", str(fight))[0] == 2
    assert target.exists() is not dangling or (not dangling and target.read_text() == "")
    if not dangling:
        assert target.read_text(encoding="utf-8") == ""  # nothing written through it


def test_undo_and_redo_name_the_entry_and_refuse_if_the_log_moved_on(played: Path) -> None:
    damage = len(_lines(played)) + 1  # the entry number the damage gets
    assert run("damage", str(played), "Kara", "1")[0] == 0
    assert run("undo", str(played))[0] == 0
    assert json.loads(_lines(played)[-1])["of"] == damage  # the damage it took back
    assert run("redo", str(played))[0] == 0
    assert json.loads(_lines(played)[-1])["of"] == damage
    table = Table(load_fight(played))
    for entry in FightLog.open(log_path(played), write=False).lines[:damage]:
        data = {k: v for k, v in entry.data.items() if k != NOTED}  # the fight file's note
        table.replay(event_from_json(data, "log"))
    table.replay(Recorded((Damaged("Kara", 1),)))  # another entry came in between
    later = f"takes back entry {damage}, but the last in force is entry {damage + 1}"
    with pytest.raises(Refused, match=later):
        table.replay(Undone(damage))


def _paths(value: object, at: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in [(*at, k), *_paths(v, (*at, k))]]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in [(*at, i), *_paths(v, (*at, i))]]
    return []


OLD_LINES = (OLD / "orcs-at-the-ford.log.jsonl").read_text(encoding="utf-8").splitlines()
ODD_VALUES = [None, True, "x", "", -1, 1e400, math.nan, [], {}, 10**30, [1], {"a": 1}, 2.5]


@settings(max_examples=150)
@given(
    line=st.integers(0, len(OLD_LINES) - 1),
    pick=st.integers(0, 10**6),
    odd=st.sampled_from(ODD_VALUES),
)
def test_any_value_edited_into_a_log_line_is_read_or_refused_never_a_crash(
    line: int, pick: int, odd: object, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """A log of lnf 0.1 (no checksums, so every value reaches the reader): any one value in
    any line replaced by an odd one is either read or refused as input with its line."""
    data = json.loads(OLD_LINES[line])
    paths = _paths(data)
    where = paths[pick % len(paths)]
    holder: Any = data
    for key in where[:-1]:
        holder = holder[key]
    holder[where[-1]] = odd
    folder = tmp_path_factory.mktemp("edit")
    shutil.copy(OLD / "orcs-at-the-ford.yaml", folder / "f.yaml")
    lines = [*OLD_LINES[:line], json.dumps(data), *OLD_LINES[line + 1 :]]
    (folder / "f.log.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    try:
        open_fight(folder / "f.yaml", record=False)
    except InputError as err:
        assert all(p.line is not None for p in err.problems)


# --- the fight file's fingerprint across an upgrade of lnf ------------------------------------

FORM_1 = Path(__file__).parent / "fights" / "form-1"  # noted by lnf before Attack.more_per_slot


def _form_1_copy(tmp_path: Path, edit: tuple[str, str] = ("", "")) -> str:
    for suffix in (".yaml", ".log.jsonl"):
        shutil.copy(FORM_1 / f"goblin-ambush{suffix}", tmp_path / f"goblin-ambush{suffix}")
    path = tmp_path / "goblin-ambush.yaml"
    path.write_text(path.read_text().replace(*edit))
    return str(path)


def test_a_log_noted_in_the_old_form_says_nothing_of_an_upgrade_alone(tmp_path: Path) -> None:
    """The log of tests/fights/form-1 was written by lnf before Attack had `more_per_slot`
    (form 1: every field summed). Read by this lnf, with the file as it was, nothing is said
    edited; an edit of the file still is, by value or by its checksum."""
    code, out = run("show", _form_1_copy(tmp_path))
    assert code == 0 and "edited since" not in out and "stat block" not in out
    code, out = run("show", _form_1_copy(tmp_path, ("hp: 27", "hp: 30")))
    assert "was edited since its log noted it: Bugbear: hit point maximum 27 → 30" in out
    code, out = run(
        "show", _form_1_copy(tmp_path, ("Morningstar, to_hit: 4", "Morningstar, to_hit: 5"))
    )
    assert "edited since its log noted it: Bugbear: its stat block changed." in out


def test_a_field_added_with_its_default_changes_no_fingerprint(tmp_path: Path) -> None:
    """Form 2 sums only the fields off their default: a field a later lnf adds to Attack with
    a default (here `added`) leaves every checksum as it was, where form 1's would change; a
    new log notes form 2."""
    import dataclasses

    from lnf.formats.log_fingerprint import fingerprint
    from lnf.model import Attack
    from lnf.values import replace, value

    @value
    class Wider(Attack):
        added: int = 0

    def wider(a: Attack) -> Wider:
        return Wider(**{f.name: getattr(a, f.name) for f in dataclasses.fields(a)})

    fight = load_fight(FORM_1 / "goblin-ambush.yaml")
    later = replace(
        fight, heroes=tuple(replace(h, attacks=tuple(map(wider, h.attacks))) for h in fight.heroes)
    )
    assert fingerprint(later) == fingerprint(fight)
    assert fingerprint(later, 1) != fingerprint(fight, 1)  # what an upgrade did to form 1
    path = Path(_form_1_copy(tmp_path))
    log_path(path).unlink()
    assert run("damage", str(path), "Bugbear", "5")[0] == 0
    assert json.loads(log_path(path).read_text().splitlines()[0])[NOTED]["form"] == FORM
