"""What many fights say, with 95 % intervals: Wilson's interval for a share, Newcombe's for the
difference of two shares (LNF's monsters against greedy ones), a normal interval for a mean;
rounds by median and quartiles. Plain arithmetic, so a small run can be checked by hand."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from statistics import mean, quantiles, stdev

from lnf.odds.fights import Outcome
from lnf.values import value

Z = 1.959963984540054  # the normal quantile of 97.5 %: a two-sided 95 % interval


@value
class Share:
    """k of n, with Wilson's 95 % interval."""

    k: int
    n: int
    lo: float
    hi: float

    @property
    def share(self) -> float:
        return self.k / self.n if self.n else 0.0


def share(k: int, n: int) -> Share:
    lo, hi = wilson(k, n)
    return Share(k, n, lo, hi)


def wilson(k: int, n: int, z: float = Z) -> tuple[float, float]:
    """Wilson's score interval for k successes in n trials."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    lo = 0.0 if k == 0 else max(0.0, centre - half)  # the ends are exact, not rounded
    hi = 1.0 if k == n else min(1.0, centre + half)
    return lo, hi


@value
class Difference:
    """a − b of two shares, with Newcombe's hybrid score interval (from their Wilson ones)."""

    diff: float
    lo: float
    hi: float


def difference(a: Share, b: Share) -> Difference:
    d = a.share - b.share
    lo = d - math.sqrt((a.share - a.lo) ** 2 + (b.hi - b.share) ** 2)
    hi = d + math.sqrt((a.hi - a.share) ** 2 + (b.share - b.lo) ** 2)
    return Difference(d, max(-1.0, lo), min(1.0, hi))


@value
class Spread:
    """A mean with its 95 % normal interval."""

    mean: float
    lo: float
    hi: float


def spread(values: Sequence[float]) -> Spread:
    if not values:
        return Spread(0.0, 0.0, 0.0)
    m = mean(values)
    half = Z * stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return Spread(m, m - half, m + half)


@value
class Rounds:
    """Rounds to the end: quartiles (inclusive method), the extremes, and how many fights
    took each number of rounds."""

    q1: float
    median: float
    q3: float
    least: int
    most: int
    counts: tuple[tuple[int, int], ...]


def rounds(values: Sequence[int]) -> Rounds:
    if not values:
        return Rounds(0, 0, 0, 0, 0, ())
    if len(values) == 1:
        q1 = med = q3 = float(values[0])
    else:
        q1, med, q3 = quantiles(values, n=4, method="inclusive")
    return Rounds(q1, med, q3, min(values), max(values), tuple(sorted(Counter(values).items())))


@value
class HeroOdds:
    name: str
    drops: Share
    dies: Share


@value
class Report:
    fights: int
    heroes_win: Share
    no_end: int  # fights still going after MAX_ROUNDS
    heroes: tuple[HeroOdds, ...]
    rounds: Rounds
    hero_damage: Spread
    monster_damage: Spread
    spent: tuple[tuple[str, float], ...]  # a resource, used per fight on average
    anyone_flees: Share


def tally(outcomes: Sequence[Outcome], heroes: Sequence[str]) -> Report:
    n = len(outcomes)
    spent: Counter[str] = Counter()
    for o in outcomes:
        spent.update(dict(o.spent))
    return Report(
        fights=n,
        heroes_win=share(sum(o.winner == "heroes" for o in outcomes), n),
        no_end=sum(not o.winner for o in outcomes),
        heroes=tuple(
            HeroOdds(
                h,
                share(sum(h in o.dropped for o in outcomes), n),
                share(sum(h in o.died for o in outcomes), n),
            )
            for h in heroes
        ),
        rounds=rounds([o.rounds for o in outcomes]),
        hero_damage=spread([o.hero_damage for o in outcomes]),
        monster_damage=spread([o.monster_damage for o in outcomes]),
        spent=tuple((name, total / n) for name, total in sorted(spent.items())) if n else (),
        anyone_flees=share(sum(o.fled for o in outcomes), n),
    )
