"""How troops are formed and the orders open to them found (see `troops`): monsters grouped
by everything but their name, and each troop's options and shots, with what they are worth
(B6, P4) and, for the optimum, only those an optimal plan may take (`Orders.make`)."""

from __future__ import annotations

from collections.abc import Collection

from lnf.model import Attack, Fight, Hero, Monster, Rank
from lnf.model.plan import STAY, Mode, Move, MoveKind, Order, Wish
from lnf.rules.attacks import mode_needs
from lnf.rules.catches import CatchGround, catch_among, catch_ground
from lnf.rules.distance import volley_planned
from lnf.rules.kinds import kind_of
from lnf.rules.moves import Spot, destinations, final_spot, rank_options
from lnf.rules.multiattack_first import first_use
from lnf.rules.order_damage import expected_damage
from lnf.rules.plan_score import at_disadvantage
from lnf.rules.specials import (
    CLOSE,
    SHOT,
    STRIKE,
    kind_mode,
    reach_kind,
    reaches,
    resource_rank,
    usable,
)
from lnf.rules.surprise import actions_in_surprise_round
from lnf.rules.turning import is_turned
from lnf.solver.troops import Key, Needed, Option, SharedCatches, Shot, Troop, twins_key
from lnf.values import HashedOnce, replace


def form_troops(
    fight: Fight,
    acting: list[Monster],
    targets: tuple[Hero, ...],
    wishes: tuple[Wish, ...] = (),
    prune: bool = False,
    priced: bool = True,
) -> list[Troop]:
    """Acting monsters grouped by everything but their name, with their options and shots;
    a monster named in a DM's wish stands alone, since the wish tells it apart.
    With `prune`, options no optimal plan takes are left out (see `_orders`). Without
    `priced`, options and shots carry no expected damage nor rolls at disadvantage (0): for
    questions that ask who can attack whom (P5), not what it is worth."""
    named = {w.monster for w in wishes}
    by_signature: dict[object, list[Monster]] = {}
    kinds: dict[HashedOnce, HashedOnce] = {}
    for m in acting:
        nameless = kind_of(m)
        nameless = kinds.setdefault(nameless, nameless)  # one object a kind: found by identity
        signature: object = twins_key(fight, m, nameless)
        if m.name in named:
            signature = m.name
        by_signature.setdefault(signature, []).append(m)
    troops = []
    needs_of: dict[object, list[Needed]] = {}  # a monster's needs do not depend on its place
    prices: dict[object, dict[object, tuple[int, int]]] = {}  # nor what an order is worth
    shared: dict[object, dict[object, tuple[Rated | None, list[Option]]]] = {}  # `Orders._at`
    catches = SharedCatches()  # `Orders._catches`: by ground, for every troop
    actions: dict[object, tuple[Attack, ...]] = {}  # per kind: its special actions usable now
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
        kind: object = signature[0] if isinstance(signature, tuple) else signature
        if kind not in needs_of:
            needs_of[kind] = [
                (hero.name, mode, need)
                for hero in targets
                for mode in Mode
                if (need := mode_needs(fight, m, hero, mode)) is not None
            ]
        own = tuple(w for w in wishes if w.monster == m.name)
        if kind not in actions:
            actions[kind] = usable(fight, m)  # B1, B2: the monster's own fields alone
        orders = Orders(fight, troop, targets, prune and m.name not in named, own, actions[kind])
        orders.prices = prices.setdefault(kind, {})
        orders.pricing = priced or prune  # pruning weighs what orders are worth
        orders.shared = shared.setdefault(kind, {})
        orders.catches = catches
        troop.options, troop.shots = orders.make(needs_of[kind])
        troops.append(troop)
    return troops


INF = 1 << 30  # past every place in the target order


# Switches for the tests alone: off, each shortcut gives way to the slow path it is checked
# against (tests/test_orders_*.py).
KIN_SHARE = True  # troops of one kind share what they may do at a spot (see `Orders._at`)
CATCH_SHARE = True  # troops share catches by their ground (see `Orders._catches`)
SPECIALS_KEPT = True  # a troop's special actions per what their reach asks (`Orders._specials`)
Rated = tuple[Key, int, int, int]  # P3's set, −expected damage, resource, disadvantage


