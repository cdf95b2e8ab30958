"""B1, B2: a stat block's special actions (every action that is not a weapon attack: a breath, a
gaze, a save action, Frightful Presence) and its legendary actions, read as figures: usage
(recharge X–6, per day), save (ability, DC, half or none), damage, area (shape and size from the
text, E1's input), the conditions a failed save imposes with how long they last.

Figures only, no sentence of the description. `whole_block` turns them, with the stat block's
spells and legendary actions, into the fight file's fields (`lnf.formats.monster_actions`);
what it cannot turn into one is named in `not_modelled`.
"""

from __future__ import annotations

import re
from typing import Any

from lnf.formats.multiattack import NUMBERS
from lnf.formats.not_played import DM, why
from lnf.formats.riders import ABILITIES, CONDITIONS

_CHOICE = re.compile(
    r"(?:each|any number of) creatures? of (?:its|the [\w' ]+?'s) choice"
    r"|targets one or more creatures it can see",
    re.I,
)
# B1, F4: "the creature is immune to the dragon's Frightful Presence for the next 24 hours"
_IMMUNE = re.compile(r"\bimmune to (?:the|this) [^.]{1,80}? for the next 24 hours", re.I)
_SAVE = re.compile(r"DC (\d{1,2}) (\w+) saving throw", re.I)
_DAMAGE = re.compile(r"\d+ \((\d{1,3}d\d{1,3}(?: [+-] \d{1,4})?)\) (\w+) damage", re.I)
_SHAPE = re.compile(
    r"(\d{1,4})-foot(?:-radius)?(?:-tall)? (cone|line|cube|sphere|cylinder|square|circle|radius)"
    r"(?: that is (\d{1,3}) feet wide)?",
    re.I,
)
_WITHIN = re.compile(
    r"(?:(?:each|every|any) (?:other |non-\w+ |living )?(?:creature|humanoid and giant)"
    r"(?: of [\w' ]+? choice)?"
    r"|one or more creatures it can see)"
    r"(?: that is)? within "
    r"(\d{1,4}) (?:feet|ft\.?) of (?:it|the [\w ]+?|itself)\b",
    re.I,
)
_FAILED = re.compile(
    r"(?:or (?:be |become |fall )|and (?:be |is )?(?:knocked )?|is )(?:knocked |magically )?"
    r"(blinded|charmed|deafened|frightened|grappled|incapacitated|paralyzed|petrified|poisoned|"
    r"prone|restrained|stunned|unconscious)"
    r"(?:[^.]*? for (\d{1,2}|one|a|an) (round|minute|hour|day)s?"
    r"|[^.]*? until the (end|start) of (its|the [\w ]{1,30}?'s) next turn)?",
    re.I,
)
# F3 (docs/riders.md): effects a failed save imposes that lnf plays as conditions of its own,
# by the words that say them, each with its duration when the sentence gives one.
_EFFECTS = (
    (
        re.compile(
            r"disadvantage on Strength-based attack rolls, Strength checks, and Strength "
            r"saving throws(?: for (\d{1,2}|one|a|an) (round|minute|hour)s?)?",
            re.I,
        ),
        "weakened",
    ),
    (
        re.compile(
            r"can't use reactions, its speed is halved, and it can't make more than one attack "
            r"on its turn\. In addition, the (?:creature|target) can (?:use|take) either an "
            r"action or a bonus action on its turn, (?:but )?not both\.(?: These effects last "
            r"for (\d{1,2}|one|a|an) (round|minute|hour)s?)?",
            re.I,
        ),
        "slowed",
    ),
)
# F6: "On a failed save, the creature is pushed 40 feet away from the dragon" (Repulsion Breath).
_PUSHED = re.compile(r"\bis pushed (\d{1,3}) (?:feet|ft\.) away from (?:it|the [\w ]+?)\b", re.I)
_REPEAT = re.compile(
    r"repeat the saving throw at the (end|start) of each of its turns"
    r"(, with disadvantage if the [\w ]+? is within line of sight)?",  # B8: the quasit's Scare
    re.I,
)
_BOLTS = re.compile(r"\b(two|three|four|five) (?:bolts|rays|beams)\b[^.]*\beach\b", re.I)
_OPTION = re.compile(r"^([A-Z][\w' ]{1,40})\. (.+)$", re.M)  # "Cold Breath. The dragon exhales…"
_COST = re.compile(r"\s*\(costs (\d) actions\)", re.I)


