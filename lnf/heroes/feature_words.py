"""F2: class features said by name that are an action or a bonus action of their own: a
cleric's `turn undead`, a paladin's `turn the unholy` (`heroes.turn_words`), a monk's `patient
defense` and `step of the wind to disengage` (or `… to dash`: `rules.ki` decides them), a
bard's `inspire Bram` (`rules.inspiration`)."""

from __future__ import annotations

import re

from lnf.engine.decisions import ActionChoice, BonusChoice, SimpleChoice
from lnf.errors import Refused
from lnf.heroes.spell_words import name_meant
from lnf.heroes.turn_words import turn_choice
from lnf.model import Action, Cost, Fight, Hero
from lnf.rules.inspiration import verify_inspire
from lnf.rules.ki import PATIENT_DEFENSE, STEP_OF_THE_WIND, verify_ki_action
from lnf.rules.resources import BARDIC_INSPIRATION
from lnf.rules.stunning import KI
from lnf.rules.turning import TURN_THE_UNHOLY, TURN_UNDEAD

Spend = list[tuple[str, int]]
INSPIRE_VERBS = ("inspire", "bardic")
# "inspire Bram", "bardic inspiration on Bram" ("use bardic inspiration on Bram": `use_words`)
INSPIRE = re.compile(r"(?:inspire|bardic\s+inspiration(?:\s+(?:on|for|to))?)\s+(?P<ally>.+)", re.I)
TURNINGS = {"undead": TURN_UNDEAD, "the unholy": TURN_THE_UNHOLY}  # F2: `turn …`
FEATURE_VERBS = ("turn", "patient", "step", *INSPIRE_VERBS)  # the first words they are said with
PATIENT = re.compile(r"patient\s+defen[cs]e", re.IGNORECASE)
# "step of the wind to disengage", "step of the wind: dash", "step of the wind and disengage"
WIND = re.compile(
    r"step\s+of\s+the\s+wind(?:\s*[:,]?\s*(?:(?:to|and)\s+)?(?P<what>\w+))?", re.IGNORECASE
)


def feature_choice(
    fight: Fight, hero: Hero, verb: str, rest: str, spend: Spend
) -> ActionChoice | None:
    """The feature said as `verb rest`, its uses added to `spend`; None for other words."""
    turned = TURNINGS.get(" ".join(rest.lower().split()))
    if verb == "turn" and turned is not None:  # F2: Channel Divinity
        return turn_choice(fight, hero, spend, turned)
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


def inspire_choice(fight: Fight, hero: Hero, verb: str, rest: str) -> BonusChoice:
    """F2: `inspire Bram`: the bard's bonus action gives the ally a Bardic Inspiration die."""
    m = INSPIRE.fullmatch(f"{verb} {rest}".strip())
    allies = [h.name for h in fight.heroes if h.name != hero.name]
    if m is None:
        raise Refused(f"say whom: inspire {allies[0] if allies else 'ALLY'}", "F2")
    everyone = [c.name for c in (*fight.heroes, *fight.monsters)]  # the rules say who is not
    ally = name_meant(m["ally"].strip(), everyone)
    verify_inspire(fight, hero, ally)
    return BonusChoice(BARDIC_INSPIRATION, target=ally)
