"""B1, B2, B7: a stat block's special actions, spells and legendary actions in the fight file's
words (`actions:`, `legendary:`, `slots:`, `uses:`, `used:`), from the figures
`lnf.formats.specials` and `lnf.formats.monster_spells` read. The same entries are what
`lnf monsters show --json` prints and what a DM writes for a homebrew monster.

- A special action with a save, damage or a condition is an action: its `save`, `half`,
  `damage`, `area` (an emanation, "each creature within 10 feet of it", is `radius 10`: E1
  counts it by its radius), `range` (a single target "within 30 feet"), its conditions as a
  rider (how long, and the save repeated), and `recharge` or `per_day` (B2).
- **B2, decided:** a dragon's "Breath Weapons … one of the following" is one action per
  breath, each with the shared recharge, and `spends: Breath Weapons`: one resource between
  them, so a breath used uncharges both.
- Spells go through the spellbook as a hero's do (`formats/spellbook.fields_of`), with the
  stat block's DC and attack bonus and its caster level for cantrips (F2); a slotted spell
  keeps its `slot`, an innate one its `per_day` (0: at will); no upcast (B6). Shield is a
  guard (F1); Counterspell an action with `cost: reaction` (B10: the engine casts it, never
  the plan); Magic Missile three darts, each a sure hit of its own (B3, F7). Invisibility and
  Greater Invisibility, Blur and Cure Wounds are cast on its own side (Cure Wounds: the most
  hurt it touches), only when nothing else is possible (B6, `formats/spell_effects.SELF_SPELLS`,
  `rules/idle_casts`).
- **B6:** a long-lasting spell the armor class assumes ("15 with mage armor", "16 with
  barkskin") is cast before the fight: that AC, and its slot (or daily use) spent.
"""

from __future__ import annotations

import re
from typing import Any

from lnf.dice.abilities import ability_modifier
from lnf.formats.antennae import antennae_entry
from lnf.formats.idle_actions import (
    animate_entry,
    darkness_entry,
    enlarge_entry,
    haste_entry,
    healing_entry,
    invisible_entry,
    raise_entry,
)
from lnf.formats.spell_effects import SELF_SPELLS
from lnf.model import LEGENDARY_RESISTANCE, Lasting, Rider, TurnEdge
from lnf.model.effects import ATTACKER, TARGET
from lnf.rules.sheets import proficiency
from lnf.rules.spellcasting import Caster

_RANGE = re.compile(
    r"\b(?:targets? )?(?:one|a|an) (?:creature|target|humanoid)[^.]{0,60}? within "
    r"(\d{1,4}) (?:feet|ft\.?)",
    re.I,
)
_POINT = re.compile(r"at a point (?:it|she|he) can see within (\d{1,4}) (?:feet|ft\.?)", re.I)
_POINT_AREA = re.compile(r"within (\d{1,3}) (?:feet|ft\.?) of (?:that|the) point", re.I)


def action_entries(s: dict[str, Any], desc: str) -> list[dict[str, Any]]:
    """The actions a special action read by `formats/specials.special` is played as: one, or
    one per option of a choice (B2: sharing the recharge); none when it neither saves, deals
    damage nor imposes a condition (then it is listed as not played)."""
    if s.get("options"):
        out: list[dict[str, Any]] = []
        shared: dict[str, Any] = {k: s[k] for k in ("recharge", "per_day") if k in s}
        for option in s["options"]:
            line = next((x for x in desc.split("\n") if x.startswith(option["name"] + ".")), "")
            found = action_entries({**option, **shared}, line)
            out += [{**one, "spends": s["name"]} for one in found]
        return out
    if (touch := antennae_entry(s, desc)) is not None:  # F6, B6: the rust monster's
        return [touch]
    glare = _GLARE.fullmatch(desc.strip())
    if glare is not None and "save" in s:  # F6, B4: the sea hag's Death Glare
        return [_glare(s, glare)]
    if not ({"damage", "conditions", "push"} & set(s)):
        own = invisible_entry(s, desc) or healing_entry(s, desc) or enlarge_entry(s, desc)  # B6
        own = own or haste_entry(s, desc) or darkness_entry(s, desc)
        own = own or animate_entry(s, desc) or raise_entry(s, desc)  # B6: rules.joining
        return [own] if own is not None else []
    entry: dict[str, Any] = {"name": s["name"]}
    for key in ("recharge", "per_day", "save", "half", "damage", "times", "choice", "immune_after"):
        if key in s:
            entry[key] = s[key]
    point = _POINT.search(desc)
    if point and (around := _POINT_AREA.search(desc)):
        entry["range"] = int(point[1])  # "a point within 500 feet … within 10 feet of it"
        entry["area"] = f"sphere {int(around[1])}"
    elif area := s.get("area", ""):
        shape, size = area.split()
        entry["area"] = f"radius {size}" if shape == "emanation" else area
    elif within := _RANGE.search(desc):
        entry["range"] = int(within[1])
    if entry.get("range") and int(entry["range"]) > 5:
        entry["kind"] = "ranged"
    if s.get("conditions") or s.get("push"):
        entry["riders"] = [_rider(s)]
    return [entry]


