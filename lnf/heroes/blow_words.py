"""What a player says of the turn's blows besides the attack (F2), once a turn each:

    attack Orc 1 with Shortsword; stun              (Stunning Strike: each hit until stunned)
    attack Orc 1 with Unarmed Strike; flurry; stun  (the Flurry's hits too)
    attack Orc 1 with Greataxe; reckless            (Reckless Attack, with the first attack)

`rules.stunning` and `rules.reckless` decide what each needs; the engine plays them
(`engine.stunning`; Reckless Attack's effect before the first swing)."""

from __future__ import annotations

from lnf.engine.decisions import ActionChoice, AttackChoice
from lnf.errors import Refused
from lnf.model import Fight, Hero
from lnf.rules.reckless import RECKLESS_ATTACK, verify_reckless
from lnf.rules.stunning import STUNNING_STRIKE, verify_stun
from lnf.values import replace

STUN, RECKLESS = "stun", "reckless"
BLOW_VERBS = {"stun": STUN, "stunning": STUN, "reckless": RECKLESS, "recklessly": RECKLESS}
_MORE = {STUN: ("", "strike"), RECKLESS: ("", "attack")}  # "stunning strike", "reckless attack"
_NAMES = {STUN: STUNNING_STRIKE, RECKLESS: RECKLESS_ATTACK}


def blow_said(verb: str, rest: str, said: frozenset[str]) -> frozenset[str]:
    """`stun` (`stunning strike`) or `reckless` (`reckless attack`), each said once a turn."""
    word = BLOW_VERBS[verb]
    if rest.lower() not in _MORE[word]:
        raise Refused(f"lnf reads {_NAMES[word]} as `{word}`, not '{verb} {rest}'", "F2")
    if word in said:
        raise Refused(f"{_NAMES[word]} is said once a turn", "F2")
    return said | {word}


def with_blows(
    fight: Fight,
    name: str,
    said: frozenset[str],
    action: ActionChoice | None,
    bonus: ActionChoice | None,
) -> tuple[ActionChoice | None, ActionChoice | None]:
    """The turn's action and bonus action with what was said of their blows."""
    hero = fight.hero(name)
    if STUN in said:
        action, bonus = _stun_blows(hero, action, bonus)
    if RECKLESS in said:
        first = action if isinstance(action, AttackChoice) else None
        verify_reckless(fight, hero, first.attack if first else None, first.mode if first else None)
        action = replace(first, reckless=True) if first is not None else action
    return action, bonus


def _stun_blows(
    hero: Hero, action: ActionChoice | None, bonus: ActionChoice | None
) -> tuple[ActionChoice | None, ActionChoice | None]:
    """Stunning Strike on the mêlée weapon blows of the action and the bonus action; refused
    when neither is one (`rules.stunning.verify_stun`)."""
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
