"""Small commands for what happened at the table, each one event in the fight log:
`lnf damage`, `lnf heal`, `lnf move`, `lnf mark`, `lnf drop`, `lnf flee`. None of them
solves. Each asks the same rules as play does (`lnf.rules.choices`, `lnf.rules.chase`) and
refuses with the rule's id."""

from __future__ import annotations

from pathlib import Path

import click

from lnf.cli.options import fight_argument, opened
from lnf.dice import DamageType
from lnf.errors import InputError, InputProblem, Refused
from lnf.model import BackReason, Condition, Dot, Fight, Hero, Monster, Rank
from lnf.model.events import (
    Begun,
    Covered,
    Damaged,
    Dropped,
    Fled,
    Healed,
    Marked,
    Moved,
    Recorded,
    Step,
)
from lnf.rules.acl import cover_from, size_of, verify_acl
from lnf.rules.chase import free_pursuers
from lnf.rules.choices import (
    verify_damage,
    verify_flee,
    verify_group_changes,
    verify_heal,
    verify_join,
    verify_leave,
    verify_rank,
)
from lnf.rules.group_changes import moved
from lnf.rules.names import find_name
from lnf.rules.roster import in_fight
from lnf.session import Session
from lnf.views.transcript import describe

who_argument = click.argument("who", metavar="NAME")


def _record(session: Session, *steps: Step) -> None:
    for line in describe(session.table.add(Recorded(steps))):
        click.echo(line)


def _known(fight: Fight, name: str) -> Hero | Monster:
    """The combatant NAME means, as typed at the table (any case, did-you-mean on a typo)."""
    try:
        return fight.combatant(find_name(name, [c.name for c in fight.everyone]))
    except Refused as exc:
        raise _refused(exc) from None


def _refused(exc: Refused) -> InputError:
    named = exc.message.endswith("?")  # a did-you-mean names the likely ones already
    hint = "there are: " + ", ".join(exc.options) if exc.options and not named else ""
    return InputError("command line", [InputProblem(exc.message, rule=exc.rule, hint=hint)])


@click.command()
@fight_argument
@who_argument
@click.argument("amount", metavar="AMOUNT|DICE")
@click.option("--type", "kind", type=click.Choice([t.value for t in DamageType]), help="D6.")
@click.option("--crit", is_flag=True, help="A critical hit (two death save failures at 0).")
def damage(fight_file: Path, who: str, amount: str, kind: str | None, crit: bool) -> None:
    """NAME takes AMOUNT damage, or lnf rolls DICE such as 2d6+3 (resistances apply, D6–D9)."""
    session = opened(fight_file)
    who = _known(session.fight, who).name
    try:
        verify_damage(session.fight, who)
    except Refused as exc:
        raise _refused(exc) from None
    total, text = _amount(session, amount, "damage", 0, crit)
    _record(session, Damaged(who, total, DamageType(kind) if kind else None, crit, text))


@click.command()
@fight_argument
@who_argument
@click.argument("amount", metavar="AMOUNT|DICE")
@click.option("--revive", is_flag=True, help="A dead hero is brought back (a spell, the DM).")
def heal(fight_file: Path, who: str, amount: str, revive: bool) -> None:
    """NAME regains AMOUNT hit points, or lnf rolls DICE such as 2d4+2 (a downed hero wakes,
    D9)."""
    session = opened(fight_file)
    who = _known(session.fight, who).name
    try:
        verify_heal(session.fight, who, revive)
    except Refused as exc:
        raise _refused(exc) from None
    total, text = _amount(session, amount, "healing", 1)
    _record(session, Healed(who, total, text, revive=revive))


@click.command()
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
    session = opened(fight_file)
    c = _known(session.fight, who)
    who = c.name
    if where is None and not leave and rank is None:
        raise InputError("command line", [InputProblem("say --join, --leave or --rank")])
    state = session.fight
    steps: list[Moved] = []
    try:
        if where is not None:
            steps.append(verify_join(state, state.combatant(who), where))
            state = moved(state, steps[-1])
        if leave:
            steps.append(verify_leave(state, state.combatant(who)))
            state = moved(state, steps[-1])
        if rank is not None:
            reason = BackReason(why or "guarded") if isinstance(c, Hero) else _why(why)
            steps.append(verify_rank(state, state.combatant(who), Rank(rank), reason))
        verify_group_changes(c, steps)
    except Refused as exc:
        raise _refused(exc) from None
    _record(session, *steps)


MAX_AMOUNT = 100_000


