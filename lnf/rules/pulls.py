"""F6, pulled without a map (docs/riders.md, "F6, pulled"): "be pulled up to 25 feet toward the
balor" (a failed save), "… up to 20 feet toward the merrow" (a lost Strength contest). Without
a map, toward its attacker is into its attacker's group: the one pulled leaves its own group
(forced movement: no opportunity attacks, M6) and joins the attacker's, or forms a new group
with an unengaged attacker (M5); the feet are always enough.
"""

from __future__ import annotations

from lnf.model import Ability, Fight, Hero, Monster, PhaseKind
from lnf.rules.roster import held, in_fight


def pulled_to(fight: Fight, attacker: str, target: str) -> str | None:
    """F6: where a pull takes `target`: its attacker's group's label, or the attacker's name
    (a new group of the two); None when the pull moves nothing — the two are in one group
    already, the target is held fast (grappled or restrained: it cannot be moved, M4), there are
    no groups yet (V3), or either is out of the fight."""
    if fight.phase.kind is not PhaseKind.MELEE:
        return None
    a, t = fight.combatant(attacker), fight.combatant(target)
    if not (in_fight(a) and in_fight(t)) or held(t):
        return None
    mine, theirs = fight.group_of(attacker), fight.group_of(target)
    if mine is not None and theirs is not None and mine.label == theirs.label:
        return None
    return mine.label if mine is not None else attacker


def reeled_to(fight: Fight, attacker: str, target: str) -> str | None:
    """F6, Reel: where the one `attacker` grapples is pulled (`pulled_to`'s answer), though it
    is held: the hold that moves it is its attacker's own; None when another holds it too."""
    t = fight.combatant(target)
    others = [e for e in fight.effects if e.attack and e.who == target and e.by != attacker]
    if others or not in_fight(t) or fight.phase.kind is not PhaseKind.MELEE:
        return None
    mine, theirs = fight.group_of(attacker), fight.group_of(target)
    if mine is not None and theirs is not None and mine.label == theirs.label:
        return None
    return mine.label if mine is not None else attacker


def strength_contest(c: Hero | Monster) -> int:
    """F6: a Strength contest's bonus, read from the Strength save bonus (sheets hold no skills
    but Stealth, as V-ACL8's contests are read)."""
    return c.save_bonus(Ability.STR)
