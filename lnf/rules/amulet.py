"""B8: a shield guardian's amulet (SRD): "the guardian grants a +2 bonus to the wearer's AC if
the guardian is within 5 feet of the wearer" (its Shield reaction), and "If the guardian is
within 60 feet of the amulet's wearer, half of any damage the wearer takes (rounded up) is
transferred to the guardian" (Bound).

**Decision (B8):** the wearer is the fight file's (`amulet: Mage` on the guardian: the SRD
names none); without one the guardian guards nobody. Within 5 feet is the wearer's mêlée
group; 60 feet is the whole fight (no map). The Shield is taken, as a monster's Parry is, when
it turns a hit on the wearer into a miss, the guardian's reaction spent; Bound moves half the
damage the wearer takes after its defences (rounded up) to the guardian, untyped, while the
guardian stands."""

from __future__ import annotations

from lnf.model import Fight, Flag, Guard, Hero, Monster
from lnf.rules.roster import amulet_wearers, in_fight
from lnf.values import replace

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_BOUND = Flag.BOUND


def guardians(fight: Fight, wearer: str) -> tuple[Monster, ...]:
    """The monsters standing in the fight whose amulet `wearer` wears (asked of every hit:
    most fights have no amulet, so first whether anyone wears one, once per state)."""
    if wearer not in amulet_wearers(fight):
        return ()
    return tuple(
        m for m in fight.monsters if m.amulet == wearer and in_fight(m) and m.name != wearer
    )


def amulet_guard(fight: Fight, target: Hero | Monster, ready: frozenset[str]) -> Guard | None:
    """The Shield a guardian beside `target` (its mêlée group) gives it, the guardian's
    reaction unspent (`ready`: who may still react); None for none."""
    group = fight.group_of(target.name)
    for m in guardians(fight, target.name):
        if group is None or m.name not in group.members or m.name not in ready:
            continue
        for g in m.guards:
            if g.wearer:
                return replace(g, name=f"{m.name}'s Shield", by=m.name)
    return None


def bound_share(fight: Fight, wearer: str, amount: int) -> tuple[Monster, int] | None:
    """Bound: the guardian that takes half of `amount` (rounded up) of its wearer's damage,
    and that half; None when none is bound to `wearer`."""
    bound = next((m for m in guardians(fight, wearer) if _BOUND in m.flags), None)
    return (bound, (amount + 1) // 2) if bound is not None and amount > 0 else None