class Orders:
    """The options and shots of one troop (see `make`)."""

    def __init__(
        self,
        fight: Fight,
        troop: Troop,
        targets: tuple[Hero, ...],
        prune: bool,
        wishes: tuple[Wish, ...],
        actions: tuple[Attack, ...] | None = None,
    ) -> None:
        """`actions`: `usable(fight, troop.first)`, if worked out already (for its kind:
        `usable` asks nothing of the name nor the fight)."""
        self.fight = fight
        self.troop = troop
        self.monster = troop.first
        self.prune = prune
        self.wishes = wishes
        self.targets = targets
        self.place = {hero.name: k for k, hero in enumerate(targets)}
        self.actions = usable(fight, self.monster) if actions is None else actions
        self.kinds = [reach_kind(a) for a in self.actions]  # B4: how each reaches
        self.spotted = any(map(_by_spot, self.kinds))  # see `_specials`
        self._special_at: dict[tuple[Rank, Spot], list[Option]] = {}
        self.prices: dict[object, tuple[int, int]] = {}
        self.pricing = True  # see `form_troops`'s `priced`
        self._caught: dict[object, tuple[str, ...]] = {}  # per troop (CATCH_SHARE off)
        self._reached: dict[object, tuple[str, ...]] = {}  # see `_reach`
        self._keys: dict[tuple[str, ...], Key] = {}  # see `heroes`
        self._made: dict[object, Option] = {}  # see `_option`
        self._catches_of: dict[tuple[str, tuple[str, ...]], list[tuple[str, ...]]] = {}
        self.catches = SharedCatches()  # shared by the fight's troops (`_catches`)
        self._grounds: dict[str, tuple[int, CatchGround]] = {}
        # B1, B3: a Multiattack that uses an action first (Frightful Presence) attacks the
        # heroes it catches as well, from where the monster ends: its weapon options, shots
        # too, are made per destination, each with that catch
        self.first = bool(self.monster.multiattack_action) and not volley_planned(fight)
        self._firsts: dict[tuple[Spot, Rank], tuple[str, ...]] = {}
        self.shared: dict[object, tuple[Rated | None, list[Option]]] = {}  # see `_at`
        self.shares = KIN_SHARE and not self.first and not self.actions

    def price(self, order: Order) -> tuple[int, int]:
        """B6 (1) and P4 of an order: its expected damage and its attack rolls at
        disadvantage, asked once per stat block and state. Both count the order's heroes,
        action, mode and rank (its rolls, R2), not where the monster moves or which twin it
        is (`rules.order_damage.expected_damage`, `rules.plan_score.at_disadvantage`), so an
        action with the same catch from many spots is priced once."""
        if not self.pricing:
            return 0, 0
        key = (order.targets, order.action, order.mode, order.rank)
        if key not in self.prices:
            m = self.monster
            self.prices[key] = (
                expected_damage(self.fight, m, order),
                at_disadvantage(self.fight, m, order),
            )
        return self.prices[key]

    def priced(self, option: Option) -> Option:
        """The option with its expected damage and rolls at disadvantage, worked out only
        for options kept."""
        if option.target is None or not self.pricing:
            return option
        # `price`'s key read off the option: its order takes these four from it
        key = (option.heroes, option.action, option.mode, option.rank)
        damage, dis = self.prices.get(key) or self.price(self.troop.order(option))
        return replace(option, damage=damage, dis=dis)

    def heroes(self, option: Option, shot: Shot | None = None) -> Key:
        """The heroes an option (carrying `shot`) attacks as P3 compares one monster's
        orders: their places in the target order, ascending, then past the last place.
        Smaller is better: an earlier hero the other does not attack decides, and a list
        beats its own start."""
        heroes = (shot.target,) if shot is not None else option.heroes
        key = self._keys.get(heroes)
        if key is None:  # asked of every option weighed: worked out once per set of heroes
            key = self._keys[heroes] = (*sorted(self.place[h] for h in heroes), INF)
        return key

    def rated(self, option: Option, shot: Shot | None = None, heroes: Key | None = None) -> Rated:
        """What the levels before P4's moves make of a priced option (carrying `shot`), for
        one monster whose spot and rank are fixed: the heroes it attacks (P3), −its expected
        damage and the resource it spends (B6), and its attacks at disadvantage (P4).
        Smaller is better. `heroes`: `self.heroes(option, shot)` if worked out already."""
        return (
            heroes or self.heroes(option, shot),
            -(shot.damage if shot else option.damage),
            resource_rank(self.monster, option.action),
            shot.dis if shot else option.dis,
        )

    def make(self, needs: list[Needed]) -> tuple[list[Option], list[Shot]]:
        """The troop's options and shots, from what its monsters need to attack each hero in
        each mode (`rules.mode_needs`) and the special actions they may use now
        (`rules.specials.usable`); with `prune`, only those an optimal plan may take.

        Whom a monster attacks and with what changes no spot and no rank, so no R6 or K2
        count, and nothing else. P3 compares plans hero by hero along the target order, so
        between two orders of one monster, the others' orders kept, the better is the one
        whose heroes attacked, as places in the target order, come first lexicographically
        (an order that attacks a hero the other does not, earlier than any the other
        attacks and it does not); on a tie B6 and P4 compare what the order alone adds:
        its expected damage, the resource it spends, its attacks at disadvantage. So
        wherever a monster ends (destination and rank) it takes one of the orders best
        there by `rated`: a weapon attack on the earliest hero it can reach, the shot
        from that rank at the earliest hero it can shoot (riding on the option without an
        attack), or a special action with its best catch (`rules.specials.best_catch`:
        the P3-best legal set, the best whatever the others do). Per rank only the shot at
        the earliest hero is kept. A back-rank monster counts for no unit (K4), so a move
        there changes no count either and only costs (P4: leavers, moves): it moves only
        where that gets it a better order than staying. Not for questions that drop a
        rule family or hold levels fixed (P5), nor for a monster named in a wish (a ban can
        make a later hero its best): those keep every order, and for special actions the
        best catch with each hero it reaches (and what the wishes pin or ban)."""
        troop, place = self.troop, self.place
        if is_turned(self.monster):  # F2 Turn Undead: it only moves away, attacking nobody
            return [Option(i, rank) for i in range(len(troop.moves)) for rank in troop.ranks], []
        shooting: dict[Rank, list[str]] = {}  # rank -> the heroes it can shoot, in order
        ends = set(troop.spots)
        for hero, mode, need in needs:
            if mode is Mode.RANGED and not self.first:
                for rank in need.met_by(ends, troop.ranks):
                    shooting.setdefault(rank, []).append(hero)
        if self.prune:
            shooting = {rank: heroes[:1] for rank, heroes in shooting.items()}
        name = self.monster.name
        shots = {
            rank: [
                Shot(rank, h, *self.price(Order(name, rank, STAY, h, Mode.RANGED))) for h in line
            ]
            for rank, line in shooting.items()
        }
        close: dict[Spot, list[tuple[str, Mode, tuple[Rank, ...]]]] = {}  # mêlée, reach
        for hero, mode, need in needs:
            if not need.anywhere:  # mêlée and reach need a spot, shots do not
                close.setdefault(need.at, []).append((hero, mode, need.ranks))
            elif self.first:  # B1, B3: a shot, made per destination for its first action
                for spot in dict.fromkeys(troop.spots):
                    close.setdefault(spot, []).append((hero, mode, need.ranks))
        reach = any(mode is Mode.REACH for _, mode, _ in needs)
        options: list[Option] = []
        staying: dict[Rank, Rated] = {}  # the best there is without moving, per rank
        for i, move in enumerate(troop.moves):
            spot = troop.spots[i]
            moving_is_all = troop.one_action and move.kind is not MoveKind.STAY  # V-ENC1
            for rank in troop.ranks:
                shot = shots[rank][0] if rank in shots and not moving_is_all else None
                best, here = self._at(i, spot, rank, moving_is_all, close.get(spot, ()), shot)
                if not self.prune:
                    if _kept_in_back_rank(move, rank, spot, reach or self.first, here[1:]):
                        options += _moved(here, i) if self.shares else here  # else made at i
                    continue
                assert best is not None
                if move.kind is MoveKind.STAY:
                    staying[rank] = best
                elif rank is Rank.BACK and not best < staying.get(rank, best):
                    continue  # moving in the back rank gets it nothing better (K4)
                options += _moved(here, i) if self.shares else here
        ranks = {o.rank for o in options if troop.rides(o)} if shots else set()
        kept = [sh for rank, line in shots.items() if rank in ranks for sh in line]
        kept.sort(key=lambda sh: (troop.ranks.index(sh.rank), place[sh.target]))
        return options, kept

    def _at(
        self,
        i: int,
        spot: Spot,
        rank: Rank,
        moving_is_all: bool,
        close: Collection[tuple[str, Mode, tuple[Rank, ...]]],
        shot: Shot | None,
    ) -> tuple[Rated | None, list[Option]]:
        """What a member ending at destination `i` (at `spot`) in `rank` may do (see
        `make`), with `shot` riding on the option without an attack: without pruning, that
        option then each priced attack; with it, the best `rated` there and the options that
        rate it (at some destination of that spot: the caller moves them to `i`).

        A monster's weapon attacks there are its kind's (`mode_needs`, and their price, ask
        nothing of its name or place), so without special actions nor a Multiattack's first
        action (whose reach, B4, C4, may ask where it is) troops of one kind share the answer
        (`shared`: from one destination of a spot a troop goes to, all its kin going there)."""
        key = (spot, rank, moving_is_all, shot)
        known = self.shared.get(key) if self.shares else None
        if known is not None:
            return known
        here = [] if moving_is_all else self._attacks(i, rank, close)
        here += [] if moving_is_all else self._specials(i, rank)
        idle = self._option(i, rank)
        if not self.prune:
            known = None, [idle, *(self.priced(o) for o in here)] if self.pricing else [idle, *here]
        else:
            aims = [(self.heroes(idle, shot), idle, shot)]
            aims += [(self.heroes(o), o, None) for o in here]
            first = min(k for k, _, _ in aims)  # P3 first, B6 for the ties
            tied = [(k, self.priced(o), sh) for k, o, sh in aims if k == first]
            rated = [(self.rated(o, sh, k), o) for k, o, sh in tied]
            best = min(r for r, _ in rated)
            known = best, [o for r, o in rated if r == best]
        if self.shares:
            self.shared[key] = known
        return known

    def _attacks(
        self, i: int, rank: Rank, close: Collection[tuple[str, Mode, tuple[Rank, ...]]]
    ) -> list[Option]:
        """Mêlée and reach attacks from destination `i` in `rank` (A1, A2), and shots from
        there for a Multiattack with a first action; each with the heroes that action
        catches besides its target (B1, B3)."""
        out = []
        for hero, mode, ranks in close:
            if rank in ranks:
                caught = self._first(self.troop.spots[i], rank) if self.first else ()
                also = tuple(h for h in caught if h != hero)
                out.append(self._option(i, rank, hero, mode, "", also))
        return out

    def _option(
        self,
        i: int,
        rank: Rank,
        target: str | None = None,
        mode: Mode | None = None,
        action: str = "",
        also: tuple[str, ...] = (),
    ) -> Option:
        """`Option(i, rank, target, mode, action, also)`, copied from one made once per order
        but its destination (a copy costs a fifth of making one; a troop weighs the same
        order from every destination)."""
        key = (rank, target, mode, action, also)
        made = self._made.get(key)
        if made is None:
            made = self._made[key] = Option(i, rank, target, mode, action, also)
        return made.at(i)

    def _first(self, spot: Spot, rank: Rank) -> tuple[str, ...]:
        """B1, B3: the heroes its Multiattack's first action catches from `spot` in `rank`
        (`rules.multiattack_first.first_use`), asked once per spot and rank."""
        key = (spot, rank)
        if key not in self._firsts:
            used = first_use(self.fight, self.monster, spot, rank)
            self._firsts[key] = used[1] if used is not None else ()
        return self._firsts[key]

    def _specials(self, i: int, rank: Rank) -> list[Option]:
        """Each special action or spell it may use now, from destination `i` in `rank`,
        with the heroes it catches (B3, B4, B5): the best catch; without pruning also the
        best catch with each hero it reaches; for a monster named in wishes, the catches
        that hold the heroes a wish pins on the action and none it bans (B9)."""
        spot = self.troop.spots[i]
        # what they ask of the place (B4's `reach_key`): the rank, and the spot for an action
        # that strikes (its mode too, A2) or reaches its own group
        key = (rank, spot if self.spotted else None)
        made = self._special_at.get(key) if SPECIALS_KEPT else None
        if made is None:
            made = []
            for action, kind in zip(self.actions, self.kinds, strict=True):
                mode = kind_mode(kind, spot)
                for catch in self._catches(action, kind, spot, rank):
                    made.append(self._option(i, rank, catch[0], mode, action.name, catch[1:]))
            self._special_at[key] = made
        return _moved(made, i)

    def _catches(self, action: Attack, kind: str, spot: Spot, rank: Rank) -> list[tuple[str, ...]]:
        """The catches of `action` from `spot` in `rank` (see `_specials`): they depend on
        the spot and rank only through the heroes reached, and on the monster and action
        only through their `CatchGround`, so asked once per ground, set of heroes reached
        and what the wishes pin and ban, in `catches`: shared by the troops formed together
        (`CATCH_SHARE`; else once per troop, action and set of heroes reached)."""
        reach = self._reach(action, kind, spot, rank)
        mine = (action.name, reach)
        found = self._catches_of.get(mine)
        if found is None:
            if not CATCH_SHARE:
                found = self._catches_among(action, reach)
            else:
                key = (self._ground(action)[0], reach, self.prune, self._pins(action))
                found = self.catches.lists.get(key)
                if found is None:
                    found = self.catches.lists[key] = self._catches_among(action, reach)
            self._catches_of[mine] = found
        return found

    def _ground(self, action: Attack) -> tuple[int, CatchGround]:
        """`action`'s `CatchGround` and a token for it: equal grounds, one token in
        `catches` (a small key where the ground's key is deep)."""
        known = self._grounds.get(action.name)
        if known is None:
            ground = catch_ground(self.fight, self.monster, action)
            tokens = self.catches.grounds
            token = tokens.setdefault(ground.key, len(tokens))
            known = self._grounds[action.name] = (token, ground)
        return known

    def _pins(self, action: Attack) -> tuple[frozenset[str], frozenset[str]]:
        """B9: the heroes the wishes pin on `action` and those they ban from it."""
        return (
            frozenset(w.hero for w in self.wishes if w.fixed and w.action in ("", action.name)),
            frozenset(w.hero for w in self.wishes if not w.fixed and w.action in ("", action.name)),
        )

    def _catches_among(self, action: Attack, reach: tuple[str, ...]) -> list[tuple[str, ...]]:
        if self.prune:
            best = self._catch(action, reach)
            return [best] if best else []
        pinned, banned = self._pins(action)
        wanted = [pinned, *(pinned | {h} for h in reach if h not in pinned | banned)]
        out: list[tuple[str, ...]] = []
        for include in wanted:
            catch = self._catch(action, reach, frozenset(include), banned)
            if catch and catch not in out:
                out.append(catch)
        return out

    def _reach(self, action: Attack, kind: str, spot: Spot, rank: Rank) -> tuple[str, ...]:
        """`rules.specials.reach_of` over the targets the model has worked out once, asked
        once per action and what its reach depends on (`reach_key`); `kind`: the action's
        `reach_kind`."""
        key = reach_key(action, spot, rank, kind)
        if key not in self._reached:
            fight, m = self.fight, self.monster
            self._reached[key] = tuple(
                h.name for h in self.targets if reaches(fight, m, action, spot, rank, h, kind)
            )
        return self._reached[key]

    def _catch(
        self,
        action: Attack,
        reach: tuple[str, ...],
        include: frozenset[str] = frozenset(),
        exclude: frozenset[str] = frozenset(),
    ) -> tuple[str, ...]:
        """`rules.catches.catch_among`, asked once per set of heroes reached (from most
        spots an action of 30 ft or more reaches the same heroes) and, with `CATCH_SHARE`,
        per `CatchGround`: for every troop formed together."""
        if not CATCH_SHARE:  # the monster's own, as `catch_among` reads it
            mine = (action.name, reach, include, exclude)
            if mine not in self._caught:
                self._caught[mine] = catch_among(
                    self.fight, self.monster, action, reach, include, exclude
                )
            return self._caught[mine]
        token, ground = self._ground(action)
        key = (token, reach, include, exclude)
        found = self.catches.ones.get(key)
        if found is None:
            found = self.catches.ones[key] = ground.catch(reach, include, exclude)
        return found


