"""F2: what a class gives a hero at a level, by the SRD 5.1 class text and tables: ability
modifiers, hit dice and hit points, saving throws and weapons a class is proficient with, Extra
Attack, Unarmored Defense, Martial Arts, Unarmored and Fast Movement, Rage damage. Each is
decided in one function; `formats/hero_sheet` puts them on a sheet. The figures the SRD's level
tables print (Extra Attack, the martial arts die, Unarmored Movement, Rage damage) are checked
against the levels file by tests/test_hero_sheets.py."""

from __future__ import annotations

from lnf.dice.abilities import ability_modifier
from lnf.model import INCAPACITATING, Ability, Action, Attack, Combatant, Condition, Hero
from lnf.model.plan import Mode
from lnf.rules.resources import RAGE
from lnf.rules.sheets import proficiency
from lnf.rules.subclasses import EVOCATION, srd_subclass

# SRD 5.1, each class's "Hit Points" and "Proficiencies" (not in the levels file).
HIT_DIE = {
    "barbarian": 12,
    "bard": 8,
    "cleric": 8,
    "druid": 8,
    "fighter": 10,
    "monk": 8,
    "paladin": 10,
    "ranger": 10,
    "rogue": 8,
    "sorcerer": 6,
    "warlock": 8,
    "wizard": 6,
}
S, D, C, N, W, H = Ability.STR, Ability.DEX, Ability.CON, Ability.INT, Ability.WIS, Ability.CHA
# F2, SRD 5.1: each class's "Proficiencies — Saving Throws" (tests/test_hero_sheets.py)
SAVING_THROWS = {
    "barbarian": (S, C),
    "bard": (D, H),
    "cleric": (W, H),
    "druid": (N, W),
    "fighter": (S, C),
    "monk": (S, D),
    "paladin": (W, H),
    "ranger": (S, D),
    "rogue": (D, N),
    "sorcerer": (C, H),
    "warlock": (W, H),
    "wizard": (N, W),
}
# Weapons: "simple", "martial", or weapons by the equipment file's index.
_ROGUE = ("simple", "crossbow-hand", "longsword", "rapier", "shortsword")
_ARCANE = ("dagger", "dart", "sling", "quarterstaff", "crossbow-light")
WEAPONS = {
    "barbarian": ("simple", "martial"),
    "bard": _ROGUE,
    "cleric": ("simple",),
    "druid": (
        "club",
        "dagger",
        "dart",
        "javelin",
        "mace",
        "quarterstaff",
        "scimitar",
        "sickle",
        "sling",
        "spear",
    ),
    "fighter": ("simple", "martial"),
    "monk": ("simple", "shortsword"),
    "paladin": ("simple", "martial"),
    "ranger": ("simple", "martial"),
    "rogue": _ROGUE,
    "sorcerer": _ARCANE,
    "warlock": ("simple",),
    "wizard": _ARCANE,
}
EXTRA_ATTACK = frozenset({"barbarian", "fighter", "monk", "paladin", "ranger"})
# The spellcasting ability of each casting class (SRD "Spellcasting Ability").
CASTING = {
    "bard": H,
    "cleric": W,
    "druid": W,
    "paladin": H,
    "ranger": W,
    "sorcerer": H,
    "warlock": H,
    "wizard": N,
}


def attacks_per_action(cls: str, level: int) -> int:
    """F2 Extra Attack: two attacks per Attack action from level 5 for the barbarian, fighter,
    monk, paladin and ranger; the fighter three at 11 and four at 20."""
    cls = cls.lower()
    if cls == "fighter":
        return 1 + (level >= 5) + (level >= 11) + (level >= 20)
    return 2 if cls in EXTRA_ATTACK and level >= 5 else 1


CUNNING_ACTIONS = (Action.DASH, Action.DISENGAGE, Action.HIDE)


def cunning_action(hero: Hero, action: Action) -> bool:
    """F1, SRD 5.1 rogue, Cunning Action (level 2): "a bonus action on each of your turns in
    combat. This action can be used only to take the Dash, Disengage, or Hide action." A rogue
    without a level is taken at the table's word: lnf counts no sheet for it (`tracked`)."""
    rogue = hero.cls.lower() == "rogue" and (hero.level is None or hero.level >= 2)
    return rogue and action in CUNNING_ACTIONS


