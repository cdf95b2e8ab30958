"""The fight log on disk: one JSON object per line, next to the fight file, append-only.

Every append is written whole, flushed and synced before lnf goes on, so a crash or a kill
loses at most the line being written. Reading tolerates that: a last line without its newline
(or one that is not JSON) is reported and skipped, never fatal, and the next append starts on
a fresh line so the damaged bytes stay where they are for anyone who wants to look.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from lnf.errors import InputError, InputProblem
from lnf.values import value

LOG_SUFFIX = ".log.jsonl"


def log_path(fight_path: Path) -> Path:
    """`goblins.yaml` → `goblins.log.jsonl` in the same folder."""
    return fight_path.with_name(fight_path.stem + LOG_SUFFIX)


@value
class LogLine:
    line: int  # 1-based, for messages
    data: dict[str, Any]


@value
class LogRead:
    lines: list[LogLine]
    warnings: list[str]


def read_log(path: Path) -> LogRead:
    """Every whole line of the log; damaged lines become warnings naming file and line."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return LogRead([], [])
    except OSError as exc:
        raise InputError(
            str(path), [InputProblem(f"cannot read the fight log: {exc.strerror}")]
        ) from None
    import json  # only a log with lines needs it: quicker start-up for a fresh fight

    lines: list[LogLine] = []
    warnings: list[str] = []
    chunks = raw.split(b"\n")
    torn = chunks[-1] != b""  # the last write never got its newline
    for i, chunk in enumerate(chunks[:-1] if not torn else chunks, start=1):
        if not chunk.strip():
            continue
        if torn and i == len(chunks):
            warnings.append(
                f"{path}, line {i}: the last line is incomplete (lnf stopped while writing it); "
                "it is ignored and everything before it is kept"
            )
            continue
        try:
            data = json.loads(chunk.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            warnings.append(f"{path}, line {i}: not a log entry (damaged?); it is ignored")
            continue
        if not isinstance(data, dict):
            warnings.append(f"{path}, line {i}: not a log entry; it is ignored")
            continue
        lines.append(LogLine(i, data))
    return LogRead(lines, warnings)


def append_log(path: Path, entry: dict[str, Any]) -> None:
    """Append one entry as one line, flushed and synced to disk before returning."""
    import json

    text = json.dumps(entry, ensure_ascii=False, separators=(",", ":")) + "\n"
    with open(path, "ab") as f:
        if f.tell() > 0 and not _ends_with_newline(path):
            f.write(b"\n")  # keep a torn line apart from the new one
        f.write(text.encode("utf-8"))
        f.flush()
        os.fsync(f.fileno())


def _ends_with_newline(path: Path) -> bool:
    with open(path, "rb") as f:
        f.seek(-1, os.SEEK_END)
        return f.read(1) == b"\n"
