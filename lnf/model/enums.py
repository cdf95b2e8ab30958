"""The game's small vocabularies, so that no bare string stands for a side, rank or condition.

Each value is the spelling used in fight files.
"""

from __future__ import annotations

from enum import StrEnum


class Side(StrEnum):
    HEROES = "heroes"
    MONSTERS = "monsters"

    @property
    def other(self) -> Side:
        return Side.MONSTERS if self is Side.HEROES else Side.HEROES


class Rank(StrEnum):
    """R1: every combatant is in exactly one rank."""

    FRONT = "front"
    BACK = "back"
    FREE_AIR = "free-air"

    def __repr__(self) -> str:
        return f"Rank.{self.name}"  # as code, like an Order's repr


class Family(StrEnum):
    """G2 class families, in row order."""

    FIGHTY = "fighty"
    PRIESTY = "priesty"
    GISHY = "gishy"
    CASTY = "casty"
    SNEAKY = "sneaky"


# G2 default families; a hero may override its family in the fight file.
CLASS_FAMILIES: dict[str, Family] = {
    "barbarian": Family.FIGHTY,
    "fighter": Family.FIGHTY,
    "monk": Family.FIGHTY,
    "paladin": Family.FIGHTY,
    "ranger": Family.FIGHTY,
    "cleric": Family.PRIESTY,
    "druid": Family.PRIESTY,
    "artificer": Family.GISHY,
    "bard": Family.GISHY,
    "warlock": Family.GISHY,
    "sorcerer": Family.CASTY,
    "wizard": Family.CASTY,
    "rogue": Family.SNEAKY,
}


class BackReason(StrEnum):
    """R4 / R6: why a combatant may stand off the front rank."""

    GUARDED = "guarded"  # R5, heroes only
    LEVITATING = "levitating"
    HIDDEN = "hidden"
    OUT_OF_REACH = "out-of-reach"


class CDot(StrEnum):
    """T1: a C dot marks a hero as a wanted or an avoided target."""

    WANTED = "wanted"
    AVOIDED = "avoided"


class Dot(StrEnum):
    """T1: a dot as the DM writes it on the grid (and in a fight file or a mark)."""

    C = "C"  # a wanted C dot
    C_AVOIDED = "C-"  # an avoided C dot
    O = "O"  # noqa: E741 - the dot's own name on the grid
    N = "N"

    @property
    def c_dot(self) -> CDot | None:
        return {Dot.C: CDot.WANTED, Dot.C_AVOIDED: CDot.AVOIDED}.get(self)


