"""A monster's special actions and spells in the plan (B1–B6): which it may use now, how many
heroes each catches and whom it reaches from where, the best legal catch and its check, the
expected damage of an order and the resource it spends.

The solver, the validator (`rules.plan_check`), the score (`rules.plan_score`) and the round
engine all ask here; each rule is decided in one function below.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from fractions import Fraction

from lnf.errors import Violation
from lnf.model import (
    SLOT,
    Attack,
    Cost,
    Fight,
    Hero,
    Monster,
    PhaseKind,
    Rank,
    Resource,
)
from lnf.model.plan import Mode, Order
from lnf.rules.areas import area_groups, check_catch_groups, target_count
from lnf.rules.attacks import (
    UNARMED,
    beyond_reach,
    has_melee,
    melee_rank,
    out_of_melee_reach,
    plan_targets,
    reach_ranks,
    roll_for,
    routine,
    unseen,
)
from lnf.rules.chase import chase_reach, in_chase, pool
from lnf.rules.distance import volley_reach
from lnf.rules.expected import attack_mean, dice_mean, hundredths, riders_mean, saved
from lnf.rules.moves import Spot, hero_spot
from lnf.rules.ranks import can_fly_now
from lnf.rules.reach_steps import SHORT, far_reach
from lnf.rules.roster import in_fight
from lnf.rules.wording import and_list

# --- B1, B2: what it may use now ---------------------------------------------------------------


def resource_of(monster: Monster, action: Attack) -> Resource | None:
    """B2: what is left of a limited action: the resource it `spends` (a dragon's breath
    options share "Breath Weapons"), else the one named as the action (recharge, per day),
    else a slotted spell's "slot N"; None when the action is at will or the monster's file
    counts no such resource (then it is taken as fully charged)."""
    name = use_name(action)
    if name is None:
        return None
    return next((r for r in monster.resources if r.name.lower() == name.lower()), None)


def use_name(action: Attack) -> str | None:
    """B2, B6: the name of what one use of `action` spends (`resource_of`'s): the resource it
    `spends`, else its own name (recharge, per day), else a slot of its own level; None at will."""
    if action.spends:
        return action.spends
    if action.recharge or action.per_day:
        return action.name
    return f"{SLOT}{action.slot}" if action.slot else None  # B6: its own level, never upcast


def charged(monster: Monster, action: Attack) -> bool:
    """B2: a recharge action is charged, a per-day use or the spell's slot is left."""
    left = resource_of(monster, action)
    return left is None or left.left > 0


def attacks_a_hero(action: Attack) -> bool:
    """B6: an action that deals damage or imposes a condition on a hero (its riders, Sleep's
    hit points). Spells that do neither (Mage Armor, Misty Step) are no option of the plan:
    the plan orders attacks (P1), and with nothing else possible a monster casting them would
    attack nobody — the DM may cast them."""
    if action.damage.maximum > 0:
        return True
    if any(r.conditions or r.damage is not None for r in action.riders):
        return True
    return action.effect is not None and action.effect.sleep is not None


def usable(fight: Fight, monster: Monster) -> tuple[Attack, ...]:
    """B1, B2: the special actions and spells `monster` may use as its action now, in its
    stat block's order: an action (not a bonus action or reaction, B10), charged or with a use
    or its slot left, that attacks a hero or imposes a condition (B6)."""
    del fight  # what is left is the monster's own (B2); the fight is asked for symmetry
    return tuple(
        a
        for a in monster.actions
        if a.cost is Cost.ACTION and charged(monster, a) and attacks_a_hero(a)
    )


def action_named(monster: Monster, name: str) -> Attack | None:
    """The special action or spell of that name in the monster's stat block (B1)."""
    return next((a for a in monster.actions if a.name.lower() == name.lower()), None)


def check_usable(monster: Monster, name: str) -> list[Violation]:
    """B1, B2 for an order that names an action: the monster has it, as an action, and it is
    charged or has a use or slot left."""
    who = (monster.name,)
    action = action_named(monster, name)
    if action is None:
        have = and_list([a.name for a in monster.actions]) or "none"
        return [Violation("B1", f"{monster.name} has no action called {name} (it has {have})", who)]
    if action.cost is not Cost.ACTION:
        return [Violation("B1", f"{action.name} is {monster.name}'s {action.cost}, no action", who)]
    if not charged(monster, action):
        return [Violation("B2", f"{monster.name}'s {action.name} is {spent_words(action)}", who)]
    if not attacks_a_hero(action):
        return [
            Violation(
                "B6", f"{action.name} neither harms a hero nor imposes a condition on one", who
            )
        ]
    return []


def spent_words(action: Attack) -> str:
    """B2 in a DM's words: why a limited action cannot be used now."""
    if action.recharge:
        return "not charged"
    if action.per_day:
        return "used up for the day"
    return f"out of {SLOT.strip()}s of level {action.slot}"


# --- B3, E1: how many it catches -----------------------------------------------------------

# B3: the one SRD spell whose darts hit without an attack roll or a save.
SURE_HITS = frozenset({"magic missile"})
EVERY_HERO = 1000  # B3: "creatures of its choice" without an E1 shape: every hero it reaches


def sure_hit(action: Attack) -> bool:
    """B3: Magic Missile's darts hit without a roll (3.5 a dart in X7)."""
    return action.name.lower() in SURE_HITS and action.save is None


def is_split(action: Attack) -> bool:
    """B3: its darts, rays or beams (`times`) may each go at a different hero."""
    return action.times > 1 and action.area is None


def is_area(action: Attack) -> bool:
    """B3, E1: an area that catches whole groups first (E3); an area of the user's choice
    (Frightful Presence) is aimed at each hero instead."""
    return action.area is not None and not action.choice


def catch_count(action: Attack) -> int:
    """B3, E1: how many it catches: an area's E1 count, a split action's darts, rays or
    beams, every hero it reaches for creatures of its choice without a shape, else one."""
    if action.area is not None:
        return target_count(action.area)
    if action.choice:
        return EVERY_HERO
    return max(1, action.times)


# --- B4: whom it reaches -------------------------------------------------------------------

STRIKE = "strike"  # an attack roll in mêlée (A1, A2)
SHOT = "shot"  # a ranged attack roll (A3, R2): Fire Bolt, Scorching Ray
CLOSE = "close"  # B4: under 30 ft from its user, or a touch: its own group only
THROWN = "thrown"  # B4: 30–59 ft from its user: as a ranged attack, as a thrown weapon in V3/C4
SPELL = "spell"  # B4: a range, or 60 ft or more from its user: as a spell
FAR = 60  # B4: from its user, this far or more reaches as a spell


def rolls_to_hit(action: Attack) -> bool:
    """An action with an attack roll (Fire Bolt, Scorching Ray): not a save, not sure darts."""
    return action.save is None and not sure_hit(action)


def reach_kind(action: Attack) -> str:
    """B4: how an action reaches. An attack roll as an attack does (A1–A3); without one (a
    save, a breath, sure darts) by its range (under 30 ft: a touch) or, starting at its user,
    by its area's size: under 30 ft its own group, 30–59 ft as a ranged attack, 60 ft or more
    as a spell; with neither, its own group."""
    if rolls_to_hit(action):
        return SHOT if action.is_ranged else STRIKE
    if action.range is not None:
        return CLOSE if action.range[1] < SHORT else SPELL
    if action.area is None or action.area.size < SHORT:
        return CLOSE
    return THROWN if action.area.size < FAR else SPELL


def action_mode(action: Attack, spot: Spot) -> Mode:
    """The mode an order with this action carries: a mêlée attack roll is mêlée in a group
    and reach when unengaged (A2); an action that reaches only its own group is mêlée; any
    other (shots, spells, breaths of 30 ft or more) is ranged."""
    kind = reach_kind(action)
    if kind == STRIKE:
        return Mode.MELEE if spot is not None else Mode.REACH
    return Mode.MELEE if kind == CLOSE else Mode.RANGED


def _volley_reach(action: Attack, kind: str, n: int) -> bool:
    """B4 through V3 in volley round `n`: as a spell (far_reach), 30–59 ft as a thrown weapon
    (the last round only), a shot as a ranged weapon; mêlée and close actions never."""
    if kind == SPELL:
        return far_reach(action, n) is not None
    if kind == THROWN:
        return n == 1
    return kind == SHOT and volley_reach(action, n) is not None


def _chase_reach(action: Attack, kind: str, points: int) -> bool:
    """B4 through C4 across a pair's escape points: as a spell (far_reach, and at arm's
    length), a shot as a ranged weapon; anything else only at 0 (30–59 ft as a thrown weapon)."""
    if kind == SPELL:
        return points == 0 or far_reach(action, points) is not None
    if kind == SHOT:
        return chase_reach(action, points) is not None
    return points == 0


def reaches(
    fight: Fight, monster: Monster, action: Attack, spot: Spot, rank: Rank, hero: Hero
) -> bool:
    """B4 (and A1–A3, R2 for an attack roll, V3, C4): whether `action`, used from `spot` in
    `rank`, reaches `hero`. A hidden hero is never picked (R4)."""
    if unseen(hero) or not in_fight(hero):
        return False
    kind = reach_kind(action)
    if fight.phase.kind is PhaseKind.VOLLEY:  # V3: no groups, no ranks
        return _volley_reach(action, kind, fight.phase.volley)
    if not fight.phase.kind.melee_possible:
        return False
    if in_chase(fight, monster.name) or in_chase(fight, hero.name):  # C4: a pair's points
        shared = pool(fight, monster.name, hero.name)
        return shared is not None and _chase_reach(action, kind, shared.points)
    if kind == STRIKE:
        if spot is not None:  # A1, R3, R5, R7
            together = spot == hero_spot(fight, hero)
            return together and melee_rank(monster, hero) is rank and not out_of_melee_reach(hero)
        return rank in reach_ranks(action.reach, hero, can_fly_now(monster))  # A2
    if kind == SHOT:
        return rank is not Rank.FRONT or not has_melee(monster)  # A3, R2
    if kind == CLOSE:
        return spot is not None and spot == hero_spot(fight, hero) and not beyond_reach(hero)
    return True  # B4: 30 ft or more, as a ranged attack or a spell: a save is no shot (R2)


def reach_of(
    fight: Fight, monster: Monster, action: Attack, spot: Spot, rank: Rank
) -> tuple[str, ...]:
    """B4: the heroes (names, in target order) `action` reaches from `spot` in `rank`."""
    return tuple(h.name for h in _targets(fight) if reaches(fight, monster, action, spot, rank, h))


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


# What is worked out for the last fight asked about (the solver asks for every troop, spot
# and rank of one fight in turn): kept while that very fight is asked about, never stale.
_memo: dict[object, object] = {}
_memo_of: list[Fight] = []


def _remembered(fight: Fight) -> dict[object, object]:
    if not _memo_of or _memo_of[0] is not fight:
        _memo.clear()
        _memo_of[:] = [fight]
    return _memo


def _targets(fight: Fight) -> tuple[Hero, ...]:
    memo = _remembered(fight)
    if "targets" not in memo:
        memo["targets"] = plan_targets(fight)
    return memo["targets"]  # type: ignore[return-value]


def _groups(fight: Fight, monster: Monster, action: Attack) -> list[_Group]:
    """E3 with B5: every group and every unengaged hero as the round starts (`area_groups`),
    the user left out (its own group counts as wholly hit when every other member is
    caught)."""
    memo = _remembered(fight)
    key = ("groups", monster.name, action)
    if key not in memo:
        memo[key] = _groups_now(fight, monster, action)
    return memo[key]  # type: ignore[return-value]


def _groups_now(fight: Fight, monster: Monster, action: Attack) -> list[_Group]:
    out = []
    for label, members in area_groups(fight):
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
    count = catch_count(action)
    if not set(include) <= set(reach) or set(include) & set(exclude) or len(include) > count:
        return ()
    if not is_area(action):  # B3: aimed at each hero (one, the darts, or its choice)
        rest = [n for n in reach if n not in include and n not in exclude]
        kept = {*include, *rest[: count - len(include)]}
        return tuple(n for n in reach if n in kept)
    groups = _groups(fight, monster, action)
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
    far = [t for t in targets if t not in reach]
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


def split_darts(action: Attack, targets: Sequence[str]) -> tuple[tuple[str, int], ...]:
    """B3: a split action's darts, rays or beams go one at each hero named, round and round
    in the order named (three darts at two heroes: two at the first)."""
    if not targets:
        return ()
    if not is_split(action):
        return tuple((t, 1) for t in targets)
    darts = action.times
    return tuple(
        (t, darts // len(targets) + (i < darts % len(targets))) for i, t in enumerate(targets)
    )


# --- B6 (1): expected damage ---------------------------------------------------------------


def action_mean(
    fight: Fight, monster: Monster, action: Attack, hero: Hero, mode: Mode, rank: Rank
) -> Fraction:
    """B6 (1) for one dart, ray, beam or the whole action at one hero: a sure dart its mean,
    a save its fail chance × the mean plus its success chance × half, an attack roll as any."""
    if sure_hit(action):
        return dice_mean(action.damage, hero)[0]
    if not rolls_to_hit(action):
        mean, _ = dice_mean(action.damage, hero)
        return saved(mean, action.save, action.half, hero) + riders_mean(action, hero)
    roll, _ = roll_for(monster, hero, mode, rank)
    return attack_mean(action, hero, roll, mode)


def expected_damage(fight: Fight, monster: Monster, order: Order) -> int:
    """B6 (1): the order's expected damage in whole hundredths over the heroes it attacks:
    its weapons' whole routine (Multiattack) at its target with the roll D4 gives, or its
    special action at each hero caught (a split action's darts as `split_darts` deals them).
    Not capped at a hero's hit points; a condition imposed is worth nothing here (it counts
    in P3 as an attack)."""
    if order.target is None or order.target not in fight:
        return 0
    if not isinstance(fight.combatant(order.target), Hero):
        return 0  # no hero: the validator says so (P1)
    spot_mode = order.mode
    if not order.action:
        hero = fight.hero(order.target)
        mode = spot_mode if spot_mode is not None else Mode.MELEE
        roll, _ = roll_for(monster, hero, mode, order.rank)
        attacks = routine(monster, hero, mode) or (() if monster.attacks else (UNARMED,))
        means = [attack_mean(a, hero, roll, mode) for a in attacks]
        from lnf.rules.multiattack_first import first_mean  # B1: the action it uses first

        return hundredths(sum(means, first_mean(fight, monster, order)))
    action = action_named(monster, order.action)
    if action is None:
        return 0
    mode = spot_mode if spot_mode is not None else Mode.RANGED
    total = Fraction(0)
    for name, darts in split_darts(action, order.targets):
        if name in fight and isinstance(fight.combatant(name), Hero):
            total += darts * action_mean(fight, monster, action, fight.hero(name), mode, order.rank)
    return hundredths(total)


# --- B6 (2): the resource spent --------------------------------------------------------------


def resource_rank(monster: Monster, action: str) -> int:
    """B6 (2): at will (weapons, "") 0 < recharge 1 < per day 2 < a slot: 3 + its level."""
    found = action_named(monster, action) if action else None
    if found is None:
        return 0
    if found.per_day:
        return 2
    if found.slot:
        return 3 + found.slot
    return 1 if found.recharge else 0


def action_index(monster: Monster, action: str) -> int:
    """B6's last tie-break: the stat block's order of actions (weapons first, 0)."""
    names = [a.name.lower() for a in monster.actions]
    return 1 + names.index(action.lower()) if action and action.lower() in names else 0
