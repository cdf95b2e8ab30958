"""F4: a save repeated against an effect at an edge of its bearer's turn (`repeat_save`)."""

from __future__ import annotations

from lnf.dice.roll import DiceSource
from lnf.engine.apply import Steps
from lnf.engine.begin import start
from lnf.engine.resolve import roll_save
from lnf.engine.trait_steps import stone
from lnf.model import Effect, Lasting
from lnf.model.steps import EffectEnded, SaveRolled
from lnf.rules.effects import begun_with
from lnf.rules.trait_auras import turns_to_stone


def repeat_save(turn: Steps, who: str, e: Effect, dice: DiceSource) -> None:
    """F4: a repeated save against `e`: a success ends it; a failure brings its `then`."""
    if e not in turn.fight.effects or e.lasting.save is None:
        return
    ability, dc = e.lasting.save
    against = (e.condition,) if e.condition is not None else ()
    c = turn.fight.combatant(who)
    save = roll_save(turn.fight, c, ability, dc, dice, e.what, against=against)
    turn.do(SaveRolled(save, ability, e.what, key=e.key))
    need = e.lasting.saves  # F7 Contagion: three successes end it
    now = next((x for x in turn.fight.effects if x.key == e.key), e)
    if save.success and need and now.made < need:
        return
    if save.success:  # F4: with what the same save began (`begun_with`)
        for x in begun_with(turn.fight, e):
            turn.do(EffectEnded(x.key, f"{need} saves succeeded" if need else "the save succeeded"))
    elif turns_to_stone(e.what):  # B8 Petrifying Gaze
        stone(turn, e.key, who, e.by)
    elif e.then is not None:
        turn.do(EffectEnded(e.key, f"the save failed: {who} is {e.then}"))
        start(turn, who, str(e.then), Lasting(rounds=e.then_rounds), e.by, e.then)
