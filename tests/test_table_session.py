"""A DM's session at the table, replayed: every `examples/NAME.session` is a list of lnf
commands as a DM types them (turn by turn with `lnf next`, `lnf act`, `lnf react`, the record
commands, `lnf undo`, `lnf plan`), run in a fresh copy of the example and compared with
`examples/NAME.golden.txt`, each command's words, output and (when not 0) exit code.

The crypt session holds what S1 and M6 ask of a table: a hero's opportunity attack waited
for and taken, a re-plan mid-round (P6) after a hero moved, a second action refused. To write
the golden after a deliberate change:

    LNF_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_table_session.py
"""

from __future__ import annotations

import shlex
import shutil
from pathlib import Path

import pytest

from tests.cli import run
from tests.golden import check_golden

ROOT = Path(__file__).resolve().parent.parent
SESSIONS = sorted((ROOT / "examples").glob("*.session"))


def commands(session: Path) -> list[list[str]]:
    lines = session.read_text(encoding="utf-8").splitlines()
    return [shlex.split(line)[1:] for line in lines if line.startswith("lnf ")]


def replay(session: Path, where: Path) -> str:
    """The session played in `where` (a copy of the example under examples/), as a transcript."""
    (where / "examples").mkdir()
    fight = session.with_suffix(".yaml")
    shutil.copy(fight, where / "examples" / fight.name)
    out = []
    for words in commands(session):
        code, text = run(*words)
        out.append(f"$ lnf {shlex.join(words)}")
        out.append(text.rstrip("\n"))
        if code:
            out.append(f"(exit {code})")
    return "\n".join(out) + "\n"


def test_there_is_a_session_at_the_table() -> None:
    assert SESSIONS


@pytest.mark.parametrize("session", SESSIONS, ids=lambda p: p.stem)
def test_a_session_at_the_table_replays_its_golden(
    session: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    check_golden(session.with_suffix(".golden.txt"), replay(session, tmp_path))


def test_the_crypt_session_shows_what_a_table_needs(tmp_path: Path) -> None:
    """S1, M6, P6: what the golden must hold, said once more so a regenerated golden that lost
    it fails here."""
    golden = (ROOT / "examples" / "ghouls-in-the-crypt.golden.txt").read_text(encoding="utf-8")
    assert "It is Cade's turn (round 1;" in golden
    assert "action is spent this turn" in golden and "(exit 2)" in golden  # F1
    assert "Ghoul 3 is about to leave its group (its plan): Cade may take" in golden  # M6
    assert "Ghoul 3 moves away from Cade, who makes an opportunity attack (M6)" in golden
    assert "New plan (P6), the grid has changed" in golden
    assert "Took back:" in golden
    assert "Round 1 is over" in golden
