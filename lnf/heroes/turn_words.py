"""F2: a cleric's `turn undead` at the table and in the hero policy: Channel Divinity: Turn
Undead as a choice the engine plays (`rules.turning` decides how it is read, `rules.legal.
turned_at` whom it catches)."""

from __future__ import annotations

from lnf.engine.decisions import SpellChoice
from lnf.errors import Refused
from lnf.model import Fight, Hero
from lnf.rules.legal import turned_at
from lnf.rules.resources import verify_use
from lnf.rules.turning import CHANNEL_DIVINITY, channels, turn_attack

Spend = list[tuple[str, int]]
AREA = "each undead within 30 ft that sees or hears the cleric"


def turn_choice(fight: Fight, hero: Hero, spend: Spend) -> SpellChoice:
    """`turn undead`: the cleric's action and a use of Channel Divinity (F2)."""
    if not channels(hero):
        raise Refused(f"{hero.name} is no cleric of the 2nd level or higher: no Turn Undead", "F2")
    if hero.resource(CHANNEL_DIVINITY) is None:
        raise Refused(f"{hero.name}'s sheet has no {CHANNEL_DIVINITY}", "F2")
    name = verify_use(hero, CHANNEL_DIVINITY)
    attack = turn_attack(hero)  # refused without a DC
    caught = turned_at(fight, hero)
    if not caught:
        raise Refused("no undead within 30 feet sees or hears the cleric: Turn Undead", "F2")
    spend.append((name or CHANNEL_DIVINITY, 1))
    return SpellChoice(attack, caught, (), "", AREA)
