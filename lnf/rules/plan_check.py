"""The independent validator of plans (P2, P7).

Knows nothing of the solver: it checks any plan — the solver's or one a DM wrote — against
R, M, K and A from first principles, naming every broken rule. How good a legal plan is
(P3, P4) is `lnf.rules.plan_score`.
"""

from __future__ import annotations

from lnf.errors import Violation
from lnf.model import BackReason, Fight, Flag, Hero, Monster, Rank
from lnf.model.plan import Mode, MoveKind, Order, Plan
from lnf.rules.attacks import beyond_reach, has_melee, has_ranged, out_reaches, plan_targets
from lnf.rules.back_rank import bound_by_count
from lnf.rules.gangup import broken_tier, unit_spots
from lnf.rules.moves import (
    FAST_SPEED,
    Spot,
    final_spot,
    hero_spot,
    orders_by_monster,
)
from lnf.rules.ranks import can_fly_now, count_met, front_rank_counts
from lnf.rules.roster import held, in_fight, incapacitated, monsters, speed_now
from lnf.rules.surprise import held_back
from lnf.rules.wording import and_list, plural
from lnf.values import value

# --- the validator ---------------------------------------------------------------------------


def check_plan(fight: Fight, plan: Plan) -> list[Violation]:
    """P2: every way the plan breaks R, M, K or A, each with its rule id."""
    found: list[Violation] = []
    seen: set[str] = set()
    for order in plan.orders:
        if order.monster in seen:
            found.append(Violation("P2", f"{order.monster} has two orders", (order.monster,)))
        seen.add(order.monster)
        found += _check_order(fight, order)
    orders = orders_by_monster(fight, plan)
    found += back_rank_count(fight, orders)
    found += _check_joins(fight, orders)
    return found


def _check_order(fight: Fight, order: Order) -> list[Violation]:
    name = order.monster
    if name not in fight or isinstance(fight.combatant(name), Hero):
        return [Violation("P1", f"{name} is not a monster of this fight", (name,))]
    monster = fight.monster(name)
    if not in_fight(monster):
        return [Violation("P1", f"{name} is out of the fight", (name,))]
    acting = order.move.kind is not MoveKind.STAY or order.target is not None
    if incapacitated(monster) and (acting or order.rank is not monster.rank):
        return [Violation("P1", f"{name} is incapacitated and cannot act", (name,))]
    held = held_back(fight, name)
    if held is not None and (acting or order.rank is not monster.rank):
        return [Violation(held[1], f"{name} {held[0]} and cannot act", (name,))]
    found = _check_rank(monster, order) + _check_move(fight, monster, order)
    if order.target is not None:
        found += _check_attack(fight, monster, order)
    return found


def _check_rank(monster: Monster, order: Order) -> list[Violation]:
    name = monster.name
    if order.rank is not monster.rank and held(monster):
        return [
            Violation("R8", f"{name} cannot switch ranks while restrained or grappled", (name,))
        ]
    if order.rank is Rank.FREE_AIR and not can_fly_now(monster):
        return [Violation("R7", f"{name} cannot take to free air (no flying speed now)", (name,))]
    return []


def _check_move(fight: Fight, monster: Monster, order: Order) -> list[Violation]:
    name, move = monster.name, order.move
    if move.kind is MoveKind.STAY:
        return []
    start = fight.group_of(name)
    if move.kind is MoveKind.LEAVE and start is None:
        return [Violation("M6", f"{name} is in no group and cannot leave one", (name,))]
    if move.kind is MoveKind.JOIN:
        if move.group is not None:
            if move.group not in {g.label for g in fight.groups}:
                return [Violation("P1", f"{name} joins group {move.group}, which does not exist")]
            if start is not None and start.label == move.group:
                return [Violation("M1", f"{name} is already in group {move.group}", (name,))]
        else:
            hero = fight.combatant(move.hero) if move.hero and move.hero in fight else None
            if not isinstance(hero, Hero) or not in_fight(hero):
                return [Violation("P1", f"{name} joins {move.hero}, who is no hero in the fight")]
            group = fight.group_of(hero.name)
            if group is not None:
                text = f"{hero.name} is in group {group.label}: join the group"
                return [Violation("M5", text, (name, hero.name))]
    speed = speed_now(monster)
    if speed == 0:
        return [Violation("M4", f"{name} cannot change group at speed 0 or while held", (name,))]
    if move.kind is MoveKind.JOIN and start is not None and speed < FAST_SPEED:
        return [
            Violation(
                "M2",
                f"{name} is slow ({speed} ft): it cannot leave group {start.label} and join "
                "another in one round",
                (name,),
            )
        ]
    return []


