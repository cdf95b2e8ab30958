"""`lnf log`, `lnf undo`, `lnf redo`, `lnf repair`: the record of the fight."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from lnf.cli.options import echo_json, fight_argument, json_option, opened
from lnf.engine.table import Table
from lnf.rules.wording import plural


@click.command()
@fight_argument
@click.option("--markdown", is_flag=True, help="Markdown for session notes.")
@click.option(
    "--verify",
    is_flag=True,
    help="Check every line of the log; exit 1 if one was damaged or edited by hand.",
)
@json_option
def log(fight_file: Path, markdown: bool, verify: bool, as_json: bool) -> None:
    """Tell FIGHT so far, from its fight log (or, with --verify, check the log)."""
    from lnf.formats.event_codec import event_to_json
    from lnf.views.transcript import transcript

    if verify:
        _verify(fight_file, as_json)
        return
    session = opened(fight_file, record=False)
    table = session.table
    if as_json:
        echo_json([event_to_json(e) for e in table.events])
        return
    if not table.events:
        click.echo(f"No events yet ({session.log_file} does not exist or is empty).")
        return
    title = table.start.title or fight_file.stem
    click.echo(f"# {title}\n" if markdown else title)
    for line in transcript(table.in_force, markdown=markdown):
        click.echo(line)
    if table.taken_back:
        n = len(table.taken_back)
        them = "it" if n == 1 else "them"
        click.echo(f"\n({plural(n, 'event')} taken back; lnf redo puts {them} back.)")


@click.command()
@fight_argument
@click.argument("count", type=click.IntRange(1, 1000), default=1)
@click.option(
    "--turn",
    "whole_turn",
    is_flag=True,
    help="Take back the last turn whole (what was recorded in it, and its start).",
)
def undo(fight_file: Path, count: int, whole_turn: bool) -> None:
    """Take back the last COUNT events of FIGHT (the log keeps them; lnf redo restores);
    with --turn, the last COUNT turns."""
    from lnf.errors import Refused
    from lnf.model.events import TurnStarted
    from lnf.views.transcript import one_line

    table = opened(fight_file).table
    if whole_turn:
        count = _events_in_last_turns(table, count)
    else:
        count += _trailing_plan(table)
    if count > table.undoable > 0:
        # All or nothing: half an undo would leave the DM guessing where the fight stands.
        there = "is" if table.undoable == 1 else "are"
        raise Refused(
            f"there {there} only {plural(table.undoable, 'event')} to take back, not {count}; "
            "nothing taken back"
        )
    for n in range(count, 0, -1):
        applied = table.undo()
        event = applied.event
        if not isinstance(event, TurnStarted):
            click.echo("Took back: " + one_line(applied))
            continue
        # S1: after a refused lnf act (nothing recorded) the start is the last entry
        alone = "; nothing of the turn had been recorded yet" if count == 1 else ""
        click.echo(f"Took back: the start of {event.who}'s turn{alone}.")
        if n == 1:
            click.echo(f"lnf next {fight_file} begins {event.who}'s turn again.")


def _trailing_plan(table: Table) -> int:
    """P6: 1 when the log ends in a plan (told as a round starts, or by a turn that waits for
    the table) with an event before it: that plan goes with it, since taken back alone it
    would be made again, the same, by the next command."""
    from lnf.model.events import Begun, Planned

    events = [a.event for a in table.in_force]
    ends_in_plan = len(events) >= 2 and isinstance(events[-1], Planned)
    return 1 if ends_in_plan and not isinstance(events[-2], Begun) else 0


def _events_in_last_turns(table: Table, turns: int) -> int:
    """S1: how many events the last `turns` turns hold: a hero's turn from its start (`lnf
    next` began it) to what was recorded in it and its end; a monster's turn is one event.
    Never the seed."""
    from lnf.errors import Refused
    from lnf.model.events import Begun, Turn, TurnStarted

    events = [a.event for a in table.in_force]
    monsters = {m.name for m in table.fight.monsters}
    count = 0
    for back, event in enumerate(reversed(events), start=1):
        if isinstance(event, Begun):
            break
        if isinstance(event, TurnStarted) or (isinstance(event, Turn) and event.who in monsters):
            count, turns = back, turns - 1
            if turns == 0:
                return count
    if count == 0:
        raise Refused("no turn has been played yet: nothing to take back", "S1")
    return count  # fewer turns than asked: all there are


@click.command()
@fight_argument
def redo(fight_file: Path) -> None:
    """Put back the last event taken back with lnf undo."""
    from lnf.views.transcript import one_line

    table = opened(fight_file).table
    click.echo("Put back: " + one_line(table.redo()))


@click.command()
@fight_argument
def repair(fight_file: Path) -> None:
    """Keep FIGHT's log up to its last good entry; the rest goes to a file beside it.

    For a log that lnf refuses (a line changed, lost, repeated or damaged, or an event that no
    longer fits the fight file): nothing is thrown away, and `lnf log --verify` says first
    what is wrong.
    """
    from lnf.session import repair_log

    kept, aside = repair_log(fight_file)
    if aside is None:
        said = "the one entry is" if kept == 1 else f"all {kept} entries are"
        click.echo(f"Nothing to repair: {said} good.")
        return
    click.echo(f"Kept the first {plural(kept, 'entry', 'entries')}; the rest is in {aside}.")


def _verify(fight_file: Path, as_json: bool) -> None:
    from lnf.formats.fight_log import log_path
    from lnf.session import verify_log
    from lnf.views.report import input_problem_data

    report = verify_log(fight_file)
    if as_json:
        echo_json(
            {
                "entries": report.entries,
                "good": not report.problems,
                "problems": [input_problem_data(p) for p in report.problems],
                "notes": list(report.warnings),
            }
        )
    else:
        source = str(log_path(fight_file))
        for problem in report.problems:
            click.echo(problem.describe(source))
        for note in report.warnings:
            click.echo(f"note: {note}")
        if not report.problems:
            n = report.entries
            said = "The one entry is whole" if n == 1 else f"All {n} entries are whole and"
            click.echo(
                f"{said} in order: no slip or hand edit. (The checksums guard against "
                "accidents, not against a determined editor who works them out again.)"
            )
    sys.exit(1 if report.problems else 0)


@click.command()
@fight_argument
@click.argument("old", metavar="OLD")
@click.argument("new", metavar="NEW")
def rename(fight_file: Path, old: str, new: str) -> None:
    """Say in FIGHT's log that the fight file now calls OLD by NEW (a hero renamed mid-fight):
    the log's earlier entries then read on."""
    from lnf.session import rename_in_log

    naming = rename_in_log(fight_file, old, new)
    entries = "entry" if naming == 1 else "entries"
    click.echo(f"Renamed: the {naming} {entries} that name {old} now read as {new}.")
