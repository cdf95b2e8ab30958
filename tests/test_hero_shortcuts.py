"""Issue 24, goal 2: the heroes' half of a fight asks less and gives what the slow path gives.

- A1–A3: `rules.legal.attack_options` asks what it asks of a foe alone (in the fight, seen,
  the hero's charmer, in a chase) once per foe, and gives what asking each (foe, attack) pair
  the way before gives (the code before is kept here as the oracle);
- D4: `rules.distance.roll_in_fight` gives the roll and the reasons the code before gave
  (generated fights hold no effects: darkness's and a hold's reasons are checked by
  `test_darkness_aura.py` and `test_holds.py`, which fail when either is left out);
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
from lnf.model import Attack, AttackKind, Fight, Hero, Monster, PhaseKind, Rank
from lnf.model.plan import Advantage, Mode
from lnf.rules.attacks import attack_roll, reach_ranks
from lnf.rules.chase import chase_mode, chase_reach, in_chase, pool
from lnf.rules.conditions import spared, weakened_hinders
from lnf.rules.curses import cursed_hinders
from lnf.rules.darkness import unseen_in_dark
from lnf.rules.distance import roll_in_fight, volley_reach
from lnf.rules.holds import held_advantage, swallowed_by
from lnf.rules.legal import attack_modes, attack_options, unseen_monster
from lnf.rules.magic_immunity import spell_proof
from lnf.rules.ranks import can_fly_now
from lnf.rules.roster import in_fight
from lnf.rules.spell_effects import spell_reach
from lnf.rules.traits import trait_advantages, trait_disadvantages
from lnf.values import replace
from tests.strategies import fights

# --- A1–A3: the modes, the code before as the oracle ------------------------------------------


def _modes_before(fight: Fight, hero: Hero, monster: Monster, attack: Attack) -> list[Mode]:
    """`rules.legal._modes` as it was: every question asked for each (foe, attack) pair."""
    if not in_fight(monster) or unseen_monster(monster) or attack.save is not None:
        return []
    if monster.name in spared(fight, hero) or spell_proof(monster, attack):
        return []
    if (inside := swallowed_by(fight, hero.name)) is not None:
        return [Mode.MELEE] if monster.name == inside and attack.is_melee else []
    if (reached := spell_reach(attack)) is not None:
        return [reached] if reached is Mode.MELEE and fight.phase.kind is PhaseKind.MELEE else []
    if fight.phase.kind is PhaseKind.VOLLEY:
        return [Mode.RANGED] if volley_reach(attack, fight.phase.volley) is not None else []
    if fight.phase.kind is PhaseKind.APART:
        return []
    if in_chase(fight, hero.name) or in_chase(fight, monster.name):
        found = chase_mode(fight, hero.name, monster.name, attack)
        return [found[0]] if found is not None else []
    modes: list[Mode] = []
    group = fight.group_of(hero.name)
    if attack.is_melee:
        together = group is not None and monster.name in group.members
        both_front = hero.rank is Rank.FRONT and monster.rank is Rank.FRONT
        both_air = hero.rank is Rank.FREE_AIR and monster.rank is Rank.FREE_AIR
        if together and (both_front or both_air):
            modes.append(Mode.MELEE)
        elif group is None and hero.rank in reach_ranks(attack.reach, monster, can_fly_now(hero)):
            modes.append(Mode.REACH)
    if attack.is_ranged:
        modes.append(Mode.RANGED)
    return modes


@settings(max_examples=300, deadline=None)
@given(fights())
def test_attack_options_are_each_pairs_modes(f: Fight) -> None:
    """A1–A3, C4, V3, F3: every (foe, attack, mode) the hero has, asked once per foe, is what
    the code before gave pair by pair, and what `attack_modes` gives. (Mutations: the foe's
    chase taken as the hero's, the foe's checks skipped: the test fails.)"""
    for hero in f.heroes:
        before = [
            (m, a, mode)
            for m in f.monsters
            if in_fight(m)
            for a in hero.attacks
            if not a.after_attack
            for mode in _modes_before(f, hero, m, a)
        ]
        assert attack_options(f, hero) == before
        for m in f.monsters:
            for a in hero.attacks:
                assert attack_modes(f, hero, m, a) == _modes_before(f, hero, m, a)


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


# --- D4: the roll of an attack made now -------------------------------------------------------


def _roll_before(
    fight: Fight, attacker: Hero | Monster, target: Hero | Monster, attack: Attack, mode: Mode
) -> tuple[Advantage, tuple[str, ...]]:
    """`rules.distance.roll_in_fight` as it was (its reasons gathered through a generator)."""
    volley = fight.phase.kind is PhaseKind.VOLLEY
    shared = pool(fight, attacker.name, target.name)
    distance = shared.points if shared is not None else None
    far = ""
    seen, unseen_by = unseen_in_dark(fight, attacker, target)
    if volley and volley_reach(attack, fight.phase.volley) is Advantage.DISADVANTAGE:
        far = "a two-handed bow beyond volley round 2 (V3)"
    if distance is not None and chase_reach(attack, distance) is Advantage.DISADVANTAGE:
        far = f"a two-handed bow across {distance} escape points (C4)"
    return attack_roll(
        attacker,
        target,
        close=mode is Mode.MELEE,
        from_front=mode is Mode.RANGED
        and attacker.rank is Rank.FRONT
        and not volley
        and distance is None,
        dodging=target.name in fight.turns.dodging,
        helped=attacker.name in fight.turns.helped,
        far=far,
        granted=tuple(
            r
            for r in (
                *trait_advantages(fight, attacker, target, attack.is_melee),
                held_advantage(fight, attacker, target.name, attack),
                *seen,
            )
            if r
        ),
        hindered=trait_disadvantages(fight, attacker)
        + weakened_hinders(attacker, attack)
        + cursed_hinders(fight, attacker, target.name)
        + unseen_by,
        melee=mode is not Mode.RANGED and not attack.spell,
    )


@settings(max_examples=200, deadline=None)
@given(fights())
def test_roll_in_fight_is_the_code_befores(f: Fight) -> None:
    """D4: every attacker's every attack at every foe, in every mode, rolls as before."""
    for attacker in f.everyone:
        foes: tuple[Hero | Monster, ...] = f.monsters if isinstance(attacker, Hero) else f.heroes
        for target in foes:
            for attack in attacker.attacks:
                for mode in Mode:
                    got = roll_in_fight(f, attacker, target, attack, mode)
                    assert got == _roll_before(f, attacker, target, attack, mode)


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
    for i in range(attack_policy._MEANS_SIZE + 5):
        attack_choice(f"Orc {i}", _SWORD, Mode.MELEE, None, "", 1)
    assert len(attack_policy._CHOICES) <= attack_policy._MEANS_SIZE


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
