"""The shape of the code, checked: the layers themselves are import-linter's contract in
pyproject.toml (run by .ci/run); here, that only `lnf.formats` and the session touch files, and
that a command reads the fight log once and replays it once."""

from __future__ import annotations

import ast
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import lnf.engine.apply
import lnf.formats.fight_log
from lnf.formats.fight_log import FightLog, log_path
from tests.cli import run

LNF = Path(__file__).resolve().parent.parent / "lnf"
EXAMPLES = LNF.parent / "examples"

# Calls that reach the file system, by the name they are called by.
FILE_METHODS = {
    "read_text",
    "write_text",
    "read_bytes",
    "write_bytes",
    "exists",
    "is_file",
    "is_dir",
    "stat",
    "lstat",
    "unlink",
    "mkdir",
    "rmdir",
    "iterdir",
    "glob",
    "rglob",
    "touch",
    "rename",
    "symlink_to",
}
FILE_MODULES = {"os", "tempfile", "shutil", "io", "fcntl"}
ALLOWED_MODULES = {("os", "get_terminal_size"), ("os", "environ")}


def _touches(tree: ast.AST) -> Iterator[tuple[int, str]]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Name) and f.id == "open":
                yield node.lineno, "open()"
            if isinstance(f, ast.Attribute) and f.attr in FILE_METHODS:
                yield node.lineno, f".{f.attr}()"
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            name = (node.value.id, node.attr)
            if name[0] in FILE_MODULES and name not in ALLOWED_MODULES:
                yield node.lineno, f"{name[0]}.{name[1]}"


def test_only_formats_and_the_session_touch_files() -> None:
    found = []
    for path in sorted(LNF.rglob("*.py")):
        relative = path.relative_to(LNF).as_posix()
        if relative.startswith("formats/") or relative == "session.py":
            continue
        for line, what in _touches(ast.parse(path.read_text(encoding="utf-8"))):
            found.append(f"lnf/{relative}:{line}: {what}")
    assert found == []


def test_the_scan_sees_a_file_being_touched() -> None:
    assert sorted(_touches(ast.parse("Path('x').read_text()\nos.fsync(1)\nopen('x')"))) == [
        (1, ".read_text()"),
        (2, "os.fsync"),
        (3, "open()"),
    ]


class Counted:
    def __init__(self, wrapped: Callable[..., Any]) -> None:
        self.wrapped = wrapped
        self.calls = 0

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls += 1
        return self.wrapped(*args, **kwargs)


def _bound(counted: Counted) -> Callable[..., Any]:
    """A counted function that still binds as a method."""

    def method(self: Any, *args: Any) -> Any:
        return counted(self, *args)

    return method


@pytest.fixture
def played(tmp_path: Path) -> Path:
    """A copy of the orcs example with a log of a round, some records and an undo."""
    fight = tmp_path / "ford.yaml"
    shutil.copy(EXAMPLES / "orcs-at-the-ford.yaml", fight)
    assert run("round", str(fight), "--seed", "3")[0] == 0
    assert run("damage", str(fight), "Orc 1", "3")[0] == 0
    assert run("mark", str(fight), "Sly", "C")[0] == 0
    assert run("undo", str(fight))[0] == 0
    return fight


COMMANDS = [
    ["show"],
    ["show", "--json"],
    ["check"],
    ["plan"],
    ["log"],
    ["log", "--json"],
    ["undo"],
    ["redo"],
    ["damage", "Orc 2", "1"],
    ["heal", "Orc 1", "1"],  # damaged above: healing at full hit points is refused
    ["move", "Kara", "--leave"],
    ["mark", "Orc 2", "prone"],
    ["drop", "Orc 3"],
    ["flee", "Quill"],
    ["round"],
]


@pytest.mark.parametrize("words", COMMANDS, ids=" ".join)
def test_a_command_reads_the_log_once_and_replays_it_once(
    words: list[str], played: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    logged = [e.data["event"] for e in FightLog.open(log_path(played), write=False).lines]
    reads = Counted(lnf.formats.fight_log.FightLog._read)
    applied = Counted(lnf.engine.apply.apply)
    monkeypatch.setattr(lnf.formats.fight_log.FightLog, "_read", _bound(reads))
    monkeypatch.setattr(lnf.engine.apply, "apply", applied)
    code, out = run(words[0], str(played), *words[1:])
    assert code == 0, out
    assert reads.calls == 1
    now = len(FightLog.open(log_path(played), write=False).lines)
    replayed = sum(1 for e in logged if e not in ("undo", "redo"))  # undo applies nothing
    # each logged event applied once; each new one at most once (turns are built step by
    # step, already applied)
    assert replayed <= applied.calls <= replayed + (now - len(logged))
