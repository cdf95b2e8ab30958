"""`lnf plan`: the monsters' plan for this round, found by the solver (imported lazily)."""

from __future__ import annotations

import re
from pathlib import Path

import click

from lnf.cli.options import current_fight, echo_json, fight_argument, json_option, terminal_style
from lnf.errors import InputError, InputProblem
from lnf.model import Fight, Hero, Monster
from lnf.model.plan import Wish

WISH = re.compile(r"^\s*(?P<monster>.+?)\s*->\s*(?P<hero>.+?)\s*$")


def parse_wishes(fight: Fight, texts: tuple[str, ...], fixed: bool, option: str) -> list[Wish]:
    """`--fix "Wight->Felix"` and `--forbid "Skeleton 2->Doris"` as solver wishes."""
    wishes: list[Wish] = []
    problems = []
    for text in texts:
        match = WISH.match(text)
        if match is None:
            problems.append(InputProblem(f"{text!r} is not MONSTER->HERO", option))
            continue
        monster, hero = match["monster"], match["hero"]
        if not isinstance(fight.combatant(monster) if monster in fight else None, Monster):
            problems.append(InputProblem(f"{monster!r} is not a monster of this fight", option))
        elif not isinstance(fight.combatant(hero) if hero in fight else None, Hero):
            problems.append(InputProblem(f"{hero!r} is not a hero of this fight", option))
        else:
            wishes.append(Wish(monster, hero, fixed))
    if problems:
        raise InputError("command line", problems)
    return wishes


@click.command()
@fight_argument
@json_option
@click.option("--fix", "fixes", multiple=True, metavar="MONSTER->HERO", help="Pin a pairing.")
@click.option(
    "--forbid", "forbids", multiple=True, metavar="MONSTER->HERO", help="Rule a pairing out."
)
@click.option(
    "--workers",
    default=1,
    show_default=True,
    type=click.IntRange(min=1),
    help="CP-SAT worker threads.",
)
def plan(
    fight_file: Path, as_json: bool, fixes: tuple[str, ...], forbids: tuple[str, ...], workers: int
) -> None:
    """Work out what every monster does this round (P1–P5), with reasons."""
    from lnf.io.plan_text import in_strike_order, order_facts, plan_data, render_plan
    from lnf.solver import solve_plan

    fight = current_fight(fight_file)
    wishes = parse_wishes(fight, fixes, True, "--fix") + parse_wishes(
        fight, forbids, False, "--forbid"
    )
    solved = solve_plan(fight, tuple(wishes), workers=workers)
    facts = [order_facts(fight, o) for o in in_strike_order(fight, solved.plan)]
    if as_json:
        stats = {
            "variables": solved.stats.variables,
            "constraints": solved.stats.constraints,
            "solves": solved.stats.solves,
        }
        echo_json(plan_data(fight, facts, solved.unattacked, stats))
    else:
        click.echo(render_plan(fight, facts, solved.unattacked, terminal_style()))
