"""The monsters' plan told in one line (P3, P6), the idle grouped by stat block (V3)."""

from __future__ import annotations

from lnf.model import Fight, PhaseKind, Rank
from lnf.model.events import Planned
from lnf.model.plan import Mode, MoveKind, Order
from lnf.rules.wording import and_list
from lnf.views.action_words import order_words

MODE_WORDS = {Mode.MELEE: "in mêlée", Mode.REACH: "with reach", Mode.RANGED: "at range"}


def plan_line(event: Planned, sitting_out: list[str], before: Fight) -> str:
    """The plan in a line; those who may not act yet (D12, V-ENC1) said after the orders, and
    the idle grouped by stat block with the reason (V3 in a volley round): "14 Goblin archers
    do not attack (out of reach in volley round 3, V3)" rather than 14 lines of it."""
    head = "New plan (P6), the grid has changed" if event.replan else "The monsters' plan (P3)"
    if event.kept:  # P6: no change, its moves said as the grid now says them ("group B")
        head = "The plan stands (P6)"
        if joins := [f"{o.monster} {o.move}" for o in event.orders if _joins_a_group(o)]:
            return f"{head}; its joins now read: {'; '.join(joins)}."
    held = [f"{who}: no order" for who in sitting_out]
    if not event.orders:
        return f"{head}: {'; '.join([event.note or 'no monster can act', *held])}."
    idle: dict[str, list[str]] = {}
    for o in event.orders:
        idle_ = o.target is None and not o.action  # B6: a spell on itself is said on its own
        if idle_ and o.move.kind.value == "stay" and o.rank is Rank.FRONT:
            kind = before.monster(o.monster).stat_block if o.monster in before else o.monster
            idle.setdefault(kind, []).append(o.monster)
    why = (
        f" (out of reach in volley round {before.phase.volley}, V3)"
        if before.phase.kind is PhaseKind.VOLLEY
        else ""
    )
    parts = []
    for o in event.orders:
        kind = before.monster(o.monster).stat_block if o.monster in before else o.monster
        if len(idle.get(kind, [])) > 1 and o.monster in idle[kind]:
            if o.monster == idle[kind][0]:
                parts.append(f"{_many(kind, idle[kind])} do not attack{why}")
            continue
        extra = []
        if o.move.kind.value != "stay":
            extra.append(str(o.move))
        if o.action:  # B3: a breath, a spell; B6: a spell on itself
            extra.append(order_words(before, o))
        elif o.target is not None and o.mode is not None:
            extra.append(f"attacks {o.target} {MODE_WORDS[o.mode]}")
            if o.also:  # B1, B3: the action its Multiattack uses first catches them too
                first = before.monster(o.monster).multiattack_action if o.monster in before else ""
                extra.append(f"{first or 'its first action'} on {and_list(o.also)} as well")
        else:
            extra.append(f"does not attack{why}")
        if o.rank is not Rank.FRONT:
            extra.append("from free-air" if o.rank is Rank.FREE_AIR else "in the back rank")
        parts.append(f"{o.monster} {', '.join(extra)}")
    parts += held
    note = f" Note: {event.note}." if event.note else ""
    return f"{head}: {'; '.join(parts)}.{note}"


def _joins_a_group(o: Order) -> bool:
    """P6: an order whose join a kept plan says anew, by the group the hero now stands in."""
    return o.move.kind is MoveKind.JOIN and o.move.group is not None


def _many(kind: str, names: list[str]) -> str:
    """Several idle monsters of one stat block: all named when few, else counted."""
    if len(names) <= 3:
        return and_list(names)
    base, _, number = names[0].rpartition(" ")
    one = base if number.isdigit() and base else kind
    return f"{len(names)} {one if one.endswith('s') else one + 's'} ({names[0]}–{names[-1]})"