def _check_attack(fight: Fight, monster: Monster, order: Order) -> list[Violation]:
    name, target = monster.name, order.target
    assert target is not None
    hero = fight.combatant(target) if target in fight else None
    if not isinstance(hero, Hero) or not in_fight(hero):
        return [Violation("P1", f"{name} attacks {target}, who is no hero in the fight", (name,))]
    who = (name, hero.name)
    if hero not in plan_targets(fight):
        return [Violation("A4", f"{hero.name} is downed and ignored (downed-ignored)", who)]
    if hero.rank is Rank.BACK and hero.why is BackReason.HIDDEN:
        return [Violation("R4", f"{hero.name} is hidden and cannot be targeted", who)]
    spot = final_spot(fight, name, order.move)
    rank = order.rank
    if order.mode is None:
        return [Violation("P1", f"{name}'s attack on {hero.name} needs a mode", who)]
    if order.mode is Mode.MELEE:
        return _check_melee(fight, monster, hero, spot, rank)
    if order.mode is Mode.REACH:
        return _check_reach(monster, hero, spot, rank)
    return _check_ranged(monster, hero, rank)


def _check_melee(fight: Fight, m: Monster, h: Hero, spot: Spot, rank: Rank) -> list[Violation]:
    who = (m.name, h.name)
    if not has_melee(m):
        return [Violation("A1", f"{m.name} has no mêlée attack", who)]
    found = []
    if spot != hero_spot(fight, h):
        found.append(Violation("A1", f"{m.name} does not end in a group with {h.name}", who))
    if h.rank is Rank.FREE_AIR:
        if rank is not Rank.FREE_AIR:
            found.append(Violation("R7", f"{h.name} is in free air; {m.name} is not", who))
    elif h.rank is Rank.BACK:
        swarm = m.has(Flag.SWARM) or m.has(Flag.INCORPOREAL)
        if not (swarm and h.why is BackReason.GUARDED):
            found.append(Violation("R3", f"{h.name} is in the back rank, out of mêlée reach", who))
        elif rank is not Rank.FRONT:
            found.append(Violation("A1", f"{m.name} must be in the front rank", who))
    elif rank is not Rank.FRONT:
        where = "in free air" if rank is Rank.FREE_AIR else "in the back rank"
        rule = "R7" if rank is Rank.FREE_AIR else "R3"
        found.append(Violation(rule, f"{m.name} is {where}, out of mêlée with {h.name}", who))
    return found


def _check_reach(m: Monster, h: Hero, spot: Spot, rank: Rank) -> list[Violation]:
    who = (m.name, h.name)
    found = []
    if not has_melee(m):
        return [Violation("A2", f"{m.name} has no mêlée attack", who)]
    if spot is not None:
        found.append(Violation("A2", f"{m.name} must be unengaged to attack with reach", who))
    if not out_reaches(m.longest_reach, h):
        found.append(
            Violation(
                "A2",
                f"{m.name}'s reach ({m.longest_reach} ft) is not longer than {h.name}'s "
                f"({h.longest_reach} ft)",
                who,
            )
        )
    if h.rank is Rank.FREE_AIR and rank is not Rank.FREE_AIR:
        found.append(Violation("A2", f"{h.name} is in free air, out of reach from below", who))
    if beyond_reach(h):  # R3: only this stops A2
        found.append(Violation("R4", f"{h.name} is out of reach ({h.why})", who))
    return found


