"""Small commands for what happened at the table, each one event in the fight log:
`lnf damage`, `lnf heal`, `lnf move`, `lnf mark`, `lnf drop`, `lnf flee`. None of them
solves."""

from __future__ import annotations

from pathlib import Path

import click

from lnf.cli import main
from lnf.cli.options import fight_argument, opened
from lnf.dice import DamageType
from lnf.errors import InputError, InputProblem
from lnf.model import BackReason, Condition, Fight, Hero, Monster, Rank
from lnf.play.actions import IllegalChoice, parse_choice
from lnf.play.chasing import pursuers_of_fleeing_hero
from lnf.play.events import Damaged, Dropped, Fled, Healed, Marked, Moved, Recorded, Step
from lnf.play.policy import pursues
from lnf.play.state import apply_step
from lnf.play.transcript import describe
from lnf.rules.hero_turn import can_take_turn
from lnf.rules.roster import in_fight
from lnf.rules.state import check_state

who_argument = click.argument("who", metavar="NAME")


def _record(fight_file: Path, step: Step, who: str) -> None:
    table = opened(fight_file).table
    _known(table.fight, who)
    before = table.fight
    table.add(Recorded([step]))
    for line in describe(Recorded([step]), before):
        click.echo(line)


def _known(fight: Fight, name: str) -> Hero | Monster:
    if name not in fight:
        names = ", ".join(c.name for c in fight.everyone)
        raise InputError("command line", [InputProblem(f"no {name!r} in this fight", hint=names)])
    return fight.combatant(name)


@main.command()
@fight_argument
@who_argument
@click.argument("amount", type=click.IntRange(0, 100_000))
@click.option("--type", "kind", type=click.Choice([t.value for t in DamageType]), help="D6.")
@click.option("--crit", is_flag=True, help="A critical hit (two death save failures at 0).")
def damage(fight_file: Path, who: str, amount: int, kind: str | None, crit: bool) -> None:
    """NAME takes AMOUNT damage (resistances apply, D6–D9)."""
    _record(fight_file, Damaged(who, amount, kind or "", crit), who)


@main.command()
@fight_argument
@who_argument
@click.argument("amount", type=click.IntRange(1, 100_000))
def heal(fight_file: Path, who: str, amount: int) -> None:
    """NAME regains AMOUNT hit points (a downed hero wakes, D9)."""
    _record(fight_file, Healed(who, amount), who)


@main.command()
@fight_argument
@who_argument
@click.option("--join", "where", metavar="GROUP|NAME", help="Join a group, or a foe (M5).")
@click.option("--leave", is_flag=True, help="Leave its group (M6).")
@click.option("--rank", type=click.Choice([r.value for r in Rank]), help="Switch rank (R8).")
@click.option("--why", type=click.Choice([r.value for r in BackReason]), help="R4 reason.")
def move(
    fight_file: Path, who: str, where: str | None, leave: bool, rank: str | None, why: str | None
) -> None:
    """NAME moves: joins a group or a foe, leaves its group, or switches rank."""
    table = opened(fight_file).table
    c = _known(table.fight, who)
    if where is None and not leave and rank is None:
        raise InputError("command line", [InputProblem("say --join, --leave or --rank")])
    if isinstance(c, Hero):  # heroes go through the same checks as in play
        words = [f"join {where}" if where else "", "leave" if leave else ""]
        if rank is not None:
            words.append(f"{rank} {why or ''}".strip())
        try:
            choice = parse_choice(table.fight, c, "; ".join(w for w in words if w))
        except IllegalChoice as exc:
            raise InputError(
                "command line", [InputProblem(exc.describe(), rule=exc.rule)]
            ) from None
        steps: list[Step] = list(choice.moves)
    else:
        steps = [Moved(who, rank=rank, why=why, leave=leave, join=where)]
        after = table.fight
        for step in steps:
            after, _ = apply_step(after, step)
        broken = [v for v in check_state(after) if who in v.who and v.rule != "K2"]
        if broken:
            problem = InputProblem(broken[0].message, rule=broken[0].rule, hint=broken[0].hint)
            raise InputError("command line", [problem])
    before = table.fight
    table.add(Recorded(steps))
    for line in describe(Recorded(steps), before):
        click.echo(line)


@main.command()
@fight_argument
@who_argument
@click.argument("mark", metavar="MARK")
@click.option("--off", is_flag=True, help="Take the mark off.")
def mark(fight_file: Path, who: str, mark: str, off: bool) -> None:
    """Put a dot (C, C-, O, N; T1) or a condition (prone, …) on NAME, or take it off."""
    text = mark.strip()
    dots = ("C", "C-", "O", "N")
    if text.upper() in dots:
        text = text.upper()
    elif text.lower() in {c.value for c in Condition}:
        text = text.lower()
    else:
        conditions = ", ".join(c.value for c in Condition)
        raise InputError(
            "command line",
            [
                InputProblem(
                    f"{mark!r} is neither a dot (C, C-, O, N) nor a condition", hint=conditions
                )
            ],
        )
    table = opened(fight_file).table
    if text in dots and not isinstance(_known(table.fight, who), Hero):
        raise InputError("command line", [InputProblem("dots are for heroes (T1)", rule="T1")])
    _record(fight_file, Marked(who, text, not off), who)


@main.command()
@fight_argument
@who_argument
def drop(fight_file: Path, who: str) -> None:
    """Monster NAME is out of the fight (killed at the table, D8)."""
    table = opened(fight_file, record=False).table
    c = _known(table.fight, who)
    if not isinstance(c, Monster) or not in_fight(c):
        raise InputError("command line", [InputProblem(f"{who} is not a monster still standing")])
    _record(fight_file, Dropped(who), who)


@main.command()
@fight_argument
@who_argument
@click.option(
    "--pursuers",
    metavar="NAMES",
    help="Who gives chase, comma-separated (default: for a hero, the monsters the rules send; "
    "for a monster, every hero not held by another foe).",
)
def flee(fight_file: Path, who: str, pursuers: str | None) -> None:
    """NAME flees and a chase starts (C1): a pool of escape points per pursuer."""
    table = opened(fight_file).table
    fight = table.fight
    c = _known(fight, who)
    if not in_fight(c) or c.current_hp == 0:
        raise InputError("command line", [InputProblem(f"{who} is not standing")])
    if pursuers is not None:
        chasers = [n.strip() for n in pursuers.split(",") if n.strip()]
        for name in chasers:
            other = _known(fight, name)
            if other.side is c.side or not in_fight(other):
                problem = InputProblem(f"{name} cannot give chase to {who}", rule="C1")
                raise InputError("command line", [problem])
    elif isinstance(c, Hero):
        chasers = pursuers_of_fleeing_hero(fight, c)
    else:
        chasers = [h.name for h in fight.heroes if can_take_turn(h) and pursues(fight, h, c)]
    step = Fled(who, chasers)
    table.add(Recorded([step]))
    for line in describe(Recorded([step]), fight):
        click.echo(line)
