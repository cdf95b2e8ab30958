"""What lasts (core-d20 F4–F6): an effect on a creature with what ends it, and what a hit brings
besides damage. Values only; `lnf.rules.effects` says when an effect ends, the engine ends it."""

from __future__ import annotations

from lnf.dice import DamageType, DiceExpr
from lnf.model.enums import Ability, Condition, TurnEdge
from lnf.values import value

# F6: a rider read from a stat block's text cannot know who it lands on: its `Lasting.until`
# names "the target" or "the attacker", and the engine puts their names in when it lands.
TARGET = "target"
ATTACKER = "attacker"


@value
class Lasting:
    """F4: what ends an effect; any one that comes first does. `rounds`: a number of rounds
    (1 minute = 10), counted from the turn it began in; `until`: the start or end of a named
    creature's turn; `save`: a saving throw that ends it on a success, repeated at `each` edge
    of the bearer's turns; `concentration`: the creature whose concentration it lasts on (F5).
    Nothing set: it lasts until the DM takes it off."""

    rounds: int = 0
    until: tuple[str, TurnEdge] | None = None
    save: tuple[Ability, int] | None = None
    each: TurnEdge | None = None
    concentration: str = ""

    def __str__(self) -> str:
        parts = []
        if self.rounds:
            parts.append(_span(self.rounds))
        if self.until is not None:
            parts.append(f"until the {self.until[1]} of {self.until[0]}'s turn")
        if self.save is not None:
            ability, dc = self.save
            when = f" at the {self.each} of each of its turns" if self.each else ""
            parts.append(f"a DC {dc} {ability.word} save{when} ends it")
        if self.concentration:
            parts.append(f"while {self.concentration} concentrates")
        return ", ".join(parts) or "until taken off"


@value
class Effect:
    """F4: an effect on `who`, caused by `by` (a creature, or "" for the DM), that began in
    round `round` during `turn`'s turn ("" between turns). `key` names it in the log (it is the
    number of the effect in the fight: the first is 1). `condition`: the condition it imposes
    (F3); `concentration`: this is `who`'s own concentration on `what` (F5)."""

    key: int
    who: str
    what: str
    lasting: Lasting
    round: int
    turn: str = ""
    by: str = ""
    condition: Condition | None = None
    concentration: bool = False
    ac: int = 0  # an AC bonus while it lasts (Shield, F1; Shield of Faith, F7)
    d4: int = 0  # F7: +1 a d4 added to its attack rolls and saves (Bless), −1 taken (Bane)
    aura: int = 0  # F7: an aura on `who` cast at this slot level (Spirit Guardians)
    weapon: int = 0  # F7: a spell weapon `who` attacks with, cast at this slot (Spiritual Weapon)
    until_hurt: bool = False  # F7: it ends when `who` takes damage (Sleep)
    until_attack: bool = False  # B6, F7: it ends when `who` attacks or casts (Invisibility)

    def __str__(self) -> str:
        cause = f" (by {self.by})" if self.by and self.by != self.who else ""
        return f"{self.who}: {self.what}{cause}, {self.lasting}"


