"""Frozen value objects for the pencil grid (rules G, R, T): combatants, groups, the fight.

No rules live here and nothing is read or written: `lnf.rules` asks the questions, `lnf.formats`
reads and writes files. Combatants are identified by their unique names (G1). Their attacks are
`lnf.model.attacks`'.
"""

from __future__ import annotations

from dataclasses import field

from lnf.dice import DamageType, DiceExpr
from lnf.model.attacks import DEFAULT_REACH, Attack, Healing
from lnf.model.effects import Effect, Guard
from lnf.model.enums import (
    CLASS_FAMILIES,
    Ability,
    BackReason,
    CDot,
    Condition,
    Cost,
    Family,
    Flag,
    HouseRule,
    PhaseKind,
    Rank,
    Recharge,
    Side,
    Size,
    Terrain,
    Variant,
)
from lnf.model.traits import Trait, TraitKind
from lnf.values import cached_of, value
from lnf.values import replace as copied

DEFAULT_SPEED = 30


@value
class Resource:
    """A limited use: spell slots of one level (`slot 2`), a feature's uses (Action Surge,
    Rage, Channel Divinity…), a pool (Lay on Hands: hit points); a monster's per-day or
    recharge action (named as the action, B2), its legendary action points and Legendary
    Resistance (B7). What is spent is in the log (`Used`), so undo gives it back."""

    name: str
    total: int
    used: int = 0
    recharge: Recharge = Recharge.LONG

    @property
    def left(self) -> int:
        return max(0, self.total - self.used)


SLOT = "slot "  # a spell-slot resource is named "slot 1" … "slot 9"


@value
class Cover:
    """V-ACL2: a cover mark: +2, +4 or total, against every attack or only ranged ones."""

    bonus: int = 0
    total: bool = False
    ranged_only: bool = False

    def __str__(self) -> str:
        what = "total cover" if self.total else f"cover +{self.bonus}"
        return what + (" against ranged attacks" if self.ranged_only else "")


@value(kw_only=True)
class Combatant:
    """What heroes and monsters share: rank, light, movement, defences and attacks."""

    name: str
    rank: Rank = Rank.FRONT
    why: BackReason | None = None  # R4/R6: why it may stand off the front rank
    light: bool = False
    speed: int = DEFAULT_SPEED  # walking speed, feet
    fly: int = 0  # flying speed, feet (R7)
    reach: int = DEFAULT_REACH  # mêlée reach, feet (A2)
    ac: int = 10
    hp: int  # hit point maximum
    temp_hp: int = 0
    con: int = 0  # Constitution modifier (C3)
    perception: int = 10  # passive Wisdom (Perception) (C5)
    stealth: int = 0  # Dexterity (Stealth) bonus: hiding (C5, the Hide action)
    saves: tuple[tuple[Ability, int], ...] = ()  # saving throw bonuses (save_bonus)
    wis: int | None = None  # the Wisdom modifier (V-HYR1's check); None: not known
    conditions: frozenset[Condition] = frozenset()
    exhaustion: int = 0
    dashes: int = 0  # C3: dashes taken in the chase under way
    escaped: bool = False  # C6: got away in a chase; gone from the fight
    reached_by: str | None = None  # M6: the enemy that last hit it, when with a reach attack (A2)
    effects: tuple[str, ...] = ()  # free text the DM tracks, such as "Vicious Mockery"
    flags: frozenset[Flag] = frozenset()
    resist: frozenset[DamageType] = frozenset()
    immune: frozenset[DamageType] = frozenset()
    vulnerable: frozenset[DamageType] = frozenset()
    attacks: tuple[Attack, ...] = ()
    # The AC-less variant (V-ACL): size sets the Hit DC; DR by armor; cover; body parts wounded
    # or disabled; surge dice held and reactions left.
    size: Size | None = None
    dr: int = 0
    typed_dr: tuple[tuple[DamageType, int], ...] = ()
    cover: Cover | None = None
    parts: tuple[tuple[str, str], ...] = ()  # (body part, "wounded" or "disabled")
    con_score: int | None = None  # the Constitution score (V-ACL5's wound threshold)
    surge: int = 0  # surge dice held (V-ACL6); they expire at the start of its next turn
    tenacious: bool = False  # its temporary hit points are a surge's: gone at its next turn
    # The d20 variant (V-D20): rolls made with favor; typed bonuses to its attack rolls and
    # saves, ("competence", 2), ("circumstance", 1), ("penalty", -1).
    favor: bool = False
    bonuses: tuple[tuple[str, int], ...] = ()
    reactions: int = 2  # a reaction and a free reaction; unused ones become surge dice
    guards: tuple[Guard, ...] = ()  # F1: reactions that raise AC against a hit (Shield, Parry)
    # Limited uses: a hero's slots and features; a monster's slots, per-day and recharge
    # actions, legendary action points and Legendary Resistance (B2, B7). See `Resource`.
    resources: tuple[Resource, ...] = ()

    side = Side.HEROES  # overridden by the subclasses; a class attribute, not a field

    @property
    def current_hp(self) -> int:
        raise NotImplementedError

    @property
    def longest_reach(self) -> int:
        """A2 compares mêlée reaches: the longest of the creature and its mêlée attacks."""
        return max([self.reach, *(a.reach for a in self.attacks if a.is_melee)])

    def has(self, flag: Flag) -> bool:
        return flag in self.flags

    def resource(self, name: str) -> Resource | None:
        """The limited use `name` (case does not matter); None when none is counted (B2)."""
        wanted = name.lower()  # once, not for every resource: the hero policy asks each turn
        for r in self.resources:
            if r.name.lower() == wanted:
                return r
        return None

    def save_bonus(self, ability: Ability) -> int:
        """F: a saving throw's bonus: the listed one; a Constitution save not listed is the
        `con` modifier (5e: the ability's modifier, proficiency only where listed)."""
        listed = dict(self.saves)
        if ability not in listed and ability is Ability.CON:
            return self.con
        return listed.get(ability, 0)


