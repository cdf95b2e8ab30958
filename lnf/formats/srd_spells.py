"""F7: a spell in the 5e-database format (the SRD 5.1 spell file) turned into the spellbook's
figures: level, school, classes, casting time and its F1 cost, range in feet, attack or save,
damage by slot and by character level, healing, area (E1), concentration (F5) and duration in
rounds (F4).

Figures only: no description sentence is kept. Where the structured fields hold no number that
a fight needs, the number is read from the text and only the number kept: Eldritch Blast's
beams by character level, Magic Missile's darts and their dice, Scorching Ray's rays, the
automatic hit of a spell with damage and neither an attack roll nor a save. `also` lists the
game words (conditions, speed, advantage…) the text names besides damage, so that what lnf
does not play is said, never dropped.
"""

from __future__ import annotations

import re
from typing import Any

# F1: what casting spends; anything longer than a reaction is not cast in a fight.
COSTS = {"1 action": "action", "1 bonus action": "bonus action", "1 reaction": "reaction"}
# F4: a round is 6 seconds.
ROUNDS = {"round": 1, "minute": 10, "hour": 600, "day": 14_400}
FEET_PER_MILE = 5_280
TOUCH = 5  # a touch is a mêlée reach
_WORDS = "one two three four five six seven eight nine ten eleven twelve"
NUMBERS = {w: n for n, w in enumerate(_WORDS.split(" "), 1)}
# The words of the rules a spell's text may name besides its damage (F3 conditions and the
# like): kept as the words themselves, to say what lnf does not play.
ALSO = (
    "blinded",
    "charmed",
    "deafened",
    "frightened",
    "grappled",
    "incapacitated",
    "invisible",
    "paralyzed",
    "petrified",
    "poisoned",
    "prone",
    "restrained",
    "stunned",
    "unconscious",
    "exhaustion",
    "speed",
    "advantage",
    "disadvantage",
    "temporary hit points",
    "hit point maximum",
    "regain hit points",
    "pushed",
    "teleport",
    "armor class",
)
_WORD = r"(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_TARGETS = re.compile(r"\bup to " + _WORD + r" (?:willing )?creatures")
_BEAMS = re.compile(_WORD + r" (?:beams|rays|darts) at (\d{1,2})(?:st|nd|rd|th) level")
_MISSILES = re.compile(r"you create " + _WORD + r" (?:glowing )?(darts|rays)\b", re.I)
_MORE = re.compile(r"one (?:more|additional) (?:dart|ray) for each slot level above")
_DART_DICE = re.compile(r"a (?:dart|ray) deals (\d{1,2}d\d{1,2}(?: \+ \d{1,2})?) ", re.I)
_SURE = re.compile(r"\beach (?:dart|missile) hits\b", re.I)
_SAVE = re.compile(r"\b(strength|dexterity|constitution|intelligence|wisdom|charisma) saving throw")
_HALF = re.compile(r"half as much damage")
_CYLINDER = re.compile(r"(\d{1,3})-foot[- ]radius, (\d{1,3})-foot[- ](?:high|tall) cylinder")
_TWO_TYPES = re.compile(r"\b(\d{1,2}d\d{1,2}) (\w+) damage and (\d{1,2}d\d{1,2}) (\w+) damage")
_SPELL_ATTACK = re.compile(r"\b(melee|ranged) spell attack")


