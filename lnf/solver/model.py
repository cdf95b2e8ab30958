"""The CP-SAT model of one round's plan: variables only for what can be legal, and one method
per rule family, each building its constraints from `lnf.rules`.

The variables are counts per troop (see `troops`): `x[option]`, how many members take an
option, and `s[shot]`, how many shoot a hero from a rank. A troop's options sum to its size
(P1, P2: one move, one rank, at most one target per monster); per rank, its shots are at most
its members there without another attack (A3). Options exist only where legal.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from lnf.model import Fight, Hero, Monster, Rank
from lnf.model.plan import Mode, Wish
from lnf.rules.attacks import plan_targets
from lnf.rules.back_rank import bound_by_count
from lnf.rules.gangup import unit_spots
from lnf.rules.moves import Place, Spot, can_act, hero_spot, rank_options, start_spot
from lnf.rules.ranks import front_rank_counts
from lnf.rules.roster import monsters
from lnf.solver.cp_sat import cp_model
from lnf.solver.orders import form_troops
from lnf.solver.troops import Key, Option, Shot, Troop, canonical_key

FAMILIES = ("R6", "K2")  # global rule families; dropping one in turn explains a refusal
COUNTED_RANKS = (Rank.FRONT, Rank.FREE_AIR)  # K1, K4: who counts in a unit
FLOORS_BOUND = True  # K2's floors bound a hero's attackers too (off: for the tests)

# K2 as regimes. Let the floor of a plan be the highest tier t that every unit reaches
# (m(u) >= t·h(u) for all u; 0 if some unit has fewer than one per hero). A plan keeps K2/K3
# exactly when every unit it joins holds at most the next tier above its floor. So the legal
# plans are the union over regimes (floor, cap) of "every unit holds at least floor·h(u), every
# joined unit at most cap·h(u)": a model given several regimes picks one and then has plain
# linear constraints; `solver.regimes` solves them one model each, where the LP is tight.
REGIMES: tuple[tuple[int, int | None], ...] = ((0, 1), (1, 3), (3, 8), (8, None))


class CpModel(cp_model.CpModel):
    """OR-Tools' model without its pre-PEP 8 aliases: its constructor gives every model a
    camelCase copy of each `add_`, `new_` and `clear_` method, 0.6 ms a model and two models a
    plan, a seventh of a small plan's time (X1's). lnf calls the PEP 8 names only. A clone is
    one of these too, made as the library makes its own."""

    def _add_pre_pep8_methods(self) -> None:
        pass

    def clone(self) -> CpModel:
        clone = CpModel()
        clone.proto.copy_from(self.proto)
        clone.rebuild_constant_map()
        return clone


Predicate = Callable[[Troop, Option], bool]
BySpot = dict[Spot, list[tuple[Troop, cp_model.IntVar]]]


class PlanModel:
    """The CP-SAT model; `families` lists which global rule families to enforce, `regimes`
    which K2 regimes (see REGIMES) plans may use (all possible ones if None), `wishes` the
    DM's pins and bans; `prune` leaves out options no optimal plan takes (only for the
    optimum itself, see `troops._orders`); with `switched`, each family holds only while its
    literal in `switches` is on, so that one model answers questions under any of them (P5);
    without `priced`, its options carry no expected damage (see `troops.form_troops`);
    `formed`: its troops, if formed already as it would form them (`form_troops` of its
    acting monsters and targets, with these wishes, `prune` and `priced`), without counts.
    """

    def __init__(
        self,
        fight: Fight,
        families: tuple[str, ...] = FAMILIES,
        regimes: list[int] | None = None,
        wishes: tuple[Wish, ...] = (),
        prune: bool = False,
        switched: bool = False,
        priced: bool = True,
        formed: list[Troop] | None = None,
    ) -> None:
        self.fight = fight
        self.model = CpModel()
        self.switches = {f: self.model.new_bool_var(f"{f} holds") for f in families if switched}
        self.acting: list[Monster] = [m for m in monsters(fight) if can_act(fight, m)]
        self.idle: list[Monster] = [m for m in monsters(fight) if not can_act(fight, m)]
        self.targets: tuple[Hero, ...] = plan_targets(fight)
        self.names = [h.name for h in self.targets]
        self.troops: list[Troop] = self._troops(wishes, prune, priced, formed)
        self._by_spot: tuple[BySpot, BySpot] | None = None  # see `_unit_terms`
        self._units: _Units | None = None  # see `_unit_counts`
        self._reached: list[tuple[Troop, set[str], dict[Spot, set[str]]]] | None = None
        self._attack_variables: dict[str, list[cp_model.IntVar]] = {}
        self.add_one_order_each()
        if "R6" in families:
            self.add_back_rank_count()
        if "K2" in families:
            self.add_gang_up_limits(regimes if regimes is not None else possible_regimes(fight))
        self.add_wishes(wishes)

    # --- variables ---------------------------------------------------------------------

    def with_regimes(self, regimes: list[int]) -> PlanModel:
        """A copy whose model also holds K2 to `regimes` (this model must leave K2 out).
        Variables are shared: a copy of a CP-SAT model keeps their indices."""
        self._unit_counts()  # worked out once (with `_unit_terms`), for every copy
        other = copy.copy(self)
        other.model = self.model.clone()
        other.add_gang_up_limits(regimes)
        return other

    def _troops(
        self, wishes: tuple[Wish, ...], prune: bool, priced: bool, formed: list[Troop] | None
    ) -> list[Troop]:
        troops = formed
        if troops is None:
            troops = form_troops(self.fight, self.acting, self.targets, wishes, prune, priced)
        for t in troops:
            assert not t.counts, "a troop counted in another model"
            new = self.model.new_bool_var if t.size == 1 else self._counter(t.size)
            t.counts = [new(f"{t.first.name}:{k}") for k in range(len(t.options))]
            t.shot_counts = [new(f"{t.first.name}>{sh.target}@{sh.rank}") for sh in t.shots]
        return troops

    def _counter(self, size: int) -> Callable[[str], cp_model.IntVar]:
        return lambda name: self.model.new_int_var(0, size, name)

    def key(self, troop: Troop, option: Option, shot: Shot | None = None) -> Key:
        return canonical_key(self.fight, self.names, troop, option, shot)

    def canonical_counts(
        self, troop: Troop, ruled: set[int], active: cp_model.IntVar
    ) -> list[cp_model.IntVar]:
        """How many members take each order still open, in canonical order: the options
        with mêlée or reach, and each attack-free option split into the shots it carries
        and the rest (new variables, tied to the option and shot counts while `active`)."""
        keyed: list[tuple[Key, cp_model.IntVar]] = []
        parts: dict[int, list[cp_model.IntVar]] = {}
        new = self.model.new_bool_var if troop.size == 1 else self._counter(troop.size)
        for option, x in zip(troop.options, troop.counts, strict=True):
            if x.index in ruled:
                continue
            shots = [
                (k, shot)
                for k, (shot, s) in enumerate(zip(troop.shots, troop.shot_counts, strict=True))
                if option.target is None and shot.rank is option.rank and s.index not in ruled
            ]
            if not shots:
                keyed.append((self.key(troop, option), x))
                continue
            plain = new(f"{x.name} without a shot")
            carried = [new(f"{x.name} shooting {shot.target}") for _, shot in shots]
            self.model.add(plain + cp_model.LinearExpr.sum(carried) == x).only_enforce_if(active)
            keyed.append((self.key(troop, option), plain))
            for (k, shot), v in zip(shots, carried, strict=True):
                keyed.append((self.key(troop, option, shot), v))
                parts.setdefault(k, []).append(v)
        for k, s in enumerate(troop.shot_counts):
            if s.index not in ruled:
                self.model.add(cp_model.LinearExpr.sum(parts.get(k, [])) == s).only_enforce_if(
                    active
                )
        return [v for _, v in sorted(keyed, key=lambda kv: kv[0])]

    def count(self, where: Predicate) -> cp_model.LinearExpr:
        """How many acting monsters take an option that satisfies `where`."""
        return cp_model.LinearExpr.sum(list(self.options_where(where)))

    def options_where(self, where: Predicate) -> Iterable[cp_model.IntVar]:
        for t in self.troops:
            for o, x in zip(t.options, t.counts, strict=True):
                if where(t, o):
                    yield x

    def attackers_of(self, hero: str) -> cp_model.LinearExpr:
        return cp_model.LinearExpr.sum(self.attack_variables(hero))

    def attack_variables(self, hero: str) -> list[cp_model.IntVar]:
        """Every variable that counts attacks on `hero` (options and shots); worked out once
        per hero (P5 asks it per question)."""
        if hero not in self._attack_variables:
            self._attack_variables[hero] = [
                v for t in self.troops for v, target, _, _, _ in t.strikes() if target == hero
            ]
        return self._attack_variables[hero]

    # --- rule families -----------------------------------------------------------------

    def add_one_order_each(self) -> None:
        """P1, P2: every member of a troop takes exactly one option (a destination, a rank
        and at most one attacked hero); a shot needs a member at its rank that makes no
        other attack (A3)."""
        for t in self.troops:
            self.model.add(cp_model.LinearExpr.sum(t.counts) == t.size)
            for rank in dict.fromkeys(shot.rank for shot in t.shots):
                shots = [
                    s for shot, s in zip(t.shots, t.shot_counts, strict=True) if shot.rank is rank
                ]
                self.model.add(sum(shots) <= sum(t.idle_at(rank)))

    def front_rank_monsters(self) -> cp_model.LinearExpr:
        fixed = sum(1 for m in self.idle if m.rank is Rank.FRONT)
        return self.count(lambda _, o: o.rank is Rank.FRONT) + fixed

    def add_back_rank_count(self) -> None:
        """R6: a monster may be in the back rank only with one front-rank monster per
        front-rank hero (after this round's moves), unless it can hide or levitate; with P6's
        decision where what has already happened makes that impossible (`rules.back_rank`:
        then only a monster newly taking the back rank needs the count)."""
        front_heroes, _ = front_rank_counts(self.fight)
        front = self.front_rank_monsters()
        if any(bound_by_count(self.fight, m, m.rank) for m in self.idle):
            self._under("R6", self.model.add(front >= front_heroes))
        bound = {  # asked once per troop and rank, not per option
            (id(t), rank): bound_by_count(self.fight, t.first, rank)
            for t in self.troops
            for rank in t.ranks
        }
        backs = [
            (t, x)
            for t in self.troops
            for o, x in zip(t.options, t.counts, strict=True)
            if bound[id(t), o.rank]
        ]
        if backs:
            someone_back = self.model.new_bool_var("someone counted in the back rank")
            for t, x in backs:
                self.model.add(x <= t.size * someone_back)
            self._under("R6", self.model.add(front >= front_heroes), someone_back)

    def add_gang_up_limits(self, regimes: list[int]) -> None:
        """K2, K3, K4 in one of the regimes (see REGIMES): every unit holds at least
        floor·h(u) front-rank or free-air monsters after the moves, and a unit that a monster
        joins holds at most cap·h(u).

        Written as sums over the regime choice where that is exact (the floor always; the cap
        where the unit's own monsters could not pass it anyway, so it binds joined or not),
        which gives the LP relaxation the counting it needs; only the rest hangs on whether
        someone joins."""
        chosen = {k: self.model.new_bool_var(f"K2 regime {k}") for k in regimes}
        self.model.add_exactly_one(chosen.values())
        counted_by_spot, joins_by_spot = self._unit_terms()
        units = self._unit_counts()
        for spot, h in units.spots:
            fixed = units.fixed.get(spot, 0)
            counted = counted_by_spot.get(spot, [])
            count = cp_model.LinearExpr.sum([x for _, x in counted]) + fixed
            own = units.own(spot)
            everyone = fixed + units.acting
            floor = [REGIMES[k][0] * h for k in chosen]
            at_least = count >= cp_model.LinearExpr.weighted_sum(list(chosen.values()), floor)
            self._under("K2", self.model.add(at_least))
            caps = [REGIMES[k][1] for k in chosen]
            bound = [cap * h if cap is not None and own <= cap * h else everyone for cap in caps]
            at_most = count <= cp_model.LinearExpr.weighted_sum(list(chosen.values()), bound)
            self._under("K2", self.model.add(at_most))
            joins = joins_by_spot.get(spot, [])
            loose = [
                (z, cap)
                for (k, z), cap in zip(chosen.items(), caps, strict=True)
                if cap is not None and own > cap * h
            ]
            if joins and loose:
                # Written with the least big-M that is exact, for the LP: joiners count
                # (moves in the back rank are pruned), so they number at most the largest
                # cap·h, and without joiners the unit holds at most its own.
                joined = self.model.new_bool_var(f"someone joins {spot}")
                for t, x in joins:
                    self.model.add(x <= t.size * joined)
                most = max(everyone if cap is None else cap * h for cap in caps)
                self.model.add(cp_model.LinearExpr.sum([x for _, x in joins]) <= most * joined)
                for z, cap in loose:
                    held = self.model.add(count + (own - cap * h) * joined <= own)
                    self._under("K2", held, z)

    def _under(self, family: str, constraint: cp_model.Constraint, *when: cp_model.IntVar) -> None:
        """`constraint` of `family` holds when every literal in `when` is on, and, in a
        switched model, the family's literal too. What a family adds beside such constraints
        (a regime chosen, whether someone joins or stands in the back rank) binds nothing
        on its own."""
        switch = self.switches.get(family)
        literals = [*when, *([switch] if switch is not None else [])]
        if literals:
            constraint.only_enforce_if(literals)

    def _unit_counts(self) -> _Units:
        """K1, K2, K4: the units with h(u), the monsters that cannot act and count at each
        spot, and each spot's own troops, worked out once for every unit (and every copy):
        asked per unit, each walked every idle monster and troop (at 50 × 500, 40-odd units
        and up to 500 monsters that have acted, per regime)."""
        if self._units is None:
            fixed: dict[Spot, int] = {}
            for m in self.idle:
                if m.rank in COUNTED_RANKS:
                    spot = start_spot(self.fight, m.name)
                    fixed[spot] = fixed.get(spot, 0) + 1
            home: dict[Spot, int] = {}  # a troop counts once at its start if it can count there
            for spot, terms in self._unit_terms()[0].items():
                troops = {id(t): t for t, _ in terms}.values()
                home[spot] = sum(t.size for t in troops if self._home(t) == spot)
            acting = sum(t.size for t in self.troops)
            self._units = _Units(unit_spots(self.fight), fixed, home, acting)
        return self._units

    def _home(self, troop: Troop) -> Spot:
        return start_spot(self.fight, troop.first.name)

    def _own(self, spot: Spot) -> int:
        """The most a unit could hold without anyone joining it."""
        return self._unit_counts().own(spot)

    def most_attackers(self, regimes: list[int], floors: bool = False) -> dict[str, int]:
        """Per hero, the most monsters that can attack it in a plan of one of `regimes`:
        its mêlée attackers stand in its unit (K4: front rank or free air), which holds at
        most cap·h(u) if joined and its own monsters if not (K2, K3); and every other unit
        holds at least floor·h(u) (K2), filled by monsters that may not attack it from there
        (`_filled_elsewhere`; with `floors`, for the regimes solved apart, where a regime
        that cannot catch up is dropped unbuilt: `regimes._beaten`). Reach and shots are not
        bounded by the cap, nor are special actions (B4: a back-rank monster may use one on
        its own group). Heroes that some regime bounds neither way are left out."""
        units = dict(self._unit_counts().spots)
        ways = self._ways()
        most: dict[str, int] = {}
        for hero in self.targets:
            spot = hero_spot(self.fight, hero)
            if spot not in units:
                continue
            h, own = units[spot], self._own(spot)
            close, other = ways.get(hero.name, (0, 0))
            bounds = []
            for floor, cap in (REGIMES[k] for k in regimes):
                held = cap * h if cap is not None and own <= cap * h else own
                found = [min(close, held) + other] if cap is not None else []
                if floor and floors and FLOORS_BOUND:
                    found.append(self._filled_elsewhere(hero.name, spot, floor))
                if not found:
                    break  # this regime bounds the hero neither way
                bounds.append(min(found))
            else:
                most[hero.name] = max(bounds)
        return most

    def _filled_elsewhere(self, hero: str, spot: Spot, floor: int) -> int:
        """K2's floor read as a bound on `hero`'s attackers (its unit at `spot`): every other
        unit holds at least floor·h(u) counted monsters, and those it lacks now (`need`) are
        acting monsters counted there. A monster counted in another unit attacks from there,
        so one whose orders there never attack `hero` is an attacker fewer, unless monsters
        that cannot attack `hero` at all, or can from there, fill the need first. At most:
        those that can attack it, less the need such monsters leave."""
        units = self._unit_counts()
        need = sum(max(0, floor * h - units.fixed.get(s, 0)) for s, h in units.spots if s != spot)
        attack = spare = 0
        for t, reached, counted in self._reach():
            away = [s for s in counted if s != spot]
            if hero in reached:
                attack += t.size
                spare += t.size if any(hero in counted[s] for s in away) else 0
            elif away:
                spare += t.size
        return attack - max(0, need - spare)

    def _reach(self) -> list[tuple[Troop, set[str], dict[Spot, set[str]]]]:
        """Per troop, the heroes it can attack, and per unit where it can be counted (K1,
        K4) the heroes it can attack while counted there (its options' heroes, and the
        shots that ride on them). Worked out once, for every copy."""
        if self._reached is None:
            units = {s for s, _ in self._unit_counts().spots}
            out = []
            for t in self.troops:
                shots: dict[Rank, set[str]] = {}
                for sh in t.shots:
                    shots.setdefault(sh.rank, set()).add(sh.target)
                counted: dict[Spot, set[str]] = {}
                for o in t.options:
                    spot = t.spot_of(o)
                    if o.rank in COUNTED_RANKS and spot in units:
                        there = counted.setdefault(spot, set())
                        there.update(o.heroes)
                        if t.rides(o):
                            there |= shots.get(o.rank, set())
                reached = {target for _, target, _, _, _ in t.strikes()}
                out.append((t, reached, counted))
            self._reached = out
        return self._reached

    def _ways(self) -> dict[str, tuple[int, int]]:
        """Per hero, the members of troops that can attack it in mêlée with weapons, and of
        troops that can attack it otherwise (each troop counted once per way), every troop's
        strikes walked once, not once per hero."""
        ways: dict[str, tuple[int, int]] = {}
        for t in self.troops:
            seen = {
                (target, mode is Mode.MELEE and not action)
                for _, target, mode, _, action in t.strikes()
            }
            for target, close in seen:
                c, o = ways.get(target, (0, 0))
                ways[target] = (c + t.size, o) if close else (c, o + t.size)
        return ways

    def _unit_terms(self) -> tuple[BySpot, BySpot]:
        """Per spot, the options that count there (K1, K4: front rank or free air) and the
        options that join it (every option's spot looked at once, not once per unit)."""
        if self._by_spot is not None:
            return self._by_spot
        counted: BySpot = {}
        joins: BySpot = {}
        for t in self.troops:
            home = self._home(t)
            for o, x in zip(t.options, t.counts, strict=True):
                spot = t.spot_of(o)
                if o.rank in COUNTED_RANKS:
                    counted.setdefault(spot, []).append((t, x))
                if spot != home:
                    joins.setdefault(spot, []).append((t, x))
        self._by_spot = (counted, joins)
        return self._by_spot

    def add_wishes(self, wishes: Iterable[Wish]) -> None:
        """The DM's --fix and --forbid: a pairing that must or must not happen, with a
        special action if the wish names one (B9). A monster named in a wish is a troop of
        its own (see `_troops`)."""
        for wish in wishes:
            pairing = self.pairing(wish.monster, wish.hero, wish.action)
            if wish.fixed:
                self.model.add_bool_or(pairing)  # no variables: infeasible, as it should be
            else:
                for var in pairing:
                    self.model.add(var == 0)

    def pairing(self, monster: str, hero: str, action: str = "") -> list[cp_model.IntVar]:
        """Every attack variable of `monster` (a monster that stands alone) on `hero`: with
        `action` (B9), those of that special action or spell that catch it."""
        return [
            v
            for t in self.troops
            if t.size == 1 and t.first.name == monster
            for v, target, _, _, used in t.strikes()
            if target == hero and action in ("", used)
        ]


@dataclass
class _Units:
    """What K2's limits ask of each unit that does not change with the regimes (see
    `PlanModel._unit_counts`)."""

    spots: list[tuple[Place, int]]  # `rules.gangup.unit_spots`: each unit with h(u)
    fixed: dict[Spot, int]  # monsters that cannot act and count there (K1, K4)
    home: dict[Spot, int]  # members of troops that start there and can count there
    acting: int  # every acting monster

    def own(self, spot: Spot) -> int:
        """The most a unit could hold without anyone joining it."""
        return self.fixed.get(spot, 0) + self.home.get(spot, 0)


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
