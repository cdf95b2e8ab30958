"""F2: class features said by name that are an action or a bonus action of their own: a
cleric's `turn undead` (`heroes.turn_words`), a monk's `patient defense` and `step of the wind
to disengage` (or `… to dash`: `rules.ki` decides them)."""

from __future__ import annotations

import re

from lnf.engine.decisions import ActionChoice, SimpleChoice
from lnf.errors import Refused
from lnf.heroes.turn_words import turn_choice
from lnf.model import Action, Cost, Fight, Hero
from lnf.rules.ki import PATIENT_DEFENSE, STEP_OF_THE_WIND, verify_ki_action
from lnf.rules.stunning import KI

Spend = list[tuple[str, int]]
FEATURE_VERBS = ("turn", "patient", "step")  # the first words they are said with
PATIENT = re.compile(r"patient\s+defen[cs]e", re.IGNORECASE)
# "step of the wind to disengage", "step of the wind: dash", "step of the wind and disengage"
WIND = re.compile(
    r"step\s+of\s+the\s+wind(?:\s*[:,]?\s*(?:(?:to|and)\s+)?(?P<what>\w+))?", re.IGNORECASE
)


def feature_choice(
    fight: Fight, hero: Hero, verb: str, rest: str, spend: Spend
) -> ActionChoice | None:
    """The feature said as `verb rest`, its uses added to `spend`; None for other words."""
    if verb == "turn" and rest.lower() == "undead":  # F2: Channel Divinity
        return turn_choice(fight, hero, spend)
    said = f"{verb} {rest}".strip()
    if PATIENT.fullmatch(said):
        feature, action = PATIENT_DEFENSE, Action.DODGE
    elif m := WIND.fullmatch(said):
        what = (m["what"] or "").lower()
        if what not in (Action.DISENGAGE, Action.DASH):
            how = "step of the wind to disengage (or to dash)"
            raise Refused(f"Step of the Wind is a Disengage or a Dash: say {how}", "F2")
        feature, action = STEP_OF_THE_WIND, Action(what)
    else:
        return None
    name = verify_ki_action(hero, feature, action)
    spend.append((name or KI, 1))
    return SimpleChoice(action, feature, cost=Cost.BONUS)
