"""Encounter odds: the same fight played many times with the hero policy (or a script) and
LNF's monsters (or greedy ones), each fight with its own dice. A fight's seed comes from the
master seed and the fight's number alone, so the same run gives the same fights on one process
or many, and runs over separate number ranges combine exactly.
"""

from __future__ import annotations

import hashlib
import signal
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from multiprocessing import get_context
from multiprocessing.pool import Pool

from lnf.engine.collector import seldom_collected
from lnf.engine.decisions import TurnChoice
from lnf.engine.round_start import Planner
from lnf.engine.runner import Runner
from lnf.engine.table import Table
from lnf.errors import InputError
from lnf.heroes.policy import policy_choice
from lnf.heroes.script import Script, ScriptedHeroes
from lnf.model import Fight, Hero, Monster, MonsterKind, Side
from lnf.model.answer_steps import Split
from lnf.model.applied import Applied
from lnf.model.events import RoundStarted
from lnf.model.plan import Plan
from lnf.model.steps import Fled, Used
from lnf.odds.greedy import greedy_plan
from lnf.odds.plan_cache import PlanCache
from lnf.rules.roster import changed
from lnf.rules.strike_order import up_next
from lnf.values import value

MAX_ROUNDS = 100  # a fight still going after this many rounds counts as "no end"


@value
class Outcome:
    """What one fight came to."""

    number: int
    winner: str  # "heroes", "monsters", or "" when it had not ended after MAX_ROUNDS
    rounds: int
    dropped: tuple[str, ...]  # heroes who fell to 0 hit points at some point
    died: tuple[str, ...]
    hero_damage: int  # hit points lost by the heroes (temporary ones included)
    monster_damage: int
    spent: tuple[tuple[str, int], ...]  # the sheets' resources used, summed over the heroes
    fled: bool  # anyone fled (C1)


