"""`lnf run`, `lnf start`: a whole fight without questions, and the volley rounds.

Start appends to the log beside the fight file; run keeps its events in memory
unless told to record. Only the commands that plan import the solver, and only when they plan.
"""

from __future__ import annotations

from pathlib import Path

import click

from lnf.cli.options import (
    echo_json,
    fight_argument,
    json_option,
    opened,
    seed_option,
)
from lnf.cli.running import make_runner, printer
from lnf.engine.before_fight import roll_ambush, verify_before_first_round
from lnf.engine.collector import seldom_collected
from lnf.engine.runner import VOLLEYS
from lnf.engine.sides import TABLE_HEROES
from lnf.engine.volleys import roll_volleys, verify_start, volleys_set
from lnf.errors import InputError, InputProblem, LnfError, Refused
from lnf.formats.event_codec import event_to_json
from lnf.heroes.script import ScriptedHeroes
from lnf.model import Fight, Side, Terrain
from lnf.model.events import Event, PhaseSet, Surprised, SurpriseRoundSet
from lnf.rules.distance import volley_rounds
from lnf.rules.names import find_name
from lnf.rules.surprise import verify_encounter
from lnf.rules.wording import plural
from lnf.session import fight_alone

# --- starting apart ------------------------------------------------------------------------


@click.command()
@fight_argument
@click.option(
    "--terrain", type=click.Choice([t.value for t in Terrain]), help="Roll the volley rounds (V1)."
)
@click.option("--roll", "total", type=click.IntRange(0, 100), help="The DM's own terrain roll.")
@click.option("--volleys", type=click.IntRange(0, 100), help="Set the volley count directly.")
@click.option(
    "--surprised",
    multiple=True,
    metavar="NAME",
    help="D12: who did not notice the threat (repeat for each).",
)
@click.option(
    "--ambush",
    type=click.Choice([s.value for s in Side]),
    help="D12: this side sneaks up; lnf rolls its Stealth against each foe's passive Perception.",
)
@click.option(
    "--surprise-round",
    "surprise_round",
    metavar="NAME=N,…",
    help="V-ENC1 (variants: [encounter]): who acts before round 1, with 1 to 3 actions.",
)
@seed_option
def start(
    fight_file: Path,
    terrain: str | None,
    total: int | None,
    volleys: int | None,
    surprised: tuple[str, ...],
    ambush: str | None,
    surprise_round: str | None,
    seed: int | None,
) -> None:
    """Settle what comes before the first round: the volley rounds FIGHT starts with (V1: roll
    for the terrain, take the DM's roll, or give the number; zero means the sides meet at
    once), who is surprised (D12), the surprise round (V-ENC1)."""
    volley = terrain is not None or volleys is not None
    if terrain is not None and volleys is not None:
        raise InputError("command line", [InputProblem("give --terrain or --volleys", rule="V1")])
    if not (volley or surprised or ambush or surprise_round):
        problem = InputProblem(
            "say what to settle: --terrain or --volleys (V1), --surprised or --ambush (D12), "
            "--surprise-round (V-ENC1)"
        )
        raise InputError("command line", [problem])
    session = opened(fight_file)
    table = session.table
    actions = _actions(table.fight, surprise_round) if surprise_round else ()
    if not table.fight.turns.order and table.fight.round <= 1:  # else: the round is played
        _not_settled_yet(table.events, fight_file, volley, bool(surprised or ambush), actions)
    say = printer()
    make_runner(session, TABLE_HEROES, seed)  # a log needs its seed before the first roll
    if surprised or ambush:
        verify_before_first_round(table.fight, "surprise", "D12")
        names = [_name(table.fight, n, "--surprised") for n in surprised]
        if names:
            say(table.add(Surprised(tuple(names))))
        if ambush:
            say(table.add(roll_ambush(table.fight, Side(ambush), table.dice("surprise"))))
    if surprise_round:
        verify_before_first_round(table.fight, "the surprise round", "V-ENC1")
        verify_encounter(table.fight)
        say(table.add(SurpriseRoundSet(actions)))
    if not volley:
        return
    verify_start(table.fight)
    if volleys is not None:
        event = volleys_set(volleys, f"the DM sets {plural(volleys, 'volley round')} (V1)")
    elif total is not None and terrain != Terrain.DUNGEON:
        n = volley_rounds(total)
        rounds = plural(n, "volley round")
        event = volleys_set(n, f"{terrain}: the DM rolled {total} ÷ 6 → {rounds} (V1)")
    else:
        assert terrain is not None
        event = roll_volleys(table.fight, table.dice(VOLLEYS), Terrain(terrain))
    say(table.add(event))


