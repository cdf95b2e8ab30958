"""`lnf play` as a solo player meets it: the words a player types, the short choices, `show`,
`plan` and `undo` at the prompt, the grid on resume, Ctrl-C, and `--new`."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import replace
from itertools import pairwise
from pathlib import Path

from click.testing import CliRunner

from lnf.cli import main
from lnf.formats.fight_log import log_path
from tests.cli import ctrl_c_as_at_a_terminal

ROOT = Path(__file__).resolve().parent.parent
CRYPT = ROOT / "examples" / "ghouls-in-the-crypt.yaml"


def _crypt(tmp_path: Path) -> Path:
    path = tmp_path / "crypt.yaml"
    shutil.copy(CRYPT, path)
    return path


def _play(*args: str, typed: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["play", *args], input=typed)
    return result.exit_code, result.output


def test_play_reads_a_players_words_and_suggests_for_typos(tmp_path: Path) -> None:
    fight = str(_crypt(tmp_path))
    code, out = _play(fight, "--seed", "7", typed="atack ghoul 3\n?\nhit the ghoul 3\nquit\n")
    assert code == 0, out
    assert "lnf does not know 'atack': did you mean 'attack'?" in out
    assert "Cade can: attack Ghoul 3 or Ghoul 4 with Mace (mêlée);" in out
    assert "Also: grid (the whole grid), plan (the monsters' plan), undo" in out
    assert "Cade attacks Ghoul 3 with Mace in mêlée" in out
    assert "Stopped. lnf play" in out


def test_play_asks_each_opportunity_attack_once(tmp_path: Path) -> None:
    fight = str(_crypt(tmp_path))
    _, out = _play(fight, "--seed", "7", typed="dodge\ny\nquit\n")
    assert out.count("Ghoul 3 leaves Cade's group: opportunity attack (M6)?") == 1
    assert "Ghoul 3 moves away from Cade, who makes an opportunity attack (M6)" in out


def test_show_plan_and_undo_at_the_prompt(tmp_path: Path) -> None:
    fight = str(_crypt(tmp_path))
    typed = "dodge\nn\nshow\nplan\nundo\nattack ghoul 4\nquit\n"
    code, out = _play(fight, "--seed", "7", typed=typed)
    assert code == 0, out
    assert "Round 1 · mêlée · the monsters started the fight · Brenna's turn" in out  # show
    assert "The monsters' plan for the rest of round 1" in out  # plan
    assert "Took back: Cade dodges" in out  # undo: Cade's turn and what followed it
    assert "Took back: Ghoul 4 attacks Cade" in out
    assert "Cade attacks Ghoul 4 with Mace" in out  # Cade chose again
    events = [json.loads(x)["event"] for x in log_path(Path(fight)).read_text().splitlines()]
    assert "undo" in events


def test_play_carries_on_with_the_grid_and_starts_over_with_new(tmp_path: Path) -> None:
    fight = str(_crypt(tmp_path))
    _play(fight, "--seed", "7", typed="dodge\nn\nquit\n")
    code, out = _play(fight, typed="quit\n")
    assert "Carrying on from the log" in out and "Round 1 · mêlée" in out and "│" in out
    assert "Brenna's turn (round 1;" in out
    code, out = _play(fight, "--new", "--seed", "8", typed="quit\n")
    assert code == 0 and "Starting over; the old log is kept as crypt.log.jsonl.old-1." in out
    assert (tmp_path / "crypt.log.jsonl.old-1").exists()
    assert "Cade's turn (round 1;" in out


def test_ctrl_c_in_play_says_it_is_saved_and_exits_130(tmp_path: Path) -> None:
    fight = _crypt(tmp_path)
    proc = subprocess.Popen(
        [sys.executable, "-m", "lnf", "play", str(fight), "--seed", "7"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        preexec_fn=ctrl_c_as_at_a_terminal,
    )
    assert proc.stdout is not None
    seen = ""
    while "Cade> " not in seen:  # waiting at the prompt
        char = proc.stdout.read(1)
        assert char, seen  # the process ended before it asked
        seen += char
    time.sleep(0.1)
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=30)
    assert proc.returncode == 130, out
    assert f"Stopped: everything so far is saved; carry on with lnf play {fight}." in out


def test_play_shows_the_grid_once_then_what_changed_and_the_grid_on_request(
    tmp_path: Path,
) -> None:
    """Issue 26, item 11: a big fight's grid and stat-block notes are not repeated at each
    round; the rounds after the first say what changed, and `grid` shows it all."""
    raiders = tmp_path / "raiders.yaml"
    shutil.copy(ROOT / "examples" / "raiders-on-the-grassland.yaml", raiders)
    typed = "auto\n" * 9 + "grid\n" + "auto\n" * 3 + "quit\n"
    code, out = _play(str(raiders), "--seed", "2", typed=typed)
    assert code == 0, out
    assert out.count("F: ● front") == 2  # the first round's grid, and `grid` at the prompt
    assert "What changed since round 1 (grid at the prompt shows it all):" in out
    assert "  Gnoll 1: 22 → 13/22 hp" in out  # Sly's and Quill's shots of round 1
    assert "Who can reach (V3, volley round 2):" in out  # a section that changed, whole
    orders = [line for line in out.splitlines() if line.startswith("Target order (T2)")]
    assert orders[0] == orders[1]  # the first round's grid, and `grid` at the prompt
    assert all(a != b for a, b in pairwise(orders[1:]))  # after that, only when it changed


def test_changes_since_says_hp_rank_group_conditions_and_new_notes() -> None:
    from lnf.model import Condition, Rank
    from lnf.views.round_changes import changes_since
    from tests.builders import fight, hero, monster

    before = fight([hero("Ann"), hero("Bo")], [monster("Orc", hp=15)], {"A": ["Ann", "Orc"]})
    ann = replace(before.hero("Ann"), hp_now=3, conditions=frozenset({Condition.PRONE}))
    after = replace(before.with_combatant(ann), groups=())
    after = after.with_combatant(replace(after.hero("Bo"), rank=Rank.BACK))
    shown = "Target order (T2): Ann\nNotes:\n  Orc: old note"
    now = "Target order (T2): Ann\nNotes:\n  Orc: old note\n  Bo: new note"
    lines = changes_since(before, after, shown, now)
    assert lines[:3] == [
        "  Ann: 20 → 3/20 hp; unengaged; prone",
        "  Bo: back rank",
        "  Orc: unengaged",
    ]
    assert lines[3:] == ["Notes:", "  Bo: new note"]  # only the new note, under its header


def test_play_refuses_two_levelled_spells_as_the_table_does(tmp_path: Path) -> None:
    """F1 solo as at the table (`lnf act`): beside a bonus-action spell the only other spell is a
    cantrip, so Spirit Guardians then Spiritual Weapon is refused and the player asked again."""
    fight = tmp_path / "shrine.yaml"
    shutil.copy(ROOT / "examples" / "shrine-of-the-spells.yaml", fight)
    typed = "dodge\ncast spirit guardians; cast spiritual weapon at thug\ndodge\nquit\n"
    code, out = _play(str(fight), "--seed", "3", typed=typed)  # Bram dodges; Maren's turn
    assert code == 0, out
    assert "Not allowed: Maren has cast a spell other than a cantrip this turn" in out
    assert "Maren casts Spirit Guardians" not in out and "Maren dodges" in out
