"""B6, B8: the shield guardian's Spell Storing ("A spellcaster who wears the shield guardian's
amulet can cause the guardian to store one spell of 4th level or lower. To do so, the wearer
must cast the spell on the guardian. … the guardian casts the stored spell with any parameters
set by the original caster, requiring no components. When the spell is cast … any previously
stored spell is lost.").

**Decision (B6, B8):** the spell was stored before the fight, so it is the fight file's:
`stored: Fireball` on the guardian, whose stat block says how high a spell it holds
(`stores: 4`, read from its text). The wearer (`amulet:`) is a monster of the fight that
casts that spell: the guardian gets the wearer's own entry for it (its DC, attack bonus and
damage: "parameters set by the original caster"), cast once (`per_day: 1`, no slot: the
wearer's was spent storing it), as the plan's B6 takes any spell. With none named the
guardian stores nothing, and `lnf check` says so."""

from __future__ import annotations

import re
from typing import Any

FieldPath = tuple[str | int, ...]
SPELL_STORING = "Spell Storing (trait)"
# compiled at its first use (`re` keeps it), by the SRD's reader, not as a command starts
_STORES = (
    r"^A spellcaster who wears the [\w ]+'s amulet can cause the [\w ]+ to store one spell of "
    r"(\d)(?:st|nd|rd|th) level or lower\. To do so, the wearer must cast the spell on the "
    r"[\w ]+\. The spell has no effect but is stored within the [\w ]+\."
)
_DROPPED = ("slot", "per_day", "upcast", "more_per_slot", "spends", "note", "recharge")


def storing(m: dict[str, Any], notes: list[str]) -> dict[str, Any]:
    """B8: `{"stores": 4}` when the stat block's Spell Storing says so (its note dropped);
    {} otherwise."""
    for x in m.get("special_abilities") or []:
        if isinstance(x, dict) and x.get("name") == "Spell Storing":
            found = re.search(_STORES, str(x.get("desc", ""))[:2000])
            if found and SPELL_STORING in notes:
                notes.remove(SPELL_STORING)
                return {"stores": int(found[1])}
    return {}


def store_spells(data: Any, ck: Any) -> None:
    """B6, B8: each monster entry with `stored:` gets its wearer's entry for that spell, in
    place, before the fight is read (checked like any written out); a problem at its field."""
    monsters = data.get("monsters") if isinstance(data, dict) else None
    if not isinstance(monsters, list):
        return
    for i, entry in enumerate(monsters):
        if isinstance(entry, dict) and entry.get("stored"):
            _store(monsters, entry, ("monsters", i, "stored"), ck)


def _store(monsters: list[Any], entry: dict[str, Any], at: FieldPath, ck: Any) -> None:
    name, wearer, most = entry["stored"], entry.get("amulet"), entry.get("stores", 0)
    if not isinstance(name, str):
        ck.fail(at, "give the stored spell's name, such as Fireball")
        return
    own = [*(entry.get("actions") or []), *(entry.get("attacks") or [])]
    if any(isinstance(a, dict) and a.get("name") == name for a in own):
        return  # written back with the fight file: the guardian holds it already
    if not isinstance(most, int) or isinstance(most, bool) or most < 1:
        ck.fail(at, "only a creature with Spell Storing stores a spell (stores: 4)", rule="B8")
        return
    if not isinstance(wearer, str) or not wearer:
        ck.fail(at, "the amulet's wearer casts the spell on it: give amulet", rule="B8")
        return
    spell = _wearers_spell(monsters, wearer, name)
    if spell is None:
        said = f"{wearer} (the amulet's wearer) casts no spell {name!r} in this fight"
        ck.fail(at, said, "the wearer must cast the spell on the guardian", rule="B8")
        return
    level = _level(spell)
    if level is None or level > most:
        ck.fail(at, f"{name} is no spell of {_ordinal(most)} level or lower", rule="B8")
        return
    stored = {k: v for k, v in spell.items() if k not in _DROPPED}
    entry["actions"] = [*(entry.get("actions") or []), {**stored, "spell": True, "per_day": 1}]


def _wearers_spell(monsters: list[Any], wearer: str, name: str) -> dict[str, Any] | None:
    for m in monsters:
        if isinstance(m, dict) and m.get("name") == wearer:
            own = [*(m.get("actions") or []), *(m.get("attacks") or [])]
            for a in own:
                if isinstance(a, dict) and a.get("name") == name and a.get("spell"):
                    return a
    return None


def _level(spell: dict[str, Any]) -> int | None:
    """The spell's level: its slot's, or the spellbook's (a cantrip, an innate spell)."""
    slot = spell.get("slot")
    if isinstance(slot, int) and not isinstance(slot, bool):
        return slot
    from lnf.errors import Refused
    from lnf.formats.spellbook import spellbook

    try:
        level = spellbook().find(str(spell.get("name")))["level"]
    except Refused:
        return None
    return level if isinstance(level, int) else None


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def storing_warnings(doc: dict[str, Any]) -> list[tuple[FieldPath, str]]:
    """B8: what `lnf check` says of a stat block with Spell Storing and no `stored:`."""
    from lnf.errors import Refused

    out: list[tuple[FieldPath, str]] = []
    for i, c in enumerate(doc.get("monsters") or []):
        if not isinstance(c, dict) or c.get("stored") or not isinstance(c.get("monster"), str):
            continue
        from lnf.formats.bestiary import Bestiary  # only for a stat block named: start-up

        try:
            block = Bestiary.open(None).find(c["monster"])
        except Refused:  # a name the fight's reading refuses says so itself
            continue
        if block.get("stores"):
            said = f"{block['name']} stores no spell (Spell Storing, B8): give stored: a spell"
            said += f" of {_ordinal(block['stores'])} level or lower its amulet's wearer casts"
            out.append((("monsters", i), said))
    return out