# F6, B4: "The hag targets one frightened creature she can see within 30 ft. of her. If the
# target can see the hag, it must succeed on a DC 11 Wisdom saving throw against this magic or
# drop to 0 hit points." (lnf's heroes see the foes they fight: R4 hides none from them.)
_GLARE = re.compile(
    r"The [\w ]+? targets one (?P<only>frightened) creature (?:she|he|it) can see within "
    r"(?P<range>\d+) (?:ft\.|feet) of (?:her|him|it)\. If the target can see the [\w ]+?, it "
    r"must succeed on a DC \d+ \w+ saving throw against this magic or drop to 0 hit points\."
)


def _glare(s: dict[str, Any], m: re.Match[str]) -> dict[str, Any]:
    """The sea hag's Death Glare as an action entry: its save, its range, its one frightened
    target, and a failure's drop to 0 hit points."""
    entry: dict[str, Any] = {"name": s["name"], "save": s["save"], "half": False}
    entry |= {"kind": "ranged", "range": int(m["range"]), "only_on": m["only"]}
    return entry | {"riders": [{"drops": True}]}


def _rider(s: dict[str, Any]) -> dict[str, Any]:
    """F6: the conditions a failed save imposes, how long, and the save repeated (F4)."""
    from lnf.formats.rider_forms import rider_doc
    from lnf.formats.short_forms import parse_lasting

    lasting = Lasting()
    text = s.get("lasting", "")
    if text.startswith("until the "):
        edge = TurnEdge("end" if " end " in text else "start")
        lasting = Lasting(until=(TARGET if "its next" in text else ATTACKER, edge))
    elif text:
        lasting = parse_lasting(text)
    conditions = tuple(_conditions(s.get("conditions", [])))
    rider = Rider(conditions=conditions, lasting=lasting, push=s.get("push", 0))  # F6
    doc = rider_doc(rider)
    if s.get("repeat") and "save" in s:
        doc["repeat"] = s["repeat"]
        if s.get("in_sight"):
            doc["in_sight"] = True  # B8: at disadvantage while its user is in sight
    return doc


def _conditions(names: list[str]) -> list[Any]:
    from lnf.model import Condition

    return [Condition(n) for n in names]


def spell_entries(
    casting: dict[str, Any], scores: dict[str, int], cr: float, notes: list[str]
) -> dict[str, Any]:
    """B1, B2, F7: one spellcasting trait's spells as `actions` (and `guards`), its `slots`,
    and per-day `uses`; what lnf does not play of a spell goes to `notes`."""
    from lnf.formats.spellbook import fields_of, spellbook

    book = spellbook()
    ability = casting.get("ability", "int")
    level = casting.get("level") or int(cr)  # innate: its challenge rating (F2)
    level = min(20, max(1, level))
    mod = ability_modifier(min(30, max(1, scores.get(ability, 10))))
    caster = Caster(
        cls="",
        level=level,
        mod=mod,
        proficiency=proficiency(min(20, level)),
        own_dc=casting.get("dc"),
        own_attack=casting.get("to_hit"),
    )
    out: dict[str, Any] = {"actions": [], "guards": [], "unplayed": []}
    spells = casting.get("spells", {}).items()
    listed = [(s, "slot", int(lv)) for lv, ss in spells if lv.isdigit() for s in ss]
    listed += [(s, "at will", 0) for s in casting.get("at_will", [])]
    listed += [(s, "per day", int(n)) for n, ss in casting.get("per_day", {}).items() for s in ss]
    for name, how, n in listed:
        spell = book.find(name)
        if (own := SELF_SPELLS.get(spell["name"].lower())) is not None:  # B6: on itself
            entry = {"name": spell["name"], "spell": True, "cost": spell["cost"], **own}
            if own["effect"].get("ward") == "warded":  # F7: its attackers' Wisdom save
                entry["save"] = f"wis {caster.dc}"
            if own["effect"].get("mirror"):  # F7: "A duplicate's AC equals 10 + your Dexterity"
                dex = ability_modifier(min(30, max(1, scores.get("dex", 10))))
                entry["effect"] = {**own["effect"], "mirror": 10 + dex}
            entry |= {"slot": spell["level"]} if how == "slot" else {}
            entry |= {"per_day": n} if how == "per day" else {}
            out["actions"].append(entry)
            continue
        got = fields_of(spell, caster, monster=True)
        for attack in got["attacks"]:
            entry = dict(attack)
            entry.pop("upcast", None)  # B6: monsters cast each spell at its own level
            entry.pop("more_per_slot", None)  # B6: nor with more darts
            if spell.get("auto_hit"):  # B3: the darts (`times`) may split among heroes
                entry["note"] = "sure-hit darts: each hits without a roll, its damage rolled (F7)"
            if how != "slot":
                entry.pop("slot", None)
                entry["spell"] = True
            if how == "per day":
                entry["per_day"] = n
            out["actions"].append(entry)
        heals = [h for h in got["heals"].values() if h["cost"] == "action"]
        for heal in heals:  # B6: Cure Wounds, on the most hurt of its side it touches
            entry = {"name": spell["name"], "spell": True, "cost": "action"}
            entry |= {"slot": spell["level"]} if how == "slot" else {}
            entry |= {"per_day": n} if how == "per day" else {}
            out["actions"].append(entry | {"effect": {"heal": heal["dice"]}})
        out["guards"] += got["guards"]
        if spell["name"] == COUNTERSPELL:  # B10: a reaction the engine plays at a hero's spell
            out["actions"].append(_reaction(spell))
        elif not (got["attacks"] or got["guards"] or heals):
            out["unplayed"].append(spell["name"])
    return out


