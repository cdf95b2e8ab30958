"""K2's limits and the bound on a hero's attackers ask each unit what the monsters that cannot
act hold there and what its own troops could hold (`PlanModel._unit_counts`), and each hero
who can attack it (`PlanModel._ways`): worked out once for every unit, the same as asked unit
by unit and hero by hero, walking every monster and troop (the code before)."""

from __future__ import annotations

from hypothesis import assume, given, settings

from lnf.model import Fight
from lnf.model.plan import Mode
from lnf.rules import check_state
from lnf.rules.gangup import unit_spots
from lnf.rules.moves import Spot, hero_spot, start_spot
from lnf.solver.model import COUNTED_RANKS, REGIMES, PlanModel, possible_regimes
from tests.grids import grid
from tests.strategies import plan_fights


def _fixed_at(pm: PlanModel, spot: Spot) -> int:
    return sum(
        1 for m in pm.idle if m.rank in COUNTED_RANKS and start_spot(pm.fight, m.name) == spot
    )


def _own(pm: PlanModel, spot: Spot) -> int:
    home = {id(t): t for t, _ in pm._unit_terms()[0].get(spot, [])}.values()
    return _fixed_at(pm, spot) + sum(
        t.size for t in home if start_spot(pm.fight, t.first.name) == spot
    )


def _ways(pm: PlanModel, hero: str) -> tuple[int, int]:
    close = other = 0
    for t in pm.troops:
        ways = {
            (mode is Mode.MELEE and not action)
            for _, target, mode, _, action in t.strikes()
            if target == hero
        }
        close += t.size if True in ways else 0
        other += t.size if False in ways else 0
    return close, other


def _most_attackers(pm: PlanModel, regimes: list[int]) -> dict[str, int]:
    caps = [cap for _, cap in (REGIMES[k] for k in regimes) if cap is not None]
    if len(caps) < len(regimes):
        return {}
    units = dict(unit_spots(pm.fight))
    most: dict[str, int] = {}
    for hero in pm.targets:
        spot = hero_spot(pm.fight, hero)
        if spot not in units:
            continue
        h, own = units[spot], _own(pm, spot)
        held = max(cap * h if own <= cap * h else own for cap in caps)
        close, other = _ways(pm, hero.name)
        most[hero.name] = min(close, held) + other
    return most


def _same(f: Fight) -> None:
    pm = PlanModel(f, ("R6",), prune=True)
    spots = {spot for spot, _ in unit_spots(f)}
    spots |= {t.spot_of(o) for t in pm.troops for o in t.options}
    spots |= {start_spot(f, m.name) for m in pm.idle}
    for spot in spots:
        assert pm._unit_counts().fixed.get(spot, 0) == _fixed_at(pm, spot)
        assert pm._own(spot) == _own(pm, spot)
    for hero in pm.targets:
        assert pm._ways().get(hero.name, (0, 0)) == _ways(pm, hero.name)
    regimes = possible_regimes(f)
    for k in range(len(regimes)):
        for chosen in ([regimes[k]], regimes[: k + 1], regimes[k:]):
            assert pm.most_attackers(chosen) == _most_attackers(pm, chosen)
    for regime in regimes:  # a copy shares what the model worked out
        assert pm.with_regimes([regime])._unit_counts() is pm._unit_counts()


@settings(max_examples=60, deadline=None)
@given(plan_fights(specials=True))
def test_unit_counts_are_asked_once(f: Fight) -> None:
    """K1, K2, K4: each unit's fixed and own monsters, and each hero's bound, as before."""
    assume(not check_state(f))
    _same(f)


def test_unit_counts_at_a_table() -> None:
    for seed in range(3):
        _same(grid(8, 40, seed, seed == 1))
