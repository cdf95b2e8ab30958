"""F2: a Fighting Style (SRD 5.1: the fighter's at level 1, the paladin's and the ranger's at
level 2; the Champion fighter's Additional Fighting Style at level 10): which classes may take
which, and the three lnf plays, which change numbers the sheet works out:

- Archery: "You gain a +2 bonus to attack rolls you make with ranged weapons." (A weapon of the
  ranged category: a thrown mêlée weapon, a javelin or a dagger, is not one.)
- Defense: "While you are wearing armor, you gain a +1 bonus to AC."
- Dueling: "When you are wielding a melee weapon in one hand and no other weapons, you gain a
  +2 bonus to damage rolls with that weapon." (Any mêlée weapon without the two-handed
  property, a versatile one in one hand: its two-handed damage gets nothing.)

The others need what lnf does not roll (Great Weapon Fighting's rerolled damage dice,
Protection's reaction for an ally, Two-Weapon Fighting's off-hand attack): the DM rules them.
"""

from __future__ import annotations

from lnf.rules.subclasses import CHAMPION, played_subclass

ARCHERY = "archery"
DEFENSE = "defense"
DUELING = "dueling"
GREAT_WEAPON = "great weapon fighting"
PROTECTION = "protection"
TWO_WEAPON = "two-weapon fighting"
PLAYED_STYLES = (ARCHERY, DEFENSE, DUELING)
ARCHERY_BONUS = 2  # to hit
DEFENSE_BONUS = 1  # AC
DUELING_BONUS = 2  # damage

# The SRD 5.1's class tables: each class's styles and the level it chooses one.
STYLES = {
    "fighter": (ARCHERY, DEFENSE, DUELING, GREAT_WEAPON, PROTECTION, TWO_WEAPON),
    "paladin": (DEFENSE, DUELING, GREAT_WEAPON, PROTECTION),
    "ranger": (ARCHERY, DEFENSE, DUELING, TWO_WEAPON),
}
STYLE_LEVEL = {"fighter": 1, "paladin": 2, "ranger": 2}
ADDITIONAL_STYLE_LEVEL = 10  # the Champion's (the SRD's one Martial Archetype)


def styles_known(cls: str, level: int, subclass: str | None = None) -> int:
    """How many Fighting Styles a hero of `cls` and `level` has (0: none yet, or another class);
    a Champion (the SRD's fighter when `subclass` is unsaid) a second from level 10."""
    cls = cls.strip().lower()
    if level < STYLE_LEVEL.get(cls, 21):
        return 0
    champion = played_subclass(cls, level, subclass) == CHAMPION
    return 2 if champion and level >= ADDITIONAL_STYLE_LEVEL else 1
