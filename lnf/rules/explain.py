"""P5: why a hero cannot be attacked at all, mode by mode, from the rules alone.

What the solver adds (a rule such as R6 or K2 that forbids the plan that would reach the
hero, or heroes earlier in the target order taking the attackers) is in `lnf.solver.explain`.
"""

from __future__ import annotations

from lnf.model import BackReason, Fight, Hero, Monster, Rank
from lnf.model.plan import Mode
from lnf.rules.attacks import has_melee, mode_needs, plan_targets, unseen
from lnf.rules.moves import can_act, destinations, final_spot, rank_options
from lnf.rules.roster import monsters

Reason = tuple[str, str]  # (rule id, text)


def can_ever_attack(fight: Fight, monster: Monster, hero: Hero, mode: Mode) -> bool:
    """Ignoring R6 and K2: could `monster` end this round attacking `hero` with `mode`?"""
    need = mode_needs(fight, monster, hero, mode)
    if need is None:
        return False
    spots = {final_spot(fight, monster.name, mv) for mv in destinations(fight, monster)}
    return bool(need.met_by(spots, rank_options(monster)))


def possible_attackers(fight: Fight, hero: Hero) -> list[Monster]:
    return [
        m
        for m in monsters(fight)
        if can_act(fight, m) and any(can_ever_attack(fight, m, hero, mode) for mode in Mode)
    ]


def blocked_modes(fight: Fight, hero: Hero) -> list[Reason]:
    """For each mode no monster can use against `hero`, the rule that stops it."""
    if hero not in plan_targets(fight):
        return [("A4", "downed, and the house rule downed-ignored applies")]
    if unseen(hero):
        return [("R4", "hidden: no monster can pick it as a target")]
    acting = [m for m in monsters(fight) if can_act(fight, m)]
    if not acting:
        return [("P1", "no monster is able to act")]
    reasons: list[Reason] = []
    if not any(can_ever_attack(fight, m, hero, Mode.MELEE) for m in acting):
        reasons.append(_melee_block(fight, hero, acting))
    if not any(can_ever_attack(fight, m, hero, Mode.REACH) for m in acting):
        reasons.append(("A2", f"no monster out-reaches its {hero.longest_reach} ft"))
    if not any(can_ever_attack(fight, m, hero, Mode.RANGED) for m in acting):
        reasons.append(("A3", "no monster has a ranged attack"))
    return reasons


def _melee_block(fight: Fight, hero: Hero, acting: list[Monster]) -> Reason:
    if hero.rank is Rank.BACK:
        if hero.why is BackReason.GUARDED:
            return ("R3", "guarded in the back rank, out of mêlée reach")
        return ("R3", "in the back rank, out of mêlée reach")
    if hero.rank is Rank.FREE_AIR:
        return ("R7", "in free air, and no monster can fly up to it")
    if not any(has_melee(m) for m in acting):
        return ("A1", "no monster has a mêlée attack")
    return ("M2", "no monster is fast enough to reach it this round")
