"""The last ways to a bug exit, closed: a plot's path checked before the run, a full disk said
as such, the small slips of the record commands, `lnf start` and the fight file's messages, one
log per fight whatever its name, and what the log's checksums promise (docs/robustness.md)."""

from __future__ import annotations

import errno
import json
import os
import shutil
import zlib
from pathlib import Path

import pytest

from tests.cli import run

ROOT = Path(__file__).resolve().parent.parent
X1 = ROOT / "examples" / "wight-and-skeletons.yaml"
KENNELS = ROOT / "examples" / "goblin-kennels.yaml"


@pytest.fixture
def x1(tmp_path: Path) -> Path:
    shutil.copy(X1, tmp_path / X1.name)
    return tmp_path / X1.name


# --- 3. lnf odds --plot: the path is checked before any fight is played ------------------


def _played_no_fight(out: str) -> bool:
    return "The heroes win" not in out


def test_plot_refuses_a_link_and_keeps_the_file_it_points_at(x1: Path) -> None:
    link = x1.with_name("chart.png")
    link.symlink_to(x1.name)
    before = x1.read_bytes()
    code, out = run("odds", str(x1), "--fights", "2", "--quiet", "--plot", str(link))
    assert code == 2 and "is a link (to wight-and-skeletons.yaml)" in out
    assert _played_no_fight(out) and x1.read_bytes() == before


def test_plot_never_overwrites_a_file_lnf_did_not_draw_without_force(x1: Path) -> None:
    other = x1.with_name("notes.png")
    other.write_text("my session notes", encoding="utf-8")
    code, out = run("odds", str(x1), "--fights", "2", "--quiet", "--plot", str(other))
    assert code == 2 and "exists and is not an image lnf drew" in out and "--force" in out
    assert _played_no_fight(out) and other.read_text(encoding="utf-8") == "my session notes"
    code, out = run("odds", str(x1), "--fights", "2", "--quiet", "--plot", str(other), "--force")
    assert code == 0 and other.read_bytes().startswith(b"\x89PNG")
    code, out = run("odds", str(x1), "--fights", "2", "--quiet", "--plot", str(other))
    assert code == 0, out  # its own drawing it may draw again


