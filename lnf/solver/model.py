"""The CP-SAT model of one round's plan: variables only for what can be legal, and one method
per rule family, each building its constraints from `lnf.rules`.

Monsters that differ only in name (same stat block, same state, same starting group) form a
*troop*: they can swap orders without changing anything the rules, P3 or P4 see. The model
therefore counts how many of a troop take each option instead of deciding monster by monster.
That removes the symmetry that made the solver prove the same bound over every permutation
of identical skeletons, and it shrinks the model; the read-out hands the troop's options to
its members in canonical order, leftmost member first (P4).

Variables, per troop:
- `x[option]`: how many members take the option: the i-th of `rules.destinations` (M1–M4),
  rank r of `rules.rank_options` (R7, R8) and a mêlée or reach attack on a hero that
  `rules.mode_needs` allows from that spot and rank (A1, A2, R2, R3, R5, R7), or none. Options
  exist only where legal; the options of a troop sum to its size (P1, P2: one move, one rank,
  at most one target per monster).
- `s[shot]`: how many members shoot a hero from rank r (A3). A shot needs the rank only, not
  the spot, so it rides on a member whose option at that rank has no attack: per rank, shots
  <= such members. Counting shots apart from spots keeps the model small (a bowman could
  otherwise shoot any hero from any group); who shoots from where only matters for the
  canonical tie-break, which pairs them once the counts are fixed (`canonical_counts`).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace

from ortools.sat.python import cp_model

from lnf.model import Fight, Hero, Monster, Rank
from lnf.model.plan import Mode, Move, MoveKind, Wish
from lnf.rules.attacks import Need, mode_needs, plan_targets
from lnf.rules.gangup import unit_spots
from lnf.rules.moves import Spot, can_act, destinations, final_spot, rank_options, start_spot
from lnf.rules.plan_check import MODE_ORDER
from lnf.rules.ranks import front_rank_counts, monster_needs_count
from lnf.rules.roster import monsters

FAMILIES = ("R6", "K2")  # global rule families; dropping one in turn explains a refusal

# K2 as regimes. Let the floor of a plan be the highest tier t that every unit reaches
# (m(u) >= t·h(u) for all u; 0 if some unit has fewer than one per hero). A plan keeps K2/K3
# exactly when every unit it joins holds at most the next tier above its floor. So the legal
# plans are the union over regimes (floor, cap) of "every unit holds at least floor·h(u), every
# joined unit at most cap·h(u)": the model picks one regime and then has plain linear
# constraints. (Counting troops instead of single monsters keeps this cheap to prove; with one
# model per regime every block was solved once per regime that tied.)
REGIMES: tuple[tuple[int, int | None], ...] = ((0, 1), (1, 3), (3, 8), (8, None))


@dataclass(frozen=True)
class Option:
    """One order a troop member may take: destination index, rank, and attack if any."""

    move: int  # index into the troop's destinations
    rank: Rank
    target: str | None = None
    mode: Mode | None = None


@dataclass(frozen=True)
class Shot:
    """A ranged attack on `target` from `rank`, wherever the shooter stands (A3)."""

    rank: Rank
    target: str


Key = tuple[int, int, int, int]  # P4's canonical order: target, mode, destination, rank
Strike = tuple[cp_model.IntVar, str, Mode, Rank]  # an attack variable: hero, mode, rank


@dataclass(eq=False)  # compared by identity: its CP-SAT variables overload ==
class Troop:
    """Interchangeable monsters, in column order, with their options and shots."""

    members: tuple[Monster, ...]
    moves: list[Move]
    ranks: list[Rank]
    spots: list[Spot]  # where each destination ends
    options: list[Option] = field(default_factory=list)
    x: list[cp_model.IntVar] = field(default_factory=list)
    shots: list[Shot] = field(default_factory=list)
    s: list[cp_model.IntVar] = field(default_factory=list)

    def strikes(self) -> list[Strike]:
        """Every attack variable: mêlée and reach options, then shots."""
        out = [
            (x, o.target, o.mode, o.rank)
            for o, x in zip(self.options, self.x, strict=True)
            if o.target is not None and o.mode is not None
        ]
        return out + [
            (v, sh.target, Mode.RANGED, sh.rank) for sh, v in zip(self.shots, self.s, strict=True)
        ]

    def idle_at(self, rank: Rank) -> list[cp_model.IntVar]:
        """Options at `rank` without a mêlée or reach attack: where a shot can ride."""
        return [
            x
            for o, x in zip(self.options, self.x, strict=True)
            if o.rank is rank and o.target is None
        ]

    @property
    def first(self) -> Monster:
        return self.members[0]

    @property
    def size(self) -> int:
        return len(self.members)

    def move_of(self, option: Option) -> Move:
        return self.moves[option.move]

    def spot_of(self, option: Option) -> Spot:
        return self.spots[option.move]


Predicate = Callable[[Troop, Option], bool]


class PlanModel:
    """The CP-SAT model; `families` lists which global rule families to enforce, `regimes`
    which K2 regimes (see REGIMES) plans may use (all possible ones if None), `wishes` the
    DM's pins and bans."""

    def __init__(
        self,
        fight: Fight,
        families: tuple[str, ...] = FAMILIES,
        regimes: list[int] | None = None,
        wishes: tuple[Wish, ...] = (),
    ) -> None:
        self.fight = fight
        self.model = cp_model.CpModel()
        self.acting: list[Monster] = [m for m in monsters(fight) if can_act(fight, m)]
        self.idle: list[Monster] = [m for m in monsters(fight) if not can_act(fight, m)]
        self.targets: tuple[Hero, ...] = plan_targets(fight)
        self.troops: list[Troop] = self._troops({w.monster for w in wishes})
        self._running: dict[int, list[cp_model.IntVar]] = {}  # see `nth_option`
        self.add_one_order_each()
        if "R6" in families:
            self.add_back_rank_count()
        if "K2" in families:
            self.add_gang_up_limits(regimes if regimes is not None else possible_regimes(fight))
        self.add_wishes(wishes)

    # --- variables ---------------------------------------------------------------------

    def _troops(self, named: set[str]) -> list[Troop]:
        """Acting monsters grouped by everything but their name; a monster named in a wish
        stands alone, since the wish tells it apart."""
        turns = self.fight.turns
        by_signature: dict[object, list[Monster]] = {}
        for m in self.acting:
            # the name goes, the stat block stays: it sets the danger class (G3)
            signature: object = (
                replace(m, name=""),
                m.stat_block,
                start_spot(self.fight, m.name),
                tuple(m.name in names for names in vars(turns).values()),
            )
            if m.name in named:
                signature = m.name
            by_signature.setdefault(signature, []).append(m)
        troops = []
        for members in by_signature.values():
            m = members[0]
            moves = destinations(self.fight, m)
            troop = Troop(
                tuple(members),
                moves,
                rank_options(m),
                [final_spot(self.fight, m.name, mv) for mv in moves],
            )
            troop.options, troop.shots = self._options(troop)
            new = self.model.new_bool_var if troop.size == 1 else self._counter(troop.size)
            troop.x = [new(f"{m.name}:{k}") for k in range(len(troop.options))]
            troop.s = [new(f"{m.name}>{sh.target}@{sh.rank}") for sh in troop.shots]
            troops.append(troop)
        return troops

    def _counter(self, size: int) -> Callable[[str], cp_model.IntVar]:
        return lambda name: self.model.new_int_var(0, size, name)

    def _options(self, troop: Troop) -> tuple[list[Option], list[Shot]]:
        m = troop.first
        needs = [
            (hero.name, mode, need)
            for hero in self.targets
            for mode in Mode
            if (need := mode_needs(self.fight, m, hero, mode)) is not None
        ]
        options = []
        for i, move in enumerate(troop.moves):
            spot = troop.spots[i]
            for rank in troop.ranks:
                if rank is Rank.BACK and not self._may_move_in_back_rank(troop, move, needs):
                    continue
                options.append(Option(i, rank))
                options += [
                    Option(i, rank, hero, mode)
                    for hero, mode, need in needs
                    if mode is not Mode.RANGED and need.met_by({spot}, [rank])
                ]
        ranks = {o.rank for o in options}
        shots = [
            Shot(rank, hero)
            for hero, mode, need in needs
            if mode is Mode.RANGED
            for rank in need.met_by(set(troop.spots), troop.ranks)
            if rank in ranks
        ]
        return options, shots

    def key(self, troop: Troop, option: Option, shot: Shot | None = None) -> Key:
        """P4's canonical order (the keys of `rules.plan_check.canonical_key`)."""
        target, mode = (shot.target, Mode.RANGED) if shot else (option.target, option.mode)
        return (
            self.target_index(target),
            MODE_ORDER.index(mode) if mode is not None else len(MODE_ORDER),
            option.move,
            troop.ranks.index(option.rank),
        )

    def target_index(self, target: str | Shot | None) -> int:
        """Place in the target order (T2); nobody comes last."""
        name = target.target if isinstance(target, Shot) else target
        names = [h.name for h in self.targets]
        return names.index(name) if name is not None else len(names)

    def _may_move_in_back_rank(
        self, troop: Troop, move: Move, needs: list[tuple[str, Mode, Need]]
    ) -> bool:
        """Dominance: a back-rank monster counts for no unit (K4) and strikes nobody in mêlée,
        so moving only costs it (P4: leavers, moves) unless it leaves to attack with reach
        (A2, unengaged). Every optimal plan therefore keeps it in place otherwise."""
        if move.kind is MoveKind.STAY:
            return True
        reach = any(mode is Mode.REACH for _, mode, _ in needs)
        return reach and final_spot(self.fight, troop.first.name, move) is None

    def canonical_counts(self, troop: Troop, ruled: set[int]) -> list[cp_model.IntVar]:
        """How many members take each order still open, in canonical order: the options
        with mêlée or reach, and each attack-free option split into the shots it carries
        and the rest (new variables, tied to the option and shot counts)."""
        keyed: list[tuple[Key, cp_model.IntVar]] = []
        parts: dict[int, list[cp_model.IntVar]] = {}
        new = self.model.new_bool_var if troop.size == 1 else self._counter(troop.size)
        for option, x in zip(troop.options, troop.x, strict=True):
            if x.index in ruled:
                continue
            shots = [
                (k, shot)
                for k, (shot, s) in enumerate(zip(troop.shots, troop.s, strict=True))
                if option.target is None and shot.rank is option.rank and s.index not in ruled
            ]
            if not shots:
                keyed.append((self.key(troop, option), x))
                continue
            plain = new(f"{x.name} without a shot")
            carried = [new(f"{x.name} shooting {shot.target}") for _, shot in shots]
            self.model.add(plain + cp_model.LinearExpr.sum(carried) == x)
            keyed.append((self.key(troop, option), plain))
            for (k, shot), v in zip(shots, carried, strict=True):
                keyed.append((self.key(troop, option, shot), v))
                parts.setdefault(k, []).append(v)
        for k, s in enumerate(troop.s):
            if s.index not in ruled:
                self.model.add(cp_model.LinearExpr.sum(parts.get(k, [])) == s)
        return [v for _, v in sorted(keyed, key=lambda kv: kv[0])]

    def nth_option(
        self, troop: Troop, counts: list[cp_model.IntVar], n: int
    ) -> list[cp_model.IntVar]:
        """P4's canonical tie-break of the troop's n-th member (1-based, column order) as
        booleans over `canonical_counts`: the k-th is true only if at least n members take
        one of the first k+1 orders. Its order's place is then at most the number of false
        ones, and minimising that number makes it exact. Chained so that the true ones come
        last."""
        bs = [
            self.model.new_bool_var(f"{troop.first.name} #{n} within {k}")
            for k in range(len(counts) - 1)
        ]
        for b, upto in zip(bs, self._taken_so_far(troop, counts), strict=False):
            self.model.add(upto >= n).only_enforce_if(b)
        for b, later in itertools.pairwise(bs):
            self.model.add_implication(b, later)
        return bs

    def _taken_so_far(self, troop: Troop, counts: list[cp_model.IntVar]) -> list[cp_model.IntVar]:
        """Running totals of the troop's open order counts (one variable each, so that
        every member's order statistic reads one number)."""
        if id(troop) not in self._running:
            totals: list[cp_model.IntVar] = []
            for k, x in enumerate(counts[:-1]):
                total = self.model.new_int_var(0, troop.size, f"{troop.first.name} upto {k}")
                self.model.add(total == (totals[-1] + x if totals else x))
                totals.append(total)
            self._running[id(troop)] = totals
        return self._running[id(troop)]

    def count(self, where: Predicate) -> cp_model.LinearExpr:
        """How many acting monsters take an option that satisfies `where`."""
        return cp_model.LinearExpr.sum(list(self.options_where(where)))

    def options_where(self, where: Predicate) -> Iterable[cp_model.IntVar]:
        for t in self.troops:
            for o, x in zip(t.options, t.x, strict=True):
                if where(t, o):
                    yield x

    def attackers_of(self, hero: str) -> cp_model.LinearExpr:
        return cp_model.LinearExpr.sum(
            [v for t in self.troops for v, target, _, _ in t.strikes() if target == hero]
        )

    # --- rule families -----------------------------------------------------------------

    def add_one_order_each(self) -> None:
        """P1, P2: every member of a troop takes exactly one option (a destination, a rank
        and at most one attacked hero); a shot needs a member at its rank that makes no
        other attack (A3)."""
        for t in self.troops:
            self.model.add(cp_model.LinearExpr.sum(t.x) == t.size)
            for rank in {shot.rank for shot in t.shots}:
                shots = [s for shot, s in zip(t.shots, t.s, strict=True) if shot.rank is rank]
                self.model.add(sum(shots) <= sum(t.idle_at(rank)))

    def front_rank_monsters(self) -> cp_model.LinearExpr:
        fixed = sum(1 for m in self.idle if m.rank is Rank.FRONT)
        return self.count(lambda _, o: o.rank is Rank.FRONT) + fixed

    def add_back_rank_count(self) -> None:
        """R6: a monster may be in the back rank only with one front-rank monster per
        front-rank hero (after this round's moves), unless it can hide or levitate."""
        front_heroes, _ = front_rank_counts(self.fight)
        front = self.front_rank_monsters()
        if any(m.rank is Rank.BACK and monster_needs_count(m) for m in self.idle):
            self.model.add(front >= front_heroes)
        backs = [
            (t, x)
            for t in self.troops
            if monster_needs_count(t.first)
            for o, x in zip(t.options, t.x, strict=True)
            if o.rank is Rank.BACK
        ]
        if backs:
            someone_back = self.model.new_bool_var("someone counted in the back rank")
            for t, x in backs:
                self.model.add(x <= t.size * someone_back)
            self.model.add(front >= front_heroes).only_enforce_if(someone_back)

    def add_gang_up_limits(self, regimes: list[int]) -> None:
        """K2, K3, K4 in one of the regimes (see REGIMES): every unit holds at least
        floor·h(u) front-rank or free-air monsters after the moves, and a unit that a monster
        joins holds at most cap·h(u)."""
        chosen = {k: self.model.new_bool_var(f"K2 regime {k}") for k in regimes}
        self.model.add_exactly_one(chosen.values())
        counted_ranks = (Rank.FRONT, Rank.FREE_AIR)
        for spot, h in unit_spots(self.fight):
            fixed = sum(
                1
                for m in self.idle
                if m.rank in counted_ranks and start_spot(self.fight, m.name) == spot
            )
            count = cp_model.LinearExpr.sum(
                [
                    x
                    for t in self.troops
                    for o, x in zip(t.options, t.x, strict=True)
                    if t.spot_of(o) == spot and o.rank in counted_ranks
                ]
            )
            for k, z in chosen.items():
                if REGIMES[k][0]:
                    self.model.add(count + fixed >= REGIMES[k][0] * h).only_enforce_if(z)
            joins = [
                (t, x)
                for t in self.troops
                if start_spot(self.fight, t.first.name) != spot
                for o, x in zip(t.options, t.x, strict=True)
                if t.spot_of(o) == spot
            ]
            if joins:
                joined = self.model.new_bool_var(f"someone joins {spot}")
                for t, x in joins:
                    self.model.add(x <= t.size * joined)
                for k, z in chosen.items():
                    cap = REGIMES[k][1]
                    if cap is not None:
                        self.model.add(count + fixed <= cap * h).only_enforce_if(joined, z)

    def add_wishes(self, wishes: Iterable[Wish]) -> None:
        """The DM's --fix and --forbid: a pairing that must or must not happen. A monster
        named in a wish is a troop of its own (see `_troops`)."""
        for wish in wishes:
            pairing = self.pairing(wish.monster, wish.hero)
            if wish.fixed:
                self.model.add_bool_or(pairing)  # no variables: infeasible, as it should be
            else:
                for var in pairing:
                    self.model.add(var == 0)

    def pairing(self, monster: str, hero: str) -> list[cp_model.IntVar]:
        """Every attack variable of `monster` on `hero` (a monster that stands alone)."""
        return [
            v
            for t in self.troops
            if t.size == 1 and t.first.name == monster
            for v, target, _, _ in t.strikes()
            if target == hero
        ]


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
