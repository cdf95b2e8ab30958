"""F4: an effect begins, as a step of the turn being played (the engine's one place for it)."""

from __future__ import annotations

from lnf.engine.apply import Steps
from lnf.model import Condition, Effect, Lasting
from lnf.model.events import EffectStarted
from lnf.rules.effects import next_key


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
) -> None:
    """An effect begins now: in the round under way, during the turn being played."""
    fight = turn.fight
    effect = Effect(
        key=next_key(fight),
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
        until_hurt=hurt,
    )
    turn.do(EffectStarted(effect))
