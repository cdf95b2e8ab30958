"""What the rules do as a round starts, before anyone acts, and the monsters' plan in each
phase. The runner plays these and `lnf plan` previews them with the same functions, so the
plan a DM is shown between rounds is the plan the round then plays.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from lnf.dice.roll import DiceSource
from lnf.engine.apply import apply
from lnf.engine.replan import grid_view
from lnf.engine.volleys import tick_volley
from lnf.errors import Refused, RuleViolation
from lnf.model import Fight, PhaseKind, Rank
from lnf.model.applied import Applied
from lnf.model.events import Event, Planned, Recorded, RoundStarted
from lnf.model.plan import Plan
from lnf.model.steps import Healed, Moved, Recharged
from lnf.rules.distance import volley_plan, volley_planned
from lnf.rules.idle_casts import with_idle_casts
from lnf.rules.limited import charged_again, spent_recharges
from lnf.rules.ranks import check_hero_back_rank
from lnf.rules.roster import in_fight
from lnf.rules.state_check import unplayable
from lnf.rules.strike_order import strike_order, up_next
from lnf.rules.surprise import surprise_round_next
from lnf.rules.traits import REGENERATION, regenerates

Planner = Callable[[Fight], Plan]
Dice = Callable[[str], DiceSource]  # the dice for one event, by what it is (Table.dice)


def verify_playable(fight: Fight, name: str) -> None:
    """Nothing illegal is played: a fight that breaks rules play does not settle (see
    `unplayable`) is refused before any round, turn or fight of odds is played."""
    problems = unplayable(fight)
    if problems:
        raise RuleViolation(
            problems,
            f"{name} cannot be played on as it stands (lnf check says the same); fix the "
            "fight file, or record what changed:",
        )


def round_number(fight: Fight) -> int:
    """The number the next round gets: the fight file's round for the first one played."""
    return fight.round + 1 if fight.turns.order else fight.round


def opening(fight: Fight) -> list[Event]:
    """As a round starts (the volley rounds, if the sides were apart, are rolled first: V1):
    a volley round went by (V2), and a back-rank hero whose reason is gone steps into the
    front rank (R4, R5) before the monsters plan."""
    events: list[Event] = []
    last = fight.turns
    if fight.phase.kind is PhaseKind.VOLLEY and last.order and last.phase == fight.phase:
        events.append(tick_volley(fight))
        fight = apply(fight, events[-1]).after
    while fight.phase.kind.melee_possible:
        broken = [  # R4, R5: where the state checks tell them (a property test says so)
            v
            for v in check_hero_back_rank(fight)
            if v.rule in ("R4", "R5")
            and any(fight.hero(n).rank is Rank.BACK for n in v.who if n in fight)
        ]
        if not broken:
            break
        who = broken[0].who[-1]
        events.append(
            Recorded(
                (Moved(who, rank=Rank.FRONT),),
                note=f"{who} may no longer stand back ({broken[0].rule}): {broken[0].message}.",
                by_rules=True,
            )
        )
        fight = apply(fight, events[-1]).after
    for m in fight.monsters:  # B8: Regeneration, at the round's start (B2)
        if hp := regenerates(m):
            healed = Healed(m.name, hp, by=REGENERATION, healer=m.name)
            events.append(Recorded((healed,), by_rules=True))
    return events


def recharge_rolls(fight: Fight, dice: Dice) -> Recorded | None:
    """B2: as round `fight.round` starts, before the plan, each monster in the fight rolls a
    d6 for each recharge action it has spent (the dice named "round N: recharge"); on the
    action's number or more it is charged again. None when nothing is spent. (The round's
    start stands for the monster's turn: LNF has no initiative.)"""
    steps: list[Recharged] = []
    rolling = dice(f"round {fight.round}: recharge")
    for m in fight.monsters:
        for name, action in spent_recharges(m) if in_fight(m) else ():
            rolling.about(f"{m.name} rolls for {name}: charged on {action.recharge}+")
            face = rolling.face(6)
            steps.append(Recharged(m.name, name, face, charged_again(action, face)))
    return Recorded(tuple(steps), by_rules=True) if steps else None


def recharge_pending(later: Sequence[Applied]) -> bool:
    """B2: the round begun last, whose records since are `later`, has had neither its recharge
    dice nor its plan yet (a stop came between): they are rolled as it carries on."""
    return not any(
        isinstance(r.event, Planned)
        or (isinstance(r.event, Recorded) and any(isinstance(s, Recharged) for s in r.event.steps))
        for r in later
    )


def plan_in_phase(grid: Fight, planner: Planner) -> Plan:
    """One planner per phase: in a volley round every monster that reaches shoots (V4); else
    the plan of P1–P4 (`planner`, the solver). B6: a monster that reaches nobody casts its
    spell on itself in either (`rules.idle_casts`)."""
    return with_idle_casts(grid, volley_plan(grid)) if volley_planned(grid) else planner(grid)


def surprise_round_start(fight: Fight) -> RoundStarted:
    """V-ENC1: the surprise round, lnf's round 0: those named act, in strike order."""
    acting = dict(fight.surprise_round)
    order = tuple(n for n in strike_order(fight) if acting.get(n, 0))
    return RoundStarted(0, order, fight.phase)


def next_grid(fight: Fight, dice: Dice | None = None) -> Fight:
    """The grid the monsters' next plan is made for: the grid now in a round under way (P6),
    else the grid as the next round opens, with that round's number and its recharge rolls
    (B2, rolled with the log's `dice` as the round will roll them; without dice, a fight not
    begun, nothing spent is charged). The chase runs beside the grid (C1): its members are left
    out."""
    if up_next(fight) is not None:
        return grid_view(fight)
    if surprise_round_next(fight):
        return grid_view(apply(fight, surprise_round_start(fight)).after)
    if fight.phase.kind is PhaseKind.APART:
        raise Refused(
            "the sides are apart: the volley rounds are rolled before any plan (V1); lnf start "
            "rolls or sets them, or lnf next rolls them as the round starts"
        )
    for event in opening(fight):
        fight = apply(fight, event).after
    order = tuple(strike_order(fight))
    number = round_number(fight)
    begun = apply(fight, RoundStarted(number, order, fight.phase)).after
    rolls = recharge_rolls(begun, dice) if dice is not None else None
    return grid_view(apply(begun, rolls).after if rolls is not None else begun)
