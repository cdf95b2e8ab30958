"""B6 (1): what an attack roll or a save is expected to deal to one hero: each d20 face's
chance (advantage, disadvantage, natural 1 and 20), critical dice, a save's fail chance and half
on a success, riders through their saves, the hero's resistances, vulnerabilities and
immunities (D6). Exact fractions, for the plan's tie-break in whole hundredths."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import lru_cache

from lnf.dice import DamageType, Dice, DiceExpr, Part
from lnf.model import Ability, Attack, Combatant, Condition, Hero
from lnf.model.plan import Advantage, Mode
from lnf.rules.conditions import fails_str_dex, save_disadvantage
from lnf.rules.damage import defence_factor

_HELPLESS = frozenset({Condition.PARALYZED, Condition.UNCONSCIOUS})
# B6: what a condition imposed on a hero is worth, as a share of its hit points now: the hero
# policy's shares (docs/policy.md: paralysed or unconscious as good as dropped, restrained a
# half, outlined 0.4), the other conditions by what they take from a hero in a fight without
# a map (docs/choices.md B6). A hero holding the condition already is worth nothing more.
CONDITION_WORTH = {
    Condition.PARALYZED: Fraction(1),
    Condition.UNCONSCIOUS: Fraction(1),
    Condition.STUNNED: Fraction(1),
    Condition.BANISHED: Fraction(1),  # out of the fight while its caster concentrates (F7)
    Condition.PETRIFIED: Fraction(1),
    Condition.INCAPACITATED: Fraction(1, 2),  # a turn or so lost (Command's Grovel)
    Condition.CONFUSED: Fraction(1, 2),  # 8 turns in 10 lost or turned on anyone (F7)
    Condition.INDIFFERENT: Fraction(1, 4),  # it attacks none of the caster's side (F7)
    Condition.WEAKENED: Fraction(1, 4),  # Weakening Breath (docs/riders.md)
    Condition.CURSED: Fraction(1, 4),  # disadvantage against the caster, as weakened (F7)
    Condition.ENFEEBLED: Fraction(1, 4),  # half its Strength weapons' damage (F7)
    Condition.REDUCED: Fraction(1, 4),  # 1d4 less a weapon hit, weak Strength (F7)
    Condition.SLOWED: Fraction(1, 4),  # Slowing Breath, Slow (docs/riders.md)
    Condition.RESTRAINED: Fraction(1, 2),
    Condition.BLINDED: Fraction(1, 2),
    Condition.OUTLINED: Fraction(2, 5),
    Condition.FRIGHTENED: Fraction(1, 4),
    Condition.POISONED: Fraction(1, 4),
    Condition.CHARMED: Fraction(1, 4),
    Condition.GRAPPLED: Fraction(1, 10),
    Condition.INTOXICATED: Fraction(1, 10),  # F6: worse Wisdom saves and checks (the lamia's)
    Condition.HAMPERED: Fraction(1, 10),  # F6: worse Strength saves and checks (a tendril's)
    Condition.PRONE: Fraction(1, 10),
}
# B6: a point of AC a hero's armor loses for the rest of the fight (F6: the rust monster's
# Antennae, an ooze's corroding pseudopod) is worth a tenth of its hit points, as prone or
# grappled: one d20 face more for every later attack at it (docs/choices.md B6).
ARMOR_POINT_WORTH = Fraction(1, 10)


def dice_mean(expr: DiceExpr, hero: Combatant, *, magic: bool = False) -> tuple[Fraction, Fraction]:
    """D6 on the averages: the mean damage after resistance (½), vulnerability (×2) and
    immunity (0), and the mean of its dice alone (what a critical hit adds); `magic`: a
    magical attack's (`damage.magical`), which a defence from nonmagical attacks lets through.
    Remembered by the identities of the dice and the hero (values never change; each held
    beside its answer, so its id is not reused): B6 prices a weapon at a hero from each rank
    and mode, and its key by value hashes deep."""
    key = (id(expr), id(hero), magic)
    seen = _seen.get(key) if MEANS_KEPT else None
    if seen is not None and seen[0] is expr and seen[1] is hero:
        return seen[2]
    kinds = {p.damage_type for p in expr.parts if p.damage_type is not None}
    factors = tuple((k, defence_factor(hero, k, magic=magic)) for k in sorted(kinds))
    found = _mean(expr, factors)
    if len(_seen) >= MEANS_KEPT:
        _seen.clear()
    _seen[key] = (expr, hero, found)
    return found


_ZERO = Fraction(0)
MEANS_KEPT = 4096  # `dice_mean`'s answers remembered by identity (0: none)
_seen: dict[tuple[int, int, bool], tuple[DiceExpr, Combatant, tuple[Fraction, Fraction]]] = {}


@lru_cache(maxsize=4096)
def _mean(
    expr: DiceExpr, factors: tuple[tuple[DamageType, Fraction], ...]
) -> tuple[Fraction, Fraction]:
    """`dice_mean` for damage types that cost these factors (remembered: the plan asks for
    the same weapons against the same heroes again and again)."""
    cost = dict(factors)
    total = dice = Fraction(0)
    for part in expr.parts:
        factor = cost.get(part.damage_type, Fraction(1)) if part.damage_type else Fraction(1)
        if not factor:
            continue
        doubled = sum(t.count * (t.sides + 1) * t.sign for t in part.terms if isinstance(t, Dice))
        flat = sum(t.value for t in part.terms if not isinstance(t, Dice))
        dice += factor * doubled / 2
        total += factor * (doubled + 2 * flat) / 2
    return max(total, Fraction(0)), max(dice, Fraction(0))


def _weights(roll: Advantage) -> tuple[int, ...]:
    """D4: each kept d20 face's (1…20) chance in 400ths, with advantage, disadvantage or
    neither."""
    if roll is Advantage.ADVANTAGE:
        return tuple(2 * f - 1 for f in range(1, 21))
    if roll is Advantage.DISADVANTAGE:
        return tuple(41 - 2 * f for f in range(1, 21))
    return (20,) * 20


# D3–D5: per roll, the 400ths of faces 2…19 from each face on (index: the lowest that hits,
# 2…20; 20: none between), and a natural 20's: `_chances` reads them, worked out once
_HITS = {
    roll: (tuple(sum(_weights(roll)[f - 1 : 19]) for f in range(21)), _weights(roll)[19])
    for roll in Advantage
}


def natural_20(roll: Advantage) -> Fraction:
    """D3, D4: the chance the d20s `roll` keeps show a natural 20 (a critical hit, D5)."""
    return Fraction(_HITS[roll][1], 400)


def save_fails(hero: Hero, save: tuple[Ability, int]) -> Fraction:
    """F3, D3: the chance `hero` fails a save (its bonus, +0 when not listed): a d20 plus the
    bonus below the DC; paralysed, stunned, unconscious or downed heroes fail Strength and
    Dexterity saves; restrained ones roll Dexterity saves with disadvantage."""
    ability, dc = save
    if ability in (Ability.STR, Ability.DEX) and fails_str_dex(hero):
        return Fraction(1)
    passing = min(20, max(0, 21 + hero.save_bonus(ability) - dc))  # faces that pass, of 20
    if save_disadvantage(hero, ability):  # both dice pass: 1 − (k/20)², in whole numbers
        return Fraction(400 - passing * passing, 400)
    return Fraction(20 - passing, 20)


def saved(mean: Fraction, save: tuple[Ability, int] | None, half: bool, hero: Hero) -> Fraction:
    """B6: a save's fail chance × the mean, plus its success chance × half of it."""
    if save is None:
        return mean
    fail = save_fails(hero, save)
    # fail·mean + (1 − fail)·mean/2 = mean·(1 + fail)/2, made one fraction from whole numbers
    a, b, p, q = mean.numerator, mean.denominator, fail.numerator, fail.denominator
    return Fraction(a * (q + p), 2 * b * q) if half else Fraction(a * p, b * q)


