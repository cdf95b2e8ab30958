"""The monsters' plan as a DM would say it, and as data for `--json`.

Each order is worked out once into `OrderFacts` (its weapon, its roll and why, who may strike
it as it leaves); the text and the JSON both read from those.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from lnf.model import Attack, Fight, Monster, PhaseKind, Rank
from lnf.model.plan import Advantage, Mode, MoveKind, Order, Plan
from lnf.rules.attacks import on_the_wing, plan_targets, roll_for, routine, weapon_for
from lnf.rules.distance import volley_attack, volley_planned, volley_reach
from lnf.rules.explain import held_actions
from lnf.rules.group_changes import order_step
from lnf.rules.reactions import opportunity_attackers
from lnf.rules.strike_order import left_to_act, strike_blocks, strike_order
from lnf.rules.surprise import sitting_out
from lnf.rules.turning import is_turned
from lnf.rules.wording import and_list
from lnf.values import value
from lnf.views.action_words import action_of, action_phrase
from lnf.views.dm_items import dm_items, dm_line
from lnf.views.style import Style

Unattacked = Sequence[tuple[str, Sequence[tuple[str, str]]]]

RANK_WORDS = {Rank.FRONT: "the front rank", Rank.BACK: "the back rank", Rank.FREE_AIR: "free air"}


@value
class OrderFacts:
    """One order with everything a table needs: weapon, roll and why, who may strike it."""

    order: Order
    monster: Monster
    weapon: Attack | None = None
    routine: tuple[Attack, ...] = ()  # every attack it makes (Multiattack), in order
    roll: Advantage | None = None
    roll_reasons: tuple[str, ...] = ()
    provoked: tuple[str, ...] = ()  # M6: heroes who may take an opportunity attack on it
    first: tuple[str, ...] = ()  # B1, B3: the heroes its Multiattack's first action catches


def order_facts(fight: Fight, order: Order) -> OrderFacts:
    monster = fight.monster(order.monster)
    step = order_step(fight, order)
    provoked = tuple(opportunity_attackers(fight, step)) if step is not None else ()
    if order.action:  # B1: a breath, a spell; B6: a spell on itself
        action = action_of(fight, order.monster, order.action)
        return OrderFacts(order, monster, action, (action,) if action else (), provoked=provoked)
    if order.target is None or order.mode is None:
        return OrderFacts(order, monster, provoked=provoked)
    if fight.phase.kind is PhaseKind.VOLLEY:  # V3: what reaches this far, and how well
        n = fight.phase.volley
        shot = volley_attack(monster, n)
        far = shot is not None and volley_reach(shot, n) is Advantage.DISADVANTAGE
        why = ("a two-handed bow beyond volley round 2 (V3)",) if far else ()
        roll = Advantage.DISADVANTAGE if far else Advantage.NORMAL
        routine_ = (shot,) * shot.times if shot is not None else ()
        return OrderFacts(order, monster, shot, routine_, roll, why, provoked)
    hero = fight.hero(order.target)
    roll, reasons = roll_for(monster, hero, order.mode, order.rank)
    weapon = weapon_for(monster, hero, order.mode)
    attacks = routine(monster, hero, order.mode)
    first = _first(fight, monster, order) if monster.multiattack_action else ()
    if first and monster.multiattack_in_place:  # B1: the chimera's breath replaces one
        from lnf.rules.multiattack_first import in_place

        attacks = in_place(fight, monster, attacks, hero, order.mode)
    return OrderFacts(order, monster, weapon, attacks, roll, reasons, provoked, first)


def _first(fight: Fight, monster: Monster, order: Order) -> tuple[str, ...]:
    """B1, B3: the heroes the order's Multiattack uses its first action on (Frightful
    Presence), from where the order ends."""
    from lnf.rules.moves import final_spot
    from lnf.rules.multiattack_first import first_use  # the catch's rules: only when asked

    used = first_use(fight, monster, final_spot(fight, monster.name, order.move), order.rank)
    return used[1] if used is not None else ()


def in_strike_order(fight: Fight, plan: Plan) -> list[Order]:
    """S2–S3: the orders in the order the monsters act: the round's order, fixed as it
    starts (S1), else the order the grid gives now."""
    order_of = list(fight.turns.order) or strike_order(fight)
    place = {name: i for i, name in enumerate(order_of)}
    return sorted(plan.orders, key=lambda o: place.get(o.monster, len(place)))


def plan_data(
    fight: Fight,
    facts: Sequence[OrderFacts],
    unattacked: Unattacked,
    stats: dict[str, Any] | None = None,
    under_way: bool = False,
) -> dict[str, Any]:
    """`lnf plan --json`: `strike_order` is S2–S3's blocks as the grid gives them, or in a
    round under way one block, who is still to act in it as the text says (S1)."""
    data: dict[str, Any] = {
        "round": fight.round,
        "target_order": [h.name for h in plan_targets(fight)],
        "monsters": [_order_data(f) for f in facts],
        "unattacked": [
            {"hero": hero, "reasons": [{"rule": r, "text": t} for r, t in reasons]}
            for hero, reasons in unattacked
        ],
        "held_back": [  # P5: special actions a monster does not use, and why (B2–B6)
            {"monster": m, "reasons": [{"rule": r, "text": t} for r, t in reasons]}
            for m, reasons in held_actions(fight, Plan(tuple(f.order for f in facts)))
        ],
        "opportunity_attacks": [
            {"hero": hero, "monster": f.order.monster} for f in facts for hero in f.provoked
        ],
        "strike_order": [left_to_act(fight)]
        if under_way
        else [names for _, names in strike_blocks(fight)],
    }
    if stats is not None:
        data["stats"] = stats
    return data


def _order_data(f: OrderFacts) -> dict[str, Any]:
    o = f.order
    first = {"first": {"action": f.monster.multiattack_action, "targets": list(f.first)}}
    return {
        "name": o.monster,
        "rank": o.rank.value,
        "rank_change": o.rank is not f.monster.rank,
        "move": o.move.kind.value,
        "group": o.move.group,
        "hero": o.move.hero,
        "target": o.target,
        "action": o.action or None,  # B1: the special action or spell; None: its weapons
        "targets": list(o.targets),  # B3: every hero it attacks (an area's catch)
        "mode": o.mode.value if o.mode else None,
        "attack": f.weapon.name if f.weapon else None,
        "times": f.weapon.times if f.weapon else None,
        "routine": [  # B1: every attack it makes (its Multiattack), as the text says them
            {"attack": name, "times": n} for name, n in _routine_counts(f.routine).items()
        ],
        "roll": f.roll.value if f.roll else None,
        "roll_reasons": list(f.roll_reasons),
        "dm_rules": dm_items(f.monster),  # B9: what of its stat block the DM rules
        **(first if f.first else {}),  # B1, B3: its Multiattack's first action, when used
    }


def plan_title(fight: Fight, under_way: bool) -> str:
    """Which round the plan is for, and why it is the plan it is."""
    if volley_planned(fight):
        when = f"round {fight.round}, volley round {fight.phase.volley}"
        how = "V4: every monster that reaches shoots"
    else:
        when, how = f"round {fight.round}", "P1–P4"
    if fight.round == 0:
        when = "the surprise round (V-ENC1)"
    if under_way:
        return f"The monsters' plan for the rest of {when} ({how}; P6: as the grid stands now)"
    return f"The monsters' plan for {when} ({how}; lnf next or lnf round starts it)"


def render_plan(
    fight: Fight,
    facts: Sequence[OrderFacts],
    unattacked: Unattacked,
    style: Style,
    title: str = "",
    notes: Sequence[str] = (),
    under_way: bool = False,
) -> str:
    """`lnf plan`: each monster's order in strike order, then who is left alone and why."""
    which = f"round {fight.round}" if fight.round else "the surprise round (V-ENC1)"
    out = [style(title or f"The monsters' plan for {which}", "bold")]
    out += [f"Note: {note}." for note in notes]
    out += [f"{who}: no order." for who in sitting_out(fight)]
    out.append("Target order (T2): " + ", ".join(h.name for h in plan_targets(fight)))
    out.append("")
    if not facts:
        out.append("No monster is able to act this round.")
    width = max((len(f.order.monster) for f in facts), default=0)
    volley = fight.phase.kind is PhaseKind.VOLLEY  # V3: no groups, no ranks yet
    formed: set[str] = set()  # M5: the unengaged heroes a monster listed above joined
    for f in facts:
        line = "" if volley else f"{describe_move(fight, f.order, formed)}, "
        if f.order.move.hero is not None:
            formed.add(f.order.move.hero)
        line += "" if volley else f"{describe_rank(f.monster, f.order.rank)}; "
        line += _attack_phrase(f) + "."
        name = style(f.order.monster.ljust(width), "bold")
        out.append(f"  {name}  {line[0].upper()}{line[1:]}")
    if facts and all(f.order.target is None for f in facts):
        out.append("")
        out.append("No monster can attack anyone this round.")
    if unattacked:
        out.append("")
        out.append(style("Not attacked (P5)", "bold") + ":")
        for hero, reasons in unattacked:
            said = "; ".join(f"{text} ({rule})" for rule, text in reasons)
            out.append(f"  {hero}: {said or 'no monster chose it'}.")
    dm = [line for f in facts if (line := dm_line(f.monster))]
    if dm:  # B9: what the DM rules, said beside the orders it could change
        out.append("")
        out += dm
    held = held_actions(fight, Plan(tuple(f.order for f in facts)))
    if held:  # P5: a monster's special actions it does not use, and why (B2–B6)
        out.append("")
        out.append(style("Held back (P5)", "bold") + ":")
        for monster, reasons in held:
            said = "; ".join(f"{text} ({rule})" for rule, text in reasons)
            out.append(f"  {monster}: {said}.")
    out.append("")
    provoked = [(hero, f.order.monster) for f in facts for hero in f.provoked]
    if provoked:
        out.append(style("Opportunity attacks (M6)", "bold") + ":")
        for hero, monster in provoked:
            out.append(f"  {hero} may strike {monster} as it leaves.")
    else:
        out.append("No move provokes an opportunity attack (M6).")
    if under_way:  # S1: the round's order was fixed as it started
        left = left_to_act(fight)
        out.append(f"Still to act, in strike order (S1): {', '.join(left)}")
    else:
        blocks = "; ".join(", ".join(names) for _, names in strike_blocks(fight))
        out.append(f"Strike order (S2–S3): {blocks}")
    return "\n".join(out)


