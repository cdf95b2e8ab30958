"""Files on disk: bounded reads and atomic writes (a crash leaves the old file or the new one).

The players' page on disk: its template files in the package, the page written out
(`lnf show --html -o`), and the stamp `lnf serve` watches to know the fight moved on."""

from __future__ import annotations

import errno
import os
import stat
import sys
from collections.abc import Callable
from pathlib import Path

from lnf.errors import DiskFull, InputError, InputProblem, Refused

MAX_FILE_BYTES = 1_000_000  # a fight file is a few kilobytes; this stops a wrong file at once

# Byte-order marks of encodings other than UTF-8, to say what a file is when it is not UTF-8.
BOMS = {
    b"\x00\x00\xfe\xff": "UTF-32",
    b"\xff\xfe\x00\x00": "UTF-32",
    b"\xfe\xff": "UTF-16",
    b"\xff\xfe": "UTF-16",
}

LOG_SUFFIX = ".log.jsonl"


def log_path(fight_path: Path) -> Path:
    """`goblins.yaml` → `goblins.log.jsonl` in the same folder (here, not with the log's
    machinery: a command that finds no log never loads it). A fight file that is a link has
    its log beside the file it points at: one fight, one log, by whichever name."""
    if fight_path.is_symlink():
        fight_path = Path(os.path.realpath(fight_path))
    return fight_path.with_name(fight_path.stem + LOG_SUFFIX)


def read_text(path: Path, *, limit: int = MAX_FILE_BYTES) -> str:
    """A text file (fight, plan, script) as UTF-8 (a byte-order mark is allowed). Reads at
    most `limit` + 1 bytes, so a huge file, a device such as /dev/zero, a pipe or a folder is
    refused at once, without waiting and without filling memory."""
    source = str(path)
    raw = _read_bounded(path, limit)
    for bom, name in BOMS.items():
        if raw.startswith(bom):
            raise InputError(source, [InputProblem(f"is {name} text: save it as UTF-8")])
    try:
        return decode_utf8_sig(raw)
    except UnicodeDecodeError as exc:
        undecoded = exc.object  # what was decoded: after a byte-order mark, `raw` less it
        line = undecoded[: exc.start].count(b"\n") + 1
        byte = undecoded[exc.start]
        problem = InputProblem(
            f"not UTF-8 text: byte 0x{byte:02x} here is not UTF-8 (Latin-1 or Windows-1252?)",
            line=line,
            hint="save the file as UTF-8 (most editors offer it under Save As, or Encoding)",
        )
        raise InputError(source, [problem]) from None


def decode_utf8_sig(raw: bytes) -> str:
    """`raw.decode("utf-8-sig")`, the same text or the same error (its position counted after
    the mark, as that codec counts it), without loading the codec's module: start-up time."""
    return (raw[3:] if raw.startswith(b"\xef\xbb\xbf") else raw).decode("utf-8")


