"""`lnf play`, `lnf round`, `lnf run`, `lnf log`, `lnf undo`, `lnf redo`: playing the fight.

Play and round append to the log beside the fight file; run keeps its events in memory unless
told to record. Only the commands that plan import the solver, and only when they plan.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import click

from lnf.cli import main
from lnf.cli.options import (
    echo_json,
    fight_argument,
    json_option,
    opened,
    terminal_style,
    terminal_width,
)
from lnf.errors import InputError, InputProblem, LnfError
from lnf.io.fight_file import load_fight
from lnf.io.fight_log import log_path
from lnf.io.grid_text import render_show
from lnf.model import Fight, Hero, Monster, Terrain
from lnf.model.plan import Plan
from lnf.play.actions import Choice, IllegalChoice, options, parse_choice
from lnf.play.chasing import speed_policy
from lnf.play.events import Begun, Event, Redone, RoundStarted, Undone, to_json
from lnf.play.policy import policy_choice
from lnf.play.runner import Runner
from lnf.play.script import ScriptedHeroes, load_script
from lnf.play.sides import TABLE_HEROES, HeroSide
from lnf.play.state import apply
from lnf.play.table import Table
from lnf.play.transcript import describe, transcript
from lnf.play.volleys import roll_volleys, volleys_set
from lnf.rules.distance import volley_rounds
from lnf.rules.state import check_state

seed_option = click.option(
    "--seed", type=int, help="Dice seed for a new fight log (default: a random one, recorded)."
)


def solver_planner() -> Callable[[Fight], Plan]:
    def plan(fight: Fight) -> Plan:
        from lnf.solver import solve_plan  # imported on the first plan, not at start-up

        return solve_plan(fight, explain=False).plan

    return plan


def printer(markdown: bool = False) -> Callable[[Event, Fight, list[str]], None]:
    def say(event: Event, before: Fight, notes: list[str]) -> None:
        for line in describe(event, before, markdown=markdown):
            click.echo(line)

    return say


def _runner(table: Table, heroes: HeroSide, seed: int | None, quiet: bool = False) -> Runner:
    say = (lambda *_: None) if quiet else printer()
    runner = Runner(table, heroes, solver_planner(), say)
    runner.begin(seed if seed is not None else random.SystemRandom().randrange(1, 10**9))
    return runner


# --- solo play -----------------------------------------------------------------------------


class PromptHeroes:
    """The player decides for every hero, at the terminal."""

    def choose(self, fight: Fight, hero: Hero) -> Choice | None:
        group = fight.group_of(hero.name)
        where = f"group {group.label}" if group else "unengaged"
        click.echo(
            f"\n{hero.name}'s turn ({hero.rank} rank, {where}, {hero.current_hp}/{hero.hp} hp). "
            f"What does {hero.name} do? (? for the choices, auto, quit)"
        )
        while True:
            try:
                text = click.prompt(
                    f"{hero.name}", prompt_suffix="> ", default="", show_default=False
                )
            except click.Abort:
                return None
            text = text.strip()
            if text.lower() in ("quit", "q", "stop"):
                return None
            if text in ("", "?", "help"):
                click.echo("  " + "\n  ".join(options(fight, hero)))
                continue
            if text.lower() == "auto":
                return policy_choice(fight, hero)
            try:
                return parse_choice(fight, hero, text)
            except IllegalChoice as exc:
                click.echo(f"  Not allowed: {exc.describe()}")

    def takes_opportunity(self, fight: Fight, hero: Hero, foe: Monster) -> bool:
        try:
            return click.confirm(
                f"{foe.name} leaves {hero.name}'s group: opportunity attack (M6)?", default=True
            )
        except click.Abort:
            return False

    def dashes(self, fight: Fight, hero: Hero) -> int:
        try:
            return int(
                click.prompt(
                    f"{hero.name}: dashes this chase round (C2; 0 keeps the action for an attack "
                    f"or hiding; {hero.dashes} used, {3 + hero.con} free)",
                    type=click.IntRange(0, 2),
                    default=speed_policy(fight, hero),
                )
            )
        except click.Abort:
            return 0

    def pursues(self, fight: Fight, hero: Hero, foe: Monster) -> bool:
        try:
            return click.confirm(
                f"{foe.name} flees: does {hero.name} give chase (C1)?", default=True
            )
        except click.Abort:
            return False

    def tells_to_flee(self, fight: Fight, monster: Monster) -> bool:
        return False  # the DM tells a monster to flee with lnf flee


@main.command()
@fight_argument
@seed_option
def play(fight_file: Path, seed: int | None) -> None:
    """Play FIGHT solo: lnf runs the monsters, you say what each hero does.

    Every event goes to the fight log beside FIGHT; stop any time (`quit`, Ctrl-D) and run the
    same command to carry on where you stopped.
    """
    table = opened(fight_file).table
    if table.events:
        click.echo(f"Carrying on from the log ({len(table.events)} events).")
    runner = _runner(table, PromptHeroes(), seed)
    if (over := runner.winner()) is not None:
        click.echo(f"The fight is over: the {over} won. `lnf log {fight_file}` tells it.")
        return
    tell = printer()

    def say(event: Event, before: Fight, notes: list[str]) -> None:
        if isinstance(event, RoundStarted):  # each round starts with the grid, as on paper
            now, _ = apply(before, event)
            grid = render_show(now, check_state(now), terminal_style(), terminal_width())
            click.echo("\n" + grid)
        tell(event, before, notes)

    runner.say = say
    winner = runner.play()
    if winner is None:
        click.echo(f"\nStopped. `lnf play {fight_file}` carries on from here.")


# --- starting apart ------------------------------------------------------------------------


@main.command()
@fight_argument
@click.option(
    "--terrain", type=click.Choice([t.value for t in Terrain]), help="Roll the volley rounds (V1)."
)
@click.option("--roll", "total", type=click.IntRange(0, 100), help="The DM's own terrain roll.")
@click.option("--volleys", type=click.IntRange(0, 100), help="Set the volley count directly.")
@seed_option
def start(
    fight_file: Path, terrain: str | None, total: int | None, volleys: int | None, seed: int | None
) -> None:
    """Set how many volley rounds FIGHT starts with (V1): roll for the terrain (dungeon: 1),
    take the DM's roll, or give the number; zero means the sides meet at once."""
    table = opened(fight_file).table
    if (terrain is None) == (volleys is None):
        raise InputError("command line", [InputProblem("give --terrain or --volleys", rule="V1")])
    _runner(table, TABLE_HEROES, seed)  # a log needs its seed before the first roll
    if volleys is not None:
        event = volleys_set(volleys, f"the DM sets {volleys} volley rounds (V1)")
    elif total is not None and terrain != Terrain.DUNGEON:
        n = volley_rounds(total)
        event = volleys_set(n, f"{terrain}: the DM rolled {total} ÷ 6 → {n} volley rounds (V1)")
    else:
        assert terrain is not None
        event = roll_volleys(table.fight, table.dice(), Terrain(terrain))
    before = table.fight
    table.add(event)
    for line in describe(event, before):
        click.echo(line)


