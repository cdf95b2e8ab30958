"""F7 Confusion played on a hero: as its turn starts it rolls a d10 (`rules.conditions`
decides what each face means). On 1–6 the turn is lost; on 7–8 its action is a mêlée attack
at a creature in its reach, friend or foe, picked by a die (nothing when none is in reach);
on 9–10 it acts as its side decides. The save at the end of each of its turns is the rider's
repeat (F4); "can't take reactions" is `rules.conditions.takes_no_reactions`. A hero that failed
its save against a gibbering mouther's Gibbering as its turn started rolls a d8 the same way,
read by its own table (B8, `rules.mouther.gibbering_does`)."""

from __future__ import annotations

from lnf.dice.roll import DiceSource
from lnf.engine.apply import Steps
from lnf.engine.guards import land
from lnf.engine.resolve import roll_attack
from lnf.model import Condition, Confused, Hero
from lnf.model.plan import Mode
from lnf.rules.attacks import UNARMED
from lnf.rules.conditions import ACTS, ATTACKS, confused_does, confused_reach
from lnf.rules.mouther import gibbering_does

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_CONFUSED = Condition.CONFUSED
_GIBBERING = Condition.GIBBERING
_MELEE = Mode.MELEE


def confused_turn(turn: Steps, hero: Hero, dice: DiceSource) -> str | None:
    """F7: a confused hero's d10 and what it does, played as steps of its turn; the turn's note
    when the d10 decides the whole turn, None when the hero acts (9–10) or is not confused."""
    gibbers = _GIBBERING in hero.conditions  # B8: this turn's failed save
    if not gibbers and _CONFUSED not in hero.conditions:
        return None
    die, state, rule = (8, "gibbers", "B8") if gibbers else (10, "is confused", "F7")
    dice.about(f"{hero.name} {state}: a d{die} says what it does this turn")
    face = dice.face(die)
    does = gibbering_does(face) if gibbers else confused_does(face)
    reach = confused_reach(turn.fight, hero) if does == ATTACKS else ()
    if not reach:
        turn.do(Confused(hero.name, face, die=die))
        return None if does == ACTS else f"{state}: no action ({rule})"
    dice.about(f"{hero.name} attacks at random: 1d{len(reach)} among {', '.join(reach)}")
    pick = dice.face(len(reach))
    target = reach[pick - 1]
    turn.do(Confused(hero.name, face, target, pick, die))
    me = turn.fight.hero(hero.name)
    weapon = next((a for a in me.attacks if a.is_melee and a.save is None), UNARMED)
    hit = roll_attack(turn.fight, me, turn.fight.combatant(target), weapon, _MELEE, dice)
    land(turn, hit, None, dice)
    return f"{state}: attacks at random ({rule})"
