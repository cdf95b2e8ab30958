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

from lnf.dice.abilities import ability_modifier
from lnf.formats import divine_eminence, free_movement, multiattack, shillelagh
from lnf.formats import srd_fields as sf
from lnf.formats.dm_items import precise
from lnf.formats.monster_weapons import armed
from lnf.formats.riders import block_riders
from lnf.formats.specials import special, whole_block
from lnf.formats.srd_fields import EntryError
from lnf.formats.srd_traits import block_flags, block_traits
from lnf.model import Condition, Flag, TraitKind
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
# Figures of at most four digits (no stat block needs more): a file's 5,000-digit "to hit" is
# then no attack at all, never a number too long to read.
ATTACK = re.compile(
    r"^(Melee or Ranged|Melee|Ranged) (Weapon|Spell) Attack: ([+-]\d{1,4}) to hit(?: \([^)]*\))?, "
    r"(?:reach (\d{1,4}) ft\.)?(?: or )?(?:range (\d{1,4})(?:/(\d{1,4}))? ft\.)?"
)
_WRITTEN = re.compile(
    r"(?:\d+ \((\d{1,3}d\d{1,4}(?: [+-] \d{1,4})?)\)|(?<![\d(])\b(\d{1,4})) (\w+)(?: or (\w+))? "
    r"damage"
)
SIZES = ("tiny", "small", "medium", "large", "huge", "gargantuan")
HIT_DICE = re.compile(r"\d{1,3}d\d{1,3}(?:\s*[+-]\s*\d{1,5})?")
MAX_DESC = 10_000  # characters of an action's description; the SRD's longest has 1,212


def _dice(text: str) -> str:
    """ "2d8 + 2" → "2d8+2"."""
    return text.replace(" ", "")


# D5: a critical hit's dice rolled more often than twice (the balor's longsword).
CRIT_TIMES = re.compile(
    r"If the \w+ scores a critical hit, it rolls damage dice (three|four) times, instead of twice"
)
WORD_TIMES = {"three": 3, "four": 4}
# B8: a swarm's bites deal their other damage "if the swarm has half of its hit points or fewer".
HALF_HP = r"if the swarm has half of its hit points or fewer"


def hit_clause(desc: str) -> str:
    """The words of the hit itself: after "Hit:", up to the first sentence end or the first
    words that start a rider (", and the target", "If")."""
    hit = desc.split("Hit:", 1)[1] if "Hit:" in desc else ""
    return re.split(r"\.(?:\s|$)|, and the target|, and the |; | If ", hit, maxsplit=1)[0]


def _damage(clause: str, name: str, notes: list[str]) -> tuple[str, str, str]:
    """The hit's damage as its clause prints it ("2d6+2 piercing + 1d6 fire"), the other form
    of a versatile or thrown weapon or of a swarm's bites at half its hit points or fewer, and
    when it applies (`AltUse`'s words; while enlarged, B6). Other forms (with shillelagh:
    `formats.shillelagh`) are noted here."""
    alt = when = ""
    other = r"or \d+ \((\d+d\d+(?: [+-] \d+)?)\) (\w+) damage "
    for pattern, words in (
        (other + r"if (?:used|wielded) with two", "two hands"),
        (other + r"at range", "at range"),
        (other + HALF_HP, "at half hit points"),  # B8: a swarm's bites
        (other + r"while enlarged", "while enlarged"),  # B6: the duergar's Enlarge
    ):
        if found := re.search(pattern, clause):
            alt, when = f"{_dice(found[1])} {found[2]}", words
    alternatives = (
        r",? or \d+ \([^)]*\) \w+ damage[^,.]*",  # "or 11 (2d8 + 2) piercing damage while enlarged"
        r", \d+ \([^)]*\) \w+ damage if [^,.]*",  # "4 (1d8) … damage if wielded with two hands"
    )
    primary = clause.replace(" damage in melee", " damage")
    for pattern in alternatives:
        for found_other in re.findall(pattern, primary):
            kept = ("two hands", "at range", HALF_HP, "while enlarged")
            if not any(re.search(w, found_other) for w in kept):
                # the words, not the figures
                words = found_other.split(" damage ", 1)[-1].strip(" ,")
                notes.append(f"{name}: its other damage ({words})")
        primary = re.sub(pattern, "", primary)
    parts = []
    for m in _WRITTEN.finditer(primary):
        amount = _dice(m[1] or m[2])
        if m[3] not in TYPES:
            continue
        parts.append(f"{amount} {m[3]}")
        if m[4]:
            notes.append(f"{name}: its {m[3]} damage may be {m[4]} instead")
    return " + ".join(parts), alt, when


