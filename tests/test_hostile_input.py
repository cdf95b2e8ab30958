"""Hostile and broken input never gives a traceback: devices, pipes and folders refused at once,
other encodings named, consoles that lack a character given stand-ins, control characters
shown escaped, a bug said as a bug (with its traceback in a file), Ctrl-C stopped cleanly."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import click
import pytest

import lnf.cli.grid_commands
from lnf.cli.terminal import escaped
from tests.cli import ctrl_c_as_at_a_terminal, run

ROOT = Path(__file__).resolve().parent.parent
X1 = ROOT / "examples" / "wight-and-skeletons.yaml"


def _lnf(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "lnf", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), **env},
        timeout=60,
        encoding="utf-8",
        errors="replace",
    )


def test_a_device_a_pipe_and_a_folder_are_refused_at_once(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.yaml"
    os.mkfifo(pipe)  # nobody writes to it: reading it would wait for ever
    assert run("show", "/dev/zero") == (2, "/dev/zero: is not a file (a device or a pipe?)\n")
    assert run("show", str(pipe))[1].endswith("is not a file (a device or a pipe?)\n")
    folder = tmp_path / "f.yaml"
    folder.mkdir()
    assert run("show", str(folder))[0] == 2


def test_encodings_a_bom_is_fine_utf16_and_latin1_are_named(tmp_path: Path) -> None:
    text = X1.read_text(encoding="utf-8")
    bom = tmp_path / "bom.yaml"
    bom.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert run("check", str(bom))[0] == 0
    utf16 = tmp_path / "utf16.yaml"
    utf16.write_bytes(text.encode("utf-16"))
    assert "is UTF-16 text: save it as UTF-8" in run("check", str(utf16))[1]
    latin = tmp_path / "latin.yaml"
    latin.write_bytes(text.replace("Doris", "Doríé").encode("latin-1", "replace"))
    code, out = run("check", str(latin))
    assert code == 2 and "not UTF-8 text" in out and "latin.yaml:" in out


def test_a_huge_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    with open(big, "wb") as f:
        f.truncate(50_000_000)  # 50 MB of nothing, made in no time
    assert run("show", str(big)) == (2, f"{big}: is larger than 1 MB: too big for lnf's files\n")


def test_a_latin1_console_gets_stand_ins_not_an_error() -> None:
    """What Latin-1 lacks (the grid's lines, arrows, dots) comes out as ASCII stand-ins; what it
    has (the ê of mêlée) as itself. (An ASCII console is made UTF-8 by click itself.)"""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "latin-1"}
    for command in (["show", str(X1)], ["plan", str(X1)], ["run", str(X1), "--seed", "5"]):
        done = subprocess.run(
            [sys.executable, "-m", "lnf", *command], capture_output=True, env=env, timeout=60
        )
        out = done.stdout.decode("latin-1")
        assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr
        assert "mêlée" in out and "│" not in out and "→" not in out
    assert "| F L C O N |" in _lnf("show", str(X1), PYTHONIOENCODING="latin-1").stdout


def test_control_characters_are_shown_escaped() -> None:
    assert escaped("Ann\x1b[2J\x9b\u202e!\n") == "Ann\\x1b[2J\\x9b\\u202e!\n"
    path = "\x1b[31mred.yaml"
    assert run("show", path)[1] == "\\x1b[31mred.yaml: no such file\n"


def test_a_bug_is_said_as_one_with_its_traceback_in_a_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))

    def broken(*_: object) -> None:
        raise ZeroDivisionError("a made-up bug")

    monkeypatch.setattr(lnf.cli.grid_commands, "current_fight", broken)
    code, out = run("show", str(X1))
    assert code == 70 and out.startswith("lnf: this is a bug in lnf, not in your files")
    assert "ZeroDivisionError: a made-up bug" in out and "Traceback" not in out
    (report,) = (tmp_path / "lnf" / "bugs").iterdir()
    assert "Traceback" in report.read_text() and "lnf show" in report.read_text()


def test_ctrl_c_stops_cleanly_and_keeps_what_was_recorded(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    fight = tmp_path / "x1.yaml"
    shutil.copy(X1, fight)

    def interrupted(*_: object, **__: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(click, "prompt", interrupted)
    monkeypatch.setattr("lnf.engine.runner.Runner.next_turn", interrupted)
    code, out = run("run", str(fight), "--seed", "1", "--record")
    assert code == 130 and "stopped (Ctrl-C); everything recorded so far is kept" in out
    assert run("log", str(fight), "--verify")[0] == 0


def test_ctrl_c_in_a_big_round_stops_cleanly(tmp_path: Path) -> None:
    """A real SIGINT while a round of 150 monsters plans and plays (CP-SAT must leave Ctrl-C
    to Python): exit 130, a word on stderr, and a log that verifies."""
    from lnf.formats.fight_writer import dump_fight
    from tests.grids import grid

    fight = tmp_path / "battle.yaml"
    fight.write_text(dump_fight(grid(20, 150, 1)), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "lnf", "round", str(fight), "--seed", "1"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=ctrl_c_as_at_a_terminal,
    )
    log = fight.with_name("battle.log.jsonl")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not (log.exists() and log.stat().st_size > 2000):
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "stopped (Ctrl-C); everything recorded so far is kept" in err
    assert run("log", str(fight), "--verify")[0] == 0


def test_after_a_plan_ctrl_c_is_still_pythons_to_handle(tmp_path: Path) -> None:
    """CP-SAT, left to catch SIGINT, leaves the process to die of the next Ctrl-C after a solve
    without a word; lnf's solver settings leave it to Python."""
    code = (
        "import time; from lnf.formats.fight_file import load_fight\n"
        "from lnf.solver import solve_plan\n"
        f"solve_plan(load_fight(__import__('pathlib').Path({str(X1)!r})))\n"
        "try:\n    print('planned', flush=True)\n    time.sleep(30)\n"
        "except KeyboardInterrupt:\n    print('interrupted')\n"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        preexec_fn=ctrl_c_as_at_a_terminal,
    )
    assert proc.stdout is not None and proc.stdout.readline().strip() == "planned"
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=30)
    assert proc.returncode == 0 and out.strip() == "interrupted"


def test_a_byte_not_utf8_is_named_with_its_line_after_a_bom_too(tmp_path: Path) -> None:
    """Bad input names the byte and its line, with or without a byte-order mark before it."""
    body = "heroes:\n  - name: Kit\n  - name: Dor\xe9\n".encode("latin-1")
    for mark in (b"", b"\xef\xbb\xbf"):
        f = tmp_path / "latin.yaml"
        f.write_bytes(mark + body)
        code, out = run("check", str(f))
        assert code == 2 and f"{f}:3:" in out and "byte 0xe9 here is not UTF-8" in out, out