# --- the DM between rounds -----------------------------------------------------------------


class ManualDice:
    """`--manual-dice`: the DM rolls and types each face."""

    def face(self, sides: int) -> int:
        return int(click.prompt(f"  your d{sides}", type=click.IntRange(1, sides)))


@main.command(name="round")
@fight_argument
@seed_option
@click.option("--manual-dice", is_flag=True, help="Ask for the DM's physical rolls.")
def round_(fight_file: Path, seed: int | None, manual_dice: bool) -> None:
    """Play the monsters' side of the next round of FIGHT (or finish the one under way).

    Heroes act at the table: record what they did with lnf damage, heal, move, mark.
    """
    table = opened(fight_file).table
    runner = _runner(table, TABLE_HEROES, seed)
    if manual_dice:
        dice = ManualDice()
        runner.dice = lambda: dice
    if runner.winner() is not None:
        click.echo(f"The fight is over: the {runner.winner()} won.")
        return
    runner.play(rounds=1 if runner.round_over() else 0)


# --- scripted ------------------------------------------------------------------------------


@main.command()
@fight_argument
@click.option("--seed", type=int, required=True, help="Dice seed: same seed, same fight.")
@click.option(
    "--script",
    "script_file",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Hero actions by round (see README); the hero policy fills the gaps.",
)
@click.option(
    "--rounds",
    type=click.IntRange(1, 1000),
    default=100,
    show_default=True,
    help="Stop after this many rounds.",
)
@click.option("--record", is_flag=True, help="Carry on from the fight log and append to it.")
@json_option
def run(
    fight_file: Path, seed: int, script_file: Path | None, rounds: int, record: bool, as_json: bool
) -> None:
    """Play FIGHT to its end without questions and print the transcript.

    It starts from the fight file alone, so the same seed always gives the same fight; with
    --record it carries on from the fight log instead and appends to it.
    """
    if record:
        table = opened(fight_file).table
    else:
        table = Table(load_fight(fight_file))
        if log_path(fight_file).exists():
            click.echo(
                f"(lnf run starts from {fight_file.name} alone; its log is left as it is: "
                "--record carries it on)",
                err=True,
            )
    script = load_script(script_file, table.fight) if script_file is not None else None
    if not as_json:
        title = table.start.title or fight_file.stem
        click.echo(
            f"{title}: {len(table.start.heroes)} heroes against "
            f"{len(table.start.monsters)} monsters, dice seed {seed}."
        )
    runner = _runner(table, ScriptedHeroes(script), seed, quiet=as_json)
    winner = runner.play(rounds=rounds)
    if as_json:
        echo_json({"winner": winner, "events": [to_json(e) for e in table.events]})
    elif winner is None:
        click.echo(f"\nNo winner after {rounds} rounds.")


