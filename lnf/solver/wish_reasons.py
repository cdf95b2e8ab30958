"""B9 and P7: why a DM's wish of one monster on one hero (with an action or not) cannot be
met, by what the validator says of the likeliest order (`explain.explain_wish`)."""

from __future__ import annotations

from lnf.model import Fight, Hero, Monster, Rank
from lnf.model.plan import LEAVE, STAY, Mode, Order, Plan, Wish
from lnf.rules.attacks import has_melee
from lnf.rules.moves import can_act, hero_spot, start_spot
from lnf.rules.multiattack_first import with_first
from lnf.rules.plan_check import check_plan
from lnf.rules.ranks import melee_rank
from lnf.rules.roster import monsters
from lnf.rules.specials import action_mode, action_named, check_usable
from lnf.solver.model import FAMILIES


def pairing_blocks(fight: Fight, wish: Wish) -> list[str]:
    """Per mode, what the validator says of the likeliest order for that mode."""
    if wish.monster not in fight or not isinstance(fight.combatant(wish.monster), Monster):
        return [f"{wish.monster} is not a monster of this fight"]
    if wish.hero not in fight or not isinstance(fight.combatant(wish.hero), Hero):
        return [f"{wish.hero} is not a hero of this fight"]
    monster, hero = fight.monster(wish.monster), fight.hero(wish.hero)
    if monster not in monsters(fight) or not can_act(fight, monster):
        return [f"{monster.name} cannot act this round (P1)"]
    if wish.action:
        return _action_blocks(fight, monster, hero, wish.action)
    out = []
    for mode in Mode:
        order = with_first(fight, _likeliest_order(fight, monster, hero, mode))  # B1, B3
        found = [v for v in check_plan(fight, Plan((order,))) if v.rule not in FAMILIES]
        if found:
            out.append(f"{mode}: " + ", ".join(f"{v.message} ({v.rule})" for v in found))
    return out or [f"{monster.name} could reach {hero.name}, but the rules forbid every such plan"]


def _action_blocks(fight: Fight, monster: Monster, hero: Hero, name: str) -> list[str]:
    """B9: why `monster` cannot use its action `name` on `hero`: the action itself (B1, B2,
    B6), else what the validator says of it used from where the monster stands."""
    found = check_usable(monster, name)
    action = action_named(monster, name)
    if not found and action is not None:
        spot = start_spot(fight, monster.name)
        mode = action_mode(action, spot)
        order = Order(monster.name, monster.rank, STAY, hero.name, mode, action.name)
        found = [v for v in check_plan(fight, Plan((order,))) if v.rule not in FAMILIES]
    return [f"{v.message} ({v.rule})" for v in found] or [
        f"{monster.name} could use {name} on {hero.name}, but the rules forbid every such plan"
    ]


def _likeliest_order(fight: Fight, monster: Monster, hero: Hero, mode: Mode) -> Order:
    if mode is Mode.MELEE:
        spot = hero_spot(fight, hero)
        move = STAY if start_spot(fight, monster.name) == spot else spot.move
        return Order(monster.name, melee_rank(monster, hero) or Rank.FRONT, move, hero.name, mode)
    if mode is Mode.REACH:
        move = STAY if start_spot(fight, monster.name) is None else LEAVE
        rank = Rank.FREE_AIR if hero.rank is Rank.FREE_AIR else monster.rank
        return Order(monster.name, rank, move, hero.name, mode)
    rank = Rank.BACK if has_melee(monster) else monster.rank
    return Order(monster.name, rank, STAY, hero.name, mode)
