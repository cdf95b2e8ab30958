"""A hero's action without an attack roll (Dodge, Help, Hide, an escape from a grapple, F6), and a
monster's Search for the heroes hidden from it (R4), as the table says it."""

from __future__ import annotations

from lnf.dice.roll import D20Roll
from lnf.model import Action
from lnf.model.steps import Acted, Searched
from lnf.rules.hiding import found
from lnf.rules.holds import WEBBING_OF

ACTION_WORDS = {
    Action.DASH: "dashes",
    Action.DISENGAGE: "disengages",
    Action.DODGE: "dodges",
    Action.DEFENCE: "takes the Defence action (V-ACL7)",
    Action.HELP: "helps",
    Action.HIDE: "hides",
    Action.USE: "uses",
    Action.ESCAPE: "tries to escape",
    Action.NOTHING: "does nothing",
}


CUNNING = "Cunning Action, F1"  # a rogue's Dash, Disengage or Hide as a bonus action


def _bonus_how(step: Acted) -> str:
    """The feature a bonus-action Dash, Disengage or Dodge is taken with: the one its step
    names (a monk's Patient Defense or Step of the Wind, F2), else a rogue's Cunning Action."""
    return f"{step.detail}, F2" if step.detail else CUNNING


def search_text(step: Searched) -> str:
    """R4: "Ogre searches for Bex: Perception 1d20 (12) - 2 = 10 against Stealth 17: not
    found."; with more heroes hidden, each one's Stealth and what came of it."""
    check = D20Roll(step.faces, min(step.faces), step.bonus)
    seen = set(found(step))
    said = {h: "found: it may be shot now" if h in seen else "not found" for h, _ in step.against}
    if len(step.against) == 1:
        ((hero, stealth),) = step.against
        against = f"against Stealth {stealth}: {said[hero]}"
        return f"{step.who} searches for {hero} (R4): Perception {check} {against}."
    each = "; ".join(f"{h} (Stealth {stealth}) {said[h]}" for h, stealth in step.against)
    return f"{step.who} searches for the hidden (R4): Perception {check}: {each}."


def acted_text(step: Acted | Searched) -> str:
    if isinstance(step, Searched):
        return search_text(step)
    if step.action is Action.HIDE:
        result = "hidden" if step.success else "seen"
        how = f" ({CUNNING})" if step.bonus else ""
        return f"{step.who} tries to hide{how}: {step.detail}: {result}."
    if step.action is Action.ESCAPE and step.detail.startswith("detaches "):
        return f"{step.who} {step.detail} (its action, F6)."
    if step.action is Action.ESCAPE and step.detail.endswith(WEBBING_OF.format("")):
        result = "it bursts" if step.success else "still held"
        return f"{step.who} tries to burst the webbing: {step.detail}: {result} (F6)."
    if step.action is Action.ESCAPE and step.detail.endswith(" (Strength)"):
        result = "out, beside it" if step.success else "still engulfed"
        return f"{step.who} tries to get out: {step.detail}: {result} (F6)."
    if step.action is Action.ESCAPE:
        result = "free" if step.success else "still held"
        return f"{step.who} tries to escape the grapple: {step.detail}: {result} (F6)."
    if step.action is Action.DISENGAGE:
        how = f"{_bonus_how(step)}; " if step.bonus else ""
        return f"{step.who} disengages ({how}no opportunity attacks, M6)."
    if step.bonus and step.action is Action.DODGE:  # F2 Patient Defense
        how, who = _bonus_how(step), step.who
        return f"{who} dodges ({how}): attacks on {who} have disadvantage until {who}'s next turn."
    if step.bonus:
        return f"{step.who} {ACTION_WORDS[step.action]} ({_bonus_how(step)})."
    if step.action is Action.HELP:
        return f"{step.who} helps {step.detail} (advantage on {step.detail}'s next attack roll)."
    if step.action is Action.DODGE:
        who = step.who
        return f"{who} dodges (attacks on {who} have disadvantage until {who}'s next turn)."
    detail = f" {step.detail}" if step.detail else ""
    return f"{step.who} {ACTION_WORDS[step.action]}{detail}."
