"""How a move or a death changes the grid (R8, M5, M6, G5): the grid after a step, and the step
an order of the plan makes."""

from __future__ import annotations

import string

from lnf.model import Fight, Group, Hero, Monster, Rank
from lnf.model.plan import Order
from lnf.model.steps import Moved
from lnf.rules.moves import final_spot, start_spot
from lnf.rules.reactions import after_move
from lnf.rules.roster import in_fight
from lnf.values import replace


def moved(fight: Fight, step: Moved) -> Fight:
    """The grid after `step`: its rank switch (R8), then leaving its group (M6) and joining
    another (M5)."""
    if step.rank is not None:
        c = fight.combatant(step.who)
        why = step.why if step.rank is not Rank.FRONT else None
        fight = fight.with_combatant(replace(c, rank=step.rank, why=why))
    if step.changes_group:
        c = fight.combatant(step.who)
        fight = without(fight.with_combatant(after_move(fight, c, step)), step.who)
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
    groups = []
    changed = False  # most steps leave every group as it was: the fight is kept then
    for g in fight.groups:
        standing: list[str] = []  # one loop, no comprehension's frame: asked after every step
        has_hero = has_monster = False
        for n in g.members:
            if n in fight and in_fight(c := fight.combatant(n)):
                standing.append(c.name)
                has_hero = has_hero or isinstance(c, Hero)
                has_monster = has_monster or isinstance(c, Monster)
        if has_hero and has_monster:
            members = tuple(standing)
            same = members == g.members
            groups.append(g if same else Group(g.label, members))
            changed = changed or not same
        else:
            changed = True
    return replace(fight, groups=tuple(groups)) if changed else fight


def order_step(fight: Fight, order: Order) -> Moved | None:
    """The move an order makes on the grid, as a step (None if it stays, rank and all)."""
    monster = fight.monster(order.monster)
    rank = order.rank if order.rank is not monster.rank else None
    spot = final_spot(fight, order.monster, order.move)
    moving = spot != start_spot(fight, order.monster)
    if rank is None and not moving:
        return None
    if not moving:
        return Moved(order.monster, rank=rank)
    if spot is None:
        return Moved(order.monster, rank=rank, leave=True)
    return Moved(order.monster, rank=rank, join=spot.joined)
