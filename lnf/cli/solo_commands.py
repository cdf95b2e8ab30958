"""`lnf play`: a solo player says what each hero does at the prompt; lnf runs the monsters.

Inside the prompt: the play words (`attack the wolf`, `join A; dodge`), `?` for the choices,
`grid` or `show` (the whole grid; each round after the first says only what changed),
`plan` (the monsters' plan), `undo` (take back your last turn), `auto` (the hero policy
decides), `quit`. Everything goes to the fight log as it happens: Ctrl-C or quit stops, and
the same command carries on.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from lnf.cli.options import fight_argument, opened, seed_option, terminal_style, terminal_width
from lnf.cli.running import make_runner, printer
from lnf.engine.chasing import speed_policy
from lnf.engine.decisions import TurnChoice
from lnf.engine.hero_turn import verify_fits
from lnf.engine.table import Table
from lnf.errors import Refused
from lnf.heroes.policy import policy_choice
from lnf.heroes.words import parse_choice
from lnf.model import Fight, Guard, Hero, Monster
from lnf.model.applied import Applied
from lnf.model.events import RoundStarted, Turn
from lnf.rules.chase import free_dashes
from lnf.rules.wording import plural
from lnf.views.style import Style
from lnf.views.transcript import one_line
from lnf.views.turn import short_options, where

INTERRUPTED = 130  # as shells report Ctrl-C
INSIDE = "grid (the whole grid), plan (the monsters' plan), undo (your last turn), auto, quit"


class PromptHeroes:
    """The player decides for every hero, at the terminal. Asking to undo, or to quit, stops
    the runner (None); `wants` says which."""

    at_table = False

    def __init__(self, fight_file: Path, shown: ShownGrid) -> None:
        self.fight_file = fight_file
        self.shown = shown
        self.wants = ""  # "undo" or "quit" once the player stopped the runner

    def choose(self, fight: Fight, hero: Hero) -> TurnChoice | None:
        click.echo(
            f"\n{hero.name}'s turn (round {fight.round}; {where(fight, hero)}). "
            f"What does {hero.name} do? (? for the choices)"
        )
        while True:
            text = _ask(f"{hero.name}> ")
            if text is None or text.lower() in ("quit", "q", "stop", "exit"):
                self.wants = "quit"
                return None
            word = text.lower()
            if word in ("", "?", "help", "options"):
                click.echo(f"  {hero.name} can: {short_options(fight, hero)}.")
                click.echo(f"  Also: {INSIDE}.")
            elif word in ("show", "grid"):
                click.echo(self.shown.whole(fight))
            elif word == "plan":
                from lnf.cli.plan_commands import next_plan

                click.echo(next_plan(fight, self.fight_file))
            elif word == "undo":
                self.wants = "undo"
                return None
            elif word == "auto":
                return policy_choice(fight, hero)
            else:
                try:
                    choice = parse_choice(fight, hero, text)
                    verify_fits(fight, hero.name, choice)  # F1, C5: as `lnf act` refuses
                    return choice
                except Refused as exc:
                    click.echo(f"  Not allowed: {exc.describe()}")

    def takes_guard(self, fight: Fight, hero: Hero, foe: Monster, guard: Guard) -> bool:
        return _yes(f"{guard_asked(hero.name, foe.name, guard)} [Y/n] ", default=True)

    def takes_opportunity(self, fight: Fight, hero: Hero, foe: Monster) -> bool:
        together = fight.group_of(foe.name) is not None
        together = together and fight.group_of(foe.name) == fight.group_of(hero.name)
        going = f"leaves {hero.name}'s group" if together else f"moves away from {hero.name}"
        asked = f"{foe.name} {going}: opportunity attack (M6)? [Y/n] "
        return _yes(asked, default=True)

    def dashes(self, fight: Fight, hero: Hero) -> int:
        default = speed_policy(fight, hero)
        asked = (
            f"{hero.name}: dashes this chase round (C2; 0 keeps the action for an attack or "
            f"hiding; {hero.dashes} used, {free_dashes(hero)} free) [0-2, {default}] "
        )
        while True:
            text = _ask(asked)
            if text is None or text == "":
                return default
            if text in ("0", "1", "2"):
                return int(text)
            click.echo("  0, 1 or 2")

    def pursues(self, fight: Fight, hero: Hero, foe: Monster) -> bool:
        return _yes(f"{foe.name} flees: does {hero.name} give chase (C1)? [Y/n] ", default=True)

    def tells_to_flee(self, fight: Fight, monster: Monster) -> bool:
        return False  # the DM tells a monster to flee with lnf flee


def _ask(prompt: str) -> str | None:
    """One line from the player; None at the end of input (Ctrl-D, a script run out). Ctrl-C
    is left to `play`, which says how to carry on."""
    click.echo(prompt, nl=False)
    try:
        return input().strip()
    except EOFError:
        click.echo("")
        return None


def _yes(prompt: str, default: bool) -> bool:
    text = _ask(prompt)
    if not text:
        return default
    return text.lower() in ("y", "yes")


def _grid(fight: Fight, style: Style | None = None) -> str:
    from lnf.rules.state_check import check_state
    from lnf.views.grid import render_show

    return render_show(fight, check_state(fight), style or terminal_style(), terminal_width())


class ShownGrid:
    """The grid as the player last saw it whole: each round after shows what changed since
    (a big fight's grid and stat-block notes are read once, as on paper)."""

    def __init__(self) -> None:
        self.fight: Fight | None = None
        self.text = ""

    def whole(self, fight: Fight) -> str:
        self.fight, self.text = fight, _grid(fight, Style(False))
        return _grid(fight)

    def round_start(self, fight: Fight) -> str:
        """The whole grid the first time, then what changed since it was last shown."""
        if self.fight is None:
            return self.whole(fight)
        from lnf.views.round_changes import changes_since

        text = _grid(fight, Style(False))
        lines = changes_since(self.fight, fight, self.text, text)
        since = f"round {self.fight.round}" if self.fight.turns.order else "the grid was shown"
        self.fight, self.text = fight, text
        if not lines:
            return f"Nothing changed on the grid since {since} (grid at the prompt shows it)."
        return "\n".join([f"What changed since {since} (grid at the prompt shows it all):", *lines])


def take_back_last_turn(table: Table) -> list[Applied]:
    """`undo` at the prompt: the player's last decision (a hero's turn it chose) and all that
    came after it; nothing when no hero has chosen yet."""
    chosen = [
        i
        for i, a in enumerate(table.in_force)
        if isinstance(a.event, Turn)
        and isinstance(a.before.combatant(a.event.who), Hero)
        and not a.event.note
    ]
    if not chosen:
        return []
    return [table.undo() for _ in range(len(table.in_force) - chosen[-1])]


@click.command()
@fight_argument
@seed_option
@click.option("--new", is_flag=True, help="Start over from the fight file (the old log is kept).")
def play(fight_file: Path, seed: int | None, new: bool) -> None:
    """Play FIGHT solo: lnf runs the monsters, you say what each hero does.

    Every event goes to the fight log beside FIGHT as it happens; stop any time (quit, Ctrl-D,
    Ctrl-C) and run the same command to carry on where you stopped. Inside: ? lists the
    choices; show, plan, undo, auto, quit.
    """
    if new:
        from lnf.session import start_afresh

        aside = start_afresh(fight_file)
        if aside is not None:
            click.echo(f"Starting over; the old log is kept as {aside.name}.")
    session = opened(fight_file)
    table = session.table
    tell = printer()

    shown = ShownGrid()

    def say(applied: Applied) -> None:
        if isinstance(applied.event, RoundStarted):  # the grid, or what changed on it
            click.echo("\n" + shown.round_start(applied.after))
        tell(applied)

    heroes = PromptHeroes(fight_file, shown)
    runner = make_runner(session, heroes, seed, say)
    if (over := runner.winner()) is not None:
        click.echo(f"The fight is over: the {over} won. lnf log {fight_file} tells it.")
        return
    if table.undoable:  # carrying on: where the fight stands, as on paper
        click.echo(f"Carrying on from the log ({plural(len(table.events), 'event')}).\n")
        click.echo(shown.whole(table.fight))
    try:
        while (winner := runner.play()) is None and heroes.wants == "undo":
            heroes.wants = ""
            taken = take_back_last_turn(table)
            for applied in taken:
                click.echo("Took back: " + one_line(applied))
            if not taken:
                click.echo("Nothing of yours to take back yet.")
            runner.resume()
    except KeyboardInterrupt:
        click.echo(f"\nStopped: everything so far is saved; carry on with lnf play {fight_file}.")
        sys.exit(INTERRUPTED)
    if winner is None:
        click.echo(f"\nStopped. lnf play {fight_file} carries on from here.")


def guard_asked(hero: str, foe: str, guard: Guard) -> str:
    """F1, F2: the reaction a solo player decides, by what it does."""
    if guard.rebukes:
        return f"{foe} hurts {hero}: cast {guard.name} at {foe} (F1)?"
    if guard.halves:
        return f"{foe} hits {hero}: {guard.name} halves its damage (F2)?"
    if guard.deflects:
        return f"{foe} hits {hero}: {guard.name} takes 1d10 + {guard.deflects} off its damage (F2)?"
    return f"{foe} hits {hero}: {guard.name} (+{guard.ac} AC) turns it into a miss (F1)?"
