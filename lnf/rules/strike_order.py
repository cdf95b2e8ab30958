"""Strike order within a round (S1–S3): groups right to left, light first, then the side that
did not start the fight; heroes top-down, monsters right to left; unengaged combatants last."""

from __future__ import annotations

from collections.abc import Sequence

from lnf.model import Fight, Hero, Monster, Side
from lnf.rules.roster import in_fight, rows


def _side_first(fight: Fight, heroes: Sequence[Hero], monsters: Sequence[Monster]) -> Side:
    """S3: a side with light strikes first; with both or neither, the side that did not start."""
    hero_light = any(h.light for h in heroes)
    monster_light = any(m.light for m in monsters)
    if hero_light != monster_light:
        return Side.HEROES if hero_light else Side.MONSTERS
    return fight.started.other


def _block(fight: Fight, names: set[str]) -> list[str]:
    heroes = [h for h in rows(fight) if h.name in names]  # top-down
    monsters = [m for m in reversed(fight.monsters) if m.name in names]  # right to left
    hero_names = [h.name for h in heroes]
    monster_names = [m.name for m in monsters]
    if _side_first(fight, heroes, monsters) is Side.HEROES:
        return hero_names + monster_names
    return monster_names + hero_names


def strike_blocks(fight: Fight) -> list[tuple[str | None, list[str]]]:
    """S2: (group label, who acts) per group right to left, then (None, the unengaged)."""
    column = {m.name: i for i, m in enumerate(fight.monsters)}
    standing = {c.name for c in fight.everyone if in_fight(c)}

    def rightmost(label: str) -> int:
        group = fight.group(label)
        return max((column[n] for n in group.members if n in column), default=-1)

    labels = sorted((g.label for g in fight.groups), key=rightmost, reverse=True)
    blocks: list[tuple[str | None, list[str]]] = []
    for label in labels:
        members = set(fight.group(label).members) & standing
        if members:
            blocks.append((label, _block(fight, members)))
    engaged = {n for g in fight.groups for n in g.members}
    loose = standing - engaged
    if loose:
        blocks.append((None, _block(fight, loose)))
    return blocks


def strike_order(fight: Fight) -> list[str]:
    """S1–S3: everyone gets a turn every round, in this order."""
    return [name for _, names in strike_blocks(fight) for name in names]


def up_next(fight: Fight) -> str | None:
    """S1: whose turn it is, or is next, in the round under way; None once everyone standing
    has had a turn (or before the first round)."""
    acted = fight.turns.acted
    return next(
        (n for n in fight.turns.order if n not in acted and in_fight(fight.combatant(n))), None
    )