@value(kw_only=True)
class Hero(Combatant):
    cls: str = ""  # character class, as written ("fighter", "hireling archer")
    family_override: Family | None = None  # G2: "a fight may override a hero's family"
    ancestry: str = ""
    hp_now: int | None = None  # current hit points; None means at maximum
    c_dot: CDot | None = None
    o_dot: bool = False
    n_dot: bool = False  # an N dot written by the DM (Faerie Fire…); conditions add their own
    dead: bool = False
    death_saves: tuple[int, int] = (0, 0)  # D9: (successes, failures) while at 0 hit points
    stable: bool = False  # D9: at 0 hit points but no longer rolling death saves
    hid_with: int | None = None  # R4: the Stealth total of its Hide, what a Search contests
    # The sheet: with a level, class and level give the usual resources (the file may say
    # otherwise); without one nothing is counted, as in fight files before sheets.
    level: int | None = None
    sneak_attack: DiceExpr | None = None  # the rogue's dice, once a turn
    heals: tuple[Healing, ...] = ()  # its healing spells and potions
    # F2: the ability scores of a sheet (`scores:`), for what is worked out of them (a
    # spellcaster's DC); () when the file gives the figures themselves.
    scores: tuple[tuple[Ability, int], ...] = ()
    subclass: str | None = None  # F2: the subclass written (None: the class's SRD one)

    side = Side.HEROES

    @property
    def current_hp(self) -> int:
        return self.hp if self.hp_now is None else self.hp_now

    @property
    def family(self) -> Family:
        """G2 family: the override, else the class's default (the loader insists on one)."""
        if self.family_override is not None:
            return self.family_override
        return CLASS_FAMILIES.get(self.cls.lower(), Family.FIGHTY)

    @property
    def halfling(self) -> bool:
        return "halfling" in self.ancestry.lower()


LEGENDARY_ACTIONS = "Legendary Actions"  # B7: the points a round, a `Recharge.ROUND` resource
LEGENDARY_RESISTANCE = "Legendary Resistance"  # B7: uses a day, a resource


@value
class MultiOption:
    """B1: one of the ways a Multiattack's text offers ("two longsword attacks, or two longbow
    attacks"): counts of named attacks, and whether it is the ranged way (its thrown weapons
    thrown), played only at range."""

    attacks: tuple[tuple[str, int], ...]
    at_range: bool = False
    flying: bool = False  # B1: a way "while flying" (the wyvern's claws): only when it can fly


