"""Troops: monsters that differ only in name, and the orders open to them.

Monsters with the same stat block, the same state and the same starting group can swap orders
without changing anything the rules, P3 or P4 see. The model therefore counts how many of a
troop take each order instead of deciding monster by monster: no symmetry is left for the
solver to prove its way through (every permutation of identical skeletons), and the model
shrinks. The read-out hands a troop's orders to its members in canonical order, leftmost
member first (P4).

A troop's orders are its *options* (a destination of `rules.destinations`, M1–M4; a rank of
`rules.rank_options`, R7, R8; and a mêlée or reach attack that `rules.mode_needs` allows from
there, A1, A2, R2, R3, R5, R7, or none) and its *shots* (a ranged attack on a hero from a
rank, A3). A shot needs a rank, not a spot, so it rides on a member whose option at that rank
has no attack; counting shots apart keeps a bowman that could join any of 13 groups and shoot
any of 12 heroes at 12 shots instead of 156 options.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ortools.sat.python import cp_model

from lnf.model import Fight, Hero, Monster, Rank
from lnf.model.plan import Mode, Move, MoveKind
from lnf.rules.attacks import Need, mode_needs
from lnf.rules.moves import Spot, destinations, final_spot, rank_options, start_spot
from lnf.rules.plan_score import MODE_ORDER
from lnf.rules.surprise import actions_in_surprise_round
from lnf.values import value

Key = tuple[int, int, int, int]  # P4's canonical order: target, mode, destination, rank
Needed = tuple[str, Mode, Need]  # a hero, a mode and what attacking it so needs
Strike = tuple[cp_model.IntVar, str, Mode, Rank]  # an attack variable: hero, mode, rank


@value
class Option:
    """One order a troop member may take: destination index, rank, and attack if any."""

    move: int  # index into the troop's destinations
    rank: Rank
    target: str | None = None
    mode: Mode | None = None


@value
class Shot:
    """A ranged attack on `target` from `rank`, wherever the shooter stands (A3)."""

    rank: Rank
    target: str


@dataclass(eq=False)  # compared by identity: its CP-SAT variables overload ==
class Troop:
    """Interchangeable monsters, in column order, with their options and shots and, once
    the model gives them, the count variables of each (`counts`, `shot_counts`)."""

    members: tuple[Monster, ...]
    moves: list[Move]
    ranks: list[Rank]
    spots: list[Spot]  # where each destination ends
    options: list[Option] = field(default_factory=list)
    shots: list[Shot] = field(default_factory=list)
    one_action: bool = False  # V-ENC1: one action in the surprise round, a move or an attack
    counts: list[cp_model.IntVar] = field(default_factory=list)  # how many take each option
    shot_counts: list[cp_model.IntVar] = field(default_factory=list)  # how many take each shot
    _strikes: list[Strike] = field(default_factory=list, repr=False)

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

    def strikes(self) -> list[Strike]:
        """Every attack variable: mêlée and reach options, then shots (once the model has
        made the variables)."""
        if not self._strikes:
            self._strikes = [
                (x, o.target, o.mode, o.rank)
                for o, x in zip(self.options, self.counts, strict=True)
                if o.target is not None and o.mode is not None
            ]
            self._strikes += [
                (v, sh.target, Mode.RANGED, sh.rank)
                for sh, v in zip(self.shots, self.shot_counts, strict=True)
            ]
        return self._strikes

    def idle_at(self, rank: Rank) -> list[cp_model.IntVar]:
        """Options at `rank` where a shot can ride."""
        return [
            x
            for o, x in zip(self.options, self.counts, strict=True)
            if o.rank is rank and self.rides(o)
        ]

    def rides(self, option: Option) -> bool:
        """A shot can ride on an option without a mêlée or reach attack; with one action
        (V-ENC1), only on one that stays: a move and a shot are two."""
        moved = self.moves[option.move].kind is not MoveKind.STAY
        return option.target is None and not (self.one_action and moved)


def form_troops(
    fight: Fight,
    acting: list[Monster],
    targets: tuple[Hero, ...],
    named: set[str],
    prune: bool = False,
) -> list[Troop]:
    """Acting monsters grouped by everything but their name, with their options and shots;
    a monster named in `named` (a DM's wish) stands alone, since the wish tells it apart.
    With `prune`, options no optimal plan takes are left out (see `_orders`)."""
    by_signature: dict[object, list[Monster]] = {}
    for m in acting:
        # the name goes, the stat block stays: it sets the danger class (G3)
        signature: object = (
            replace(m, name=""),
            m.stat_block,
            start_spot(fight, m.name),
            fight.turns.of(m.name),
            actions_in_surprise_round(fight, m.name),  # V-ENC1: the actions it has
        )
        if m.name in named:
            signature = m.name
        by_signature.setdefault(signature, []).append(m)
    troops = []
    needs_of: dict[object, list[Needed]] = {}  # a monster's needs do not depend on its place
    for signature, members in by_signature.items():
        m = members[0]
        moves = destinations(fight, m)
        troop = Troop(
            tuple(members),
            moves,
            rank_options(m),
            [final_spot(fight, m.name, mv) for mv in moves],
            one_action=actions_in_surprise_round(fight, m.name) == 1,
        )
        kind = signature[0] if isinstance(signature, tuple) else signature
        if kind not in needs_of:
            needs_of[kind] = [
                (hero.name, mode, need)
                for hero in targets
                for mode in Mode
                if (need := mode_needs(fight, m, hero, mode)) is not None
            ]
        prune_it = prune and m.name not in named
        troop.options, troop.shots = _orders(troop, targets, needs_of[kind], prune_it)
        troops.append(troop)
    return troops


def _orders(
    troop: Troop, targets: tuple[Hero, ...], needs: list[Needed], prune: bool
) -> tuple[list[Option], list[Shot]]:
    """The troop's options and shots, from what its monsters need to attack each hero in
    each mode (`rules.mode_needs`); with `prune`, only those an optimal plan may take.

    Whom a monster attacks changes no spot and no rank, so no R6 or K2 count, and nothing
    else; turning an attack on a later hero into one on an earlier hero gives that earlier
    hero one more attacker, a strictly better P3. So wherever a monster ends (destination
    and rank) it attacks the earliest hero it can reach from there, and is never idle when
    it could attack: per destination and rank only the attacks on that hero are kept (with
    the shot from that rank when it is the earliest), and per rank only the shot at the
    earliest hero it can shoot. Not for questions that drop a rule family or hold levels
    fixed (P5), nor for a monster named in a wish (a ban can make a later hero its best).
    """
    place = {hero.name: k for k, hero in enumerate(targets)}
    shooting: dict[Rank, list[str]] = {}  # rank -> the heroes it can shoot, in target order
    for hero, mode, need in needs:
        if mode is Mode.RANGED:
            for rank in need.met_by(set(troop.spots), troop.ranks):
                shooting.setdefault(rank, []).append(hero)
    if prune:
        shooting = {rank: heroes[:1] for rank, heroes in shooting.items()}
    close: dict[Spot, list[tuple[str, Mode, tuple[Rank, ...]]]] = {}  # mêlée, reach by spot
    for hero, mode, need in needs:
        if not need.anywhere:  # mêlée and reach need a spot, shots do not
            close.setdefault(need.at, []).append((hero, mode, need.ranks))
    reach = any(mode is Mode.REACH for _, mode, _ in needs)
    options = []
    for i, move in enumerate(troop.moves):
        spot = troop.spots[i]
        for rank in troop.ranks:
            if rank is Rank.BACK and not _may_move_in_back_rank(move, spot, reach):
                continue
            moving_is_all = troop.one_action and move.kind is not MoveKind.STAY  # V-ENC1
            attacks = [
                (place[hero], Option(i, rank, hero, mode))
                for hero, mode, ranks in close.get(spot, ())
                if rank in ranks and not moving_is_all
            ]
            idle = True
            if prune and attacks:
                first = min(k for k, _ in attacks)
                shot = place[shooting[rank][0]] if rank in shooting else len(targets)
                attacks = [(k, a) for k, a in attacks if first <= shot and k == first]
                idle = shot <= first
            if idle:
                options.append(Option(i, rank))
            options += [a for _, a in attacks]
    ranks = {o.rank for o in options if o.target is None}
    shots = [
        Shot(rank, hero) for rank, heroes in shooting.items() if rank in ranks for hero in heroes
    ]
    shots.sort(key=lambda sh: (troop.ranks.index(sh.rank), place[sh.target]))
    return options, shots


def _may_move_in_back_rank(move: Move, spot: Spot, reach: bool) -> bool:
    """Dominance: a back-rank monster counts for no unit (K4) and strikes nobody in mêlée,
    so moving only costs it (P4: leavers, moves) unless it leaves to attack with `reach`
    (A2, unengaged). Every optimal plan therefore keeps it in place otherwise."""
    if move.kind is MoveKind.STAY:
        return True
    return reach and spot is None


def target_index(targets: tuple[Hero, ...], target: str | Shot | None) -> int:
    """Place in the target order (T2); nobody comes last."""
    name = target.target if isinstance(target, Shot) else target
    names = [h.name for h in targets]
    return names.index(name) if name is not None else len(names)


def canonical_key(
    targets: tuple[Hero, ...], troop: Troop, option: Option, shot: Shot | None = None
) -> Key:
    """P4's canonical order of an option (carrying `shot`, if any): the keys of
    `rules.plan_score.canonical_key`."""
    target, mode = (shot.target, Mode.RANGED) if shot else (option.target, option.mode)
    return (
        target_index(targets, target),
        MODE_ORDER.index(mode) if mode is not None else len(MODE_ORDER),
        option.move,
        troop.ranks.index(option.rank),
    )
