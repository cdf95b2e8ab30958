"""B2: ammunition a stat block counts ("The manticore has twenty-four tail spikes"), counted
down for the fight: a monster's resource named as the weapon attack that spends it, one piece
an attack roll. An attack whose pieces are all spent is no option any more (P2, B6, V4: the
plan, the volley plan and the engine read the same attacks), and a routine holds no more of
its attacks than pieces are left."""

from __future__ import annotations

from lnf.model import Attack, AttackKind, Hero, Monster

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_RANGED = AttackKind.RANGED


def pieces_left(c: Hero | Monster, attack: Attack) -> int | None:
    """What is left of the pieces `attack` spends (a monster's resource named as the attack);
    None when they are not counted (then they do not run out)."""
    if not isinstance(c, Monster) or attack.spell or attack.kind is not _RANGED:
        return None  # a thrown weapon's pieces are not counted (its mêlée use spends none)
    r = c.resource(attack.name)
    return r.left if r is not None else None


def can_shoot(c: Hero | Monster, attack: Attack) -> bool:
    """Whether `attack` has a piece left (or counts none)."""
    return pieces_left(c, attack) != 0


def within_pieces(c: Hero | Monster, attacks: tuple[Attack, ...]) -> tuple[Attack, ...]:
    """A routine's attacks, each counted one no more often than its pieces left (the
    manticore's three tail spikes with two left: two)."""
    out: list[Attack] = []
    for a in attacks:
        left = pieces_left(c, a)
        if left is None or sum(1 for b in out if b.name == a.name) < left:
            out.append(a)
    return tuple(out)
