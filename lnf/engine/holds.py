"""Holds played (F6, `lnf.rules.holds` decides): a grapple taking hold, a stirge attaching and
drinking as its turns start, an escape, and the holds a step ends."""

from __future__ import annotations

from lnf.dice import parse
from lnf.dice.roll import DiceSource, roll, roll_d20
from lnf.engine.apply import Steps
from lnf.engine.effect_start import start
from lnf.model import Action, Condition, Lasting, Rider
from lnf.model.applied import StepDone
from lnf.model.events import Acted, Contested, Damaged, EffectEnded, Moved, Step
from lnf.rules.effects import effect, next_key
from lnf.rules.holds import (
    drinking,
    hold_to_escape,
    holds_ending,
    holds_on,
    let_go,
    may_attach,
    may_hold,
    sated,
)
from lnf.rules.pulls import pulled_to, strength_contest


def grapple(
    turn: Steps,
    attacker: str,
    target: str,
    attack: str,
    rider: Rider,
    immune: frozenset[Condition],
) -> int | None:
    """F6: a hit's grapple takes hold, when its attack may hold one more: the hold's key, for
    what lasts with it; None when it may not (the hit is damage only)."""
    if not may_hold(turn.fight, attacker, target, attack, rider):
        return None
    hold = next_key(turn.fight)
    what = f"grappled by {attacker}'s {attack} (escape DC {rider.grapple})"
    grappled = Condition.GRAPPLED if Condition.GRAPPLED not in immune else None
    hurts = str(rider.held_damage) if rider.held_damage is not None else ""
    start(
        turn,
        target,
        what,
        Lasting(),
        attacker,
        grappled,
        escape=rider.grapple,
        attack=attack,
        hurts=hurts,
    )
    return hold


def escaped(turn: Steps, step: Step) -> None:
    """F6: a hero's escape that succeeded ends the hold its check was against."""
    if isinstance(step, Acted) and step.action is Action.ESCAPE and step.success:
        hold = hold_to_escape(turn.fight, step.who)
        if hold is not None:
            turn.do(EffectEnded(hold.key, f"{step.who} escapes"))


def let_go_now(turn: Steps, done: StepDone) -> None:
    """F6: the holds a step ends: its grappler dropped, was incapacitated or moved away."""
    step = done.step
    moved = let_go(done.before, turn.fight, step.who) if isinstance(step, Moved) else []
    for e, why in moved + holds_ending(turn.fight):
        if e in turn.fight.effects:
            turn.do(EffectEnded(e.key, why))


def attach(turn: Steps, attacker: str, target: str, attack: str, rider: Rider) -> None:
    """F6: the stirge attaches to the one it hit (unless attached already): a hold without a
    check to end it, that drains as the stirge's turns start."""
    if not may_attach(turn.fight, attacker):
        return
    what = f"{attacker} attached by its {attack}"
    drain = str(rider.drain) if rider.drain is not None else ""
    start(turn, target, what, Lasting(), attacker, attack=attack, drain=drain, sated=rider.sated)


def pull(turn: Steps, attacker: str, target: str, rider: Rider, dice: DiceSource) -> None:
    """F6: a failed save's pull, or a Strength contest's when the rider has one: the target
    joins its attacker's group (`rules.pulls` says where, and when nothing moves)."""
    if pulled_to(turn.fight, attacker, target) is None:
        return
    if rider.contest:
        a, t = turn.fight.combatant(attacker), turn.fight.combatant(target)
        mine, theirs = strength_contest(a), strength_contest(t)
        dice.about(f"{attacker} pulls {target}: Strength {mine:+d} against {theirs:+d}")
        me, them = roll_d20(dice, mine), roll_d20(dice, theirs)
        done = Contested(attacker, target, "pull", me.faces, mine, them.faces, theirs)
        turn.do(done)
        if not done.won:
            return
    where = pulled_to(turn.fight, attacker, target)
    if where is not None:
        turn.do(Moved(target, join=where))


def held_hurts(turn: Steps, who: str, dice: DiceSource) -> None:
    """F6: as `who`'s turn starts, each hold on it that hurts deals its damage ("takes 7
    (2d6) piercing damage at the start of each of its turns")."""
    for e in holds_on(turn.fight, who):
        if not e.hurts or e not in turn.fight.effects:
            continue
        what = f"{e.by}'s {e.attack}"
        dice.about(f"{what}: {e.hurts} as {who}'s turn starts, held")
        hurts = parse(e.hurts)
        rolled = roll(hurts, dice)
        kind = hurts.parts[0].damage_type if hurts.parts else None
        turn.do(Damaged(who, rolled.total, kind, text=f"{what}, held: {rolled}"))


def drains(turn: Steps, who: str, dice: DiceSource) -> None:
    """F6: as `who`'s turn starts, the one it is attached to loses its drain; sated, it lets go
    ("It does so after it drains 10 hit points of blood from the target")."""
    e = drinking(turn.fight, who)
    if e is None:
        return
    what = f"{who}'s {e.attack}"
    dice.about(f"{what}: {e.drain} hit points lost")
    rolled = roll(parse(e.drain), dice)
    turn.do(Damaged(e.who, rolled.total, text=f"{what}: {rolled} hit points lost", key=e.key))
    now = effect(turn.fight, e.key)
    if now is not None and sated(now):
        turn.do(EffectEnded(e.key, f"{who} has drunk {now.drained} hit points and lets go"))
