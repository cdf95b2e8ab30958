"""B8: Aversion of Fire, decided once (the flesh golem's, SRD: "If the golem takes fire damage,
it has disadvantage on attack rolls and ability checks until the end of its next turn").

lnf rolls no ability check of a monster's but its Counterspell's (a spellcasting check the
golem never makes), so the attack rolls are what it touches. "Takes fire damage": fire that
got through its defences to its hit points this step."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from lnf.dice import DamageType
from lnf.model import Fight, Hero, Monster, TraitKind

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_AVERSION_OF_FIRE = TraitKind.AVERSION_OF_FIRE

if TYPE_CHECKING:  # `lnf show` never loads the log's steps (tests/test_perf_startup.py)
    from lnf.model.applied import Dealt

AVERSE = "Aversion of Fire (disadvantage on attack rolls)"  # the effect on it, F4


def averse_now(fight: Fight, attacker: Hero | Monster) -> str:
    """D4's reason for its disadvantage while the effect lasts on it, or ""."""
    if not isinstance(attacker, Monster) or attacker.trait(_AVERSION_OF_FIRE) is None:
        return ""
    if any(e.who == attacker.name and e.what == AVERSE for e in fight.effects):
        return f"Aversion of Fire: {attacker.name} took fire damage (B8)"
    return ""


def fire_shy(fight: Fight, types: Iterable[DamageType | None], dealt: Iterable[Dealt]) -> list[str]:
    """The monsters with the trait that took fire damage in a step (`types`: the step's damage
    types; `dealt`: what each target took), not already averse."""
    if DamageType.FIRE not in set(types):
        return []
    out = []
    for d in dealt:
        c = fight.combatant(d.who) if d.who in fight else None
        if not isinstance(c, Monster) or d.amount <= 0 or DamageType.FIRE in c.immune:
            continue
        if c.trait(TraitKind.AVERSION_OF_FIRE) is not None and not averse_now(fight, c):
            out.append(c.name)
    return out
