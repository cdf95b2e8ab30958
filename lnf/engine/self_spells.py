"""B6, F7: what a monster's spell on its own side leaves for later steps: Invisibility ended by
an attack or a cast ("The spell ends for a target that attacks or casts a spell"), and the fall
of a creature whose Fly ends in free air (R7)."""

from __future__ import annotations

from lnf.engine.apply import Steps
from lnf.model import Condition, Rank
from lnf.model.applied import StepDone
from lnf.model.steps import ConcentrationEnded, EffectEnded, Moved
from lnf.rules.ranks import can_fly_now
from lnf.rules.sanctuary import ends_sanctuary
from lnf.rules.spell_effects import unhidden


def landed(turn: Steps, done: StepDone) -> None:
    """F7 Fly, R7: "When the spell ends, the target falls if it is still aloft": a creature in
    free air whose Fly ended goes to the front rank (flying low is the front rank)."""
    for c in done.before.everyone:
        now = done.after.combatant(c.name) if c.name in done.after else None
        if now is None or now is c or Condition.FLYING not in c.conditions:
            continue
        if now.rank is Rank.FREE_AIR and not can_fly_now(now):
            turn.do(Moved(c.name, rank=Rank.FRONT))


def seen(turn: Steps, who: str, foes: bool = True) -> None:
    """B6, F7: `who` attacked or cast a spell: its Invisibility ends (the caster's
    concentration on it, with it); its Sanctuary too when that touched a foe (`foes`)."""
    while found := [e for e in unhidden(turn.fight, who) if ends_sanctuary(e, foes)]:
        e = found[0]
        what = "Sanctuary" if e.condition is Condition.SANCTUARY else "Invisibility"
        why = f"it attacks or casts a spell{' at a foe' if foes and what == 'Sanctuary' else ''}"
        why += f": {what} ends"
        keeper = e.lasting.concentration
        turn.do(ConcentrationEnded(keeper, why) if keeper else EffectEnded(e.key, why))
