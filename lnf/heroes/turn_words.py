"""F2: a cleric's `turn undead` at the table and in the hero policy: Channel Divinity: Turn
Undead as a choice the engine plays (`rules.turning` decides who is caught and how)."""

from __future__ import annotations

from lnf.engine.decisions import SpellChoice
from lnf.errors import Refused
from lnf.model import Fight, Hero
from lnf.rules.legal import can_reach_with_spell
from lnf.rules.resources import tracked, verify_use
from lnf.rules.turning import CHANNEL_DIVINITY, channels, turn_attack, turn_candidates

Spend = list[tuple[str, int]]
AREA = "each undead within 30 ft that sees or hears the cleric"


def turned_at(fight: Fight, hero: Hero) -> tuple[str, ...]:
    """F2, B4: the undead Turn Undead catches now: every one in the fight that sees or hears
    the cleric and that 30 ft reaches (on the grid anyone; in a volley round only at n = 1, in a
    chase only at 0 escape points: a thrown weapon's reach)."""
    if not channels(hero):
        return ()
    attack = turn_attack(hero)
    return tuple(
        m.name for m in turn_candidates(fight) if can_reach_with_spell(fight, hero, attack, m)
    )


def turn_choice(fight: Fight, hero: Hero, spend: Spend) -> SpellChoice:
    """`turn undead`: the cleric's action and a use of Channel Divinity (F2)."""
    if not channels(hero):
        raise Refused(f"{hero.name} is no cleric of the 2nd level or higher: no Turn Undead", "F2")
    if hero.resource(CHANNEL_DIVINITY) is None and not tracked(hero):
        raise Refused(f"{hero.name}'s sheet has no {CHANNEL_DIVINITY}", "F2")
    caught = turned_at(fight, hero)
    if not caught:
        raise Refused("no undead within 30 feet sees or hears the cleric: Turn Undead", "F2")
    name = verify_use(hero, CHANNEL_DIVINITY)
    spend.append((name or CHANNEL_DIVINITY, 1))
    return SpellChoice(turn_attack(hero), caught, (), "", AREA)
