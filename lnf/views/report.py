"""The same facts as the text views, as plain data for `--json`."""

from __future__ import annotations

from typing import Any

from lnf.errors import InputError, InputProblem, Violation
from lnf.model import Effect, Fight, Hero, Monster, PhaseKind
from lnf.rules import has_n_dot, in_fight, rows, target_order
from lnf.rules.acl import acl, hit_dc
from lnf.rules.strike_order import up_next


def violation_data(v: Violation) -> dict[str, Any]:
    return {"rule": v.rule, "message": v.message, "who": list(v.who), "hint": v.hint}


def input_problem_data(p: InputProblem) -> dict[str, Any]:
    return {"line": p.line, "field": p.path, "message": p.message, "hint": p.hint, "rule": p.rule}


def input_error_data(err: InputError) -> dict[str, Any]:
    return {"file": err.source, "errors": [input_problem_data(p) for p in err.problems]}


def _combatant(c: Hero | Monster, fight: Fight) -> dict[str, Any]:
    group = fight.group_of(c.name)
    return {
        "name": c.name,
        "rank": c.rank.value,
        "why": c.why.value if c.why else None,
        "light": c.light,
        "group": group.label if group else None,
        "hp": c.current_hp,
        "hp_max": c.hp,
        "temp_hp": c.temp_hp,
        "in_fight": in_fight(c),
        "conditions": sorted(x.value for x in c.conditions),
        "effects": list(c.effects),
        **({"defence": _defence(c)} if acl(fight) else {}),
        **({"actions": _actions(c)} if isinstance(c, Monster) and c.actions else {}),
    }


def _actions(m: Monster) -> list[dict[str, Any]]:
    """B1, B2: a monster's special actions and spells, with the uses left (None: at will) and
    what a use spends (its charge, a per-day use, a slot of its own level)."""
    # loaded here, for a monster with actions: the rules behind them (`rules.specials`) would
    # make every `lnf check` and `lnf show` pay for fractions and the plan's reach
    from lnf.rules.limited import use_of, uses_left

    return [
        {"name": a.name, "uses_left": uses_left(m, a), "spends": use_of(m, a)} for a in m.actions
    ]


def _defence(c: Hero | Monster) -> dict[str, Any]:
    """V-ACL1–7: what stands where AC stood, for `--json` readers."""
    return {
        "hit_dc": hit_dc(c),
        "cover": None if c.cover is None else str(c.cover),
        "dr": c.dr,
        "dr_against": {kind.value: n for kind, n in c.typed_dr},
        "parts": dict(c.parts),
        "surge_dice": c.surge,
        "reactions": c.reactions,
    }


def effect_data(e: Effect) -> dict[str, Any]:
    """F4, F5: an effect as --json says it."""
    lasting = e.lasting
    return {
        "key": e.key,
        "who": e.who,
        "what": e.what,
        "condition": e.condition.value if e.condition else None,
        "by": e.by or None,
        "since_round": e.round,
        "concentration": e.concentration,
        "ends": {
            "rounds": lasting.rounds or None,
            "until": {"who": lasting.until[0], "edge": lasting.until[1].value}
            if lasting.until
            else None,
            "save": {"ability": lasting.save[0].value, "dc": lasting.save[1]}
            if lasting.save
            else None,
            "each": lasting.each.value if lasting.each else None,
            "while_concentrating": lasting.concentration or None,
        },
        "text": str(lasting),
    }


def show_data(fight: Fight, problems: list[Violation]) -> dict[str, Any]:
    heroes = []
    for h in rows(fight):
        heroes.append(
            {
                **_combatant(h, fight),
                "class": h.cls,
                "family": h.family.value,
                "dots": {
                    "C": h.c_dot.value if h.c_dot else None,
                    "O": h.o_dot,
                    "N": has_n_dot(h),
                },
            }
        )
    monsters = [
        {**_combatant(m, fight), "kind": m.stat_block, "damage": m.damage} for m in fight.monsters
    ]
    return {
        "title": fight.title,
        "round": fight.round,
        "phase": str(fight.phase),
        "started": fight.started.value,
        "heroes": heroes,
        "monsters": monsters,
        "groups": {g.label: list(g.members) for g in fight.groups},
        "target_order": [h.name for h in target_order(fight)],
        # S1: the round under way: its strike order, whose turn it is at the table, who is next
        "turns": {
            "order": list(fight.turns.order),
            "current": fight.turns.current,
            "next": up_next(fight),
        },
        "variants": sorted(v.value for v in fight.variants),
        "surprised": sorted(fight.surprised),  # D12
        "effects": [effect_data(e) for e in fight.effects],  # F4, F5
        "problems": [violation_data(v) for v in problems],
        "chase": [
            {"escaper": p.escaper, "pursuer": p.pursuer, "points": p.points} for p in fight.chase
        ],
        **(_reach(fight) if fight.phase.kind is PhaseKind.VOLLEY else {}),
    }


def _reach(fight: Fight) -> dict[str, Any]:
    """V3: who reaches with what this volley round. `rules.distance` is imported here, for a
    volley round only: it loads the attack rules, which `show --json` of a mêlée and
    `check --json` never use (start-up time)."""
    from lnf.rules.distance import who_reaches

    return {
        "reach": {
            name: [{"attack": a, "roll": r.value} for a, r in attacks]
            for name, attacks in who_reaches(fight)
        }
    }
