"""Read YAML (and so JSON) into plain values while remembering the line of every field.

We read the parser's events ourselves instead of letting PyYAML build objects, so that later
checks can say "fight.yaml:12: heroes[2].rank", and so that no file, however made, can take
the reader's time or memory: the nesting depth and what anchors and aliases expand to have
limits no fight file comes near, stated in the messages. Duplicate keys, which PyYAML would
silently overwrite, are errors here; so are YAML tags (`!!float "x"`), which lnf's files never
need.

The parse cache: what lnf last read from a fight file, kept so that reading the same text
again needs no YAML parser: loading PyYAML is about half of `lnf show`'s own start-up, and a
DM shows the same fight file many times between two edits.

An entry holds the file's whole text; it is used only when the text read now is exactly that,
so it is never stale. It holds the plain data and the line of every field, written by `marshal`
(as Python keeps its own bytecode: built in, so reading an entry loads no module, where `json`
cost about a millisecond of every start), and the fight file is then checked and built from
them as from a fresh parse: the same fight and the same messages. Only data that JSON keeps
exactly is kept (YAML dates, NaN… are not), as when entries were JSON. The cache lives in
`$XDG_CACHE_HOME/lnf` (else `~/.cache/lnf`), at most MAX_ENTRIES of them (`_prune`);
`LNF_CACHE=off` turns it off. Anything wrong with it (unwritable, damaged, another version's)
just means a fresh parse: an entry is sealed with its length and a checksum, checked before
`marshal` reads it.
"""

from __future__ import annotations

import marshal
import os
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lnf.errors import InputError, InputProblem
from lnf.formats.files import atomic_write_bytes

if TYPE_CHECKING:
    import yaml

FieldPath = tuple[str | int, ...]  # a field inside a document: ("heroes", 2, "rank")

MAX_DEPTH = 40  # nesting levels; a fight file needs 6
MAX_VALUES = 200_000  # values once aliases are expanded; a big fight file holds 20,000


def path_text(path: FieldPath) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


class Located:
    """Plain data from a document plus the 1-based line of each path in it."""

    def __init__(self, data: Any, lines: dict[FieldPath, int]) -> None:
        self.data = data
        self.lines = lines

    def line(self, path: FieldPath) -> int | None:
        """The line of `path`, or of its nearest ancestor that has one."""
        while True:
            if path in self.lines:
                return self.lines[path]
            if not path:
                return None
            path = path[:-1]


def load_yaml(text: str, source: str) -> Located:
    """Parse one YAML or JSON document; anything wrong becomes an InputError with its line."""
    import yaml

    loader: Any = _loader()(text)  # PyYAML's parser API is untyped
    reader = _Reader(source, loader)
    try:
        while loader.check_event():
            reader.take(loader.get_event())
    except yaml.MarkedYAMLError as exc:
        raise InputError(source, [_not_valid(exc)]) from None
    except yaml.reader.ReaderError as exc:
        raise InputError(source, [_unreadable_character(text, exc)]) from None
    except yaml.YAMLError as exc:
        raise InputError(source, [InputProblem(f"not valid YAML: {exc}")]) from None
    finally:
        loader.dispose()
    if reader.documents == 0:
        raise InputError(source, [InputProblem("the file is empty")])
    if reader.problems:
        raise InputError(source, reader.problems)
    return Located(reader.root, reader.lines)


# What the parser was inside when it failed, and what opened it: a `[`, `{` or quote left
# open is found only where the file ends (or the next key), far below the slip.
_OPENERS = {
    "while parsing a flow sequence": "'['",
    "while parsing a flow mapping": "'{'",
    "while scanning a quoted scalar": "quote",
}