@value(kw_only=True)
class Legendary:
    """B7: one legendary action option: its cost in points, and either one of the monster's
    own attacks it makes (`attack`, "Tail Attack": its Tail), an action of its own
    (`action`: Wing Attack's save and area), or any spell it may cast now (`spells`: "casts a
    spell …, using a spell slot as normal"); none: nothing a fight without a map plays
    (Detect)."""

    name: str
    cost: int = 1
    attack: str = ""
    action: Attack | None = None
    spells: bool = False


@value(kw_only=True)
class Escape:
    """C1, M6: a way of leaving by magic that a monster uses when it flees (Teleport,
    Etherealness, Ink Cloud): it draws no opportunity attacks. `points`: the escape points each
    pursuer's pool starts at (a teleport of N feet: ⌈N ÷ 60⌉); None: it is gone from the fight
    at once (another plane, a mile away). A limited one is a resource of its name (`uses`).
    `attacks_first`: it makes its planned mêlée attack before it goes (the Blink Dog's bite
    "before or after teleporting"; a bonus-action jaunt leaves the action free). `cost`: the
    legendary action points it takes, for a legendary Teleport or Move (0: not legendary).
    `provokes`: a legendary Move that provokes opportunity attacks at half its speed (the
    tarrasque's): no flight's, only a join from no group (M2, B7)."""

    name: str
    points: int | None = None
    attacks_first: bool = False
    cost: int = 0
    provokes: bool = False


@value(kw_only=True)
class Monster(Combatant):
    kind: str = ""  # the stat block; monsters of one kind are equally dangerous (G3)
    damage: int = 0  # G6: damage taken so far
    # What a stat block adds (the SRD bestiary, `monster: bugbear`): shown; Multiattack as
    # counts of named attacks, all at its one target (P2).
    type: str = ""
    cr: str = ""
    xp: int = 0
    multiattack: tuple[tuple[str, int], ...] = ()
    # B1: every way its Multiattack's text offers when it offers a choice (the first is
    # `multiattack`); `rules.attacks.routine` picks one each turn.
    multiattack_options: tuple[MultiOption, ...] = ()
    # B1: a count its Multiattack rolls each turn ("1d4 Rotting Touch attacks"): attack name
    # and dice; the plan counts `multiattack`'s (the average), the table rolls it.
    multiattack_rolled: tuple[tuple[str, str], ...] = ()
    # B1: the attacks its first action replaces one of, when used ("it can use the breath in
    # place of its bite or horns"): the one B6 counts for least (`rules.multiattack_first`).
    multiattack_in_place: tuple[str, ...] = ()
    # B1: a special action its Multiattack also uses on one it grapples, after its attacks
    # ("If the chuul is grappling a creature, the chuul can also use its tentacles once"); no
    # action of its own.
    multiattack_held: str = ""
    # B1: the attacks its Multiattack makes beside one spell it casts ("Alternatively, it makes
    # two attacks with its pincers and casts one spell": the glabrezu's), after the spell.
    multiattack_spell: tuple[tuple[str, int], ...] = ()
    # B1: a special action its Multiattack uses before its attacks ("The dragon can use its
    # Frightful Presence. It then makes three attacks"): one of `actions`, by name.
    multiattack_action: str = ""
    amulet: str = ""  # B8: the creature of its side wearing its amulet (a shield guardian's)
    stores: int = 0  # B8 Spell Storing: the highest level of spell it stores (0: none)
    stored: str = ""  # B6, B8: the spell stored in it (one of `actions`, cast once)
    condition_immune: frozenset[Condition] = frozenset()
    not_modelled: tuple[str, ...] = ()  # what its stat block has that lnf does not play
    traits: tuple[Trait, ...] = ()  # B8: the traits lnf plays
    # B1: its options besides its weapon attacks and Multiattack, in the stat block's order:
    # special actions (a breath, a save action, Frightful Presence) and the spells it can
    # cast (a slot's level in `slot`, innate ones `per_day`), each an Attack with its save,
    # area and riders; what is left of each limited one is a resource (B2).
    actions: tuple[Attack, ...] = ()
    legendary: tuple[Legendary, ...] = ()  # B7: its legendary action options
    escape: Escape | None = None  # C1: its way of leaving by magic, when it flees

    def trait(self, kind: TraitKind) -> Trait | None:
        for t in self.traits:  # a loop, not next() over a generator: asked on every hit
            if t.kind is kind:
                return t
        return None

    side = Side.MONSTERS

    @property
    def current_hp(self) -> int:
        return max(0, self.hp - self.damage)

    @property
    def stat_block(self) -> str:
        return self.kind or self.name