def _usage(u: Any, path: str) -> str:
    """A limited use as the stat block says it: "recharge 5–6", "3/day"."""
    if not isinstance(u, dict):
        raise EntryError(path, f"expected an object, got {sf.shown(u)}")
    kind: str = sf.get(u, "type", str, path, default="limited use")
    if kind == "recharge on roll":
        return f"recharge {sf.get(u, 'min_value', int, path, bounds=(1, 6))}–6"
    if kind == "per day":
        return f"{sf.get(u, 'times', int, path, bounds=(1, 100))}/day"
    return kind[:40]


def _attack(action: dict[str, Any], notes: list[str], path: str) -> dict[str, Any] | None:
    desc = sf.get(action, "desc", str, path, default="").strip()
    if len(desc) > MAX_DESC:
        raise EntryError(f"{path}.desc", f"longer than {MAX_DESC:,} characters (the limit)")
    name = sf.label(action, "name", path)
    found = ATTACK.match(desc)
    if found is None:
        return None
    clause = hit_clause(desc)
    damage, alt, when = _damage(clause, name, notes)
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
        out["alt_when"] = when
    if crit := CRIT_TIMES.search(desc):  # D5: "rolls damage dice three times, instead of twice"
        out["crit_times"] = WORD_TIMES[crit[1].lower()]
    if riders := block_riders(desc, name, notes):  # F6: what the hit brings besides damage
        out["riders"] = riders
    if "usage" in action:
        notes.append(f"{name}: {_usage(action['usage'], f'{path}.usage')} (taken as always ready)")
    return out


def _multiattack(
    m: dict[str, Any], actions: list[dict[str, Any]], named: list[str], notes: list[str], path: str
) -> tuple[dict[str, int], list[dict[str, Any]]]:
    """B1: Multiattack as its text says (formats/multiattack), its fields checked first: its
    counts, and every way it offers when it offers a choice."""
    for i, a in enumerate(actions):
        if a.get("name") != "Multiattack":
            continue
        where = f"{path}[{i}]"
        listed = sf.items(a, "actions", where)
        if not listed and "action_options" in a:
            options = sf.items(
                sf.get(sf.get(a, "action_options", dict, where), "from", dict, where),
                "options",
                f"{where}.action_options.from",
            )
            if options:
                listed = sf.items(options[0], "items", f"{where}.action_options.from.options[0]")
        for j, item in enumerate(listed):
            at = f"{where}.actions[{j}]"
            if item.get("action_name") is not None:
                sf.label(item, "action_name", at)
                sf.get(item, "count", (int, str), at, default=1)
        counts = multiattack.read(m, a, named, notes)
        return counts, multiattack.options(a, named, counts, notes)
    return {}, []


def _special_first(actions: list[dict[str, Any]], specials: list[str], notes: list[str]) -> str:
    """B1: the special action its Multiattack uses first (formats/multiattack), if any."""
    multi = next((a for a in actions if a.get("name") == "Multiattack"), None)
    return multiattack.special_first(multi, specials, notes) if multi is not None else ""


