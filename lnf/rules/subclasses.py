"""F2: a hero's subclass (SRD 5.1 gives each class one: the Champion, the Life Domain, the
Draconic Bloodline…). A sheet plays its class's SRD subclass from the level the class chooses
one, unless `subclass:` names another (a subclass of another book: the DM rules its features).
lnf plays the subclass features that are numbers a fight without a map uses:

- Champion, Improved Critical (3rd): "Your weapon attacks score a critical hit on a roll of 19
  or 20"; Superior Critical (15th): "on a roll of 18–20"; Additional Fighting Style (10th).
- Draconic Bloodline, Draconic Resilience (1st): "Your hit point maximum increases by 1 and
  increases by 1 again whenever you gain a level in this class. Additionally, parts of your
  skin are covered by a thin sheen of dragon-like scales. When you aren't wearing armor, your
  AC equals 13 + your Dexterity modifier."
- Life Domain, Disciple of Life (1st): "Whenever you use a spell of 1st level or higher to
  restore hit points to a creature, the creature regains additional hit points equal to 2 +
  the spell's level."
- School of Evocation, Sculpt Spells (2nd): `rules.legal.verify_sculpt`.
- Oath of Devotion, Channel Divinity: Turn the Unholy (3rd): `rules.turning`.
- The Fiend, Dark One's Blessing (1st): temporary hit points on a kill (`blessing`).

The others (Frenzy, Cutting Words, Sacred Weapon, Hunter's Prey…) are the DM's, as the class
features lnf does not play."""

from __future__ import annotations

import re

from lnf.dice.abilities import ability_modifier
from lnf.model import Ability, Hero

# class: (the SRD's subclass as its levels file indexes it, as the SRD names it, the level the
# class chooses it, the class feature that chooses it)
SRD_SUBCLASS = {
    "barbarian": ("berserker", "Path of the Berserker", 3, "Primal Path"),
    "bard": ("lore", "College of Lore", 3, "Bard College"),
    "cleric": ("life", "Life Domain", 1, "Divine Domain"),
    "druid": ("land", "Circle of the Land", 2, "Druid Circle"),
    "fighter": ("champion", "Champion", 3, "Martial Archetype"),
    "monk": ("open-hand", "Way of the Open Hand", 3, "Monastic Tradition"),
    "paladin": ("devotion", "Oath of Devotion", 3, "Sacred Oath"),
    "ranger": ("hunter", "Hunter", 3, "Ranger Archetype"),
    "rogue": ("thief", "Thief", 3, "Roguish Archetype"),
    "sorcerer": ("draconic", "Draconic Bloodline", 1, "Sorcerous Origin"),
    "warlock": ("fiend", "The Fiend", 1, "Otherworldly Patron"),
    "wizard": ("evocation", "School of Evocation", 2, "Arcane Tradition"),
}
CHAMPION, DRACONIC, LIFE, EVOCATION = "champion", "draconic", "life", "evocation"
DEVOTION, FIEND = "devotion", "fiend"
DARK_ONES_BLESSING = "Dark One's Blessing"
# The subclass features lnf plays, as the levels file names them
PLAYED_SUBCLASS_FEATURES = {
    CHAMPION: frozenset({"Improved Critical", "Superior Critical", "Additional Fighting Style"}),
    DRACONIC: frozenset({"Draconic Resilience"}),
    LIFE: frozenset({"Disciple of Life"}),
    EVOCATION: frozenset({"Sculpt Spells"}),
    DEVOTION: frozenset({"Channel Divinity: Turn the Unholy"}),
    FIEND: frozenset({DARK_ONES_BLESSING}),
}
IMPROVED_CRITICAL = ((15, 18), (3, 19))  # (Champion level, the lowest critical roll)
DRACONIC_AC = 13  # + Dexterity, without armor
DISCIPLE_BONUS = 2  # + the spell's level


def srd_subclass(cls: str, said: str | None) -> str | None:
    """The SRD subclass index a hero plays: its class's when `said` is None (not written) or
    names it ("champion", "Life Domain", "way of the open hand"); None for another subclass."""
    srd = SRD_SUBCLASS.get(cls.strip().lower())
    if srd is None:
        return None
    if said is None:
        return srd[0]
    words = " ".join(re.sub(r"[^a-z]+", " ", said.lower()).split())
    return srd[0] if f" {srd[0].replace('-', ' ')} " in f" {words} " else None


def subclass_step(cls: str, feature: str) -> bool:
    """Whether a class feature of the levels file is the subclass's choice or a step of it
    ("Martial Archetype", "Martial Archetype feature", the barbarian's "Path feature"): the
    subclass's own features say what it brings."""
    srd = SRD_SUBCLASS.get(cls.strip().lower())
    choice = srd[3] if srd is not None else ""
    return bool(choice) and feature in (choice, f"{choice} feature", "Path feature")


def chooses_at(cls: str) -> int | None:
    """The level at which the class chooses its subclass (None: a class lnf does not know)."""
    srd = SRD_SUBCLASS.get(cls.strip().lower())
    return srd[2] if srd is not None else None


def played_subclass(cls: str, level: int, said: str | None) -> str | None:
    """The SRD subclass whose features a hero of `cls` and `level` plays (`srd_subclass`), or
    None: another subclass, or none chosen yet at this level."""
    at = chooses_at(cls)
    return srd_subclass(cls, said) if at is not None and level >= at else None


def subclass_name(cls: str, level: int | None, said: str | None) -> str:
    """The subclass a sheet's hero has, as the DM reads it ("Champion", "Battle Master"): the
    SRD's when unsaid or named so; "" before the class chooses one (or without a level)."""
    at = chooses_at(cls)
    if level is None or at is None or level < at:
        return said or ""
    srd = srd_subclass(cls, said)
    return SRD_SUBCLASS[cls.strip().lower()][1] if srd is not None else said or ""


def critical_roll(level: int, played: str | None) -> int:
    """F2 Improved Critical: the lowest d20 roll a Champion's weapon attack is critical on (20
    for everyone else)."""
    if played != CHAMPION:
        return 20
    return next((roll for at, roll in IMPROVED_CRITICAL if level >= at), 20)


def blessing(hero: Hero) -> int:
    """F2 Dark One's Blessing (the Fiend, warlock level 1): "When you reduce a hostile creature
    to 0 hit points, you gain temporary hit points equal to your Charisma modifier + your
    warlock level (minimum of 1)" — 0 for any other hero, or one whose sheet has no scores
    (the DM's)."""
    scores = dict(hero.scores)
    level = hero.level or 0
    if played_subclass(hero.cls, level, hero.subclass) != FIEND or Ability.CHA not in scores:
        return 0
    return max(1, ability_modifier(scores[Ability.CHA]) + level)
