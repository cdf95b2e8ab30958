"""F4's turn edges in a fight with neither effects nor monsters' traits take no step and roll no
die (issue 24, goal 2): `engine.effects.quiet_edges` skips them. Every edge met in played
fights (every example, any fight number) is played again beside the real one, the skip turned
off: where the skip holds, that slow path takes no step and draws no face."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lnf.dice import parse
from lnf.dice.roll import SeededDice
from lnf.engine import effects, runner
from lnf.engine.apply import Steps
from lnf.engine.effects import Rolled
from lnf.formats.fight_file import load_fight
from lnf.model import MonsterKind, Trait, TraitKind, TurnEdge
from lnf.model.steps import Damaged
from lnf.odds.fights import play_fight
from lnf.rules.roster import trait_kinds
from tests.builders import fight, hero, monster

EXAMPLES = sorted((Path(__file__).parent.parent / "examples").glob("*.yaml"))


class _Counted:
    """Seeded dice that count the faces drawn."""

    def __init__(self, seed: int) -> None:
        self.dice = SeededDice(seed)
        self.faces = 0

    def face(self, sides: int) -> int:
        self.faces += 1
        return self.dice.face(sides)

    def about(self, what: str) -> None:
        pass


Met = list[tuple[bool, bool, bool, bool]]  # (skipped, the slow path acted, effects, traits)


@contextmanager
def _watched(met: Met) -> Iterator[None]:
    """The runner's turn edges, each played first on a twin of the turn with the skip off."""
    real = effects.turn_edge

    def watched(turn: Steps, who: str, edge: TurnEdge, dice: object) -> None:
        twin = Rolled(turn.fight, turn.who)
        twin.before, twin.done = turn.before, list(turn.done)
        counted = _Counted(len(turn.done))
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(effects, "quiet_edges", lambda fight: False)
            real(twin.rolling(counted), who, edge, counted)
        acted = len(twin.done) > len(turn.done) or counted.faces > 0
        f = turn.fight
        met.append((effects.quiet_edges(f), acted, bool(f.effects), bool(trait_kinds(f))))
        real(turn, who, edge, dice)  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(runner, "turn_edge", watched)
        yield


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(EXAMPLES), st.integers(0, 10**6))
def test_a_skipped_edge_is_one_the_slow_path_does_nothing_at(path: Path, number: int) -> None:
    met: Met = []
    with _watched(met):
        play_fight(load_fight(path), number, 1, MonsterKind.LNF, None)
    assert met
    assert not [m for m in met if m[0] and m[1]]


def test_the_examples_meet_edges_that_act_through_effects() -> None:
    """The property above is not empty: played examples meet edges where the slow path acts
    through an effect in a fight whose monsters have no trait."""
    met: Met = []
    with _watched(met):
        for path in EXAMPLES:
            for number in range(3):
                play_fight(load_fight(path), number, 1, MonsterKind.LNF, None)
    assert not [m for m in met if m[0] and m[1]]
    assert [m for m in met if m[1] and m[2] and not m[3]]


def test_a_trait_acts_at_an_edge_of_a_fight_without_effects() -> None:
    """B8: a Fire Aura burns the hero beside its monster as the monster's turn starts, in a
    fight without any effect: that edge is not skipped."""
    aura = Trait(TraitKind.FIRE_AURA, dice=parse("3d6 fire"))
    f = fight([hero("Ann")], [monster("Imp", traits=(aura,))], {"A": ["Ann", "Imp"]})
    assert not f.effects and not effects.quiet_edges(f)
    turn = Rolled.turn(f, "Imp").rolling(SeededDice(1))
    effects.turn_edge(turn, "Imp", TurnEdge.START, SeededDice(1))
    assert [d.step.who for d in turn.done if isinstance(d.step, Damaged)] == ["Ann"]
