"""F2: a cleric's Channel Divinity: Turn Undead (SRD 5.1, cleric level 2) and Destroy Undead
(level 5), and a paladin's Channel Divinity: Turn the Unholy (the Oath of Devotion, level 3:
"Each fiend or undead that can see or hear you within 30 feet of you must make a Wisdom saving
throw … it is turned for 1 minute or until it takes damage", as Turn Undead, with the paladin's
spell save DC), read without a map; and B8's traits that save against it (the ghast's Turn
Defiance, the lich's Turn Resistance). One decider each.

"Each undead that can see or hear you within 30 feet of you must make a Wisdom saving throw.
If the creature fails its saving throw, it is turned for 1 minute or until it takes any
damage. A turned creature must spend its turns trying to move as far away from you as it can,
and it can't willingly move to a space within 30 feet of you. It also can't take reactions.
For its action, it can use only the Dash action or try to escape from an effect that prevents
it from moving." Turned is a condition of lnf's own (`Condition.TURNED`): no reactions
(`rules.conditions.takes_no_reactions`), and in the monsters' plan (P1) an order that only
leaves its group, or stays unengaged, and attacks nobody (`turned_move`, `check_turned`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lnf.dice import parse
from lnf.errors import Refused, Violation
from lnf.model import (
    Ability,
    Attack,
    AttackKind,
    Condition,
    Fight,
    Hero,
    Lasting,
    Monster,
    Rider,
    TraitKind,
)
from lnf.model.plan import LEAVE, STAY, Move, MoveKind, Order
from lnf.rules.creature_limits import creature_type
from lnf.rules.roster import in_fight, speed_now
from lnf.rules.spell_answers import caster_dc
from lnf.rules.subclasses import DEVOTION, played_subclass

if TYPE_CHECKING:
    from fractions import Fraction

TURN_UNDEAD = "Turn Undead"
TURN_THE_UNHOLY = "Turn the Unholy"  # F2: the Oath of Devotion's
DESTROYED = "Destroy Undead"  # F2: the words of its kill, which the transcript cites F2 for
CHANNEL_DIVINITY = "Channel Divinity"
TURN_FEET = 30  # "within 30 feet of you": B4's 30–59 ft, reached as a thrown weapon reaches
MINUTE = 10  # rounds: "turned for 1 minute"
# SRD cleric table, Destroy Undead: (cleric level, the highest CR destroyed), highest first.
# Challenge ratings as text, made Fractions only when asked: `lnf show` never loads `fractions`.
DESTROY_UNDEAD = ((17, "4"), (14, "3"), (11, "2"), (8, "1"))
DESTROY_FIRST = (5, "1/2")


def channels(hero: Hero) -> bool:
    """F2: a hero with a turning of its Channel Divinity (`turning`)."""
    return turning(hero) is not None


def turning(hero: Hero) -> str | None:
    """F2: the hero's turning: Turn Undead for a cleric of the 2nd level or higher; Turn the
    Unholy for a paladin of the 3rd who plays the Oath of Devotion (`rules.subclasses`)."""
    cls, level = hero.cls.lower(), hero.level or 0
    if cls == "cleric" and level >= 2:
        return TURN_UNDEAD
    if cls == "paladin" and played_subclass(cls, level, hero.subclass) == DEVOTION:
        return TURN_THE_UNHOLY
    return None


def destroys_up_to(level: int) -> Fraction | None:
    """F2 Destroy Undead: the highest challenge rating a cleric of `level` destroys on a failed
    save against its Turn Undead (CR ½ at 5, 1 at 8, 2 at 11, 3 at 14, 4 at 17); None below 5."""
    from fractions import Fraction

    for at, cr in (*DESTROY_UNDEAD, DESTROY_FIRST):
        if level >= at:
            return Fraction(cr)
    return None


def destroyed(hero: Hero, monster: Monster) -> bool:
    """F2 Destroy Undead: "an undead of CR … or lower that fails the saving throw is instantly
    destroyed" — whether `monster` is one for this cleric."""
    from fractions import Fraction

    if turning(hero) != TURN_UNDEAD:
        return False  # F2: a cleric's; Turn the Unholy destroys nothing
    top = destroys_up_to(hero.level or 0)
    return top is not None and bool(monster.cr) and Fraction(monster.cr) <= top


