"""F7: spells by name: the SRD 5.1 spellbook shipped with lnf (`lnf/spellbook.json`, made by
`scripts/make_spellbook.py`), and what a hero who knows a spell gets in the fight file's words
(`spell_fields`): an `attacks` entry, a `heals` entry, a `guards` entry, and notes for what
lnf does not play, so that nothing a spell does is dropped in silence."""

from __future__ import annotations

from typing import Any

from lnf.dice import parse, plus
from lnf.formats.bestiary import ATTRIBUTION as ATTRIBUTION
from lnf.formats.bestiary import Catalogue, shipped
from lnf.formats.spell_effects import effect_fields
from lnf.model import Ability
from lnf.rules.spellcasting import Caster, cantrip_tier
from lnf.rules.subclasses import DISCIPLE_BONUS
from lnf.rules.wording import and_list

MAX_FEET = 10_000  # the longest range a fight file holds (500 miles is no fight's)
GUARDS = {"shield": "shield"}  # F1: the spells that are a reaction turning a hit
REBUKES = {"hellish rebuke": "hellish rebuke"}  # F1: a reaction to a hit that hurt, at its foe
# Spells whose `heal_at_slot_level` is not hit points regained: what they give instead.
NOT_HEALING = {"temporary hit points", "hit point maximum"}
ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}


def ordinal(n: int) -> str:
    return ORDINAL.get(n, f"{n}th")


class Spellbook(Catalogue):
    """The SRD 5.1 spells by name (any case), with did-you-mean."""

    what = "spell"
    book = "SRD spellbook"

    @classmethod
    def open(cls) -> Spellbook:
        return cls(shipped("spellbook.json"))


def spellbook() -> Spellbook:
    return Spellbook.open()


def spell_fields(name: str, caster: Caster) -> dict[str, Any]:
    """F7: what a hero who knows the spell `name` gets: `attacks` (a list of fight-file attack
    entries), `heals` (name → healing entry), `guards` (F1 reactions) and `notes`, one line
    each for what lnf does not play (the DM rules it). A refusal names the nearest spell."""
    return fields_of(spellbook().find(name), caster)


