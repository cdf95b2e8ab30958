"""Mêlée groups (G5) and the phase they belong to (V3); how a move changes them (M5, M6)."""

from __future__ import annotations

import string
from dataclasses import replace

from lnf.errors import Violation
from lnf.model import Fight, Group, Hero, Monster, PhaseKind, Rank
from lnf.model.events import Moved
from lnf.rules.roster import in_fight
from lnf.rules.wording import and_list


def check_groups(fight: Fight) -> list[Violation]:
    """G5: a group holds at least one hero and one monster, all still in the fight.

    Membership itself (known names, one group each) is checked when the file is read.
    """
    found: list[Violation] = []
    if fight.phase.kind in (PhaseKind.VOLLEY, PhaseKind.APART) and fight.groups:
        found.append(
            Violation(
                "V3",
                f"there are mêlée groups while the sides are apart ({fight.phase})",
                tuple(n for g in fight.groups for n in g.members),
                "no mêlée and no groups before the sides meet; set phase: melee",
            )
        )
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


# --- how a move changes the grid (R8, M5, M6, G5) ------------------------------------------


def moved(fight: Fight, step: Moved) -> Fight:
    """The grid after `step`: its rank switch (R8), then leaving its group (M6) and joining
    another (M5)."""
    if step.rank is not None:
        c = fight.combatant(step.who)
        why = step.why if step.rank is not Rank.FRONT else None
        fight = fight.with_combatant(replace(c, rank=step.rank, why=why))
    if step.changes_group:
        fight = without(fight, step.who)
    if step.join is not None:
        fight = _joined(fight, step.who, step.join)
    return tidy(fight)


def without(fight: Fight, name: str) -> Fight:
    """`name` erases its Xs: out of whatever group it was in."""
    groups = tuple(Group(g.label, tuple(n for n in g.members if n != name)) for g in fight.groups)
    return replace(fight, groups=groups)


def _joined(fight: Fight, name: str, where: str) -> Fight:
    """M5: into a group by label, or with a combatant: its group, or a new group of the two."""
    label = where if where in {g.label for g in fight.groups} else None
    if label is None and (theirs := fight.group_of(where)) is not None:
        label = theirs.label
    if label is not None:
        groups = tuple(
            Group(g.label, (*g.members, name)) if g.label == label else g for g in fight.groups
        )
        return replace(fight, groups=groups)
    return replace(fight, groups=(*fight.groups, Group(new_label(fight, where), (where, name))))


def new_label(fight: Fight, joined: str) -> str:
    """A new group is named after the combatant joined, if its initial is free (as on paper)."""
    used = {g.label for g in fight.groups}
    candidates: list[str] = [joined[:1].upper(), *string.ascii_uppercase]
    for label in candidates:
        if label and label not in used:
            return label
    return next(f"G{n}" for n in range(1, len(used) + 2) if f"G{n}" not in used)


def tidy(fight: Fight) -> Fight:
    """G5: the dead leave their groups; a group without a standing hero or a living monster
    is gone. Downed heroes stay where they fell (A4)."""
    standing = {c.name for c in fight.everyone if in_fight(c)}
    groups = []
    for g in fight.groups:
        members = tuple(n for n in g.members if n in standing)
        has_hero = any(isinstance(fight.combatant(n), Hero) for n in members)
        has_monster = any(isinstance(fight.combatant(n), Monster) for n in members)
        if has_hero and has_monster:
            groups.append(Group(g.label, members))
    if tuple(groups) == fight.groups:
        return fight
    return replace(fight, groups=tuple(groups))