@value
class SpellEffect:
    """F7: what a spell does besides damage that no rider says, in the fight file's `effect:`.
    `allies`: it lands, without a save, on up to that many creatures of the caster's side
    (Bless 3, Shield of Faith 1), giving `ac` and `d4` for `lasting`; `sleep`: the hit points
    of creatures it puts to sleep, lowest current hit points first (`per_slot` more for each
    slot above the spell's); `aura`: the spell's damage and save hit each foe that starts its
    turn in the caster's mêlée group while it lasts (Spirit Guardians); `weapon`: casting it
    leaves a weapon the caster attacks with again, a bonus action on each later turn, for
    `lasting` (Spiritual Weapon); `invisible`: the caster becomes invisible for `lasting`
    (Invisibility, Greater Invisibility, B6), until it attacks or casts a spell when
    `ends_on_attack`; `blurred`: attack rolls against the caster have disadvantage (Blur);
    `heal`: the hit points the most hurt creature of its side it touches regains (Cure
    Wounds, B6); `word`: a power word, no save when cast, its riders on each target with at
    most this many hit points (Power Word Stun: 150); `dispel`: it ends a hero's spell on a
    creature of the caster's side (a monster's Dispel Magic, B6); `flying`: the caster gains a
    flying speed of 60 feet (Fly, R7)."""

    allies: int = 0
    ac: int = 0
    d4: int = 0
    sleep: DiceExpr | None = None
    per_slot: DiceExpr | None = None
    aura: bool = False
    weapon: bool = False
    invisible: bool = False
    ends_on_attack: bool = False
    blurred: bool = False
    heal: DiceExpr | None = None
    word: int = 0
    dispel: bool = False
    flying: bool = False
    lasting: Lasting = Lasting()

    def __str__(self) -> str:
        parts = []
        if self.allies:
            parts.append(f"on up to {self.allies} of the caster's side")
        if self.ac:
            parts.append(f"+{self.ac} AC")
        if self.d4:
            parts.append(f"{'+' if self.d4 > 0 else '−'}1d4 to attack rolls and saves")
        if self.sleep is not None:
            more = f" (+{self.per_slot} a slot above)" if self.per_slot is not None else ""
            parts.append(f"{self.sleep}{more} hit points of creatures fall asleep")
        if self.aura:
            parts.append("an aura on foes who start their turn in the caster's group")
        if self.weapon:
            parts.append("a spell weapon: a bonus-action attack on later turns")
        if self.invisible:
            parts.append("the caster becomes invisible")
        if self.ends_on_attack:
            parts.append("until it attacks or casts a spell")
        if self.blurred:
            parts.append("the caster is blurred: attacks on it have disadvantage")
        if self.heal is not None:
            parts.append(f"heals {self.heal} the most hurt of its side it touches")
        if self.word:
            parts.append(f"no save when cast: a target of {self.word} hit points or fewer")
        if self.dispel:
            parts.append("ends a foe's spell on one of the caster's side")
        if self.flying:
            parts.append("the caster flies (60 ft)")
        if self.lasting != Lasting():
            parts.append(str(self.lasting))
        return "; ".join(parts)


@value
class Guard:
    """F1: a reaction that raises AC against a hit that would land: the Shield spell (+5 until
    the start of the caster's next turn, a 1st-level slot), a stat block's Parry (+2 against
    one mêlée attack)."""

    name: str
    ac: int
    melee_only: bool = False
    slot: int = 0  # the spell slot it spends (0: none)
    lasts: bool = False  # the bonus lasts until the start of its next turn (Shield)


@value
class Countered:
    """B10, a step of the fight log: `who` spends its reaction on Counterspell (its slot is a
    `Used` step before) against `caster`'s `spell` cast at `level`; above the 3rd level its
    spellcasting check (`faces` and `bonus` against `dc`) decides. A spell stopped fails: its
    caster's action and slot are spent, nothing else happens."""

    who: str
    caster: str
    spell: str
    level: int
    faces: tuple[int, ...] = ()
    bonus: int = 0
    dc: int = 0

    @property
    def stopped(self) -> bool:
        return not self.faces or self.faces[0] + self.bonus >= self.dc


@value
class Rider:
    """F6: what a hit (or a failed save against a spell) brings besides its damage. `save`:
    the target's saving throw against it (None: it comes with the hit); on a failure the
    target takes `damage` (half of it on a success when `half`) and `conditions` for
    `lasting`; `grapple`: the escape DC of a grapple the hit starts; `max_hp`: its hit-point
    maximum is reduced by the rider's damage taken."""

    save: tuple[Ability, int] | None = None
    conditions: tuple[Condition, ...] = ()
    lasting: Lasting = Lasting()
    damage: DiceExpr | None = None
    damage_type: DamageType | None = None
    half: bool = False
    grapple: int = 0
    max_hp: bool = False
    only_if: str = ""  # a limit the rider states ("Large or smaller"), told when it applies

    def __str__(self) -> str:
        parts = []
        if self.grapple:
            parts.append(f"grappled (escape DC {self.grapple})")
        if self.save is not None:
            ability, dc = self.save
            parts.append(f"DC {dc} {ability.word} save")
        if self.damage is not None:
            kind = f" {self.damage_type}" if self.damage_type else ""
            half = ", half on a success" if self.half else ""
            parts.append(f"{self.damage}{kind}{half}")
        if self.conditions:
            parts.append(" and ".join(str(c) for c in self.conditions) + f" ({self.lasting})")
        if self.max_hp:
            parts.append("hit-point maximum reduced")
        return "; ".join(parts)


def _span(rounds: int) -> str:
    """F4 in a DM's words: 1 minute, 10 minutes and 1 hour (F7's spells), else rounds."""
    if rounds % 600 == 0:
        return f"{rounds // 600} hour" + ("s" if rounds > 600 else "")
    if rounds == 10 or (rounds >= 100 and rounds % 10 == 0):
        return f"{rounds // 10} minute" + ("s" if rounds > 10 else "")
    return f"{rounds} rounds"