def _not_valid(exc: yaml.MarkedYAMLError) -> InputProblem:
    """The YAML error at its line: where a `[`, `{` or quote was opened and never closed, the
    line it opened on (the parser's context mark), not where the parser gave up (its problem
    mark, often the end of the file), which the message still says."""
    problem, found = exc.problem or exc.context or "", exc.problem_mark or exc.context_mark
    line = found.line + 1 if found is not None else None
    opener = _OPENERS.get(exc.context or "")
    opened = exc.context_mark.line + 1 if exc.context_mark is not None else None
    if opener is None or opened is None or opened == line:
        return InputProblem(f"not valid YAML: {problem or 'not valid YAML'}", line=line)
    return InputProblem(
        f"not valid YAML: the {opener} opened on this line is not closed: {problem} (the "
        f"parser stopped at line {line})",
        line=opened,
    )


def _unreadable_character(text: str, exc: yaml.reader.ReaderError) -> InputProblem:
    """A control character YAML refuses (ESC, NUL…), at its line: found in the text itself, as
    the parser counts its position in bytes or in characters depending on the build."""
    ch = chr(exc.character) if isinstance(exc.character, int) else ""
    at = text.find(ch) if ch else -1
    line = text.count("\n", 0, at) + 1 if at >= 0 else None
    return InputProblem(
        f"a control character ({ch!r}) that lnf's files never hold",
        line=line,
        hint="remove it (a name's escape codes would reach the terminal)",
    )


def _loader() -> type[yaml.SafeLoader]:
    """PyYAML's safe loader, in C where libyaml is present (much faster). Imported here, on the
    first parse, so that a fight read from the parse cache never loads PyYAML."""
    import yaml

    loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return loader


class _Open:
    """A mapping or list being read."""

    def __init__(
        self, value: dict[str, Any] | list[Any], path: FieldPath, anchor: str | None, before: int
    ) -> None:
        self.value = value
        self.path = path
        self.anchor = anchor
        self.size_before = before  # values read before it began (what an alias to it adds)
        self.key: Any = None  # a mapping's key waiting for its value
        self.key_line = 0
        self.skip = False  # the key was refused: drop its value


class _Reader:
    """Builds plain values from parser events, with a stack instead of recursion."""

    def __init__(self, source: str, loader: Any) -> None:
        self.source = source
        self.loader = loader
        self.root: Any = None
        self.lines: dict[FieldPath, int] = {}
        self.problems: list[InputProblem] = []
        self.documents = 0
        self.values = 0  # values read so far, aliases counted by what they expand to
        self.stack: list[_Open] = []
        self.anchors: dict[str, tuple[Any, int]] = {}  # an anchor's value, and its size

    def take(self, event: Any) -> None:
        import yaml

        if isinstance(event, yaml.DocumentStartEvent):
            self.documents += 1
            if self.documents > 1:
                self._stop(event, "more than one document in the file (a second ---)")
            return
        if isinstance(event, yaml.MappingStartEvent | yaml.SequenceStartEvent):
            self._refuse_tag(event)
            if len(self.stack) >= MAX_DEPTH:
                self._stop(event, f"nested more than {MAX_DEPTH} levels deep (a fight needs 6)")
            value: dict[str, Any] | list[Any] = (
                {} if isinstance(event, yaml.MappingStartEvent) else []
            )
            path = self._place(event, value)
            self.stack.append(_Open(value, path, event.anchor, self.values))
            return
        if isinstance(event, yaml.MappingEndEvent | yaml.SequenceEndEvent):
            done = self.stack.pop()
            if done.anchor is not None:
                self.anchors[done.anchor] = (done.value, self.values - done.size_before)
            return
        if isinstance(event, yaml.ScalarEvent):
            self._refuse_tag(event)
            scalar = self._scalar(event)
            self._count(event, 1)
            if event.anchor is not None:
                self.anchors[event.anchor] = (scalar, 1)
            self._place(event, scalar)
            return
        if isinstance(event, yaml.AliasEvent):
            known = self.anchors.get(event.anchor or "")
            if known is None:
                self._stop(event, f"the alias *{event.anchor} names no anchor before it")
                return
            aliased, size = known
            self._count(event, size)
            self._place(event, aliased)

    def _place(self, event: Any, value: Any) -> FieldPath:
        """Put a value where it belongs: the document's root, a list's next item, a mapping's
        key or the value of the key before it. Returns its path."""
        line = event.start_mark.line + 1
        if not self.stack:
            self.root = value
            self.lines[()] = line
            return ()
        top = self.stack[-1]
        if isinstance(top.value, list):
            path = (*top.path, len(top.value))
            top.value.append(value)
            self.lines.setdefault(path, line)
            return path
        if top.key is None:  # this value is a key
            top.key_line = line
            if not isinstance(value, str | int) or isinstance(value, bool):
                self._problem("a key must be a plain word", top.path, line)
                top.key, top.skip = "", True
            elif str(value) in top.value:
                self._problem(f"key {str(value)!r} appears twice", (*top.path, str(value)), line)
                top.key, top.skip = str(value), True
            else:
                top.key = str(value)
            return top.path
        path = (*top.path, top.key)
        if not top.skip:
            top.value[top.key] = value
            self.lines[path] = top.key_line  # point at the key, not below it
        top.key, top.skip = None, False
        return path

    def _scalar(self, event: Any) -> Any:
        import yaml

        if event.style:  # quoted (or a block literal): text as written
            return event.value
        tag = self.loader.resolve(yaml.ScalarNode, event.value, event.implicit)
        node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
        try:
            return self.loader.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError, OverflowError):
            return event.value  # an odd date or number: the field checks judge its text

    def _refuse_tag(self, event: Any) -> None:
        if event.tag is not None and event.tag != "!":
            shown = event.tag.replace("tag:yaml.org,2002:", "!!")
            self._stop(event, f"the YAML tag {shown} is not used in lnf's files: remove it")

    def _count(self, event: Any, size: int) -> None:
        self.values += size
        if self.values > MAX_VALUES:
            self._stop(
                event,
                f"more than {MAX_VALUES:,} values once its anchors and aliases are expanded (a "
                "big fight file has a few thousand)",
            )

    def _problem(self, message: str, path: FieldPath, line: int) -> None:
        self.problems.append(InputProblem(message, path_text(path), line))

    def _stop(self, event: Any, message: str) -> None:
        """A problem that ends the reading: nothing after it could be trusted or afforded."""
        line = event.start_mark.line + 1
        raise InputError(self.source, [*self.problems, InputProblem(message, line=line)])


