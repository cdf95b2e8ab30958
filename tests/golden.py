"""One golden check for every golden suite (the example transcripts, the table sessions, the
odds reports): the text a command prints must equal the file kept beside it.

On a mismatch the test fails with a unified diff (golden `-`, now `+`) that names the file and
the command that rewrites it. A missing golden fails too. After a deliberate change of output,
read the diff, then rewrite the goldens:

    LNF_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_play_examples.py
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

UPDATE = "LNF_UPDATE_GOLDEN"
MAX_DIFF_LINES = 200  # enough to read what changed; a whole new transcript is not


def check_golden(path: Path, actual: str) -> None:
    """`actual` must be the text of the golden `path`; under LNF_UPDATE_GOLDEN=1 it becomes it."""
    if os.environ.get(UPDATE):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8")
    if not path.exists():
        pytest.fail(f"{_shown(path)} is missing: {_how_to_update()} to write it", pytrace=False)
    expected = path.read_text(encoding="utf-8")
    if actual != expected:
        hint = f"If the change is meant, read the diff, then {_how_to_update()}."
        pytest.fail(mismatch(path, expected, actual, hint), pytrace=False)


def check_fixture(path: Path, actual: str) -> None:
    """`actual` must be the text of `path`, a fixture that an older lnf wrote: never rewritten
    (LNF_UPDATE_GOLDEN leaves it alone), only diffed."""
    expected = path.read_text(encoding="utf-8")
    if actual != expected:
        hint = "An older lnf wrote this file and it is never rewritten: lnf must read it as before."
        pytest.fail(mismatch(path, expected, actual, hint), pytrace=False)


def mismatch(path: Path, expected: str, actual: str, hint: str) -> str:
    """The failure text: which file, a unified diff of what changed, and `hint` (what to do)."""
    name = _shown(path)
    diff = list(
        difflib.unified_diff(
            expected.splitlines(keepends=True),
            actual.splitlines(keepends=True),
            fromfile=f"{name} (golden)",
            tofile=f"{name} (now)",
        )
    )
    if len(diff) > MAX_DIFF_LINES:
        left = len(diff) - MAX_DIFF_LINES
        diff = [*diff[:MAX_DIFF_LINES], f"… {left} more lines of diff\n"]
    body = "".join(
        line if line.endswith("\n") else line + "\n\\ No newline at end\n" for line in diff
    )
    return f"{name} differs from what the command prints now:\n{body}{hint}"


def _shown(path: Path) -> str:
    """The path as a developer finds it: relative to the checkout when it is inside it."""
    root = Path(__file__).resolve().parent.parent
    try:
        return str(path.resolve().relative_to(root))
    except ValueError:
        return str(path)


def _how_to_update() -> str:
    """The command that rewrites this test's goldens (pytest names the running test)."""
    running = os.environ.get("PYTEST_CURRENT_TEST", "tests/")
    test_file = running.split("::", 1)[0].split(" ", 1)[0]
    return f"run `{UPDATE}=1 .venv/bin/python -m pytest {test_file}`"
