"""P5's questions' model takes the troops formed already for the witness and the looser model
(`PlanModel(formed=…)`, `solver.explain._Questions._built`): the same CP-SAT model, proto for
proto, and the same options and shots as a model that forms its own."""

from __future__ import annotations

from hypothesis import assume, given, settings

from lnf.model import Fight
from lnf.rules import check_state
from lnf.solver.explain import _Questions
from lnf.solver.model import FAMILIES, PlanModel
from tests.grids import grid
from tests.strategies import plan_fights


def _same(f: Fight) -> None:
    asked = _Questions(f, ())
    formed = asked._troops()  # as `witness` and `refute` form them, before any question
    pm, _ = asked._built()
    assert pm.troops is formed
    fresh = PlanModel(f, FAMILIES, switched=True, priced=False)
    assert [(t.members, t.options, t.shots) for t in pm.troops] == [
        (t.members, t.options, t.shots) for t in fresh.troops
    ]
    assert str(pm.model.proto) == str(fresh.model.proto)


@settings(max_examples=40, deadline=None)
@given(plan_fights(specials=True))
def test_questions_model_takes_formed_troops(f: Fight) -> None:
    assume(not check_state(f))
    _same(f)


def test_questions_model_takes_formed_troops_at_a_table() -> None:
    _same(grid(8, 40, 0, True))
    _same(grid(8, 40, 1))
