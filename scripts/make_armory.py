"""Make lnf's armory (`lnf/armory.json`) from the 5e-database SRD 5.1 files: weapons and armor
from the equipment file, the class levels from the levels file.

    .venv/bin/python scripts/make_armory.py ../shared/data

Names and figures only (the SRD's terms ask that of what ships; see the README): a weapon's
damage dice and type, its properties, ranges and category; an armor's base AC, Dexterity cap,
Strength requirement and stealth disadvantage; a class's proficiency bonus and feature names by
level. The figures the engine counts (slots, Rage, Ki, Extra Attack…) are decided in
`lnf/rules/class_features.py` and `lnf/rules/sheets.py`; tests check them against the levels
file, so they have one source in the package.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent.parent / "lnf" / "armory.json"


def _reach(r: dict[str, Any] | None) -> list[int] | None:
    if not r or "long" not in r:
        return None
    return [int(r["normal"]), int(r["long"])]


def weapon(w: dict[str, Any]) -> dict[str, Any]:
    """One weapon in lnf's words."""
    props = sorted(p["index"] for p in w.get("properties", []))
    out: dict[str, Any] = {
        "name": w["name"],
        "category": w["weapon_category"].lower(),  # simple or martial
        "ranged": w["weapon_range"] == "Ranged",
        "properties": props,
    }
    if "damage" in w:  # the Net deals none
        out["damage"] = w["damage"]["damage_dice"]
        out["type"] = w["damage"]["damage_type"]["index"]
    if "two_handed_damage" in w:
        out["versatile"] = w["two_handed_damage"]["damage_dice"]
    if w["weapon_range"] == "Ranged":
        out["range"] = _reach(w.get("range"))
    if "throw_range" in w:
        out["throw"] = _reach(w["throw_range"])
    return out


def armor(a: dict[str, Any]) -> dict[str, Any]:
    """One armor (or the shield) in lnf's words: `dex_cap` None lets all of Dexterity count."""
    ac = a["armor_class"]
    return {
        "name": a["name"],
        "category": a["armor_category"].lower(),  # light, medium, heavy or shield
        "base": ac["base"],
        "dex_cap": ac.get("max_bonus") if ac["dex_bonus"] else 0,
        "str": a.get("str_minimum", 0),
        "stealth_disadvantage": bool(a.get("stealth_disadvantage")),
    }


def classes(levels: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each class's levels 1–20 (the base class; subclasses differ by subclass only)."""
    out: dict[str, dict[str, Any]] = {}
    for lv in levels:
        if "subclass" in lv:
            continue
        out.setdefault(lv["class"]["index"], {})[str(lv["level"])] = {
            "prof": lv["prof_bonus"],
            "features": [f["name"] for f in lv.get("features", [])],
        }
    return out


def subclasses(levels: list[dict[str, Any]]) -> dict[str, dict[str, list[str]]]:
    """Each class's SRD subclass features by level (F2: a sheet plays its class's one)."""
    out: dict[str, dict[str, list[str]]] = {}
    for lv in levels:
        if "subclass" in lv and lv.get("features"):
            rows = out.setdefault(lv["class"]["index"], {})
            rows[str(lv["level"])] = [f["name"] for f in lv["features"]]
    return out


def main() -> None:
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/data")
    equipment = json.loads((folder / "5e-srd-5.1-equipment.json").read_text(encoding="utf-8"))
    levels = json.loads((folder / "5e-srd-5.1-levels.json").read_text(encoding="utf-8"))

    def category(e: dict[str, Any]) -> str:
        return str(e.get("equipment_category", {}).get("index", ""))

    doc = {
        "weapons": {e["index"]: weapon(e) for e in equipment if category(e) == "weapon"},
        "armor": {e["index"]: armor(e) for e in equipment if category(e) == "armor"},
        "classes": classes(levels),
        "subclasses": subclasses(levels),
    }
    OUT.write_text(
        json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8"
    )
    print(
        f"{len(doc['weapons'])} weapons, {len(doc['armor'])} armor, {len(doc['classes'])} classes "
        f"written to {OUT} ({OUT.stat().st_size // 1024} KB)"
    )


if __name__ == "__main__":
    main()
