"""`lnf odds`: how deadly is this fight? It plays the fight many times from where it stands
(the fight file and its log) and says what the fights came to, with 95 % intervals."""

from __future__ import annotations

import json
import sys
from contextlib import nullcontext
from multiprocessing.pool import Pool
from pathlib import Path
from typing import Any

import click

from lnf.cli.options import echo_json, fight_argument, json_option, opened
from lnf.engine.round_start import verify_playable
from lnf.errors import InputError, InputProblem, Refused
from lnf.formats.files import read_text
from lnf.heroes.script import Script
from lnf.model import Fight, MonsterKind
from lnf.odds.fights import Outcome, fight_pool, play_fights
from lnf.odds.tally import Report, tally
from lnf.rules.budget import budget_line
from lnf.rules.wording import plural
from lnf.values import replace
from lnf.views.odds_text import (
    chart_lines,
    compare_lines,
    difference_data,
    headline,
    outcome_data,
    outcome_from,
    report_data,
    report_lines,
)

LABELS = {MonsterKind.LNF: "LNF monsters", MonsterKind.GREEDY: "greedy monsters"}


@click.command()
@fight_argument
@click.option(
    "--fights",
    type=click.IntRange(1, 10_000_000),
    default=200,
    show_default=True,
    help="How many fights to play.",
)
@click.option(
    "--seed",
    type=click.IntRange(0, 2**63 - 1),
    default=1,
    show_default=True,
    help="Master seed: each fight's dice come from it and the fight's number.",
)
@click.option(
    "--first",
    type=click.IntRange(0, 2**62),
    default=0,
    show_default=True,
    help="The first fight's number (to split a run across machines).",
)
@click.option(
    "--jobs",
    type=click.IntRange(1, 256),
    default=1,
    show_default=True,
    help="Processes to play on; the numbers are the same for any count.",
)
@click.option(
    "--vary",
    metavar="NAME.FIELD=A..B",
    help="Play the fight file for each value of one field (Goblin.count=2..10) and say (or "
    "--plot) the chances against it.",
)
@click.option(
    "--cluster",
    metavar="ADDRESS",
    help="Play on the workers of a Dask scheduler (tcp://host:8786); the same numbers.",
)
@click.option(
    "--script",
    "script_file",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Hero actions by round where they fit a fight; the hero policy elsewhere.",
)
@click.option(
    "--monsters",
    type=click.Choice([k.value for k in MonsterKind]),
    default=MonsterKind.LNF.value,
    show_default=True,
    help="lnf: the joint plan (P3, P4); greedy: each monster its first legal target.",
)
@click.option("--compare", is_flag=True, help="Play the same fights with both and compare.")
@click.option(
    "--plot",
    "plot_file",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Draw the rounds and each hero's drop and death chances (.png or .svg); with --vary, "
    "the chances against the value.",
)
@click.option(
    "--force", is_flag=True, help="Let --plot overwrite a file that is not an image lnf drew."
)
@click.option("--markdown", is_flag=True, help="Markdown, for session notes.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@click.option(
    "--merge",
    "merge_files",
    multiple=True,
    type=click.Path(path_type=Path, dir_okay=False),
    help="Combine the --json results of runs over separate fight numbers.",
)
@json_option
def odds(
    fight_file: Path,
    fights: int,
    seed: int,
    first: int,
    jobs: int,
    vary: str | None,
    cluster: str | None,
    script_file: Path | None,
    monsters: str,
    compare: bool,
    plot_file: Path | None,
    force: bool,
    markdown: bool,
    quiet: bool,
    merge_files: tuple[Path, ...],
    as_json: bool,
) -> None:
    """Play FIGHT many times from where it stands, with the hero policy (or --script), and say
    how it goes: the heroes' chance to win, each hero's to drop and to die, rounds, hit points
    lost, what the sheets spend, how often anyone flees. Same seed, same numbers."""
    if plot_file is not None:  # before any fight is played: a run is not lost to a bad path
        _check_plot(plot_file, force)
    if vary is not None:
        if compare or merge_files or script_file is not None:
            raise Refused(
                "--vary plays LNF's or greedy monsters alone, with the hero policy: drop "
                "--compare, --merge and --script"
            )
        _varied(
            fight_file,
            vary,
            range(first, first + fights),
            seed,
            MonsterKind(monsters),
            jobs,
            cluster,
            quiet,
            as_json,
            markdown,
            plot_file,
        )
        return
    session = opened(fight_file, record=False)
    start = session.fight
    verify_playable(start, fight_file.name)  # as lnf run and lnf play
    title = start.title or fight_file.stem
    heroes = [h.name for h in start.heroes]
    script = session.script(script_file) if script_file is not None else None
    kinds = list(MonsterKind) if compare else [MonsterKind(monsters)]
    runs: dict[MonsterKind, list[Outcome]] = {}
    stopped = False
    if merge_files:
        runs, seed, first, fights = _merged(merge_files, kinds)
    else:
        numbers = range(first, first + fights)
        with fight_pool(jobs if cluster is None else 1) as pool:  # --compare: one start-up
            for kind in kinds:
                runs[kind], stopped = _play(
                    start, numbers, seed, kind, script, jobs, quiet, cluster, pool=pool
                )
                if stopped:
                    break
    reports = {kind: tally(sorted(o, key=lambda x: x.number), heroes) for kind, o in runs.items()}
    played = min(len(o) for o in runs.values()) if runs else 0
    if as_json:
        echo_json(_json(title, seed, first, fights, script_file, runs, reports, compare, stopped))
    else:
        where = f" from round {start.round}" + (
            ", as the log has it" if session.table.events else ""
        )
        _say(
            title,
            seed,
            first,
            played,
            script_file,
            reports,
            compare,
            markdown,
            plot_file,
            stopped,
            fights,
            where,
            budget_line(start),
        )
    if plot_file is not None and played:
        from lnf.formats.files import write_image
        from lnf.views.odds_plot import plot  # matplotlib, only when asked for

        drawn = {LABELS[k]: r for k, r in reports.items()}
        write_image(plot_file, lambda path: plot(path, title, drawn))
        if not as_json:
            click.echo(f"\nDrawn: {plot_file}")
    if stopped:
        from lnf.cli import INTERRUPTED_EXIT

        sys.exit(INTERRUPTED_EXIT)  # Ctrl-C, as shells report it, after what was finished