def describe_move(fight: Fight, order: Order, formed: Collection[str] = ()) -> str:
    """The order's move (M5, M6). Joining an unengaged hero makes a new group; a monster
    after the first (in strike order) that joins it joins that group (`formed`: the heroes
    joined by the orders said before)."""
    group = fight.group_of(order.monster)
    move = order.move
    if move.kind is MoveKind.STAY:
        return f"stays in group {group.label}" if group else "stays unengaged"
    if move.kind is MoveKind.LEAVE:
        return f"leaves group {group.label if group else '?'}"
    left = f"leaves group {group.label} and " if group else ""
    if move.group is not None:
        return f"{left}joins group {move.group}"
    if move.hero in formed:
        return f"{left}joins {move.hero}'s new group"
    return f"{left}joins {move.hero} (a new group)"


def describe_rank(monster: Monster, rank: Rank) -> str:
    if rank is monster.rank:
        return f"in {RANK_WORDS[rank]}"
    if rank is Rank.FREE_AIR:
        return "takes to free air"
    return f"steps to {RANK_WORDS[rank]}"


def _routine_counts(attacks: Sequence[Attack]) -> dict[str, int]:
    """B1: each attack of the routine (its Multiattack) by name, in order, with how many times
    it is made: the text's "Bite and Claw ×2" and the JSON's `routine`."""
    counts: dict[str, int] = {}
    for a in attacks:
        counts[a.name] = counts.get(a.name, 0) + 1
    return counts


