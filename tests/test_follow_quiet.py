"""What follows a step (F5, F6, F7, B8, B10: `engine.effects.follow`) asks first whether the
fight has an effect (`engine.quiet.no_effects`) or a monster with a trait (`no_traits`), and
leaves out the rules that act only through one (issue 24, goal 2). Every step's aftermath met
in played fights (every example, any fight number), and hits in generated fights with traits
and conditions, are played again beside the real one with the guards turned off: the same
steps, the same state, the same dice drawn."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lnf.dice import parse
from lnf.dice.roll import SeededDice
from lnf.engine import effects
from lnf.engine.apply import Steps
from lnf.engine.effects import Rolled
from lnf.engine.guards import land
from lnf.engine.resolve import roll_attack
from lnf.formats.fight_file import load_fight
from lnf.model import Attack, Condition, Fight, MonsterKind, Trait, TraitKind
from lnf.model.applied import StepDone
from lnf.model.plan import Mode
from lnf.odds import fights as odds_fights
from lnf.odds.fights import play_fight
from lnf.rules.roster import trait_kinds
from tests.builders import SWORD, fight, hero, monster

EXAMPLES = sorted((Path(__file__).parent.parent / "examples").glob("*.yaml"))
ROUNDS = 10  # rounds of each played fight


class _Drawn:
    """Seeded dice that keep the faces drawn."""

    def __init__(self, seed: int) -> None:
        self.dice = SeededDice(seed)
        self.faces: list[int] = []

    def face(self, sides: int) -> int:
        self.faces.append(self.dice.face(sides))
        return self.faces[-1]

    def about(self, what: str) -> None:
        pass


@contextmanager
def _slow() -> Iterator[None]:
    """`follow` with its guards off: every rule asked, as before the guards."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(effects, "no_effects", lambda fight: False)
        patch.setattr(effects, "no_traits", lambda fight: False)
        yield


def _twin(follow: Any, turn: Steps, done: StepDone, seed: int, slow: bool) -> tuple[Any, ...]:
    """`follow` on a twin of the turn: the steps it adds, the state after, the faces drawn."""
    twin = Rolled(turn.fight, turn.who)  # no dice of its own: what follows does not follow
    twin.before, twin.done = turn.before, list(turn.done)
    drawn = _Drawn(seed)
    try:
        if slow:
            with _slow():
                follow(twin, done, drawn)
        else:
            follow(twin, done, drawn)
    except Exception as e:  # the same error either way counts as the same
        return ("raised", type(e), str(e))
    return tuple(d.step for d in twin.done[len(turn.done) :]), twin.fight, drawn.faces


# (the guards skip, the slow path acted, effects, traits) for each step's aftermath met
Met = list[tuple[bool, bool, bool, bool]]


@contextmanager
def _watched(met: Met) -> Iterator[None]:
    """Each real `follow`, first played on two twins of the turn, guards on and off."""
    real = effects.follow

    def watched(turn: Steps, done: StepDone, dice: Any) -> None:
        seed = len(turn.done)
        fast, slow = _twin(real, turn, done, seed, False), _twin(real, turn, done, seed, True)
        assert fast == slow, (done.step, fast, slow)
        f = turn.fight
        skips = effects.no_effects(f) or effects.no_traits(f) or effects.no_traits(done.before)
        acted = slow[0] == "raised" or bool(slow[0]) or bool(slow[2])
        met.append((skips, acted, bool(f.effects), bool(trait_kinds(f))))
        real(turn, done, dice)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(effects, "follow", watched)
        patch.setattr(odds_fights, "MAX_ROUNDS", ROUNDS)  # each step checked thrice: kept short
        yield


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(EXAMPLES), st.integers(0, 10**6))
def test_what_follows_a_step_is_the_same_with_the_guards_off(path: Path, number: int) -> None:
    met: Met = []
    with _watched(met):
        play_fight(load_fight(path), number, 1, MonsterKind.LNF, None)
    assert met