def special(action: dict[str, Any]) -> dict[str, Any]:
    """One action that is not a weapon attack, as the figures its fields and text give."""
    desc = str(action.get("desc", ""))[:10_000]
    out: dict[str, Any] = {"name": str(action["name"]).strip()[:100]}
    usage = action.get("usage")
    if isinstance(usage, dict):
        if usage.get("type") == "recharge on roll" and isinstance(usage.get("min_value"), int):
            out["recharge"] = usage["min_value"]
        elif usage.get("type") == "per day" and isinstance(usage.get("times"), int):
            out["per_day"] = usage["times"]
        elif isinstance(usage.get("type"), str):
            out["usage"] = usage["type"][:40]
    options = _OPTION.findall(desc) if "one of the following" in desc else []
    if options:  # a dragon's "Breath Weapons": each its own figures, one use between them
        out["options"] = [special({"name": n, "desc": text}) for n, text in options]
        return out
    if save := _SAVE.search(desc):
        ability = ABILITIES.get(save[2].lower())
        if ability is not None:
            out["save"] = f"{ability.name.lower()} {int(save[1])}"
            half = re.search(r"half as much damage", desc, re.I) is not None
            if _DAMAGE.search(desc):
                out["half"] = half
    damage = [f"{m[1].replace(' ', '')} {m[2].lower()}" for m in _DAMAGE.finditer(desc)]
    if damage:
        out["damage"] = " + ".join(dict.fromkeys(damage))
    if area := area_of(desc):
        out["area"] = area
    conditions, lasting = imposed(desc)
    if conditions:
        out["conditions"] = conditions
    if lasting:
        out["lasting"] = lasting
    if pushed := _PUSHED.search(desc):
        out["push"] = int(pushed[1])
    if repeat := _REPEAT.search(desc):
        out["repeat"] = repeat[1].lower()
        if repeat[2]:
            out["in_sight"] = True
    if _CHOICE.search(desc):  # B3: "each creature of the dragon's choice that is within 120 feet"
        out["choice"] = True
    if _IMMUNE.search(desc):  # B1, F4: a save made (or its effect ended) makes it immune
        out["immune_after"] = True
    if bolts := _BOLTS.search(desc):  # B3: "three bolts …, each of which can strike a target"
        out["times"] = NUMBERS[bolts[1].lower()]
    return out


def area_of(desc: str) -> str:
    """E1's shape and size as the text says them: "a 30-foot cone" → "cone 30", "a 60-foot line
    that is 5 feet wide" → "line 60", "each creature within 10 feet of the dragon" → "emanation
    10"; "" when it names none."""
    if m := _SHAPE.search(desc):
        return f"{m[2].lower()} {int(m[1])}"
    if m := _WITHIN.search(desc):
        return f"emanation {int(m[1])}"
    return ""


def imposed(desc: str) -> tuple[list[str], str]:
    """The conditions a failed save (or the action itself) imposes, each once, and how long the
    first of them lasts as the text says it ("1 minute", "until the end of its next turn")."""
    found: list[str] = []
    lasting = ""
    for m in _FAILED.finditer(desc):
        name = m[1].lower()
        if name not in CONDITIONS or name in found:
            continue
        found.append(name)
        if not lasting and m[3]:
            count = "1" if m[2].lower() in ("one", "a", "an") else m[2]
            lasting = f"{count} {m[3].lower()}" + ("s" if count != "1" else "")
        elif not lasting and m[4]:  # F4: the bearer's turn, or its user's ("the mummy's")
            bearer = m[5].lower() in ("its", "the target's", "the creature's")
            whose = "its" if bearer else "its user's"
            lasting = f"until the {m[4].lower()} of {whose} next turn"
    for words, name in _EFFECTS:
        if (said := words.search(desc)) and name not in found:
            found.append(name)
            if not lasting and said[2]:
                count = "1" if said[1].lower() in ("one", "a", "an") else said[1]
                lasting = f"{count} {said[2].lower()}" + ("s" if count != "1" else "")
    return found, lasting


def said(s: dict[str, Any]) -> str:
    """What lnf read of a special action, in a DM's few words: "Poison Breath: recharge 5–6,
    DC 14 Con half, 12d6 poison, cone 30"."""
    parts = []
    if "recharge" in s:
        parts.append(f"recharge {s['recharge']}–6" if s["recharge"] < 6 else "recharge 6")
    if "per_day" in s:
        parts.append(f"{s['per_day']}/day")
    if "save" in s:
        ability, dc = s["save"].split()
        half = "" if "half" not in s else " half" if s["half"] else " none"
        parts.append(f"DC {dc} {ability.title()}{half}")
    parts += [s[k] for k in ("damage", "area") if k in s]
    if s.get("options"):
        parts.append(
            "one of: " + "; ".join(said(o).replace(": ", " (", 1) + ")" for o in s["options"])
        )
    if s.get("conditions"):
        how = f" {s['lasting']}" if s.get("lasting") else ""
        parts.append(", ".join(s["conditions"]) + how)
    if s.get("push"):
        parts.append(f"pushed {s['push']} ft away")
    return f"{s['name']}: {', '.join(parts)}" if parts else s["name"]


