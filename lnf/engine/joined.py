"""B6: what follows a step for the creatures that joined the fight (`rules.joining`): the
treant's trees take root as it dies."""

from __future__ import annotations

from lnf.engine.apply import Steps
from lnf.model.applied import StepDone
from lnf.model.steps import Damaged
from lnf.rules.joining import ANIMATE_TREES, ANIMATED_BY, rooted


def take_root(turn: Steps, done: StepDone) -> None:
    """B6: "The tree remains animate … until the treant dies": each of its trees ends now.
    A tree is a monster with an effect (its maker's): none has any in most fights."""
    if not any(m.effects for m in turn.fight.monsters):
        return
    for tree in rooted(done.before, turn.fight):
        maker = next(e for e in turn.fight.monster(tree).effects if e.startswith(ANIMATED_BY))
        said = f"{maker[len(ANIMATED_BY) :]} is dead, and the tree takes root ({ANIMATE_TREES}, B6)"
        turn.do(Damaged(tree, 0, text=said, kills=True))
