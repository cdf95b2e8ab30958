"""The monsters' plan as a DM would say it, and as data for `--json`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lnf.io.style import Style
from lnf.model import Fight, Monster, Rank
from lnf.model.plan import Mode, MoveKind, Order, Plan, Roll
from lnf.rules.attacks import plan_targets, roll_for, weapon_for
from lnf.rules.reactions import opportunity_attackers
from lnf.rules.strike_order import strike_blocks, strike_order

Unattacked = Sequence[tuple[str, Sequence[tuple[str, str]]]]

RANK_WORDS = {Rank.FRONT: "the front rank", Rank.BACK: "the back rank", Rank.FREE_AIR: "free air"}


def describe_move(fight: Fight, order: Order) -> str:
    group = fight.group_of(order.monster)
    move = order.move
    if move.kind is MoveKind.STAY:
        return f"stays in group {group.label}" if group else "stays unengaged"
    if move.kind is MoveKind.LEAVE:
        return f"leaves group {group.label if group else '?'}"
    left = f"leaves group {group.label} and " if group else ""
    if move.group is not None:
        return f"{left}joins group {move.group}"
    return f"{left}joins {move.hero} (a new group)"


def describe_rank(monster: Monster, rank: Rank) -> str:
    if rank is monster.rank:
        return f"in {RANK_WORDS[rank]}"
    if rank is Rank.FREE_AIR:
        return "takes to free air"
    return f"steps to {RANK_WORDS[rank]}"


def order_facts(fight: Fight, order: Order) -> dict[str, Any]:
    """One order with everything a table needs: weapon, roll and why."""
    monster = fight.monster(order.monster)
    facts: dict[str, Any] = {
        "name": order.monster,
        "rank": order.rank.value,
        "rank_change": order.rank is not monster.rank,
        "move": order.move.kind.value,
        "group": order.move.group,
        "hero": order.move.hero,
        "target": order.target,
        "mode": order.mode.value if order.mode else None,
        "attack": None,
        "times": None,
        "roll": None,
        "roll_reasons": [],
    }
    if order.target is not None and order.mode is not None:
        hero = fight.hero(order.target)
        weapon = weapon_for(monster, hero, order.mode)
        roll, why = roll_for(monster, hero, order.mode, order.rank)
        facts |= {
            "attack": weapon.name if weapon else None,
            "times": weapon.times if weapon else None,
            "roll": roll.value,
            "roll_reasons": list(why),
        }
    return facts


def _attack_phrase(facts: dict[str, Any]) -> str:
    if facts["target"] is None:
        return "attacks nobody"
    weapon = facts["attack"] or "its attack"
    if facts["times"] and facts["times"] > 1:
        weapon += f" ×{facts['times']}"
    mode = Mode(facts["mode"])
    verb = {
        Mode.MELEE: f"attacks {facts['target']} in mêlée with {weapon}",
        Mode.REACH: f"attacks {facts['target']} with reach, {weapon}",
        Mode.RANGED: f"shoots {facts['target']} with {weapon}",
    }[mode]
    roll = Roll(facts["roll"])
    if roll is Roll.NORMAL and not facts["roll_reasons"]:
        return verb
    why = "; ".join(facts["roll_reasons"])
    if roll is Roll.NORMAL:
        return f"{verb}, a straight roll ({why})"
    word = "with advantage" if roll is Roll.ADVANTAGE else "at disadvantage"
    return f"{verb} {word} ({why})"


def in_strike_order(fight: Fight, plan: Plan) -> list[Order]:
    """S2–S3: the orders in the order the monsters act."""
    order_of = strike_order(fight)
    return sorted(plan.orders, key=lambda o: order_of.index(o.monster))


def plan_data(
    fight: Fight, plan: Plan, unattacked: Unattacked, stats: dict[str, Any] | None = None
) -> dict[str, Any]:
    orders = in_strike_order(fight, plan)
    provoked = [
        {"hero": h.name, "monster": o.monster}
        for o in orders
        for h in opportunity_attackers(fight, fight.monster(o.monster), o.move)
    ]
    data: dict[str, Any] = {
        "round": fight.round,
        "target_order": [h.name for h in plan_targets(fight)],
        "monsters": [order_facts(fight, o) for o in orders],
        "unattacked": [
            {"hero": hero, "reasons": [{"rule": r, "text": t} for r, t in reasons]}
            for hero, reasons in unattacked
        ],
        "opportunity_attacks": provoked,
        "strike_order": [names for _, names in strike_blocks(fight)],
    }
    if stats is not None:
        data["stats"] = stats
    return data


def render_plan(fight: Fight, plan: Plan, data: dict[str, Any], style: Style) -> str:
    """`lnf plan`: each monster's order in strike order, then who is left alone and why."""
    out = [style(f"The monsters' plan for round {fight.round}", "bold")]
    out.append("Target order (T2): " + ", ".join(data["target_order"]))
    out.append("")
    if not data["monsters"]:
        out.append("No monster is able to act this round.")
    width = max((len(f["name"]) for f in data["monsters"]), default=0)
    for order, facts in zip(in_strike_order(fight, plan), data["monsters"], strict=True):
        monster = fight.monster(facts["name"])
        order_line = (
            f"{describe_move(fight, order)}, "
            f"{describe_rank(monster, Rank(facts['rank']))}; {_attack_phrase(facts)}."
        )
        name = style(facts["name"].ljust(width), "bold")
        out.append(f"  {name}  {order_line[0].upper()}{order_line[1:]}")
    if data["monsters"] and all(f["target"] is None for f in data["monsters"]):
        out.append("")
        out.append("No monster can attack anyone this round.")
    if data["unattacked"]:
        out.append("")
        out.append(style("Not attacked (P5)", "bold") + ":")
        for entry in data["unattacked"]:
            reasons = "; ".join(f"{r['text']} ({r['rule']})" for r in entry["reasons"])
            out.append(f"  {entry['hero']}: {reasons or 'no monster chose it'}.")
    out.append("")
    if data["opportunity_attacks"]:
        out.append(style("Opportunity attacks (M6)", "bold") + ":")
        for oa in data["opportunity_attacks"]:
            out.append(f"  {oa['hero']} may strike {oa['monster']} as it leaves.")
    else:
        out.append("No move provokes an opportunity attack (M6).")
    out.append(
        "Strike order (S2–S3): " + "; ".join(", ".join(block) for block in data["strike_order"])
    )
    return "\n".join(out)
