"""The CP-SAT model of one round's plan: variables only for what can be legal, and one method
per rule family, each building its constraints from `lnf.rules`.

Variables, per monster able to act (P1):
- `dest[m][i]`: it ends its move with the i-th of `rules.destinations` (M1–M4);
- `rank[m][r]`: it ends in rank r, one of `rules.rank_options` (R7, R8);
- `attack[m][(hero, mode, rank)]`: it attacks hero with mode from rank; created only where
  `rules.mode_needs` allows it (A1–A3, R2, R3, R5, R7).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace

from ortools.sat.python import cp_model

from lnf.model import Fight, Hero, Monster, Rank
from lnf.model.plan import Mode, Move
from lnf.rules.attacks import UNENGAGED, mode_needs, plan_targets
from lnf.rules.gangup import TIERS
from lnf.rules.moves import Spot, can_act, destinations, final_spot, rank_options, start_spot
from lnf.rules.plan_check import MODE_ORDER
from lnf.rules.ranks import monster_needs_count
from lnf.rules.roster import heroes, in_fight, monsters

AttackKey = tuple[str, Mode, Rank]  # (hero, mode, attacker's rank)
FAMILIES = ("R6", "K2")  # global rule families; dropping one in turn explains a refusal


@dataclass(frozen=True)
class Wish:
    """A DM's wish: `monster` must (fix) or must not (forbid) attack `hero`."""

    monster: str
    hero: str
    fixed: bool

    def __str__(self) -> str:
        return f"{self.monster}->{self.hero}"


