"""The players' page on disk: its template files in the package, the page written out
(`lnf show --html -o`), and the stamp `lnf serve` watches to know the fight moved on."""

from __future__ import annotations

import os
from importlib.resources import files
from pathlib import Path

from lnf.errors import InputError, InputProblem, Refused
from lnf.formats.fight_log import log_path
from lnf.formats.files import atomic_write_text

PAGE_SUFFIXES = {".html", ".htm"}

Stamp = tuple[tuple[int, int] | None, ...]


def page_template(name: str) -> str:
    """A template file shipped beside lnf's views (page.html, page.css, page.js)."""
    return files("lnf.views").joinpath(name).read_text(encoding="utf-8")


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
