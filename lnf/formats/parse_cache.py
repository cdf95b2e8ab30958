"""What lnf last read from a fight file, kept so that reading the same text again needs no YAML
parser: loading PyYAML is about half of `lnf show`'s own start-up, and a DM shows the same
fight file many times between two edits.

An entry holds the file's whole text; it is used only when the text read now is exactly that,
so it is never stale. It holds the plain data and the line of every field, as JSON, and the
fight file is then checked and built from them as from a fresh parse: the same fight and the
same messages. Only data that JSON keeps exactly is kept (YAML dates, NaN… are not). The cache
lives in `$XDG_CACHE_HOME/lnf` (else `~/.cache/lnf`); `LNF_CACHE=off` turns it off. Anything
wrong with it (unwritable, damaged, another version's) just means a fresh parse.
"""

from __future__ import annotations

import json
import os
import zlib
from pathlib import Path

from lnf.formats.files import atomic_write_text
from lnf.formats.yaml_source import Located

FORMAT = 1  # bump when the entry's shape changes
MAX_TEXT = 1_000_000  # bigger files are parsed every time


def cached(path: Path, text: str) -> Located | None:
    """The parse of `text` kept from an earlier read of `path`, if there is one."""
    entry = _entry(path)
    if entry is None or len(text) > MAX_TEXT:
        return None
    try:
        raw = json.loads(entry.read_text(encoding="utf-8"))
        if raw["format"] != FORMAT or raw["path"] != _key(path) or raw["text"] != text:
            return None
        lines = {tuple(where): line for where, line in raw["lines"]}
        return Located(raw["data"], lines)
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return None  # no entry, or not one of ours: parse afresh


def remember(path: Path, text: str, located: Located) -> None:
    """Keep the parse of `text` for the next read of `path`, if JSON keeps it exactly."""
    entry = _entry(path)
    if entry is None or len(text) > MAX_TEXT:
        return
    try:
        # JSON keeps text, whole numbers, floats, true/false, null, lists and mappings with
        # text keys as they are; anything else (a date, NaN, a set) raises here: not kept
        json.dumps(located.data, allow_nan=False)
        raw = {
            "format": FORMAT,
            "path": _key(path),
            "text": text,
            "data": located.data,
            "lines": [[list(where), line] for where, line in located.lines.items()],
        }
        entry.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(entry, json.dumps(raw, ensure_ascii=False))
    except (OSError, ValueError, TypeError, RecursionError):
        pass  # a cache that cannot be written only costs time


def _entry(path: Path) -> Path | None:
    if os.environ.get("LNF_CACHE", "").lower() in ("off", "0", "no"):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or (
        os.path.join(os.environ["HOME"], ".cache") if os.environ.get("HOME") else ""
    )
    if not base:
        return None
    name = f"{zlib.crc32(_key(path).encode('utf-8', 'surrogatepass')):08x}.json"
    return Path(base) / "lnf" / "parsed" / name


def _key(path: Path) -> str:
    return os.path.abspath(path)