def _read_bounded(path: Path, limit: int) -> bytes:
    source = str(path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # a pipe must not make us wait
    except FileNotFoundError:
        raise InputError(source, [InputProblem("no such file")]) from None
    except IsADirectoryError:
        raise InputError(source, [InputProblem("is a folder, not a file")]) from None
    except OSError as exc:
        raise InputError(source, [InputProblem(f"cannot read: {exc.strerror}")]) from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise InputError(source, [InputProblem("is a folder, not a file")])
        if not stat.S_ISREG(mode):
            raise InputError(source, [InputProblem("is not a file (a device or a pipe?)")])
        parts, size = [], 0
        while size <= limit and (chunk := os.read(fd, min(1 << 20, limit + 1 - size))):
            parts.append(chunk)
            size += len(chunk)
        if size > limit:
            raise InputError(
                source,
                [InputProblem(f"is larger than {limit // 1_000_000} MB: too big for lnf's files")],
            )
        return b"".join(parts)
    except OSError as exc:
        raise InputError(source, [InputProblem(f"cannot read: {exc.strerror}")]) from None
    finally:
        os.close(fd)


def atomic_write_text(path: Path, text: str, *, overwrite: bool = True) -> bool:
    """Write `text` to a temporary file beside `path` and flush it to disk, then put it in
    place: over `path`, or (without `overwrite`) only if `path` does not exist yet; returns
    False if it did. A crash leaves the old file or the new one, never half of one."""
    return _atomic_write(path, text, overwrite)


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """`data` over `path`, as `atomic_write_text` writes text (the parse cache's entries)."""
    _atomic_write(path, data, True)


def _atomic_write(path: Path, content: str | bytes, overwrite: bool) -> bool:
    import tempfile  # only writers need it: quicker start-up for the rest

    directory = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        if isinstance(content, bytes):
            with os.fdopen(fd, "wb") as raw:
                raw.write(content)
                raw.flush()
                os.fsync(raw.fileno())
        else:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(content)
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


def write_bug_report(text: str) -> Path:
    """Write what a bug report needs to a new file in lnf's cache folder (else the system's
    temporary folder) and return its path."""
    import platform
    import tempfile
    import time

    from lnf import __version__

    base = os.environ.get("XDG_CACHE_HOME") or (
        os.path.join(os.environ["HOME"], ".cache") if os.environ.get("HOME") else ""
    )
    stamp = time.strftime("%Y%m%d-%H%M%S")
    header = f"lnf {__version__}, Python {platform.python_version()}, {platform.platform()}\n"
    for folder in ([Path(base) / "lnf" / "bugs"] if base else []) + [Path(tempfile.gettempdir())]:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"lnf-bug-{stamp}-{os.getpid()}.txt"
            atomic_write_text(path, header + text)
            return path
        except OSError:
            continue
    return Path("(nowhere: no folder could be written)")


def silence_stdout() -> None:
    """Point stdout at nothing (its reader went away), so that Python's own flush at exit does
    not fail a second time."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


IMAGES = {".png": b"\x89PNG\r\n\x1a\n", ".svg": b"<svg"}  # what each kind holds near its start
DRAWN_BY = b"Matplotlib"  # the signature lnf's drawing library leaves in a PNG's or SVG's head


def check_image_target(path: Path, *, force: bool = False, option: str = "--plot") -> None:
    """Refuse, before any work, an image file lnf could not or should not write: not .png or
    .svg, a link (never written through), a device or a folder, a folder that is not there, or
    a file that is not an image lnf drew (a fight file!) unless `force`."""
    source = str(path)

    def refuse(message: str, hint: str = "") -> None:
        raise InputError(source, [InputProblem(message, option, hint=hint)])

    if path.suffix.lower() not in IMAGES:
        refuse("give a .png or .svg file to draw")
    if path.is_symlink():
        refuse(
            f"is a link (to {os.readlink(path)}); lnf never writes a plot through a link",
            "give the path of the file itself, or a new name",
        )
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        refuse(f"there is no folder {folder}", "make it first, or give another path")
    if not os.access(folder, os.W_OK | os.X_OK):
        refuse(f"lnf may not write in the folder {folder}")
    if not path.exists():
        return
    if not path.is_file():
        refuse("is not a file (a device, a folder or a pipe?): lnf writes a plot to a file")
    if not force and not _drawn_by_lnf(path):
        refuse(
            "exists and is not an image lnf drew: lnf will not overwrite it",
            "give another name, or --force to overwrite it",
        )


def _drawn_by_lnf(path: Path) -> bool:
    try:
        with open(path, "rb") as f:
            head = f.read(8192)
    except OSError:
        return False
    kind = IMAGES[path.suffix.lower()]
    start = head[:8] if kind.startswith(b"\x89") else head[:400]
    return kind in start and DRAWN_BY in head


def write_image(path: Path, draw: Callable[[Path], None]) -> None:
    """Have `draw` write the image to a new file beside `path`, then put it in place: a link
    made at `path` meanwhile is replaced, never written through, and a failed drawing (a full
    disk) leaves what was there."""
    import tempfile

    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=path.suffix, dir=folder)
    os.close(fd)
    try:
        os.chmod(tmp, 0o644)  # as any new file, not the temporary file's 0600
        draw(Path(tmp))
        os.replace(tmp, path)
    except OSError as exc:
        if exc.errno not in (errno.ENOSPC, errno.EDQUOT):
            raise
        kept = "what was there is kept" if path.exists() else "nothing is written"
        raise DiskFull(f"{path} is not drawn ({kept}); free some space and draw again") from None
    finally:
        Path(tmp).unlink(missing_ok=True)


def packaged_text(name: str) -> str:
    """A text file shipped in the package beside the code (the rules glossary): read beside the
    code, since importlib.resources costs a start-up's worth of imports."""
    return (Path(__file__).resolve().parent.parent / name).read_text(encoding="utf-8")


PAGE_SUFFIXES = {".html", ".htm"}

Stamp = tuple[tuple[int, int] | None, ...]


def page_template(name: str) -> str:
    """A template file shipped beside lnf's views (page.html, page.css, page.js)."""
    return (Path(__file__).resolve().parent.parent / "views" / name).read_text(encoding="utf-8")


def write_page(path: Path, html: str, fight_file: Path) -> None:
    """Write the page whole (a crash leaves the old one or the new one). Never over the fight
    file or its log, nor over a file that is not a page: what the DM recorded is kept."""
    keep = {fight_file.resolve(), log_path(fight_file).resolve()}
    if path.resolve() in keep or (path.exists() and path.suffix.lower() not in PAGE_SUFFIXES):
        raise Refused(f"{path} exists and is not an HTML page; choose another -o file")
    try:
        atomic_write_text(path, html)
    except OSError as exc:
        raise InputError(str(path), [InputProblem(f"cannot write: {exc.strerror}")]) from None


def fight_stamp(fight_file: Path) -> Stamp:
    """The size and change time of the fight file and its log (None: not there): what `lnf
    serve` compares a few times a second, so a quiet fight costs two stat calls."""
    out: list[tuple[int, int] | None] = []
    for path in (fight_file, log_path(fight_file)):
        try:
            st = os.stat(path)
            out.append((st.st_size, st.st_mtime_ns))
        except OSError:
            out.append(None)
    return tuple(out)
