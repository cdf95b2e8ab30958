"""Mêlée groups (G5) as checks on a state; that there are none before the sides meet is V3's
(`rules.distance`). How moves and deaths change the groups is `lnf.rules.group_changes`."""

from __future__ import annotations

from lnf.errors import Refused, Violation
from lnf.model import Fight, Hero, Monster
from lnf.rules.roster import in_fight
from lnf.rules.wording import and_list


def check_groups(fight: Fight) -> list[Violation]:
    """G5: a group holds at least one hero and one monster, all still in the fight.

    Membership itself (known names, one group each) is checked when the file is read.
    """
    found: list[Violation] = []
    for group in fight.groups:
        gone = [n for n in group.members if not in_fight(fight.combatant(n))]
        if gone:
            found.append(
                Violation(
                    "G5",
                    f"{and_list(gone)} {'is' if len(gone) == 1 else 'are'} out of the fight "
                    f"but still in group {group.label}",
                    tuple(gone),
                    "erase their Xs",
                )
            )
        standing = [fight.combatant(n) for n in group.members if n not in gone]
        has_hero = any(isinstance(c, Hero) for c in standing)
        has_monster = any(not isinstance(c, Hero) for c in standing)
        if not (has_hero and has_monster):
            missing = "hero" if not has_hero else "monster"
            found.append(
                Violation(
                    "G5",
                    f"group {group.label} has no {missing} left",
                    group.members,
                    "a group that loses all its heroes or all its monsters is gone: remove it",
                )
            )
    return found


def verify_not_joined(fight: Fight, c: Hero | Monster, where: str) -> None:
    """G5: a combatant already stands in the group it would join ("join Bandit Captain" from
    the captain's own group): said so, not as a join its speed forbids."""
    mine = fight.group_of(c.name)
    if mine is None:
        return
    theirs = fight.group_of(where) if where in fight else None
    if where == mine.label or (theirs is not None and theirs.label == mine.label):
        them = f" with {where}" if where != mine.label else ""
        raise Refused(f"{c.name} is in group {mine.label}{them} already", "G5")
