"""A hero's healing on its turn: who it reaches (G5) and whether it does anything (D9).

Decision (G5): touch healing (Cure Wounds, Lay on Hands, a potion handed over, a healer's kit)
reaches the healer itself and those standing with it: its own mêlée group, or, for an
unengaged healer, the other unengaged heroes. Healing from afar (Healing Word, Prayer of
Healing) reaches anyone. Healing a hero at full hit points spends its slot or use for nothing,
so it is refused before anything is spent.
"""

from __future__ import annotations

from lnf.errors import Refused
from lnf.model import Fight, Hero

TOUCH = ("cure wounds", "lay on hands", "potion", "healer's kit", "goodberry")


def is_touch(by: str) -> bool:
    """Whether a healing is delivered by touch (or by hand: a potion given to another)."""
    said = by.lower()
    return any(word in said for word in TOUCH)


def verify_reaches(fight: Fight, healer: Hero, who: str, by: str) -> None:
    """G5: touch healing reaches only those standing with the healer."""
    if who == healer.name or not is_touch(by):
        return
    mine, theirs = fight.group_of(healer.name), fight.group_of(who)
    if mine == theirs:
        return  # the same group, or both unengaged
    where = f"in group {theirs.label}" if theirs is not None else "unengaged"
    mine_said = f"group {mine.label}" if mine is not None else "no group"
    raise Refused(
        f"{by} is by touch, and {who} is {where} while {healer.name} is in {mine_said}: "
        f"{healer.name} must join {who} first (or heal from afar)",
        "G5",
    )


def verify_needed(fight: Fight, who: str) -> None:
    """D9: healing a hero at full hit points would spend the slot for nothing."""
    c = fight.combatant(who)
    if isinstance(c, Hero) and not c.dead and c.current_hp >= c.hp:
        raise Refused(
            f"{who} is at full hit points ({c.current_hp}/{c.hp}): the healing would be spent "
            "for nothing",
            "D9",
        )
