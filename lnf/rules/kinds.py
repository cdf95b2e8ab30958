"""A kind of monster: a monster without its name (G3: the name goes, the stat block stays).

Twins are one kind. What a monster needs to attack a hero (`rules.attacks.mode_needs`) and the
orders it has (`solver.orders`) ask nothing of its name, so a kind's answer is each twin's.
"""

from __future__ import annotations

from lnf.model import Monster
from lnf.values import HashedOnce, replace


def kind_of(monster: Monster) -> HashedOnce:
    """`monster` without its name, hashed once: its kind is looked up several times a
    monster, and a monster's fields hash deep (its attacks, traits, actions)."""
    return HashedOnce(replace(monster, name=""))
