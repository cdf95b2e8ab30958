"""F2 Divine Smite as a player says it, after the attack it rides on:

    attack Gnoll 2 with Longsword; smite        (the first hit, the lowest free slot)
    attack Gnoll 2; smite 2                     (a 2nd-level slot; `smite 2nd` too)
    attack Gnoll 2; smite on a crit             (only a critical hit; `smite crit`, `smite 2 crit`)

The slot is spent by the hit, never by a miss (`engine.smiting`); what is checked here is that
there is an attack for it, a mêlée weapon's, and a slot of that level left now."""

from __future__ import annotations

import re

from lnf.engine.decisions import ActionChoice, AttackChoice
from lnf.errors import Refused
from lnf.model import Hero
from lnf.rules.class_features import DIVINE_SMITE
from lnf.rules.on_hit import smite_slot, smite_weapon
from lnf.values import replace

SMITE_VERBS = ("smite",)
_CRIT = r"(?:on\s+an?\s+)?(?:crit|critical)(?:\s+hit)?"
_WORDS = re.compile(rf"^(?:(\d)(?:st|nd|rd|th)?(?:[\s-]+level)?(?:\s+slot)?)?\s*({_CRIT})?$")


def smite_choice(hero: Hero, rest: str, action: ActionChoice | None) -> AttackChoice:
    """`smite [LEVEL] [on a crit]` said after `attack …`: the attack, with its smite (F2)."""
    if not isinstance(action, AttackChoice):
        raise Refused(
            f"{DIVINE_SMITE} rides on a mêlée weapon hit: say it after the attack "
            "(attack Gnoll 2 with Longsword; smite)",
            "F2",
        )
    if action.smite:
        raise Refused(f"{DIVINE_SMITE} is said once an attack: the first hit brings it", "F2")
    found = _WORDS.match(rest.strip().lower())
    if found is None:
        raise Refused(
            f"lnf reads {DIVINE_SMITE} as `smite`, `smite 2` (a 2nd-level slot) or "
            f"`smite on a crit`, not {rest.strip()!r}",
            "F2",
        )
    smite_weapon(hero, action.attack, action.mode)
    _, level = smite_slot(hero, int(found[1]) if found[1] else None)
    return replace(action, smite=level, smite_critical=bool(found[2]))
