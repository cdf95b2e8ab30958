"""The steps of effects (F4–F6), as `lnf.engine.steps` dispatches them: an effect begins or
ends, a concentration ends with everything that lasts on it (F5), a hit-point maximum is drained
(F6); a save rolled against an effect changes nothing by itself: what follows from it is its own
step."""

from __future__ import annotations

from lnf.model import CDot, Condition, Fight, Hero
from lnf.model.applied import StepDone
from lnf.model.steps import ConcentrationEnded, Drained, EffectEnded, EffectStarted, SaveRolled
from lnf.rules.banishment import returned
from lnf.rules.concentration import lasting_on
from lnf.rules.effects import imposed
from lnf.rules.group_changes import tidy
from lnf.rules.holds import lasting_with
from lnf.values import replace


def effect_started(fight: Fight, step: EffectStarted) -> StepDone:
    e = step.effect
    after = replace(fight, effects=(*fight.effects, e), effects_begun=fight.effects_begun + 1)
    c = after.combatant(e.who)
    notes: list[str] = []
    if e.condition is not None and e.condition not in c.conditions:
        c = replace(c, conditions=c.conditions | {e.condition})
    if e.ac:
        c = replace(c, ac=c.ac + e.ac)  # F1: Shield, until the start of its next turn
    if e.concentration and isinstance(c, Hero) and c.c_dot is None:
        c = replace(c, c_dot=CDot.WANTED)  # F5, T1: concentration is a reason for the dot
        notes.append(f"{e.who} gets a C dot (F5, T1)")
    return StepDone(step, fight, tidy(after.with_combatant(c)), notes=tuple(notes))


def effect_ended(fight: Fight, step: EffectEnded) -> StepDone:
    e = next((x for x in fight.effects if x.key == step.key), None)
    if e is None:
        return StepDone(step, fight, fight)
    if e.concentration:  # F5: its end is the end of the concentration
        after, notes = end_concentration(fight, e.who)
        return StepDone(step, fight, after, notes=tuple(notes))
    after, notes = _without(fight, [e.key])  # the step's own words say what ended…
    own = {f"{e.who} is no longer {e.condition}", f"{e.what} on {e.who} ends"}
    return StepDone(step, fight, after, notes=tuple(n for n in notes if n not in own))  # …F6


def concentration_ended(fight: Fight, step: ConcentrationEnded) -> StepDone:
    after, notes = end_concentration(fight, step.who)
    return StepDone(step, fight, after, notes=tuple(notes))


def end_concentration(fight: Fight, who: str) -> tuple[Fight, list[str]]:
    """F5: the concentration, the effects that last on it and the wanted C dot go."""
    after, notes = _without(fight, [e.key for e in lasting_on(fight, who)])
    c = after.combatant(who)
    if isinstance(c, Hero) and c.c_dot is CDot.WANTED:
        after = after.with_combatant(replace(c, c_dot=None))
        notes.append(f"{who}'s C dot goes with it (F5)")
    return after, notes


def drained(fight: Fight, step: Drained) -> StepDone:
    """F6: the maximum goes down by the amount; current hit points never exceed it; a hero
    whose maximum reaches 0 dies ("the target dies if this effect reduces its hit point
    maximum to 0")."""
    c = fight.combatant(step.who)
    hp = max(0, c.hp - step.amount)
    notes: tuple[str, ...] = ()
    if isinstance(c, Hero):
        now = min(c.current_hp, hp)
        c = replace(c, hp=hp, hp_now=None if now == hp else now)
        if hp == 0 and not c.dead:
            c = replace(c, dead=True)
            notes = (f"{c.name} dies: its hit-point maximum is 0 (F6)",)
    else:
        c = replace(c, hp=hp, damage=min(c.damage, hp))
    return StepDone(step, fight, tidy(fight.with_combatant(c)), notes=notes)


def _without(fight: Fight, keys: list[int]) -> tuple[Fight, list[str]]:
    """The fight without the effects `keys`; a condition goes with the last effect imposing
    it."""
    ending = lasting_with(fight, set(keys))  # F6: what lasts as long as a hold ends with it
    gone = [e for e in fight.effects if e.key in ending]
    after = replace(fight, effects=tuple(e for e in fight.effects if e.key not in ending))
    notes = []
    for e in gone:
        if e.ac:
            c = after.combatant(e.who)
            after = after.with_combatant(replace(c, ac=c.ac - e.ac))
        if e.condition is not None and not imposed(after, e.who, e.condition):
            c = after.combatant(e.who)
            after = after.with_combatant(replace(c, conditions=c.conditions - {e.condition}))
            notes.append(f"{e.who} is no longer {e.condition}")
            if e.condition is Condition.BANISHED:  # F7: back where it left, if it still is
                after, back = returned(after, e.who, e.group)
                notes.append(back)
        elif len(gone) > 1 and not e.concentration:
            notes.append(f"{e.what} on {e.who} ends")
    return tidy(after), notes


def counts(fight: Fight, step: SaveRolled) -> bool:
    """F4: a repeated save against an effect that counts its saves (`Lasting.saves`)."""
    e = next((x for x in fight.effects if x.key == step.key), None) if step.key else None
    return e is not None and e.lasting.saves > 0


def counted(fight: Fight, step: SaveRolled) -> StepDone:
    """F4, F7 Contagion: the save counted on its effect; the last failure needed leaves it
    lasting without saves ("the disease's effects last for the duration, and the creature
    stops making these saves"). The last success needed is the engine's to end it."""
    e = next(x for x in fight.effects if x.key == step.key)
    need = e.lasting.saves
    if step.save.success:
        e2 = replace(e, made=e.made + 1)
        said = f"{e2.made} of {need} successes against {e.what} (F4)"
    else:
        e2 = replace(e, missed=e.missed + 1)
        said = f"{e2.missed} of {need} failures against {e.what} (F4)"
        if e2.missed >= need:
            e2 = replace(e2, lasting=replace(e.lasting, save=None, each=None))
            said += f": it lasts, {e.who} saves no more"
    effects = tuple(e2 if x.key == e.key else x for x in fight.effects)
    return StepDone(step, fight, replace(fight, effects=effects), notes=(said,))
