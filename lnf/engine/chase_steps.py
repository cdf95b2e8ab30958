"""C1–C3: what a flight and a chase round's dashes do to the fight (`engine.steps` applies
every step; these two are the chase's)."""

from __future__ import annotations

from lnf.engine.trait_apply import dash_notes
from lnf.model import Fight, Monster
from lnf.model.applied import StepDone
from lnf.model.steps import Dashed, Fled
from lnf.rules.chase import after_speeds, settle, spends_action, start_pools
from lnf.rules.escapes import spent_by, start_points
from lnf.rules.group_changes import tidy, without
from lnf.rules.limited import spent
from lnf.values import replace


def fled(fight: Fight, step: Fled) -> StepDone:
    """C1: the escaper and its pursuers leave their groups; a pool per pair, where the
    escaper's magic (`by`) left it, that magic's use spent (B2)."""
    after = fight
    for name in (step.who, *step.pursuers):
        after = without(after, name)
    start = start_points(fight, step.who, step.by)
    after = replace(after, chase=start_pools(after, step.who, list(step.pursuers), start))
    me = fight.combatant(step.who)
    if isinstance(me, Monster) and (spends := spent_by(me, step.by)) is not None:
        after = after.with_combatant(spent(after.combatant(step.who), *spends))
    after, notes = settle(tidy(after), [step.who])
    return StepDone(step, fight, after, notes=tuple(notes))


def dashed(fight: Fight, step: Dashed) -> StepDone:
    """C2: pools move by speed; C3: dashes counted, a failed check is a level of exhaustion."""
    notes = []
    after = fight
    for name, n in step.dashes:
        c = after.combatant(name)
        failed = sum(1 for s in step.checks if s.who == name and not s.success)
        if failed:
            notes.append(f"{name} gains {failed} level(s) of exhaustion (C3)")
        after = after.with_combatant(
            replace(c, dashes=c.dashes + n, exhaustion=c.exhaustion + failed)
        )
    dashed = frozenset(n for n, k in step.dashes if spends_action(fight, fight.combatant(n), k))
    notes += dash_notes(fight, step.dashes)  # B8: Aggressive
    after = replace(after, chase=after_speeds(after, dict(step.dashes)))
    turns = after.turns
    after = replace(after, turns=replace(turns, dashed=turns.dashed | dashed))
    return StepDone(step, fight, after, notes=tuple(notes))