def hit_points(cls: str, level: int, con_mod: int, rolls: tuple[int, ...] = ()) -> int:
    """The hit die's maximum at level 1, then per level the die's average rounded up
    (die/2 + 1), or the `rolls` given; the Constitution modifier every level. At least 1 a
    level (the SRD's minimum of a hit die's gain)."""
    die = HIT_DIE[cls.lower()]
    gains = rolls or (die // 2 + 1,) * (level - 1)
    return max(1, die + con_mod) + sum(max(1, g + con_mod) for g in gains)


def unarmored_ac(cls: str, dex: int, con: int, wis: int, shield: bool) -> int:
    """AC without armor (F2): 10 + Dexterity; the barbarian's Unarmored Defense adds
    Constitution (a shield allowed), the monk's Wisdom (no shield, so no bonus with one)."""
    cls = cls.lower()
    if cls == "barbarian":
        return 10 + dex + con
    if cls == "monk" and not shield:
        return 10 + dex + wis
    return 10 + dex


def armored_ac(base: int, dex_cap: int | None, dex: int) -> int:
    """Worn armor's AC: its base, plus Dexterity up to the armor's cap (None: all of it)."""
    return base + (dex if dex_cap is None else min(dex, dex_cap))


def martial_arts_die(level: int) -> int:
    """The monk's Martial Arts die: d4, d6 at 5, d8 at 11, d10 at 17."""
    return 4 + 2 * ((level >= 5) + (level >= 11) + (level >= 17))


def speed_bonus(cls: str, level: int, armor: str | None, shield: bool) -> int:
    """Feet added to walking speed: the monk's Unarmored Movement (+10 at 2, +5 at 6, 10, 14
    and 18; without armor or shield), the barbarian's Fast Movement (+10 at 5, without heavy
    armor). `armor` is the worn armor's category (light, medium, heavy) or None."""
    cls = cls.lower()
    if cls == "monk" and level >= 2 and armor is None and not shield:
        return 10 + 5 * sum(level >= n for n in (6, 10, 14, 18))
    if cls == "barbarian" and level >= 5 and armor != "heavy":
        return 10
    return 0


STUN_LEVEL = 5  # F2: the monk's Stunning Strike
DANGER_SENSE_LEVEL = 2  # F2: the barbarian's
EVASION_LEVEL = 7  # F2: the rogue's and the monk's
UNCANNY_DODGE_LEVEL = 5  # F2: the rogue's
DEFLECT_MISSILES_LEVEL = 3  # F2: the monk's
SCULPT_LEVEL = 2  # F2: the evoker's Sculpt Spells
RECKLESS_LEVEL = 2  # F2: the barbarian's Reckless Attack
# "you can't be blinded, deafened, or incapacitated" (and what incapacitates: F3)
DANGER_SENSE_BARS = frozenset({Condition.BLINDED, Condition.DEAFENED}) | INCAPACITATING


def rage_damage(level: int) -> int:
    """The barbarian's Rage damage: +2, +3 at 9, +4 at 16."""
    return 2 + (level >= 9) + (level >= 16)


def rage_bonus(c: Combatant, attack: Attack, mode: Mode) -> int:
    """F2, the SRD's Rage: "a bonus to the damage roll" of a mêlée weapon attack using
    Strength (`strength_melee`) while raging; a thrown weapon at range is no mêlée attack."""
    if RAGE not in c.effects or mode is Mode.RANGED or not isinstance(c, Hero):
        return 0
    return raging_damage(c) if strength_melee(c, attack) else 0


def strength_melee(hero: Hero, attack: Attack) -> bool:
    """F2: whether a hero's attack is a mêlée weapon attack using Strength (Rage's damage,
    Reckless Attack): a finesse one uses Dexterity when the hero's Dexterity is the better
    (a sheet without scores: Strength)."""
    if attack.spell or not attack.is_melee or attack.save is not None:
        return False
    scores = dict(hero.scores)
    better_dex = scores.get(Ability.DEX, 0) > scores.get(Ability.STR, 0)
    return not (attack.finesse and better_dex)


def raging_damage(c: Combatant) -> int:
    """F2: what Rage adds to a hero's Strength mêlée hits, by its level (a hero written without
    a level adds nothing: its damage is the file's)."""
    return rage_damage(c.level) if isinstance(c, Hero) and c.level else 0


def proficient_with(cls: str, weapon: str, category: str) -> bool:
    """Whether a class is proficient with a weapon (its index) of a category (simple, martial)."""
    known = WEAPONS.get(cls.lower(), ())
    return category in known or weapon in known


# SRD 5.1 "Using Each Ability": the eighteen skills and the ability each checks.
SKILLS = {
    "acrobatics": D,
    "animal handling": W,
    "arcana": N,
    "athletics": S,
    "deception": H,
    "history": N,
    "insight": W,
    "intimidation": H,
    "investigation": N,
    "medicine": W,
    "nature": N,
    "perception": W,
    "performance": H,
    "persuasion": H,
    "religion": N,
    "sleight of hand": D,
    "stealth": D,
    "survival": W,
}
# SRD 5.1 Expertise: (class, level gained, skills chosen); the rogue at 1 and 6, the bard at
# 3 and 10. tests/test_hero_sheets.py checks the levels against the levels file.
EXPERTISE = (("rogue", 1, 2), ("rogue", 6, 2), ("bard", 3, 2), ("bard", 10, 2))


def expertise_count(cls: str, level: int) -> int | None:
    """How many skills a class's Expertise doubles at `level`; None for a class lnf does not
    know (a hireling: its sheet is taken as written, as its weapon proficiencies are)."""
    cls = cls.lower()
    if cls not in HIT_DIE:
        return None
    return sum(n for c, at, n in EXPERTISE if c == cls and level >= at)


JACK_OF_ALL_TRADES = ("bard", 2)  # SRD 5.1: the bard's feature at the 2nd level


def jack_of_all_trades(cls: str, level: int) -> bool:
    """F2, SRD 5.1 Jack of All Trades: "Starting at 2nd level, you can add half your proficiency
    bonus, rounded down, to any ability check you make that doesn't already include your
    proficiency bonus." tests/test_hero_sheets.py checks the level against the levels file."""
    who, at = JACK_OF_ALL_TRADES
    return cls.lower() == who and level >= at


def has_danger_sense(cls: str, level: int) -> bool:
    """F2: a barbarian from the 2nd level has Danger Sense (the levels file: tests)."""
    return cls.lower() == "barbarian" and level >= DANGER_SENSE_LEVEL


def has_evasion(cls: str, level: int) -> bool:
    """F2: the rogue and the monk have Evasion from the 7th level (the levels file: tests);
    `rules.trait_saves.evades` plays it."""
    return cls.lower() in ("rogue", "monk") and level >= EVASION_LEVEL


def has_reckless_attack(cls: str, level: int) -> bool:
    """F2: a barbarian from the 2nd level has Reckless Attack (the levels file: tests);
    `rules.reckless` plays it."""
    return cls.lower() == "barbarian" and level >= RECKLESS_LEVEL


def sculpts(cls: str, level: int, subclass: str | None = None) -> bool:
    """F2: a wizard of the 2nd level or higher has Sculpt Spells (the SRD's only Arcane
    Tradition, the School of Evocation, unless `subclass` names another; the levels file:
    tests); `rules.legal.verify_sculpt`."""
    evoker = subclass is None or srd_subclass(cls, subclass) == EVOCATION
    return cls.lower() == "wizard" and level >= SCULPT_LEVEL and evoker


def has_uncanny_dodge(cls: str, level: int) -> bool:
    """F2: the rogue has Uncanny Dodge from the 5th level (the levels file: tests); the sheet
    gives it as a guard (F1), `rules.economy.turning_guard` plays it."""
    return cls.lower() == "rogue" and level >= UNCANNY_DODGE_LEVEL


def deflects_missiles(cls: str, level: int) -> bool:
    """F2: the monk has Deflect Missiles from the 3rd level (the levels file: tests); the
    sheet gives it as a guard (F1), `rules.economy.turning_guard` plays it."""
    return cls.lower() == "monk" and level >= DEFLECT_MISSILES_LEVEL


def danger_sense(c: Combatant, ability: Ability) -> str:
    """F2, SRD 5.1 Danger Sense: "advantage on Dexterity saving throws against effects that
    you can see, such as traps and spells. To gain this benefit, you can't be blinded,
    deafened, or incapacitated." Without a map every effect a save answers is one it sees
    (choices.md, F2). "Danger Sense", or "" when it does not apply."""
    if not isinstance(c, Hero) or ability is not Ability.DEX:
        return ""
    if not has_danger_sense(c.cls, c.level or 0) or c.conditions & DANGER_SENSE_BARS:
        return ""
    return "Danger Sense"


def skill_bonus(
    modifier: int, prof: int, proficient: bool, expertise: bool, jack: bool = False
) -> int:
    """F2, a skill check's bonus (SRD 5.1 "Proficiency Bonus", Expertise): the ability's
    modifier, + the proficiency bonus when proficient, twice it with Expertise; with `jack`
    (`jack_of_all_trades`), half of it rounded down when not proficient (D11)."""
    if not proficient and not expertise:
        return modifier + (prof // 2 if jack else 0)
    return modifier + prof * (2 if expertise else 1)


DIVINE_SMITE = "Divine Smite"
SMITE_LEVEL = 2  # SRD paladin table: Divine Smite at the 2nd level


def has_stunning_strike(cls: str, level: int) -> bool:
    """F2: a monk of the 5th level or higher has Stunning Strike (`rules.stunning` plays it;
    the SRD's levels file: tests)."""
    return cls.lower() == "monk" and level >= STUN_LEVEL


def ki_save_dc(level: int, wis: int) -> int:
    """F2, the monk's Ki: "Ki save DC = 8 + your proficiency bonus + your Wisdom modifier"."""
    return 8 + proficiency(level) + ability_modifier(wis)


def smites(hero: Hero) -> bool:
    """F2: a paladin's sheet of the 2nd level or higher plays Divine Smite; one that writes a
    `Divine Smite` attack out keeps that attack instead (what the entry says wins)."""
    if hero.cls.lower() != "paladin" or (hero.level or 0) < SMITE_LEVEL:
        return False
    return all(a.name.lower() != DIVINE_SMITE.lower() for a in hero.attacks)


# F2: the class features (the SRD levels file's names, a trailing "(…)" left out) that lnf
# plays; `lnf init --hero` says the rest are the DM's. Spellcasting is F7's, uses counted
# (Bardic Inspiration, Wild Shape, Sorcery Points) are the DM's to rule.
PLAYED_FEATURES: dict[str, frozenset[str]] = {
    "barbarian": frozenset(
        {"Rage", "Unarmored Defense", "Reckless Attack", "Danger Sense", "Extra Attack"}
        | {"Fast Movement"}
    ),
    "bard": frozenset(
        {"Spellcasting: Bard", "Jack of All Trades", "Expertise", "Bardic Inspiration"}
        | {"Font of Inspiration"}
    ),
    "cleric": frozenset(
        {"Spellcasting: Cleric", "Channel Divinity", "Channel Divinity: Turn Undead"}
        | {"Destroy Undead"}
    ),
    "druid": frozenset({"Spellcasting: Druid"}),
    "fighter": frozenset({"Second Wind", "Action Surge", "Extra Attack", "Fighting Style"}),
    "monk": frozenset(
        {"Unarmored Defense", "Martial Arts", "Ki", "Flurry of Blows", "Unarmored Movement"}
        | {"Extra Attack", "Stunning Strike", "Evasion", "Patient Defense", "Step of the Wind"}
        | {"Deflect Missiles"}
    ),
    "paladin": frozenset(
        {"Lay on Hands", "Spellcasting: Paladin", "Divine Smite", "Extra Attack", "Fighting Style"}
        | {"Channel Divinity"}  # F2: the Oath of Devotion's Turn the Unholy
    ),
    "ranger": frozenset({"Spellcasting: Ranger", "Extra Attack", "Fighting Style"}),
    "rogue": frozenset({"Expertise", "Sneak Attack", "Cunning Action", "Uncanny Dodge", "Evasion"}),
    "sorcerer": frozenset({"Spellcasting: Sorcerer"}),
    "warlock": frozenset({"Pact Magic", "Eldritch Invocations"}),  # three of them: invocations
    "wizard": frozenset({"Spellcasting: Wizard"}),
}


def plays_feature(cls: str, feature: str) -> bool:
    """F2: whether lnf plays the class feature named as the levels file names it ("Extra
    Attack (2)", "Destroy Undead (CR 1 or below)": the part before " ("); an Ability Score
    Improvement is in the sheet's `scores`."""
    name = feature.split(" (")[0]
    return name == "Ability Score Improvement" or name in PLAYED_FEATURES.get(cls.lower(), ())
