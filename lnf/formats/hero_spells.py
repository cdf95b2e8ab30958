"""F7: a hero's `spells: [fire bolt, shield, fireball]` in a fight file, expanded before the
spec check (as `monster: NAME` is) into the `attacks`, `heals` and `guards` the spells give,
with the spellcasting ability of the hero's class, its modifier from `scores:` or `spell_mod:`,
and the DC and attack bonus worked out (or `spell_dc:` and `spell_attack:` as written). An
entry the file writes out under a spell's name wins over the spellbook's."""

from __future__ import annotations

import re
from typing import Any

from lnf.dice.abilities import ability_modifier
from lnf.errors import Refused
from lnf.formats.fight_combatants import class_unknown
from lnf.formats.fighting_style import style_warning
from lnf.formats.hero_invocations import unplayed_warning, with_invocations
from lnf.formats.hero_subclass import said_subclass, subclass_warning
from lnf.formats.spec import Checker
from lnf.model import Hero
from lnf.rules.resources import ordinal, tracked
from lnf.rules.sheets import highest_slot, proficiency, top_slot
from lnf.rules.spell_answers import ANSWERED
from lnf.rules.spellcasting import Caster, casting_ability
from lnf.rules.subclasses import LIFE, played_subclass
from lnf.rules.wording import and_list

FieldPath = tuple[str | int, ...]
MAX_SPELLS = 400  # spells one hero knows: the SRD has 319 in all


def expand_spells(data: Any, ck: Checker) -> None:
    """Every hero entry with `spells:` gets their fields, in place; a spell that is not in the
    spellbook, or a caster whose modifier cannot be told, is a problem at its field."""
    for i, entry in _casters(data):
        known = _known(entry, ("heroes", i), ck)
        caster = caster_of(entry, ("heroes", i), ck)
        if caster is None:
            continue
        for j, spell in known:
            never = _never_cast(entry, spell, caster)
            if never:
                slot = f"{{{spell['level']}: 1}}"
                hint = f"give slots: {slot} if the sheet has one, or take it off spells:"
                ck.fail(("heroes", i, "spells", j), never, hint, "F7")
            else:
                got = _fields(spell, caster)  # F2: Agonizing Blast, Eldritch Spear
                got["attacks"] = [with_invocations(a, entry, caster.mod) for a in got["attacks"]]
                _merge(entry, got)


def _never_cast(entry: dict[str, Any], spell: dict[str, Any], caster: Caster) -> str:
    """F7: why the hero can never cast `spell` (no slot of its level or higher from its class
    and level or the file's `slots:`); "" when it can. An error, not a warning: the spell
    would be offered at every turn and refused every time."""
    if not spell["level"] or not 1 <= caster.level <= 20:  # a cantrip; a level the spec refuses
        return ""
    slots = entry.get("slots")
    own = {
        int(k): n
        for k, n in (slots.items() if isinstance(slots, dict) else ())
        if str(k).isdigit() and isinstance(n, int) and not isinstance(n, bool)
    }
    cls = caster.cls.strip().lower()
    if highest_slot(cls, caster.level, own) >= spell["level"]:
        return ""
    name = entry.get("name", "the hero")
    off = f" (nor is it on the SRD's {cls} list)" if _off_list(cls, spell) else ""
    return (
        f"{name} can never cast {spell['name']}: a level-{caster.level} {cls or 'hero'} has no "
        f"spell slot of the {ordinal(spell['level'])} level or higher{off}"
    )


def written_attacks(data: Any) -> list[list[str]]:
    """The names of each hero entry's `attacks:` as the file writes them, before sheets and
    spells add theirs (`never_slotted` says a problem at the file's own line)."""
    heroes = data.get("heroes") if isinstance(data, dict) else None
    entries = heroes if isinstance(heroes, list) else []
    return [
        [str(a.get("name", "")).casefold() if isinstance(a, dict) else "" for a in attacks]
        if isinstance(h, dict) and isinstance(attacks := h.get("attacks"), list)
        else []
        for h in entries
    ]


