"""Issue 24, goal 2: the heroes' half of a fight asks less and gives what the slow path gives.

- A1–A3: `rules.legal.attack_options` asks what it asks of a foe alone (in the fight, seen,
  the hero's charmer, in a chase) once per foe, and gives what `attack_modes` gives when
  asked of each (foe, attack) pair;
- the hero policy's `AttackChoice`s remembered by their fields are the values made anew, with
  the very attack and extra dice asked about;
- F7: `at_best_slot` of an attack without a slot weighs it once, as the loop over its one
  level did.

Each can fail: the mutations named in the tests' docstrings were tried and make them fail.
"""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from lnf.dice import DiceExpr, parse
from lnf.engine.decisions import AttackChoice
from lnf.heroes import attack_policy
from lnf.heroes.attack_policy import attack_choice
from lnf.heroes.spell_policy import Option, Spend, at_best_slot, slot_levels
from lnf.model import Attack, AttackKind, Fight, Hero, Monster, PhaseKind
from lnf.model.plan import Mode
from lnf.rules.chase import in_chase
from lnf.rules.legal import attack_modes, attack_options
from lnf.rules.roster import in_fight
from lnf.values import replace
from tests.strategies import fights

# --- A1–A3: the modes, asked once per foe ---------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(fights())
def test_attack_options_are_each_pairs_modes(f: Fight) -> None:
    """A1–A3, C4, V3, F3: every (foe, attack, mode) the hero has, asked once per foe, is what
    `attack_modes` gives pair by pair (every question asked of each pair). (Mutations: the
    foe's chase taken as the hero's, the foe's checks skipped: the test fails.)"""
    for hero in f.heroes:
        pair_by_pair = [
            (m, a, mode)
            for m in f.monsters
            if in_fight(m)
            for a in hero.attacks
            if not a.after_attack
            for mode in attack_modes(f, hero, m, a)
        ]
        assert attack_options(f, hero) == pair_by_pair


def test_the_generated_fights_hold_chases_and_volleys() -> None:
    """The fights above do meet what the hoisting is about: a foe in a chase with a hero out
    of it (its own C4 question), and volley rounds."""
    seen = {"chase": False, "volley": False}

    @settings(max_examples=300, deadline=None)
    @given(fights())
    def look(f: Fight) -> None:
        seen["chase"] = seen["chase"] or any(
            in_chase(f, m.name) and not in_chase(f, h.name) for m in f.monsters for h in f.heroes
        )
        seen["volley"] = seen["volley"] or f.phase.kind is PhaseKind.VOLLEY

    look()
    assert seen == {"chase": True, "volley": True}


# --- the policy's choices, remembered -------------------------------------------------------

_SWORD = Attack(name="Sword", to_hit=5, damage=parse("1d8+3 slashing"))
_BOW = Attack(name="Bow", kind=AttackKind.RANGED, to_hit=5, damage=parse("1d6+3 piercing"))
_ATTACKS = [_SWORD, replace(_SWORD, to_hit=5), _BOW, replace(_SWORD, times=2)]  # 0, 1 equal
_EXTRAS: list[DiceExpr | None] = [None, parse("2d6"), parse("2d6"), parse("3d6")]  # 1, 2 equal


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["Orc", "Goblin"]),
            st.integers(0, len(_ATTACKS) - 1),
            st.sampled_from(list(Mode)),
            st.integers(0, len(_EXTRAS) - 1),
            st.sampled_from(["", "Sneak Attack", "Action Surge"]),
            st.integers(1, 4),
        ),
        max_size=30,
    )
)
def test_a_remembered_choice_is_the_choice_made_anew(
    asks: list[tuple[str, int, Mode, int, str, int]],
) -> None:
    """Any sequence of asks gets the value `AttackChoice(...)` makes, holding the very attack
    and extra dice it was asked with (equal ones from other objects included). (Mutations:
    `times` or `big` left out of the key, the identity checks dropped: the test fails.)"""
    attack_policy._CHOICES.clear()
    for target, a, mode, e, big, times in asks:
        attack, extra = _ATTACKS[a], _EXTRAS[e]
        got = attack_choice(target, attack, mode, extra, big, times)
        assert got == AttackChoice(target, attack, mode, extra, big, times)
        assert got.attack is attack and got.extra is extra


def test_the_memo_starts_afresh_when_full() -> None:
    attack_policy._CHOICES.clear()
    for i in range(attack_policy._CHOICES_SIZE + 5):
        attack_choice(f"Orc {i}", _SWORD, Mode.MELEE, None, "", 1)
    assert len(attack_policy._CHOICES) <= attack_policy._CHOICES_SIZE


# --- F7: a slot's level, or none -------------------------------------------------------------


def _at_best_slot_before(
    hero: Hero, spell: Attack, option_at: Callable[[Attack, int, Spend], Option | None]
) -> Option | None:
    best: Option | None = None
    for level, spend in slot_levels(hero, spell):
        option = option_at(spell.at_slot(level) if level else spell, level, spend)
        if option is None:
            continue
        if level > spell.slot:
            option = replace(option, choice=replace(option.choice, upcast=level))
        if best is None or option.drops > best.drops:
            best = option
    return best


@given(st.integers(0, 3), st.booleans())
def test_an_attack_without_a_slot_is_weighed_as_before(drops: int, none: bool) -> None:
    """F7: no slot, one level (0, spending nothing): weighed once, the same option (or None)."""
    from tests.builders import hero

    asked: list[tuple[Attack, int, Spend]] = []

    def option_at(cast: Attack, level: int, spend: Spend) -> Option | None:
        asked.append((cast, level, spend))
        if none:
            return None
        choice = AttackChoice("Orc", cast, Mode.MELEE)
        return Option(score=1.0, worth=1.0, drops=drops, level=level, choice=choice, spend=spend)

    h = hero("Ann")
    before = _at_best_slot_before(h, _SWORD, option_at)
    asked_before = list(asked)
    asked.clear()
    assert at_best_slot(h, _SWORD, option_at) == before
    assert asked == asked_before == [(_SWORD, 0, ())]
    assert not isinstance(asked[0][0], Monster)


# --- 4, 6: the grid after a move, remembered -------------------------------------------------


@settings(max_examples=100, deadline=None)
@given(fights(), st.lists(st.tuples(st.booleans(), st.integers(0, 20)), max_size=12))
def test_the_grid_after_a_move_is_moveds(f: Fight, asks: list[tuple[bool, int]]) -> None:
    """4, 6: the policy's grid after a move is `moved`'s, asked of the same fight with other
    moves and of other fights in any order. (Mutation: the move left out of the memo: the
    test fails.)"""
    from lnf.heroes import policy
    from lnf.model.steps import Moved
    from lnf.rules.group_changes import moved

    policy._LAST_MOVED.clear()
    names = [c.name for c in f.everyone]
    labels = [g.label for g in f.groups]
    fights_seen = [f]
    for other, n in asks:
        fight = fights_seen[-1] if not other else fights_seen[n % len(fights_seen)]
        who = names[n % len(names)]
        move = Moved(who, leave=True) if n % 3 == 0 or not labels else Moved(who, join=labels[0])
        after = policy._moved(fight, move)
        assert after == moved(fight, move)
        fights_seen.append(after)