FORMAT = 3  # bump when the entry's shape changes (3: the reader's stamp; 1 was JSON, `*.json`)
MAX_TEXT = 1_000_000  # bigger files are parsed every time


@cache
def _reader() -> str:
    """Who parsed an entry: lnf's version and a checksum of this module's own text (the reader's
    limits and refusals live here), so an entry kept by another lnf, or by this one before its
    reader changed, is parsed afresh rather than trusted. Several venvs share ~/.cache."""
    from lnf import __version__

    return f"{__version__} {_checksum(Path(__file__).read_bytes()):016x}"


def cached(path: Path, text: str) -> Located | None:
    """The parse of `text` kept from an earlier read of `path`, if there is one."""
    entry = _entry(path)
    if entry is None or len(text) > MAX_TEXT:
        return None
    try:
        body = _unsealed(entry.read_bytes())
        if body is None:
            return None
        raw = marshal.loads(body)
        if (
            raw["format"] != FORMAT
            or raw["reader"] != _reader()
            or raw["path"] != _key(path)
            or raw["text"] != text
        ):
            return None
        lines = raw["lines"]
        if not isinstance(lines, dict):
            return None
        return Located(raw["data"], lines)
    except (OSError, ValueError, EOFError, KeyError, TypeError, RecursionError):
        return None  # no entry, or not one of ours: parse afresh


def remember(path: Path, text: str, located: Located) -> None:
    """Keep the parse of `text` for the next read of `path`, if JSON keeps it exactly."""
    entry = _entry(path)
    if entry is None or len(text) > MAX_TEXT:
        return
    try:
        import json  # only after a YAML parse, which costs far more

        # JSON keeps text, whole numbers, floats, true/false, null, lists and mappings with
        # text keys as they are; anything else (a date, NaN, a set) raises here: not kept
        json.dumps(located.data, allow_nan=False)
        raw = {
            "format": FORMAT,
            "reader": _reader(),
            "path": _key(path),
            "text": text,
            "data": located.data,
            "lines": dict(located.lines),
        }
        entry.parent.mkdir(parents=True, exist_ok=True)
        # version 2: no shared references, so an alias's value is read back as a copy of
        # its own (each place its own object), as from JSON
        atomic_write_bytes(entry, _sealed(marshal.dumps(raw, 2)))
    except (OSError, ValueError, TypeError, RecursionError):
        return  # a cache that cannot be written only costs time
    _prune(entry)


