"""B8: the monsters' traits that change the damage they take, one decider each: Absorption
(Lightning, Fire, Acid: healed instead of hurt) and Relentless (at 1 hit point instead of 0,
once a fight). Each decider quotes the SRD text it plays."""

from __future__ import annotations

from collections.abc import Mapping

from lnf.dice import DamageType
from lnf.model import Flag, Hero, Monster, TraitKind


def absorbs(
    target: Hero | Monster, by_type: Mapping[DamageType | None, int]
) -> dict[DamageType, int]:
    """Lightning Absorption and the like (SRD: "Whenever the golem is subjected to lightning
    damage, it takes no damage and instead regains a number of hit points equal to the
    lightning damage dealt"): of `by_type`, what the target absorbs, by type. It comes before
    its immunities (the flesh golem is immune to lightning too), so it always heals."""
    if not isinstance(target, Monster):
        return {}
    types = {
        t for trait in target.traits if trait.kind is TraitKind.ABSORPTION for t in trait.stopped_by
    }
    return {k: v for k, v in by_type.items() if k in types and v > 0}


def relentless(target: Hero | Monster, amount: int) -> bool:
    """Relentless (SRD: "If the boar takes 7 damage or less that would reduce it to 0 hit
    points, it is reduced to 1 hit point instead", recharging after a rest: once a fight):
    whether `amount` (after its defences), which drops it, leaves it at 1 hit point instead."""
    if not isinstance(target, Monster) or target.has(Flag.RELENTLESS):
        return False
    trait = target.trait(TraitKind.RELENTLESS)
    return trait is not None and 0 < target.current_hp + target.temp_hp <= amount <= trait.hp
