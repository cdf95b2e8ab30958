"""F2: a monk's Ki spent on a bonus action (SRD 5.1 monk, level 2), beside Flurry of Blows
(`heroes.flurry`) and Stunning Strike (`rules.stunning`):

- Patient Defense: "You can spend 1 ki point to take the Dodge action as a bonus action on
  your turn."
- Step of the Wind: "You can spend 1 ki point to take the Disengage or Dash action as a bonus
  action on your turn, and your jump distance is doubled for the turn." Without a map a jump
  changes nothing.

The Dodge, Disengage or Dash taken so is the action's own in everything else: the Dodge lasts
until the monk's next turn, the Disengage spares it the opportunity attacks of the turn's
move (M6), the Dash is one in a chase (C2). One decider: `verify_ki_action`."""

from __future__ import annotations

from lnf.errors import Refused
from lnf.model import Action, Hero
from lnf.rules.resources import verify_use
from lnf.rules.stunning import KI

PATIENT_DEFENSE = "Patient Defense"
STEP_OF_THE_WIND = "Step of the Wind"
KI_ACTIONS: dict[str, tuple[Action, ...]] = {
    PATIENT_DEFENSE: (Action.DODGE,),
    STEP_OF_THE_WIND: (Action.DISENGAGE, Action.DASH),
}


def has_ki_actions(hero: Hero) -> bool:
    """A monk of the 2nd level or higher (one without a level is taken at the table's word, as
    lnf counts no sheet for it)."""
    return hero.cls.lower() == "monk" and (hero.level is None or hero.level >= 2)


def verify_ki_action(hero: Hero, feature: str, action: Action) -> str | None:
    """F2: `hero` takes `action` as a bonus action with `feature`, for 1 Ki: the Ki as its sheet
    names it (None: a sheet lnf does not count). Refused for a hero without the feature, an
    action that is not the feature's, or no Ki left."""
    if not has_ki_actions(hero):
        raise Refused(f"{hero.name} is no monk of the 2nd level or higher: no {feature}", "F2")
    if action not in KI_ACTIONS[feature]:
        ways = " or ".join(str(a) for a in KI_ACTIONS[feature])
        raise Refused(f"{feature} is a {ways} as a bonus action, not a {action}", "F2")
    try:
        return verify_use(hero, KI)
    except Refused as refused:
        raise Refused(f"{refused.message}: no {feature}", "F2") from None
