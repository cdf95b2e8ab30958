"""E1, F1–F7, B1–B3, D5–D6: an attack as a frozen value — a weapon's, a spell's or a monster's
action, with its roll or save, reach or range, area, riders and cost — and the area an effect
covers. No rules live here (`lnf.rules.attacks` asks the questions)."""

from __future__ import annotations

from lnf.dice import DamageType, DiceExpr
from lnf.model.effects import Rider, SpellEffect
from lnf.model.enums import Ability, AltUse, AttackKind, Condition, Cost, School, Shape
from lnf.values import replace, value

# Read once: on Python 3.11 each `AttackKind.X` goes through the enum class's `__getattr__`
# hook (3.12 dropped it), and whether an attack is mêlée is asked ~200 times a fight.
_MELEE_KINDS = (AttackKind.MELEE, AttackKind.THROWN)
_RANGED_KINDS = (AttackKind.RANGED, AttackKind.THROWN)


@value
class Area:
    """E1: an area effect's shape and size in feet."""

    shape: Shape
    size: int

    def __str__(self) -> str:
        return f"{self.size} ft {self.shape}"


DEFAULT_REACH = 5  # feet (A2)


def upcast_at(dice: DiceExpr, upcast: tuple[tuple[int, DiceExpr], ...], level: int) -> DiceExpr:
    """F7: the dice of the highest upcast entry up to `level` (the spell's own below them)."""
    for at, more in upcast:
        if at <= level:
            dice = more
    return dice


@value(kw_only=True)
class Attack:
    name: str
    kind: AttackKind = AttackKind.MELEE
    to_hit: int = 0
    damage: DiceExpr
    reach: int = DEFAULT_REACH  # feet; mêlée and thrown attacks
    range: tuple[int, int] | None = None  # (normal, long) feet; ranged and thrown attacks
    two_handed: bool = False  # V3/C4: longbow, shortbow, crossbows reach further
    spell: bool = False  # V3/C4: spells of 300 ft or more reach further
    slot: int = 0  # T1: a slotted spell, its level (0: none); dealing damage gives an O dot
    save: tuple[Ability, int] | None = None  # a saving throw (ability, DC) instead of a roll
    half: bool = True  # with a save: half damage on a success
    area: Area | None = None  # E1: an area effect
    times: int = 1  # attacks of this kind per Attack action (Multiattack)
    alt_damage: DiceExpr | None = None  # the other damage of a thrown or versatile weapon, a swarm
    alt_when: AltUse | None = None  # when the other damage applies
    crit_times: int = 2  # D5: its dice on a critical hit, rolled this many times (the balor's 3)
    crit_on: int = 20  # D3, F2: the lowest d20 roll that is a critical hit (a Champion's 19)
    school: School | None = None  # F7: a spell's school of magic (None: not said)
    # D6, B6: a damage type its wielder may deal as another ("lightning or thunder damage
    # (djinni's choice)"): (the type written, the other); `rules.attacks.used_damage` chooses.
    either: tuple[tuple[DamageType, DamageType], ...] = ()
    # B4: it targets only a creature with this condition (the sea hag's Death Glare: "one
    # frightened creature"); `rules.specials.reaches` leaves the others out.
    only_on: Condition | None = None
    finesse: bool = False  # Sneak Attack needs a finesse or a ranged weapon
    magic: bool = False  # D6: a magic weapon (a spell is magical by `spell`)
    light: bool = False  # V-HYR3: two light mêlée weapons add the second one's dice
    riders: tuple[Rider, ...] = ()  # F6: what a hit (or a failed save) brings besides damage
    cost: Cost = Cost.ACTION  # F1: what using it spends of the turn
    concentration: bool = False  # F5: a spell whose effects last while its caster concentrates
    # F7: the damage when cast with a higher slot, (slot level, dice), lowest first
    upcast: tuple[tuple[int, DiceExpr], ...] = ()
    # F7: `times` more for each slot level above its own (Magic Missile: a dart a level)
    more_per_slot: int = 0
    spends: str = ""  # a use of the sheet each use of it spends (Flurry of Blows: Ki)
    note: str = ""  # F7: what of it lnf does not play, said when it is used (the DM rules it)
    # F1: a bonus-action attack open only after the Attack action this turn made with one of
    # these attacks (Martial Arts, Flurry of Blows: a monk weapon or an unarmed strike).
    after_attack: tuple[str, ...] = ()
    effect: SpellEffect | None = None  # F7: what the spell does besides damage and riders
    # B2: a monster's limited action: charged again when its d6 at a round's start shows this
    # or more (0: no recharge), or `per_day` uses for the fight (0: at will, or its slot's).
    # What is left is the monster's resource of the action's name (`Combatant.resources`).
    recharge: int = 0
    per_day: int = 0
    # B3: it affects creatures of its user's choice within its range or area (Frightful
    # Presence): aimed at each hero, allies never caught, no group need be hit whole (E3).
    choice: bool = False
    # B1, F4: a creature that saves against it is immune to this creature's use of it for the
    # rest of the fight ("immune to the dragon's Frightful Presence for the next 24 hours";
    # `rules.action_immunity`).
    immune_after: bool = False

    def at_slot(self, level: int) -> Attack:
        """F7: this spell cast with a slot of `level` (its own or higher): the damage the
        highest upcast entry up to that level gives, the darts more it gives, and that slot."""
        if not self.slot or level <= self.slot:
            return self
        damage = upcast_at(self.damage, self.upcast, level)
        effect = self.effect
        if effect is not None and effect.sleep is not None and effect.per_slot is not None:
            more = effect.per_slot.parts * (level - self.slot)  # F7 Sleep: +2d8 a slot above
            effect = replace(effect, sleep=DiceExpr((*effect.sleep.parts, *more)))
        times = self.times + self.more_per_slot * (level - self.slot)  # Magic Missile's darts
        return replace(self, slot=level, damage=damage, effect=effect, times=times)

    @property
    def is_melee(self) -> bool:
        return self.kind in _MELEE_KINDS

    @property
    def is_ranged(self) -> bool:
        return self.kind in _RANGED_KINDS


@value
class Healing:
    """A way a hero heals (Healing Word, Cure Wounds, a potion): its dice, and the slot it
    takes (0: none; a potion counts as a use of the same name, if the sheet has one)."""

    name: str
    dice: DiceExpr
    slot: int = 0
    cost: Cost = Cost.ACTION  # F1: Healing Word is a bonus action
    # F7: the dice when cast with a higher slot, (slot level, dice), lowest first
    upcast: tuple[tuple[int, DiceExpr], ...] = ()
    note: str = ""  # F7: what of it lnf does not play, said when it is used (the DM rules it)

    def at_slot(self, level: int) -> Healing:
        """F7: this healing cast with a slot of `level` (Cure Wounds at 2nd: 2d8 + mod)."""
        if not self.slot or level <= self.slot:
            return self
        return replace(self, slot=level, dice=upcast_at(self.dice, self.upcast, level))