def never_slotted(
    hero: Hero, entry: dict[str, Any], i: int, written: list[str], ck: Checker
) -> None:
    """F7: a spell the entry writes out (`attacks:`, `heals:`) with a `slot:` above the
    highest spell slot the hero's sheet has is refused at that slot, as `_never_cast` refuses
    one in `spells:`: it would be offered at every turn and refused every time. A hero whose
    uses lnf does not count (no sheet) casts as the file says. `written`: the names of the
    file's own `attacks:` (`written_attacks`), whose places the problems name."""
    if not tracked(hero):
        return
    top = top_slot(hero.resources)
    named: list[tuple[str, int | str, str, int]] = [  # the field, its key, the spell, its slot
        ("attacks", written.index(a.name.casefold()), a.name, a.slot)
        for a in hero.attacks
        if a.name.casefold() in written  # a spell from `spells:`: `_never_cast` said it
    ]
    named += [("heals", h.name, h.name, h.slot) for h in hero.heals]
    for field, key, name, slot in named:
        if slot > top:
            has = f"its highest is {ordinal(top)}-level" if top else "it has none"
            ck.fail(
                ("heroes", i, field, key, "slot"),
                f"{hero.name} can never cast {name} (slot: {slot}): the sheet has no spell slot "
                f"of the {ordinal(slot)} level or higher ({has})",
                f"give slots: {{{slot}: 1}} if the sheet has one, or take it off {field}:",
                "F7",
                follows=class_unknown(entry),  # a misspelt class gives no slots: said there
            )


def _off_list(cls: str, spell: dict[str, Any]) -> bool:
    """Whether a caster class lnf knows does not have `spell` on its SRD list."""
    return bool(cls) and casting_ability(cls) is not None and cls not in spell["classes"]


def spell_warnings(data: Any) -> list[tuple[FieldPath, str]]:
    """What `lnf check` and `lnf show` say of the heroes' spells, invocations and Fighting
    Styles: those lnf does not play (the DM rules them) and the spells the hero's class does not
    have in the SRD (played all the same: a domain, a feat or a second class may give them)."""
    out: list[tuple[FieldPath, str]] = []
    heroes = data.get("heroes") if isinstance(data, dict) else None
    for i, entry in enumerate(heroes if isinstance(heroes, list) else []):
        if isinstance(entry, dict) and (said := unplayed_warning(entry)):
            out.append((("heroes", i, "invocations"), said))  # F2: the DM rules them
        if isinstance(entry, dict) and (said := style_warning(entry)):
            out.append((("heroes", i, "fighting_style"), said))
        if isinstance(entry, dict) and (said := subclass_warning(entry)):
            out.append((("heroes", i, "subclass"), said))
    for i, entry in _casters(data):
        name = entry.get("name", f"hero {i + 1}")
        caster = caster_of(entry, ("heroes", i), None)
        known = _known(entry, ("heroes", i), None)
        unplayed = [s["name"] for _, s in known if caster and not _playable(s, caster)]
        if unplayed:
            # B8: those a monster's trait answers are played when cast at it (`lnf act`)
            answered = [n for n in unplayed if n in ANSWERED]
            but = f" (but {and_list(answered)} at a creature whose trait answers it, B8)"
            out.append(
                (
                    ("heroes", i, "spells"),
                    f"{name}'s {and_list(unplayed)}: lnf does not play "
                    f"{'it' if len(unplayed) == 1 else 'them'}{but if answered else ''}; the DM "
                    "rules the effect (F7); lnf spells show NAME says more",
                )
            )
        cls = entry.get("class")
        cls = cls.strip().lower() if isinstance(cls, str) else ""
        foreign = [s["name"] for _, s in known if _off_list(cls, s)]
        if foreign:
            out.append(
                (
                    ("heroes", i, "spells"),
                    f"{name} is a {cls}, and {and_list(foreign)} "
                    f"{'is' if len(foreign) == 1 else 'are'} not on the SRD's {cls} list: "
                    "played all the same (a domain, a feat or a second class may give it) (F7)",
                )
            )
    return out


def _casters(data: Any) -> list[tuple[int, dict[str, Any]]]:
    heroes = data.get("heroes") if isinstance(data, dict) else None
    if not isinstance(heroes, list):
        return []
    return [(i, h) for i, h in enumerate(heroes) if isinstance(h, dict) and "spells" in h]


