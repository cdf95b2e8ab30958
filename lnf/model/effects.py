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
# F6: what "can't regain hit points" bars, by its fight-file word.
NO_HEALING = {"all": "no regaining hit points", "magic": "no regaining hit points but by magic"}
# F6: the fire lit on a creature (the fire elemental's Touch and Fire Form), until doused.
ON_FIRE = "on fire: an action douses it"


@value
class Lasting:
    """F4: what ends an effect; any one that comes first does. `rounds`: a number of rounds
    (1 minute = 10), counted from the turn it began in; `until`: the start or end of a named
    creature's turn; `save`: a saving throw that ends it on a success, repeated at `each` edge
    of the bearer's turns; `concentration`: the creature whose concentration it lasts on (F5);
    `hurt`: it ends when its bearer takes damage (F7 Charm Person: "if you or your companions
    do anything harmful to it"); `saves`: with `save`, it takes that many successes to end it,
    and after that many failures it lasts without saves (F7 Contagion: 3); `in_sight`: with
    `save`, the save is at disadvantage while its causer is in sight (B8: "with disadvantage
    if the quasit is within line of sight"). Nothing set: it lasts until the DM takes it off."""

    rounds: int = 0
    until: tuple[str, TurnEdge] | None = None
    save: tuple[Ability, int] | None = None
    each: TurnEdge | None = None
    concentration: str = ""
    hurt: bool = False
    saves: int = 0
    in_sight: bool = False

    def __str__(self) -> str:
        return self.said()

    def said(self, causer: str = "its causer") -> str:
        """In words; `causer`: who causes the effect, where `in_sight` names it."""
        parts = []
        if self.rounds:
            parts.append(_span(self.rounds))
        if self.until is not None:
            parts.append(f"until the {self.until[1]} of {self.until[0]}'s turn")
        if self.save is not None:
            ability, dc = self.save
            when = f" at the {self.each} of each of its turns" if self.each else ""
            saves = f"{self.saves} successes end it, {self.saves} failures fix it"
            ends = f": {saves}" if self.saves else " ends it"  # F7 Contagion: counted
            worse = f", at disadvantage while {causer} is in sight," if self.in_sight else ""
            parts.append(f"a DC {dc} {ability.word} save{when}{worse}{ends}")
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
    # F6, holds: an effect with an `attack` is a hold of `by` on `who` through that attack (a
    # grapple, or a stirge attached); `escape`: the DC of the check that ends it (0: an action
    # ends it without one); `hold`: the key of the hold this effect lasts with (restrained until
    # the grapple ends); `drain`: the dice of hit points `who` loses as `by`'s turns start, until
    # it has lost `sated` (and `drained` so far).
    escape: int = 0
    attack: str = ""
    hold: int = 0
    drain: str = ""
    drained: int = 0
    sated: int = 0
    held_hurts: str = ""  # F6: typed dice `who` takes as each of its turns starts while held…
    held_hurts_on: str = ""  # …or as each of this creature's turns starts (a swallower's)
    # F6: a lasting condition past the fight (lycanthropy, mummy rot, a disease), said as
    # "Bo is cursed with …"; `what` holds the DM's words. Until the DM takes it off.
    affliction: bool = False
    # F6: `who` regains no hit points while it lasts ("can't regain hit points"); "magic":
    # none but by magic (the diseased giant rat's bite: Second Wind heals nothing).
    no_healing: str = ""
    # F4, F6: what a failed repeated save brings instead, for `then_rounds` (the cockatrice:
    # restrained until the end of its next turn, then petrified for 24 hours on a failure).
    then: Condition | None = None
    then_rounds: int = 0
    # F6: damage `who` takes at this edge of each of its turns while it lasts ("1d10 fire";
    # "3d6": hit points lost, of no type); `healed_ends`: magical healing ends it.
    hurts: str = ""
    hurts_at: TurnEdge | None = None
    healed_ends: bool = False
    until_attack: bool = False  # B6, F7: it ends when `who` attacks or casts (Invisibility)
    group: str = ""  # F7 Banishment: the group `who` left, which it rejoins if it still exists
    made: int = 0  # F4, `Lasting.saves`: the repeated saves made so far…
    missed: int = 0  # …and failed (F7 Contagion)
    web: bool = False  # F6: the hold is webbing: a Strength check bursts it, nobody lets go
    suffocates: bool = False  # F6: `who` cannot breathe while it lasts (the rug's smother)
    held_save: int = 0  # F6: a Constitution save of this DC spares `held_hurts` (engulfed)
    together: int = 0  # F4: the first effect the same failed save began (0: this is it, or alone)

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
    most this many hit points (Power Word Stun: 150), who dies when `kills` (Power Word Kill:
    100); `contest`: no save but the caster's check with this bonus against each target's
    Strength check, its riders on the one that loses (Telekinesis's grip); `dispel`: it ends
    a hero's spell on a creature of the caster's side (a monster's Dispel Magic, B6);
    `flying`: the caster gains a flying speed of 60 feet (Fly, R7); `others`: `heal` touches
    another creature, never the caster (a deva's Healing Touch, B6); `ward`: a condition on the
    caster itself while it lasts (`WARDS`: Freedom of Movement's unfettered, B6); `darkness`:
    magical darkness fills the caster's mêlée group while it concentrates (the darkmantle's
    Darkness Aura, `rules.darkness`); `animates`: that many creatures join the caster's side
    (the treant's Animate Trees, B6, `rules.joining`); `raises`: a hero dead in the fight rises
    as a specter on its side (Create Specter, B6)."""

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
    kills: bool = False
    contest: int | None = None
    dispel: bool = False
    flying: bool = False
    others: bool = False
    ward: Condition | None = None
    mirror: int = 0  # B6, F7 Mirror Image: three duplicates of this AC (10 + Dexterity)
    darkness: bool = False
    animates: int = 0
    raises: bool = False
    # F7 Hunter's Mark, Hex: the dice each of the caster's weapon hits on the marked foe adds
    mark: DiceExpr | None = None
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
            other = " other" if self.others else ""
            parts.append(f"heals {self.heal} the most hurt{other} of its side it touches")
        if self.word:
            dies = ", who dies" if self.kills else ""
            parts.append(f"no save when cast: a target of {self.word} hit points or fewer{dies}")
        if self.contest is not None:
            parts.append(f"a check at {self.contest:+d} against the target's Strength check")
        if self.dispel:
            parts.append("ends a foe's spell on one of the caster's side")
        if self.flying:
            parts.append("the caster flies (60 ft)")
        if self.mark is not None:
            parts.append(f"a foe marked: +{self.mark} on each of the caster's weapon hits on it")
        if self.ward is not None:
            parts.append(f"the caster is {self.ward}")
        if self.mirror:
            parts.append(f"three duplicates of the caster, AC {self.mirror}")
        if self.darkness:
            parts.append("magical darkness fills the caster's group")
        if self.animates:
            parts.append(f"{self.animates} creatures join the caster's side")
        if self.raises:
            parts.append("a hero dead in the fight rises on the caster's side")
        if self.lasting != Lasting():
            parts.append(str(self.lasting))
        return "; ".join(parts)


@value
class Guard:
    """F1: a reaction that raises AC against a hit that would land: the Shield spell (+5 until
    the start of the caster's next turn, a 1st-level slot), a stat block's Parry (+2 against
    one mêlée attack); or one that halves a hit's damage (F2: the rogue's Uncanny Dodge) or takes
    1d10 + `deflects` off a ranged weapon hit's (F2: the monk's Deflect Missiles); or a spell cast
    at the attacker once its hit has hurt (Hellish Rebuke)."""

    name: str
    ac: int
    melee_only: bool = False
    slot: int = 0  # the spell slot it spends (0: none)
    lasts: bool = False  # the bonus lasts until the start of its next turn (Shield)
    wearer: bool = False  # B8: it guards its amulet's wearer, not itself (a shield guardian)
    by: str = ""  # whose reaction it is when not the target's (the guardian's, `wearer`)
    halves: bool = False  # F2 Uncanny Dodge: it halves the hit's damage (ac 0), not turns it
    rebukes: bool = False  # F1 Hellish Rebuke: cast at the attacker once its hit has hurt (ac 0)
    deflects: int = 0  # F2 Deflect Missiles: 1d10 + this off a ranged weapon hit (ac 0)


@value
class Rider:
    """F6: what a hit (or a failed save against a spell) brings besides its damage. `save`:
    the target's saving throw against it (None: it comes with the hit); on a failure the
    target takes `damage` (half of it on a success when `half`) and `conditions` for
    `lasting`; `grapple`: the escape DC of a grapple the hit starts; `holds`: how many creatures
    the attack holds at once (1: "the snake can't constrict another target"; 2: two claws,
    each of which grapples one; 0: no limit); `max_hp`: its hit-point maximum is reduced by the
    rider's damage taken."""

    save: tuple[Ability, int] | None = None
    conditions: tuple[Condition, ...] = ()
    lasting: Lasting = Lasting()
    damage: DiceExpr | None = None
    damage_type: DamageType | None = None
    half: bool = False
    grapple: int = 0
    holds: int = 0
    # F6: the grapple is webbing (the giant spider's Web): restrained, not grappled; its DC is
    # a Strength check's; it holds with no grappler (its maker's fall or move ends nothing).
    web: bool = False
    # F6: "at risk of suffocating" while held (the rug): out of breath, it drops (`rules.holds`)
    suffocates: bool = False
    # F6: a grapple its attacker may make instead of dealing the hit's damage (the vampire's;
    # `rules.holds.grapples_instead` chooses)
    instead: bool = False
    # F6: its conditions and `suffocates` only on a hit rolled with advantage (the cloaker
    # attached to the head)
    head: bool = False
    held_advantage: bool = False  # F6: advantage on this attack against the one it holds
    held_hits: bool = False  # F6: this attack hits the one it holds without fail
    # F6: the attacker attaches itself (the stirge): it attacks no more while attached, and
    # `drain` is lost by the target as each of its turns starts, until `sated` is lost.
    attach: bool = False
    drain: DiceExpr | None = None
    sated: int = 0
    # F6: damage (typed dice) the one held takes at the start of each of its turns while the
    # grapple holds (the chain devil's chains)
    held_damage: DiceExpr | None = None
    # F6: the target is pulled into the attacker's group (on a failed save; with `contest`,
    # when it loses a Strength contest against the attacker)
    pull: bool = False
    contest: bool = False
    # F6: the target is swallowed (a hold no check ends: blinded and restrained, out of every
    # reach but its swallower's; `held_damage` as each of the swallower's turns starts); it is
    # spat out prone when the swallower dies, or fails the Constitution save (DC `[1]`) at the
    # end of a turn in which the one inside dealt it `regurgitate[0]` damage or more.
    swallow: bool = False
    regurgitate: tuple[int, int] | None = None
    # F6, with `swallow`: engulfed (the gelatinous cube's): the DC of the Strength check an
    # action makes to get out, and no blindness ("can be seen but have total cover")
    engulf: int = 0
    max_hp: bool = False
    only_if: str = ""  # a limit the rider states ("Large or smaller"), told when it applies
    push: int = 0  # F6: pushed this many feet away from its user: out of its group
    # A lasting condition the target carries past the fight, in lnf's words ("cursed with
    # werewolf lycanthropy: it shows after the fight"); `no_healing`: while the rider's
    # conditions or that condition last it regains no hit points ("all"), or none but by
    # magic ("magic"); `regains`: the attacker regains the hit points `max_hp` took.
    afflicts: str = ""
    no_healing: str = ""
    regains: bool = False
    slain: bool = False  # `afflicts` only when the hit leaves the target dead (the slain rising)
    # F6, D9: the conditions (for `lasting`, even after healing) only when the rider's damage
    # (with none, the hit) leaves the hero at 0 hit points, alive; it is then stable (the
    # giant spider's poison: "stable but poisoned for 1 hour … and paralyzed").
    at_zero: bool = False
    # F4: a failed repeated save brings `then` for `then_rounds` (the cockatrice's petrified)
    then: Condition | None = None
    then_rounds: int = 0
    # F6: a bad failure knocks the target out too: a save failed by `out_by` or more, or a
    # total of `out_at` or lower; for `out_rounds` (0: as long as the rider's conditions),
    # which the rider's conditions then last too ("instead poisoned for 5 minutes").
    out_by: int = 0
    out_at: int = 0
    out_rounds: int = 0
    wakes: bool = False  # its unconsciousness ends when the target takes damage
    shake: bool = False  # another creature's action shakes it awake (the DM takes it off)
    # F6: damage at an edge of each of the target's turns (the fire elemental's 1d10 fire, the
    # pit fiend's 6d6 poison, an infernal wound's 3d6 hit points lost): on the conditions'
    # effect, or on one of its own named `hurts_what` that lasts until the DM takes it off
    # (an action douses the fire); `stacks`: a later hit adds one without a save (the wound
    # grows); `healed_ends`: magical healing ends it.
    hurts: DiceExpr | None = None
    hurts_at: TurnEdge | None = None
    hurts_what: str = ""
    stacks: bool = False
    healed_ends: bool = False
    # F6: the target's armor takes this lasting, cumulative penalty to its AC (the gray ooze's
    # -1); it stops at AC 10, where the armor is destroyed.
    armor: int = 0
    # F6: a failed save kills a target with at most this many hit points (the Solar's 190).
    kills: int = 0
    drops: bool = False  # F6: a failed save drops it to 0 hit points (the sea hag's glare)
    # F6: the target's Strength score is reduced by these dice (the shadow's Strength Drain):
    # it dies at 0; the reduction lasts until a short or long rest.
    strength: DiceExpr | None = None

    def __str__(self) -> str:
        parts = []
        if self.grapple and self.web:
            parts.append(f"webbing (burst by a DC {self.grapple} Strength check)")
        elif self.grapple and self.attach:  # F6: the cloaker's, the darkmantle's
            parts.append(f"attaches itself (a DC {self.grapple} Strength check pulls it off)")
        elif self.grapple and self.instead:  # F6: the vampire's, B6 chooses
            parts.append(
                f"grappled instead of the damage when worth more (escape DC {self.grapple})"
            )
        elif self.grapple:
            limit = f", {_HOLDS.get(self.holds, self.holds)} at a time" if self.holds else ""
            parts.append(f"grappled (escape DC {self.grapple}{limit})")
        if self.save is not None:
            ability, dc = self.save
            parts.append(f"DC {dc} {ability.word} save")
        if self.swallow:
            parts.append("swallowed" if self.save else "swallowed, if it grapples it")
        if self.damage is not None:
            kind = f" {self.damage_type}" if self.damage_type else ""
            half = ", half on a success" if self.half else ""
            parts.append(f"{self.damage}{kind}{half}")
        if self.conditions:
            held = "while held" if self.grapple or self.swallow else str(self.lasting)
            held = "to the head, on a hit with advantage" if self.head else held
            parts.append(" and ".join(str(c) for c in self.conditions) + f" ({held})")
        if self.suffocates:
            parts.append("unable to breathe while held")
        if self.drops:
            parts.append("drops to 0 hit points")
        parts += self._held()
        if self.max_hp:
            parts.append("hit-point maximum reduced")
        if self.push:
            parts.append(f"pushed {self.push} ft away")
        if self.at_zero:
            parts.append("at 0 hit points: stable")
        if self.regains:
            parts.append("the attacker regains as much")
        if self.out_by or self.out_at:
            bad = f"fails by {self.out_by}" if self.out_by else f"totals {self.out_at} or less"
            parts.append(f"unconscious if it {bad}")
        if self.hurts is not None and self.hurts_at is not None:
            parts.append(f"{self.hurts} at the {self.hurts_at} of each of its turns")
        if self.kills:
            parts.append(f"death, with {self.kills} hit points or fewer")
        if self.armor:
            parts.append(f"its armor {self.armor:+d} AC")
        if self.strength is not None:
            parts.append(f"Strength {self.strength} lower (dead at 0)")
        if self.then is not None:
            parts.append(f"{self.then} ({_span(self.then_rounds)}) on a failed repeat")
        if self.afflicts:
            parts.append(self.afflicts)
        if self.no_healing:
            parts.append(NO_HEALING[self.no_healing])
        return "; ".join(parts)

    def _held(self) -> list[str]:
        """F6: what the rider does while it holds, attaches or pulls, in words."""
        parts = []
        if self.held_advantage:
            parts.append("advantage against the one it holds")
        if self.held_hits:
            parts.append("hits the one it holds without fail")
        if self.held_damage is not None:
            whose = "the swallower's" if self.swallow else "its"
            parts.append(f"{self.held_damage} as each of {whose} turns starts while held")
        if self.regurgitate is not None:
            damage, dc = self.regurgitate
            parts.append(f"spat out after {damage} damage from inside and a failed DC {dc} save")
        if self.pull:
            how = "a Strength contest lost" if self.contest else "a failed save"
            parts.append(f"pulled into its group on {how}")
        if self.attach and not self.grapple:
            drinks = f", {self.drain} hit points lost as its turns start" if self.drain else ""
            sated = f" until {self.sated} are lost" if self.sated else ""
            parts.append(f"attaches itself{drinks}{sated}")
        return parts


_HOLDS = {1: "one", 2: "two", 3: "three", 4: "four"}


def _span(rounds: int) -> str:
    """F4 in a DM's words: 1 minute, 10 minutes and 1 hour (F7's spells), else rounds."""
    if rounds % 600 == 0:
        return f"{rounds // 600} hour" + ("s" if rounds > 600 else "")
    if rounds == 10 or (rounds >= 100 and rounds % 10 == 0):
        return f"{rounds // 10} minute" + ("s" if rounds > 10 else "")
    return f"{rounds} round{'s' if rounds > 1 else ''}"
