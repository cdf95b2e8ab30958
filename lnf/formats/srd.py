"""Stat blocks in the 5e-database format (the SRD 5.1 monster file, or a user's own file in the
same format) turned into lnf's words: a monster entry of the fight file (`hp`, `ac`, `speed`,
`attacks`…) plus what a stat block shows beside it (`size`, `cr`, `xp`, `abilities`…).

Figures only: no description sentence is kept. An attack's numbers come from the entry's
fields; where they hold more than the hit (the damage of a disease a minute later), the hit's
own clause in the description decides which parts are the hit's, and its kind, reach and range
come from there too (the format keeps them only there). What lnf does not play is listed under
`not_modelled`, never dropped in silence. A field missing or of the wrong type is reported with
the entry and the field.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from lnf.model import Condition
from lnf.rules.acl import ARMOR, armor_dr

ABILITIES = ("strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma")
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
KIND = {"Melee": "melee", "Ranged": "ranged", "Melee or Ranged": "thrown"}
ATTACK = re.compile(
    r"^(Melee or Ranged|Melee|Ranged) (Weapon|Spell) Attack: ([+-]\d+) to hit(?: \([^)]*\))?, "
    r"(?:reach (\d+) ft\.)?(?: or )?(?:range (\d+)(?:/(\d+))? ft\.)?"
)
_WRITTEN = re.compile(
    r"(?:\d+ \((\d+d\d+(?: [+-] \d+)?)\)|(?<![\d(])\b(\d+)) (\w+)(?: or (\w+))? damage"
)


class EntryError(Exception):
    """A field of an entry that is missing or not what the format says: its path and why."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