def _known(
    entry: dict[str, Any], path: FieldPath, ck: Checker | None
) -> list[tuple[int, dict[str, Any]]]:
    """The spells the entry names, found in the spellbook (any case)."""
    from lnf.formats.spellbook import spellbook

    names = entry["spells"]
    if not isinstance(names, list):
        return []  # the spec check names the field's type
    if len(names) > MAX_SPELLS:
        if ck is not None:
            problem = f"more than {MAX_SPELLS} spells (the limit; the SRD has 319)"
            ck.fail((*path, "spells"), problem, rule="F7")
        return []
    book = spellbook()
    found = []
    for j, name in enumerate(names):
        if not isinstance(name, str):
            continue
        try:
            found.append((j, book.find(name)))
        except Refused as exc:
            if ck is not None:
                ck.fail((*path, "spells", j), exc.message, "lnf spells SEARCH lists them", "F7")
    return found


def caster_of(entry: dict[str, Any], path: FieldPath, ck: Checker | None) -> Caster | None:
    """F7: the hero as a caster: class, level, the modifier of its class's spellcasting
    ability (`spell_mod:`, else from `scores:`, else from `spell_attack:` less the
    proficiency bonus) and its proficiency bonus; None (and a problem) where one is missing."""

    def given(key: str) -> int | None:  # as the spec reads a number: 3, +3 or "+3"
        value = entry.get(key)
        if isinstance(value, str) and re.fullmatch(r"\s*[+-]?\d{1,9}\s*", value):
            return int(value)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    at = (*path, "spells")
    level, cls = given("level"), entry.get("class")
    cls = cls if isinstance(cls, str) else ""
    if level is None:
        if ck is not None and "level" not in entry:
            ck.fail(at, "spells: need the hero's level: (cantrips grow at 5, 11 and 17)", "", "F7")
        return None
    prof = proficiency(level)
    mod, own_dc, own_attack = given("spell_mod"), given("spell_dc"), given("spell_attack")
    ability = casting_ability(cls)
    scores = entry.get("scores")
    if mod is None and ability is not None and isinstance(scores, dict):
        score = scores.get(ability.value)
        if isinstance(score, int) and not isinstance(score, bool):
            mod = ability_modifier(score)
    if mod is None and own_attack is not None:
        mod = own_attack - prof
    if mod is None:
        if ck is not None:
            how = f"scores: {{{ability.value}: 16}}" if ability else "spell_mod: 3"
            why = (
                f"a {cls}'s spells are cast with {ability.word}"
                if ability
                else (f"lnf does not know what a {cls or 'hero without a class'} casts with")
            )
            # a misspelt class is said at the class (G2)
            said = f"{why}, and the entry gives no modifier"
            ck.fail(at, said, f"give {how}", "F7", follows=class_unknown(entry))
        return None
    disciple = played_subclass(cls, level, said_subclass(entry)) == LIFE  # F2: Disciple of Life
    return Caster(
        cls=cls,
        level=level,
        mod=mod,
        proficiency=prof,
        own_dc=own_dc,
        own_attack=own_attack,
        disciple=disciple,
    )


def _fields(spell: dict[str, Any], caster: Caster) -> dict[str, Any]:
    from lnf.formats.spellbook import fields_of

    return fields_of(spell, caster)


def _playable(spell: dict[str, Any], caster: Caster) -> bool:
    got = _fields(spell, caster)
    return bool(got["attacks"] or got["heals"] or got["guards"])


def _merge(entry: dict[str, Any], got: dict[str, Any]) -> None:
    """The spell's fields into the entry; what the entry writes out under the same name wins."""
    if got["attacks"]:
        attacks = entry.setdefault("attacks", [])
        if isinstance(attacks, list):
            names = {str(a.get("name", "")).casefold() for a in attacks if isinstance(a, dict)}
            attacks += [a for a in got["attacks"] if a["name"].casefold() not in names]
    if got["heals"]:
        heals = entry.setdefault("heals", {})
        if isinstance(heals, dict):
            names = {str(k).casefold() for k in heals}
            heals.update({k: v for k, v in got["heals"].items() if k.casefold() not in names})
    if got["guards"]:
        guards = entry.setdefault("guards", [])
        if isinstance(guards, list):
            have = {str(g).strip().lower() for g in guards}
            guards += [g for g in got["guards"] if g not in have]