@value
class Group:
    """G5: a mêlée group, the Xs on paper, under a label such as "A"."""

    label: str
    members: tuple[str, ...]


@value
class Phase:
    kind: PhaseKind = PhaseKind.MELEE
    volley: int = 0  # V2: the volley round number, counting down to 1

    def __str__(self) -> str:
        if self.kind is PhaseKind.VOLLEY:
            return f"volley {self.volley}"
        return str(self.kind)


@value
class Turns:
    """Who has done what in the round under way (S1, D10). Not part of the fight file: a fight
    file is the state between rounds; the fight log rebuilds these mid-round."""

    order: tuple[str, ...] = ()  # the strike order of the round under way (S1–S3)
    phase: Phase | None = None  # the phase it started in (V2: a volley round went by)
    acted: frozenset[str] = frozenset()  # had their turn this round
    reacted: frozenset[str] = frozenset()  # used their reaction this round (D10)
    dodging: frozenset[str] = frozenset()  # took the Dodge action; ends at their next turn
    helped: frozenset[str] = frozenset()  # an ally's Help: advantage on their next attack roll
    disengaged: frozenset[str] = frozenset()  # took the Disengage action this turn (M6)
    dashed: frozenset[str] = frozenset()  # spent their action on speed this chase round (C2)
    sneaked: frozenset[str] = frozenset()  # dealt Sneak Attack this turn (once a turn)
    # V-ACL6: who used their action, their bonus action, or took Dodge/Defence this turn.
    used_action: frozenset[str] = frozenset()
    used_bonus: frozenset[str] = frozenset()
    defended: frozenset[str] = frozenset()
    # F1: the spells cast this turn, (caster, casting time, level; 0 a cantrip), in order.
    cast: tuple[tuple[str, Cost, int], ...] = ()
    # F1: (who, attack) made with the Attack action this turn: what Martial Arts and Flurry of
    # Blows follow.
    attack_action: frozenset[tuple[str, str]] = frozenset()
    current: str | None = None  # the hero whose turn is under way at the table (S1)
    opportunities: tuple[str, ...] = ()  # B8 Reactive Heads: who made an opportunity attack
    # The table's answers to opportunity attacks offered (M6): (hero, foe leaving, takes it).
    answers: frozenset[tuple[str, str, bool]] = frozenset()
    # F1: the table's answers to a reaction against a foe's hit (hero, foe, guard, takes it).
    guard_answers: frozenset[tuple[str, str, str, bool]] = frozenset()

    def of(self, name: str) -> tuple[object, ...]:
        """Everything the round so far says of one combatant (two with the same say the
        same)."""
        sets = (self.acted, self.reacted, self.dodging, self.helped, self.disengaged, self.dashed)
        answers = sorted((h, t) for h, foe, t in self.answers if foe == name)
        return (*(name in s for s in sets), self.current == name, tuple(answers))


@value
class Pool:
    """C1: the escape points between one escaper and one pursuer (a number in place of an X)."""

    escaper: str
    pursuer: str
    points: int = 0


