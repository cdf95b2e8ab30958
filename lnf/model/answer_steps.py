"""Steps of the fight log in which something answers what happens: a reaction or a ward
(Counterspell, Globe of Invulnerability, Mirror Image, a stat block's own reaction, a jelly's
Split), a trait's die or count (Berserk, Reflective Carapace, the hydra's heads), Confusion's
d10. Values only; the engine takes them (`engine.steps`)."""

from __future__ import annotations

from lnf.values import value


@value
class Confused:
    """F7 Confusion, a step of the fight log: the d10 `face` a confused creature rolls as its
    turn starts (`rules.conditions.confused_does` says what it does) and, on a 7 or 8, the
    creature in its reach it attacks, picked by a die of as many faces as there are (`pick`,
    1 the first in `rules.conditions.confused_reach`); `target` "" when none is in reach. A
    gibbering creature's d8 (`die` 8) is the same step, read by its own table."""

    who: str
    face: int
    target: str = ""
    pick: int = 0
    die: int = 10  # B8: 8 for a gibbering mouther's Gibbering (`rules.mouther.gibbering_does`)


@value
class Warded:
    """B6, F7 Globe of Invulnerability, a step of the fight log: `caster`'s `spell` (of the 5th
    level or lower, from outside the barrier) has no effect on `who`, inside the globe of `by`
    (its caster). The spell's cost is spent as cast."""

    who: str
    caster: str
    spell: str
    by: str


@value
class Mirrored:
    """B6, F7 Mirror Image, a step of the fight log: `attacker` targets `who` with `attack`; the
    duplicates' d20 (`face`, needing `needed`: 6 with three, 8 with two, 11 with one). When it
    moves the attack to a duplicate, the attack roll at its AC (`faces`, `bonus`, `ac`); a hit
    destroys it (its effect, `key`: 0 on a miss). A face below `needed` leaves the attack on
    `who` (an `Attacked` step follows). `die` and `by`: the cloaker's Phantasms roll a
    d(duplicates + 1) instead, 2 or more (`rules.mirror_image.odds`); they take a harmful
    spell too: `save` (its ability) set, `faces`, `bonus` and `ac` are the duplicate's save
    (the kept d20 first, its DC), `made` whether it succeeded; `key` the duplicate a failure
    against damage ends."""

    who: str
    attacker: str
    attack: str
    face: int
    needed: int
    faces: tuple[int, ...] = ()
    bonus: int = 0
    ac: int = 0
    key: int = 0
    die: int = 20
    by: str = "Mirror Image"
    save: str = ""
    made: bool = False

    @property
    def moved(self) -> bool:
        return self.face >= self.needed


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
class Reacted:
    """B10, a step of the fight log: monster `who` spends its reaction on its stat block's
    reaction `what` (the chain devil's Unnerving Mask) at `target`; what it does follows as its
    own steps (a save, an effect)."""

    who: str
    what: str
    target: str


@value
class Split:
    """B10, B6, a step of the fight log: a creature joins the fight on `who`'s side. `how` "":
    the jelly `who` splits (its reaction): its hit points are halved (rounded down), it is one
    size smaller, and `into`, its twin, joins its group. `how` an action of `who`'s (Animate
    Trees): `into`, the creature that action makes (`rules.joining`), joins its group."""

    who: str
    into: str
    how: str = ""


@value
class TraitRolled:
    """B8, a step of the fight log: a d6 a monster's trait rolls (`face`): Berserk's as the
    golem's turn starts (on a 6 it goes berserk: an effect follows), Reflective Carapace's
    when a spell targets the tarrasque (`against`: "Aria's Fire Bolt"; on a 6 it turns back)."""

    who: str
    trait: str
    face: int
    against: str = ""


@value
class Heads:
    """B8, a step of the fight log: the hydra's heads now, those lost since its last turn and
    whether fire burned it since then (Multiple Heads: `rules.heads`)."""

    who: str
    heads: int
    lost: int
    burned: bool
