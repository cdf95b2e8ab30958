"""Weapons, armor and class levels by name: the SRD 5.1 armory shipped with lnf
(`lnf/armory.json`, made by `scripts/make_armory.py`): names and figures only."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from lnf.errors import Refused
from lnf.formats.spec import did_you_mean


@cache
def armory() -> dict[str, Any]:
    """The whole armory: `weapons`, `armor` and `classes`, each by its SRD index."""
    text = (Path(__file__).resolve().parent.parent / "armory.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def index(name: str) -> str:
    """The SRD index a table may write a name as: `chain mail`, `Chain-Mail` → chain-mail."""
    return "-".join(name.strip().lower().replace("_", " ").split())


def _find(table: str, name: str, what: str) -> tuple[str, dict[str, Any]]:
    entries: dict[str, dict[str, Any]] = armory()[table]
    key = index(name)
    # The SRD names some armor "Plate Armor", others "Chain Mail": take either way of saying it.
    for candidate in (key, f"{key}-armor", key.removesuffix("-armor")):
        if candidate in entries:
            return candidate, entries[candidate]
    names = [e["name"].lower() for e in entries.values()]
    near = did_you_mean(name.lower(), names)
    raise Refused(f"no {what} {name!r} in the SRD" + (f"; {near}" if near else ""))


def weapon(name: str) -> tuple[str, dict[str, Any]]:
    """A weapon by name (`longsword`, `light crossbow`): its index and entry."""
    key = index(name)
    if key.startswith(("light-crossbow", "heavy-crossbow", "hand-crossbow")):
        key = "crossbow-" + key.split("-")[0]  # the SRD indexes them crossbow-light…
    return _find("weapons", key, "weapon")


def armor(name: str) -> tuple[str, dict[str, Any]]:
    """An armor (or the shield) by name: its index and entry."""
    return _find("armor", name, "armor")


def class_level(cls: str, level: int) -> dict[str, Any] | None:
    """A class's row of the SRD level table (proficiency bonus, feature names), or None for a
    class the SRD does not have."""
    rows: dict[str, Any] | None = armory()["classes"].get(cls.lower())
    return None if rows is None else rows.get(str(level))


def subclass_features(cls: str, level: int) -> list[str]:
    """The class's SRD subclass features gained up to `level`, in order (Improved Critical…)."""
    rows: dict[str, list[str]] = armory().get("subclasses", {}).get(cls.lower(), {})
    return [f for n in range(1, level + 1) for f in rows.get(str(n), [])]


def features(cls: str, level: int) -> list[str]:
    """The class features gained up to `level`, in order (Extra Attack, Fast Movement…)."""
    out: list[str] = []
    for n in range(1, level + 1):
        row = class_level(cls, n)
        out += [f for f in (row or {}).get("features", []) if f not in out]
    return out