def _check_ranged(m: Monster, h: Hero, rank: Rank) -> list[Violation]:
    who = (m.name, h.name)
    if not has_ranged(m):
        return [Violation("A3", f"{m.name} has no ranged attack", who)]
    if rank is Rank.FRONT and has_melee(m):
        return [
            Violation(
                "R2",
                f"{m.name} is in the front rank and has a mêlée attack, so it may not shoot",
                who,
            )
        ]
    return []


def back_rank_count(fight: Fight, orders: dict[str, Order]) -> list[Violation]:
    """R6, counted after this round's moves (with P6's decision when what has already happened
    makes the count impossible: `rules.back_rank`)."""
    by_name = {m.name: m for m in monsters(fight)}
    back = [n for n, o in orders.items() if bound_by_count(fight, by_name[n], o.rank)]
    front_monsters = sum(1 for o in orders.values() if o.rank is Rank.FRONT)
    front_heroes, _ = front_rank_counts(fight)
    if back and not count_met(front_monsters, front_heroes):
        return [
            Violation(
                "R6",
                f"{and_list(back)} in the back rank with {front_monsters} front-rank monsters "
                f"for {front_heroes} front-rank heroes",
                tuple(back),
                "a monster may take the back rank only with one front-rank monster per "
                "front-rank hero",
            )
        ]
    return []


@value
class FinalUnit:
    """K1 unit after the moves: its spot, h(u) and m(u) (K4 counting), and who joined it."""

    spot: tuple[str, str]
    front_heroes: int
    monsters: int
    joined_by: tuple[str, ...]


def final_units(fight: Fight, orders: dict[str, Order]) -> list[FinalUnit]:
    """K1 units with K4 counting (front rank and free air), after this round's moves."""
    units = []
    for spot, front_heroes in unit_spots(fight):
        here = [o for o in orders.values() if final_spot(fight, o.monster, o.move) == spot]
        counted = sum(1 for o in here if o.rank in (Rank.FRONT, Rank.FREE_AIR))
        joined = tuple(o.monster for o in here if o.move.kind is MoveKind.JOIN)
        units.append(FinalUnit(spot, front_heroes, counted, joined))
    return units


def _check_joins(fight: Fight, orders: dict[str, Order]) -> list[Violation]:
    """K2, K3: no monster ends its move in a unit it joined if that unit then breaks K2."""
    units = final_units(fight, orders)
    broken = broken_tier([(u.front_heroes, u.monsters) for u in units])  # K2, decided once
    if broken is None:
        return []
    t, over, under = broken
    low = units[under[0]]
    return [
        Violation(
            "K2",
            f"{and_list(unit.joined_by)} may not join {_spot_name(unit.spot)}: it "
            f"would hold {plural(unit.monsters, 'monster')} for "
            f"{plural(unit.front_heroes, 'front-rank hero', 'front-rank heroes')}, "
            f"more than {t} per hero, while {_spot_name(low.spot)} has "
            f"{low.monsters} for {low.front_heroes}",
            unit.joined_by,
            "K3: a monster may not end its move in a unit that then breaks K2",
        )
        for unit in (units[i] for i in over)
        if unit.joined_by  # K3: only monsters that join are bound; nobody is forced out
    ]


def _spot_name(spot: tuple[str, str]) -> str:
    return f"group {spot[1]}" if spot[0] == "group" else spot[1]


def infer_mode(fight: Fight, order: Order) -> Order:
    """For a hand-written order without a mode: the first of mêlée, reach and ranged that the
    order allows on its own (else mêlée, so that the validator says why)."""
    for mode in (Mode.MELEE, Mode.REACH, Mode.RANGED):
        candidate = Order(order.monster, order.rank, order.move, order.target, mode)
        own = [v for v in check_plan(fight, Plan((candidate,))) if v.rule not in ("R6", "K2")]
        if not own:
            return candidate
    return Order(order.monster, order.rank, order.move, order.target, Mode.MELEE)
