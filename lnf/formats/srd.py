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
from lnf.formats import hold_words as hw
from lnf.formats import srd_fields as sf
from lnf.formats.dm_items import precise
from lnf.formats.escapes import escape_of, unlisted
from lnf.formats.monster_weapons import armed
from lnf.formats.riders import block_riders, own_damage
from lnf.formats.specials import special, whole_block
from lnf.formats.spell_storing import storing
from lnf.formats.srd_defences import (
    TYPES,
    armor_dr_of,
    armor_entry,
    condition_immunities,
    damage_types,
    defence_flags,
    magic_only_trait,
    nonmagical_trait,
)
from lnf.formats.srd_fields import EntryError
from lnf.formats.srd_standing import standing
from lnf.formats.srd_traits import block_flags, block_reactions, block_traits
from lnf.formats.touch_traits import adhesive_riders, counted_pieces, stealth_bonus
from lnf.model import TraitKind

ABILITIES = ("strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma")
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


def _damage(
    clause: str, name: str, notes: list[str], either: dict[str, str]
) -> tuple[str, str, str]:
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
        if m[4] in TYPES:  # D6, B6: "lightning or thunder damage (djinni's choice)"
            either[m[3]] = m[4]
        elif m[4]:
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
    either: dict[str, str] = {}  # D6: "lightning or thunder damage"
    damage, alt, when = _damage(clause, name, notes, either)
    if not own_damage(desc):  # F6: the guardian naga's spit: its damage is the save's rider's
        damage = alt = ""
    unread: list[str] = []
    riders = block_riders(desc, name, unread)  # F6: what the hit brings besides damage
    if not damage and (unread or not riders):
        notes.append(f"{name}: a hit without damage")  # F6: only riders lnf reads whole
        return None
    notes += unread
    out: dict[str, Any] = {"name": name, "kind": KIND[found[1]], "to_hit": int(found[3])}
    if damage:
        out["damage"] = damage
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
    if either:
        out["either"] = either
    if crit := CRIT_TIMES.search(desc):  # D5: "rolls damage dice three times, instead of twice"
        out["crit_times"] = WORD_TIMES[crit[1].lower()]
    if riders:
        out["riders"] = riders
    if "usage" in action:  # B2: a limited attack is an action of the fight file's (the web)
        usage = _usage(action["usage"], f"{path}.usage")
        if found := re.fullmatch(r"recharge (\d)–6", usage):
            out["recharge"] = int(found[1])
        elif found := re.fullmatch(r"(\d+)/day", usage):
            out["per_day"] = int(found[1])
        else:
            notes.append(f"{name}: {usage} (taken as always ready)")
    return out


