"""The defences of a stat block in the 5e-database format, in lnf's words: damage types
resisted, immune or vulnerable (D6, with the `nonmagical only` and `magic only` traits), the
condition immunities lnf knows (C3's exhaustion as a trait) and its armor (V-ACL4's DR)."""

from __future__ import annotations

import re
from typing import Any

from lnf.formats import srd_fields as sf
from lnf.model import Condition, Flag, TraitKind
from lnf.rules.acl import ARMOR, armor_dr

TYPES = [
    "acid",
    "bludgeoning",
    "cold",
    "fire",
    "force",
    "lightning",
    "necrotic",
    "piercing",
    "poison",
    "psychic",
    "radiant",
    "slashing",
    "thunder",
]


def damage_types(
    m: dict[str, Any], key: str, where: str, notes: list[str], mundane: list[str]
) -> list[str]:
    """D6: the types resisted, immune or vulnerable; those "from nonmagical weapons (attacks)"
    also in `mundane` (the `nonmagical only` trait: no defence against a magical attack; a
    silvered or adamantine weapon counts as a nonmagical one, docs/choices.md D6); a
    vulnerability "from magic weapons" (the rakshasa's, "wielded by good creatures": lnf takes
    the heroes as good, docs/choices.md D6) in `mundane` too, read as the `magic only` trait."""
    what = {"damage_resistances": "resistance", "damage_immunities": "immunity"}.get(
        key, "vulnerability"
    )
    found: list[str] = []
    for text in sf.items(m, key, where, str):
        named = [t for t in TYPES if re.search(rf"\b{t}\b", text)]
        if not named:
            notes.append(f"{what}: {text}")
            continue
        if re.search(r"\bfrom nonmagical (?:weapons|attacks)\b", text) or (
            what == "vulnerability"
            and re.fullmatch(r"\w+ from magic weapons( wielded by good creatures)?", text)
        ):
            mundane += [t for t in named if t not in mundane]
        elif "from" in text or "that aren't" in text:
            notes.append(f"{what} to {', '.join(named)} only from some attacks: taken as to all")
        found += [t for t in named if t not in found]
    return found


def nonmagical_trait(types: list[str]) -> list[str]:
    """D6: the `nonmagical only` trait for the types defended from nonmagical attacks only."""
    return [f"{TraitKind.NONMAGICAL_ONLY} ({', '.join(sorted(types))})"] if types else []


def magic_only_trait(types: list[str]) -> list[str]:
    """D6: the `magic only` trait for the types it is vulnerable to from magic weapons only."""
    return [f"{TraitKind.MAGIC_ONLY} ({', '.join(sorted(types))})"] if types else []


def condition_immunities(
    m: dict[str, Any], where: str, notes: list[str], played: list[str]
) -> list[str]:
    """Condition immunities lnf knows (each once); exhaustion as the trait C3 plays (in
    `played`); the others as not modelled."""
    known = {c.value for c in Condition}
    found: list[str] = []
    for i, c in enumerate(sf.items(m, "condition_immunities", where, (dict, str))):
        at = f"{where}.condition_immunities[{i}]"
        name = sf.get(c, "index", str, at) if isinstance(c, dict) else c
        if name in known and name not in found:
            found.append(name)
        elif name == "exhaustion":
            played.append(str(TraitKind.EXHAUSTION_IMMUNE))
        elif name not in known:
            notes.append(f"immune to {name[:40]}")
    return found


def armor_dr_of(first: dict[str, Any], dex: int, where: str) -> int:
    """V-ACL4 for the stat block's first armor class: named armor and shields by their bonus,
    natural armor (or an AC with nothing named) AC − 10 − Dexterity."""
    items = _armor_items(first, where)
    known = [i for i in items if i in ARMOR]
    ac = sf.get(first, "value", int, where, bounds=(0, 40))
    kind = sf.get(first, "type", str, where, default="")
    if kind == "armor" and known:
        return armor_dr(known, ac, dex, natural=False)
    if kind in ("spell", "condition"):
        return 0  # Mage Armor, a condition: no armor worn
    # "dex" (an AC the book leaves to Dexterity) is an AC with nothing named: a Giant Goat's 11
    # with Dexterity +0 is DR 1 by the formula (V-ACL4)
    return armor_dr([], ac, dex, natural=True)


def _armor_items(a: dict[str, Any], where: str) -> list[str]:
    return [
        sf.get(x, "index", str, f"{where}.armor[{j}]")[:40]
        for j, x in enumerate(sf.items(a, "armor", where))
    ]


def armor_entry(a: dict[str, Any], where: str) -> dict[str, Any]:
    out: dict[str, Any] = {
        "type": sf.get(a, "type", str, where, default="")[:40],
        "value": sf.get(a, "value", int, where, bounds=(0, 40)),
    }
    items = _armor_items(a, where)
    if items:
        out["items"] = items
    for key in ("condition", "spell"):
        if key in a:
            out[key] = sf.get(sf.get(a, key, dict, where), "index", str, f"{where}.{key}")[:40]
    return out


BOUND = "Bound (trait)"
SPELLS_RESISTED = "resistance: damage from spells"  # D6: a resistance to no type, all spells'
_BOUND = re.compile(r"half of any damage the wearer takes \(rounded up\) is transferred to the")


def defence_flags(m: dict[str, Any], notes: list[str]) -> list[str]:
    """D6: "resistance: damage from spells" (the archmage's) as the `resists-spells` flag;
    B8: a shield guardian's Bound, by its text, as `amulet-bound`. Each leaves `notes`."""
    out = []
    if SPELLS_RESISTED in notes:
        out.append(str(Flag.RESISTS_SPELLS))
        notes.remove(SPELLS_RESISTED)
    bound = any(
        isinstance(x, dict)
        and x.get("name") == "Bound"
        and _BOUND.search(str(x.get("desc", ""))[:2000])
        for x in m.get("special_abilities") or []
    )
    if bound and BOUND in notes:
        out.append(str(Flag.BOUND))
        notes.remove(BOUND)
    return out
