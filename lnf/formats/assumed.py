"""What lnf assumed where a fight file is silent on something that matters: said, never
silently filled in (a hero with no `ac` would otherwise be AC 10 without a word)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lnf.formats import yaml_source as parse_cache
from lnf.formats.files import read_text
from lnf.formats.yaml_source import Located, load_yaml


def assumed(path: Path) -> list[str]:
    """One line per value assumed: a hero without `ac` (A1: AC 10, the unarmored minimum
    without Dexterity), a hero without `dr` or `armor` under the AC-less variant (V-ACL4: DR 0,
    no armor). Monsters from the bestiary bring their own; a monster written out in full is the
    DM's stat block, but its missing AC is said too."""
    text = read_text(path)
    located = parse_cache.cached(path, text) or load_yaml(text, str(path))
    doc = located.data
    if not isinstance(doc, dict):
        return []
    variants = doc.get("variants") or []
    acl = isinstance(variants, list) and "acl" in variants
    out: list[str] = []
    for side in ("heroes", "monsters"):
        for i, c in enumerate(doc.get(side) or []):
            if not isinstance(c, dict) or "monster" in c:
                continue
            name = c.get("name", f"{side} {i + 1}")
            where = _where(path, located, (side, i))
            if "ac" not in c and not acl:
                out.append(f"{where}{name} has no ac: AC 10 assumed (A1); give ac: from the sheet")
            if acl and side == "heroes" and "dr" not in c and "armor" not in c:
                said = f", though its AC is {c['ac']}" if "ac" in c else ""
                out.append(
                    f"{where}{name} has no dr or armor: DR 0 assumed (V-ACL4){said}; give "
                    "armor: (such as [chain-mail, shield]) or dr:"
                )
    return out


def _where(path: Path, located: Located, at: tuple[Any, ...]) -> str:
    line = located.line(at)
    return f"{path.name}, line {line}: " if line is not None else f"{path.name}: "
