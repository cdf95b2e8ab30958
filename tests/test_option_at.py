"""`solver.troops.Option.at`: an option at another destination, copied in one step, is
`values.replace(option, move=…)`, field for field, and holds nothing but its fields."""

from __future__ import annotations

import dataclasses

from hypothesis import given
from hypothesis import strategies as st

from lnf.model import Rank
from lnf.model.plan import Mode
from lnf.solver.troops import Option
from lnf.values import replace

options = st.builds(
    Option,
    move=st.integers(0, 30),
    rank=st.sampled_from(list(Rank)),
    target=st.sampled_from([None, "H1", "H2"]),
    mode=st.sampled_from([None, *Mode]),
    action=st.sampled_from(["", "Fireball"]),
    also=st.sampled_from([(), ("H3",), ("H3", "H4")]),
    damage=st.integers(0, 5000),
    dis=st.integers(0, 3),
)


@given(options, st.integers(0, 30))
def test_option_at_is_replace(option: Option, move: int) -> None:
    moved = option.at(move)
    assert moved == replace(option, move=move)
    assert vars(moved) == vars(replace(option, move=move))
    assert set(vars(option)) == {f.name for f in dataclasses.fields(Option)}
    assert moved.heroes == option.heroes
    assert (moved is option) == (move == option.move)