def _multiattack(
    m: dict[str, Any],
    actions: list[dict[str, Any]],
    named: list[str],
    notes: list[str],
    path: str,
    rolled: dict[str, str],
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
        counts = multiattack.read(m, a, named, notes, rolled)
        return counts, multiattack.options(a, named, counts, notes)
    return {}, []


def _limbs(m: dict[str, Any], attacks: list[dict[str, Any]]) -> set[str]:
    """F6: a trait that says how many limbs hold at once ("The roper can have up to six
    tendrils at a time") sets that limit on the grapple of the attack named for the limb; the
    trait's names, when it does (docs/choices.md F6, tendrils)."""
    found: set[str] = set()
    for trait in m.get("special_abilities", []):
        said = hw.LIMBS_TRAIT.search(str(trait.get("desc", "")))
        count = hw.NUMBERS.get(said["n"].lower(), 0) if said else 0
        held = [a for a in attacks if said and a["name"].lower() == said["limb"].lower()]
        for a in held:
            a["riders"] = [r | {"holds": count} if r.get("grapple") else r for r in a["riders"]]
        if count and held:
            found.add(str(trait.get("name")))
    return found


def _special_first(
    actions: list[dict[str, Any]], specials: list[str], notes: list[str], attacks: list[str]
) -> tuple[str, list[str]]:
    """B1: the special action its Multiattack uses first (formats/multiattack), if any, and
    the attacks it replaces one of (the chimera's breath: its bite or horns)."""
    multi = next((a for a in actions if a.get("name") == "Multiattack"), None)
    first = multiattack.special_first(multi, specials, notes) if multi is not None else ""
    return first, multiattack.in_place(multi, attacks) if first and multi is not None else []


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
    rolled: dict[str, str] = {}  # B1: "1d4 Rotting Touch attacks", rolled each turn
    adhesive_riders(m, attacks, notes)  # B8, F6: the mimic's Pseudopod
    multi, offered = _multiattack(
        m, actions, [a["name"] for a in attacks], notes, f"{where}.actions", rolled
    )
    for a in attacks:
        if len(multi) == 1 and a["name"] in multi and multi[a["name"]] > 1:
            a["times"] = multi[a["name"]]
    abilities = _named(m, "special_abilities", where)  # each checked: an object with a name
    traits, flags = block_traits(m), block_flags(m)  # B8, R5: played, not listed
    stands, standing_names = standing(m)  # S3's light, F3's invisible: fight-file fields
    held = _limbs(m, attacks)  # F6: the roper's Grasping Tendrils
    ranged = [a["name"] for a in attacks if a["kind"] == "ranged"]
    pieces, counting = counted_pieces(m, ranged)  # B2: the manticore's tail spikes
    played_names = traits.names | flags.names | standing_names | held | counting
    notes += [f"{n} (trait)" for n in abilities if n not in played_names]
    if any(f.startswith(str(TraitKind.MULTIPLE_HEADS)) for f in traits.forms):
        notes[:] = [n for n in notes if not n.startswith("Multiattack: a bite per head")]  # B8
    guards, reactions = _guards(m, where)
    reacts = block_reactions(m)  # B10: played as traits
    notes += [f"{n} (reaction)" for n in reactions if n not in reacts.names]
    _named(m, "legendary_actions", where)  # their fields checked
    limited = [a for a in attacks if "recharge" in a or "per_day" in a]  # B2
    attacks = [a for a in attacks if a not in limited]
    whole = whole_block(m, [a["name"] for a in attacks], specials, notes)
    if limited:
        whole["actions"] = [*whole.get("actions", []), *limited]
    if kept := shillelagh.keep_up(m, attacks, whole.get("spellcasting", []), notes):  # B6
        whole["before_combat"] = whole.get("before_combat", []) + kept["before_combat"]
        for key in ("uses", "used"):
            whole[key] = whole.get(key, {}) | kept.get(key, {})
    notes[:] = precise(m, notes)  # B8: a shape, a mind read, a disguise its text clears
    leaving = escape_of(m)  # C1, M6: Teleport, Etherealness, Ink Cloud
    notes[:] = unlisted(notes, leaving)
    whole["uses"] = whole.get("uses", {}) | leaving.pop("uses", {})
    eminent = divine_eminence.eminent_attacks(m, attacks, whole.get("slots", {}), notes)  # B6
    whole["actions"] = whole.get("actions", []) + eminent
    guards += [g for g in whole.pop("guards", []) if g not in guards]  # F1: Shield
    if pieces:
        whole["uses"] = {**whole.get("uses", {}), **pieces}
    special_first, replaced = _special_first(
        actions, [x["name"] for x in whole.get("actions", [])], notes, [a["name"] for a in attacks]
    )
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
    magic_only: list[str] = []
    played: list[str] = [str(TraitKind.REEL)] if multiattack.reels(m, notes) else []
    if multiattack.swallow_bite(m, attacks, notes):  # F6: the tarrasque's, with its bite
        whole["actions"] = [a for a in whole.get("actions", []) if a["name"] != "Swallow"]
    if form := multiattack.engulfs(m, notes):  # F6: the mound's, no action of its own
        played.append(form)
        whole["actions"] = [a for a in whole.get("actions", []) if a["name"] != "Engulf"]
    resist = damage_types(m, "damage_resistances", where, notes, mundane)  # D6
    marked = defence_flags(m, notes)  # D6: the archmage's spells resisted; B8: Bound
    stores = storing(m, notes)  # B8: Spell Storing's highest level
    out: dict[str, Any] = {
        "name": sf.label(m, "name", where),
        "size": size,
        "type": sf.get(m, "type", str, where)[:40] + (f" ({subtype[:40]})" if subtype else ""),
        "ac": whole.pop("ac", None) or sf.get(armor[0], "value", int, first, bounds=(0, 40)),
        "dr": armor_dr_of(armor[0], ability_modifier(scores["dex"]), first),
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
        "stealth": stealth_bonus(m, stealth),  # B8: Shadow Stealth's +6
        "saves": {k: v for k, v in saves.items() if v},
        "resist": resist,
        "immune": damage_types(m, "damage_immunities", where, notes, mundane)
        + whole.pop("immune", []),  # B6: Mind Blank cast before combat
        "vulnerable": damage_types(m, "damage_vulnerabilities", where, notes, magic_only),
        "condition_immune": condition_immunities(m, where, notes, played)
        + whole.pop("condition_immune", [])
        + free_movement.unfettered(m, notes),  # B8: the kraken's trait
        "attacks": attacks,
        "multiattack": multi if len(multi) > 1 else {},
        "multiattack_options": offered,
        "multiattack_rolled": rolled,
        "multiattack_in_place": replaced,
        "multiattack_spell": multiattack.spell_way(m, [a["name"] for a in attacks], notes),
        "multiattack_held": multiattack.held_action(
            m, [x["name"] for x in whole.get("actions", [])], notes
        )
        or [],  # dropped when none
        "multiattack_action": special_first or [],  # dropped when none
        "guards": guards,  # F1: Parry, Shield
        **whole,  # B1, B2, B6, B7: actions, spells, slots, legendary actions, uses
        **leaving,  # C1: its way of leaving by magic
        **stores,
        "reactions": reactions,
        "cr": str(Fraction(cr).limit_denominator(8)),
        "xp": sf.get(m, "xp", int, where, default=0, bounds=(0, 10_000_000)),
        "abilities": scores,
        "speeds": other,
        "armor": [armor_entry(a, f"{where}.armor_class[{i}]") for i, a in enumerate(armor)],
        "not_modelled": [sf.note(n) for n in notes],
        "flags": list(flags.forms) + marked,  # R5: swarm, incorporeal; D6, B8
        **stands,  # S3: it sheds light; F3: it is invisible
        "traits": [
            *traits.forms,
            *reacts.forms,
            *played,
            *nonmagical_trait(mundane),
            *magic_only_trait(magic_only),
        ],
    }
    return {k: v for k, v in out.items() if v not in ({}, []) or k == "attacks"}


BONUS = (-20, 40)  # a save's or a skill's bonus
