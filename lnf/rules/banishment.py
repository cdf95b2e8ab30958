"""F7 Banishment, on a hero (a monster's spell): "banished to a harmless demiplane. While
there, the target is incapacitated. The target remains there until the spell ends, at which
point the target reappears in the space it left". Without a map (docs/choices.md F7): while
banished the hero is out of the fight (`roster.in_fight`: no turn, no target, in no group,
G5); when the spell ends it comes back into the group it left if that group is still fought
in, else unengaged (the space it left is empty ground then), in the rank it had."""

from __future__ import annotations

from lnf.model import Condition, Fight, Group
from lnf.values import replace


def left_group(fight: Fight, who: str, condition: Condition) -> str:
    """The label of the group `who` leaves as `condition` takes it, for Banishment ("" for
    another condition, or a hero in no group)."""
    if condition is not Condition.BANISHED:
        return ""
    group = fight.group_of(who)
    return group.label if group is not None else ""


def returned(fight: Fight, who: str, label: str) -> tuple[Fight, str]:
    """The grid as the banished `who` reappears, and the words that say where."""
    if label and any(g.label == label for g in fight.groups):
        groups = tuple(
            Group(g.label, (*g.members, who)) if g.label == label else g for g in fight.groups
        )
        return replace(fight, groups=groups), f"{who} reappears in group {label} (F7)"
    was = f"group {label} is gone: " if label else ""
    return fight, f"{who} reappears, {was}unengaged (F7)"
