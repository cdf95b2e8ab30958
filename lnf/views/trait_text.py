"""B8, B10: the words of the steps a monster's own traits and reactions bring (Berserk's d6,
a reaction spent, a jelly's Split)."""

from __future__ import annotations

from lnf.model import Fight
from lnf.model.effects import Reacted, Split, TraitRolled


def trait_step_text(step: TraitRolled | Reacted | Split, after: Fight) -> str:
    """One line of the transcript (`after`: the fight after the step)."""
    if isinstance(step, TraitRolled) and step.against:  # Reflective Carapace
        then = "unaffected" + (", and it turns back at its caster" if step.face == 6 else "")
        return f"{step.who}'s {step.trait} against {step.against}: 1d6 ({step.face}): {then} (B8)."
    if isinstance(step, TraitRolled):
        then = "it goes berserk" if step.face == 6 else "not berserk yet"
        return f"{step.who} rolls for Berserk as its turn starts: 1d6 ({step.face}): {then} (B8)."
    if isinstance(step, Reacted):
        return f"{step.who} uses its reaction: {step.what} on {step.target} (B10)."
    one = after.combatant(step.who)
    size = f", now {one.size.value.title()}" if one.size is not None else ""
    return (
        f"{step.who} splits in two (Split, its reaction, B10): {step.who} and {step.into}, "
        f"{one.hp} hit points each{size}."
    )
