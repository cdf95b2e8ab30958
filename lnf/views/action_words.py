"""A monster's special actions and spells as a DM says them (B1–B3): "Young Green Dragon uses
Poison Breath (30 ft cone) on Dee, Ann and Bo", "Mage casts Cone of Cold", a breath's recharge
die ("rolls 6 for Poison Breath: charged again") and what a use leaves."""

from __future__ import annotations

from lnf.dice import parse
from lnf.model import SLOT, Attack, Fight, Monster, Recharge, Resource
from lnf.model.plan import Order
from lnf.model.steps import Recharged
from lnf.rules.economy import attack_named
from lnf.rules.resources import slot_words
from lnf.rules.specials import action_named
from lnf.rules.stunning import STUNNING_STRIKE
from lnf.rules.turning import TURN_THE_UNHOLY, TURN_UNDEAD
from lnf.rules.wording import and_list


def action_of(fight: Fight, who: str, name: str) -> Attack | None:
    """The special action or spell `name` of the monster `who` (a legendary action's too,
    B7); None for anyone else."""
    if name in (TURN_UNDEAD, TURN_THE_UNHOLY, STUNNING_STRIKE):  # F2: used, not cast
        return Attack(name=name, damage=parse("0"))
    c = fight.combatant(who) if who in fight else None
    return (action_named(c, name) or attack_named(c, name)) if isinstance(c, Monster) else None


def action_verb(action: Attack | None) -> str:
    """A spell is cast, any other action used; a hero's spell is cast."""
    return "casts" if action is None or action.spell else "uses"


IDLE_REASON = "nothing it can reach this round (B6)"


def order_words(fight: Fight, order: Order) -> str:
    """B3: an order's action in the plan's words: "uses Poison Breath (30 ft cone) on Dee, Ann
    and Bo", "casts Fire Bolt at Ann"."""
    return action_phrase(order, action_of(fight, order.monster, order.action))


def action_phrase(order: Order, action: Attack | None) -> str:
    """`order_words` with the action found already; a slotted spell says its slot (B6)."""
    said = [str(action.area)] if action is not None and action.area is not None else []
    if action is not None and action.slot and action.spell:
        said.append(slot_words(f"{SLOT}{action.slot}") or "")
    on = "on" if action is not None and (action.save is not None or action.area) else "at"
    bracket = f" ({', '.join(said)})" if said else ""
    if not order.targets:  # B6: a spell on itself, with nothing else possible
        return f"{action_verb(action)} {order.action}{bracket}: {IDLE_REASON}"
    if action is not None and action.effect is not None and action.effect.aura:  # F7
        caught = and_list(order.targets)  # those in the group it stands in (P3)
        return f"{action_verb(action)} {order.action}{bracket}: its aura catches {caught}"
    return f"{action_verb(action)} {order.action}{bracket} {on} {and_list(order.targets)}"


def recharge_words(step: Recharged, action: Attack | None) -> str:
    """B2: "Young Green Dragon rolls 6 for Poison Breath (5–6): charged again."."""
    at = action.recharge if action is not None else 0
    faces = f" ({at}–6)" if 0 < at < 6 else " (6)" if at == 6 else ""
    result = "charged again" if step.charged else "still spent"
    return f"{step.who} rolls {step.face} for {step.action}{faces}: {result} (B2)."


def used_words(monster: Monster, r: Resource | None, name: str) -> str:
    """A monster's use of a limited action (B2): "Young Green Dragon's Poison Breath is spent:
    it recharges on a 5–6 as a round starts (B2).", "Lich spends a daily use of Power Word
    Kill (0 of 1 left)."."""
    if r is not None and r.recharge is Recharge.ROLL and not r.left:
        at = next((a.recharge for a in monster.actions if name in (a.name, a.spends)), 0)
        on = f" on a {at}–6" if 0 < at < 6 else " on a 6" if at == 6 else ""
        return f"{monster.name}'s {name} is spent: it recharges{on} as a round starts (B2)."
    left = f" ({r.left} of {r.total} left)" if r is not None else ""
    if r is not None and r.recharge is Recharge.LONG:  # B2: a use a day, said before its use
        return f"{monster.name} spends a daily use of {name}{left}."
    return f"{monster.name} uses {name}{left}."


def area_words(area: str, caught: int) -> str:
    """E1: "60 ft cone, up to 6 targets" when it caught fewer than it has room for."""
    room = area.rsplit(", ", 1)
    fewer = len(room) == 2 and room[1].split()[0].isdigit() and int(room[1].split()[0]) > caught
    return f"{room[0]}, up to {room[1]}" if fewer else area
