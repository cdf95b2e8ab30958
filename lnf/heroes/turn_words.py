"""F2: a cleric's `turn undead` and a paladin's `turn the unholy` at the table and in the hero
policy: a turning of Channel Divinity as a choice the engine plays (`rules.turning` decides how
it is read, `rules.legal.turned_at` whom it catches)."""

from __future__ import annotations

from lnf.engine.decisions import SpellChoice
from lnf.errors import Refused
from lnf.model import Fight, Hero
from lnf.rules.legal import turned_at
from lnf.rules.resources import verify_use
from lnf.rules.turning import CHANNEL_DIVINITY, TURN_THE_UNHOLY, TURN_UNDEAD, turn_attack, turning

Spend = list[tuple[str, int]]
WHOM = {
    TURN_UNDEAD: "each undead within 30 ft that sees or hears the cleric",
    TURN_THE_UNHOLY: "each fiend or undead within 30 ft that sees or hears the paladin",
}
WHO_HAS = {
    TURN_UNDEAD: "a cleric's from the 2nd level",
    TURN_THE_UNHOLY: "a paladin's of the Oath of Devotion from the 3rd level",
}


def turn_choice(fight: Fight, hero: Hero, spend: Spend, said: str = "") -> SpellChoice:
    """`turn undead` (a cleric) or `turn the unholy` (a paladin), `said` by its name or left
    to the hero's own: its action and a use of Channel Divinity (F2)."""
    own = turning(hero)
    meant = said or own or TURN_UNDEAD
    if own != meant:
        has = f"; {hero.name} has {own}: say {own.lower()}" if own else ""
        raise Refused(f"{hero.name} has no {meant} ({WHO_HAS[meant]}){has}", "F2")
    if hero.resource(CHANNEL_DIVINITY) is None:
        raise Refused(f"{hero.name}'s sheet has no {CHANNEL_DIVINITY}", "F2")
    name = verify_use(hero, CHANNEL_DIVINITY)
    attack = turn_attack(hero)  # refused without a DC
    caught = turned_at(fight, hero)
    if not caught:
        foes = "fiend or undead" if own == TURN_THE_UNHOLY else "undead"
        raise Refused(f"no {foes} within 30 feet sees or hears {hero.name}: {own}", "F2")
    spend.append((name or CHANNEL_DIVINITY, 1))
    return SpellChoice(attack, caught, (), "", WHOM[own])
