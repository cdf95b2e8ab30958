"""B8: the traits of a monster's stat block that lnf plays, as frozen values."""

from __future__ import annotations

from enum import StrEnum

from lnf.dice import DamageType, DiceExpr
from lnf.model.effects import Rider
from lnf.values import value


class TraitKind(StrEnum):
    """The traits lnf plays (B8), by their SRD names in lower case."""

    PACK_TACTICS = "pack tactics"
    MARTIAL_ADVANTAGE = "martial advantage"
    SNEAK_ATTACK = "sneak attack"
    BLOOD_FRENZY = "blood frenzy"
    MAGIC_RESISTANCE = "magic resistance"
    REGENERATION = "regeneration"
    UNDEAD_FORTITUDE = "undead fortitude"
    CHARGE = "charge"
    POUNCE = "pounce"  # Trampling Charge is the same rule with another name
    NIMBLE_ESCAPE = "nimble escape"
    FLYBY = "flyby"
    SUNLIGHT_SENSITIVITY = "sunlight sensitivity"
    MAGIC_WEAPONS = "magic weapons"  # D6: its weapon attacks are magical
    # D6: its resistances and immunities to these types (`stopped_by`) hold only against
    # nonmagical attacks ("from nonmagical attacks")
    NONMAGICAL_ONLY = "nonmagical only"
    # D6: its vulnerabilities to these types (`stopped_by`) hold only against magical attacks
    # (the rakshasa's "piercing from magic weapons wielded by good creatures")
    MAGIC_ONLY = "magic only"
    EXHAUSTION_IMMUNE = "immune to exhaustion"  # C3: its dashes never tire it
    SPIDER_CLIMB = "spider climb"  # R6: climbs out of reach: the back rank without the count
    # Advantage on saves against what a save would impose (`rules.traits.save_edge`)
    FEY_ANCESTRY = "fey ancestry"  # charmed; magic can't put it to sleep (F7 Sleep)
    BRAVE = "brave"  # frightened
    # advantage on saves against turning (F2 Turn Undead): the ghast's, for nearby ghouls too
    TURN_DEFIANCE = "turn defiance"
    TURN_RESISTANCE = "turn resistance"
    DARK_DEVOTION = "dark devotion"  # charmed, frightened
    TWO_HEADS = "two heads"  # Two-Headed: blinded, charmed, deafened, frightened, stunned…
    DUERGAR_RESILIENCE = "duergar resilience"  # poison, spells, charmed, paralyzed
    GNOME_CUNNING = "gnome cunning"  # Intelligence, Wisdom, Charisma saves against spells
    SURE_FOOTED = "sure-footed"  # Strength, Dexterity saves against prone
    STEADFAST = "steadfast"  # never frightened while it sees an ally
    EVASION = "evasion"  # a Dexterity save for half: none on a success, half on a failure
    RELENTLESS = "relentless"  # `hp`: damage that drops it up to this leaves it at 1, once
    ABSORPTION = "absorption"  # `stopped_by`: the types that heal it instead of hurting it
    # Damage to others: `dice` with its type
    HEATED_BODY = "heated body"  # to a creature that hits it in mêlée
    FIRE_AURA = "fire aura"  # the same, and to each creature in its group as its turn starts
    SURPRISE_ATTACK = "surprise attack"  # extra dice on a hit in round 1 against the surprised
    ASSASSINATE = "assassinate"  # round 1: advantage on who has not acted, crits the surprised
    RECKLESS = "reckless"  # advantage on its mêlée weapon attacks, and attacks against it
    # Vampires: 20 radiant as its turn starts in sunlight (`hp`), and disadvantage on attacks
    SUNLIGHT_HYPERSENSITIVITY = "sunlight hypersensitivity"
    MISTY_ESCAPE = "misty escape"  # at 0 hit points it leaves as mist, unless in sunlight
    # When it dies: its `rider` (a save, damage, conditions) on each hero in its group
    DEATH_BURST = "death burst"
    DEATH_THROES = "death throes"
    # Said as it dies (after the fight, its body): `then`, when Rejuvenation brings it back
    REJUVENATION = "rejuvenation"
    ELEMENTAL_DEMISE = "elemental demise"
    AGGRESSIVE = "aggressive"  # C2, B10: a pursuer's bonus-action dash toward its quarry
    RAMPAGE = "rampage"  # B10: its bonus-action `attack` after it drops a creature in mêlée
    # A foe starting its turn in its group: a Constitution save (`dc`) or turning to stone,
    # petrified at once when it fails by `hp` or more (0: never at once)
    PETRIFYING_GAZE = "petrifying gaze"
    # Auras at the start of a creature's turn in its group: a save (`dc`) or a condition
    STENCH = "stench"  # Constitution, poisoned until the start of its next turn
    FEAR_AURA = "fear aura"  # Wisdom, frightened until the start of its next turn (foes only)
    # Spells of this level or lower (`hp`) cannot affect it; advantage on saves against the rest
    LIMITED_MAGIC_IMMUNITY = "limited magic immunity"
    # A hero's spells lnf leaves to the DM, answered when cast at it (`rules.spell_answers`)
    IMMUTABLE_FORM = "immutable form"  # Polymorph and the like do nothing to it
    # a hero's Dispel Magic: a Constitution save against its DC or unconscious for 1 minute
    ANTIMAGIC_SUSCEPTIBILITY = "antimagic susceptibility"
    # disadvantage on its attack rolls until the end of its next turn after fire damage
    AVERSION_OF_FIRE = "aversion of fire"
    # B10, a reaction: a foe starting its turn in its group saves (Wisdom, `dc`) or is
    # frightened until the end of that turn, once a round (the chain devil)
    UNNERVING_MASK = "unnerving mask"
    # B10, a reaction: a rock hurled at it is caught on a Dexterity save (`dc`), no damage
    ROCK_CATCHING = "rock catching"
    # B10, a reaction: lightning or slashing splits it in two (`hp`: the least it needs)
    SPLIT = "split"
    # its d6 as its turn starts at `hp` hit points or fewer: on a 6, berserk
    BERSERK = "berserk"
    # while it holds a creature (attached, grappling), that creature takes half its damage
    DAMAGE_TRANSFER = "damage transfer"
    # a d6 when a ranged spell attack, Magic Missile or a line spell targets it: unaffected,
    # and on a 6 the spell turns back at its caster
    REFLECTIVE_CARAPACE = "reflective carapace"
    # `hp` heads; a head dies to `dc` damage in a turn; two grow back for each at the end of
    # its turn unless burned (`stopped_by`), `dice` hit points regained for each
    MULTIPLE_HEADS = "multiple heads"
    REACTIVE_HEADS = "reactive heads"  # an opportunity attack for each head beyond one
    REACTIVE = "reactive"  # D10, B10: a reaction on every turn, not one a round
    # F6: its Multiattack's Reel: those it grapples are pulled into its group (the roper's)
    REEL = "reel"
    # F6: the shambling mound's: both its `attack`s hit one target, it is grappled (escape
    # `dc`) and engulfed: blinded, restrained, unable to breathe, `dice` on a failed
    # Constitution save (`dc`) as each of the mound's turns starts; one at a time.
    ENGULF = "engulf"
    # Wisdom, frightened for 1 minute, the save repeated (a humanoid foe; `dc`)
    HORRIFIC_APPEARANCE = "horrific appearance"
    # The gibbering mouther's, on a foe starting its turn in its group (`rules.mouther`): a
    # Strength save (`dc`) or speed 0; a Wisdom save (`dc`) or a turn picked by a d8
    ABERRANT_GROUND = "aberrant ground"
    GIBBERING = "gibbering"
    # Touch, light and stealth (`rules.trait_touch`)
    CUNNING_ACTION = "cunning action"  # B10: the Disengage as a bonus action, as Nimble Escape
    AMBUSHER = "ambusher"  # round 1: advantage on attacks against a creature it surprised
    SUNLIGHT_WEAKNESS = "sunlight weakness"  # in sunlight: disadvantage on attacks and saves
    LIGHT_SENSITIVITY = "light sensitivity"  # in bright light (sunlight): on attacks
    # `dice` to who hits it in mêlée (as Heated Body), and to a hero whose space it enters
    # (joining its group) with the fire lit on it, once a turn
    FIRE_FORM = "fire form"
    # Who hits it in mêlée in a fight underwater: a Constitution save (`dc`) or diseased
    MUCOUS_CLOUD = "mucous cloud"
    # R6: it can hide as a bonus action out of sunlight, so it needs no count; `hp`: its Stealth
    SHADOW_STEALTH = "shadow stealth"
    # B10: its bonus action at a dying hero in its group: a Constitution save (`dc`) or death,
    # and it regains `dice` hit points
    CONSUME_LIFE = "consume life"
    BARBED_HIDE = "barbed hide"  # `dice` to each hero grappling it as its turn starts
    # A hero's nonmagical weapon that hits it corrodes (`rules.corrosion`): metal ones; metal or
    # wood ones, and `dice` to who hits it in mêlée (as Heated Body)
    CORRODE_METAL = "corrode metal"
    RUST_METAL = "rust metal"
    CORROSIVE_FORM = "corrosive form"
    # The mimic, in object form (the one it fights in): what touches it sticks, a creature held
    # (`dc`: the escape DC, checks at disadvantage); advantage on whom it grapples
    ADHESIVE = "adhesive"
    GRAPPLER = "grappler"
    FREEZE = "freeze"  # cold damage taken: frozen, its speed `hp` feet less, to its next turn's end


@value
class Trait:
    """One trait with its figures: the extra dice of Martial Advantage, Sneak Attack or a
    Charge, the hit points Regeneration gives back and the damage types that stop it for a
    round (for `nonmagical only`, the types whose resistance or immunity magic gets through);
    a Charge's or Pounce's attack, the DC of its Strength save against prone (0: none)
    and Pounce's bonus attack against a prone target; Relentless's most damage (`hp`);
    the types an Absorption heals (`stopped_by`)."""

    kind: TraitKind
    dice: DiceExpr | None = None
    hp: int = 0
    stopped_by: frozenset[DamageType] = frozenset()
    attack: str = ""
    dc: int = 0
    then: str = ""
    rider: Rider | None = None  # Death Burst's save, damage and conditions

    @property
    def title(self) -> str:
        """The trait's name as a stat block prints it: "Pack Tactics"."""
        return self.kind.value.title()
