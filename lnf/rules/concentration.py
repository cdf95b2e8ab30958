"""F5, concentration: who is concentrating, the save a damage asks for, and what ends it.

A hero concentrating carries a wanted C dot (T1). **Decision (F5):** a wanted C dot written in a
fight file or marked without a cause is concentration, the usual case: damage asks for the
save, and its end takes the dot.
"""

from __future__ import annotations

from fractions import Fraction

from lnf.model import Attack, CDot, Effect, Fight, Hero, Monster
from lnf.rules.expected import CONDITION_WORTH
from lnf.rules.roster import in_fight, incapacitated

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_WANTED = CDot.WANTED


def concentration_of(fight: Fight, who: str) -> Effect | None:
    """The concentration effect `who` keeps up, if one was begun (a spell, a mark)."""
    for e in fight.effects:  # a loop, not next() over a generator: asked after every step
        if e.who == who and e.concentration:
            return e
    return None


def concentrating(fight: Fight, c: Hero | Monster) -> bool:
    """F5: `c` is concentrating: on an effect lnf knows, or (a hero) with a wanted C dot."""
    if concentration_of(fight, c.name) is not None:
        return True
    return isinstance(c, Hero) and c.c_dot is _WANTED


def save_dc(damage: int) -> int:
    """F5: DC 10 or half the damage (rounded down), whichever is higher."""
    return max(10, damage // 2)


def broken(fight: Fight, c: Hero | Monster) -> str:
    """Why `c`'s concentration ends without a save (F5): it dropped to 0 hit points or is
    incapacitated; "" while it holds."""
    if not concentrating(fight, c):
        return ""
    if c.escaped:  # C6: it got away (C1: by magic, too)
        return "it left the fight"
    if c.current_hp == 0 or not in_fight(c):
        return "it dropped to 0 hit points"
    if incapacitated(c):
        return "it is incapacitated"
    return ""


def lasting_on(fight: Fight, who: str) -> list[Effect]:
    """The effects that last while `who` concentrates (its own concentration first)."""
    own = [e for e in fight.effects if e.who == who and e.concentration]
    return own + [e for e in fight.effects if e.lasting.concentration == who and e not in own]


def given_up(fight: Fight, caster: Hero | Monster, spell: Attack) -> Fraction:
    """F5, B6: a concentration spell cast while concentrating ends what the old one holds:
    the worth of the conditions it keeps on the caster's foes (a hero held by the monster's
    Hold Person), so a monster does not free one hero to hold another for less."""
    if not spell.concentration or concentration_of(fight, caster.name) is None:
        return Fraction(0)
    lost = Fraction(0)
    for e in lasting_on(fight, caster.name):
        foe = fight.combatant(e.who) if e.who in fight else None
        if e.condition is not None and foe is not None and foe.side is not caster.side:
            lost += CONDITION_WORTH.get(e.condition, Fraction(0)) * foe.current_hp
    return lost