def _amount(
    session: Session, text: str, what: str, least: int, crit: bool = False
) -> tuple[int, str]:
    """A number as given, or dice rolled by the log's dice for this entry (D1, D5, D6): the
    total and, for dice, the roll as the log shows it."""
    from lnf.dice import parse
    from lnf.dice.roll import roll
    from lnf.errors import DiceError

    word = text.strip().lstrip("+")
    if word.isdigit():
        if not least <= int(word) <= MAX_AMOUNT:
            raise InputError(
                "command line",
                [InputProblem(f"{what} of {word}: give {least} to {MAX_AMOUNT:,}", "AMOUNT")],
            )
        return int(word), ""
    try:
        expr = parse(text)
    except DiceError as exc:
        problem = InputProblem(
            f"{text!r} is neither a number nor dice: {exc.message}", "AMOUNT", rule="D1"
        )
        raise InputError("command line", [problem]) from None
    table = session.table
    if table.seed is None:  # the first roll of a fight: its log gets a seed first, as play does
        import random

        table.add(Begun(random.SystemRandom().randrange(1, 10**9)))
    rolled = roll(expr, table.dice(f"entry {table.written + 1}: the DM's {what}"), critical=crit)
    return max(least, rolled.total), str(rolled)


def _why(why: str | None) -> BackReason | None:
    return BackReason(why) if why else None


@click.command()
@fight_argument
@who_argument
@click.argument("mark", metavar="MARK", nargs=-1, required=True)
@click.option("--off", is_flag=True, help="Take the mark off.")
def mark(fight_file: Path, who: str, mark: tuple[str, ...], off: bool) -> None:
    """Put a dot (C, C-, O, N; T1), a condition (prone, …) or, under the AC-less variant,
    cover (`cover +4`, `cover total`, `cover small ranged`; V-ACL2) on NAME, or take it off."""
    text = " ".join(mark).strip()
    if text.lower().split()[0] == "cover":
        _cover(fight_file, who, text.partition(" ")[2], off)
        return
    what: Dot | Condition
    if text.upper() in {d.value for d in Dot}:
        what = Dot(text.upper())
    elif text.lower() in {c.value for c in Condition}:
        what = Condition(text.lower())
    else:
        conditions = ", ".join(c.value for c in Condition)
        problem = InputProblem(
            f"{text!r} is neither a dot (C, C-, O, N) nor a condition", hint=conditions
        )
        raise InputError("command line", [problem])
    session = opened(fight_file)
    c = _known(session.fight, who)
    if isinstance(what, Dot) and not isinstance(c, Hero):
        raise InputError("command line", [InputProblem("dots are for heroes (T1)", rule="T1")])
    _record(session, Marked(c.name, what, not off))


def _cover(fight_file: Path, who: str, text: str, off: bool) -> None:
    """V-ACL2: cover is a mark on a combatant, set and cleared like a condition."""
    session = opened(fight_file)
    c = _known(session.fight, who)
    try:
        verify_acl(session.fight, "cover")
        cover = None if off else cover_from(text, size_of(c))
    except Refused as exc:
        raise _refused(exc) from None
    _record(session, Covered(c.name, cover))


@click.command()
@fight_argument
@who_argument
def drop(fight_file: Path, who: str) -> None:
    """Monster NAME is out of the fight (killed at the table, D8)."""
    session = opened(fight_file)
    c = _known(session.fight, who)
    if not isinstance(c, Monster) or not in_fight(c):
        problem = InputProblem(f"{c.name} is not a monster still standing", rule="D8")
        raise InputError("command line", [problem])
    _record(session, Dropped(c.name))


@click.command()
@fight_argument
@who_argument
@click.option(
    "--pursuers",
    metavar="NAMES",
    help="Who gives chase, comma-separated (default: everyone free to, C1: not held in a "
    "mêlée group by another foe, not in a chase already).",
)
def flee(fight_file: Path, who: str, pursuers: str | None) -> None:
    """NAME flees and a chase starts (C1): a pool of escape points per pursuer."""
    session = opened(fight_file)
    fight = session.fight
    c = _known(fight, who)
    who = c.name
    try:
        verify_flee(fight, c)
    except Refused as exc:
        raise _refused(exc) from None
    if pursuers is not None:
        chasers = [_known(fight, n.strip()).name for n in pursuers.split(",") if n.strip()]
        for name in chasers:
            other = fight.combatant(name)
            if other.side is c.side or not in_fight(other):
                problem = InputProblem(f"{name} cannot give chase to {who}", rule="C1")
                raise InputError("command line", [problem])
    else:
        chasers = free_pursuers(fight, c)
    _record(session, Fled(who, tuple(chasers)))
