"""What the commands that play share: telling each event as it happens, the runner with its
status line for a big fight, and the DM's own dice."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable

import click

from lnf.cli.terminal import StatusLine
from lnf.engine.round_start import verify_playable
from lnf.engine.runner import Runner
from lnf.engine.sides import HeroSide
from lnf.model.applied import Applied
from lnf.session import Session, solver_planner
from lnf.views.transcript import describe


def printer(markdown: bool = False) -> Callable[[Applied], None]:
    def say(applied: Applied) -> None:
        for line in describe(applied, markdown=markdown):
            click.echo(line)

    return say


BIG = 200  # combatants from which a fight shows where it stands while it plays


def make_runner(
    session: Session,
    heroes: HeroSide,
    seed: int | None,
    say: Callable[[Applied], None] | None = None,
) -> Runner:
    """The runner for a command: it tells each event with `say` (by default as text), and a big
    fight on a terminal also says where it stands while it plans and plays. A fight that breaks
    rules play does not settle is refused: nothing illegal is played."""
    verify_playable(session.fight, session.fight_file.name)
    say = say or printer()
    runner = Runner(session.table, heroes, solver_planner(), say)
    fight = session.fight
    if len(fight.heroes) + len(fight.monsters) >= BIG and sys.stderr.isatty():
        status = StatusLine()  # a big fight plans for seconds: say where it stands
        runner.progress = status

        def said(applied: Applied) -> None:
            status.clear()
            say(applied)

        runner.say = said
        click.get_current_context().call_on_close(status.clear)
    runner.begin(seed if seed is not None else random.SystemRandom().randrange(1, 10**9))
    return runner


class ManualDice:
    """`--manual-dice`: the DM rolls and types each face, told first what it is for."""

    def about(self, what: str) -> None:
        click.echo(f"  {what}")

    def face(self, sides: int) -> int:
        return int(click.prompt(f"  your d{sides}", type=click.IntRange(1, sides)))
