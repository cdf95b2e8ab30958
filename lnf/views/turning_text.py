"""F2: Turn Undead and Destroy Undead as a DM tells them. The engine turns every undead that
failed its save and then destroys those of a low enough challenge rating (the record keeps
both, and the turning's end: "it is dead"); the telling says only that those were destroyed."""

from __future__ import annotations

from collections.abc import Sequence

from lnf.model import Condition
from lnf.model.applied import StepDone
from lnf.model.steps import Damaged, EffectEnded, EffectStarted
from lnf.rules.turning import DESTROYED


def untold(steps: Sequence[StepDone]) -> set[int]:
    """The indices of the steps that turn an undead Destroy Undead destroys in the same
    steps, and that end its turning: nothing a DM would say."""
    gone = {
        s.who for d in steps if isinstance(s := d.step, Damaged) and s.text.startswith(DESTROYED)
    }
    if not gone:
        return set()
    keys, skip = set(), set()
    for i, done in enumerate(steps):
        step = done.step
        if isinstance(step, EffectStarted) and step.effect.who in gone:
            if step.effect.condition is Condition.TURNED:
                keys.add(step.effect.key)
                skip.add(i)
        elif isinstance(step, EffectEnded) and step.key in keys:
            skip.add(i)
    return skip