class PlanModel:
    """The CP-SAT model; `families` lists which global rule families to enforce."""

    def __init__(self, fight: Fight, families: tuple[str, ...] = FAMILIES) -> None:
        self.fight = fight
        self.model = cp_model.CpModel()
        self.acting: list[Monster] = [m for m in monsters(fight) if can_act(m)]
        self.idle: list[Monster] = [m for m in monsters(fight) if not can_act(m)]
        self.targets: tuple[Hero, ...] = plan_targets(fight)
        self.moves: dict[str, list[Move]] = {}
        self.dest: dict[str, list[cp_model.IntVar]] = {}
        self.rank: dict[str, dict[Rank, cp_model.IntVar]] = {}
        self.attack: dict[str, dict[AttackKey, cp_model.IntVar]] = {}
        self._variables()
        self.add_one_order_each()
        self.add_attack_needs()
        if "R6" in families:
            self.add_back_rank_count()
        if "K2" in families:
            self.add_gang_up_limits()

    # --- variables ---------------------------------------------------------------------

    def _variables(self) -> None:
        new = self.model.new_bool_var
        for m in self.acting:
            self.moves[m.name] = destinations(self.fight, m)
            self.dest[m.name] = [new(f"{m.name}:{mv}") for mv in self.moves[m.name]]
            self.rank[m.name] = {r: new(f"{m.name}:{r}") for r in rank_options(m)}
            spots = {final_spot(self.fight, m.name, mv) for mv in self.moves[m.name]}
            self.attack[m.name] = {}
            for hero in self.targets:
                for mode in Mode:
                    need = mode_needs(self.fight, m, hero, mode)
                    if need is None or not _reachable(need.spot, spots):
                        continue
                    for r in need.ranks:
                        if r in self.rank[m.name]:
                            key = (hero.name, mode, r)
                            self.attack[m.name][key] = new(f"{m.name}>{hero.name}:{mode}@{r}")

    def decisions(self) -> list[cp_model.IntVar]:
        """Every variable that the plan is read from, in a fixed order."""
        out: list[cp_model.IntVar] = []
        for m in self.acting:
            out += self.dest[m.name]
            out += self.rank[m.name].values()
            out += self.attack[m.name].values()
        return out

    def dest_to(self, monster: str, spot: Spot) -> list[cp_model.IntVar]:
        """The destination variables of `monster` that end at `spot`."""
        return [
            var
            for var, mv in zip(self.dest[monster], self.moves[monster], strict=True)
            if final_spot(self.fight, monster, mv) == spot
        ]

    # --- rule families -----------------------------------------------------------------

    def add_one_order_each(self) -> None:
        """P1, P2: one destination, one rank, and at most one attacked hero per monster."""
        for m in self.acting:
            self.model.add_exactly_one(self.dest[m.name])
            self.model.add_exactly_one(self.rank[m.name].values())
            self.model.add_at_most_one(self.attack[m.name].values())

    def add_attack_needs(self) -> None:
        """A1–A3: an attack needs the attacker's rank and, for mêlée and reach, its spot."""
        for m in self.acting:
            for (hero_name, mode, r), var in self.attack[m.name].items():
                self.model.add_implication(var, self.rank[m.name][r])
                hero = self.fight.combatant(hero_name)
                assert isinstance(hero, Hero)
                need = mode_needs(self.fight, m, hero, mode)
                assert need is not None
                if need.spot is None:
                    continue
                spot = None if need.spot == UNENGAGED else need.spot
                self.model.add_bool_or(self.dest_to(m.name, spot)).only_enforce_if(var)  # type: ignore[arg-type]

    def front_rank_monsters(self) -> cp_model.LinearExprT:
        fixed = sum(1 for m in self.idle if m.rank is Rank.FRONT)
        return sum(
            (self.rank[m.name][Rank.FRONT] for m in self.acting if Rank.FRONT in self.rank[m.name]),
            cp_model.LinearExpr.constant(fixed),
        )

    def add_back_rank_count(self) -> None:
        """R6: a monster may be in the back rank only with one front-rank monster per
        front-rank hero (after this round's moves), unless it can hide or levitate."""
        front_heroes = sum(1 for h in heroes(self.fight) if h.rank is Rank.FRONT)
        front = self.front_rank_monsters()
        if any(m.rank is Rank.BACK and monster_needs_count(m) for m in self.idle):
            self.model.add(front >= front_heroes)
        for m in self.acting:
            back = self.rank[m.name].get(Rank.BACK)
            if back is not None and monster_needs_count(m):
                self.model.add(front >= front_heroes).only_enforce_if(back)

    def unit_spots(self) -> list[tuple[tuple[str, str], int]]:
        """K1: every unit's spot with h(u), its number of front-rank heroes."""
        out = []
        for group in self.fight.groups:
            h = sum(1 for x in self.fight.heroes_in(group) if in_fight(x) and x.rank is Rank.FRONT)
            if h:
                out.append((("group", group.label), h))
        for hero in heroes(self.fight):
            if self.fight.group_of(hero.name) is None and hero.rank is Rank.FRONT:
                out.append((("hero", hero.name), 1))
        return out

    def add_gang_up_limits(self) -> None:
        """K2, K3, K4: a monster may not end its move in a unit it joined if that unit then
        holds more than t·h(u) front-rank monsters while another holds fewer than t·h(u')."""
        new = self.model.new_bool_var
        units = []
        for spot, h in self.unit_spots():
            counted: list[cp_model.LinearExprT] = []
            joins: list[cp_model.IntVar] = []
            for m in self.idle:
                if m.rank in (Rank.FRONT, Rank.FREE_AIR) and start_spot(self.fight, m.name) == spot:
                    counted.append(cp_model.LinearExpr.constant(1))
            for m in self.acting:
                here = self.dest_to(m.name, spot)
                if not here:
                    continue
                fighting = [
                    self.rank[m.name][r]
                    for r in (Rank.FRONT, Rank.FREE_AIR)
                    if r in self.rank[m.name]
                ]
                if fighting:
                    y = new(f"{m.name}@{spot[1]}")  # y = (ends at spot) and (front or free air)
                    self.model.add(y <= sum(here))
                    self.model.add(y <= sum(fighting))
                    self.model.add(y >= sum(here) + sum(fighting) - 1)
                    counted.append(y)
                joins += [
                    var
                    for var, mv in zip(self.dest[m.name], self.moves[m.name], strict=True)
                    if var in here and start_spot(self.fight, m.name) != spot
                ]
            units.append((spot, h, sum(counted, cp_model.LinearExpr.constant(0)), joins))
        if not any(joins for *_, joins in units):
            return
        for t in TIERS:
            any_under = new(f"under{t}")
            for spot, h, count, joins in units:
                under = new(f"under{t}:{spot[1]}")
                self.model.add(count >= t * h).only_enforce_if(under.Not())
                self.model.add_implication(under, any_under)
                if joins:
                    over = new(f"over{t}:{spot[1]}")
                    self.model.add(count <= t * h).only_enforce_if(over.Not())
                    for join in joins:
                        self.model.add_bool_or([join.Not(), over.Not(), any_under.Not()])

    def canonical_key(self, m: Monster) -> cp_model.LinearExprT:
        """P4's canonical tie-break of one monster as one number: (target, mode, destination,
        rank) read as digits, the same order as `rules.plan_check.canonical_key`."""
        targets = [h.name for h in self.targets]
        n_mode = len(MODE_ORDER) + 1
        n_d, n_r = len(self.dest[m.name]), len(self.rank[m.name])
        attacks = self.attack[m.name].items()
        target = len(targets) + sum(
            ((targets.index(h) - len(targets)) * v for (h, _, _), v in attacks), 0
        )
        mode = len(MODE_ORDER) + sum(
            ((MODE_ORDER.index(md) - len(MODE_ORDER)) * v for (_, md, _), v in attacks), 0
        )
        dest = sum((i * v for i, v in enumerate(self.dest[m.name])), 0)
        rank = sum((i * v for i, v in enumerate(self.rank[m.name].values())), 0)
        return ((target * n_mode + mode) * n_d + dest) * n_r + rank

    def add_symmetry_breaking(self, wishes: list[Wish]) -> None:
        """Monsters that differ only in name (same stat block, state and group) can swap
        orders without changing anything P3 or P4 sees; the canonical tie-break then puts
        the left one's order first. Saying so up front spares the solver from proving it
        over every permutation (X2's eighteen orcs). Monsters named in a wish are left out.
        """
        named = {w.monster for w in wishes}
        alike: dict[object, list[Monster]] = {}
        for m in self.acting:
            if m.name not in named:
                signature = (replace(m, name=""), start_spot(self.fight, m.name))
                alike.setdefault(signature, []).append(m)
        for twins in alike.values():
            for left, right in itertools.pairwise(twins):
                self.model.add(self.canonical_key(left) <= self.canonical_key(right))

    def add_wishes(self, wishes: list[Wish]) -> None:
        """The DM's --fix and --forbid: a pairing that must or must not happen."""
        for wish in wishes:
            pairing = self.pairing(wish.monster, wish.hero)
            if wish.fixed:
                self.model.add_bool_or(pairing)  # no variables: infeasible, as it should be
            else:
                for var in pairing:
                    self.model.add(var == 0)

    def pairing(self, monster: str, hero: str) -> list[cp_model.IntVar]:
        """Every attack variable of `monster` on `hero`."""
        return [v for (h, _, _), v in self.attack.get(monster, {}).items() if h == hero]


def _reachable(spot: Spot | str, spots: set[Spot]) -> bool:
    if spot is None:
        return True
    if spot == UNENGAGED:
        return None in spots
    return spot in spots
