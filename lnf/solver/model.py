"""The CP-SAT model of one round's plan: variables only for what can be legal, and one method
per rule family, each building its constraints from `lnf.rules`.

Variables, per monster able to act (P1):
- `pos[m][(i, r)]`: it ends its move with the i-th of `rules.destinations` (M1–M4) in rank r,
  one of `rules.rank_options` (R7, R8); exactly one is true;
- `attack[m][(hero, mode, rank)]`: it attacks hero with mode from rank; created only where
  `rules.mode_needs` allows it (A1–A3, R2, R3, R5, R7); at most one is true.
"""

from __future__ import annotations

import itertools
from dataclasses import replace

from ortools.sat.python import cp_model

from lnf.model import Fight, Hero, Monster, Rank
from lnf.model.plan import Mode, Move, MoveKind, Wish
from lnf.rules.attacks import UNENGAGED, mode_needs, plan_targets
from lnf.rules.gangup import unit_spots
from lnf.rules.moves import Spot, can_act, destinations, final_spot, rank_options, start_spot
from lnf.rules.plan_check import MODE_ORDER
from lnf.rules.ranks import front_rank_counts, monster_needs_count
from lnf.rules.roster import monsters

AttackKey = tuple[str, Mode, Rank]  # (hero, mode, attacker's rank)
Position = tuple[int, Rank]  # (index into the monster's destinations, rank)
ANYWHERE = "anywhere"  # `PlanModel.at`: any spot
# Per K1 unit: its spot, h(u), m(u) after the moves, and the variables of joining monsters.
UnitCount = tuple[tuple[str, str], int, cp_model.LinearExpr, list[cp_model.IntVar]]
FAMILIES = ("R6", "K2")  # global rule families; dropping one in turn explains a refusal

# K2 split into regimes, one model each. Let the floor of a plan be the highest tier t that
# every unit reaches (m(u) >= t·h(u) for all u; 0 if some unit has fewer than one per hero).
# A plan keeps K2/K3 exactly when every unit it joins holds at most the next tier above its
# floor. So the legal plans are the union over regimes (floor, cap) of "every unit holds at
# least floor·h(u), every joined unit at most cap·h(u)": plain linear constraints, where a
# single model would need the floor as a decision and pigeonhole-hard proofs about it.
REGIMES: tuple[tuple[int, int | None], ...] = ((0, 1), (1, 3), (3, 8), (8, None))


