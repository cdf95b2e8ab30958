"""Troops: monsters that differ only in name, and the orders open to them.

Monsters with the same stat block, the same state and the same starting group can swap orders
without changing anything the rules, P3 or P4 see. The model therefore counts how many of a
troop take each order instead of deciding monster by monster: no symmetry is left for the
solver to prove its way through (every permutation of identical skeletons), and the model
shrinks. The read-out hands a troop's orders to its members in canonical order, leftmost
member first (P4). "The same state" is the whole monster but its name: its conditions, its
hit points and its resources too, so twins have the same recharges, uses and slots left (B2)
and the same special actions open.

A troop's orders are its *options* (a destination of `rules.destinations`, M1–M4; a rank of
`rules.rank_options`, R7, R8; and either a mêlée or reach attack that `rules.mode_needs` allows
from there, A1, A2, R2, R3, R5, R7, or a special action or spell it may use now with the heroes
it catches from there, `rules.specials`, B1–B5, or nothing) and its *shots* (a ranged attack on
a hero from a rank, A3). A shot needs a rank, not a spot, so it rides on a member whose option
at that rank has no attack; counting shots apart keeps a bowman that could join any of 13
groups and shoot any of 12 heroes at 12 shots instead of 156 options. An option and a shot
carry their expected damage (B6, `rules.order_damage.expected_damage`) and their attack rolls at
disadvantage (P4). Troops are formed and their orders found in `solver.orders`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lnf.model import Fight, Hero, Monster, Rank
from lnf.model.effects import Effect
from lnf.model.plan import Mode, Move, MoveKind, Order, Plan
from lnf.rules.attacks import Need
from lnf.rules.moves import Spot, start_spot
from lnf.rules.plan_score import CanonicalKeys
from lnf.rules.surprise import actions_in_surprise_round
from lnf.solver.cp_sat import cp_model
from lnf.values import replace, value

Key = tuple[int, ...]  # P4's canonical order of an order (`rules.plan_score.canonical_key`)
Needed = tuple[str, Mode, Need]  # a hero, a mode and what attacking it so needs
# an attack variable: the hero, the mode, the rank and the action ("": its weapons); an
# option that catches several heroes gives one strike per hero
Strike = tuple[cp_model.IntVar, str, Mode | None, Rank, str]


@value
class Option:
    """One order a troop member may take: destination index, rank, and the attack if any:
    a weapon attack on `target` in `mode`, or a special action or spell (`action`, B1) that
    attacks `target` and the heroes `also` (B3), in target order."""

    move: int  # index into the troop's destinations
    rank: Rank
    target: str | None = None
    mode: Mode | None = None
    action: str = ""
    also: tuple[str, ...] = ()
    damage: int = 0  # B6 (1): its expected damage, whole hundredths
    dis: int = 0  # P4: its attack rolls at disadvantage

    @property
    def heroes(self) -> tuple[str, ...]:
        """Every hero it attacks (B3)."""
        return () if self.target is None else (self.target, *self.also)

    def at(self, move: int) -> Option:
        """This option at destination `move`: `replace(self, move=move)` in one step (a
        troop's options are mostly copies of one made at another destination, thousands a
        plan with special actions). Its fields are all it holds: copied whole, `move` set."""
        if self.move == move:
            return self
        new = object.__new__(Option)
        state = new.__dict__
        state.update(self.__dict__)
        state["move"] = move
        return new


@value
class Shot:
    """A ranged attack on `target` from `rank`, wherever the shooter stands (A3)."""

    rank: Rank
    target: str
    damage: int = 0  # B6 (1): its expected damage, whole hundredths
    dis: int = 0  # P4: its attack rolls at disadvantage


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
    _keys: tuple[list[str], CanonicalKeys] | None = field(default=None, repr=False)

    def keys(self, targets: list[str]) -> CanonicalKeys:
        """P4's canonical keys of its orders against `targets` (see `canonical_key`), built
        once per list of targets (a model asks with one list)."""
        if self._keys is None or self._keys[0] is not targets:
            self._keys = (targets, CanonicalKeys(self.first, targets, self.moves))
        return self._keys[1]

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

    def order(self, option: Option, shot: Shot | None = None, name: str = "") -> Order:
        """The order an option (carrying `shot`, if any) gives a member (`name`, else the
        first)."""
        name = name or self.first.name
        move = self.move_of(option)
        if shot is not None:
            return Order(name, shot.rank, move, shot.target, Mode.RANGED)
        return Order(
            name, option.rank, move, option.target, option.mode, option.action, option.also
        )

    def strikes(self) -> list[Strike]:
        """Every attack variable: options with an attack, one strike for each hero they
        attack, then shots (once the model has made the variables)."""
        if not self._strikes:
            self._strikes = [
                (x, hero, o.mode, o.rank, o.action)
                for o, x in zip(self.options, self.counts, strict=True)
                for hero in o.heroes
            ]
            self._strikes += [
                (v, sh.target, Mode.RANGED, sh.rank, "")
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
        """A shot can ride on an option without another attack; with one action (V-ENC1),
        only on one that stays: a move and a shot are two."""
        moved = self.moves[option.move].kind is not MoveKind.STAY
        return option.target is None and not (self.one_action and moved)


def twins_key(fight: Fight, m: Monster, kind: object) -> object:
    """What puts acting monsters of one `kind` (`rules.kinds.kind_of`: all but the name) in
    one troop: the stat block (it sets the danger class, G3), where each starts, its turn so
    far, the actions it has (V-ENC1) and the effects on it or of its making (`own_effects`)."""
    return (
        kind,
        m.stat_block,
        start_spot(fight, m.name),
        fight.turns.of(m.name),
        actions_in_surprise_round(fight, m.name),
        own_effects(fight, m.name),
    )


def own_effects(fight: Fight, name: str) -> frozenset[Effect]:
    """F4: the effects on the monster `name` or of its making, its name left out: twins
    whose effects differ are told apart (B1, F4: a harpy's song no longer reaches a hero who
    faced that harpy's, yet reaches it from her twin; and any effect the rules read by a
    monster's name), twins with effects alike stay one troop. A name kept elsewhere (an
    effect lasting to its turn) parts them, which is never wrong: a troop of one is exact,
    only slower."""
    if not fight.effects:
        return frozenset()
    return frozenset(
        replace(
            e,
            key=0,
            who="" if e.who == name else e.who,
            by="" if e.by == name else e.by,
            turn="" if e.turn == name else e.turn,
            what=e.what.replace(name, ""),
        )
        for e in fight.effects
        if name in (e.who, e.by)
    )


def target_index(targets: tuple[Hero, ...], target: str | Shot | None) -> int:
    """Place in the target order (T2); nobody comes last."""
    name = target.target if isinstance(target, Shot) else target
    names = [h.name for h in targets]
    return names.index(name) if name is not None else len(names)


def canonical_key(
    fight: Fight, targets: list[str], troop: Troop, option: Option, shot: Shot | None = None
) -> Key:
    """P4's canonical order of an option (carrying `shot`, if any):
    `rules.plan_score.canonical_key` of its order (the troop's destinations are
    `destinations(fight, troop.first)`)."""
    keys, move = troop.keys(targets), troop.moves[option.move]
    if shot is not None:  # the order `troop.order(option, shot)` without making it
        return tuple(keys.parts((shot.target,), shot.target, "", Mode.RANGED, move, shot.rank))
    heroes, target, action = option.heroes, option.target, option.action
    return tuple(keys.parts(heroes, target, action, option.mode, move, option.rank))


def witnesses(troops: list[Troop], plan: Plan) -> dict[str, Order]:
    """Per hero, an order that attacks it (an option or a shot) for a monster that attacks
    others in `plan`, from the same place: `plan` with it is a plan of the questions' model
    too. `plan` is one (the optimum's model leaves options out, no rule in; idle casts
    change no place, B6); R6 and K2 count where monsters end and in which rank, A3 the shots
    of a rank and the members free to carry them (one order for another: neither changes).
    P5's questions take it as a "yes" (`solver.explain._Questions.witness`)."""
    troop_of = {m.name: t for t in troops for m in t.members}
    at: dict[tuple[int, int, Rank], list[Option]] = {}  # a troop's options at a place
    for t in troops:
        for o in t.options:
            at.setdefault((id(t), o.move, o.rank), []).append(o)
    out: dict[str, Order] = {}
    for order in plan.orders:
        owner = troop_of.get(order.monster)
        i = owner.moves.index(order.move) if owner and order.move in owner.moves else -1
        if owner is None or (id(owner), i, order.rank) not in at:
            return {}  # not a plan of the model (never so: each order has its place)
        here = at[id(owner), i, order.rank] if order.targets else []
        for o in here:
            for hero in o.heroes:
                out.setdefault(hero, owner.order(o, None, order.monster))
        for idle in [o for o in here if owner.rides(o)][:1]:  # A3: a shot rides on it
            for shot in (sh for sh in owner.shots if sh.rank is order.rank):
                out.setdefault(shot.target, owner.order(idle, shot, order.monster))
    return out


@dataclass
class SharedCatches:
    """What the troops formed together share of their special actions' catches
    (`CATCH_SHARE`): a token per `CatchGround` key (a small key where the ground's is deep),
    then by token the catches of `Orders._catches` and the single ones of `Orders._catch`."""

    grounds: dict[tuple[object, ...], int] = field(default_factory=dict)
    lists: dict[tuple[object, ...], list[tuple[str, ...]]] = field(default_factory=dict)
    ones: dict[tuple[object, ...], tuple[str, ...]] = field(default_factory=dict)
