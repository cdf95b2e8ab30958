"""Small rules from the dice text (core-d20 V-D20), a switch a fight file turns on
(`variants: [d20]`): favor (V-D20-1), the d4 bonus and penalty (V-D20-2), bonus types
(V-D20-3), a minimum of 1 damage (V-D20-4), natural 20s and 1s on saves and checks (V-D20-5).
Each rule is decided here once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from lnf.dice import DamageType
from lnf.dice.roll import D20Roll
from lnf.model import Combatant, Fight, Variant

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_D20 = Variant.D20

# V-D20-2: effects the file names that add (+1) or take (−1) a d4, and to which rolls.
D4_EFFECTS = {
    "bless": (1, ("attack", "save")),
    "bane": (-1, ("attack", "save")),
    "guidance": (1, ("check",)),
}


def d20_variant(fight: Fight) -> bool:
    return _D20 in fight.variants


def favored(total: int, dc: int, favor: bool) -> bool:
    """V-D20-1: a roll made with favor that misses by exactly 1 succeeds."""
    return favor and total == dc - 1


def d4_signs(c: Combatant, roll: str) -> tuple[int, ...]:
    """V-D20-2: the d4s a roll of kind `roll` ("attack", "save", "check") gets from the
    effects on the combatant, +1 for a bonus, −1 for a penalty; rolled once (not for each d20
    of advantage)."""
    out = []
    for effect in c.effects:
        sign, rolls = D4_EFFECTS.get(effect.strip().lower(), (0, ()))
        if roll in rolls:
            out.append(sign)
    return tuple(out)


def stacked(bonuses: Iterable[tuple[str, int]]) -> int:
    """V-D20-3: of competence bonuses only the largest counts, of circumstance bonuses only
    the largest; penalties always stack."""
    best: dict[str, int] = {}
    penalties = 0
    for kind, amount in bonuses:
        if kind == "penalty":
            penalties += amount
        else:
            best[kind] = max(best.get(kind, 0), amount)
    return sum(best.values()) + penalties


def at_least_one(target: Combatant, by_type: Mapping[DamageType | None, int], amount: int) -> int:
    """V-D20-4: damage that gets through (after resistance) is at least 1, replacing D6's
    floor of 0; damage the target is immune to, or that DR stopped, gets nowhere."""
    through = any(n > 0 and kind not in target.immune for kind, n in by_type.items())
    return max(amount, 1) if through else amount


def rolled_at_least_one(by_type: Mapping[DamageType | None, int]) -> dict[DamageType | None, int]:
    """V-D20-4: a damage roll (dice and modifiers) is at least 1 before anything else (DR,
    resistance, immunity) is applied: a 1d4 − 2 that comes to 0 deals 1 of its type."""
    out = dict(by_type)
    if out and sum(out.values()) < 1:
        first = next(iter(out))
        out[first] = 1 - sum(v for k, v in out.items() if k != first)
    return out


def passes(fight: Fight, d20: D20Roll, total: int, dc: int) -> bool:
    """A saving throw or an ability check that is not a skill check against its DC. V-D20-5:
    under the d20 variant a natural 20 succeeds and a natural 1 fails, as D3 has it for
    attacks; else the total decides (5e: no natural 20 or 1 on a save)."""
    if d20_variant(fight) and d20.natural_20:
        return True
    if d20_variant(fight) and d20.natural_1:
        return False
    return total >= dc
