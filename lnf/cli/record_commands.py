"""Small commands for what happened at the table, each one event in the fight log:
`lnf damage`, `lnf heal`, `lnf move`, `lnf mark`, `lnf drop`, `lnf flee`. None of them
solves. Each asks the same rules as play does (`lnf.rules.legal`, `lnf.rules.chase`) and
refuses with the rule's id."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click

from lnf.cli.options import fight_argument, opened
from lnf.dice import DamageType
from lnf.dice.roll import DiceSource
from lnf.engine.effects import Rolled, recorded, unmark
from lnf.engine.marks import mark_effect, take_off
from lnf.errors import InputError, InputProblem, Refused
from lnf.model import BackReason, Condition, Dot, Fight, Hero, Monster, Rank
from lnf.model.events import Begun, Recorded
from lnf.model.steps import Covered, Damaged, Dropped, Fled, Healed, Marked, Moved, Step
from lnf.rules.acl import cover_from, size_of, verify_acl
from lnf.rules.chase import free_pursuers
from lnf.rules.effects import read_lasting
from lnf.rules.escapes import escape_by, gone_at_once, verify_escape
from lnf.rules.group_changes import moved
from lnf.rules.legal import (
    verify_damage,
    verify_flee,
    verify_group_changes,
    verify_heal,
    verify_join,
    verify_leave,
    verify_rank,
)
from lnf.rules.names import find_name, leading_name, suggestion
from lnf.rules.roster import in_fight
from lnf.rules.wording import or_list
from lnf.session import Session
from lnf.views.transcript import describe

# A name of several words needs no quotes (`lnf damage FIGHT Gnoll 2 5`): what follows it is
# a fixed argument (the amount) or an option, or, for `mark`, told apart by `leading_name`.
who_argument = click.argument("who", metavar="NAME", nargs=-1, required=True)


def _record(session: Session, *steps: Step) -> None:
    for line in describe(session.table.add(Recorded(steps))):
        click.echo(line)


def _known(fight: Fight, name: str | tuple[str, ...]) -> Hero | Monster:
    """The combatant NAME means, as typed at the table (its words with or without quotes,
    any case, did-you-mean on a typo)."""
    said = name if isinstance(name, str) else " ".join(name)
    try:
        return fight.combatant(find_name(said, [c.name for c in fight.everyone]))
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
def damage(
    fight_file: Path, who: tuple[str, ...], amount: str, kind: str | None, crit: bool
) -> None:
    """NAME takes AMOUNT damage, or lnf rolls DICE such as 2d6+3 (resistances apply, D6–D9);
    a damage type may follow it (`Gnoll 2 5 fire`) instead of --type."""
    who, amount, kind = _typed(who, amount, kind)
    session = opened(fight_file)
    name = _known(session.fight, who).name
    try:
        verify_damage(session.fight, name)
    except Refused as exc:
        raise _refused(exc) from None
    kind = kind or _dice_type(amount)  # D6: "2d6 acid" meets the acid immunity
    total, text = _amount(session, amount, "damage", 0, crit)
    step = Damaged(name, total, DamageType(kind) if kind else None, crit, text)
    _follow(session, lambda steps: _do(steps, step))  # F5: a concentration save


def _typed(
    who: tuple[str, ...], amount: str, kind: str | None
) -> tuple[tuple[str, ...], str, str | None]:
    """D6: a damage type said last (`lnf damage FIGHT Gnoll 2 5 fire`) is the type, as --type
    says it: NAME's words and the amount come before it. A last word that is neither, after
    what could be an amount, is said to be neither (not "Gnoll 2 5 is nobody")."""
    word = amount.strip().lower()
    if len(who) < 2 or _is_amount(amount):
        return who, amount, kind
    types = [t.value for t in DamageType]
    if word not in types:
        if not _is_amount(who[-1]):
            return who, amount, kind  # no amount before it: `_amount` says what it is not
        problem = InputProblem(
            f"{amount!r} is neither an amount (a number or dice) nor a damage type: "
            + or_list(types),
            "AMOUNT or TYPE",
            rule="D6",
        )
        raise InputError("command line", [problem])
    if kind is not None and kind != word:
        problem = InputProblem(f"{word} damage or --type {kind}? say its type once", rule="D6")
        raise InputError("command line", [problem])
    return who[:-1], who[-1], word


def _is_amount(text: str) -> bool:
    """A number or dice (`5`, `2d6+3`), as `_amount` reads them."""
    from lnf.dice import parse
    from lnf.errors import DiceError

    word = text.strip().lstrip("+")
    if word.isdigit():
        return True
    try:
        parse(text)
    except DiceError:
        return False
    return True


@click.command()
@fight_argument
@who_argument
@click.argument("amount", metavar="AMOUNT|DICE")
@click.option("--revive", is_flag=True, help="A dead hero is brought back (a spell, the DM).")
def heal(fight_file: Path, who: tuple[str, ...], amount: str, revive: bool) -> None:
    """NAME regains AMOUNT hit points, or lnf rolls DICE such as 2d4+2 (a downed hero wakes,
    D9)."""
    session = opened(fight_file)
    c = _known(session.fight, who)
    try:
        verify_heal(session.fight, c.name, revive)
    except Refused as exc:
        raise _refused(exc) from None
    missing = c.hp - c.current_hp  # a hero's hit points, a monster's damage taken (G6)
    if missing <= 0 and not revive:
        problem = InputProblem(f"{c.name} is at full hit points ({c.hp}): nothing to heal")
        raise InputError("command line", [problem])
    total, text = _amount(session, amount, "healing", 1)
    if total > missing and not revive:  # the log says what was regained, not what was offered
        text = f"{text or total}; the rest is over the maximum"
        total = missing
    _record(session, Healed(c.name, total, text, revive=revive))


@click.command()
@fight_argument
@who_argument
@click.option("--join", "where", metavar="GROUP|NAME", help="Join a group, or a foe (M5).")
@click.option("--leave", is_flag=True, help="Leave its group (M6).")
@click.option("--rank", type=click.Choice([r.value for r in Rank]), help="Switch rank (R8).")
@click.option("--why", type=click.Choice([r.value for r in BackReason]), help="R4 reason.")
def move(
    fight_file: Path,
    who: tuple[str, ...],
    where: str | None,
    leave: bool,
    rank: str | None,
    why: str | None,
) -> None:
    """NAME moves: joins a group or a foe, leaves its group, or switches rank."""
    session = opened(fight_file)
    c = _known(session.fight, who)
    name = c.name
    if where is None and not leave and rank is None:
        raise InputError("command line", [InputProblem("say --join, --leave or --rank")])
    state = session.fight
    steps: list[Moved] = []
    try:
        if where is not None:
            steps.append(verify_join(state, state.combatant(name), where))
            state = moved(state, steps[-1])
        if leave:
            steps.append(verify_leave(state, state.combatant(name)))
            state = moved(state, steps[-1])
        if rank is not None:
            reason = BackReason(why or "guarded") if isinstance(c, Hero) else _why(why)
            steps.append(verify_rank(state, state.combatant(name), Rank(rank), reason))
        verify_group_changes(c, steps)
    except Refused as exc:
        raise _refused(exc) from None
    _record(session, *steps)


MAX_AMOUNT = 100_000


def _dice_type(text: str) -> str | None:
    """D6: the one damage type the dice name ("2d6+3 fire"), for resistances; dice of two
    types are refused (one record a type, so each meets its own defences)."""
    from lnf.dice import parse
    from lnf.errors import DiceError

    try:
        kinds = {p.damage_type for p in parse(text).parts if p.damage_type is not None}
    except DiceError:
        return None  # a number, or bad dice: `_amount` says what is wrong
    if len(kinds) > 1:
        said = " and ".join(sorted(k.value for k in kinds))
        problem = InputProblem(
            f"{text!r} deals {said}: record each type apart (lnf damage … once a type), "
            "so each meets its own resistances",
            "AMOUNT",
            rule="D6",
        )
        raise InputError("command line", [problem])
    return next(iter(kinds)).value if kinds else None


def _amount(
    session: Session, text: str, what: str, least: int, crit: bool = False
) -> tuple[int, str]:
    """A number as given, or dice rolled by the log's dice for this entry (D1, D5, D6): the
    total and, for dice, the roll as the log shows it."""
    from lnf.dice import parse
    from lnf.dice.roll import roll
    from lnf.errors import DiceError

    word = text.strip().lstrip("+")
    if word.startswith("-"):  # D6: damage is never below 0; healing is its own command
        other = "lnf heal" if what == "damage" else "lnf damage"
        problem = InputProblem(
            f"{what} of {word}: an amount is never below 0 ({other} records the other way)",
            "AMOUNT",
            rule="D6",
        )
        raise InputError("command line", [problem])
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
@click.argument("who", metavar="NAME")
@click.argument("mark", metavar="MARK", nargs=-1, required=True)
@click.option("--off", is_flag=True, help="Take the mark off.")
@click.option("--rounds", type=int, metavar="N", help="It lasts N rounds (1 minute = 10; F4).")
@click.option(
    "--until", metavar="EDGE", help='It lasts until "end of NAME\'s turn" (or start; F4).'
)
@click.option("--save", metavar="ABILITY DC", help='A save ("con 12") ends it (F4).')
@click.option(
    "--each",
    type=click.Choice(["end", "start"]),
    help="The save is repeated at the end (or start) of each of its turns.",
)
@click.option("--while", "while_", metavar="NAME", help="It lasts while NAME concentrates (F5).")
@click.option("--by", metavar="NAME", help="Who caused it.")
def mark(
    fight_file: Path,
    who: str,
    mark: tuple[str, ...],
    off: bool,
    rounds: int | None,
    until: str | None,
    save: str | None,
    each: str | None,
    while_: str | None,
    by: str | None,
) -> None:
    """Put a dot (C, C-, O, N; T1), a condition (prone, …) or, under the AC-less variant,
    cover (`cover +4`, `cover total`, `cover small ranged`; V-ACL2) on NAME, or take it off.
    A condition may last: `poisoned 1 minute`, `--rounds 3`, `--until "end of Wren's turn"`,
    `--save "con 12" --each end`, `--while Cade` (F4); `concentration Bless` starts NAME's
    concentration (F5: a C dot; an earlier concentration ends)."""
    session = opened(fight_file)
    fight = session.fight
    said = (who, *mark)  # `Gnoll 2 prone` unquoted: the name is what spells one
    in_name = leading_name(said, [x.name for x in fight.everyone])
    c = _known(fight, said[:in_name])
    text = " ".join(said[in_name:]).strip()
    first, _, rest = text.partition(" ")
    if first.lower() == "cover":
        _cover(session, c, rest, off)
        return
    timed = any(x is not None for x in (rounds, until, save, each, while_))
    what: Dot | Condition | None = None
    if text.upper() in {d.value for d in Dot}:
        what = Dot(text.upper())
    elif first.lower() in {c.value for c in Condition}:
        what = Condition(first.lower())
    elif first.lower() in ("concentration", "concentrating"):
        what = None
    elif off and not timed:  # F4: a named effect taken off (a fire doused, a wound stanched)
        try:
            _follow(session, lambda steps: take_off(steps, c.name, text))
        except Refused as exc:
            raise _refused(exc) from None
        return
    elif not timed:  # F3, F4: a misspelt condition ("poisned") is asked about, as names are
        conditions = [c.value for c in Condition]
        near = suggestion(first, [*(d.value for d in Dot), *conditions, "concentration", "cover"])
        problem = InputProblem(
            f"{text!r} is neither a dot (C, C-, O, N) nor a condition"
            + (f" ({near})" if near else "")
            + "; a named effect takes a duration (--rounds, --until, --save, --while)",
            hint=", ".join(conditions),
        )
        raise InputError("command line", [problem])
    if isinstance(what, Dot) and not isinstance(c, Hero):
        problem = InputProblem(f"{c.name} is a monster: dots are for heroes", rule="T1")
        raise InputError("command line", [problem])
    plain = isinstance(what, Dot) or (isinstance(what, Condition) and not timed and not rest)
    if what is not None and plain and _has_mark(c, what) != off:
        shown = f"{what} dot" if isinstance(what, Dot) else str(what)
        state = "has no" if off else "has"
        if not isinstance(what, Dot):
            state = "is not" if off else "is already"
        problem = InputProblem(f"{c.name} {state} {shown}: nothing to record")
        raise InputError("command line", [problem])  # a record that says so would lie
    if isinstance(what, Dot):
        _record(session, Marked(c.name, what, not off))
        return
    concentration = first.lower() in ("concentration", "concentrating")
    words = rest if isinstance(what, Condition) else ""  # a concentration's rest is its spell
    if isinstance(what, Condition) and off:
        condition = what
        _follow(session, lambda steps: unmark(steps, c.name, condition))
        return
    if isinstance(what, Condition) and not (timed or words.strip()):
        _record(session, Marked(c.name, what, True))  # lasts until it is taken off
        return
    names = [x.name for x in fight.everyone]
    try:
        lasting = read_lasting(
            words, names, rounds=rounds, until=until, save=save, each=each, while_=while_
        )
        cause = find_name(by, names) if by else ""
    except Refused as exc:
        raise _refused(exc) from None
    named = str(what) if isinstance(what, Condition) else (rest if concentration else text)
    imposes = what if isinstance(what, Condition) else None
    _follow(
        session,
        lambda steps: mark_effect(
            steps,
            c.name,
            (named or "a spell") if concentration else named,
            lasting,
            imposes,
            by=cause,
            concentration=concentration,
        ),
    )


def _do(steps: Rolled, step: Step) -> None:
    steps.do(step)


def _follow(session: Session, build: Callable[[Rolled], None]) -> None:
    """A record with what the rules make follow from it (F5's concentration save after
    damage), rolled with the log's dice for this entry. A fight's first roll gives its log a
    seed first, as play does; a record that rolls nothing needs none."""
    table = session.table
    try:
        try:
            applied = recorded(session.fight, _dice_for(session), build)
        except _NoSeed:
            import random

            table.add(Begun(random.SystemRandom().randrange(1, 10**9)))
            applied = recorded(session.fight, _dice_for(session), build)
    except Refused as exc:
        raise _refused(exc) from None
    for line in describe(table.add_applied(applied)):
        click.echo(line)


class _NoSeed(Exception):
    """A record rolled a die before its log had a seed."""


class _Unseeded:
    def about(self, what: str) -> None:
        pass

    def face(self, sides: int) -> int:
        raise _NoSeed


def _dice_for(session: Session) -> DiceSource:
    table = session.table
    if table.seed is None:
        return _Unseeded()
    return table.dice(f"entry {table.written + 1}: what follows")


def _has_mark(c: Hero | Monster, what: Dot | Condition) -> bool:
    """Whether NAME carries the dot (T1) or the condition now."""
    if isinstance(what, Condition):
        return what in c.conditions
    assert isinstance(c, Hero)
    if what is Dot.O:
        return c.o_dot
    if what is Dot.N:
        return c.n_dot
    return c.c_dot is what.c_dot


def _cover(session: Session, c: Hero | Monster, text: str, off: bool) -> None:
    """V-ACL2: cover is a mark on a combatant, set and cleared like a condition."""
    try:
        verify_acl(session.fight, "cover")
        cover = None if off else cover_from(text, size_of(c))
    except Refused as exc:
        raise _refused(exc) from None
    _record(session, Covered(c.name, cover))


@click.command()
@fight_argument
@who_argument
def drop(fight_file: Path, who: tuple[str, ...]) -> None:
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
@click.option(
    "--on-foot",
    is_flag=True,
    help="A monster with a way of leaving by magic (Teleport, Etherealness) flees without it.",
)
def flee(fight_file: Path, who: tuple[str, ...], pursuers: str | None, on_foot: bool) -> None:
    """NAME flees and a chase starts (C1): a pool of escape points per pursuer. A monster with
    a way of leaving by magic left uses it (no opportunity attacks; beyond pursuit, no chase)."""
    session = opened(fight_file)
    fight = session.fight
    c = _known(fight, who)
    fleeing = c.name
    by = "" if on_foot else escape_by(c)
    try:
        verify_flee(fight, c)
        if pursuers is not None and gone_at_once(c, by):
            verify_escape(fight, fleeing, by, tuple(n for n in pursuers.split(",") if n.strip()))
    except Refused as exc:
        raise _refused(exc) from None
    if pursuers is not None:
        chasers = [_known(fight, n.strip()).name for n in pursuers.split(",") if n.strip()]
        for name in chasers:
            other = fight.combatant(name)
            if other.side is c.side or not in_fight(other):
                problem = InputProblem(f"{name} cannot give chase to {fleeing}", rule="C1")
                raise InputError("command line", [problem])
    else:
        chasers = [] if gone_at_once(c, by) else free_pursuers(fight, c)
    _record(session, Fled(fleeing, tuple(chasers), by))