@pytest.mark.parametrize(
    ("where", "said"),
    [
        ("nodir/x.png", "there is no folder"),
        ("/dev/full", "/dev/full: --plot: give a .png or .svg file"),
        ("chart.txt", "give a .png or .svg file"),
        (".", "is a directory"),
    ],
)
def test_plot_paths_that_cannot_be_written_are_refused_first(
    x1: Path, where: str, said: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(x1.parent)
    code, out = run("odds", str(x1), "--fights", "2", "--quiet", "--plot", where)
    assert code == 2 and said in out and _played_no_fight(out), out
    assert "bug in lnf" not in out


def test_plot_to_a_device_or_a_pipe_is_refused_by_what_it_is(x1: Path) -> None:
    device = x1.with_name("full.png")
    device.symlink_to("/dev/full")
    code, out = run("odds", str(x1), "--fights", "2", "--quiet", "--plot", str(device))
    assert code == 2 and "is a link (to /dev/full)" in out
    pipe = x1.with_name("pipe.svg")
    os.mkfifo(pipe)
    code, out = run("odds", str(x1), "--fights", "2", "--quiet", "--plot", str(pipe))
    assert code == 2 and "pipe.svg: --plot: is not a file" in out and _played_no_fight(out)


# --- 4. a full disk ----------------------------------------------------------------------


def _full_after(monkeypatch: pytest.MonkeyPatch, appends: int) -> None:
    """The disk fills up on the log's `appends`+1-th write, half a line in."""
    from lnf.formats import fight_log

    real = fight_log._write_all
    count = {"n": 0}

    def write(fd: int, data: bytes) -> None:
        count["n"] += 1
        if count["n"] > appends:
            real(fd, data[: len(data) // 2])
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(fd, data)

    monkeypatch.setattr(fight_log, "_write_all", write)


def test_a_full_disk_during_run_record_says_how_far_the_log_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = tmp_path / "whole" / X1.name
    whole.parent.mkdir()
    shutil.copy(X1, whole)
    assert run("run", str(whole), "--seed", "3", "--record")[0] == 0
    expected = whole.with_name("wight-and-skeletons.log.jsonl").read_text(encoding="utf-8")
    cut = tmp_path / "cut" / X1.name
    cut.parent.mkdir()
    shutil.copy(X1, cut)
    with monkeypatch.context() as m:
        _full_after(m, 9)
        code, out = run("run", str(cut), "--seed", "3", "--record")
    assert code == 2, out
    assert "the disk is full; the log is kept up to entry 9" in out and "bug" not in out
    log = cut.with_name("wight-and-skeletons.log.jsonl")
    assert log.read_text(encoding="utf-8").count("\n") == 9  # the half line taken off again
    assert run("run", str(cut), "--seed", "3", "--record")[0] == 0
    assert log.read_text(encoding="utf-8") == expected  # carried on as the same fight


def test_a_full_disk_during_a_record_and_on_the_output(
    x1: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as m:
        _full_after(m, 0)
        code, out = run("damage", str(x1), "Wight", "3")
    assert code == 2 and "the disk is full; the log is kept up to entry 0" in out
    assert x1.with_name("wight-and-skeletons.log.jsonl").read_bytes() == b""


def test_a_full_disk_while_drawing_keeps_the_old_plot(
    x1: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    chart = x1.with_name("chart.png")
    assert run("odds", str(x1), "--fights", "2", "--quiet", "--plot", str(chart))[0] == 0
    before = chart.read_bytes()

    def full(path: Path, *args: object) -> None:
        path.write_bytes(b"\x89PNG half")
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    import lnf.views.odds_plot

    monkeypatch.setattr(lnf.views.odds_plot, "plot", full)
    code, out = run("odds", str(x1), "--fights", "2", "--quiet", "--plot", str(chart))
    assert code == 2 and f"the disk is full; {chart} is not drawn (what was there is kept)" in out
    assert chart.read_bytes() == before and "bug" not in out
    assert sorted(p.name for p in x1.parent.iterdir() if p.suffix == ".png") == ["chart.png"]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="a full device, as Linux has")
def test_output_to_a_full_device_is_said_as_a_full_disk() -> None:
    import subprocess
    import sys

    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "lnf", "show", str(X1)],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )
    assert done.returncode == 2, done.stderr
    assert "lnf: the disk is full" in done.stderr and "Traceback" not in done.stderr


# --- 5. the smaller slips ------------------------------------------------------------------


def test_start_names_the_option_that_named_nobody(tmp_path: Path) -> None:
    path = tmp_path / KENNELS.name
    text = KENNELS.read_text(encoding="utf-8")
    path.write_text(text.replace("surprise_round: {Wolf: 3, Goblin 1: 1}\n", ""), "utf-8")
    code, out = run("start", str(path), "--surprise-round", "Nobody=3")
    assert code == 2 and "--surprise-round:" in out and "--surprised" not in out, out
    code, out = run("start", str(path), "--surprised", "Nobody")
    assert code == 2 and "--surprised:" in out


def test_a_control_character_is_refused_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "esc.yaml"
    path.write_bytes(
        b"heroes:\n  - {name: Ann, class: fighter, hp: 10}\n"
        b'monsters:\n  - {name: "Orc\x1b]0;owned\x07", hp: 5}\n'
    )
    code, out = run("check", str(path))
    assert code == 2 and out.startswith(f"{path}:4: a control character ('\\x1b')"), out
    assert "\x1b" not in out


def test_hit_points_over_the_maximum_are_said_as_such(tmp_path: Path) -> None:
    path = tmp_path / "hp.yaml"
    path.write_text(
        "heroes:\n  - {name: Ann, class: fighter, hp: 12/10}\nmonsters: [{name: Orc, hp: 5}]\n",
        encoding="utf-8",
    )
    code, out = run("check", str(path))
    assert code == 2 and "heroes[0].hp: 12 of 10 hit points: a hero never has more" in out
    assert "expected hit points such as" not in out  # the form was right; the value is not


def test_marks_that_change_nothing_are_refused(x1: Path) -> None:
    code, out = run("mark", str(x1), "Doris", "prone", "--off")
    assert code == 2 and "Doris is not prone: nothing to record" in out
    assert run("mark", str(x1), "Doris", "prone")[0] == 0
    code, out = run("mark", str(x1), "Doris", "prone")
    assert code == 2 and "Doris is already prone" in out
    code, out = run("mark", str(x1), "Doris", "prone", "--off")
    assert code == 0 and "Doris stands up" in out


def test_healing_says_what_was_regained_and_refuses_at_full(x1: Path) -> None:
    code, out = run("heal", str(x1), "Doris", "100")  # Doris is at 23 of 33
    assert code == 0 and "Doris regains 10 hit points (100; the rest is over the maximum)" in out
    code, out = run("heal", str(x1), "Doris", "4")
    assert code == 2 and "Doris is at full hit points (33): nothing to heal" in out
    code, out = run("log", str(x1), "--json")
    (entry,) = [e for e in json.loads(out) if e["event"] == "record"]
    assert entry["steps"][0]["amount"] == 10


def test_negative_damage_is_refused_not_recorded_as_none(x1: Path) -> None:
    code, out = run("damage", str(x1), "Wight", "--", "-5")
    assert code == 2 and "damage of -5: an amount is never below 0" in out and "(D6)" in out
    code, out = run("heal", str(x1), "Wight", "--", "-5")
    assert code == 2 and "healing of -5" in out
    assert not x1.with_name("wight-and-skeletons.log.jsonl").exists() or run(
        "log", str(x1), "--json"
    )[1].strip() in ("[]", "")


def test_a_linked_fight_file_shares_its_log(x1: Path) -> None:
    link = x1.with_name("tonight.yaml")
    link.symlink_to(x1.name)
    assert run("damage", str(link), "Wight", "3")[0] == 0
    assert run("damage", str(x1), "Wight", "2")[0] == 0
    assert not x1.with_name("tonight.log.jsonl").exists()
    code, out = run("show", str(link), "--json")
    assert code == 0 and "(the state after 2 events in wight-and-skeletons.log.jsonl)" in out


# --- 6. what the checksums promise ---------------------------------------------------------


def test_a_forger_who_works_the_checksums_out_again_passes_and_verify_says_so(x1: Path) -> None:
    """The checksums catch accidents and hand edits, not a determined editor: a log whose
    chain is recomputed after a change passes --verify, and --verify says it guards no more."""
    assert run("damage", str(x1), "Wight", "3")[0] == 0
    assert run("damage", str(x1), "Wight", "4")[0] == 0
    log = x1.with_name("wight-and-skeletons.log.jsonl")
    rows = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    forged, before = [], 0
    for row in rows:
        row.pop("sum")
        text = json.dumps(row, ensure_ascii=False, separators=(",", ":")).replace(
            '"amount":4', '"amount":40'
        )
        before = zlib.crc32(text.encode("utf-8"), before)
        forged.append(f'{text[:-1]},"sum":"{before:08x}"}}')
    log.write_text("\n".join(forged) + "\n", encoding="utf-8")
    code, out = run("log", str(x1), "--verify")
    assert code == 0 and "not against a determined editor" in out
    assert "takes 40" in run("log", str(x1))[1]  # the forgery holds: said plainly in the docs


def test_a_full_disk_while_setting_a_log_aside_leaves_the_log_whole(
    x1: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run("damage", str(x1), "Wight", "3")[0] == 0
    log = x1.with_name("wight-and-skeletons.log.jsonl")
    before = log.read_bytes()
    with monkeypatch.context() as m:
        _full_after(m, 0)
        code, out = run("play", str(x1), "--new", "--seed", "1")
    assert code == 2 and "the disk is full" in out and "is left as it was" in out, out
    assert log.read_bytes() == before
    assert not list(x1.parent.glob("*.old-*"))  # no half copy beside it
