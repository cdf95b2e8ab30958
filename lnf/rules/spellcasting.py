"""F7: a caster's spell figures: the spellcasting ability of each class (SRD 5.1), the save DC
(8 + proficiency bonus + the ability's modifier), the spell attack bonus (proficiency bonus +
modifier) and the character levels at which a cantrip's damage grows (5, 11, 17)."""

from __future__ import annotations

from lnf.model import Ability
from lnf.values import value

# The SRD's classes, and the subclasses that cast with Intelligence (Eldritch Knight, Arcane
# Trickster) under their class's name.
CASTING_ABILITY: dict[str, Ability] = {
    "bard": Ability.CHA,
    "cleric": Ability.WIS,
    "druid": Ability.WIS,
    "paladin": Ability.CHA,
    "ranger": Ability.WIS,
    "sorcerer": Ability.CHA,
    "warlock": Ability.CHA,
    "wizard": Ability.INT,
    "artificer": Ability.INT,
    "fighter": Ability.INT,
    "rogue": Ability.INT,
}
CANTRIP_TIERS = (1, 5, 11, 17)  # F7: a cantrip's dice by character level


@value(kw_only=True)
class Caster:
    """Who casts: class, character level, the spellcasting ability's modifier and the
    proficiency bonus; a sheet's own DC or attack bonus, where it gives one, wins."""

    cls: str
    level: int
    mod: int
    proficiency: int
    own_dc: int | None = None
    own_attack: int | None = None
    disciple: bool = False  # F2: a Life cleric's Disciple of Life (`rules.subclasses`)

    @property
    def dc(self) -> int:
        """F7: the spell save DC, 8 + proficiency bonus + modifier."""
        return self.own_dc if self.own_dc is not None else 8 + self.proficiency + self.mod

    @property
    def attack(self) -> int:
        """F7: the spell attack bonus, proficiency bonus + modifier."""
        return self.own_attack if self.own_attack is not None else self.proficiency + self.mod


def casting_ability(cls: str) -> Ability | None:
    """The ability a class casts with; None for a class that casts no spells in the SRD."""
    return CASTING_ABILITY.get(cls.strip().lower())


def cantrip_tier(level: int, tiers: list[int] | tuple[int, ...] = CANTRIP_TIERS) -> int:
    """F7: the highest of `tiers` (character levels) the caster has reached."""
    return max((t for t in tiers if t <= level), default=min(tiers))
