"""The AC-less variant's steps taken into the fight (V-ACL5 wounds, V-ACL6 surge dice, V-ACL8
contests: a grapple or a shove; F6's pulls and F7's grips follow as steps of their own)."""

from __future__ import annotations

from lnf.model import Condition, Fight
from lnf.model.applied import StepDone
from lnf.model.steps import Contested, Surged, Wounded
from lnf.rules.damage import restorable
from lnf.values import replace


def wounded(fight: Fight, step: Wounded) -> StepDone:
    """V-ACL5: the part's state (a disabled part stays so); a disabled eye blinds."""
    c = fight.combatant(step.who)
    if not step.state:
        return StepDone(step, fight, fight)
    parts = dict(c.parts)
    if parts.get(step.part) != "disabled":
        parts[step.part] = step.state
    hurt = replace(c, parts=tuple(parts.items()))
    notes: tuple[str, ...] = (f"{step.who}'s {step.part} is {step.state} (V-ACL5)",)
    if step.part == "eye" and step.state == "disabled":
        hurt = replace(hurt, conditions=hurt.conditions | {Condition.BLINDED})
        notes += (f"{step.who} is blinded (V-ACL5)",)
    return StepDone(step, fight, fight.with_combatant(hurt), notes=notes)


def surged(fight: Fight, step: Surged) -> StepDone:
    """V-ACL6: surge dice spent; tenacity gives temporary hit points (they do not stack, D7)."""
    c = fight.combatant(step.who)
    spent = replace(c, surge=max(0, c.surge - len(step.faces)))
    tenacity = step.effect == "tenacity" and restorable(c)  # B8: never a swarm's
    if tenacity and sum(step.faces) > spent.temp_hp:  # D7: no stacking
        spent = replace(spent, temp_hp=sum(step.faces), tenacious=True)
    return StepDone(step, fight, fight.with_combatant(spent))


def contested(fight: Fight, step: Contested) -> StepDone:
    """V-ACL8: the winner grapples or shoves its foe prone; a tie changes nothing."""
    if not step.won or step.kind in ("pull", "grip"):  # F6, F7: what follows is its own step
        return StepDone(step, fight, fight)
    target = fight.combatant(step.target)
    condition = Condition.GRAPPLED if step.kind == "grapple" else Condition.PRONE
    after = fight.with_combatant(replace(target, conditions=target.conditions | {condition}))
    return StepDone(step, fight, after, notes=(f"{step.target} is {condition}",))
