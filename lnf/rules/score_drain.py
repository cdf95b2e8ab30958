"""F6: a hero's Strength score drained by a hit (the shadow's Strength Drain: "the target's
Strength score is reduced by 1d4. The target dies if this reduces its Strength to 0.
Otherwise, the reduction lasts until the target finishes a short or long rest"): what is lost
is the sum of its effects "Strength drained by N", each an affliction past the fight."""

from __future__ import annotations

import re

from lnf.model import Ability, Fight, Hero, Monster

DRAINED = "Strength drained by"
_DRAINED = re.compile(rf"^{DRAINED} (\d+)\b")
AVERAGE = 10  # 5e's average score: a hero whose file gives no Strength (no sheet's `scores`)


def strength_score(hero: Hero) -> int:
    """The hero's Strength score: its sheet's, else 10. Decision: a fight file that gives the
    figures but no scores says nothing of Strength, and 10 is 5e's average."""
    return dict(hero.scores).get(Ability.STR, AVERAGE)


def strength_lost(fight: Fight, who: str) -> int:
    """What `who`'s Strength has lost so far, by its effects."""
    found = (_DRAINED.match(e.what) for e in fight.effects if e.who == who)
    return sum(int(m[1]) for m in found if m)


def strength_save_change(fight: Fight, target: Hero | Monster, ability: Ability) -> int:
    """The change to a hero's Strength saves from its drained score (the modifier of the score
    left less the modifier of its own); 0 for other saves and for monsters. lnf's heroes'
    attack rolls are the file's figures, so their Strength part is the DM's to lower."""
    if ability is not Ability.STR or not isinstance(target, Hero):
        return 0
    lost = strength_lost(fight, target.name)
    if not lost:
        return 0
    score = strength_score(target)
    return (max(score - lost, 0) - 10) // 2 - (score - 10) // 2
