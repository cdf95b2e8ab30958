"""The steps the runner rolls for: an opportunity attack, an action without an attack roll, a
monster's attacks of its turn."""

from __future__ import annotations

from lnf.dice import parse
from lnf.dice.roll import DiceSource, roll_d20
from lnf.engine.apply import Steps
from lnf.engine.decisions import SimpleChoice
from lnf.engine.effects import Ask, land
from lnf.engine.resolve import roll_attack
from lnf.model import Action, Attack, Fight, Hero, Monster
from lnf.model.events import Acted, Attacked
from lnf.model.plan import Mode, Order
from lnf.rules.acl import acl
from lnf.rules.attacks import out_reaches, routine
from lnf.rules.distance import roll_in_fight, volley_attack, volley_planned
from lnf.rules.legal import can_take_turn
from lnf.rules.reactions import opportunity_mode
from lnf.rules.roster import in_fight
from lnf.rules.traits import extra_damage

# A combatant whose file lists no attacks still fights (claws, fists; see has_melee).
UNARMED = Attack(name="Unarmed strike", damage=parse("1 bludgeoning"))


def opportunity(
    fight: Fight, by: Hero | Monster, target: Hero | Monster, dice: DiceSource
) -> Attacked:
    """D10: one mêlée attack with the reaction: the attacker's best mêlée weapon (M6's reach
    clause: the best that out-reaches the target)."""
    mode = opportunity_mode(fight, by.name, target.name)
    melee = [
        a for a in by.attacks if a.is_melee and (mode is Mode.MELEE or out_reaches(a.reach, target))
    ]
    attack = max(melee, key=lambda a: a.damage.average) if melee else UNARMED
    return roll_attack(fight, by, target, attack, mode, dice, opportunity=True)


def simple_action(fight: Fight, hero: Hero, action: SimpleChoice, dice: DiceSource) -> Acted:
    if action.action is Action.HIDE:
        # PHB: Dexterity (Stealth) against the foes' passive Perception; the best one counts.
        best = max((m.perception for m in fight.monsters if in_fight(m)), default=10)
        dice.about(f"{hero.name} hides: Stealth {hero.stealth:+d} vs passive Perception {best}")
        check = roll_d20(dice, hero.stealth)
        return Acted(
            hero.name, Action.HIDE, f"{check} vs passive Perception {best}", check.total >= best
        )
    return Acted(hero.name, action.action, action.detail)


def monster_attacks(turn: Steps, name: str, order: Order, dice: DiceSource, ask: Ask) -> None:
    """P2: a monster's attacks of its turn, all at its one target, in volley rounds its shot
    (V4); it stops when the target drops or the monster cannot act. A hero's reaction may
    turn a hit first (F1: `ask`, which raises `Waits` when the table has not said)."""
    me = turn.fight.monster(name)
    assert order.target is not None and order.mode is not None
    if volley_planned(turn.fight):  # V4: the volley plan's shot
        shot = volley_attack(me, turn.fight.phase.volley)
        attacks = (shot,) * shot.times if shot is not None else ()
    else:
        attacks = routine(me, turn.fight.hero(order.target), order.mode)
        attacks = attacks or (() if me.attacks else (UNARMED,))
    extra_used = False  # B8: Martial Advantage, Sneak Attack: once a turn, on a hit
    for attack in attacks:
        target = turn.fight.hero(order.target)
        if not in_fight(target) or not can_take_turn(turn.fight.monster(name)):
            break
        me = turn.fight.monster(name)
        # V-ACL6: lnf's monsters spend their surge dice on their first hit's damage.
        force = me.surge if acl(turn.fight) else 0
        how = roll_in_fight(turn.fight, me, target, attack, order.mode)[0]
        extra = None if extra_used else extra_damage(turn.fight, me, target, attack, how)
        hit = roll_attack(
            turn.fight,
            me,
            target,
            attack,
            order.mode,
            dice,
            force=force,
            extra=extra[0] if extra is not None else None,
            big=extra[1] if extra is not None else "",
        )
        extra_used = extra_used or (hit.hit and extra is not None)
        land(turn, hit, ask)
