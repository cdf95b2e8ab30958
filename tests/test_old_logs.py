"""Logs written by lnf 0.1.0 (before events were typed) still read: each replays to the same
state and tells the same story. The fixtures under tests/fights/old-logs/ were written by
that version with `lnf run --record`, `lnf round`, every record command, undo, redo and
`lnf start`; beside each are its `lnf show --json` and its `lnf log` text. The state is as it
was; what is worked out from it follows today's rules and words (a 15-ft spell no longer
reaches in a volley round, V3; a monster's hit points say its damage too)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from lnf.formats.event_codec import event_from_json, event_to_json
from tests.cli import stdout_of
from tests.golden import check_fixture

OLD = Path(__file__).parent / "fights" / "old-logs"
NAMES = sorted(p.name.removesuffix(".log.jsonl") for p in OLD.glob("*.log.jsonl"))


def test_there_are_old_logs_to_read() -> None:
    assert len(NAMES) >= 5


@pytest.mark.parametrize("name", NAMES)
def test_an_old_log_replays_to_the_same_state_and_story(name: str, tmp_path: Path) -> None:
    for suffix in (".yaml", ".log.jsonl"):
        shutil.copy(OLD / f"{name}{suffix}", tmp_path / f"{name}{suffix}")
    fight = str(tmp_path / f"{name}.yaml")
    shown = json.loads(stdout_of("show", "--json", fight))
    assert shown == json.loads((OLD / f"{name}.show.json").read_text(encoding="utf-8"))
    told = stdout_of("log", fight)
    check_fixture(OLD / f"{name}.log.txt", told)


@pytest.mark.parametrize("name", NAMES)
def test_every_old_line_reads_back_to_itself(name: str) -> None:
    """The codec writes what it reads: the log format did not change with typed events."""
    lines = (OLD / f"{name}.log.jsonl").read_text(encoding="utf-8").splitlines()
    for n, line in enumerate(lines, start=1):
        event = event_from_json(json.loads(line), name, n)
        again = json.dumps(event_to_json(event), ensure_ascii=False, separators=(",", ":"))
        assert again == line