def test_the_examples_meet_steps_whose_aftermath_acts_and_ones_it_skips() -> None:
    """The property above is not empty: played examples meet steps the guards skip rules for,
    and steps after which the slow path acts through an effect (F5, F6, F7)."""
    met: Met = []
    with _watched(met):
        for path in EXAMPLES:
            for number in range(1):
                play_fight(load_fight(path), number, 1, MonsterKind.LNF, None)
    assert [m for m in met if m[0]]
    assert [m for m in met if m[1] and m[2]]


# Traits that act after a hit (B8, B10), a Fire Shield (a condition: no trait, no effect needed)
_TRAITS = [
    Trait(TraitKind.HEATED_BODY, dice=parse("1d10 fire")),
    Trait(TraitKind.FIRE_AURA, dice=parse("1d6 fire")),
    Trait(TraitKind.ADHESIVE, dc=13),
    Trait(TraitKind.MUCOUS_CLOUD, dc=14),
    Trait(TraitKind.AVERSION_OF_FIRE),
    Trait(TraitKind.SPLIT),
    Trait(TraitKind.CORRODE_METAL),
    Trait(TraitKind.FREEZE, hp=10),
]
_FIRE_STAFF = Attack(name="Fire staff", to_hit=6, damage=parse("1d8 fire"))
_COLD_STAFF = Attack(name="Cold staff", to_hit=6, damage=parse("1d8 cold"))


def _hit_fight(traits: list[Trait], shielded: bool, underwater: bool, bystander: bool) -> Fight:
    conditions = frozenset({Condition.FIRE_SHIELDED}) if shielded else frozenset()
    foe = monster("Ooze", hp=40, ac=5, traits=tuple(traits), conditions=conditions)
    others = [monster("Imp", hp=8, traits=(_TRAITS[0],))] if bystander else []
    ann = hero("Ann", hp=30, attacks=(SWORD, _FIRE_STAFF, _COLD_STAFF))
    return fight([ann], [foe, *others], {"A": ["Ann", "Ooze"]}, underwater=underwater)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from(_TRAITS), max_size=3, unique_by=lambda t: t.kind),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.sampled_from([0, 1, 2]),
    st.sampled_from([Mode.MELEE, Mode.REACH]),
    st.integers(0, 10**6),
)
def test_a_hit_in_a_fight_with_traits_is_followed_the_same_with_the_guards_off(
    traits: list[Trait],
    shielded: bool,
    underwater: bool,
    bystander: bool,
    weapon: int,
    mode: Mode,
    seed: int,
) -> None:
    f = _hit_fight(traits, shielded, underwater, bystander)
    ann = f.hero("Ann")
    attack = ann.attacks[weapon]

    def played(slow: bool) -> tuple[Any, ...]:
        turn = Rolled.turn(f, "Ann").rolling(SeededDice(seed))
        hit = roll_attack(turn.fight, ann, turn.fight.monster("Ooze"), attack, mode, turn.dice)
        if slow:
            with _slow():
                land(turn, hit, None, SeededDice(seed + 1))
        else:
            land(turn, hit, None, SeededDice(seed + 1))
        return turn.steps, turn.fight

    assert played(False) == played(True)


def test_a_trait_or_a_fire_shield_acts_after_a_hit_in_a_fight_without_effects() -> None:
    """The property above is not empty: B8's Heated Body (a trait) and F7's Fire Shield (a
    condition, in a fight without traits) each add a step after a hit in mêlée."""
    for traits, shielded in (([_TRAITS[0]], False), ([], True)):
        f = _hit_fight(traits, shielded, underwater=False, bystander=False)
        assert not f.effects and bool(trait_kinds(f)) == bool(traits)
        for seed in range(40):
            turn = Rolled.turn(f, "Ann").rolling(SeededDice(seed))
            hit = roll_attack(f, f.hero("Ann"), f.monster("Ooze"), SWORD, Mode.MELEE, turn.dice)
            if hit.hit:
                land(turn, hit, None, SeededDice(seed))
                assert len(turn.steps) > 1, (traits, shielded)
                break
        else:
            raise AssertionError("no hit in 40 seeds")
