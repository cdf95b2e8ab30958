"""P5: why a hero cannot be attacked at all, mode by mode, from the rules alone; and why a
monster holds a special action back (B2–B6).

What the solver adds (a rule such as R6 or K2 that forbids the plan that would reach the
hero, or heroes earlier in the target order taking the attackers) is in `lnf.solver.explain`.
"""

from __future__ import annotations

from lnf.model import Attack, BackReason, Cost, Fight, Hero, Monster, Rank
from lnf.model.plan import Mode, Order, Plan
from lnf.rules.action_immunity import immune
from lnf.rules.attacks import (
    Need,
    beyond_reach,
    has_melee,
    has_ranged,
    mode_needs,
    out_reaches,
    plan_targets,
    unseen,
)
from lnf.rules.back_rank import bound_by_count, most_front_rank_without
from lnf.rules.catches import best_catch, reach_words
from lnf.rules.distance import volley_planned
from lnf.rules.idle_casts import self_spell
from lnf.rules.kinds import kind_of
from lnf.rules.moves import can_act, destinations, final_spot, rank_options
from lnf.rules.multiattack_first import first_use
from lnf.rules.order_damage import expected_damage
from lnf.rules.ranks import count_met, front_rank_counts
from lnf.rules.roster import in_fight, monsters
from lnf.rules.specials import (
    SHOT,
    action_mode,
    action_named,
    attacks_a_hero,
    charged,
    reach_kind,
    reach_of,
    resource_rank,
    spent_words,
    usable,
)
from lnf.rules.wording import and_list
from lnf.values import HashedOnce, replace

Reason = tuple[str, str]  # (rule id, text)


class _Seen:
    """What is remembered of one fight: each monster's `_Ends`, by identity, and what each
    kind of monster needs to attack each hero in each mode."""

    def __init__(self, fight: Fight) -> None:
        self.fight = fight
        self.ends: dict[int, tuple[Monster, _Ends]] = {}
        self.kinds: dict[HashedOnce, HashedOnce] = {}
        self.needs: dict[tuple[HashedOnce, int, Mode], tuple[Hero, Need | None]] = {}

    def kind(self, monster: Monster) -> HashedOnce:
        nameless = kind_of(monster)
        return self.kinds.setdefault(nameless, nameless)  # one object a kind: found by identity

    def need(self, kind: HashedOnce, monster: Monster, hero: Hero, mode: Mode) -> Need | None:
        """`mode_needs` of `monster`, of `kind`, asked once per kind, hero and mode."""
        key = (kind, id(hero), mode)
        hit = self.needs.get(key)
        if hit is None or hit[0] is not hero:
            hit = (hero, mode_needs(self.fight, monster, hero, mode))
            self.needs[key] = hit
        return hit[1]


class _Ends:
    """Where one monster can end this round (M1–M4, R7, R8): its spots and ranks, and the
    heroes its usable special actions reach from any of them (B4), each worked out once
    when first asked. P5 asks them for every hero, mode and monster."""

    def __init__(self, seen: _Seen, monster: Monster) -> None:
        fight = seen.fight
        self.seen, self.fight, self.monster = seen, fight, monster
        self.ranks = rank_options(monster)
        self.places = [final_spot(fight, monster.name, mv) for mv in destinations(fight, monster)]
        self.spots = set(self.places)
        self._caught: frozenset[str] | None = None
        self._attacks: dict[tuple[int, Mode], tuple[Hero, bool]] = {}  # by the hero's identity
        self._kind: HashedOnce | None = None

    def attacks(self, hero: Hero, mode: Mode) -> bool:
        """`can_ever_attack`, asked once per hero and mode (P5's reasons ask it for the
        monsters that could reach a hero, and again for the modes no monster has)."""
        key = (id(hero), mode)
        hit = self._attacks.get(key)
        if hit is None or hit[0] is not hero:
            if self._kind is None:
                self._kind = self.seen.kind(self.monster)
            need = self.seen.need(self._kind, self.monster, hero, mode)
            hit = (hero, need is not None and bool(need.met_by(self.spots, self.ranks)))
            self._attacks[key] = hit
        return hit[1]

    def caught(self) -> frozenset[str]:
        if self._caught is None:
            fight, m = self.fight, self.monster
            self._caught = frozenset(
                name
                for action in usable(fight, m)
                for spot in self.places
                for rank in self.ranks
                for name in reach_of(fight, m, action, spot, rank)
            )
        return self._caught


_last: dict[str, _Seen] = {}


