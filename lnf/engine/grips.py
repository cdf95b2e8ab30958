"""F7 Telekinesis's grip as the engine plays it (`rules.telekinesis`): for each target, the
caster's check against the target's Strength check, rolled now; the targets that lose are
those its riders land on."""

from __future__ import annotations

from lnf.dice.roll import DiceSource, roll_d20
from lnf.engine.apply import Steps
from lnf.model.steps import Contested, SpellCast
from lnf.rules.pulls import strength_contest
from lnf.rules.roster import in_fight


def gripped(turn: Steps, step: SpellCast, mine: int, dice: DiceSource) -> list[str]:
    """The targets of `step` that lose the caster's contest (bonus `mine`)."""
    out = []
    for name in step.targets:
        if name not in turn.fight or not in_fight(turn.fight.combatant(name)):
            continue
        theirs = strength_contest(turn.fight.combatant(name))
        dice.about(f"{step.caster}'s {step.spell}: {mine:+d} against {name}'s Strength {theirs:+d}")
        me, them = roll_d20(dice, mine), roll_d20(dice, theirs)
        done = Contested(step.caster, name, "grip", me.faces, mine, them.faces, theirs)
        turn.do(done)
        if done.won:
            out.append(name)
    return out