# --- the record ----------------------------------------------------------------------------


@main.command()
@fight_argument
@click.option("--markdown", is_flag=True, help="Markdown for session notes.")
@json_option
def log(fight_file: Path, markdown: bool, as_json: bool) -> None:
    """Tell FIGHT so far, from its fight log."""
    found = opened(fight_file, record=False)
    table = found.table
    if as_json:
        echo_json([to_json(e) for e in table.events])
        return
    if not table.events:
        click.echo(f"No events yet ({found.log} does not exist or is empty).")
        return
    title = table.start.title or fight_file.stem
    click.echo(f"# {title}\n" if markdown else title)
    for line in transcript(table.start, table.events, markdown=markdown):
        click.echo(line)
    if table.history.taken_back:
        click.echo(
            f"\n({len(table.history.taken_back)} event(s) taken back; lnf redo puts them back.)"
        )


@main.command()
@fight_argument
@click.argument("count", type=click.IntRange(1, 1000), default=1)
def undo(fight_file: Path, count: int) -> None:
    """Take back the last COUNT events of FIGHT (the log keeps them; lnf redo restores)."""
    table = opened(fight_file).table
    for _ in range(count):
        if not table.events or isinstance(table.events[-1], Begun):
            raise LnfError("nothing left to take back")
        last, before = table.events[-1], _state_before_last(table)
        table.add(Undone())
        click.echo("Took back: " + _one_line(describe(last, before)))


@main.command()
@fight_argument
def redo(fight_file: Path) -> None:
    """Put back the last event taken back with lnf undo."""
    table = opened(fight_file).table
    if not table.history.taken_back:
        raise LnfError("nothing to redo (a new event since the undo ends what can be redone)")
    event = table.history.taken_back[-1]
    before = table.fight
    table.add(Redone())
    click.echo("Put back: " + _one_line(describe(event, before)))


def _one_line(lines: list[str]) -> str:
    return " ".join(line.strip() for line in lines if line.strip())


def _state_before_last(table: Table) -> Fight:
    from lnf.play.state import replay

    return replay(table.start, table.events[:-1])