def condition_worth(conditions: Iterable[Condition], hero: Hero) -> Fraction:
    """B6: the conditions a failed save or a hit imposes, worth their `CONDITION_WORTH` share
    of the hero's hit points now, the largest share of those it does not hold already."""
    shares = [CONDITION_WORTH.get(c, Fraction(0)) for c in conditions if c not in hero.conditions]
    return max(shares, default=Fraction(0)) * hero.current_hp


def riders_mean(
    attack: Attack, hero: Hero, magic: bool = False, roll: Advantage = Advantage.NORMAL
) -> Fraction:
    """F6, B6: what a landed attack's riders add: their mean damage (a save's half as half)
    and the worth of the conditions they impose, each through its own save; a rider to the
    head (the cloaker's) only with advantage on the `roll`."""
    if not attack.riders:
        return _ZERO
    out = Fraction(0)
    for rider in attack.riders:
        if rider.head and roll is not Advantage.ADVANTAGE:
            continue
        if rider.damage is not None:
            mean, _ = dice_mean(_typed(rider.damage, rider.damage_type), hero, magic=magic)
            out += saved(mean, rider.save, rider.half, hero)
        if rider.drops:  # F6: "or drop to 0 hit points": all its hit points now
            out += saved(Fraction(hero.current_hp + hero.temp_hp), rider.save, False, hero)
        if rider.armor and hero.ac > 10:  # F6: corroded armor, to AC 10 at most
            points = min(-rider.armor, hero.ac - 10)
            out += saved(ARMOR_POINT_WORTH * points * hero.current_hp, rider.save, False, hero)
        if rider.conditions and not rider.at_zero:  # F6: a hero at 0 is worth no more down
            worth = condition_worth(rider.conditions, hero)
            out += saved(worth, rider.save, False, hero)
    return out