def _get(d: Any, key: str, kind: type | tuple[type, ...], path: str) -> Any:
    if not isinstance(d, dict) or key not in d:
        raise EntryError(f"{path}.{key}" if path else key, "missing")
    value = d[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise EntryError(f"{path}.{key}" if path else key, f"expected {names}, got {value!r}")
    return value


def modifier(score: int) -> int:
    return (score - 10) // 2  # core-d20 D2


def _dice(text: str) -> str:
    """ "2d8 + 2" → "2d8+2"."""
    return text.replace(" ", "")


def hit_clause(desc: str) -> str:
    """The words of the hit itself: after "Hit:", up to the first sentence end or the first
    words that start a rider (", and the target", "If")."""
    hit = desc.split("Hit:", 1)[1] if "Hit:" in desc else ""
    return re.split(r"\.(?:\s|$)|, and the target|, and the |; | If ", hit, maxsplit=1)[0]


def _damage(clause: str, name: str, notes: list[str]) -> tuple[str, str]:
    """The hit's damage as its clause prints it ("2d6+2 piercing + 1d6 fire") and the other form
    of a versatile or thrown weapon. Other forms (while enlarged, with shillelagh, a swarm at
    half its hit points) are noted, not played."""
    alt = ""
    two = re.search(
        r"or \d+ \((\d+d\d+(?: [+-] \d+)?)\) (\w+) damage if (?:used|wielded) with two", clause
    )
    ranged = re.search(r"or \d+ \((\d+d\d+(?: [+-] \d+)?)\) (\w+) damage at range", clause)
    for found in (two, ranged):
        if found:
            alt = f"{_dice(found[1])} {found[2]}"
    alternatives = (
        r",? or \d+ \([^)]*\) \w+ damage[^,.]*",  # "or 11 (2d8 + 2) piercing damage while enlarged"
        r", \d+ \([^)]*\) \w+ damage if [^,.]*",  # "4 (1d8) … damage if wielded with two hands"
    )
    primary = clause.replace(" damage in melee", " damage")
    for pattern in alternatives:
        for other in re.findall(pattern, primary):
            if "two hands" not in other and "at range" not in other:
                when = other.split(" damage ", 1)[-1].strip(" ,")  # the words, not the figures
                notes.append(f"{name}: its other damage ({when})")
        primary = re.sub(pattern, "", primary)
    parts = []
    for m in _WRITTEN.finditer(primary):
        amount = _dice(m[1] or m[2])
        if m[3] not in TYPES:
            continue
        parts.append(f"{amount} {m[3]}")
        if m[4]:
            notes.append(f"{name}: its {m[3]} damage may be {m[4]} instead")
    return " + ".join(parts), alt


def _usage(u: Any) -> str:
    if not isinstance(u, dict):
        return "limited use"
    if u.get("type") == "recharge on roll":
        return f"recharge {u.get('min_value')}–6"
    if u.get("type") == "per day":
        return f"{u.get('times')}/day"
    return str(u.get("type", "limited use"))


def _attack(action: dict[str, Any], notes: list[str], path: str) -> dict[str, Any] | None:
    desc = _get(action, "desc", str, path).strip()
    found = ATTACK.match(desc)
    if found is None:
        return None
    name = _get(action, "name", str, path).strip()
    clause = hit_clause(desc)
    damage, alt = _damage(clause, name, notes)
    if not damage:
        notes.append(f"{name}: a hit without damage")
        return None
    out: dict[str, Any] = {
        "name": name,
        "kind": KIND[found[1]],
        "to_hit": int(found[3]),
        "damage": damage,
    }
    if found[2] == "Spell":
        out["spell"] = True
    if found[4]:
        out["reach"] = max(5, int(found[4]))  # a swarm's "reach 0 ft.": in its space, as 5
        if int(found[4]) < 5:
            notes.append(f"{name}: reach {found[4]} ft (taken as 5)")
    if found[5]:
        out["range"] = f"{found[5]}/{found[6]}" if found[6] else found[5]
    if alt:
        out["alt_damage"] = alt
        out["alt_when"] = "at range" if "at range" in clause else "two hands"
    if desc.split("Hit:", 1)[-1][len(clause) :].strip(" .,"):
        notes.append(f"{name}: what follows the hit (a rider, a save, a grapple)")
    if "usage" in action:
        notes.append(f"{name}: {_usage(action['usage'])} (taken as always ready)")
    return out


def _multiattack(actions: list[Any], notes: list[str], path: str) -> dict[str, int]:
    """Multiattack as counts of named attacks; the first option when it offers a choice."""
    for i, a in enumerate(actions):
        if not isinstance(a, dict) or a.get("name") != "Multiattack":
            continue
        where = f"{path}[{i}]"
        chosen = a.get("actions") or []
        if not chosen and isinstance(a.get("action_options"), dict):
            options = _get(_get(a["action_options"], "from", dict, where), "options", list, where)
            chosen = options[0].get("items", [options[0]]) if options else []
            notes.append("Multiattack: only its first option")
        counts: dict[str, int] = {}
        for item in chosen if isinstance(chosen, list) else []:
            name = item.get("action_name") if isinstance(item, dict) else None
            if not isinstance(name, str):
                continue
            count = str(item.get("count", 1))
            if not count.isdigit():  # "Number of Heads": as many as it has now
                notes.append(f"Multiattack: {name} × {count.lower()} (taken as 1)")
                count = "1"
            if item.get("type") in ("melee", "ranged"):
                counts[name] = counts.get(name, 0) + int(count)
            elif not any(n.startswith(name) for n in notes):
                notes.append(f"Multiattack: {name}")
        return counts
    return {}


def _damage_types(entries: list[Any], what: str, notes: list[str]) -> list[str]:
    found: list[str] = []
    for text in entries:
        named = [t for t in TYPES if re.search(rf"\b{t}\b", str(text))]
        if not named:
            notes.append(f"{what}: {text}")
            continue
        if "from" in str(text) or "that aren't" in str(text):
            notes.append(f"{what} to {', '.join(named)} only from some attacks: taken as to all")
        found += [t for t in named if t not in found]
    return found


def stat_block(m: Any, where: str = "") -> dict[str, Any]:
    """One 5e-database entry in lnf's words (see the module's docstring). EntryError names the
    field that is missing or wrong."""
    if not isinstance(m, dict):
        raise EntryError(where or "entry", "expected an object")
    notes: list[str] = []
    scores = {a[:3]: _get(m, a, int, where) for a in ABILITIES}
    saves = {k: modifier(v) for k, v in scores.items()}
    stealth = modifier(scores["dex"])
    for j, p in enumerate(m.get("proficiencies", [])):
        index = _get(_get(p, "proficiency", dict, f"{where}.proficiencies[{j}]"), "index", str, "")
        if index.startswith("saving-throw-"):
            saves[index.removeprefix("saving-throw-")] = _get(p, "value", int, where)
        if index == "skill-stealth":
            stealth = _get(p, "value", int, where)
    speeds: dict[str, int] = {}
    for kind, text in _get(m, "speed", dict, where).items():
        feet = re.match(r"\d+", str(text))
        if kind != "hover" and feet:
            speeds[kind] = int(feet[0])
    actions = m.get("actions", [])
    if not isinstance(actions, list):
        raise EntryError(f"{where}.actions", "expected a list")
    attacks = []
    for i, x in enumerate(actions):
        path = f"{where}.actions[{i}]"
        found = _attack(x, notes, path) if isinstance(x, dict) else None
        if found is not None:
            attacks.append(found)
        elif isinstance(x, dict) and x.get("name") != "Multiattack":
            usage = f" ({_usage(x['usage'])})" if "usage" in x else ""
            notes.append(f"{_get(x, 'name', str, path)}{usage}")
    named = {a["name"] for a in attacks}
    multi = {
        k: v for k, v in _multiattack(actions, notes, f"{where}.actions").items() if k in named
    }
    for a in attacks:
        if len(multi) == 1 and a["name"] in multi and multi[a["name"]] > 1:
            a["times"] = multi[a["name"]]
    notes += [f"{s.get('name')} (trait)" for s in m.get("special_abilities", [])]
    notes += [f"{r.get('name')} (reaction)" for r in m.get("reactions", [])]
    if m.get("legendary_actions"):
        legendary = ", ".join(str(x.get("name")) for x in m["legendary_actions"])
        notes.append(f"legendary actions: {legendary}")
    senses = m.get("senses", {}) if isinstance(m.get("senses"), dict) else {}
    shown = [f"{k.replace('_', ' ')} {v}" for k, v in senses.items() if k != "passive_perception"]
    if shown:
        notes.append("senses: " + ", ".join(shown))
    other = {k: v for k, v in speeds.items() if k not in ("walk", "fly")}
    if other:
        notes.append("speeds: " + ", ".join(f"{k} {v} ft" for k, v in other.items()))
    armor = _get(m, "armor_class", list, where)
    if not armor or not isinstance(armor[0], dict):
        raise EntryError(f"{where}.armor_class", "expected at least one armor class")
    cr = _get(m, "challenge_rating", (int, float), where)
    out: dict[str, Any] = {
        "name": _get(m, "name", str, where),
        "size": _get(m, "size", str, where).lower(),
        "type": _get(m, "type", str, where) + (f" ({m['subtype']})" if m.get("subtype") else ""),
        "ac": _get(armor[0], "value", int, f"{where}.armor_class[0]"),
        "dr": _dr(armor[0], modifier(scores["dex"])),
        "con_score": scores["con"],
        "hp": _get(m, "hit_points", int, where),
        "hit_dice": _get(m, "hit_points_roll", str, where).replace(" ", ""),
        "speed": speeds.get("walk", 0),
        "fly": speeds.get("fly", 0),
        "reach": max([a.get("reach", 5) for a in attacks if a["kind"] != "ranged"] + [5]),
        "con": modifier(scores["con"]),
        "perception": senses.get("passive_perception", 10 + modifier(scores["wis"])),
        "stealth": stealth,
        "saves": {k: v for k, v in saves.items() if v},
        "resist": _damage_types(m.get("damage_resistances", []), "resistance", notes),
        "immune": _damage_types(m.get("damage_immunities", []), "immunity", notes),
        "vulnerable": _damage_types(m.get("damage_vulnerabilities", []), "vulnerability", notes),
        "condition_immune": _conditions(m.get("condition_immunities", []), notes),
        "attacks": attacks,
        "multiattack": multi if len(multi) > 1 else {},
        "cr": str(Fraction(cr).limit_denominator(8)),
        "xp": m.get("xp", 0),
        "abilities": scores,
        "speeds": other,
        "armor": [_armor(a) for a in armor if isinstance(a, dict)],
        "not_modelled": notes,
    }
    return {k: v for k, v in out.items() if v not in ({}, []) or k == "attacks"}


def _conditions(entries: list[Any], notes: list[str]) -> list[str]:
    """Condition immunities lnf knows (each once); the others (exhaustion) as not modelled."""
    known = {c.value for c in Condition}
    found: list[str] = []
    for c in entries:
        name = str(c.get("index")) if isinstance(c, dict) else str(c)
        if name in known and name not in found:
            found.append(name)
        elif name not in known:
            notes.append(f"immune to {name}")
    return found


def _dr(first: dict[str, Any], dex: int) -> int:
    """V-ACL4 for the stat block's first armor class: named armor and shields by their bonus,
    natural armor (or an AC with nothing named) AC − 10 − Dexterity."""
    items = [x.get("index") for x in first.get("armor", []) if isinstance(x, dict)]
    known = [i for i in items if isinstance(i, str) and i in ARMOR]
    ac = first.get("value", 10)
    if first.get("type") == "armor" and known:
        return armor_dr(known, ac, dex, natural=False)
    if first.get("type") in ("spell", "condition"):
        return 0  # Mage Armor, a condition: no armor worn
    # "dex" (an AC the book leaves to Dexterity) is an AC with nothing named: a Giant Goat's 11
    # with Dexterity +0 is DR 1 by the formula (V-ACL4)
    return armor_dr([], ac if isinstance(ac, int) else 10, dex, natural=True)


def _armor(a: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"type": a.get("type"), "value": a.get("value")}
    if a.get("armor"):
        out["items"] = [x.get("index") for x in a["armor"] if isinstance(x, dict)]
    for key in ("condition", "spell"):
        if isinstance(a.get(key), dict):
            out[key] = a[key].get("index")
    return out