def _not_settled_yet(
    events: list[Event], fight_file: Path, volley: bool, surprise: bool, actions: object
) -> None:
    """A second `lnf start` would roll a second volley phase (V1): refused, with the way to
    set it again. Surprise (D12) and the surprise round (V-ENC1) set again replace what was
    set, and say so."""
    done = next((e for e in events if isinstance(e, PhaseSet)), None)
    if volley and done is not None:
        said = f": {done.note}" if done.note else ""
        raise Refused(
            f"the volley rounds are settled already{said}; lnf undo {fight_file} takes that "
            "back to settle them again",
            "V1",
        )
    again = [
        what
        for wanted, kind, what in (
            (surprise, Surprised, "who is surprised (D12)"),
            (bool(actions), SurpriseRoundSet, "the surprise round (V-ENC1)"),
        )
        if wanted and any(isinstance(e, kind) for e in events)
    ]
    if again:
        click.echo(f"(This replaces {' and '.join(again)} as set before.)")


def _name(fight: Fight, text: str, option: str) -> str:
    """A name as typed after `option`; refused naming that option."""
    try:
        return find_name(text, [c.name for c in fight.everyone])
    except Refused as exc:
        raise InputError("command line", [InputProblem(f"{option}: {exc.message}")]) from None


def _actions(fight: Fight, text: str) -> tuple[tuple[str, int], ...]:
    """`Goblin 1=3, Goblin 2=1`: who acts in the surprise round, with how many actions."""
    out = []
    for item in (x.strip() for x in text.split(",") if x.strip()):
        name, _, count = item.rpartition("=")
        if not name or not count.strip().isdigit() or not 1 <= int(count) <= 3:
            problem = InputProblem(
                f"--surprise-round {item!r}: say NAME=N with N from 1 to 3", rule="V-ENC1"
            )
            raise InputError("command line", [problem])
        out.append((_name(fight, name.strip(), "--surprise-round"), int(count)))
    return tuple(out)


# --- scripted ------------------------------------------------------------------------------


@click.command()
@fight_argument
@click.option(
    "--seed",
    type=click.IntRange(0, 2**63 - 1),
    required=True,
    help="Dice seed: same seed, same fight.",
)
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
    session = opened(fight_file) if record else fight_alone(fight_file)
    if not record:
        for warning in session.warnings:  # opened() tells them for a recording run
            click.echo(f"lnf: warning: {warning}", err=True)
    left = _log_left_out(fight_file) if not record and session.has_log() else None
    script = session.script(script_file) if script_file is not None else None
    table = session.table
    if not as_json:
        title = table.start.title or fight_file.stem
        click.echo(
            f"{title}: {plural(len(table.start.heroes), 'hero', 'heroes')} against "
            f"{plural(len(table.start.monsters), 'monster')}, dice seed {seed}."
        )
        if left:
            click.echo(left)
    elif left:
        click.echo(left, err=True)  # stdout is the JSON
    quiet = (lambda _: None) if as_json else None
    runner = make_runner(session, ScriptedHeroes(script), seed, quiet)
    with seldom_collected():  # the same garbage, collected later
        winner = runner.play(rounds=rounds)
    if as_json:
        echo_json({"winner": winner, "events": [event_to_json(e) for e in table.events]})
    elif winner is None:
        click.echo(f"\nNo winner after {plural(rounds, 'round')}.")


def _log_left_out(fight_file: Path) -> str:
    """`lnf run` without --record starts from the fight file alone (same seed, same fight):
    said at the start, on stdout, with what the log holds that this run leaves out."""
    from lnf.session import open_fight

    head = f"(This run starts from {fight_file.name} alone"
    tail = f"lnf run {fight_file} --record carries the log on instead.)"
    try:
        with open_fight(fight_file, record=False) as logged:
            events = logged.table.events
    except LnfError:
        return f"{head}; its log is left as it is: {tail}"
    settled = [e.note for e in events if isinstance(e, PhaseSet) and e.note]
    settled += [
        f"{', '.join(e.who)} surprised (D12)" for e in events if isinstance(e, Surprised) and e.who
    ]
    settled += ["the surprise round (V-ENC1)" for e in events if isinstance(e, SurpriseRoundSet)]
    if settled:
        return f"{head}: what lnf start recorded is not played ({'; '.join(settled)}); {tail}"
    return f"{head}; its log is left as it is: {tail}"