def _damage_types(
    m: dict[str, Any], key: str, where: str, notes: list[str], mundane: list[str]
) -> list[str]:
    """D6: the types resisted, immune or vulnerable; those "from nonmagical weapons (attacks)"
    also in `mundane` (the `nonmagical only` trait: no defence against a magical attack; a
    silvered or adamantine weapon counts as a nonmagical one, docs/choices.md D6)."""
    what = {"damage_resistances": "resistance", "damage_immunities": "immunity"}.get(
        key, "vulnerability"
    )
    found: list[str] = []
    for text in sf.items(m, key, where, str):
        named = [t for t in TYPES if re.search(rf"\b{t}\b", text)]
        if not named:
            notes.append(f"{what}: {text}")
            continue
        if re.search(r"\bfrom nonmagical (?:weapons|attacks)\b", text):
            mundane += [t for t in named if t not in mundane]
        elif "from" in text or "that aren't" in text:
            notes.append(f"{what} to {', '.join(named)} only from some attacks: taken as to all")
        found += [t for t in named if t not in found]
    return found


def _named(m: dict[str, Any], key: str, where: str) -> list[str]:
    """The names of a list of features (traits, reactions, legendary actions)."""
    return [
        sf.label(x, "name", f"{where}.{key}[{i}]") for i, x in enumerate(sf.items(m, key, where))
    ]


_PARRY = re.compile(r"adds (\d+) to its AC against one melee attack", re.IGNORECASE)
_WEARER = re.compile(
    r"^When a creature makes an attack against the wearer of the [\w ]+'s amulet, the [\w ]+ "
    r"grants a \+(\d+) bonus to the wearer's AC if the [\w ]+ is within 5 feet of the wearer\.$"
)
# B8 Bound: "half of any damage the wearer takes (rounded up) is transferred to the guardian"
_BOUND = re.compile(r"half of any damage the wearer takes \(rounded up\) is transferred to the")


def _guards(m: dict[str, Any], where: str) -> tuple[list[str], list[str]]:
    """F1: a stat block's Parry ("adds 2 to its AC against one melee attack that would hit
    it") as a guard lnf plays; the other reactions' names, for what is not modelled."""
    guards, others = [], []
    for i, x in enumerate(sf.items(m, "reactions", where)):
        name = sf.label(x, "name", f"{where}.reactions[{i}]")
        found = _PARRY.search(str(x.get("desc", ""))[:2000])
        wearer = _WEARER.search(str(x.get("desc", ""))[:2000])
        if name.lower() == "parry" and found and 1 <= int(found[1]) <= 10:
            guards.append(f"parry {found[1]}")
        elif wearer and 1 <= int(wearer[1]) <= 10:  # B8: a shield guardian's Shield
            guards.append(f"amulet {wearer[1]}")
        else:
            others.append(name)
    return guards, others