@value
class Fight:
    """The whole state between rounds: what the pencil grid holds."""

    heroes: tuple[Hero, ...]  # as written; rules.rows gives the G2 row order
    monsters: tuple[Monster, ...]  # G3: danger order, most dangerous first
    groups: tuple[Group, ...] = ()
    started: Side = Side.HEROES  # G7
    phase: Phase = field(default_factory=Phase)
    round: int = 1
    title: str = ""
    house_rules: frozenset[HouseRule] = frozenset()
    variants: frozenset[Variant] = frozenset()
    terrain: Terrain | None = None  # V1: where a fight that starts apart is fought
    sunlight: bool = False  # B8: fought in sunlight (Sunlight Sensitivity)
    underwater: bool = False  # B8: fought underwater (an aboleth's Mucous Cloud)
    chase: tuple[Pool, ...] = ()  # C1: the pairs still in a chase
    turns: Turns = field(default_factory=Turns)
    # D12: who did not notice the threat (no move, action or reaction in round 1 until their
    # turn in it ends).
    surprised: frozenset[str] = frozenset()
    # V-HYR1: the side that won group initiative (it strikes first where S3 asks who started).
    first: Side | None = None
    # V-ENC1: the surprise round before round 1: who acts in it, with how many actions (1–3).
    surprise_round: tuple[tuple[str, int], ...] = ()
    # V-ENC2: combatants that share one turn, at the place of the earliest.
    units: tuple[tuple[str, ...], ...] = ()
    # F4: what lasts on whom and what ends it, in the order it began.
    effects: tuple[Effect, ...] = ()
    effects_begun: int = 0  # how many effects began in this fight: the next one's key

    @cached_of("heroes", "monsters")
    def everyone(self) -> tuple[Hero | Monster, ...]:
        """Heroes as written, then monsters in danger order."""
        return (*self.heroes, *self.monsters)

    @cached_of("heroes", "monsters")
    def _by_name(self) -> dict[str, Hero | Monster]:
        return {c.name: c for c in self.everyone}

    @cached_of("heroes", "monsters")
    def roster_memo(self) -> dict[str, object]:
        """What the rules work out of the combatants alone (who is still in the fight,
        `rules.roster`), asked of one state again and again: kept with the state, and with the
        next one while it holds the very same combatants. Only `rules.roster` writes it."""
        return {}

    @cached_of("groups")
    def _group_of(self) -> dict[str, Group]:
        return {name: g for g in self.groups for name in g.members}

    def combatant(self, name: str) -> Hero | Monster:
        return self._by_name[name]

    def hero(self, name: str) -> Hero:
        """The hero called `name`; KeyError if there is no such hero."""
        found = self._by_name[name]
        if not isinstance(found, Hero):
            raise KeyError(name)
        return found

    def monster(self, name: str) -> Monster:
        """The monster called `name`; KeyError if there is no such monster."""
        found = self._by_name[name]
        if not isinstance(found, Monster):
            raise KeyError(name)
        return found

    @cached_of("heroes", "monsters")
    def _place(self) -> dict[str, tuple[bool, int]]:
        """Where each name stands: (a hero, its index); {} if two share one (G1 forbids it)."""
        place = {h.name: (True, i) for i, h in enumerate(self.heroes)}
        place.update({m.name: (False, i) for i, m in enumerate(self.monsters)})
        return place if len(place) == len(self.heroes) + len(self.monsters) else {}

    def with_combatant(self, c: Hero | Monster) -> Fight:
        """The same fight with `c` in place of the combatant of its name; it keeps where each
        name stands and the roster by name (with `c`), not worked out again for every step."""
        hero = isinstance(c, Hero)
        at = self._place.get(c.name)
        if at is None or at[0] is not hero:
            if hero:
                heroes = tuple(c if h.name == c.name else h for h in self.heroes)
                return copied(self, heroes=heroes)
            return copied(self, monsters=tuple(c if m.name == c.name else m for m in self.monsters))
        i = at[1]
        if hero:
            new = copied(self, heroes=(*self.heroes[:i], c, *self.heroes[i + 1 :]))
        else:
            new = copied(self, monsters=(*self.monsters[:i], c, *self.monsters[i + 1 :]))
        kept = new.__dict__
        kept["_place"] = self._place  # the same names in the same places
        by_name = self.__dict__.get("_by_name")
        if by_name is not None:
            kept["_by_name"] = {**by_name, c.name: c}
        return new

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def group_of(self, name: str) -> Group | None:
        return self._group_of.get(name)

    def group(self, label: str) -> Group:
        return next(g for g in self.groups if g.label == label)

    def heroes_in(self, group: Group) -> tuple[Hero, ...]:
        return tuple(h for h in self.heroes if h.name in group.members)

    def monsters_in(self, group: Group) -> tuple[Monster, ...]:
        return tuple(m for m in self.monsters if m.name in group.members)
