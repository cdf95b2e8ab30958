"""An effect begun (F4): `start` records it in the round and turn under way; a rider's
"target" and "attacker" get their names (`named`). What lasts on a creature ends as it dies
(`died`)."""

from __future__ import annotations

from lnf.engine.apply import Steps
from lnf.model import Condition, Effect, Hero, Lasting, Monster, TurnEdge
from lnf.model.effects import ATTACKER, TARGET
from lnf.model.steps import EffectEnded, EffectStarted
from lnf.rules.effects import borne_by_the_dead, next_key
from lnf.values import replace


def start(
    turn: Steps,
    who: str,
    what: str,
    lasting: Lasting,
    by: str = "",
    condition: Condition | None = None,
    *,
    concentration: bool = False,
    ac: int = 0,
    d4: int = 0,
    aura: int = 0,
    weapon: int = 0,
    hurt: bool = False,
    affliction: bool = False,
    bars: str = "",
    then: tuple[Condition | None, int] = (None, 0),
    hurts: tuple[str, TurnEdge | None, bool] = ("", None, False),
    escape: int = 0,
    attack: str = "",
    hold: int = 0,
    drain: str = "",
    sated: int = 0,
    held_hurts: str = "",
    held_hurts_on: str = "",
    attacks: bool = False,
    group: str = "",
    web: bool = False,
    suffocates: bool = False,
    held_save: int = 0,
    together: int = 0,
) -> None:
    """An effect begins now: in the round under way, during the turn being played; `bars`:
    the healing it bars while it lasts (F6, `Effect.no_healing`)."""
    fight = turn.fight
    key = next_key(fight)
    effect = Effect(
        key=key,
        who=who,
        what=what,
        lasting=lasting,
        round=fight.round,
        turn=turn.who or fight.turns.current or "",
        by=by,
        condition=condition,
        concentration=concentration,
        ac=ac,
        d4=d4,
        aura=aura,
        weapon=weapon,
        until_hurt=hurt or lasting.hurt,
        affliction=affliction,
        no_healing=bars,
        then=then[0],
        then_rounds=then[1],
        hurts=hurts[0],
        hurts_at=hurts[1],
        healed_ends=hurts[2],
        escape=escape,
        attack=attack,
        hold=hold,
        drain=drain,
        sated=sated,
        held_hurts=held_hurts,
        held_hurts_on=held_hurts_on,
        until_attack=attacks,
        group=group,
        web=web,
        together=together if together != key else 0,  # F4: begun by one save (`begun_with`)
        suffocates=suffocates,
        held_save=held_save,
    )
    turn.do(EffectStarted(effect))


def named(lasting: Lasting, attacker: str, target: str) -> Lasting:
    """A rider read from a text says "the target" and "the attacker": now they have names."""
    names = {TARGET: target, ATTACKER: attacker}
    until = lasting.until
    if until is not None:
        until = (names.get(until[0], until[0]), until[1])
    return replace(lasting, until=until)


def died(turn: Steps, before: Hero | Monster) -> None:
    """F4: the effects on a creature that has just died end with it, each a step of the log
    (undo gives them back with the death)."""
    for e in borne_by_the_dead(turn.fight, before):
        turn.do(EffectEnded(e.key, "it is dead"))