# F6, B7: the mummy lord's Channel Negative Energy: "Creatures within 60 feet of the mummy lord,
# including ones behind barriers and around corners, can't regain hit points until the end of
# the mummy lord's next turn" (no save).
_BARS_HEALING = re.compile(
    r"\bcreatures within (\d{1,3}) feet of the [\w ]+, including ones behind barriers and around "
    r"corners, can't regain hit points until the end of the [\w ]+'s next turn\."
)


def legendary(m: dict[str, Any], attacks: list[str]) -> dict[str, Any]:
    """B7's figures: the legendary actions a round (the SRD's are all 3: the 5e-database file
    does not hold the count) and each option with its cost; an option that makes one of the
    monster's attacks names it."""
    options = []
    for x in m.get("legendary_actions") or []:
        name = str(x.get("name", ""))[:100]
        cost = _COST.search(name)
        option = special({**x, "name": _COST.sub("", name)})
        option["cost"] = int(cost[1]) if cost else 1
        desc = str(x.get("desc", ""))[:2000].lower()
        if bars := _BARS_HEALING.search(desc):  # F6, B7: Channel Negative Energy
            option["bars_healing"] = int(bars[1])
        for attack in attacks:
            named = re.escape(attack.lower())
            # "makes one tail attack", "uses its Bite", "makes one unarmed strike" (its name)
            said = rf"\bmakes? (?:a|one) {named}(?: attack|$|\.)|\buses its {named}\b"
            if re.search(said + rf"|\battack with its {named}\b", desc):
                option["attack"] = attack
        options.append(option)
    return {"per_round": 3, "options": options} if options else {}


def legendary_resistance(m: dict[str, Any]) -> int:
    """B7: the uses of Legendary Resistance a day (0 without it)."""
    for x in m.get("special_abilities") or []:
        if str(x.get("name", "")).startswith("Legendary Resistance"):
            usage = x.get("usage") if isinstance(x.get("usage"), dict) else {}
            times = usage.get("times")
            found = re.search(r"\((\d)/day\)", str(x.get("name", "")), re.I)
            return times if isinstance(times, int) else int(found[1]) if found else 1
    return 0


def _engulf(s: dict[str, Any], desc: str) -> list[dict[str, Any]]:
    """F6: the gelatinous cube's Engulf (`formats/engulf_words`)."""
    from lnf.formats.engulf_words import engulf_entry

    found = engulf_entry(s, desc)
    return [found] if found is not None else []


def _phantasms(m: dict[str, Any], s: dict[str, Any], desc: str) -> list[dict[str, Any]]:
    """B6: the cloaker's Phantasms, its duplicates at its own AC (its first armor's)."""
    from lnf.formats.phantasm_words import phantasms_entry

    armor = m.get("armor_class")
    first = armor[0] if isinstance(armor, list) and armor and isinstance(armor[0], dict) else {}
    ac = first.get("value")
    found = phantasms_entry(s, desc, ac) if isinstance(ac, int) and 0 < ac <= 40 else None
    return [found] if found is not None else []


def whole_block(
    m: dict[str, Any],
    attacks: list[str],
    specials: list[tuple[dict[str, Any], str]],
    notes: list[str],
) -> dict[str, Any]:
    """B1, B2, B6, B7: a stat block's special actions (`specials`: the figures read, each with
    its description), spells, legendary actions and Legendary Resistance in the fight file's
    words (`formats/monster_actions`); what lnf does not play is named in `notes`."""
    from lnf.formats import legendary_self, monster_spells
    from lnf.formats import monster_actions as played

    out: dict[str, Any] = {"actions": [], "guards": []}
    for s, desc in specials:
        found = _engulf(s, desc) or played.action_entries(s, desc) or _phantasms(m, s, desc)
        out["actions"] += found
        if not found:
            notes.append(s["name"])
        elif why(s["name"]) == DM:  # its condition is played; what it makes the hero do is not
            notes.append(f"{s['name']}: what it makes the hero do")
        names = {a["name"] for a in found}
        notes += [
            f"{s['name']}: {o['name']}" for o in s.get("options", []) if o["name"] not in names
        ]
    casting = monster_spells.spellcasting(m, notes)
    scores = {k[:3]: v for k, v in m.items() if k in _SCORES and isinstance(v, int)}
    cr = m.get("challenge_rating", 1)
    slots: dict[str, int] = {}
    per_day: dict[str, int] = {}
    for c in casting:
        got = played.spell_entries(c, scores, cr if isinstance(cr, int | float) else 1, notes)
        out["actions"] += got["actions"]
        out["guards"] += [g for g in got["guards"] if g not in out["guards"]]
        notes += [f"{c['name']}: {name}" for name in got["unplayed"]]
        slots |= {k: v for k, v in c.get("slots", {}).items() if v}
        per_day |= {s: int(n) for n, ss in c.get("per_day", {}).items() for s in ss}
    out["spellcasting"] = casting
    if slots:
        out["slots"] = slots
    before = _cast_before(m, casting, per_day)
    if before:
        out |= before
        notes[:] = [n for n in notes if not n.endswith(f": {before['cast_before']}")]
    if starred := _before_combat(m, casting, before.get("cast_before", "")):
        for slot, n in starred.pop("used").items():
            out.setdefault("used", {})[slot] = out.get("used", {}).get(slot, 0) + n
        out |= starred
        notes[:] = [
            n for n in notes if not any(n.endswith(f": {s}") for s in starred["before_combat"])
        ]
    covered = {c["name"] for c in casting} | {
        str(x.get("name"))
        for x in m.get("special_abilities") or []
        if str(x.get("name", "")).startswith("Legendary Resistance")
    }
    notes[:] = [n for n in notes if not (n.endswith(" (trait)") and n[:-8] in covered)]
    if options := legendary(m, attacks).get("options"):
        out["legendary"] = played.legendary_entries(options, attacks, out["actions"])
        legendary_self.read(m, out["legendary"])  # B7: Heal Self, Shimmering Shield
        for o in out["legendary"]:
            if not played.played_legendary(o, out["actions"]):
                cost = f" (costs {o['cost']})" if o.get("cost", 1) > 1 else ""
                notes.append(f"legendary action{cost} {o['name']}")
    out["uses"] = played.uses(legendary_resistance(m)) | out.pop("uses", {})
    return {k: v for k, v in out.items() if v}


