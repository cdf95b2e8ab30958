"""B6's expected damage in whole numbers where it made Fractions step by step
(`rules.expected`): an attack roll's mean (`attack_mean`, D3–D5: the faces that hit read off
a table), a save's fail chance (`save_fails`, F3) and what it deals (`saved`), the rounding to
hundredths, and `dice_mean` remembered by identity (D6): each the same Fraction as the way
before, kept here as the slow way."""

from __future__ import annotations

import math
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from lnf.dice import DamageType, parse
from lnf.model import Ability, Attack, Condition, Hero, Rider, Trait, TraitKind
from lnf.model.plan import Advantage, Mode
from lnf.rules import expected
from lnf.rules.conditions import fails_str_dex, save_disadvantage
from lnf.rules.expected import (
    _HELPLESS,
    attack_mean,
    dice_mean,
    hundredths,
    riders_mean,
    save_fails,
    saved,
)
from lnf.values import replace
from tests.builders import monster
from tests.strategies import ACTIONS, LONG, MELEE, SHOOT, plan_heroes

RIDERS = (
    (),
    (Rider(damage=parse("2d6"), damage_type=None, save=(Ability.CON, 12), half=True),),
    (Rider(conditions=(Condition.PRONE,), save=(Ability.STR, 14)),),
)


@st.composite
def attacks(draw: st.DrawFn) -> Attack:
    attack = draw(st.sampled_from([MELEE, LONG, SHOOT, *ACTIONS]))
    return replace(
        attack,
        to_hit=draw(st.integers(-3, 14)),
        crit_times=draw(st.sampled_from([2, 2, 3, 1])),
        riders=draw(st.sampled_from(RIDERS)),
    )


@st.composite
def heroes(draw: st.DrawFn) -> Hero:
    hero = draw(plan_heroes("H1", defences=True))
    return replace(
        hero,
        ac=draw(st.integers(5, 30)),
        conditions=draw(
            st.sampled_from(
                [frozenset(), frozenset({Condition.PARALYZED}), frozenset({Condition.RESTRAINED})]
            )
        ),
    )


def _slow_chances(
    attack: Attack, hero: Hero, roll: Advantage, mode: Mode, critical: bool
) -> tuple[int, int]:
    helpless = bool(hero.conditions & _HELPLESS) or hero.current_hp == 0
    always_crit = (mode is Mode.MELEE and helpless) or critical
    weights = expected._weights(roll)
    hits = sum(
        w for face, w in enumerate(weights[1:19], start=2) if face + attack.to_hit >= hero.ac
    )
    crits = weights[19] + (hits if always_crit else 0)
    return (0 if always_crit else hits), crits


def _slow_attack_mean(
    attack: Attack, hero: Hero, roll: Advantage, mode: Mode, magic: bool, critical: bool
) -> Fraction:
    mean, dice = dice_mean(attack.damage, hero, magic=magic)
    extra = riders_mean(attack, hero, magic, roll)
    plain, crits = _slow_chances(attack, hero, roll, mode, critical)
    more = dice * (attack.crit_times - 1)
    return (plain * (mean + extra) + crits * (mean + more + extra)) / 400


def _slow_save_fails(hero: Hero, save: tuple[Ability, int]) -> Fraction:
    ability, dc = save
    if ability in (Ability.STR, Ability.DEX) and fails_str_dex(hero):
        return Fraction(1)
    passes = Fraction(min(20, max(0, 21 + hero.save_bonus(ability) - dc)), 20)
    if save_disadvantage(hero, ability):
        passes = passes * passes
    return 1 - passes


@settings(max_examples=300, deadline=None)
@given(
    attacks(),
    heroes(),
    st.sampled_from(list(Advantage)),
    st.sampled_from(list(Mode)),
    st.booleans(),
    st.booleans(),
)
def test_attack_mean_as_step_by_step(
    attack: Attack, hero: Hero, roll: Advantage, mode: Mode, magic: bool, critical: bool
) -> None:
    """D3–D5, B6: the same mean as Fraction's arithmetic step by step."""
    got = attack_mean(attack, hero, roll, mode, magic=magic, critical=critical)
    assert got == _slow_attack_mean(attack, hero, roll, mode, magic, critical)
    assert expected._chances(attack, hero, roll, mode, critical) == _slow_chances(
        attack, hero, roll, mode, critical
    )


@settings(max_examples=300, deadline=None)
@given(
    heroes(),
    st.sampled_from(list(Ability)),
    st.integers(0, 30),
    st.fractions(min_value=0, max_value=200, max_denominator=60),
    st.booleans(),
)
def test_saves_as_step_by_step(
    hero: Hero, ability: Ability, dc: int, mean: Fraction, half: bool
) -> None:
    """F3, D3: a save's fail chance, and a save's mean with half on a success or none."""
    assert save_fails(hero, (ability, dc)) == _slow_save_fails(hero, (ability, dc))
    fail = _slow_save_fails(hero, (ability, dc))
    slow = fail * mean + ((1 - fail) * mean / 2 if half else 0)
    assert saved(mean, (ability, dc), half, hero) == slow


@given(st.fractions(min_value=-500, max_value=5000, max_denominator=100_000))
def test_hundredths_rounded_half_up(value: Fraction) -> None:
    assert hundredths(value) == math.floor(value * 100 + Fraction(1, 2))
    half = Fraction(2 * value.numerator + 1, 200 * value.denominator)  # a half exactly
    assert hundredths(half) == math.floor(half * 100 + Fraction(1, 2))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(attacks(), heroes(), st.booleans()), min_size=1, max_size=6))
def test_dice_mean_remembered_by_identity(asked: list[tuple[Attack, Hero, bool]]) -> None:
    """D6: asked in turn and again, of heroes whose defences differ, each its own mean."""
    for attack, hero, magic in (*asked, *reversed(asked)):
        kinds = sorted({p.damage_type for p in attack.damage.parts if p.damage_type})
        factors = tuple((k, expected.defence_factor(hero, k, magic=magic)) for k in kinds)
        assert dice_mean(attack.damage, hero, magic=magic) == expected._mean(attack.damage, factors)


def test_dice_mean_remembered_with_magic() -> None:
    """D6: the same dice at the same werewolf, nonmagical (stopped) and magical (through), asked
    in turn and again: each its own mean (the memo's key holds `magic`)."""
    slashing = frozenset({DamageType.SLASHING})
    werewolf = monster(
        "Werewolf",
        hp=58,
        immune=slashing,
        traits=(Trait(TraitKind.NONMAGICAL_ONLY, stopped_by=slashing),),
    )
    sword = parse("1d8+3 slashing")
    for magic in (False, True, False, True):
        factors = ((DamageType.SLASHING, Fraction(1 if magic else 0)),)
        assert dice_mean(sword, werewolf, magic=magic) == expected._mean(sword, factors)
