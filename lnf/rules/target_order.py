"""T2: reading the target order off the hero rows, with the A4 house rules."""

from __future__ import annotations

from lnf.model import CDot, Fight, Hero, HouseRule
from lnf.rules.roster import downed, has_n_dot, in_fight, rows


def _no_dot(hero: Hero) -> bool:
    return hero.c_dot is None and not hero.o_dot and not has_n_dot(hero)


def target_order(fight: Fight) -> tuple[Hero, ...]:
    """T2: wanted C top-down, O bottom-up, N top-down, no dot top-down, avoided C top-down.

    A hero is listed once, at its first matching step; dead heroes are not targets. With the A4
    switches `downed-last` or `downed-ignored`, downed heroes go to the bottom (under
    `downed-ignored` the plan also leaves them alone while any hero stands).
    """
    top_down = [h for h in rows(fight) if in_fight(h)]
    steps = (
        [h for h in top_down if h.c_dot is CDot.WANTED],
        [h for h in reversed(top_down) if h.o_dot],
        [h for h in top_down if has_n_dot(h)],
        [h for h in top_down if _no_dot(h)],
        [h for h in top_down if h.c_dot is CDot.AVOIDED],
    )
    order: list[Hero] = []
    listed: set[str] = set()
    for step in steps:
        for hero in step:
            if hero.name not in listed:
                listed.add(hero.name)
                order.append(hero)
    if fight.house_rules & {HouseRule.DOWNED_LAST, HouseRule.DOWNED_IGNORED}:
        order = [h for h in order if not downed(h)] + [h for h in order if downed(h)]
    return tuple(order)
