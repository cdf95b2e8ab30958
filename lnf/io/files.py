"""Files on disk: bounded reads and atomic writes (a crash leaves the old file or the new one)."""

from __future__ import annotations

import os
from pathlib import Path

from lnf.errors import InputError, InputProblem

MAX_FILE_BYTES = 5_000_000  # far above any fight; stops a wrong file from eating memory


def read_text(path: Path) -> str:
    source = str(path)
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise InputError(source, [InputProblem("the file is too large for a fight file")])
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(source, [InputProblem("no such file")]) from None
    except IsADirectoryError:
        raise InputError(source, [InputProblem("is a folder, not a file")]) from None
    except UnicodeDecodeError as exc:
        raise InputError(source, [InputProblem(f"not UTF-8 text ({exc.reason})")]) from None
    except OSError as exc:
        raise InputError(source, [InputProblem(f"cannot read: {exc.strerror}")]) from None


def atomic_write_text(path: Path, text: str, *, overwrite: bool = True) -> bool:
    """Write `text` to a temporary file beside `path` and flush it to disk, then put it in
    place: over `path`, or (without `overwrite`) only if `path` does not exist yet; returns
    False if it did. A crash leaves the old file or the new one, never half of one."""
    import tempfile  # only writers need it: quicker start-up for the rest

    directory = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if overwrite:
            os.replace(tmp, path)
            return True
        try:
            os.link(tmp, path)  # fails if `path` exists: never clobbers
        except FileExistsError:
            return False
        return True
    finally:
        Path(tmp).unlink(missing_ok=True)  # gone already after os.replace