def _check_plot(plot_file: Path, force: bool) -> None:
    """The plot's file and matplotlib, checked before the fights are played."""
    from importlib.util import find_spec

    from lnf.formats.files import check_image_target

    check_image_target(plot_file, force=force)
    if find_spec("matplotlib") is None:
        raise Refused(
            "--plot needs matplotlib, an optional extra: pip install 'lnf[plot]' "
            "(without --plot lnf odds draws its chart in text)"
        )


def _play(
    start: Fight,
    numbers: range,
    seed: int,
    kind: MonsterKind,
    script: Script | None,
    jobs: int,
    quiet: bool,
    cluster: str | None = None,
    label: str = "",
    pool: Pool | None = None,
) -> tuple[list[Outcome], bool]:
    """The fights of one kind of monsters, a progress bar (named `label`, or by the monsters)
    on a terminal; a Ctrl-C keeps those finished."""
    outcomes: list[Outcome] = []
    show = not quiet and sys.stderr.isatty()
    label = f"{label or LABELS[kind]:>15}"
    bar = click.progressbar(length=len(numbers), label=label, file=sys.stderr) if show else None
    try:
        with bar if bar is not None else nullcontext():
            step = bar.update if bar is not None else None
            fights = play_fights(
                start,
                numbers,
                seed,
                monsters=kind,
                script=script,
                jobs=jobs,
                on_done=step,
                cluster=cluster,
                pool=pool,
            )
            for outcome in fights:  # one at a time: a Ctrl-C keeps those finished
                outcomes.append(outcome)
    except KeyboardInterrupt:
        click.echo(
            f"\nlnf: stopped (Ctrl-C) after {plural(len(outcomes), 'fight')}; what they say:",
            err=True,
        )
        return outcomes, True
    return outcomes, False


def _say(
    title: str,
    seed: int,
    first: int,
    played: int,
    script_file: Path | None,
    reports: dict[MonsterKind, Report],
    compare: bool,
    markdown: bool,
    plot_file: Path | None,
    stopped: bool,
    asked: int,
    where: str,
    budget: str,
) -> None:
    script = str(script_file) if script_file else ""
    kind = next(iter(reports))
    head = headline(title, played, seed, first, None if compare else kind, script, where)
    lines = [f"## {head}" if markdown else head, budget, ""]  # the table's answer beside ours
    if stopped:
        lines.insert(1, f"(stopped after {played} of {plural(asked, 'fight')})")
    if compare:
        a, b = reports[MonsterKind.LNF], reports[MonsterKind.GREEDY]
        lines += compare_lines(a, b, markdown=markdown)
    else:
        lines += report_lines(reports[kind], markdown=markdown)
    if plot_file is None and not markdown:
        for k, r in reports.items():
            lines += ["", *chart_lines(r.rounds, f" ({LABELS[k]})" if compare else "")]
    click.echo("\n".join(lines))