class Condition(StrEnum):
    """The 5e conditions (PHB appendix A); exhaustion is a level, kept apart."""

    BLINDED = "blinded"
    CHARMED = "charmed"
    DEAFENED = "deafened"
    FRIGHTENED = "frightened"
    GRAPPLED = "grappled"
    INCAPACITATED = "incapacitated"
    INVISIBLE = "invisible"
    PARALYZED = "paralyzed"
    PETRIFIED = "petrified"
    POISONED = "poisoned"
    PRONE = "prone"
    RESTRAINED = "restrained"
    STUNNED = "stunned"
    UNCONSCIOUS = "unconscious"
    # Not an SRD condition: F7's Faerie Fire, played as one (attackers have advantage, it
    # cannot be invisible; an N dot on a hero, T1).
    OUTLINED = "outlined"
    # Not an SRD condition: F7's Confusion, played as one (no reactions; a d10 as each of its
    # turns starts says what it does, `rules.conditions.confused_does`).
    CONFUSED = "confused"
    # Not an SRD condition: F7's Calm Emotions, played as one (the creature cannot attack the
    # caster's side until it is attacked or harmed, or sees a friend harmed).
    INDIFFERENT = "indifferent"
    # Not SRD conditions: what a metallic dragon's second breath or a stone golem's Slow
    # imposes, played as conditions (docs/riders.md, F3): weakened, disadvantage on
    # Strength-based attack rolls, Strength checks and Strength saves (Weakening Breath).
    WEAKENED = "weakened"
    # slowed: no reactions, speed halved, one attack on its turn, its action or its bonus
    # action, not both (Slowing Breath, a stone golem's Slow).
    SLOWED = "slowed"
    # Not an SRD condition: a water elemental's Freeze (B8), played as one: its speed is
    # reduced by its trait's feet (20) while it lasts (`rules.roster.speed_now`).
    FROZEN = "frozen"
    # Not an SRD condition: Blur's (B6, F7), played as one: attack rolls against it have
    # disadvantage.
    BLURRED = "blurred"
    # Not an SRD condition: the Fly spell's (B6, F7), played as one: a flying speed of 60 feet
    # while it lasts (R7).
    FLYING = "flying"
    # Not an SRD condition: Banishment's (F7), played as one: incapacitated on a harmless
    # demiplane, out of the fight (`rules.roster.in_fight`) until the spell ends.
    BANISHED = "banished"
    # Not an SRD condition: Bestow Curse's (F7), played as one: disadvantage on attack rolls
    # against the caster (`rules.curses`).
    CURSED = "cursed"
    # Not SRD conditions: Ray of Enfeeblement's and Reduce's (F7, `rules.feeble`): enfeebled,
    # half damage with Strength-based weapon attacks; reduced, 1d4 less with weapon attacks and
    # disadvantage on Strength checks and saves.
    ENFEEBLED = "enfeebled"
    REDUCED = "reduced"
    # Not an SRD condition: the lamia's Intoxicating Touch (F6), played as one: "magically
    # cursed … disadvantage on Wisdom saving throws and all ability checks".
    INTOXICATED = "intoxicated"
    # Not an SRD condition: the roper's tendril (F6), played as one while it holds: disadvantage
    # on Strength checks and Strength saving throws.
    HAMPERED = "hampered"
    # Not an SRD condition: Freedom of Movement's (B6, F7) on the caster, played as one: it
    # cannot be paralyzed, restrained or grappled while it lasts (`rules.trait_saves.immune_now`).
    UNFETTERED = "unfettered"
    # Not an SRD condition: Sanctuary's ward (B6, F7) on the caster, played as one: who aims an
    # attack or a spell at it saves first (`rules.sanctuary`).
    SANCTUARY = "warded"
    # Not an SRD condition: the duergar's Enlarge (B6), played as one: its weapons deal their
    # other damage "while enlarged" (`AltUse.ENLARGED`), advantage on Strength checks and saves.
    ENLARGED = "enlarged"
    # Not an SRD condition: Fire Shield's warm shield on its caster (B6, F7), played as one:
    # resistance to cold, and 2d8 fire to whoever hits it in mêlée (`rules.fire_shield`).
    FIRE_SHIELDED = "fire-shielded"
    # Not an SRD condition: Mirror Image's duplicates around the caster (B6, F7), played as one
    # while any is left, an effect each: a d20 moves an attack to one (`rules.mirror_image`).
    MIRRORED = "mirrored"
    # Not an SRD condition: Globe of Invulnerability's barrier around the caster (B6, F7),
    # played as one: a hero's spell of the 5th level or lower from outside it has no effect
    # inside (`rules.globe`).
    GLOBE_WARDED = "globe-warded"
    # Not an SRD condition: the clay golem's Haste (B6), played as one until the end of its
    # next turn: +2 AC, advantage on Dexterity saves, one more of its attack (its bonus action).
    HASTED = "hasted"
    # Not SRD conditions: the gibbering mouther's (B8, `rules.mouther`), each until the start of
    # the creature's next turn: mired, speed 0 (Aberrant Ground); gibbering, no reactions and
    # its turn picked by a d8 (Gibbering).
    MIRED = "mired"
    GIBBERING = "gibbering"
    # Not an SRD condition: a cleric's Turn Undead (F2, `rules.turning`), played as one for 1
    # minute or until it takes damage: no reactions, no attack; its plan order only leaves its
    # group or stays unengaged (P1).
    TURNED = "turned"