def reach_key(
    action: Attack, spot: Spot, rank: Rank, kind: str | None = None
) -> tuple[str, Spot | str, Rank | None]:
    """What B4's reach of one monster's `action` (`rules.specials.reaches`) depends on
    besides the hero: the spot only for a strike or a close action (its own group), the
    rank only for a strike or a shot (R2); breaths and spells of 30 ft or more reach alike
    from anywhere. Volleys and chases (V3, C4) need neither. `kind`: `reach_kind(action)`,
    if worked out already."""
    kind = reach_kind(action) if kind is None else kind
    return (
        action.name,
        spot if _by_spot(kind) else "",
        rank if kind in (STRIKE, SHOT) else None,
    )


def _by_spot(kind: str) -> bool:
    """B4: whether an action that reaches as `kind` (`reach_kind`) reaches by where the
    monster stands: a strike (its group, A1, A2) or an action for its own group."""
    return kind in (STRIKE, CLOSE)


def _moved(options: list[Option], i: int) -> list[Option]:
    """`options` at destination `i`."""
    return [o.at(i) for o in options]


def _kept_in_back_rank(
    move: Move, rank: Rank, spot: Spot, reach: bool, orders: list[Option]
) -> bool:
    """Without pruning: a back-rank monster counts for no unit (K4) and strikes nobody in
    mêlée, so it moves only to attack with `reach` (A2, unengaged) or to use a special
    action from there (B4: a short cone reaches its own group, whatever its rank)."""
    if rank is not Rank.BACK or move.kind is MoveKind.STAY:
        return True
    return (reach and spot is None) or any(o.action for o in orders)
