"""F2: a warlock's Eldritch Invocations (SRD 5.1 warlock, level 2): the SRD's invocations by
name, how many a warlock of each level knows, and the three lnf plays, which change numbers a
fight without a map uses:

- Agonizing Blast: "When you cast eldritch blast, add your Charisma modifier to the damage it
  deals on a hit."
- Eldritch Spear: "When you cast eldritch blast, its range is 300 feet." (V3, C4: a spell of
  300 feet or more reaches further.)
- Armor of Shadows: "You can cast mage armor on yourself at will, without expending a spell
  slot or material components." Mage Armor: "the target's base AC becomes 13 + its Dexterity
  modifier" while it wears no armor; cast before the fight, as a warlock does.

The others (Devil's Sight, Repelling Blast, Mask of Many Faces…) change nothing lnf rolls, or
need a map: the DM rules them, as spells lnf does not play."""

from __future__ import annotations

ELDRITCH_BLAST = "eldritch blast"  # the cantrip two of the played invocations need
AGONIZING_BLAST = "agonizing blast"
ELDRITCH_SPEAR = "eldritch spear"
ARMOR_OF_SHADOWS = "armor of shadows"
PLAYED_INVOCATIONS = (AGONIZING_BLAST, ARMOR_OF_SHADOWS, ELDRITCH_SPEAR)
NEEDS_ELDRITCH_BLAST = (AGONIZING_BLAST, ELDRITCH_SPEAR)  # "Prerequisite: eldritch blast cantrip"
SPEAR_FEET = 300
MAGE_ARMOR_BASE = 13

# The SRD 5.1's Eldritch Invocations, as it names them.
SRD_INVOCATIONS = (
    "Agonizing Blast",
    "Armor of Shadows",
    "Ascendant Step",
    "Beast Speech",
    "Beguiling Influence",
    "Bewitching Whispers",
    "Book of Ancient Secrets",
    "Chains of Carceri",
    "Devil's Sight",
    "Dreadful Word",
    "Eldritch Sight",
    "Eldritch Spear",
    "Eyes of the Rune Keeper",
    "Fiendish Vigor",
    "Gaze of Two Minds",
    "Lifedrinker",
    "Mask of Many Faces",
    "Master of Myriad Forms",
    "Minions of Chaos",
    "Mire the Mind",
    "Misty Visions",
    "One with Shadows",
    "Otherworldly Leap",
    "Repelling Blast",
    "Sculptor of Flesh",
    "Sign of Ill Omen",
    "Thief of Five Fates",
    "Thirsting Blade",
    "Visions of Distant Realms",
    "Voice of the Chain Master",
    "Whispers of the Grave",
    "Witch Sight",
)
# SRD warlock table, Invocations Known: (warlock level, how many), highest first.
KNOWN = ((18, 8), (15, 7), (12, 6), (9, 5), (7, 4), (5, 3), (2, 2))


def invocations_known(level: int) -> int:
    """How many Eldritch Invocations a warlock of `level` knows (none at level 1)."""
    return next((n for at, n in KNOWN if level >= at), 0)


def invokes(cls: str) -> bool:
    return cls.strip().lower() == "warlock"
