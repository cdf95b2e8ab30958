"""Strike order within a round (S1–S3): groups right to left, light first, then the side that
did not start the fight; heroes top-down, monsters right to left; unengaged combatants last."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from lnf.model import Fight, Hero, Monster, Side, Variant
from lnf.rules.darkness import dark_group
from lnf.rules.roster import in_fight, rows


def _side_first(fight: Fight, heroes: Sequence[Hero], monsters: Sequence[Monster]) -> Side:
    """S3: a side with light strikes first; with both or neither, `tie_goes_to`. No light
    counts in a group a Darkness Aura fills (B6, `rules.darkness`)."""
    dark = dark_group(fight, [c.name for c in (*heroes, *monsters)])
    hero_light = not dark and any(h.light for h in heroes)
    monster_light = not dark and any(m.light for m in monsters)
    if hero_light != monster_light:
        return Side.HEROES if hero_light else Side.MONSTERS
    return tie_goes_to(fight)


def tie_goes_to(fight: Fight) -> Side:
    """Where S3 falls back on who started: the side that did not start (G7); under Legends of
    Hyrule the side that won group initiative (V-HYR1); in encounter mode the foe, that is
    the monsters (V-ENC3). Initiative, once rolled, decides over encounter mode's rule."""
    if Variant.HYRULE in fight.variants and fight.first is not None:
        return fight.first
    if Variant.ENCOUNTER in fight.variants:
        return Side.MONSTERS
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
    if Variant.ENCOUNTER in fight.variants and fight.units:
        return _with_units(blocks, fight.units)
    return blocks


def _with_units(
    blocks: list[tuple[str | None, list[str]]], units: Sequence[Sequence[str]]
) -> list[tuple[str | None, list[str]]]:
    """V-ENC2: a unit shares one turn, at the place of its earliest member (its members act
    one after another there, in the order they had)."""
    flat = [(label, name) for label, names in blocks for name in names]
    for unit in units:
        members = [name for _, name in flat if name in unit]
        if len(members) < 2:
            continue
        at = next(i for i, (_, name) in enumerate(flat) if name == members[0])
        label = flat[at][0]
        before = [x for x in flat[:at] if x[1] not in members]
        after = [x for x in flat[at:] if x[1] not in members]
        flat = before + [(label, m) for m in members] + after
    out: list[tuple[str | None, list[str]]] = []
    for label, name in flat:
        if out and out[-1][0] == label:
            out[-1][1].append(name)
        else:
            out.append((label, [name]))
    return out


def strike_order(fight: Fight) -> list[str]:
    """S1–S3: everyone gets a turn every round, in this order."""
    return [name for _, names in strike_blocks(fight) for name in names]


def left_to_act(fight: Fight) -> list[str]:
    """S1: who still has a turn in the round under way, in the order fixed as it started
    (S2–S3): the one whose turn it is, then the rest; not who has acted, nor who is out of
    the fight (dead, fled, banished: no turn comes to them). [] with no round under way."""
    return list(_left(fight))


def up_next(fight: Fight) -> str | None:
    """S1: whose turn it is, or is next, in the round under way; None once everyone standing
    has had a turn (or before the first round)."""
    return next(_left(fight), None)  # asked before every turn: stops at the first


def _left(fight: Fight) -> Iterator[str]:
    acted = fight.turns.acted
    return (n for n in fight.turns.order if n not in acted and in_fight(fight.combatant(n)))
