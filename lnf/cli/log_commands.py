"""`lnf log`, `lnf undo`, `lnf redo`: the record of the fight."""

from __future__ import annotations

from pathlib import Path

import click

from lnf.cli.options import echo_json, fight_argument, json_option, opened


@click.command()
@fight_argument
@click.option("--markdown", is_flag=True, help="Markdown for session notes.")
@json_option
def log(fight_file: Path, markdown: bool, as_json: bool) -> None:
    """Tell FIGHT so far, from its fight log."""
    from lnf.io.event_codec import event_to_json
    from lnf.io.transcript import transcript

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
        click.echo(f"\n({len(table.taken_back)} event(s) taken back; lnf redo puts them back.)")


@click.command()
@fight_argument
@click.argument("count", type=click.IntRange(1, 1000), default=1)
def undo(fight_file: Path, count: int) -> None:
    """Take back the last COUNT events of FIGHT (the log keeps them; lnf redo restores)."""
    from lnf.io.transcript import one_line

    table = opened(fight_file).table
    for _ in range(count):
        click.echo("Took back: " + one_line(table.undo()))


@click.command()
@fight_argument
def redo(fight_file: Path) -> None:
    """Put back the last event taken back with lnf undo."""
    from lnf.io.transcript import one_line

    table = opened(fight_file).table
    click.echo("Put back: " + one_line(table.redo()))