def _routine_words(attacks: Sequence[Attack]) -> str:
    """ "Longsword ×2", "Bite and Claw ×2"."""
    counts = _routine_counts(attacks)
    return and_list(f"{name} ×{n}" if n > 1 else name for name, n in counts.items())


def _attack_phrase(f: OrderFacts) -> str:
    o = f.order
    if o.action:  # B3: "uses Poison Breath (30 ft cone) on …"; B6: "casts Invisibility: …"
        return action_phrase(o, f.weapon)
    if o.target is None or o.mode is None:  # F2: turned, it only moves away
        return "attacks nobody" + (" (turned: Turn Undead)" if is_turned(f.monster) else "")
    weapon = _routine_words(f.routine) if f.routine else "its attack"
    if on_the_wing(f.monster, tuple(f.routine)):
        weapon += " (a way while flying, B1)"
    verb = {
        Mode.MELEE: f"attacks {o.target} in mêlée with {weapon}",
        Mode.REACH: f"attacks {o.target} with {weapon} with reach (A2)",
        Mode.RANGED: f"shoots {o.target} with {weapon}",
    }[o.mode]
    if f.first:  # B1, B3: "uses Frightful Presence on Ann and Bo, then attacks Ann …"
        made = [a.name for a in f.routine]
        left = [n for n in f.monster.multiattack_in_place if n not in made]  # B1: the chimera
        instead = f" in place of its {left[0]}" if left else ""
        verb = f"uses {f.monster.multiattack_action}{instead} on {and_list(f.first)}, then {verb}"
    if f.roll is Advantage.NORMAL and not f.roll_reasons:
        return verb
    why = "; ".join(f.roll_reasons)
    if f.roll is Advantage.NORMAL:
        return f"{verb}, a straight roll: {why}"
    word = "with advantage" if f.roll is Advantage.ADVANTAGE else "at disadvantage"
    return f"{verb} {word}: {why}"
