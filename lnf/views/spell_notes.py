"""F7: what lnf does not play of an attack, spell or healing a step used, said for the DM to
rule as the transcript tells the step (`spell_note`)."""

from __future__ import annotations

from lnf.model.applied import StepDone
from lnf.model.steps import Attacked, Healed, SpellCast
from lnf.rules.economy import attack_named, healing_named


def spell_note(done: StepDone) -> str:
    """F7: what lnf does not play of the attack, spell or healing the step used, as the sheet
    notes it ("Ray of Frost, for the DM to rule: the target's speed drops by 10 feet"); "" when
    nothing is noted."""
    step, before = done.step, done.before
    match step:
        case Attacked(opportunity=False) if step.attacker in before:
            used = attack_named(before.combatant(step.attacker), step.attack)
            name, note = step.attack, used.note if used is not None else ""
        case SpellCast() if step.caster in before:
            used = attack_named(before.combatant(step.caster), step.spell)
            name, note = step.spell, used.note if used is not None else ""
        case Healed() if step.healer and step.healer in before:
            heal = healing_named(before.combatant(step.healer), step.by)
            name, note = step.by, heal.note if heal is not None else ""
        case _:
            return ""
    said = note.rstrip(".").removesuffix(" (F7)")  # a note may cite F7 itself: once is enough
    return f"{name}, for the DM to rule: {said} (F7)" if note else ""