def _ends(fight: Fight, monster: Monster) -> _Ends:
    """`_Ends` of `monster`, remembered for the fight asked about last, by identity (a fight
    and its monsters are frozen values; each is held beside what is remembered of it, so its
    id cannot be reused meanwhile)."""
    seen = _last.get("fight")  # one read: another thread may remember meanwhile
    if seen is None or seen.fight is not fight:
        seen = _Seen(fight)
        _last["fight"] = seen
    hit = seen.ends.get(id(monster))
    if hit is None or hit[0] is not monster:
        hit = (monster, _Ends(seen, monster))
        seen.ends[id(monster)] = hit
    return hit[1]


def can_ever_attack(fight: Fight, monster: Monster, hero: Hero, mode: Mode) -> bool:
    """Ignoring R6 and K2: could `monster` end this round attacking `hero` with `mode`?"""
    return _ends(fight, monster).attacks(hero, mode)


def can_ever_catch(fight: Fight, monster: Monster, hero: Hero) -> bool:
    """B4, ignoring R6 and K2: could one of `monster`'s usable special actions or spells reach
    `hero` from anywhere it can end this round?"""
    return hero.name in _ends(fight, monster).caught()


def possible_attackers(fight: Fight, hero: Hero) -> list[Monster]:
    out = []
    for m in monsters(fight):
        if can_act(fight, m):
            ends = _ends(fight, m)  # looked up once for every mode
            if any(ends.attacks(hero, mode) for mode in Mode) or hero.name in ends.caught():
                out.append(m)
    return out


def blocked_modes(fight: Fight, hero: Hero) -> list[Reason]:
    """For each mode no monster can use against `hero`, the rule that stops it."""
    if hero not in plan_targets(fight):
        return [("A4", "downed, and the house rule downed-ignored applies")]
    if unseen(hero):
        return [("R4", "hidden: no monster can pick it as a target")]
    acting = [m for m in monsters(fight) if can_act(fight, m)]
    if not acting:
        return [("P1", "no monster is able to act")]
    reasons: list[Reason] = []
    ends = [_ends(fight, m) for m in acting]  # looked up once for every mode
    if not any(e.attacks(hero, Mode.MELEE) for e in ends):
        reasons.append(_melee_block(fight, hero, acting))
    if not any(e.attacks(hero, Mode.REACH) for e in ends):
        reasons.append(_reach_block(hero, acting))
    if not any(e.attacks(hero, Mode.RANGED) for e in ends):
        reasons.append(_ranged_block(acting))
    casters = [m for m in acting if usable(fight, m)]
    if casters and not any(can_ever_catch(fight, m, hero) for m in casters):
        reasons.append(
            (
                "B4",
                f"no special action or spell of {and_list([m.name for m in casters])} reaches it",
            )
        )
    return reasons


# Each reason below is said only when it is true of the fight (P5): the first that holds.


def _reach_block(hero: Hero, acting: list[Monster]) -> Reason:
    if beyond_reach(hero):
        return ("R4", "out of reach: no mêlée attack finds it")
    longer = [m.name for m in acting if has_melee(m) and out_reaches(m.longest_reach, hero)]
    if not longer:
        return ("A2", f"no monster out-reaches its {hero.longest_reach} ft")
    if hero.rank is Rank.FREE_AIR:
        return ("A2", f"in free air, and {and_list(longer)} cannot fly up to reach it")
    return (
        "A2",
        f"{and_list(longer)} out-reach it but cannot get out of a group to strike "
        "(M4: speed 0, restrained or grappled)",
    )


def _ranged_block(acting: list[Monster]) -> Reason:
    shooters = [m.name for m in acting if has_ranged(m)]
    if not shooters:
        return ("A3", "no monster has a ranged attack")
    return (
        "R8",
        f"{and_list(shooters)} cannot leave the front rank to shoot (restrained or grappled)",
    )


def _melee_block(fight: Fight, hero: Hero, acting: list[Monster]) -> Reason:
    if hero.rank is Rank.BACK:
        if hero.why is BackReason.GUARDED:
            return ("R3", "guarded in the back rank, out of mêlée reach")
        return ("R3", "in the back rank, out of mêlée reach")
    if hero.rank is Rank.FREE_AIR:
        return ("R7", "in free air, and no monster can fly up to it")
    if not any(has_melee(m) for m in acting):
        return ("A1", "no monster has a mêlée attack")
    return ("M2", "no monster can get into its group, in the front rank, this round (M2–M4, R8)")


# --- P5 for special actions: why a monster holds one back (B2–B6) ----------------------------


def held_actions(fight: Fight, plan: Plan) -> list[tuple[str, list[Reason]]]:
    """P5: for each monster of the plan with a special action or spell it does not use this
    round, why not, action by action in its stat block's order: not charged or used up (B2),
    harming no hero (B6), every hero immune to it (B1: Frightful Presence faced), no hero in
    reach from anywhere it can end (B4), or, from where its
    order puts it, a worse catch (P3) or the same heroes for less expected damage or a dearer
    use (B6). Reactions and bonus actions are not held back (B10). Volley rounds plan no
    special actions (V4)."""
    if volley_planned(fight) or not fight.phase.kind.melee_possible:
        return []
    out = []
    for order in plan.orders:
        if order.monster not in fight:
            continue
        monster = fight.monster(order.monster)
        first = _first_used(fight, monster, order)
        reasons = [
            _held(fight, monster, order, a)
            for a in monster.actions
            if a.cost is Cost.ACTION and a.name.lower() not in (order.action.lower(), first)
        ]
        if reasons:
            out.append((monster.name, reasons))
    return out


