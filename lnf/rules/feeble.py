"""F7, what two monster spells do to a hero's weapon damage (`formats/spells_on_heroes`):

- Ray of Enfeeblement — enfeebled: "the target deals only half damage with weapon attacks
  that use Strength until the spell ends": a Strength-based attack (`conditions.
  strength_based`: a mêlée or thrown weapon, no finesse) deals half its damage, rounded down
  (D11), each damage type halved;
- Enlarge/Reduce, Reduce — reduced: "the target's attacks with them [its weapons] deal 1d4
  less damage (this can't reduce the damage below 1)": a weapon attack (no spell) deals 1d4
  less, at least 1, taken from its first damage type.

Both are taken from what the hit rolled, before the target's defences (D6)."""

from __future__ import annotations

from typing import TypeVar

from lnf.model import Attack, Condition, Hero, Monster
from lnf.rules.conditions import strength_based

K = TypeVar("K")


def enfeebled(c: Hero | Monster, attack: Attack) -> bool:
    """Whether `c`'s hit with `attack` deals half its damage (Ray of Enfeeblement)."""
    return Condition.ENFEEBLED in c.conditions and strength_based(attack)


def reduced(c: Hero | Monster, attack: Attack) -> bool:
    """Whether `c`'s hit with `attack` deals 1d4 less (Reduce): a weapon attack, no spell."""
    return Condition.REDUCED in c.conditions and not attack.spell and attack.save is None


def halved(damage: tuple[tuple[K, int], ...]) -> tuple[tuple[K, int], ...]:
    """Ray of Enfeeblement: each damage type's half, rounded down."""
    return tuple((kind, amount // 2) for kind, amount in damage)


def lessened(damage: tuple[tuple[K, int], ...], less: int) -> tuple[tuple[K, int], ...]:
    """Reduce: `less` taken from the first damage type, the total kept at 1 or more."""
    total = sum(amount for _, amount in damage)
    cut = min(less, max(0, total - 1))
    if not damage or not cut:
        return damage
    (kind, first), *rest = damage
    return ((kind, max(0, first - cut)), *rest)
