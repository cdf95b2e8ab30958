"""F2, the hero policy's Bardic Inspiration (`rules.inspiration`): a bard gives its die, with
its bonus action, to the ally likeliest to roll soon — one fighting in a mêlée group before
one that is not, in the rows' order (G2) — while it has uses and an ally holds none. The ally
rolls it as the rules have it: on its first roll that misses or fails without it."""

from __future__ import annotations

from lnf.engine.decisions import BonusChoice
from lnf.errors import Refused
from lnf.model import Fight, Hero
from lnf.rules.inspiration import verify_inspire
from lnf.rules.resources import BARDIC_INSPIRATION
from lnf.rules.roster import in_fight, rows


def inspiration(fight: Fight, bard: Hero) -> BonusChoice | None:
    """The ally the bard inspires this turn; None when it has no use left or nobody to."""
    if bard.resource(BARDIC_INSPIRATION) is None:
        return None  # not a bard with a sheet lnf counts: the table's to say
    allies = [h for h in rows(fight) if h.name != bard.name and in_fight(h)]
    allies.sort(key=lambda h: fight.group_of(h.name) is None)  # engaged first; rows kept
    for ally in allies:
        try:
            verify_inspire(fight, bard, ally.name)
        except Refused:
            continue
        return BonusChoice(BARDIC_INSPIRATION, target=ally.name)
    return None
