"""B8, F7: `cast Polymorph at Iron Golem`, `cast Dispel Magic at Animated Armor`: a spell lnf
does not play (the DM rules it) cast at a monster whose trait answers it, which lnf then plays
(`rules.spell_answers`): the action and the slot spent, and what the trait says."""

from __future__ import annotations

import re

from lnf.engine.decisions import SpellChoice
from lnf.errors import Refused
from lnf.heroes.spell_words import monster_named, slot_level
from lnf.model import Fight, Hero
from lnf.rules.names import match_name
from lnf.rules.resources import SLOTTED_SPELL, cast_slot
from lnf.rules.spell_answers import ANSWERED, answered

Spend = list[tuple[str, int]]


def answered_cast(fight: Fight, hero: Hero, rest: str, spend: Spend) -> SpellChoice | None:
    """The cast the words say when it is one of `ANSWERED` (and not a spell of the hero's
    own sheet) at a monster whose trait answers it; None otherwise (the DM's, as before)."""
    text, level = slot_level(rest)
    pieces = re.split(r"\s+(?:at|on)\s+", text, maxsplit=1, flags=re.IGNORECASE)
    name = next((n for n in ANSWERED if n.lower() == pieces[0].strip().lower()), None)
    if name is None or len(pieces) != 2:
        return None
    if any(a.name.lower() == name.lower() for a in hero.attacks):
        return None  # the sheet's own entry is played as written
    if match_name(pieces[1].strip(), [m.name for m in fight.monsters]) is None:
        return None
    target = monster_named(fight, pieces[1].strip())
    slot, at = cast_slot(hero, name, ANSWERED[name], level)
    spell = answered(hero, target, name, at)
    if spell is None:
        raise Refused(
            f"lnf does not play {name} at {target.name}: the DM rules it; lnf plays it at "
            "a creature whose trait answers it (Immutable Form, Antimagic Susceptibility, "
            "Limited Magic Immunity: B8)",
            "F7",
        )
    if slot is not None:
        spend.append((slot, 1))
    upcast = at if at > ANSWERED[name] else 0
    return SpellChoice(spell, (target.name,), (), SLOTTED_SPELL, "", upcast)
