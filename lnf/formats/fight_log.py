"""The fight log on disk: one JSON object per line, beside the fight file, append-only.

What it promises a DM, and how:

- **Nothing recorded is lost.** Each entry is written whole, flushed and synced before lnf goes
  on, so a crash or a kill costs at most the line being written. Such a torn last line is
  reported; the next command that records moves it to a file beside the log (and says so)
  before it appends, so it can never come back into force.
- **One writer.** A command that records holds an advisory lock on the log from reading it to
  its last append; a second one waits a moment, then refuses.
- **Edits show.** Each entry carries its number `n` and a checksum `sum`: a CRC-32 of the
  entry's JSON (with its number) and the previous entry's checksum. A line changed, removed,
  repeated or moved is reported at its line, with the entry that was expected there. (This
  guards against slips and hand edits, not against someone set on forging a log.) Logs of
  lnf 0.1 have no checksums; they still read, with a note.
- **No links.** The log is never opened or created through a symbolic link; a fight file
  that is a link keeps its log beside the file it points at.

The fight file a log was written for, noted in the log: `log_fingerprint`."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import time
import zlib
from pathlib import Path
from typing import Any

from lnf.errors import DiskFull, InputError, InputProblem, Refused
from lnf.formats.files import LOG_SUFFIX as LOG_SUFFIX
from lnf.formats.files import log_path as log_path
from lnf.values import value

LOCK_WAIT = 3.0  # seconds a second writer waits before it refuses
MAX_LOG_BYTES = 128_000_000  # a long fight of 500 monsters logs some 10 MB
FULL = (errno.ENOSPC, errno.EDQUOT)  # the disk is full, or the user's share of it


@value
class LogLine:
    line: int  # 1-based line in the file, for messages
    number: int  # the entry's number, 1-based
    data: dict[str, Any]  # the entry, without its number and checksum


class FightLog:
    """A fight log, read once when opened. Opened to write, it is locked until closed."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lines: list[LogLine] = []
        self.warnings: list[str] = []
        self.problems: list[InputProblem] = []  # lines changed, missing, repeated, damaged
        self.unchecked = 0  # entries without a checksum (written by lnf 0.1)
        self._fd: int | None = None
        self._sum = 0  # the checksum the next entry chains to
        self._next = 1  # the next entry's number
        self._good = 0  # bytes up to the end of the last whole line
        self._torn = b""  # a last line without its newline
        self._starts: dict[int, int] = {}  # line → the byte where it starts
        self._sums: dict[int, int] = {}  # entry number → its checksum as written

    # --- opening ----------------------------------------------------------------------------

    @classmethod
    def open(cls, path: Path, *, write: bool, wait: float = LOCK_WAIT) -> FightLog:
        """Read the log at `path`. With `write`, create it if needed, lock it for this command
        (waiting up to `wait` seconds for another writer) and set a torn last line aside."""
        log = cls(path)
        flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK
        if write:
            flags = os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_NOFOLLOW | os.O_NONBLOCK
        try:
            fd = os.open(path, flags, 0o644)
        except FileNotFoundError:
            return log  # no log yet: a fight not begun
        except OSError as exc:
            raise InputError(str(path), [InputProblem(_cannot_open(path, exc))]) from None
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise InputError(str(path), [InputProblem("is not a file: a fight log must be")])
            if write:
                _lock(fd, path, wait)
            log._read(_read_all(fd, path))
        except BaseException:
            os.close(fd)
            raise
        if write:
            log._fd = fd
            if log._torn:
                log._set_torn_aside()
        else:
            os.close(fd)
        return log

    def close(self) -> None:
        """Release the lock (closing the file releases it)."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    @property
    def next_number(self) -> int:
        return self._next

    # --- reading ----------------------------------------------------------------------------

    def _read(self, raw: bytes) -> None:
        chunks = raw.split(b"\n")
        self._torn = chunks[-1]  # b"" when the file ends with its newline
        self._good = len(raw) - len(self._torn)
        checked = False  # whether an entry with a checksum has come yet
        offset = 0
        for i, chunk in enumerate(chunks[:-1], start=1):
            self._starts[i] = offset
            offset += len(chunk) + 1
            if not chunk.strip():
                continue  # an empty line says nothing
            try:
                data = json.loads(chunk.decode("utf-8"))
                if not isinstance(data, dict):
                    raise ValueError(data)
            except (UnicodeDecodeError, ValueError, RecursionError):
                self._problem(i, "not a log entry (damaged?)")
                self._next += 1  # most likely an entry damaged in place: its number is used
                continue
            found, number = data.pop("sum", None), data.pop("n", None)
            if found is None and number is None:
                if checked:
                    self._problem(i, "an entry without number and checksum: added by hand?")
                self.unchecked += 0 if checked else 1
                self._sum = self._chain(data, None, self._sum)  # lnf 0.1's: without numbers
                number = self._next
                self._sums[number] = self._sum
            elif not isinstance(found, str) or type(number) is not int:
                self._problem(i, "the entry's number or checksum is damaged")
                number = self._next
            else:
                checked = True
                before = self._sums.get(number - 1, self._sum)  # chained to entry n - 1
                expected = self._chain(data, number, before)
                if number != self._next:
                    self._problem(
                        i,
                        f"entry {number} where entry {self._next} was expected: an entry is "
                        "missing, repeated or out of place",
                    )
                elif number > 1 and number - 1 not in self._sums:
                    pass  # the entry before was unreadable: nothing to check this one against
                elif found != f"{expected:08x}":
                    self._problem(i, f"entry {number} was changed after lnf wrote it")
                self._sum = _as_sum(found, expected)  # the next entry chains to it as written
                self._sums[number] = self._sum
            self.lines.append(LogLine(i, number, data))
            self._next = max(self._next, number + 1)
        if self._torn.strip():
            self.warnings.append(
                f"{self.path}, line {len(chunks)}: the last line is incomplete (lnf stopped "
                "while writing it); it is not part of the fight"
            )
        if self.unchecked and not self.problems:
            self.warnings.append(
                f"{self.path}: "
                + (
                    "its first entry has no checksum"
                    if self.unchecked == 1
                    else f"its first {self.unchecked} entries have no checksums"
                )
                + " (written by lnf 0.1): a hand edit there cannot be detected"
            )

    def _chain(self, data: dict[str, Any], number: int | None, before: int) -> int:
        """The checksum of an entry: its JSON, with its number, chained to the one before."""
        body = data if number is None else {**data, "n": number}
        text = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
        return zlib.crc32(text.encode("utf-8", "surrogatepass"), before)

    def _problem(self, line: int, message: str) -> None:
        self.problems.append(InputProblem(message, line=line))

    # --- writing ----------------------------------------------------------------------------

    def append(self, entry: dict[str, Any]) -> None:
        """Append one entry as one line, with its number and checksum, flushed and synced to
        disk before returning."""
        assert self._fd is not None, "the log was opened to read only"
        body = {**entry, "n": self._next}
        text = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
        checksum = zlib.crc32(text.encode("utf-8"), self._sum)
        line = f'{text[:-1]},"sum":"{checksum:08x}"}}\n'.encode()
        size = os.fstat(self._fd).st_size
        try:
            _write_all(self._fd, line)
            os.fsync(self._fd)
        except OSError as exc:
            if exc.errno not in FULL:
                raise
            self._cut_back(size)
            raise DiskFull(
                f"the log is kept up to entry {self._next - 1} ({self.path}). Free some space"
                " and run the command again: the fight carries on from there"
            ) from None
        self._sum = checksum
        self._next += 1

    def _cut_back(self, size: int) -> None:
        """Take a line the full disk left half written off the end again; should even that
        fail, it is a torn last line, set aside by the next command that records."""
        with contextlib.suppress(OSError):
            os.ftruncate(self._fd or -1, size)
            os.fsync(self._fd or -1)

    def keep_before(self, line: int | None) -> Path | None:
        """`lnf repair`: keep the lines before `line` (None: every whole line); the rest of the
        file, a torn last line included, goes to a file beside the log, whose path is returned
        (None when there is nothing to move)."""
        assert self._fd is not None, "the log was opened to read only"
        keep = self._good if line is None else self._starts[line]
        rest = _read_all(self._fd, self.path)[keep:]
        if not rest:
            return None
        aside = _new_beside(self.path, "rest", rest)
        os.ftruncate(self._fd, keep)
        os.fsync(self._fd)
        return aside

    def set_all_aside(self) -> Path | None:
        """`lnf play --new`: the whole log, damaged or not, goes to a file beside it
        (`goblins.log.jsonl.old-1`) and the log is empty; close and open it again to write."""
        assert self._fd is not None, "the log was opened to read only"
        data = _read_all(self._fd, self.path)
        if not data:
            return None
        aside = _new_beside(self.path, "old", data)  # synced before the log is cut
        os.ftruncate(self._fd, 0)
        os.fsync(self._fd)
        return aside

    def _set_torn_aside(self) -> None:
        """Move a torn last line to a file beside the log, then cut it from the log, so that the
        next append can never make it whole again."""
        assert self._fd is not None
        aside = _new_beside(self.path, "torn", self._torn)
        os.ftruncate(self._fd, self._good)
        os.fsync(self._fd)
        self.warnings = [w for w in self.warnings if "incomplete" not in w]
        self.warnings.append(
            f"{self.path}: its last line was incomplete (lnf stopped while writing it); it is "
            f"moved to {aside.name} and is no part of the fight"
        )
        self._torn = b""


def _as_sum(text: str, fallback: int) -> int:
    """Chain the next entry to the checksum as written, so one changed line is reported once."""
    try:
        return int(text, 16) & 0xFFFFFFFF
    except ValueError:
        return fallback


def _cannot_open(path: Path, exc: OSError) -> str:
    if exc.errno == errno.ELOOP or path.is_symlink():
        target = os.readlink(path) if path.is_symlink() else "?"
        return (
            f"is a link (to {target}); lnf never reads or writes a fight log through a link: "
            "put the log itself here"
        )
    return f"cannot open the fight log: {exc.strerror}"


def _lock(fd: int, path: Path, wait: float) -> None:
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on POSIX: no advisory locks to take
        return
    deadline = time.monotonic() + wait
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() >= deadline:
                raise Refused(
                    f"{path} is being written by another lnf command (play, round, run "
                    "--record or a record); try again when it is done"
                ) from None
            time.sleep(0.05)


def _read_all(fd: int, path: Path) -> bytes:
    parts = []
    offset = 0
    while chunk := os.pread(fd, 1 << 20, offset):
        parts.append(chunk)
        offset += len(chunk)
        if offset > MAX_LOG_BYTES:
            limit = f"larger than {MAX_LOG_BYTES // 1_000_000} MB: not a log lnf wrote"
            raise InputError(str(path), [InputProblem(limit)])
    return b"".join(parts)


def _write_all(fd: int, data: bytes) -> None:
    while data:
        data = data[os.write(fd, data) :]


def _new_beside(path: Path, what: str, data: bytes) -> Path:
    """A new file beside `path` holding `data` (`goblins.log.jsonl.torn-1`…), synced."""
    for k in range(1, 10_000):
        aside = path.with_name(f"{path.name}.{what}-{k}")
        try:
            fd = os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
        except FileExistsError:
            continue
        try:
            _write_all(fd, data)
            os.fsync(fd)
        except OSError as exc:
            aside.unlink(missing_ok=True)  # half a copy is no copy: the log is left whole
            if exc.errno not in FULL:
                raise
            raise DiskFull(
                f"{path} is left as it was: nothing is set aside in {aside.name}. Free some"
                " space and run the command again"
            ) from None
        finally:
            os.close(fd)
        return aside
    raise InputError(str(path), [InputProblem(f"too many {what} files beside the log")])


# --- renames (lnf rename): old names read as the new ones -----------------------------


def renames_after(entries: list[tuple[int, Any]]) -> dict[int, dict[str, str]]:
    """For each entry's line, the names to read in it: the renames logged after it (`Renamed`),
    chained in their order. Only entries before a rename are changed."""
    renames = [
        (line, d["old"], d["new"])
        for line, d in entries
        if isinstance(d, dict)
        and d.get("event") == "rename"
        and isinstance(d.get("old"), str)
        and isinstance(d.get("new"), str)
    ]
    out: dict[int, dict[str, str]] = {}
    for line, _ in entries:
        names: dict[str, str] = {}
        for at, old, new in renames:
            if at > line:
                names = {k: (new if v == old else v) for k, v in names.items()}
                names.setdefault(old, new)
        if names:
            out[line] = names
    return out


def renamed(data: Any, names: dict[str, str]) -> Any:
    """A JSON value with every string (and object key) that is exactly an old name replaced
    by the new one: names are whole strings in an entry, never parts of words."""
    if isinstance(data, str):
        return names.get(data, data)
    if isinstance(data, list):
        return [renamed(v, names) for v in data]
    if isinstance(data, dict):
        return {names.get(k, k): renamed(v, names) for k, v in data.items()}
    return data
