"""B6 (1): an order's expected damage, the plan's first tie-break after P3: its weapons'
whole routine at its target (with the action its Multiattack uses first, B1) or its special
action at each hero it catches. The solver, the plan's score, P5's reasons and legendary
actions ask it here.
"""

from __future__ import annotations

from fractions import Fraction

from lnf.model import Fight, Hero, Monster
from lnf.model.plan import Mode, Order
from lnf.rules.attacks import UNARMED, roll_for, routine, used_damage
from lnf.rules.concentration import given_up
from lnf.rules.damage import magical
from lnf.rules.expected import attack_mean, first_hit_mean, hundredths
from lnf.rules.multiattack_first import first_mean, in_place
from lnf.rules.specials import action_mean, action_named, split_darts
from lnf.rules.traits import assassin_roll, assassinates, surprise_dice


def expected_damage(fight: Fight, monster: Monster, order: Order) -> int:
    """B6 (1): the order's expected damage in whole hundredths over the heroes it attacks:
    its weapons' whole routine (Multiattack) at its target with the roll D4 gives, or its
    special action at each hero caught (a split action's darts as `split_darts` deals them).
    Not capped at a hero's hit points; a condition imposed is worth its share of the hero's
    hit points (`expected.condition_worth`), and one a new concentration lets go is taken off
    (`concentration.given_up`)."""
    if order.target is None or order.target not in fight:
        return 0
    if not isinstance(fight.combatant(order.target), Hero):
        return 0  # no hero: the validator says so (P1)
    spot_mode = order.mode
    if not order.action:
        hero = fight.hero(order.target)
        mode = spot_mode if spot_mode is not None else Mode.MELEE
        roll = assassin_roll(fight, monster, hero, *roll_for(monster, hero, mode, order.rank))
        attacks = routine(monster, hero, mode) or (() if monster.attacks else (UNARMED,))
        first = first_mean(fight, monster, order)
        if first and monster.multiattack_in_place:  # B1: the chimera's breath replaces one
            attacks = in_place(fight, monster, attacks, hero, mode)
        crit = assassinates(fight, monster, hero)  # B8
        means = [  # a thrown weapon thrown, a swarm at half its hit points
            attack_mean(
                used_damage(a, mode, monster, hero),
                hero,
                roll,
                mode,
                magic=magical(monster, a),
                critical=crit,
            )
            for a in attacks
        ]
        if attacks and (extra := surprise_dice(fight, monster, hero)) is not None:
            magic = magical(monster, attacks[0])
            means.append(
                first_hit_mean(attacks, extra, hero, roll, mode, magic=magic, critical=crit)
            )
        return hundredths(sum(means, first))
    action = action_named(monster, order.action)
    if action is None:
        return 0
    mode = spot_mode if spot_mode is not None else Mode.RANGED
    total = Fraction(0)
    for name, darts in split_darts(action, order.targets):
        if name in fight and isinstance(fight.combatant(name), Hero):
            total += darts * action_mean(fight, monster, action, fight.hero(name), mode, order.rank)
    return hundredths(total - given_up(fight, monster, action))  # F5: what it lets go