def fight_seed(master: int, number: int) -> int:
    """The dice seed of fight `number` of a run with seed `master`."""
    digest = hashlib.sha256(f"lnf odds {master}:{number}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


class _Tracker:
    """Reads what each event did as the runner says it."""

    def __init__(self, start: Fight) -> None:
        self.rounds = 1 if up_next(start) is not None else 0  # from a round under way, it counts
        self.dropped: set[str] = {h.name for h in start.heroes if h.current_hp == 0}
        self.lost = {Side.HEROES: 0, Side.MONSTERS: 0}
        self.spent: Counter[str] = Counter()
        self.fled = False

    def __call__(self, applied: Applied) -> None:
        if isinstance(applied.event, RoundStarted):
            self.rounds += 1
        twins = set()  # B10: a jelly's twin, its hit points the half the jelly gave up
        for done in applied.steps:
            step = done.step
            if isinstance(step, Used) and isinstance(done.before.combatant(step.who), Hero):
                self.spent[step.resource] += step.amount  # the heroes' sheets, not monsters' uses
            elif isinstance(step, Fled):
                self.fled = True
            elif isinstance(step, Split) and not step.how:
                twins.add(step.into)
        before, after = applied.before, applied.after
        for now, was in changed(after, before):  # an event shares every combatant it left alone
            if now.current_hp == 0 and isinstance(now, Hero):
                self.dropped.add(now.name)  # one it left alone was at 0 before, and counted
            if was is None:  # it joined the fight (B10 Split, B6 Animate Trees): nothing lost
                self.lost[now.side] -= _hp(now) if now.name in twins else 0
                continue
            self.lost[now.side] += max(0, _hp(was) - _hp(now))


def _hp(c: Hero | Monster) -> int:
    return c.current_hp + c.temp_hp


class _OddsHeroes(ScriptedHeroes):
    """The script where it fits this fight, the hero policy everywhere else (a line written
    for one fight may name a foe already down in another)."""

    def choose(self, fight: Fight, hero: Hero) -> TurnChoice | None:
        try:
            return super().choose(fight, hero)
        except InputError:
            return policy_choice(fight, hero)


_PLANNERS: dict[MonsterKind, PlanCache] = {}  # one cache per process and kind of monsters


def planner_for(monsters: MonsterKind) -> PlanCache:
    if monsters not in _PLANNERS:
        _PLANNERS[monsters] = PlanCache(
            greedy_plan if monsters is MonsterKind.GREEDY else solved_plan
        )
    return _PLANNERS[monsters]


def solved_plan(fight: Fight) -> Plan:
    from lnf.solver import solve_plan  # the solver only where LNF's monsters plan

    return solve_plan(fight, explain=False).plan


def play_fight(
    start: Fight,
    number: int,
    master: int,
    monsters: MonsterKind,
    script: Script | None,
    planner: Planner | None = None,
) -> Outcome:
    """Fight `number`; its monsters plan with this process's cache, or with `planner`."""
    table = Table(start)
    track = _Tracker(start)
    runner = Runner(table, _OddsHeroes(script), planner or planner_for(monsters), track)
    runner.begin(fight_seed(master, number))
    winner = runner.play(rounds=MAX_ROUNDS)
    end = table.fight
    return Outcome(
        number=number,
        winner=winner.value if winner is not None else "",
        rounds=track.rounds,
        dropped=tuple(h.name for h in end.heroes if h.name in track.dropped),
        died=tuple(h.name for h in end.heroes if h.dead),
        hero_damage=track.lost[Side.HEROES],
        monster_damage=track.lost[Side.MONSTERS],
        spent=tuple(sorted(track.spent.items())),
        fled=track.fled,
    )


Task = tuple[Fight, Sequence[int], int, MonsterKind, Script | None]


def _chunk(task: Task) -> list[Outcome]:
    start, numbers, master, monsters, script = task
    with seldom_collected():
        return [play_fight(start, n, master, monsters, script) for n in numbers]


def _leave_ctrl_c_to_the_parent() -> None:
    """A worker ignores Ctrl-C: the parent stops the run and reports the fights finished."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def fight_pool(jobs: int) -> Iterator[Pool | None]:
    """The worker processes of one command (None for one process): `--vary`'s values and
    `--compare`'s two kinds of monsters share them, since each worker starts by loading lnf
    and OR-Tools. Its exit terminates the workers: nothing is left running after a Ctrl-C."""
    if jobs <= 1:
        yield None
        return
    with get_context("spawn").Pool(jobs, initializer=_leave_ctrl_c_to_the_parent) as pool:
        yield pool


def play_fights(
    start: Fight,
    numbers: Sequence[int],
    master: int,
    *,
    monsters: MonsterKind = MonsterKind.LNF,
    script: Script | None = None,
    jobs: int = 1,
    on_done: Callable[[int], None] | None = None,
    planner: Planner | None = None,
    cluster: str | None = None,
    pool: Pool | None = None,
) -> Iterator[Outcome]:
    """Each fight's outcome as it finishes (in any order: sort by `number`). With `jobs` > 1
    the fights go to that many processes (`pool`'s, or a pool of their own), in chunks, and
    with `cluster` to the workers of a Dask scheduler at that address; the outcomes are the
    same. `planner` (one process only) replaces the cached one: to measure the cache, say."""
    assert planner is None or (jobs <= 1 and cluster is None), "a planner plays on one process"
    if cluster is not None:
        from lnf.odds.cluster import on_cluster  # Dask, only when asked for

        chunks = _tasks(start, numbers, master, monsters, script, 1)  # 20 fights a task
        for outcomes in on_cluster(cluster, _chunk, chunks):
            yield from outcomes
            if on_done is not None:
                on_done(len(outcomes))
        return
    if jobs <= 1:
        with seldom_collected():
            for n in numbers:
                yield play_fight(start, n, master, monsters, script, planner)
                if on_done is not None:
                    on_done(1)
        return
    tasks = _tasks(start, numbers, master, monsters, script, jobs)
    with fight_pool(jobs) if pool is None else nullcontext(pool) as workers:
        assert workers is not None
        for outcomes in workers.imap_unordered(_chunk, tasks):
            yield from outcomes
            if on_done is not None:
                on_done(len(outcomes))


def _tasks(
    start: Fight,
    numbers: Sequence[int],
    master: int,
    monsters: MonsterKind,
    script: Script | None,
    workers: int,
) -> list[Task]:
    """The fights in chunks: small enough to spread over `workers`, big enough that each
    worker's plan cache pays."""
    size = max(1, min(20, len(numbers) // (workers * 8) or 1))
    return [
        (start, numbers[i : i + size], master, monsters, script)
        for i in range(0, len(numbers), size)
    ]