def _first_used(fight: Fight, monster: Monster, order: Order) -> str:
    """B1: the action (lower case) a weapon order's Multiattack uses first (a dragon's
    Frightful Presence): the order uses it, so it is not held back; "" for none."""
    if order.action or order.target is None:
        return ""
    used = first_use(fight, monster, final_spot(fight, monster.name, order.move), order.rank)
    return used[0].name.lower() if used is not None else ""


def _held(fight: Fight, monster: Monster, order: Order, action: Attack) -> Reason:
    name = action.name
    if not charged(monster, action):
        return ("B2", f"{name} is {spent_words(action)}")
    if self_spell(action):  # B6: `rules.idle_casts`
        verb = "cast" if action.spell else "used"  # the imp's own Invisibility is no spell
        return ("B6", f"{name} is {verb} only when {monster.name} can attack no hero this round")
    if not attacks_a_hero(action):
        return ("B6", f"{name} harms no hero and imposes no condition on one (the DM may cast it)")
    places = [
        (final_spot(fight, monster.name, move), rank)
        for move in destinations(fight, monster)
        for rank in rank_options(monster)
    ]
    if not any(reach_of(fight, monster, action, spot, rank) for spot, rank in places):
        if action.immune_after and all(
            immune(fight, h.name, monster, action) for h in fight.heroes if in_fight(h)
        ):  # B1, F4: out of reach because every hero has faced it, not by distance
            return ("B1", f"every hero is immune to {name} (a save against it, 24 hours)")
        return ("B4", f"no hero in reach of its {reach_words(action)}")
    spot = final_spot(fight, monster.name, order.move)
    catch = best_catch(fight, monster, action, spot, order.rank)
    if not catch:
        shot = reach_kind(action) == SHOT and order.rank is Rank.FRONT
        if shot and reach_of(fight, monster, action, spot, Rank.BACK):
            # R2, A3: a shot that the back rank makes, but not a front rank with a mêlée attack
            who = monster.name
            said = f"{name} is a ranged attack, which {who} makes only from the back rank"
            if (short := _back_rank_short(fight, monster)) is not None:
                return ("R6", f"{said} (R2), and {short}")
            return ("R2", said)
        return ("B4", f"{name} reaches no hero from where its order puts it")
    mine, theirs = _along(fight, catch), _along(fight, order.targets)
    if mine < theirs:
        return (
            "P3",
            f"{name} would attack {and_list(catch)}; its order attacks heroes earlier "
            "in the target order",
        )
    if mine > theirs:
        return ("B9", f"{name} would attack {and_list(catch)}; its order was given by the DM")
    used = replace(
        order, action=name, target=catch[0], also=catch[1:], mode=action_mode(action, spot)
    )
    could, does = expected_damage(fight, monster, used), expected_damage(fight, monster, order)
    if could < does:
        given = action_named(monster, order.action) if order.action else None
        held = any(r.conditions for a in (action, given) if a for r in a.riders)
        worth = ", a condition at its worth" if held else ""
        return (
            "B6",
            f"{name} would attack the same heroes for less expected damage "
            f"({could / 100:.2f} against {does / 100:.2f}{worth})",
        )
    if resource_rank(monster, name) > resource_rank(monster, order.action):
        return ("B6", f"{name} would do as much but spend a dearer use")
    return ("B6", f"{name} would do as much; the stat block lists it later")


def _along(fight: Fight, heroes: tuple[str, ...]) -> tuple[int, ...]:
    """P3 for one monster: which heroes it attacks, along the target order."""
    return tuple(int(h.name in heroes) for h in plan_targets(fight))


def _back_rank_short(fight: Fight, monster: Monster) -> str | None:
    """R6 for P5's reason: why `monster` may not take the back rank this round at all — the
    front-rank heroes outnumber the front-rank monsters that could stand without it — or None
    when some plan could put it there (then P3 chose otherwise)."""
    if not bound_by_count(fight, monster, Rank.BACK):
        return None
    front_heroes, _ = front_rank_counts(fight)
    others = most_front_rank_without(fight, monster)
    if count_met(others, front_heroes):
        return None
    return (
        f"the back-rank count keeps it in front: {front_heroes} front-rank heroes need as many "
        f"front-rank monsters, and without it there are at most {others}"
    )
