"""Issue 24, goal 2: the engine's and the hero policy's shortcuts give what the slow path gives.

- `rules.roster.changed` (whom a step changed, found by position first) is what looking each
  combatant up by name gives, for any change of roster, order or values;
- the hero policy's D6 mean remembered by the identity of a monster's defences equals
  `dice_mean` however the monster changes (each field `defence_factor` reads, alone);
- G5's `tidy` asks only the groups' members, and gives the groups the old way gave;
- a turn is played again only on another fight (`Steps.again_on`);
- the plan cache keeps one object for equal planned values, and tells unequal ones apart even
  when their hashes collide.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lnf.dice import DamageType, parse
from lnf.engine.apply import Steps
from lnf.heroes import attack_policy
from lnf.heroes.attack_policy import _mean
from lnf.model import BackReason, Condition, Fight, Group, Hero, Monster, Rank, Trait, TraitKind
from lnf.model.steps import Moved
from lnf.odds.plan_cache import PlanCache
from lnf.rules.expected import dice_mean
from lnf.rules.group_changes import tidy
from lnf.rules.resources import RAGE
from lnf.rules.roster import changed, in_fight
from lnf.solver import solve_plan
from lnf.values import HashedOnce, replace
from tests.builders import fight, hero, monster
from tests.strategies import fights

Pairs = list[tuple[Hero | Monster, Hero | Monster | None]]


def _slow_changed(before: Fight, after: Fight) -> Pairs:
    found: Pairs = []
    for c in before.everyone:
        now = after.combatant(c.name) if c.name in after else None
        if now is not c:
            found.append((c, now))
    return found


@st.composite
def _changes(draw: st.DrawFn) -> tuple[Fight, Fight]:
    before = draw(fights(max_heroes=4, max_monsters=5))
    after = before
    for _ in range(draw(st.integers(0, 4))):
        how = draw(st.sampled_from(["hurt", "copy", "drop", "reverse", "swap"]))
        side = draw(st.sampled_from(["heroes", "monsters"]))
        now: tuple[Hero | Monster, ...] = getattr(after, side)
        if not now:
            continue
        i = draw(st.integers(0, len(now) - 1))
        if how == "hurt":
            after = after.with_combatant(replace(now[i], temp_hp=now[i].temp_hp + 1))
        elif how == "copy":  # a new value, equal to the old: still another object
            after = after.with_combatant(replace(now[i]))
        elif how == "drop":
            after = replace(after, **{side: now[:i] + now[i + 1 :]})
        elif how == "reverse":
            after = replace(after, **{side: now[::-1]})
        else:  # the same combatants, two of them changed over
            j = draw(st.integers(0, len(now) - 1))
            swapped = list(now)
            swapped[i], swapped[j] = swapped[j], swapped[i]
            after = replace(after, **{side: tuple(swapped)})
    return before, after


@settings(max_examples=300, deadline=None)
@given(_changes())
def test_changed_is_each_combatant_looked_up_by_name(pair: tuple[Fight, Fight]) -> None:
    before, after = pair
    assert changed(before, after) == _slow_changed(before, after)
    assert changed(after, before) == _slow_changed(after, before)


def test_changed_finds_a_combatant_moved_to_another_place() -> None:
    """A monster that changed places with another is the same value: not changed."""
    f = fight([hero("Ann")], [monster("Orc"), monster("Imp")])
    turned = replace(f, monsters=f.monsters[::-1])
    assert changed(f, turned) == []
    hurt = turned.with_combatant(replace(turned.monster("Orc"), damage=3))
    assert changed(f, hurt) == [(f.monster("Orc"), hurt.monster("Orc"))]


# --- the hero policy's D6 mean ---------------------------------------------------------------

_ABSORBS_COLD = Trait(TraitKind.ABSORPTION, stopped_by=frozenset({DamageType.COLD}))
_COLD_AND_FIRE = parse("1d8+2 cold + 1d6 fire + 1d4 slashing")
_CHANGES = [
    ("resist", lambda m: replace(m, resist=m.resist ^ {DamageType.COLD})),
    ("immune", lambda m: replace(m, immune=m.immune ^ {DamageType.FIRE})),
    ("vulnerable", lambda m: replace(m, vulnerable=m.vulnerable ^ {DamageType.COLD})),
    ("conditions", lambda m: replace(m, conditions=m.conditions ^ {Condition.FIRE_SHIELDED})),
    ("effects", lambda m: replace(m, effects=(*m.effects, RAGE))),
    ("traits", lambda m: replace(m, traits=(*m.traits, _ABSORBS_COLD))),
    ("damage", lambda m: replace(m, damage=m.damage + 1)),
]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(range(len(_CHANGES))), max_size=8), st.booleans())
def test_the_policy_mean_is_dice_mean_however_the_foe_changes(
    steps: list[int], magic: bool
) -> None:
    """D6: the mean remembered by the identity of the foe's defences is `dice_mean`'s, after
    any sequence of changes to each field `defence_factor` reads (and one it does not)."""
    attack_policy._MEANS.clear()
    attack_policy._BY_DEFENCES.clear()
    foe = monster("Orc", hp=30)
    seen = [foe]
    for i in steps:
        foe = _CHANGES[i][1](foe)
        seen.append(foe)
    for m in seen:  # each foe asked again after the others: the memo answers
        mean, _ = dice_mean(_COLD_AND_FIRE, m, magic=magic)
        assert _mean(_COLD_AND_FIRE, m, magic) == float(mean)


def test_each_defence_read_changes_the_mean() -> None:
    """The test above can fail: each field it changes (but damage) moves the mean of cold and
    fire damage from the foe before, so a memo that left one out would answer wrongly."""
    foe = monster("Orc", hp=30)
    before, _ = dice_mean(_COLD_AND_FIRE, foe)
    for name, change in _CHANGES:
        after, _ = dice_mean(_COLD_AND_FIRE, change(foe))
        assert (after != before) == (name != "damage"), name


# --- the plan cache ----------------------------------------------------------------------------


class _Colliding:
    """Values whose hashes all collide."""

    def __init__(self, n: int) -> None:
        self.n = n

    def __hash__(self) -> int:
        return 7

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Colliding) and other.n == self.n


def test_interned_values_are_told_apart_by_value_not_hash() -> None:
    assert HashedOnce(_Colliding(1)) != HashedOnce(_Colliding(2))
    assert HashedOnce(_Colliding(1)) == HashedOnce(_Colliding(1))
    cache = PlanCache(lambda f: solve_plan(f, explain=False).plan)
    one, _ = cache._one_of(_Colliding(1))
    two, _ = cache._one_of(_Colliding(2))
    assert one.n == 1 and two.n == 2
    assert cache._one_of(_Colliding(1))[0] is one  # one object for equal values


def test_equal_plan_states_share_their_planned_combatants() -> None:
    """Two fights whose heroes differ only where the plan does not look (temporary hit
    points) get keys made of the very same objects."""
    f = fight([hero("Ann")], [monster("Orc")], {"A": ["Ann", "Orc"]})
    g = f.with_combatant(replace(f.hero("Ann"), temp_hp=4))
    cache = PlanCache(lambda x: solve_plan(x, explain=False).plan)
    a, b = cache.key(f), cache.key(g)
    assert a == b
    planned = zip(a.parts[1] + a.parts[2], b.parts[1] + b.parts[2], strict=True)
    assert all(x is y for x, y in planned)
    assert a.parts[0] is b.parts[0]


# --- G5's tidy, and a turn played again --------------------------------------------------------


def _slow_tidy(f: Fight) -> Fight:
    """G5 as it was written before: the names standing, then each group kept or gone."""
    standing = {c.name for c in f.everyone if in_fight(c)}
    groups = []
    for g in f.groups:
        members = tuple(n for n in g.members if n in standing)
        has_hero = any(isinstance(f.combatant(n), Hero) for n in members)
        has_monster = any(isinstance(f.combatant(n), Monster) for n in members)
        if has_hero and has_monster:
            groups.append(g if members == g.members else Group(g.label, members))
    return replace(f, groups=tuple(groups))


@settings(max_examples=200, deadline=None)
@given(fights(max_heroes=4, max_monsters=5), st.data())
def test_g5_tidy_is_the_groups_of_those_standing(f: Fight, data: st.DataObject) -> None:
    for c in data.draw(st.lists(st.sampled_from(f.everyone), max_size=3)):
        gone = replace(c, dead=True) if isinstance(c, Hero) else replace(c, damage=c.hp)
        f = f.with_combatant(gone)
    assert tidy(f) == _slow_tidy(f)


def test_a_turn_is_played_again_only_on_another_fight() -> None:
    """`Steps.again_on`: on the fight the turn began on, the very same steps; on another (a
    plan logged since), the same steps played again on it."""
    f = fight([hero("Ann")], [monster("Orc")], {"A": ["Ann", "Orc"]})
    turn = Steps.turn(f, "Ann")
    turn.do(Moved("Ann", rank=Rank.BACK, why=BackReason.GUARDED))
    assert turn.again_on(f) is turn
    other = replace(f, title="a plan logged since")
    again = turn.again_on(other)
    assert again is not turn and again.before is other
    assert again.steps == turn.steps and again.fight == replace(turn.fight, title=other.title)
