"""F2 Stunning Strike as a player says it, with the blows of the turn:

    attack Orc 1 with Shortsword; stun              (each hit until it is stunned)
    attack Orc 1 with Unarmed Strike; flurry; stun  (the Flurry's hits too)

`rules.stunning` decides what it needs and when a hit brings a try; the Ki is spent by the
hit, never by a miss (`engine.stunning`)."""

from __future__ import annotations

from lnf.engine.decisions import ActionChoice, AttackChoice
from lnf.errors import Refused
from lnf.model import Hero
from lnf.rules.stunning import STUNNING_STRIKE, verify_stun
from lnf.values import replace

STUN_VERBS = ("stun", "stunning")


def stun_said(rest: str, said: bool) -> bool:
    """`stun` or `stunning strike`, said once a turn."""
    if rest.lower() not in ("", "strike"):
        raise Refused(f"lnf reads {STUNNING_STRIKE} as `stun`, not 'stun {rest}'", "F2")
    if said:
        raise Refused(f"{STUNNING_STRIKE} is said once a turn: every hit brings a try", "F2")
    return True


def stun_blows(
    hero: Hero, action: ActionChoice | None, bonus: ActionChoice | None
) -> tuple[ActionChoice | None, ActionChoice | None]:
    """The turn's action and bonus action with Stunning Strike on their mêlée weapon blows;
    refused when neither is one (`rules.stunning.verify_stun`)."""
    blows = [c for c in (action, bonus) if isinstance(c, AttackChoice)]
    melee = [c for c in blows if _melee(hero, c)]
    if not melee:  # refused, with why: no monk of the 5th level, no Ki, no mêlée weapon
        first = blows[0] if blows else None
        verify_stun(hero, first.attack if first else None, first.mode if first else None)
    return _stunning(action, melee), _stunning(bonus, melee)


def _stunning(choice: ActionChoice | None, melee: list[AttackChoice]) -> ActionChoice | None:
    return (
        replace(choice, stun=True)
        if isinstance(choice, AttackChoice) and choice in melee
        else choice
    )


def _melee(hero: Hero, choice: AttackChoice) -> bool:
    try:
        verify_stun(hero, choice.attack, choice.mode)
    except Refused:
        return False
    return True
