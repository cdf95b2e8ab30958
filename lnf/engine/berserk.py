"""B8 Berserk played on the golem's turn: it attacks the nearest creature it can see
(`rules.berserk.nearest`: one of its group, ally or foe, picked by a die) with its attacks, in
place of the plan's order; in no group, the plan's order stands."""

from __future__ import annotations

from lnf.dice.roll import DiceSource
from lnf.engine.apply import Steps
from lnf.engine.guards import Ask, land
from lnf.engine.resolve import roll_attack
from lnf.model import Hero
from lnf.model.plan import Mode, Order
from lnf.rules.attacks import routine
from lnf.rules.berserk import is_berserk, nearest
from lnf.rules.legal import can_take_turn
from lnf.rules.roster import in_fight

WORDS = "Berserk: it attacks the nearest creature (B8)"


def berserk_turn(
    turn: Steps, name: str, order: Order, dice: DiceSource, ask: Ask | None
) -> Order | None:
    """The order left to play: the plan's, or None when the berserk golem attacked here."""
    me = turn.fight.monster(name)
    near = nearest(turn.fight, me) if is_berserk(turn.fight, me) else []
    if not near:
        return order
    if len(near) > 1:
        dice.about(f"{name} is berserk: a d{len(near)} for the nearest of {', '.join(near)}")
    target = turn.fight.combatant(near[dice.face(len(near)) - 1 if len(near) > 1 else 0])
    # its Multiattack as at a hero (a golem's is one way: two slams)
    aim = target if isinstance(target, Hero) else turn.fight.heroes[0]
    for attack in routine(me, aim, Mode.MELEE) or me.attacks[:1]:
        me = turn.fight.monster(name)
        target = turn.fight.combatant(target.name)
        if not in_fight(target) or target.current_hp == 0 or not can_take_turn(me):
            break
        land(
            turn,
            roll_attack(turn.fight, me, target, attack, Mode.MELEE, dice, big=WORDS),
            ask,
            dice,
        )
    return None
