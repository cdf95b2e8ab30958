"""F6: a hit that drains a hero's Strength (the shadow's Strength Drain), rolled and applied:
an affliction "Strength drained by N" until a short or long rest, death when nothing is left
(`rules.score_drain`)."""

from __future__ import annotations

from lnf.dice import DiceExpr
from lnf.dice.roll import DiceSource, roll
from lnf.engine.apply import Steps
from lnf.engine.begin import start
from lnf.model import Hero, Lasting
from lnf.model.steps import Damaged
from lnf.rules.roster import in_fight
from lnf.rules.score_drain import DRAINED, strength_lost, strength_score


def sap(
    turn: Steps, attacker: str, target: str, attack: str, drain: DiceExpr, dice: DiceSource
) -> None:
    """Roll the drain; the hero's Strength left at 0 kills it ("The target dies if this
    reduces its Strength to 0")."""
    hero = turn.fight.combatant(target)
    if not isinstance(hero, Hero) or not in_fight(hero):
        return  # a monster's Strength score is not tracked
    what = f"{attacker}'s {attack}"
    dice.about(f"{what}: Strength drained by {drain}")
    rolled = roll(drain, dice)
    lost = strength_lost(turn.fight, target) + rolled.total
    left = max(strength_score(hero) - lost, 0)
    said = (
        f"{DRAINED} {rolled.total} ({what}: {rolled}): Strength {left}, until a short or long rest"
    )
    start(turn, target, said, Lasting(), attacker, affliction=True)
    if left == 0:
        turn.do(Damaged(target, 0, kills=True, text=f"{what}: its Strength is 0, it dies"))
