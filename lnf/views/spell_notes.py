"""F7: what lnf does not play of an attack, spell or healing a step used, said for the DM to
rule as the transcript tells the step (`spell_note`)."""

from __future__ import annotations

import re

from lnf.model import Monster
from lnf.model.applied import StepDone
from lnf.model.steps import Attacked, Healed, SpellCast
from lnf.rules.creature_limits import creature_type
from lnf.rules.economy import attack_named, healing_named

# The clauses a sheet's spell note is made of (`formats.spellbook`) that can be moot at a use:
RIDER = "what its text says of "  # the effect's riders: moot where the effect reached nobody
UPCAST = re.compile(r"a slot above \d+(st|nd|rd|th)$")  # moot at the spell's own level
# F7: a limit by creature type, which lnf judges at a target of known type (a hero is a
# humanoid; a monster's stat block says its type, `rules.creature_limits`): the DM's to judge
# only at a hand-made monster with no type
KIND_LIMITS = ("a humanoid only", "no effect against the undead")


def spell_note(done: StepDone) -> str:
    """F7: what lnf does not play of the attack, spell or healing the step used, as the sheet
    notes it ("Ray of Frost, for the DM to rule: the target's speed drops by 10 feet"); "" when
    nothing is noted, or nothing noted bears on this use (`_bears`)."""
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
    note = "; ".join(c for c in note.split("; ") if _bears(c, done))
    said = note.rstrip(".").removesuffix(" (F7)")  # a note may cite F7 itself: once is enough
    return f"{name}, for the DM to rule: {said} (F7)" if note else ""


def _bears(clause: str, done: StepDone) -> bool:
    """Whether one clause of a sheet's note bears on this use: what a higher slot adds only
    when cast with one; the effect's riders ("what its text says of disadvantage") only where
    the effect reached a creature still standing (`_reached`); a limit by creature type
    ("a humanoid only") only at a monster of no known type. Other clauses, and a note in
    other words (the DM's own), always."""
    step = done.step
    if UPCAST.search(clause):
        return not isinstance(step, Attacked | SpellCast | Healed) or step.slot > 0
    if clause.startswith(RIDER):
        return _reached(done)
    if clause in KIND_LIMITS:
        return any(
            isinstance(c := done.before.combatant(t), Monster) and not creature_type(c)
            for t in _targets(done)
            if t in done.before
        )
    return True


def _targets(done: StepDone) -> tuple[str, ...]:
    step = done.step
    match step:
        case Attacked():
            return (step.target,)
        case SpellCast():
            return step.targets
    return ()


def _reached(done: StepDone) -> bool:
    """Whether the step's effect reached a creature still standing after it: an attack that
    hit; a spell's target with no save, one that failed it, or one that made it where a
    success still takes half (the text may say what the half brings, as Harm's maximum)."""
    step = done.step
    match step:
        case Attacked():
            return step.hit and step.target not in done.dropped
        case SpellCast():
            saved = {s.who for s in step.saves if s.success}
            return any(
                t not in done.dropped and t not in step.unaffected and (step.half or t not in saved)
                for t in step.targets
            )
    return True
