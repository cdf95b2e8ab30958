"""Building one turn's steps: each roll sees the state after the step before it; the moves,
opportunity attacks and simple actions the runner turns into steps."""

from __future__ import annotations

from lnf.dice import parse
from lnf.dice.roll import DiceSource, roll_d20
from lnf.model import Attack, Fight, Hero, Monster
from lnf.model.plan import Mode, Order
from lnf.play.actions import SimpleChoice
from lnf.play.events import Acted, Attacked, Moved, Step
from lnf.play.resolve import roll_attack
from lnf.play.state import apply_step
from lnf.rules.moves import final_spot, start_spot
from lnf.rules.roster import in_fight

# A combatant whose file lists no attacks still fights (claws, fists; see has_melee).
UNARMED = Attack(name="Unarmed strike", damage=parse("1 bludgeoning"))


class TurnSteps:
    """The steps of one turn so far and the state they lead to: each roll sees the state
    after the step before it (a foe that dropped, a reaction spent)."""

    def __init__(self, fight: Fight) -> None:
        self.fight = fight
        self.steps: list[Step] = []

    def do(self, step: Step) -> None:
        self.steps.append(step)
        self.fight, _ = apply_step(self.fight, step)


def opportunity(
    fight: Fight, by: Hero | Monster, target: Hero | Monster, dice: DiceSource
) -> Attacked:
    """D10: one mêlée attack with the reaction: the attacker's best mêlée weapon."""
    melee = [a for a in by.attacks if a.is_melee]
    attack = max(melee, key=lambda a: a.damage.average) if melee else UNARMED
    return roll_attack(fight, by, target, attack, Mode.MELEE, dice, opportunity=True)


def provokes(fight: Fight, who: str, move: Moved) -> bool:
    """M6: leaving a group draws opportunity attacks unless the mover took Disengage."""
    leaving = move.leave or move.join is not None
    return leaving and fight.group_of(who) is not None and who not in fight.turns.disengaged


def order_move(fight: Fight, order: Order) -> Moved | None:
    monster = fight.monster(order.monster)
    rank = order.rank.value if order.rank is not monster.rank else None
    spot = final_spot(fight, order.monster, order.move)
    moving = spot != start_spot(fight, order.monster)
    if rank is None and not moving:
        return None
    if not moving:
        return Moved(order.monster, rank=rank)
    if spot is None:
        return Moved(order.monster, rank=rank, leave=True)
    return Moved(order.monster, rank=rank, join=spot[1])


def simple_action(fight: Fight, hero: Hero, action: SimpleChoice, dice: DiceSource) -> Acted:
    if action.action == "hide":
        # PHB: Dexterity (Stealth) against the foes' passive Perception; the best one counts.
        best = max((m.perception for m in fight.monsters if in_fight(m)), default=10)
        check = roll_d20(dice, hero.stealth)
        return Acted(
            hero.name, "hide", f"{check} vs passive Perception {best}", check.total >= best
        )
    return Acted(hero.name, action.action, action.detail)
