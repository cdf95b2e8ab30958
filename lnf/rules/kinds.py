"""A kind of monster: a monster without its name (G3: the name goes, the stat block stays).

Twins are one kind. What a monster needs to attack a hero (`rules.attacks.mode_needs`) and the
orders it has (`solver.orders`) ask nothing of its name, so a kind's answer is each twin's.
"""

from __future__ import annotations

from lnf.model import Monster
from lnf.values import replace


class Kind:
    """A monster without its name, hashed once: a monster's fields hash deep (its attacks,
    traits, actions), and its kind is looked up several times a monster. Equal exactly when
    the monsters are, but for their names."""

    __slots__ = ("_hash", "monster")

    def __init__(self, monster: Monster) -> None:
        self.monster = replace(monster, name="")
        self._hash = hash(self.monster)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Kind) and (self is other or self.monster == other.monster)
