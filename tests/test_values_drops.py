"""`values.replace` leaves behind exactly the cached figures the old formula did: a figure
worked out of some fields (`cached_of`) goes when any of them changes, one worked out of any
field (`cached`, `cached_property`) whenever anything changes, and a copy changing nothing
leaves those of any field behind. `__value_drops__` works this out per field, once per class:
compared here with the formula over every subset of changes and every set of figures asked."""

from __future__ import annotations

from functools import cached_property
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from lnf.model import Fight
from lnf.values import cached, cached_of, replace, value
from tests.strategies import fights


@value
class _Memos:
    a: int = 0
    b: int = 0
    c: int = 0

    @cached_of("a")
    def of_a(self) -> int:
        return self.a

    @cached_of("a", "b")
    def of_ab(self) -> int:
        return self.a + self.b

    @cached
    def of_any(self) -> int:
        return self.a + self.b + self.c

    @cached_property
    def of_any_too(self) -> int:
        return self.c


_FIGURES = ("of_a", "of_ab", "of_any", "of_any_too")


def _kept_by_formula(obj: object, changes: dict[str, object]) -> set[str]:
    """The formula `replace` followed before: a figure goes when it is of any field, or of a
    field changed."""
    kept = set(obj.__dict__) - obj.__class__.__value_fields__  # type: ignore[attr-defined]
    for name, on in obj.__class__.__value_cached__:  # type: ignore[attr-defined]
        if on is None or not on.isdisjoint(changes):
            kept.discard(name)
    return kept


def _kept(obj: object) -> set[str]:
    return set(obj.__dict__) - obj.__class__.__value_fields__  # type: ignore[attr-defined]


def test_every_change_and_figures_asked() -> None:
    fields = ("a", "b", "c")
    for asked_n in range(len(_FIGURES) + 1):
        for asked in combinations(_FIGURES, asked_n):
            for n in range(len(fields) + 1):
                for changed in combinations(fields, n):
                    memo = _Memos(1, 2, 3)
                    for figure in asked:
                        getattr(memo, figure)
                    changes = {f: 7 for f in changed}
                    new = replace(memo, **changes)
                    assert _kept(new) == _kept_by_formula(memo, changes), (asked, changed)
                    for figure in _FIGURES:  # and each figure still right
                        fresh = _Memos(*(getattr(new, f) for f in fields))
                        assert getattr(new, figure) == getattr(fresh, figure)


@settings(max_examples=60, deadline=None)
@given(fights(), st.data())
def test_fight_figures(f: Fight, data: st.DataObject) -> None:
    """A fight's own figures (the roster by name, places, groups by member, `roster_memo`)."""
    for figure in data.draw(
        st.lists(st.sampled_from(("everyone", "_by_name", "_place", "_group_of", "roster_memo")))
    ):
        getattr(f, figure)
    names = sorted(f.__class__.__value_fields__)
    changed = data.draw(st.lists(st.sampled_from(names), unique=True, max_size=3))
    changes = {name: getattr(f, name) for name in changed}
    assert _kept(replace(f, **changes)) == _kept_by_formula(f, changes)
