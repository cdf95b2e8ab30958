"""C1, M6: a monster's way of leaving by magic (Teleport, Etherealness, Ethereal Stride,
Ethereal Jaunt, Ink Cloud) as it flees: no opportunity attacks, and a chase that starts where
the magic left it (`Escape.points`) or none at all (gone at once). See `formats.escapes` for
the decision and docs/choices.md (C1).
"""

from __future__ import annotations

from lnf.errors import Refused
from lnf.model import LEGENDARY_ACTIONS, Escape, Fight, Hero, Monster
from lnf.model.plan import Mode, Order
from lnf.rules.group_changes import order_step


def usable_escape(c: Hero | Monster) -> Escape | None:
    """C1: the monster's way of leaving by magic, while a use of it is left (B2)."""
    if not isinstance(c, Monster) or c.escape is None:
        return None
    if c.escape.cost:  # B7: the round's legendary action points cover it
        points = c.resource(LEGENDARY_ACTIONS)
        return c.escape if points is not None and points.left >= c.escape.cost else None
    left = c.resource(c.escape.name)
    return c.escape if left is None or left.left > 0 else None


def spent_by(c: Monster, by: str) -> tuple[str, int] | None:
    """B2, B7: what leaving `by` its magic spends: its own use, or legendary action points."""
    if c.escape is None or c.escape.name.lower() != by.lower():
        return None
    if c.escape.cost:
        return LEGENDARY_ACTIONS, c.escape.cost
    return (c.escape.name, 1) if c.resource(by) is not None else None


def escape_by(c: Hero | Monster) -> str:
    """C1: what a monster that flees now leaves by: its escape's name, or "" (on foot; a Move
    that provokes gives a flight nothing)."""
    escape = usable_escape(c)
    return escape.name if escape is not None and not escape.provokes else ""


def gone_at_once(c: Hero | Monster, by: str) -> bool:
    """C1: whether leaving `by` takes it beyond any pursuit (another plane, a mile away)."""
    escape = usable_escape(c) if by else None
    return escape is not None and escape.points is None


def start_points(fight: Fight, who: str, by: str) -> int | None:
    """C1: where each pursuer's pool starts when `who` leaves `by` its magic (None: C1's own
    start, 0 from mêlée or the volley round's number), never below C1's own."""
    c = fight.combatant(who)
    if not by or not isinstance(c, Monster) or c.escape is None or c.escape.points is None:
        return None
    return max(c.escape.points, fight.phase.volley)


def verify_escape(fight: Fight, who: str, by: str, pursuers: tuple[str, ...]) -> None:
    """C1: a flight `by` magic names the monster's own way, with a use left; one that takes it
    beyond pursuit has no pursuers."""
    if not by:
        return
    c = fight.combatant(who)
    escape = usable_escape(c)
    if escape is None or escape.provokes or escape.name.lower() != by.lower():
        have = c.escape.name if isinstance(c, Monster) and c.escape is not None else ""
        spent = f"{have} is spent" if have else f"{who} has no way of leaving by magic"
        raise Refused(f"{who} cannot flee by {by}: {spent}", "C1")
    if pursuers and escape.points is None:
        raise Refused(f"{who} leaves by {by}, beyond pursuit: nobody can give chase", "C1")


def bites_first(c: Monster) -> bool:
    """C1: whether the monster may attack before it leaves by magic (`attack_first`)."""
    escape = usable_escape(c)
    return escape is not None and escape.attacks_first


def attack_first(fight: Fight, c: Monster, order: Order | None) -> Order | None:
    """C1: the order whose attack a monster makes before it leaves by magic (its escape's
    `attacks_first`): its plan's weapon attack at a hero of its own group, in mêlée, with no
    move (it bites where it stands, then goes); None otherwise."""
    escape = usable_escape(c)
    if escape is None or not escape.attacks_first or order is None or order.action:
        return None
    if order.mode is not Mode.MELEE or order.target is None or order_step(fight, order):
        return None
    group = fight.group_of(c.name)
    return order if group is not None and order.target in group.members else None


def escape_said(fight: Fight, who: str, by: str, pursuers: tuple[str, ...]) -> str:
    """The telling of a flight by magic (C1, M6), on the fight after it (its use spent)."""
    c = fight.combatant(who)
    if not isinstance(c, Monster) or c.escape is None:
        return f"{who} flees by {by}"
    spends = spent_by(c, by)
    use = c.resource(spends[0]) if spends is not None else None
    left = f"{use.left} of {use.total} left" if use is not None else ""
    if c.escape.cost:  # B7
        what = f"its legendary {by} ({c.escape.cost} point{'s' if c.escape.cost > 1 else ''}"
        what += f"; {left})" if left else ")"
    else:
        what = f"{by} ({left})" if left else by
    if c.escape.points is None:
        return f"{who} uses {what}: gone from the fight at once, no opportunity attacks (C1, M6)"
    if not pursuers:
        return f"{who} uses {what}: no opportunity attacks (M6), and nobody gives chase (C1)"
    start = start_points(fight, who, by)
    return (
        f"{who} uses {what}: no opportunity attacks (M6); the chase starts at {start} "
        f"escape point{'s' if start != 1 else ''} (C1)"
    )