MAX_ENTRIES = 200  # fight files remembered: a DM's folders hold far fewer
STALE_TEMPORARY = 3600.0  # seconds: a write's temporary file this old was left by a crash


def _prune(kept: Path) -> None:
    """The cache kept small, after an entry (`kept`) is written, which follows a YAML parse
    costing far more than a look at the folder: past MAX_ENTRIES the entries written longest
    ago go (an entry is written when its file's text is new: a file pruned but read again is
    parsed once more and kept again); so do entries of the first format (`*.json`, never read since
    format 2) and a write's temporary file a crash left. Never `kept`. Best effort: another lnf
    pruning at the same time, or a file gone meanwhile, is no error."""
    import time

    try:
        now = time.time()
        entries: list[tuple[float, str]] = []
        with os.scandir(kept.parent) as folder:
            for item in folder:
                name = item.name
                if name.endswith(".marshal"):
                    if name != kept.name:
                        entries.append((item.stat().st_mtime, item.path))
                elif name.endswith(".json") or (
                    name.endswith(".tmp") and now - item.stat().st_mtime > STALE_TEMPORARY
                ):
                    os.unlink(item.path)
        entries.sort()  # the oldest first; a tie by name, the same on every run
        for _, old in entries[: max(0, len(entries) + 1 - MAX_ENTRIES)]:
            os.unlink(old)
    except OSError:
        pass  # pruned by another lnf, or not ours to prune: only costs room


_SEAL = b"lnf parse cache\n"  # then the body's length and its checksum, 8 bytes each


def _sealed(body: bytes) -> bytes:
    return _SEAL + len(body).to_bytes(8, "little") + _checksum(body).to_bytes(8, "little") + body


def _unsealed(entry: bytes) -> bytes | None:
    """The body of an entry, or None when it is damaged (a byte changed, the file cut short):
    `marshal` trusts the lengths it reads, and a damaged one can make it allocate gigabytes and
    take seconds, so it reads only what was written whole."""
    start = len(_SEAL) + 16
    body = entry[start:]
    if (
        len(entry) < start
        or entry[: len(_SEAL)] != _SEAL
        or int.from_bytes(entry[start - 16 : start - 8], "little") != len(body)
        or int.from_bytes(entry[start - 8 : start], "little") != _checksum(body)
    ):
        return None
    return body


_PRIME = 2**64 - 59  # the largest prime below 2**64


def _checksum(body: bytes) -> int:
    """The bytes as one whole number modulo a prime, in C (about 20 µs for X1's entry): a
    changed byte changes it. Not 2**61 - 1 (`hash` of an int): 256**61 is 1 modulo that
    prime, so two bytes 61 apart swapped kept the sum."""
    return int.from_bytes(body, "little") % _PRIME


def _entry(path: Path) -> Path | None:
    if os.environ.get("LNF_CACHE", "").lower() in ("off", "0", "no"):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or (
        os.path.join(os.environ["HOME"], ".cache") if os.environ.get("HOME") else ""
    )
    if not base:
        return None
    return Path(base) / "lnf" / "parsed" / f"{_fnv1a(_key(path)):016x}.marshal"


def _fnv1a(text: str) -> int:
    """FNV-1a, 64 bits, of `text`: a name for its entry (a clash only means a fresh parse, the
    entry naming its path), worked out here rather than by `zlib.crc32`: loading zlib costs
    more than hashing a path byte by byte."""
    h = 0xCBF29CE484222325
    for byte in text.encode("utf-8", "surrogatepass"):
        h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def _key(path: Path) -> str:
    return os.path.abspath(path)
