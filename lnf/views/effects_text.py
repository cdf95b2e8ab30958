"""The steps of effects told as a DM says them (F4–F6): what begins and on whom, what ends and
why, a save rolled against something lasting."""

from __future__ import annotations

from typing import assert_never

from lnf.model import Fight, Lasting
from lnf.model.events import (
    ConcentrationEnded,
    Drained,
    EffectEnded,
    EffectStarted,
    Guarded,
    Saved,
    SaveRolled,
)
from lnf.views.legendary_text import resisted_words

EffectStep = EffectStarted | EffectEnded | SaveRolled | ConcentrationEnded | Drained | Guarded


def save_roll(saved: Saved, d4: str = "") -> str:
    """ "1d20 (14) + 2 = 16 vs DC 10", or why it failed without a roll."""
    if not saved.faces:
        return f"fails ({saved.note}){resisted_words(saved.resisted)}"
    sign = "+" if saved.bonus >= 0 else "-"
    dice, kept = f"1d20 ({saved.faces[0]})", saved.faces[0]
    if len(saved.faces) == 2:  # D4: advantage (B8's Magic Resistance) or disadvantage
        edge = f"advantage, {saved.advantage}" if saved.advantage else "disadvantage"
        kept = max(saved.faces) if saved.advantage else min(saved.faces)
        dice = f"2d20 ({', '.join(map(str, saved.faces))}, {edge}: keeps {kept})"
    roll = f"{dice} {sign} {abs(saved.bonus)}{d4}"
    roll += f" = {kept + saved.bonus + sum(saved.d4)} vs DC {saved.dc}"
    roll += ", a miss by 1 with favor (V-D20-1)" if saved.favored else ""
    return roll + resisted_words(saved.resisted)


def effect_text(step: EffectStep, before: Fight, after: Fight) -> str:
    match step:
        case EffectStarted():
            e = step.effect
            by = f" (by {e.by})" if e.by and e.by != e.who else ""
            if e.concentration:
                return f"{e.who} concentrates on {e.what} ({e.lasting}) (F5)."
            if e.condition is not None and e.lasting == Lasting():
                return f"{e.who} is {e.condition}{by} (F4)."  # until it is taken off
            if e.condition is not None:
                woken = " or until it takes damage" if e.until_hurt else ""  # F7 Sleep
                woken += " or until it attacks or casts a spell" if e.until_attack else ""  # B6
                return f"{e.who} is {e.condition}{by}: {e.lasting}{woken} (F4)."
            return f"{e.who}: {e.what}{by}, {e.lasting} (F4)."
        case EffectEnded():
            ended = next((e for e in before.effects if e.key == step.key), None)
            if ended is None:
                return f"Effect {step.key} ends: {step.why} (F4)."
            if ended.condition is not None and ended.condition not in (
                after.combatant(ended.who).conditions
            ):
                return f"{ended.who} is no longer {ended.condition}: {step.why} (F4)."
            return f"{ended.what} on {ended.who} ends: {step.why} (F4)."
        case SaveRolled():
            s = step.save
            verdict = "success" if s.success else "failure"
            dc = f" (DC 10 or half the {step.damage} damage)" if step.damage else ""
            return (
                f"{s.who}'s {step.ability.word} save against {step.against}{dc}: "
                f"{save_roll(s)}: {verdict}."
            )
        case ConcentrationEnded():
            return f"{step.who}'s concentration ends: {step.why} (F5)."
        case Drained():
            hp = after.combatant(step.who).hp
            return f"{step.who}'s hit-point maximum drops by {step.amount} to {hp} (F6)."
        case Guarded():
            return (
                f"{step.who} takes a reaction, {step.guard} (+{step.ac} AC), against "
                f"{step.foe}'s hit (F1)."
            )
        case _:
            assert_never(step)