def turn_dc(hero: Hero) -> int:
    """F2: Channel Divinity's DC is the hero's spell save DC (`spell_answers.caster_dc`: its
    save spells', else from its scores with its casting ability, a paladin's Charisma)."""
    dc = caster_dc(hero)
    if dc is None:
        raise Refused(f"{hero.name} has no spell save DC: give the hero its scores or a save spell")
    return dc


def turn_attack(hero: Hero) -> Attack:
    """Turn Undead as an action without an attack roll (B4): a Wisdom save against the DC, no
    damage, turned on a failure for 1 minute or until it takes damage. Not a spell (no slot,
    no Counterspell); its reach is a thrown weapon's (30 ft)."""
    turned = Rider(conditions=(Condition.TURNED,), lasting=Lasting(rounds=MINUTE, hurt=True))
    return Attack(
        name=turning(hero) or TURN_UNDEAD,
        kind=AttackKind.RANGED,
        damage=parse("0"),
        range=(TURN_FEET, TURN_FEET),
        save=(Ability.WIS, turn_dc(hero)),
        half=False,
        riders=(turned,),
    )


def hears_or_sees(monster: Monster) -> bool:
    """ "Each undead that can see or hear you": not one both blinded and deafened."""
    return not {Condition.BLINDED, Condition.DEAFENED} <= monster.conditions


def turn_candidates(fight: Fight, hero: Hero) -> list[Monster]:
    """The undead in the fight (and, for Turn the Unholy, the fiends) that could be turned,
    before reach (`rules.legal` checks it)."""
    kinds = ("undead", "fiend") if turning(hero) == TURN_THE_UNHOLY else ("undead",)
    return [
        m for m in fight.monsters if in_fight(m) and creature_type(m) in kinds and hears_or_sees(m)
    ]


# --- the turned monster in the plan (P1) -----------------------------------------------------


def is_turned(monster: Monster) -> bool:
    return Condition.TURNED in monster.conditions


def turned_move(fight: Fight, monster: Monster) -> Move:
    """P1, M6: a turned monster moves "as far away from you as it can": out of its mêlée group
    when it is in one and can move; unengaged (or held, speed 0) it stays — it "can't willingly
    move to a space within 30 feet", so it joins no group."""
    engaged = fight.group_of(monster.name) is not None
    return LEAVE if engaged and speed_now(monster) > 0 else STAY


def check_turned(fight: Fight, monster: Monster, order: Order) -> list[Violation]:
    """P1: a turned monster's order attacks nobody, uses no action, and moves only as
    `turned_move` says (its Dash is the move: LNF has no distance to dash)."""
    if not is_turned(monster):
        return []
    name, found = monster.name, []
    if order.target is not None or order.action or order.also:
        found.append(Violation("P1", f"{name} is turned: it attacks nobody (Turn Undead)", (name,)))
    must = turned_move(fight, monster)
    if order.move != must:
        said = "leaves its group" if must.kind is MoveKind.LEAVE else "stays unengaged"
        found.append(Violation("P1", f"{name} is turned: it only {said} (Turn Undead)", (name,)))
    return found


# --- B8: the traits that save against it -----------------------------------------------------


def turn_edge(fight: Fight, target: Hero | Monster, against: tuple[Condition, ...]) -> str:
    """B8: why `target` has advantage on a save against turning, or "". Turn Resistance: "The
    lich has advantage on saving throws against any effect that turns undead"; Turn Defiance:
    "The ghast and any ghouls within 30 ft. of it have advantage …" — without a map, a ghoul is
    within 30 ft of a ghast of its side in the fight (as Turn Undead's own reach reads it)."""
    if Condition.TURNED not in against or not isinstance(target, Monster):
        return ""
    for kind in (TraitKind.TURN_RESISTANCE, TraitKind.TURN_DEFIANCE):
        if target.trait(kind) is not None:
            return f"{kind.value.title()} (against turned)"
    if target.stat_block.lower() != "ghoul":
        return ""
    for m in fight.monsters:
        if m is not target and in_fight(m) and m.trait(TraitKind.TURN_DEFIANCE) is not None:
            return f"{m.name}'s Turn Defiance (against turned)"
    return ""
