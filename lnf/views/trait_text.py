"""B8, B10: the words of the steps a monster's own traits and reactions bring (Berserk's d6,
a reaction spent, a jelly's Split)."""

from __future__ import annotations

from lnf.model import Fight, Monster
from lnf.model.answer_steps import Heads, Reacted, Split, TraitRolled
from lnf.rules.heads import burned_since, heads, lost
from lnf.rules.joining import TREE
from lnf.rules.wording import and_list


def trait_step_text(
    step: TraitRolled | Reacted | Split | Heads, after: Fight, before: Fight
) -> str:
    """One line of the transcript (`before` and `after`: the fight around the step)."""
    if isinstance(step, Heads):
        return _heads_text(step, before.monster(step.who))
    if isinstance(step, TraitRolled) and step.against:  # Reflective Carapace
        then = "unaffected" + (", and it turns back at its caster" if step.face == 6 else "")
        return f"{step.who}'s {step.trait} against {step.against}: 1d6 ({step.face}): {then} (B8)."
    if isinstance(step, TraitRolled):
        then = "it goes berserk" if step.face == 6 else "not berserk yet"
        return f"{step.who} rolls for Berserk as its turn starts: 1d6 ({step.face}): {then} (B8)."
    if isinstance(step, Reacted):
        return f"{step.who} uses its reaction: {step.what} on {step.target} (B10)."
    if isinstance(step, Split) and step.how:  # B6: Animate Trees, Create Specter
        new = after.monster(step.into)
        hits = and_list([f"{a.name}{f' ×{a.times}' if a.times > 1 else ''}" for a in new.attacks])
        rises = "rises on" if new.kind != TREE else "joins"
        return (
            f"{step.into} {rises} {step.who}'s side ({step.how}, B6): {new.hp} hit points, "
            f"{hits} a turn, acting from the next round."
        )
    one = after.combatant(step.who)
    size = f", now {one.size.value.title()}" if one.size is not None else ""
    return (
        f"{step.who} splits in two (Split, its reaction, B10): {step.who} and {step.into}, "
        f"{one.hp} hit points each{size}."
    )


def _heads_text(step: Heads, was: Monster) -> str:
    """Multiple Heads: a head dies, heads grow back, the fire that stops them."""
    now = f"{step.heads} head{'s' if step.heads != 1 else ''}"
    said = "(Multiple Heads, B8)"
    if step.heads < heads(was):
        return f"One of {step.who}'s heads dies: 25 damage or more this turn; {now} {said}."
    if step.heads > heads(was):
        return f"{step.who} grows {step.heads - heads(was)} heads for those it lost: {now} {said}."
    if step.burned and not burned_since(was):
        return f"{step.who} takes fire damage: no head grows back at the end of its turn {said}."
    if lost(was):
        return f"{step.who}'s lost heads do not grow back: fire burned it {said}; {now}."
    return f"{step.who}'s turn ends with {now} {said}."
