"""Whom a monster's area or aimed action catches (B3, B5, E3, E4): the groups it sees, the
allies it must spare, the P3-best legal catch from a spot and rank, and the validator's check of
a catch. The actions themselves — what may be used, its count and reach — are `rules.specials`'.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import cast

from lnf.errors import Refused, Violation
from lnf.model import (
    Attack,
    Fight,
    Hero,
    Monster,
    Rank,
)
from lnf.rules.action_immunity import immune
from lnf.rules.areas import area_groups, check_catch_groups
from lnf.rules.attacks import beyond_reach
from lnf.rules.moves import Spot
from lnf.rules.specials import CLOSE, catch_count, is_area, reach_kind, reach_of, remembered
from lnf.rules.wording import and_list

# --- B3, B5, E3, E4: whom it catches -------------------------------------------------------


def immune_to(ally: Monster, action: Attack) -> bool:
    """B5: an ally immune to all of the action's damage (and to the conditions it imposes)
    may be caught."""
    kinds = {p.damage_type for p in action.damage.parts}
    kinds |= {r.damage_type for r in action.riders if r.damage is not None}
    if not kinds or None in kinds or not ally.immune:
        return False
    conditions = {c for r in action.riders for c in r.conditions}
    return kinds <= ally.immune and conditions <= ally.condition_immune


class _Group:
    """E3 for one area: a group's heroes, the allies it must spare (B5) and the allies immune
    to it (caught with the group, counted in E1's number)."""

    def __init__(self, label: str, heroes: list[str], spared: list[str], immune: list[str]):
        self.label = label
        self.heroes = heroes
        self.spared = spared
        self.immune = immune


def _groups(fight: Fight, monster: Monster, action: Attack) -> list[_Group]:
    """E3 with B5: every group and every unengaged hero as the round starts (`area_groups`),
    the user left out (its own group counts as wholly hit when every other member is
    caught)."""
    memo = remembered(fight)
    # by the action's identity, held beside the answer (an action's key by value hashes
    # deep: its dice, riders, area), as the fight holds its monsters' actions
    key = ("groups", monster.name, id(action))
    found = cast("tuple[Attack, list[_Group]] | None", memo.get(key))
    if found is None or found[0] is not action:
        found = (action, _groups_now(fight, monster, action))
        memo[key] = found
    return found[1]


def _groups_now(fight: Fight, monster: Monster, action: Attack) -> list[_Group]:
    memo = remembered(fight)
    seen = cast("list[tuple[str, tuple[str, ...]]] | None", memo.get("area groups"))
    if seen is None:  # E3's groups, the same for every monster and action
        seen = area_groups(fight)
        memo["area groups"] = seen
    out = []
    for label, members in seen:
        heroes = [n for n in members if isinstance(fight.combatant(n), Hero)]
        if not heroes:
            continue
        spared: list[str] = []
        immune: list[str] = []
        for n in members:
            if n != monster.name and n not in heroes:
                (immune if immune_to(fight.monster(n), action) else spared).append(n)
        out.append(_Group(label, heroes, spared, immune))
    return out


def _feasible(
    groups: list[_Group], chosen: set[str], out: set[str], reach: set[str], count: int
) -> bool:
    """E1, E3, B5: can `chosen` grow into a legal catch without any of `out`? Every group it
    touches is hit whole (its heroes and its immune allies) but at most one, which is hit only
    in part; a group with allies to spare, or with a hero out of reach or left out, can only be
    that one."""
    touched = [g for g in groups if chosen.intersection(g.heroes)]
    forced = [g for g in touched if g.spared or any(h not in reach or h in out for h in g.heroes)]
    if len(forced) > 1:
        return False
    whole = {g.label: len(g.heroes) + len(g.immune) for g in touched}
    part = {g.label: len(chosen.intersection(g.heroes)) for g in touched}
    total = sum(whole.values())
    if forced:
        label = forced[0].label
        return total - whole[label] + part[label] <= count
    saving = max((whole[k] - part[k] for k in whole), default=0)
    return total - saving <= count


def best_catch(
    fight: Fight,
    monster: Monster,
    action: Attack,
    spot: Spot,
    rank: Rank,
    include: Collection[str] = (),
    exclude: Collection[str] = (),
    prefer: Sequence[str] | None = None,
) -> tuple[str, ...]:
    """B3, B5, E3, E4: the P3-best legal set of heroes for `action` from `spot` in `rank`, in
    target order: the set that takes the earliest heroes of the target order (P3 on sums is
    lexicographic, so it is the best whatever the other monsters do); () if none. With
    `include` and `exclude` (a DM's wishes, B9; the solver's P5 questions), the best legal set
    that holds every hero of `include` and none of `exclude`. With `prefer`, the heroes are
    taken in that order instead (greedy monsters: down the rows)."""
    reach = reach_of(fight, monster, action, spot, rank)
    if prefer is not None:
        reach = tuple(n for n in prefer if n in reach)
    return catch_among(fight, monster, action, reach, include, exclude)


def catch_among(
    fight: Fight,
    monster: Monster,
    action: Attack,
    reach: Sequence[str],
    include: Collection[str] = (),
    exclude: Collection[str] = (),
) -> tuple[str, ...]:
    """`best_catch` among the heroes `reach` (`reach_of`: where the monster stands counts
    only through whom it reaches, so the solver asks once per set of heroes reached), taken
    in the order given."""
    return _grown(
        catch_count(action),
        is_area(action),
        lambda: _groups(fight, monster, action),
        reach,
        include,
        exclude,
    )


class CatchGround:
    """All that `catch_among` reads of a monster, its action and the fight (`catch_ground`):
    E1's count, whether it is an area (E3) and, for an area, each group as `_feasible`
    sees it: its label, its heroes, whether it has allies to spare (B5), how many immune
    allies it holds. `key` holds just that, so two monsters with equal keys catch alike from
    the same heroes reached (the solver shares their catches: twins in other groups, other
    kinds with the same action, the plan's troops and P5's)."""

    def __init__(self, count: int, area: bool, groups: list[_Group]) -> None:
        self.count = count
        self.area = area
        self.groups = groups
        shape = tuple((g.label, tuple(g.heroes), bool(g.spared), len(g.immune)) for g in groups)
        self.key: tuple[object, ...] = (count, area, shape)

    def catch(
        self, reach: Sequence[str], include: Collection[str] = (), exclude: Collection[str] = ()
    ) -> tuple[str, ...]:
        """`catch_among` for the monster and action it was made of."""
        return _grown(self.count, self.area, lambda: self.groups, reach, include, exclude)


def catch_ground(fight: Fight, monster: Monster, action: Attack) -> CatchGround:
    """`monster`'s `CatchGround` for `action` (an aimed action reads no group)."""
    area = is_area(action)
    return CatchGround(catch_count(action), area, _groups(fight, monster, action) if area else [])


def _grown(
    count: int,
    area: bool,
    groups_of: Callable[[], list[_Group]],
    reach: Sequence[str],
    include: Collection[str],
    exclude: Collection[str],
) -> tuple[str, ...]:
    """`catch_among` from what it reads (see `CatchGround`)."""
    if not set(include) <= set(reach) or set(include) & set(exclude) or len(include) > count:
        return ()
    if not area:  # B3: aimed at each hero (one, the darts, or its choice)
        rest = [n for n in reach if n not in include and n not in exclude]
        kept = {*include, *rest[: count - len(include)]}
        return tuple(n for n in reach if n in kept)
    groups = groups_of()
    chosen: set[str] = set(include)
    out: set[str] = set(exclude)
    if chosen and not _feasible(groups, chosen, out, set(reach), count):
        return ()
    for name in reach:
        if name in chosen or name in out:
            continue
        if _feasible(groups, chosen | {name}, out, set(reach), count):
            chosen.add(name)
        else:
            out.add(name)
    return tuple(n for n in reach if n in chosen)


def check_catch(
    fight: Fight, monster: Monster, action: Attack, spot: Spot, rank: Rank, targets: Sequence[str]
) -> list[Violation]:
    """For the validator: the heroes an order with `action` attacks — each reached (B4),
    no more than it catches (E1, B3) and, for an area, whole groups first with at most one
    hit in part (E3), the user's allies spared (B5)."""
    who = (monster.name, *targets)
    found: list[Violation] = []
    if len(set(targets)) < len(targets):
        found.append(Violation("B3", f"{action.name} names a hero twice", who))
    reach = set(reach_of(fight, monster, action, spot, rank))
    faced = [t for t in targets if immune(fight, t, monster, action)]
    if faced:  # B1, F4: reached, but no more affected
        found.append(
            Violation(
                "B1",
                f"{and_list(faced)} faced {monster.name}'s {action.name} and "
                f"{'is' if len(faced) == 1 else 'are'} immune to it (a save against it, 24 hours)",
                who,
            )
        )
    far = [t for t in targets if t not in reach and t not in faced]
    if far:
        found.append(
            Violation(
                "B4",
                f"{action.name} ({reach_words(action)}) does not reach {and_list(far)} from "
                f"{_where(spot, rank)}",
                who,
            )
        )
    count = catch_count(action)
    if not is_area(action):
        if len(set(targets)) > count:
            what = "one hero" if count == 1 else f"{count} heroes"
            found.append(Violation("B3", f"{action.name} attacks {what}, not more", who))
        return found
    groups = _groups(fight, monster, action)
    chosen = set(targets)
    # B5: an ally immune to all of it may be caught with its group (taking one of E1's
    # places) or spared (its group then hit in part): spared in the one group where that
    # saves most, when no other group is hit in part, caught elsewhere.
    whole = [g for g in groups if g.immune and set(g.heroes) <= chosen and not g.spared]
    partly = [
        g
        for g in groups
        if chosen.intersection(g.heroes) and (g.spared or not set(g.heroes) <= chosen)
    ]
    spare = max(whole, key=lambda g: len(g.immune)) if whole and not partly else None
    caught = [*targets, *(n for g in whole if g is not spare for n in g.immune)]
    seen = [(g.label, (*g.heroes, *g.spared, *g.immune)) for g in groups]
    spared = [n for g in groups if chosen.intersection(g.heroes) for n in g.spared]
    hint = f"{and_list(spared)} must be spared (B5)" if spared else ""
    return found + check_catch_groups(seen, caught, count, hint)


def _where(spot: Spot, rank: Rank) -> str:
    place = "unengaged" if spot is None else str(spot)
    return f"{place}, {rank} rank" if rank is not Rank.FREE_AIR else f"{place}, in free air"


def reach_words(action: Attack) -> str:
    """B4 in a DM's words: "15 ft cone", "range 150 ft", "ranged attack"."""
    if action.area is not None and action.range is None:
        return str(action.area)
    if action.range is not None:
        return f"range {action.range[0]} ft"
    return "ranged attack" if action.is_ranged else f"reach {action.reach} ft"


# --- a hero's action asked for, refused with B's rules (`rules.legal` asks) ------------------


def verify_close_reach(fight: Fight, caster: Hero, action: Attack, target: str) -> None:
    """B4, for heroes as for monsters (`specials.reaches`): an action without an attack roll
    that reaches under 30 ft from its user (Burning Hands' 15-ft cone, Thunderwave's cube, a
    touch) reaches only the user's own group, and not one somewhere foes cannot reach (R4).
    Joining the group first, this turn, brings it in reach. Only for an action whose range is
    known: a hero's spell with an effect (Faerie Fire, Web) carries its area without the range
    the spellbook gives it, and is taken as reaching as a spell."""
    if action.range is None or reach_kind(action) != CLOSE:
        return
    mine, theirs = fight.group_of(caster.name), fight.group_of(target)
    if mine is not None and mine is theirs and not beyond_reach(fight.combatant(target)):
        return
    join = f"; join {target} first" if theirs is not None else ""
    # a hero's spell carries both a range and an area: "15 ft cone" says why
    said = str(action.area) if action.area is not None else reach_words(action)
    raise Refused(
        f"{caster.name}'s {action.name} ({said}) reaches only "
        f"{caster.name}'s own group, and {target} is not in it{join}",
        "B4",
    )