def _json(
    title: str,
    seed: int,
    first: int,
    fights: int,
    script_file: Path | None,
    runs: dict[MonsterKind, list[Outcome]],
    reports: dict[MonsterKind, Report],
    compare: bool,
    stopped: bool,
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "fight": title,
        "seed": seed,
        "first": first,
        "fights": fights,
        "script": str(script_file) if script_file else None,
        "stopped": stopped,
        "runs": {
            kind: {
                "report": report_data(reports[kind]),
                "outcomes": [outcome_data(o) for o in sorted(runs[kind], key=lambda x: x.number)],
            }
            for kind in runs
        },
    }
    if compare and len(reports) == 2:
        out["difference"] = difference_data(reports[MonsterKind.LNF], reports[MonsterKind.GREEDY])
    return out


def _merged(
    files: tuple[Path, ...], kinds: list[MonsterKind]
) -> tuple[dict[MonsterKind, list[Outcome]], int, int, int]:
    """`--merge`: the fights of several --json runs of one master seed, each number once."""
    runs: dict[MonsterKind, dict[int, Outcome]] = {}
    seeds = set()
    for path in files:
        try:
            data = json.loads(read_text(path))
            seeds.add(data["seed"])
            for name, run in data["runs"].items():
                if name not in set(MonsterKind):
                    raise ValueError(f"runs of {name!r} monsters: they are lnf or greedy")
                kind = MonsterKind(name)
                for item in run["outcomes"]:
                    o = outcome_from(item)
                    if o.number in runs.setdefault(kind, {}):
                        raise ValueError(f"fight {o.number} is in two of the files")
                    runs[kind][o.number] = o
        except (ValueError, KeyError, TypeError, RecursionError) as exc:
            problem = InputProblem(f"not an lnf odds --json result to merge: {exc}")
            raise InputError(str(path), [problem]) from None
    if len(seeds) != 1:
        problem = InputProblem(
            "the runs to merge have different master seeds: they are not one run"
        )
        raise InputError(", ".join(map(str, files)), [problem])
    numbers = sorted(n for r in runs.values() for n in r)
    first = numbers[0] if numbers else 0
    count = max(len(r) for r in runs.values()) if runs else 0
    return {k: list(v.values()) for k, v in runs.items()}, seeds.pop(), first, count


def _varied(
    fight_file: Path,
    text: str,
    numbers: range,
    seed: int,
    kind: MonsterKind,
    jobs: int,
    cluster: str | None,
    quiet: bool,
    as_json: bool,
    markdown: bool,
    plot_file: Path | None,
) -> None:
    """`--vary`: each value's fights, from the fight file as written, reported side by side
    and drawn against the value with --plot; a Ctrl-C reports the values finished."""
    import yaml

    from lnf.formats.fight_file import parse_fight
    from lnf.odds.vary import parse_vary, step_odds, varied
    from lnf.views.vary_text import vary_data, vary_head, vary_lines

    vary = parse_vary(text)
    document = yaml.safe_load(read_text(fight_file))
    title = fight_file.stem
    fights = []  # every value read and checked before a fight is played
    for number in vary.values:
        source = f"{fight_file} with {vary}={number}"
        data = varied(document, vary, number)  # its own errors say --vary, once
        try:
            fight = parse_fight(json.dumps(data), str(fight_file))
        except InputError as err:  # said for the variation, without the file's lines
            raise InputError(source, [replace(p, line=None) for p in err.problems]) from None
        verify_playable(fight, source)
        title = fight.title or title
        fights.append((number, fight))
    steps = []
    stopped = False
    with fight_pool(jobs if cluster is None else 1) as pool:  # one start-up for every value
        for number, fight in fights:
            at = f"{vary}={number}"  # each value's bar says which it is
            outcomes, stopped = _play(
                fight, numbers, seed, kind, None, jobs, quiet, cluster, at, pool
            )
            if outcomes:
                steps.append(step_odds(number, outcomes, [h.name for h in fight.heroes]))
            if stopped:
                break
    if as_json:
        echo_json(vary_data(title, vary, steps, numbers, seed, kind.value, stopped))
    else:
        head = vary_head(title, vary, numbers, seed, LABELS[kind])
        chart = plot_file is None
        lines = vary_lines(head, vary, steps, markdown=markdown, chart=chart, stopped=stopped)
        click.echo("\n".join(lines))
    if plot_file is not None and steps:
        from lnf.formats.files import write_image
        from lnf.views.vary_plot import plot_vary  # matplotlib, only when asked for

        played = f"{len(numbers):,} fights a value (seed {seed}), {LABELS[kind]}, the hero policy"
        write_image(plot_file, lambda path: plot_vary(path, title, played, vary, steps))
        if not as_json:
            click.echo(f"\nDrawn: {plot_file}")
    if stopped:
        from lnf.cli import INTERRUPTED_EXIT

        sys.exit(INTERRUPTED_EXIT)  # Ctrl-C, as shells report it, after what was finished
