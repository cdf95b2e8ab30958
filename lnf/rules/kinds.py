"""A kind of monster: a monster without its name (G3: the name goes, the stat block stays).

Twins are one kind. What a monster needs to attack a hero (`rules.attacks.mode_needs`) and the
orders it has (`solver.orders`) ask nothing of its name, so a kind's answer is each twin's.
"""

from __future__ import annotations

from lnf.model import Monster
from lnf.values import HashedOnce, by_identities, replace

KINDS_KEPT = 4096  # monsters remembered (`kind_of`): a few grids' worth at 50 × 500


@by_identities(KINDS_KEPT)
def kind_of(monster: Monster) -> HashedOnce:
    """`monster` without its name, hashed once: its kind is looked up several times a
    monster, and a monster's fields hash deep (its attacks, traits, actions). Remembered by
    the monster's identity (a value never changes): the plan's troops, P5's and P5's static
    reasons ask of the same monsters, and a fight after an event shares every monster it
    left alone, so a re-plan asks again of most of them. Twins get one object, so that a
    kind is found by identity (comparing two kinds by value goes deep)."""
    kind = HashedOnce(replace(monster, name=""))
    if len(_kinds) >= KINDS_KEPT:
        _kinds.clear()
    return _kinds.setdefault(kind, kind)


_kinds: dict[HashedOnce, HashedOnce] = {}  # one object a kind (`kind_of`)