def stat_block(m: Any, where: str = "") -> dict[str, Any]:
    """One 5e-database entry in lnf's words (see the module's docstring). EntryError names the
    field that is missing or wrong."""
    if not isinstance(m, dict):
        raise EntryError(where or "entry", "expected an object")
    notes: list[str] = []
    scores = {a[:3]: sf.get(m, a, int, where, bounds=(1, 30)) for a in ABILITIES}  # 5e's range
    saves = {k: ability_modifier(v) for k, v in scores.items()}
    stealth = ability_modifier(scores["dex"])
    for j, p in enumerate(sf.items(m, "proficiencies", where)):
        at = f"{where}.proficiencies[{j}]"
        index = sf.get(sf.get(p, "proficiency", dict, at), "index", str, f"{at}.proficiency")
        if index.startswith("saving-throw-") and index.removeprefix("saving-throw-") in saves:
            saves[index.removeprefix("saving-throw-")] = sf.get(p, "value", int, at, bounds=BONUS)
        if index == "skill-stealth":
            stealth = sf.get(p, "value", int, at, bounds=BONUS)
    speeds: dict[str, int] = {}
    for kind, text in sf.get(m, "speed", dict, where).items():
        feet = re.match(r"\d{1,4}\b", str(text)) if isinstance(text, str | int) else None
        if kind != "hover" and feet:
            speeds[kind[:40]] = int(feet[0])
    actions = sf.items(m, "actions", where)
    attacks: list[dict[str, Any]] = []
    specials: list[tuple[dict[str, Any], str]] = []  # B1: the actions that are no attacks
    for i, x in enumerate(actions):
        path = f"{where}.actions[{i}]"
        found = _attack(x, notes, path)
        if found is not None:
            attacks.append(found)
        elif x.get("name") != "Multiattack":
            if "usage" in x:
                _usage(x["usage"], f"{path}.usage")  # its fields checked
            sf.get(x, "name", str, path)
            specials.append((special(x), str(x.get("desc", ""))[:MAX_DESC]))
    texts = [str(x.get("desc", "")) for x in [*actions, *sf.items(m, "special_abilities", where)]]
    for a in attacks:
        armed(a, texts)  # the SRD weapon's properties (V3's two-handed bows)
    multi, offered = _multiattack(
        m, actions, [a["name"] for a in attacks], notes, f"{where}.actions"
    )
    for a in attacks:
        if len(multi) == 1 and a["name"] in multi and multi[a["name"]] > 1:
            a["times"] = multi[a["name"]]
    abilities = _named(m, "special_abilities", where)  # each checked: an object with a name
    traits, flags = block_traits(m), block_flags(m)  # B8, R5: played, not listed
    notes += [f"{n} (trait)" for n in abilities if n not in traits.names | flags.names]
    guards, reactions = _guards(m, where)
    notes += [f"{n} (reaction)" for n in reactions]
    _named(m, "legendary_actions", where)  # their fields checked
    whole = whole_block(m, [a["name"] for a in attacks], specials, notes)
    if kept := shillelagh.keep_up(m, attacks, whole.get("spellcasting", []), notes):  # B6
        whole["before_combat"] = whole.get("before_combat", []) + kept["before_combat"]
        for key in ("uses", "used"):
            whole[key] = whole.get(key, {}) | kept.get(key, {})
    notes[:] = precise(m, notes)  # B8: a shape, a mind read, a disguise its text clears
    eminent = divine_eminence.eminent_attacks(m, attacks, whole.get("slots", {}), notes)  # B6
    whole["actions"] = whole.get("actions", []) + eminent
    guards += [g for g in whole.pop("guards", []) if g not in guards]  # F1: Shield
    special_first = _special_first(actions, [x["name"] for x in whole.get("actions", [])], notes)
    senses = sf.get(m, "senses", dict, where, default={})
    shown = [
        f"{k.replace('_', ' ')[:40]} {str(v)[:200]}"
        for k, v in senses.items()
        if k != "passive_perception"
    ]
    if shown:
        notes.append("senses: " + ", ".join(shown))
    other = {k: v for k, v in speeds.items() if k not in ("walk", "fly")}
    if other:
        notes.append("speeds: " + ", ".join(f"{k} {v} ft" for k, v in other.items()))
    armor = sf.items(m, "armor_class", where)
    if not armor:
        raise EntryError(f"{where}.armor_class", "expected at least one armor class")
    first = f"{where}.armor_class[0]"
    cr = sf.get(m, "challenge_rating", (int, float), where, bounds=(0, 30))
    size = sf.get(m, "size", str, where).lower()
    if size not in SIZES:
        raise EntryError(f"{where}.size", f"{sf.shown(size)} is no size ({', '.join(SIZES)})")
    hit_dice = sf.get(m, "hit_points_roll", str, where)
    if HIT_DICE.fullmatch(hit_dice.strip()) is None:
        raise EntryError(f"{where}.hit_points_roll", f"{sf.shown(hit_dice)} is not dice like 5d8+5")
    subtype = sf.get(m, "subtype", str, where, default="")
    mundane: list[str] = []
    played: list[str] = []
    bound = any(  # B8: a shield guardian's Bound
        x.get("name") == "Bound" and _BOUND.search(str(x.get("desc", ""))[:2000])
        for x in sf.items(m, "special_abilities", where)
    )
    out: dict[str, Any] = {
        "name": sf.label(m, "name", where),
        "size": size,
        "type": sf.get(m, "type", str, where)[:40] + (f" ({subtype[:40]})" if subtype else ""),
        "ac": whole.pop("ac", None) or sf.get(armor[0], "value", int, first, bounds=(0, 40)),
        "dr": _dr(armor[0], ability_modifier(scores["dex"]), first),
        "con_score": scores["con"],
        "hp": sf.get(m, "hit_points", int, where, bounds=(1, 100_000)),
        "hit_dice": hit_dice.replace(" ", ""),
        "speed": speeds.get("walk", 0),
        "fly": speeds.get("fly", 0),
        "reach": max([a.get("reach", 5) for a in attacks if a["kind"] != "ranged"] + [5]),
        "con": ability_modifier(scores["con"]),
        "perception": sf.get(
            senses,
            "passive_perception",
            int,
            f"{where}.senses",
            10 + ability_modifier(scores["wis"]),
            (0, 50),
        ),
        "stealth": stealth,
        "saves": {k: v for k, v in saves.items() if v},
        "resist": _damage_types(m, "damage_resistances", where, notes, mundane),
        "immune": _damage_types(m, "damage_immunities", where, notes, mundane)
        + whole.pop("immune", []),  # B6: Mind Blank cast before combat
        "vulnerable": _damage_types(m, "damage_vulnerabilities", where, notes, []),
        "condition_immune": _conditions(m, where, notes, played)
        + whole.pop("condition_immune", [])
        + free_movement.unfettered(m, notes),  # B8: the kraken's trait
        "attacks": attacks,
        "multiattack": multi if len(multi) > 1 else {},
        "multiattack_options": offered,
        "multiattack_action": special_first or [],  # dropped when none
        "guards": guards,  # F1: Parry, Shield
        **whole,  # B1, B2, B6, B7: actions, spells, slots, legendary actions, uses
        "reactions": reactions,
        "cr": str(Fraction(cr).limit_denominator(8)),
        "xp": sf.get(m, "xp", int, where, default=0, bounds=(0, 10_000_000)),
        "abilities": scores,
        "speeds": other,
        "armor": [_armor(a, f"{where}.armor_class[{i}]") for i, a in enumerate(armor)],
        "not_modelled": [sf.note(n) for n in notes if n not in (SPELLS_RESISTED, BOUND * bound)],
        "flags": list(flags.forms)  # R5: swarm, incorporeal; D6: the archmage's; B8: Bound
        + ([str(Flag.RESISTS_SPELLS)] if SPELLS_RESISTED in notes else [])
        + ([str(Flag.BOUND)] if bound else []),
        "traits": [*traits.forms, *played, *_nonmagical(mundane)],
    }
    return {k: v for k, v in out.items() if v not in ({}, []) or k == "attacks"}


BOUND = "Bound (trait)"
SPELLS_RESISTED = "resistance: damage from spells"  # D6: a resistance to no type, all spells'


def _nonmagical(types: list[str]) -> list[str]:
    """D6: the `nonmagical only` trait for the types defended from nonmagical attacks only."""
    return [f"{TraitKind.NONMAGICAL_ONLY} ({', '.join(sorted(types))})"] if types else []


BONUS = (-20, 40)  # a save's or a skill's bonus


def _conditions(m: dict[str, Any], where: str, notes: list[str], played: list[str]) -> list[str]:
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


def _dr(first: dict[str, Any], dex: int, where: str) -> int:
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


def _armor(a: dict[str, Any], where: str) -> dict[str, Any]:
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
