"""Legends of Hyrule combat (core-d20 V-HYR), a switch a fight file turns on
(`variants: [hyrule]`): group initiative by the median Wisdom check (V-HYR1), target strikes
(V-HYR2), two-weapon fighting with light weapons (V-HYR3), heart points (V-HYR4). Each rule is
decided here once.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from lnf.dice import Dice, DiceExpr, Part
from lnf.dice.abilities import ability_modifier
from lnf.errors import Refused
from lnf.model import Ability, Attack, Combatant, Fight, Hero, Side, Variant
from lnf.model.plan import Advantage

STAMINA = "stamina"  # V-HYR2: the sheet's pool a target strike spends
TARGET_STRIKE_COST = 2


def hyrule(fight: Fight) -> bool:
    return Variant.HYRULE in fight.variants


def verify_hyrule(fight: Fight, what: str) -> None:
    if not hyrule(fight):
        raise Refused(f"{what} belongs to the hyrule variant: add `variants: [hyrule]`", "V-HYR")


def wisdom_check(c: Combatant) -> int:
    """V-HYR1: the bonus to a Wisdom check is the Wisdom modifier (a stat block's, from its
    Wisdom score; a hero's `wis:`, or its sheet's Wisdom score, F2); where the entry has none,
    its Wisdom save bonus, the nearest figure it has (the modifier, plus proficiency for the
    classes that have it)."""
    if c.wis is not None:
        return c.wis
    score = dict(c.scores).get(Ability.WIS) if isinstance(c, Hero) else None
    return ability_modifier(score) if score is not None else c.save_bonus(Ability.WIS)


def initiative_winner(
    heroes: Sequence[int], monsters: Sequence[int]
) -> tuple[Side | None, float, float]:
    """V-HYR1: the side whose Wisdom checks have the higher median acts first; a tie (None)
    rolls again. The median of an even count is the mean of the middle two."""
    from statistics import median  # only a Hyrule fight's first round needs it

    h = float(median(heroes)) if heroes else 0.0
    m = float(median(monsters)) if monsters else 0.0
    if h == m:
        return None, h, m
    return (Side.HEROES if h > m else Side.MONSTERS), h, m


def verify_target_strike(roll: Advantage, reasons: Sequence[str]) -> None:
    """V-HYR2: no target strike on a roll that has disadvantage already (or a −5 penalty,
    which lnf's rolls never carry)."""
    if roll is Advantage.DISADVANTAGE:
        why = "; ".join(reasons)
        raise Refused(f"no target strike on a roll with disadvantage already ({why})", "V-HYR2")


def target_strike_roll(roll: Advantage, paid: bool) -> Advantage:
    """V-HYR2: a target strike not paid for with stamina takes disadvantage (D4: with
    advantage the two cancel)."""
    if paid:
        return roll
    return Advantage.NORMAL if roll is Advantage.ADVANTAGE else Advantage.DISADVANTAGE


def off_hand(attacker: Combatant, attack: Attack) -> Attack | None:
    """V-HYR3: a light mêlée weapon's hit while the attacker wields a second light mêlée
    weapon adds that weapon's dice (lnf: the first other light mêlée weapon on the sheet). A
    light weapon that can be thrown (a handaxe) is a mêlée weapon in hand: the text's own
    example is a scimitar and a handaxe, 2d6 + modifier. The caller asks only of a mêlée hit."""
    if not (attack.light and attack.is_melee):
        return None
    return next(
        (a for a in attacker.attacks if a is not attack and a.light and a.is_melee and not a.spell),
        None,
    )


def dice_only(damage: DiceExpr) -> DiceExpr:
    """V-HYR3: a weapon's damage dice without its modifiers (scimitar 1d6+2 → 1d6)."""
    parts = [
        Part(tuple(t for t in p.terms if isinstance(t, Dice)), p.damage_type) for p in damage.parts
    ]
    return DiceExpr(tuple(p for p in parts if p.terms))


_HP = r"\b(hit points?|hp)\b"  # compiled by `re` at first use (`show` of most fights: never)


def heart_points(text: str) -> str:
    """V-HYR4: hit points are heart points in every text lnf prints."""
    return re.sub(
        _HP,
        lambda m: {"hp": "heart points", "hit point": "heart point"}.get(m[1], "heart points"),
        text,
    )
