"""`lnf plan`: the monsters' plan for this round, found by the solver (imported lazily)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from lnf.cli.options import current_state, fight_argument, json_option, terminal_style
from lnf.errors import InputError, InputProblem
from lnf.model import Fight
from lnf.model.plan import Wish
from lnf.rules.names import match_name, suggestion

if TYPE_CHECKING:
    from lnf.engine.round_start import Dice


def parse_wishes(fight: Fight, texts: tuple[str, ...], fixed: bool, option: str) -> list[Wish]:
    """`--fix "Wight->Felix"` and `--forbid "Skeleton 2->Doris"` as solver wishes; with an
    action after a colon (B9: `--fix "Young Green Dragon->Bram:Poison Breath"`), that special
    action or spell of the monster's stat block."""
    wishes: list[Wish] = []
    problems = []
    for text in texts:
        try:
            monster_text, hero_text, action = Wish.split(text)
        except ValueError as exc:
            problems.append(InputProblem(str(exc), option))
            continue
        monster = match_name(monster_text, [m.name for m in fight.monsters])
        hero = match_name(hero_text, [h.name for h in fight.heroes])
        if monster is None:
            near = suggestion(monster_text, [m.name for m in fight.monsters])
            said = f"{monster_text!r} is not a monster of this fight"
            problems.append(InputProblem(said + (f"; {near}" if near else ""), option))
        elif hero is None:
            near = suggestion(hero_text, [h.name for h in fight.heroes])
            said = f"{hero_text!r} is not a hero of this fight"
            problems.append(InputProblem(said + (f"; {near}" if near else ""), option))
        elif not action:
            wishes.append(Wish(monster, hero, fixed))
        else:
            named = _action_named(fight, monster, hero, action, option)
            if isinstance(named, InputProblem):
                problems.append(named)
            else:
                wishes.append(Wish(monster, hero, fixed, named))
    if problems:
        raise InputError("command line", problems)
    return wishes


def _action_named(
    fight: Fight, monster: str, hero: str, text: str, option: str
) -> str | InputProblem:
    """B9: the special action or spell of `monster` that `text` names (as names are matched),
    or what is wrong: a weapon attack (pinned without `:ACTION`), the nearest action's name or
    the actions it has."""
    from lnf.formats.written_orders import NoAction, find_action

    try:
        return find_action(fight.monster(monster), text)
    except NoAction as exc:
        said = str(exc)
        if exc.weapon and option == "--fix":
            said += f'; weapon attacks are pinned without :ACTION (--fix "{monster}->{hero}")'
        elif exc.weapon:
            said += f'; --forbid "{monster}->{hero}", without :ACTION, rules out every attack'
        elif not fight.monster(monster).actions:
            said += "; name a hero only"
        return InputProblem(said, option, rule="B9")


def own_conflicts(wishes: list[Wish]) -> list[InputProblem]:
    """B9: a --fix and a --forbid that rule each other out (the same monster and hero, and the
    forbid names no action or the one the fix names): the DM's own wishes conflict, whatever
    the rules say."""
    problems = []
    for fix in (w for w in wishes if w.fixed):
        for ban in (w for w in wishes if not w.fixed):
            if (ban.monster, ban.hero) == (fix.monster, fix.hero) and ban.action in (
                "",
                fix.action,
            ):
                said = (
                    f'--fix "{fix}" and --forbid "{ban}" ask for opposite things: your own '
                    "wishes conflict, not the rules; drop one of them"
                )
                problems.append(InputProblem(said, "--fix/--forbid", rule="B9"))
    return problems


@click.command()
@fight_argument
@json_option
@click.option(
    "--fix",
    "fixes",
    multiple=True,
    metavar="MONSTER->HERO[:ACTION]",
    help="Pin a pairing (with an action: that special action or spell catches the hero).",
)
@click.option(
    "--forbid",
    "forbids",
    multiple=True,
    metavar="MONSTER->HERO[:ACTION]",
    help="Rule a pairing out (with an action: only that action on the hero).",
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
    """Work out what every monster does next (P1–P5, V4), with reasons.

    Between rounds it previews the next round, after what the rules do as it starts (V2, R4,
    R5): exactly the plan lnf next and lnf round then play. In a round under way it is the
    plan for those still to act, as the grid stands now (P6).
    """
    now, dice = current_state(fight_file)
    click.echo(next_plan(now, fight_file, fixes, forbids, workers, as_json, dice))


def next_plan(
    now: Fight,
    fight_file: Path,
    fixes: tuple[str, ...] = (),
    forbids: tuple[str, ...] = (),
    workers: int = 1,
    as_json: bool = False,
    dice: Dice | None = None,
) -> str:
    """The monsters' next plan as `lnf plan` tells it (also `plan` inside `lnf play`)."""
    import json

    from lnf.engine.round_start import next_grid
    from lnf.rules.state_check import plan_notes
    from lnf.rules.strike_order import up_next
    from lnf.views.plan import (
        Unattacked,
        in_strike_order,
        order_facts,
        plan_data,
        plan_title,
        render_plan,
    )

    grid = next_grid(now, dice)  # B2: the recharge dice the round will roll
    wishes = parse_wishes(grid, fixes, True, "--fix") + parse_wishes(
        grid, forbids, False, "--forbid"
    )
    if conflicts := own_conflicts(wishes):
        raise InputError("command line", conflicts)
    stats = None
    unattacked: Unattacked
    from lnf.rules.distance import volley_planned

    if volley_planned(grid):
        if wishes:
            problem = InputProblem(
                "in a volley round every monster that reaches shoots the first hero in the "
                "target order: there is nothing to fix or forbid",
                "--fix/--forbid",
                rule="V4",
            )
            raise InputError("command line", [problem])
        from lnf.rules.distance import volley_plan, volley_unshot
        from lnf.rules.idle_casts import with_idle_casts

        plan, unattacked = with_idle_casts(grid, volley_plan(grid)), volley_unshot(grid)
    else:
        from lnf.solver import solve_plan

        solved = solve_plan(grid, tuple(wishes), workers=workers)
        plan, unattacked = solved.plan, solved.unattacked
        stats = {
            "variables": solved.stats.variables,
            "constraints": solved.stats.constraints,
            "solves": solved.stats.solves,
        }
    under_way = up_next(now) is not None
    facts = [order_facts(grid, o) for o in in_strike_order(grid, plan)]
    if as_json:
        return json.dumps(
            plan_data(grid, facts, unattacked, stats, under_way), indent=2, ensure_ascii=False
        )
    if under_way and not plan.orders:
        return (
            f"Every monster has had its turn in round {grid.round}: lnf plan {fight_file} "
            "previews the next round once this one is over."
        )
    title = plan_title(grid, under_way)
    notes = plan_notes(grid)
    return render_plan(grid, facts, unattacked, terminal_style(), title, notes, under_way)