_SCORES = ("strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma")


def _cast_before(
    m: dict[str, Any], casting: list[dict[str, Any]], per_day: dict[str, int]
) -> dict[str, Any]:
    """B6: an armor class that assumes a long-lasting spell ("15 with mage armor") is the
    fight's AC: the spell was cast before it, its slot (or daily use) spent."""
    from lnf.formats.spellbook import spellbook

    armors = m.get("armor_class")
    for armor in armors if isinstance(armors, list) else []:
        if not isinstance(armor, dict) or armor.get("type") != "spell":
            continue
        spell = armor.get("spell")
        index = spell.get("index", "") if isinstance(spell, dict) else ""
        name = next(
            (s for c in casting for s in _known(c) if s.lower().replace(" ", "-") == index), None
        )
        if name is None or not isinstance(armor.get("value"), int):
            continue
        if name in per_day:
            uses = {name: per_day[name]}
            return {"ac": armor["value"], "uses": uses, "used": {name: 1}, "cast_before": name}
        level = spellbook().find(name)["level"]
        return {"ac": armor["value"], "used": {f"slot {level}": 1}, "cast_before": name}
    return {}


# B6: what a spell a stat block marks as cast "on itself before combat" gives that its figures
# do not already hold (the archmage's Stoneskin resistance is in its damage resistances, "from
# stoneskin"; Mind Blank's immunities are not): SRD Mind Blank, "immune to psychic damage, …
# and the charmed condition".
BEFORE_COMBAT: dict[str, dict[str, list[str]]] = {
    "stoneskin": {},
    "mind blank": {"immune": ["psychic"], "condition_immune": ["charmed"]},
}
_STARRED = re.compile(r"\* The [\w ]+ casts these spells on (?:it|him|her)self before combat", re.I)


def _before_combat(m: dict[str, Any], casting: list[dict[str, Any]], armor: str) -> dict[str, Any]:
    """B6: the spells a spellcasting trait marks with a star, "* The archmage casts these
    spells on itself before combat", besides the one the armor class assumes: their slots
    spent and what they give (`BEFORE_COMBAT`); one lnf cannot give stays not played."""
    from lnf.formats.spellbook import spellbook

    out: dict[str, Any] = {"before_combat": [], "used": {}}
    for x in m.get("special_abilities") or []:
        desc = str(x.get("desc", ""))[:5000] if isinstance(x, dict) else ""
        if not _STARRED.search(desc):
            continue
        for name in re.findall(r"([A-Za-z][\w' /]+)\*", desc):
            spell = next((s for c in casting for s in _known(c) if s.lower() == name.strip()), "")
            gives = BEFORE_COMBAT.get(spell.lower())
            if not spell or spell == armor or gives is None:
                continue
            slot = f"slot {spellbook().find(spell)['level']}"
            out["used"][slot] = out["used"].get(slot, 0) + 1
            out["before_combat"].append(spell)
            for key, values in gives.items():
                out[key] = out.get(key, []) + values
    return out if out["before_combat"] else {}


def _known(casting: dict[str, Any]) -> list[str]:
    spells = [s for ss in casting.get("spells", {}).values() for s in ss]
    return spells + [s for ss in casting.get("per_day", {}).values() for s in ss]