COUNTERSPELL = "Counterspell"
_USES = ("recharge", "per_day", "spends")


def _reaction(spell: dict[str, Any]) -> dict[str, Any]:
    """B10: Counterspell as an action entry the plan never takes (a reaction, F1): its slot
    and range, for the engine's reaction to a hero's spell."""
    return {
        "name": spell["name"],
        "spell": True,
        "slot": spell["level"],
        "cost": "reaction",
        "kind": "ranged",
        "range": spell["feet"],
    }


def legendary_entries(
    options: list[dict[str, Any]], attacks: list[str], actions: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """B7: each legendary option as the fight file writes it: its `cost`, the attack it makes
    (`attack: Tail`), or an action of its own (`action:` with a special action's fields); a
    "Cantrip" option casts the stat block's first cantrip that is an action."""
    out = []
    for o in options:
        entry: dict[str, Any] = {"name": o["name"]}
        if o.get("cost", 1) != 1:
            entry["cost"] = o["cost"]
        if o.get("attack") in attacks:
            entry["attack"] = o["attack"]
        elif feet := o.get("bars_healing"):  # F6, B7: no save; rules.bar_healing decides it
            lasting = "until end of attacker's turn"  # "the end of the mummy lord's next turn"
            riders = [{"no_healing": "all", "lasting": lasting}]
            entry["action"] = {"area": f"radius {feet}", "riders": riders}
        elif found := action_entries({k: v for k, v in o.items() if k != "cost"}, ""):
            action = {k: v for k, v in found[0].items() if k != "name"}
            entry["action"] = action
        elif same := next((a for a in actions if a["name"] == o["name"]), None):
            # "The kraken uses Lightning Storm": its own action, without its limited use
            entry["action"] = {k: v for k, v in same.items() if k not in ("name", *_USES)}
        elif o["name"].lower() == "cast a spell":  # "using a spell slot as normal" (B7)
            entry["spells"] = True
        elif o["name"].lower() == "cantrip":
            cantrip = next((a for a in actions if a.get("spell") and not a.get("slot")), None)
            if cantrip is not None and not cantrip.get("per_day"):
                entry["action"] = cantrip
        out.append(entry)
    return out


def played_legendary(entry: dict[str, Any], actions: list[dict[str, Any]]) -> bool:
    """B7: an option lnf plays makes an attack or an action of its own (Detect does neither),
    or casts one of the spells lnf plays as actions (none: the gynosphinx's are all the DM's)."""
    if entry.get("spells"):
        return any(a.get("spell") and a.get("cost", "action") == "action" for a in actions)
    return "attack" in entry or "action" in entry


def uses(legendary_resistance: int) -> dict[str, int]:
    """B7: Legendary Resistance's uses as the fight file's `uses:` holds them."""
    return {LEGENDARY_RESISTANCE: legendary_resistance} if legendary_resistance else {}