class PlanModel:
    """The CP-SAT model; `families` lists which global rule families to enforce and `regime`
    which K2 regime (see REGIMES) this model covers."""

    def __init__(self, fight: Fight, families: tuple[str, ...] = FAMILIES, regime: int = 0) -> None:
        self.fight = fight
        self.model = cp_model.CpModel()
        self.acting: list[Monster] = [m for m in monsters(fight) if can_act(fight, m)]
        self.idle: list[Monster] = [m for m in monsters(fight) if not can_act(fight, m)]
        self.targets: tuple[Hero, ...] = plan_targets(fight)
        self.moves: dict[str, list[Move]] = {}
        self.ranks: dict[str, list[Rank]] = {}
        self.pos: dict[str, dict[Position, cp_model.IntVar]] = {}
        self.attack: dict[str, dict[AttackKey, cp_model.IntVar]] = {}
        self._variables()
        self.add_one_order_each()
        self.add_attack_needs()
        if "R6" in families:
            self.add_back_rank_count()
        if "K2" in families:
            self.add_gang_up_limits(regime)

    # --- variables ---------------------------------------------------------------------

    def _variables(self) -> None:
        new = self.model.new_bool_var
        for m in self.acting:
            moves, ranks = destinations(self.fight, m), rank_options(m)
            self.moves[m.name], self.ranks[m.name] = moves, ranks
            # One variable per (destination, rank): counts over groups and ranks are then
            # plain sums, which keeps the LP relaxation tight for K2 and R6.
            self.pos[m.name] = {
                (i, r): new(f"{m.name}:{mv}@{r}")
                for i, mv in enumerate(moves)
                for r in ranks
                if r is not Rank.BACK or self._may_move_in_back_rank(m, mv)
            }
            spots = {final_spot(self.fight, m.name, mv) for mv in moves}
            self.attack[m.name] = {}
            for hero in self.targets:
                for mode in Mode:
                    need = mode_needs(self.fight, m, hero, mode)
                    for r in need.met_by(spots, ranks) if need is not None else ():
                        key = (hero.name, mode, r)
                        self.attack[m.name][key] = new(f"{m.name}>{hero.name}:{mode}@{r}")

    def _may_move_in_back_rank(self, m: Monster, move: Move) -> bool:
        """Dominance: a back-rank monster counts for no unit (K4) and strikes nobody in mêlée,
        so moving only costs it (P4: leavers, moves) unless it leaves to attack with reach
        (A2, unengaged). Every optimal plan therefore keeps it in place otherwise."""
        if move.kind is MoveKind.STAY:
            return True
        reach = any(mode is Mode.REACH for (_, mode, _) in self._static_attacks(m))
        return reach and final_spot(self.fight, m.name, move) is None

    def _static_attacks(self, m: Monster) -> list[AttackKey]:
        keys = []
        for hero in self.targets:
            for mode in Mode:
                need = mode_needs(self.fight, m, hero, mode)
                if need is not None:
                    keys += [(hero.name, mode, r) for r in need.ranks]
        return keys

    def decisions(self) -> list[cp_model.IntVar]:
        """Every variable that the plan is read from, in a fixed order."""
        out: list[cp_model.IntVar] = []
        for m in self.acting:
            out += self.pos[m.name].values()
            out += self.attack[m.name].values()
        return out

    def positions(self, monster: str) -> list[tuple[Move, Rank, cp_model.IntVar]]:
        """(move, rank, variable) for every position of `monster`, in canonical order."""
        moves = self.moves[monster]
        return [(moves[i], r, var) for (i, r), var in self.pos[monster].items()]

    def at(
        self, monster: str, spot: Spot | str = ANYWHERE, ranks: tuple[Rank, ...] | None = None
    ) -> list[cp_model.IntVar]:
        """Position variables of `monster` that end at `spot` (ANYWHERE for any; None for
        unengaged) in one of `ranks` (any rank if None)."""
        return [
            var
            for mv, r, var in self.positions(monster)
            if (spot == ANYWHERE or final_spot(self.fight, monster, mv) == spot)
            and (ranks is None or r in ranks)
        ]

    # --- rule families -----------------------------------------------------------------

    def add_one_order_each(self) -> None:
        """P1, P2: one destination and rank per monster, and at most one attacked hero."""
        for m in self.acting:
            self.model.add_exactly_one(self.pos[m.name].values())
            self.model.add_at_most_one(self.attack[m.name].values())

    def add_attack_needs(self) -> None:
        """A1–A3: an attack needs the attacker's rank and, for mêlée and reach, its spot."""
        for m in self.acting:
            for (hero_name, mode, r), var in self.attack[m.name].items():
                hero = self.fight.hero(hero_name)
                need = mode_needs(self.fight, m, hero, mode)
                assert need is not None
                if need.spot is None:
                    spot: Spot | str = ANYWHERE
                else:
                    spot = None if need.spot == UNENGAGED else need.spot
                self.model.add(var <= cp_model.LinearExpr.sum(self.at(m.name, spot, (r,))))

    def front_rank_monsters(self) -> cp_model.LinearExpr:
        fixed = sum(1 for m in self.idle if m.rank is Rank.FRONT)
        front = [v for m in self.acting for v in self.at(m.name, ranks=(Rank.FRONT,))]
        return cp_model.LinearExpr.sum(front) + fixed

    def add_back_rank_count(self) -> None:
        """R6: a monster may be in the back rank only with one front-rank monster per
        front-rank hero (after this round's moves), unless it can hide or levitate."""
        front_heroes, _ = front_rank_counts(self.fight)
        front = self.front_rank_monsters()
        if any(m.rank is Rank.BACK and monster_needs_count(m) for m in self.idle):
            self.model.add(front >= front_heroes)
        backs = [
            v
            for m in self.acting
            if monster_needs_count(m)
            for v in self.at(m.name, ranks=(Rank.BACK,))
        ]
        if backs:
            someone_back = self.model.new_bool_var("someone counted in the back rank")
            for v in backs:
                self.model.add_implication(v, someone_back)
            self.model.add(front >= front_heroes).only_enforce_if(someone_back)

    def unit_counts(self) -> list[UnitCount]:
        """Per K1 unit: its spot, h(u), m(u) after the moves (K4: front rank and free air
        count) and the variables of monsters that would join it this round."""
        units = []
        for spot, h in unit_spots(self.fight):
            fixed = sum(
                1
                for m in self.idle
                if m.rank in (Rank.FRONT, Rank.FREE_AIR) and start_spot(self.fight, m.name) == spot
            )
            counted: list[cp_model.IntVar] = []
            joins: list[cp_model.IntVar] = []
            for m in self.acting:
                counted += self.at(m.name, spot, (Rank.FRONT, Rank.FREE_AIR))
                if start_spot(self.fight, m.name) != spot:
                    joins += self.at(m.name, spot)
            count = cp_model.LinearExpr.sum(counted) + fixed
            units.append((spot, h, count, joins))
        return units

    def add_gang_up_limits(self, regime: int) -> None:
        """K2, K3, K4 within one regime (see REGIMES): every unit holds at least floor·h(u),
        and a unit that a monster joins holds at most cap·h(u)."""
        floor, cap = REGIMES[regime]
        for _, h, count, joins in self.unit_counts():
            if floor:
                self.model.add(count >= floor * h)
            if cap is not None:
                for join in joins:
                    self.model.add(count <= cap * h).only_enforce_if(join)

    def canonical_key(self, m: Monster) -> cp_model.LinearExprT:
        """P4's canonical tie-break of one monster as one number: (target, mode, destination,
        rank) read as digits, the same order as `rules.plan_check.canonical_key`."""
        targets = [h.name for h in self.targets]
        n_mode = len(MODE_ORDER) + 1
        n_d, n_r = len(self.moves[m.name]), len(self.ranks[m.name])
        attacks = self.attack[m.name].items()
        target = len(targets) + sum(
            ((targets.index(h) - len(targets)) * v for (h, _, _), v in attacks), 0
        )
        mode = len(MODE_ORDER) + sum(
            ((MODE_ORDER.index(md) - len(MODE_ORDER)) * v for (_, md, _), v in attacks), 0
        )
        ranks = self.ranks[m.name]
        dest = sum((i * v for (i, _), v in self.pos[m.name].items()), 0)
        rank = sum((ranks.index(r) * v for (_, r), v in self.pos[m.name].items()), 0)
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
                # the name goes, the stat block stays: it sets the danger class (G3)
                signature = (replace(m, name=""), m.stat_block, start_spot(self.fight, m.name))
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


def possible_regimes(fight: Fight) -> list[int]:
    """The K2 regimes whose floor the monsters could reach at all (regime 0 always)."""
    countable = sum(
        1
        for m in monsters(fight)
        if (can_act(fight, m) and {Rank.FRONT, Rank.FREE_AIR} & set(rank_options(m)))
        or (not can_act(fight, m) and m.rank in (Rank.FRONT, Rank.FREE_AIR))
    )
    total_h = sum(h for _, h in unit_spots(fight))
    return [k for k, (floor, _) in enumerate(REGIMES) if floor * total_h <= countable]
