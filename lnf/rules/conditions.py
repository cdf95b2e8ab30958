"""F3, conditions as the SRD has them, where they touch saves, moves and actions (their effects
on attack rolls are D4's reasons in `rules.attacks`; incapacitation and speed 0 are
`rules.roster`). "Within 5 feet" reads as: in the same mêlée group, A1 holding."""

from __future__ import annotations

from lnf.model import Ability, Condition, Hero, Monster
from lnf.rules.roster import downed

FAILS_STR_DEX = frozenset(
    {Condition.PARALYZED, Condition.PETRIFIED, Condition.STUNNED, Condition.UNCONSCIOUS}
)


def fails_str_dex(c: Hero | Monster) -> bool:
    """F3: a paralysed, petrified, stunned or unconscious creature (or a hero at 0 hit points,
    unconscious) fails Strength and Dexterity saving throws."""
    return bool(c.conditions & FAILS_STR_DEX) or (isinstance(c, Hero) and downed(c))


def save_disadvantage(c: Hero | Monster, ability: Ability) -> bool:
    """F3: a restrained creature has disadvantage on Dexterity saves; exhaustion level 3 or
    more gives disadvantage on every save."""
    return (ability is Ability.DEX and Condition.RESTRAINED in c.conditions) or c.exhaustion >= 3


def cannot_flee(c: Hero | Monster) -> str:
    """F3, C1: why a creature cannot flee: grappled or restrained (speed 0)."""
    held = sorted(str(x) for x in c.conditions & {Condition.GRAPPLED, Condition.RESTRAINED})
    return " and ".join(held)
