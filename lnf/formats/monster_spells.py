"""B1, B2: a stat block's Spellcasting and Innate Spellcasting as figures: its ability, save DC
and spell attack bonus, caster level, slots by spell level, and the spells it knows through the
SRD spellbook (by level for a slotted caster; at will and per day for an innate one).

Read from the entry's `spellcasting` field (the 5e-database file holds it). A spell the SRD
spellbook does not have is named as such. The plan does not cast them yet (B3, B6).
"""

from __future__ import annotations

from typing import Any

from lnf.errors import Refused


def spellcasting(m: dict[str, Any], notes: list[str]) -> list[dict[str, Any]]:
    """Each spellcasting trait of the entry `m` in figures (see the module's docstring); what
    the spellbook does not have goes to `notes`."""
    from lnf.formats.spellbook import spellbook

    book = spellbook()
    out = []
    for x in m.get("special_abilities") or []:
        sc = x.get("spellcasting") if isinstance(x, dict) else None
        if not isinstance(sc, dict):
            continue
        name = str(x.get("name", "Spellcasting"))[:100]
        entry: dict[str, Any] = {"name": name}
        ability = sc.get("ability")
        ability = ability.get("index") if isinstance(ability, dict) else None
        if isinstance(ability, str):
            entry["ability"] = ability[:3]
        for key, field in (("dc", "dc"), ("modifier", "to_hit"), ("level", "level")):
            if isinstance(sc.get(key), int):
                entry[field] = sc[key]
        slots = sc.get("slots")
        if isinstance(slots, dict) and slots:
            entry["slots"] = {str(k)[:2]: v for k, v in slots.items() if isinstance(v, int)}
        by_level: dict[str, list[str]] = {}
        at_will: list[str] = []
        per_day: dict[str, list[str]] = {}
        spells = sc.get("spells")
        for s in spells if isinstance(spells, list) else []:
            if not isinstance(s, dict) or not isinstance(s.get("name"), str):
                continue
            try:
                spell = book.find(s["name"])["name"]
            except Refused:
                notes.append(f"{name}: {s['name'][:60]} is not in the SRD spellbook")
                continue
            usage = s.get("usage") if isinstance(s.get("usage"), dict) else None
            if usage is None:
                by_level.setdefault(str(s.get("level", 0))[:2], []).append(spell)
            elif usage.get("type") == "per day" and isinstance(usage.get("times"), int):
                per_day.setdefault(str(usage["times"]), []).append(spell)
            else:
                at_will.append(spell)
        for field, found in (("spells", by_level), ("at_will", at_will), ("per_day", per_day)):
            if found:
                entry[field] = found
        out.append(entry)
    return out


def said(entry: dict[str, Any]) -> str:
    """What lnf read of a spellcasting trait, in a DM's few words: "Spellcasting: 9th-level,
    DC 14, +6, 16 spells, slots 4/3/3/3/1"."""
    from lnf.formats.spellbook import ordinal

    parts = []
    if "level" in entry:
        parts.append(f"{ordinal(entry['level'])}-level")
    if "dc" in entry:
        parts.append(f"DC {entry['dc']}")
    if "to_hit" in entry:
        parts.append(f"{entry['to_hit']:+d} to hit")
    count = sum(len(v) for v in entry.get("spells", {}).values())
    count += len(entry.get("at_will", [])) + sum(len(v) for v in entry.get("per_day", {}).values())
    parts.append(f"{count} spell{'s' if count != 1 else ''}")
    if entry.get("slots"):
        parts.append("slots " + "/".join(str(v) for _, v in sorted(entry["slots"].items())))
    if entry.get("at_will"):
        parts.append(f"{len(entry['at_will'])} at will")
    for times, spells in sorted(entry.get("per_day", {}).items(), reverse=True):
        parts.append(f"{len(spells)} at {times}/day")
    return f"{entry['name']}: {', '.join(parts)}"