def fields_of(spell: dict[str, Any], caster: Caster, *, monster: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {"attacks": [], "heals": {}, "guards": [], "notes": []}
    name = spell["name"]
    notes: list[str] = out["notes"]
    if spell["cost"] is None:
        notes.append(f"{name} takes {spell['casting_time']} to cast: not cast in a fight (F1)")
        return out
    extra = effect_fields(name, monster=monster)
    if isinstance(extra.get("save"), str) and " " not in extra["save"]:
        extra["save"] = f"{extra['save']} {caster.dc}"  # the table names the ability
    riders = [
        r | {"again": f"{r['again']} {caster.dc}"} if "again" in r else r
        for r in extra.get("riders", [])
    ]
    if riders:  # F4: a repeated save the table names by its ability, at the caster's DC
        extra["riders"] = riders
    if extra.get("effect", {}).get("contest") is True:  # F7 Telekinesis: the caster's check
        extra["effect"] = extra["effect"] | {"contest": caster.mod}
    how = played_as(spell, extra)
    if how == "attack" and spell["cost"] == "reaction":  # F1: not on a turn of its own
        if name.lower() not in REBUKES:
            notes.append(f"{name}: a reaction lnf does not play; the DM rules it (F1)")
            return out
        out["guards"].append(REBUKES[name.lower()])  # cast as a hit hurts (rules.economy)
    if how == "guard":
        out["guards"].append(GUARDS[name.lower()])
    elif how == "heal":
        out["heals"][name] = _healing(spell, caster)
    elif how == "attack":
        entry = {**_attack(spell, caster, notes), **extra}  # the table's None: a field it drops
        out["attacks"].append({k: v for k, v in entry.items() if v is not None})
    notes.extend(_unplayed(spell, how, bool(extra), caster))
    if notes and out["attacks"] and "note" not in extra:
        out["attacks"][0]["note"] = "; ".join(notes)[:200]
    return out


def played_as(spell: dict[str, Any], extra: dict[str, Any]) -> str:
    """F7: how lnf plays a spell: a guard (F1: Shield), a heal, an attack (damage by a roll,
    a save or a sure hit, or what the table of effects gives), or "" (the DM rules it)."""
    if spell["name"].lower() in GUARDS:
        return "guard"
    if spell["heal"] and not NOT_HEALING & set(spell["also"]):
        return "heal"
    if _deals_damage(spell) or {"damage", "effect", "riders"} & set(extra):
        return "attack"  # the table of effects says what a spell without damage does
    return ""


def _deals_damage(spell: dict[str, Any]) -> bool:
    """Damage of a type lnf rolls, by an attack roll, a save or a sure hit."""
    has = spell["damage"] or spell["damage_by_level"]
    rolled = spell["attack"] or spell["save"] or spell.get("auto_hit")
    return bool(has and spell["damage_type"] and rolled)


def _attack(spell: dict[str, Any], caster: Caster, notes: list[str]) -> dict[str, Any]:
    """The spell as an attack entry: to_hit or save and DC, damage at its own slot or at the
    caster's character level (a cantrip, F7), upcast, area (E1), range, cost and concentration."""
    kind_of = spell["damage_type"]
    entry: dict[str, Any] = {"name": spell["name"], "spell": True, "cost": spell["cost"]}
    entry["school"] = spell["school"]  # F2: Sculpt Spells shapes evocation spells
    feet = min(spell["feet"] if spell["feet"] is not None else MAX_FEET, MAX_FEET)
    if spell["area"] and feet == 0:  # Burning Hands: the area starts at the caster
        feet = spell["area"]["size"]
    if spell["level"] == 0:
        tier = cantrip_tier(caster.level, [int(k) for k in spell["damage_by_level"]])
        entry["damage"] = _dice(spell["damage_by_level"][str(tier)], kind_of, caster.mod)
        if "beams" in spell:  # Eldritch Blast: each beam its own attack roll
            beams = spell["beams"]
            entry["times"] = beams[str(cantrip_tier(caster.level, [int(k) for k in beams]))]
    else:
        entry["slot"] = spell["level"]
        # dice without a damage type are no damage (Sleep's 5d8 is hit points it puts to sleep)
        levels = sorted(int(k) for k in spell["damage"]) if kind_of else []
    if levels := [] if spell["level"] == 0 else levels:
        types = spell.get("damage_types")
        entry["damage"] = _dice(spell["damage"][str(levels[0])], kind_of, caster.mod, types)
        upcast = {
            str(k): _dice(spell["damage"][str(k)], kind_of, caster.mod, types) for k in levels[1:]
        }
        if upcast:
            entry["upcast"] = upcast
        if _darts(spell):  # F7, B3: Magic Missile's darts, each a sure hit (no attack roll)
            entry["damage"] = _dice(spell["missile_damage"], kind_of, caster.mod)
            entry["times"] = spell["missiles"]
            entry["more_per_slot"] = spell.get("more_per_slot", 0)  # "one more dart" a level
            entry.pop("upcast", None)  # a slot higher gives more darts, not bigger ones
        elif spell.get("missiles") and not spell.get("auto_hit"):  # Scorching Ray's rays
            entry["times"] = spell["missiles"]
            # F7: "one additional ray for each slot level above 2nd", as Magic Missile's darts
            entry["more_per_slot"] = spell.get("more_per_slot", 0)
    if spell["attack"]:
        entry["to_hit"] = caster.attack
    if spell["save"]:
        entry["save"] = f"{spell['save']} {caster.dc}"
        entry["half"] = spell["success"] == "half"
    touching = feet <= 5 and not spell["area"]
    if touching and (spell["attack"] == "melee" or spell["save"]):
        entry["kind"] = "melee"
    else:
        entry["kind"] = "ranged"
        entry["range"] = max(feet, 5)
    if spell["area"]:
        entry["area"] = f"{spell['area']['shape']} {spell['area']['size']}"
    if spell["concentration"]:
        entry["concentration"] = True
    return entry


def _darts(spell: dict[str, Any]) -> bool:
    """F7, B3: a spell of darts that hit without a roll, each with its own dice (Magic
    Missile: three darts of 1d4 + 1 force, one more for each slot level above 1st)."""
    return bool(spell.get("auto_hit") and spell.get("missiles") and spell.get("missile_damage"))


def _dice(text: str, kind_of: str | None, mod: int, types: list[str] | None = None) -> str:
    """SRD dice in the fight file's words: `3d4 + 3` → `3d4+3 force`; `+ MOD` the caster's;
    dice of two types (Ice Storm's `2d8 + 4d6`, `types` bludgeoning and cold) each with its
    own: `2d8 bludgeoning + 4d6 cold`."""
    dice = "".join(text.split()).replace("+MOD", f"{mod:+d}" if mod else "")
    parts = dice.split("+")
    if types and len(parts) == len(types) and all("d" in p for p in parts):
        return " + ".join(f"{p} {kind}" for p, kind in zip(parts, types, strict=True))
    return dice + (f" {kind_of}" if kind_of else "")


def _healing(spell: dict[str, Any], caster: Caster) -> dict[str, Any]:
    """F7: a healing spell: its dice at its own slot with the caster's modifier (Cure Wounds
    1d8 + mod), the higher slots' dice, its cost (Healing Word: a bonus action); a Life
    cleric's Disciple of Life adds 2 + the slot's level to a spell of the 1st level or higher
    (F2: "2 + the spell's level")."""
    levels = sorted(int(k) for k in spell["heal"])

    def dice(level: int) -> str:
        healed = _dice(spell["heal"][str(level)], None, caster.mod)
        if not caster.disciple or level < 1:
            return healed
        return str(plus(parse(healed), DISCIPLE_BONUS + level))

    entry: dict[str, Any] = {"dice": dice(levels[0]), "slot": spell["level"]}
    entry["cost"] = spell["cost"]
    upcast = {str(k): dice(k) for k in levels[1:] if k > spell["level"]}
    if upcast:
        entry["upcast"] = upcast
    return entry


def _unplayed(spell: dict[str, Any], how: str, by_table: bool, caster: Caster) -> list[str]:
    """F7: what lnf does not play of a spell, one clause each; the DM rules it."""
    name, out = spell["name"], list[str]()
    if not how:
        save = f"a {Ability(spell['save']).word} save, DC {caster.dc}; " if spell["save"] else ""
        return [f"{name}: {save}the DM rules the effect (F7)"]
    if by_table or how == "guard":
        return out
    also = [w for w in spell["also"] if not (how == "heal" and w == "regain hit points")]
    if also:
        out.append(f"what its text says of {and_list(also)}")
    if spell.get("targets", 1) > 1:
        out.append(f"the others of its up to {spell['targets']} creatures (lnf plays one)")
    if how == "attack" and spell["rounds"]:
        out.append(f"what it does after the cast ({_lasting(spell['rounds'])}, F4)")
    return out


def _lasting(rounds: int) -> str:
    if rounds % 10 == 0 and rounds >= 10:
        minutes = rounds // 10
        return f"{minutes} minute{'s' if minutes > 1 else ''}"
    return f"{rounds} round{'s' if rounds > 1 else ''}"


def search(
    text: str = "", *, cls: str | None = None, level: int | None = None
) -> list[dict[str, Any]]:
    """Spells whose name holds `text`, of a class's list and of a level, by level then name."""
    found = spellbook().search(text)
    if cls:
        found = [s for s in found if cls.strip().lower() in s["classes"]]
    if level is not None:
        found = [s for s in found if s["level"] == level]
    return sorted(found, key=lambda s: (s["level"], s["name"]))