# B6: the conditions a spell's `effect: {ward: …}` puts on its caster (`SpellEffect.ward`).
WARDS = frozenset(
    {
        Condition.UNFETTERED,
        Condition.SANCTUARY,
        Condition.ENLARGED,
        Condition.FIRE_SHIELDED,
        Condition.GLOBE_WARDED,
        Condition.HASTED,
    }
)
# B6: the wards that only guard against what may come: cast after a heal or a dispel.
GUARDS = frozenset({Condition.UNFETTERED, Condition.SANCTUARY, Condition.GLOBE_WARDED})
# F7 Freedom of Movement: "spells and other magical effects can neither reduce the target's
# speed nor cause the target to be paralyzed or restrained"; "5 feet of movement to
# automatically escape nonmagical restraints, such as manacles or a creature that has it
# grappled": without a map, that escape is at once.
UNFETTERED_FROM = frozenset({Condition.PARALYZED, Condition.RESTRAINED, Condition.GRAPPLED})


# T1: conditions that let attackers gain advantage (or shed disadvantage) give an N dot.
N_CONDITIONS = frozenset(
    {
        Condition.BLINDED,
        Condition.PARALYZED,
        Condition.PETRIFIED,
        Condition.PRONE,
        Condition.RESTRAINED,
        Condition.STUNNED,
        Condition.UNCONSCIOUS,
        Condition.OUTLINED,
    }
)

# Conditions that make a creature's speed 0 or stop it acting (M4, R7, R8).
HELD = frozenset({Condition.GRAPPLED, Condition.RESTRAINED})
INCAPACITATING = frozenset(
    {
        Condition.INCAPACITATED,
        Condition.PARALYZED,
        Condition.PETRIFIED,
        Condition.STUNNED,
        Condition.UNCONSCIOUS,
        Condition.BANISHED,  # F7 Banishment: "While there, the target is incapacitated"
    }
)


class Flag(StrEnum):
    """Standing facts about a combatant that rules ask about."""

    CONJURED = "conjured"  # R5: cannot guard
    SWARM = "swarm"  # R5: ignores guards
    INCORPOREAL = "incorporeal"  # R5: ignores guards
    ENTERS_SPACES = "enters-spaces"  # R5: ignores guards (Air Form, Water Form, Fire Form)
    CAN_LEVITATE = "can-levitate"  # R4/R6: may take the back rank without guards or count
    CAN_HIDE = "can-hide"  # R4/R6: can hide or climb out of reach
    HIDDEN = "hidden"  # unseen right now
    SCORCHED = "scorched"  # B8: took what stops its Regeneration since the round started
    RELENTLESS = "relentless-spent"  # B8: its Relentless has held it at 1 hit point this fight
    RESISTS_SPELLS = "resists-spells"  # D6: "resistance: damage from spells" (the archmage)
    BOUND = "amulet-bound"  # B8: half of its amulet's wearer's damage comes to it (Bound)


class Action(StrEnum):
    """The actions without an attack roll (PHB chapter 9), as a hero's turn names them."""

    DASH = "dash"
    DISENGAGE = "disengage"
    DODGE = "dodge"
    HELP = "help"
    HIDE = "hide"
    USE = "use"
    ESCAPE = "escape"  # F6: out of a grapple, the better of Athletics and Acrobatics
    DEFENCE = "defence"  # V-ACL7: reactions to defend, under the AC-less variant
    NOTHING = "nothing"


class Cost(StrEnum):
    """F1: what a turn spends on a choice: its action, its bonus action, or the reaction it
    has each round."""

    ACTION = "action"
    BONUS = "bonus action"
    REACTION = "reaction"


