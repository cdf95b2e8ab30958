"""The fields of a 5e-database entry as `lnf.formats.srd` reads them: each of its type (a number
within its bounds), a list's items of theirs, a name a fight file takes, a note short enough for
one; `EntryError` names the field that is missing or wrong and why."""

from __future__ import annotations

from typing import Any, cast

MAX_NAME = 100  # characters of a name; the SRD's longest has 41
MAX_NOTE = 200  # characters of a note, as of any text of a fight file


class EntryError(Exception):
    """A field of an entry that is missing or not what the format says: its path and why."""

    def __init__(self, path: str, message: str) -> None:
        path = path.lstrip(".")  # a field of the entry itself: "actions[0]", not ".actions[0]"
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


_MISSING: Any = object()


def get(
    d: Any,
    key: str,
    kind: type | tuple[type, ...],
    path: str,
    default: Any = _MISSING,
    bounds: tuple[int, int] | None = None,
) -> Any:
    """`d[key]`, of `kind` (a number within `bounds`); `default` when it may be missing."""
    where = f"{path}.{key}" if path else key
    if not isinstance(d, dict):
        raise EntryError(path or "entry", "expected an object")
    if key not in d or (d[key] is None and default is not _MISSING):
        if default is _MISSING:
            raise EntryError(where, "missing")
        return default
    value: Any = d[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise EntryError(where, f"expected {names}, got {shown(value)}")
    if bounds is not None and not bounds[0] <= cast(float, value) <= bounds[1]:
        raise EntryError(where, f"{shown(value)} is out of range ({bounds[0]} to {bounds[1]})")
    return value


def items(d: Any, key: str, path: str, kind: type | tuple[type, ...] = dict) -> list[Any]:
    """The list at `d[key]` (empty when missing), each item of `kind`."""
    found = get(d, key, list, path, default=[])
    for i, item in enumerate(found):
        if not isinstance(item, kind) or isinstance(item, bool):
            names = (
                kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            )
            names = "an object" if kind is dict else names
            raise EntryError(f"{path}.{key}[{i}]", f"expected {names}, got {shown(item)}")
    return list(found)


def shown(value: Any) -> str:
    """A value as a message shows it: short, whatever its size."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def label(d: dict[str, Any], key: str, where: str) -> str:
    """A name (of the monster, an action, a trait): what a fight file takes as a name."""
    name: str = get(d, key, str, where).strip()
    if not 1 <= len(name) <= MAX_NAME:
        raise EntryError(f"{where}.{key}", f"a name of 1 to {MAX_NAME} characters")
    return name


def note(text: str) -> str:
    """A line of `not_modelled`, short enough for a fight file's text (its words can come from
    a description)."""
    return text if len(text) <= MAX_NOTE else text[: MAX_NOTE - 1] + "…"