def spell_entry(raw: dict[str, Any]) -> dict[str, Any]:
    """The spellbook's figures for one spell of the 5e-database file."""
    text = " ".join([*raw.get("desc", []), *raw.get("higher_level", [])])
    damage = raw.get("damage") or {}
    dc = raw.get("dc") or {}
    area = raw.get("area_of_effect")
    entry: dict[str, Any] = {
        "name": raw["name"],
        "level": raw["level"],
        "school": raw["school"]["name"].lower(),
        "classes": [c["index"] for c in raw.get("classes", [])],
        "casting_time": raw["casting_time"],
        "cost": COSTS.get(raw["casting_time"]),
        "range": raw["range"],
        "feet": range_feet(raw["range"]),
        "attack": raw.get("attack_type"),
        "save": dc["dc_type"]["index"] if dc else None,
        "success": dc.get("dc_success") if dc else None,  # half, none or other
        "damage_type": damage["damage_type"]["index"] if "damage_type" in damage else None,
        "damage": dict(damage.get("damage_at_slot_level", {})),
        "damage_by_level": dict(damage.get("damage_at_character_level", {})),
        "heal": dict(raw.get("heal_at_slot_level", {})),
        "area": {"shape": area["type"], "size": area["size"]} if area else None,
        "concentration": raw["concentration"],
        "duration": raw["duration"],
        "rounds": duration_rounds(raw["duration"]),
        "ritual": raw["ritual"],
        "upcast": bool(raw.get("higher_level")),
    }
    entry.update(_missiles(text, entry))
    two = _TWO_TYPES.search(text)
    first = next(iter(entry["damage"].values()), "")
    if two and re.fullmatch(r"\d+d\d+ \+ \d+d\d+", first):  # Ice Storm: 2d8 + 4d6
        entry["damage_types"] = [two[2], two[4]]
        entry["read"] = [*entry.get("read", []), "damage_types"]
    entry.update(_from_text(text, entry))
    _cylinder(text, entry)
    targets = _TARGETS.search(text)
    if targets:
        entry["targets"] = NUMBERS[targets[1]]
    entry["also"] = [w for w in ALSO if re.search(rf"\b{w}\b", text, re.I)]
    return entry


def range_feet(text: str) -> int | None:
    """The range in feet: `150 feet`, `1 mile`, Touch (5: a mêlée reach), Self (0); None for
    Sight, Unlimited and Special, which no fight measures."""
    words = text.strip().lower()
    if words == "touch":
        return TOUCH
    if words == "self" or words.startswith("self "):
        return 0
    found = re.fullmatch(r"(\d{1,3}) (feet|foot|miles?)", words)
    if found is None:
        return None
    return int(found[1]) * (1 if found[2].startswith("f") else FEET_PER_MILE)


def duration_rounds(text: str) -> int | None:
    """F4: the duration in rounds: Instantaneous 0, `Up to 1 minute` 10; None for Until
    dispelled and Special (no count of rounds)."""
    words = text.strip().lower().removeprefix("up to ").strip()
    if words == "instantaneous":
        return 0
    found = re.fullmatch(r"(\d{1,3}) (round|minute|hour|day)s?", words)
    return int(found[1]) * ROUNDS[found[2]] if found else None


def _missiles(text: str, entry: dict[str, Any]) -> dict[str, Any]:
    """The numbers only the text holds: beams by character level (Eldritch Blast), darts or
    rays and one more per slot level (Magic Missile, Scorching Ray), a dart's dice, and the
    automatic hit of damage with no attack roll and no save."""
    out: dict[str, Any] = {}
    beams = {int(level): NUMBERS[word] for word, level in _BEAMS.findall(text)}
    if beams:
        out["beams"] = {"1": 1, **{str(k): v for k, v in sorted(beams.items())}}
    found = _MISSILES.search(text)
    if found:
        out["missiles"] = NUMBERS[found[1].lower()]
        out["more_per_slot"] = 1 if _MORE.search(text) else 0
        dice = _DART_DICE.search(text)
        if dice:
            out["missile_damage"] = dice[1]
    if _SURE.search(text):
        out["auto_hit"] = True
    return out


def _cylinder(text: str, entry: dict[str, Any]) -> None:
    """E1 counts a cylinder by its radius; the structured size of one spell (Flame Strike, a
    10-foot-radius, 40-foot-high cylinder: size 40) is its height. The text's radius wins."""
    found = _CYLINDER.search(text)
    area = entry["area"]
    if found and area and area["shape"] == "cylinder" and area["size"] != int(found[1]):
        area["size"] = int(found[1])
        entry["read"] = [*entry.get("read", []), "area"]


def _from_text(text: str, entry: dict[str, Any]) -> dict[str, Any]:
    """A damage spell's attack roll or save when its structured fields have neither (Flaming
    Sphere's Dexterity save, Flame Blade's mêlée spell attack): read from the text, and named
    under `read` so that a reader knows the figure is the text's."""
    has_damage = entry["damage"] or entry["damage_by_level"]
    if not has_damage or entry["attack"] or entry["save"] or entry.get("auto_hit"):
        return {}
    attack = _SPELL_ATTACK.search(text)
    if attack:
        return {"attack": attack[1], "read": ["attack"]}
    save = _SAVE.search(text)
    if save:
        success = "half" if _HALF.search(text) else "none"
        return {"save": save[1][:3], "success": success, "read": ["save"]}
    return {}