def _typed(expr: DiceExpr, kind: DamageType | None) -> DiceExpr:
    """A rider's dice with its damage type where the dice name none."""
    if kind is None:
        return expr
    return DiceExpr(tuple(Part(p.terms, p.damage_type or kind) for p in expr.parts))


def attack_mean(
    attack: Attack,
    hero: Hero,
    roll: Advantage,
    mode: Mode,
    *,
    magic: bool = False,
    critical: bool = False,
) -> Fraction:
    """B6 (1) for one attack roll: each d20 face's chance × what it deals against the hero's
    AC (10 when the file gives none): a natural 1 misses, a natural 20 hits with the dice
    doubled, as does any hit in mêlée on a paralysed, unconscious or downed hero, and any hit
    at all when `critical` (B8 Assassinate on a surprised hero); riders through their saves.
    `attack` deals the damage it deals as used now (`rules.attacks.used_damage`: thrown, a
    swarm at half its hit points)."""
    mean, dice = dice_mean(attack.damage, hero, magic=magic)
    extra = riders_mean(attack, hero, magic, roll)
    plain, crits = _chances(attack, hero, roll, mode, critical)
    # (plain × (mean + extra) + crits × (mean + more + extra)) / 400, where `more` is D5's
    # dice once more (the balor's twice more): as (plain + crits) × landed + crits × more
    # over 400, made one fraction from whole numbers (each step of Fraction's arithmetic
    # makes a new value and a gcd, and B6 prices every order of a plan)
    landed = mean + extra if extra else mean
    a, b = landed.numerator, landed.denominator
    c, d = dice.numerator * (attack.crit_times - 1), dice.denominator
    return Fraction((plain + crits) * a * d + crits * c * b, 400 * b * d)


def _chances(
    attack: Attack, hero: Hero, roll: Advantage, mode: Mode, critical: bool
) -> tuple[int, int]:
    """D3–D5: an attack's chance, in 400ths, to hit without a critical and to hit critically."""
    helpless = bool(hero.conditions & _HELPLESS) or hero.current_hp == 0
    always_crit = (mode is Mode.MELEE and helpless) or critical
    # a natural 1 misses, a natural 20 hits; between, the faces from AC − to-hit on
    between, natural = _HITS[roll]
    hits = between[min(20, max(2, hero.ac - attack.to_hit))]
    crits = natural + (hits if always_crit else 0)
    return (0 if always_crit else hits), crits


def first_hit_mean(
    attacks: tuple[Attack, ...],
    extra: DiceExpr,
    hero: Hero,
    roll: Advantage,
    mode: Mode,
    *,
    magic: bool = False,
    critical: bool = False,
) -> Fraction:
    """B6 (1) for extra dice dealt once, on the first of `attacks` that hits (B8 Surprise
    Attack): for each attack, the chance every one before it missed × its chance to hit ×
    the dice's mean (of the weapon's damage type), their dice doubled on a critical hit."""
    out, missed = Fraction(0), Fraction(1)
    for attack in attacks:
        kind = attack.damage.parts[0].damage_type if attack.damage.parts else None
        mean, dice = dice_mean(_typed(extra, kind), hero, magic=magic)
        plain, crits = _chances(attack, hero, roll, mode, critical)
        out += missed * (plain * mean + crits * (mean + dice)) / 400
        missed *= 1 - Fraction(plain + crits, 400)
    return out


def hundredths(value: Fraction) -> int:
    """B6: expected damage in whole hundredths, rounded half up: ⌊100·n/d + ½⌋, as
    ⌊(200·n + d) / 2d⌋ in whole numbers."""
    n, d = value.numerator, value.denominator
    return (200 * n + d) // (2 * d)