class School(StrEnum):
    """F7: the SRD's eight schools of magic (Sculpt Spells shapes evocation spells, F2)."""

    ABJURATION = "abjuration"
    CONJURATION = "conjuration"
    DIVINATION = "divination"
    ENCHANTMENT = "enchantment"
    EVOCATION = "evocation"
    ILLUSION = "illusion"
    NECROMANCY = "necromancy"
    TRANSMUTATION = "transmutation"


class TurnEdge(StrEnum):
    """F4: the start or the end of a creature's turn, where effects end and saves repeat."""

    START = "start"
    END = "end"


class Ability(StrEnum):
    """The six abilities, for saving throws."""

    STR = "str"
    DEX = "dex"
    CON = "con"
    INT = "int"
    WIS = "wis"
    CHA = "cha"

    @property
    def word(self) -> str:
        """The ability as it is said: "Constitution"."""
        return _ABILITY_WORDS[self]


_ABILITY_WORDS = {
    Ability.STR: "Strength",
    Ability.DEX: "Dexterity",
    Ability.CON: "Constitution",
    Ability.INT: "Intelligence",
    Ability.WIS: "Wisdom",
    Ability.CHA: "Charisma",
}


class Shape(StrEnum):
    """E1: area shapes; the size is a radius, a side, or a cone's or line's length."""

    SPHERE = "sphere"
    CYLINDER = "cylinder"
    CIRCLE = "circle"
    RADIUS = "radius"
    CUBE = "cube"
    SQUARE = "square"
    CONE = "cone"
    LINE = "line"


class AttackKind(StrEnum):
    MELEE = "melee"
    RANGED = "ranged"
    THROWN = "thrown"  # a mêlée weapon that can be thrown (V3: reaches only in volley round 1)


class Size(StrEnum):
    """A creature's size (SRD); the AC-less variant reads its Hit DC from it."""

    TINY = "tiny"
    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"
    HUGE = "huge"
    GARGANTUAN = "gargantuan"


class AltUse(StrEnum):
    """When a weapon's other damage applies: a thrown weapon at range, a versatile one in two
    hands (the stat block prints both), a swarm's bites once it has half of its hit points or
    fewer, a duergar's weapons while it is enlarged (`rules.attacks.used_damage` decides)."""

    AT_RANGE = "at range"
    TWO_HANDS = "two hands"
    HALF_HP = "at half hit points"
    ENLARGED = "while enlarged"  # B6: the duergar's Enlarge


class Recharge(StrEnum):
    """When a spent resource comes back (5e rests); lnf tracks a fight, so it only shows."""

    SHORT = "short"
    LONG = "long"
    ROLL = "roll"  # B2: a recharge die rolled at the start of each round (Recharge 5–6)
    ROUND = "round"  # B7: legendary action points, regained at the start of each round


class Terrain(StrEnum):
    """V1: the terrain sets how many volley rounds a fight that starts apart has."""

    ARCTIC = "arctic"
    DESERT = "desert"
    FARMLAND = "farmland"
    GRASSLAND = "grassland"
    FOREST = "forest"
    SWAMP = "swamp"
    WOODLAND = "woodland"
    HILLS = "hills"
    WASTELAND = "wasteland"
    JUNGLE = "jungle"
    MOUNTAINS = "mountains"
    DUNGEON = "dungeon"


class PhaseKind(StrEnum):
    APART = "apart"  # V1: the sides start apart; the volley rounds are not rolled yet
    VOLLEY = "volley"
    MELEE = "melee"
    CHASE = "chase"

    @property
    def melee_possible(self) -> bool:
        """V3: no mêlée, no groups and no ranks before the sides meet."""
        return self not in (PhaseKind.APART, PhaseKind.VOLLEY)


class HouseRule(StrEnum):
    """A4 switches."""

    DOWNED_LAST = "downed-last"
    DOWNED_IGNORED = "downed-ignored"


