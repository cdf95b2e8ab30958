"""F7 Bestow Curse as a monster casts it (docs/choices.md F7): of the curses the SRD offers,
lnf plays "While cursed, the target has disadvantage on attack rolls against you" — a curse
that changes a roll lnf makes, on a condition of lnf's own, "cursed", that names its caster
(the effect's `by`)."""

from __future__ import annotations

from lnf.model import Condition, Fight, Hero, Monster

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_CURSED = Condition.CURSED


def cursed_hinders(fight: Fight, attacker: Hero | Monster, target: str) -> tuple[str, ...]:
    """D4, F7: the disadvantage a cursed attacker has on its attack rolls against the one
    that cursed it, the reason in a DM's words."""
    if _CURSED not in attacker.conditions:
        return ()
    by = {e.by for e in fight.effects if e.who == attacker.name and e.condition is _CURSED}
    if target not in by:
        return ()
    return (f"{attacker.name} is cursed by {target} (Bestow Curse, F7)",)