class Variant(StrEnum):
    """Rule variants of core-d20.md, each a switch that is off by default."""

    AC_LESS = "acl"  # V-ACL: AC-less defence
    HYRULE = "hyrule"  # V-HYR: Legends of Hyrule
    ENCOUNTER = "encounter"  # V-ENC: encounter mode
    D20 = "d20"  # V-D20: favor and d4
    # The short spellings, as aliases of the same members, for code written before the names
    # were spelled out; new code uses the names above.
    ACL = "acl"
    HYR = "hyrule"
    ENC = "encounter"


class MonsterKind(StrEnum):
    """Who plans the monsters in `lnf odds`: LNF's joint plan (P3, P4), or greedy monsters that
    each take their first legal target (the yardstick the joint plan is measured against)."""

    LNF = "lnf"
    GREEDY = "greedy"


class RuleFamily(StrEnum):
    """The families of rule ids (late-night-fighting.md, core-d20.md): the letters before the
    number, or a variant's name. `of` reads the family from an id such as "K2" or "V-ACL6"."""

    GRID = "G"
    RANKS = "R"
    MOVEMENT = "M"
    ATTACKS = "A"
    GANG_UP = "K"
    TARGET_ORDER = "T"
    PLAN = "P"
    STRIKE_ORDER = "S"
    VOLLEYS = "V"
    CHASES = "C"
    AREAS = "E"
    STAT_BLOCKS = "B"
    DICE = "D"
    TURNS = "F"
    AC_LESS = "V-ACL"
    HYRULE = "V-HYR"
    ENCOUNTER = "V-ENC"
    D20 = "V-D20"
    EXAMPLES = "X"  # the worked examples (examples.md), cited beside the rules they show

    @classmethod
    def of(cls, rule: str) -> RuleFamily:
        """The family of one rule id ("K2", "V-ACL6", "V-D20-1"), or of a family named alone
        ("K", "v-acl"); ValueError for anything else."""
        text = rule.strip().upper()
        for family in sorted(cls, key=lambda f: -len(f.value)):  # V-ACL before V
            rest = text.removeprefix(family.value)
            if rest != text and (rest == "" or rest.lstrip("-").isdigit()):
                return family
        raise ValueError(f"{rule!r} is no rule id")

    @property
    def heading(self) -> str:
        """The family's heading in the rules reference."""
        return _FAMILY_TITLES[self]


# A fight file may name a variant by its rules' id too (`variants: [V-ACL]`, as the rules and
# the starter file's comment call it): each family's own variant.
VARIANT_BY_RULE = {
    RuleFamily.AC_LESS.value: Variant.AC_LESS,
    RuleFamily.HYRULE.value: Variant.HYRULE,
    RuleFamily.ENCOUNTER.value: Variant.ENCOUNTER,
    RuleFamily.D20.value: Variant.D20,
}

_FAMILY_TITLES = {
    RuleFamily.GRID: "The grid",
    RuleFamily.RANKS: "Ranks",
    RuleFamily.MOVEMENT: "Movement between groups",
    RuleFamily.ATTACKS: "Who can attack whom",
    RuleFamily.GANG_UP: "Gang-up limits",
    RuleFamily.TARGET_ORDER: "Target order",
    RuleFamily.PLAN: "The monsters' plan",
    RuleFamily.STRIKE_ORDER: "Strike order",
    RuleFamily.VOLLEYS: "Volley rounds",
    RuleFamily.CHASES: "Chases",
    RuleFamily.AREAS: "Area effects",
    RuleFamily.STAT_BLOCKS: "The monsters' whole stat block",
    RuleFamily.DICE: "Dice and the core mechanic",
    RuleFamily.TURNS: "A turn's economy, effects and concentration",
    RuleFamily.AC_LESS: "AC-less defence (variant)",
    RuleFamily.HYRULE: "Legends of Hyrule (variant)",
    RuleFamily.ENCOUNTER: "Encounter mode (variant)",
    RuleFamily.D20: "Small rules from the dice text (variant)",
    RuleFamily.EXAMPLES: "Worked examples",
}
