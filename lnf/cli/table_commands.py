"""`lnf next`, `lnf round`, `lnf act`, `lnf react`: the fight at the table, turn by turn.

lnf plays the monsters' turns in strike order (S1–S4), re-planning when the grid changed (P6),
and stops at every hero's turn: the DM records what the hero did (`lnf act`, or damage, heal,
move, mark) and `lnf next` ends the turn. An opportunity attack open to a hero (M6) waits for
the table's answer (`lnf react`). Nothing a hero would do first is rolled ahead of it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import click

from lnf.cli.options import fight_argument, opened, seed_option
from lnf.cli.running import ManualDice, make_runner, printer
from lnf.dice.roll import DiceSource, ScriptedDice
from lnf.engine.chasing import speeds_waiting
from lnf.engine.hero_turn import this_turn
from lnf.engine.monster_actions import SavesWait
from lnf.engine.runner import Runner
from lnf.engine.sides import TABLE_HEROES, TableHeroes
from lnf.errors import InputError, InputProblem, LnfError, Refused, ScriptedDiceError
from lnf.heroes.words import parse_choice
from lnf.model import Cost, Fight
from lnf.model.applied import Applied
from lnf.model.events import Reaction, TurnStarted
from lnf.model.plan import Plan
from lnf.rules.economy import left_this_turn
from lnf.rules.names import match_name, suggestion
from lnf.rules.strike_order import up_next
from lnf.session import Session
from lnf.values import value
from lnf.views.turn import (
    guard_lines,
    hero_turn_lines,
    next_up_line,
    reaction_lines,
    save_lines,
    speed_lines,
)

if TYPE_CHECKING:
    from lnf.views.page import Asked

manual_dice_option = click.option(
    "--manual-dice", is_flag=True, help="Roll your own dice: lnf says what each roll is for."
)


saves_option = click.option(
    "--saves",
    metavar="HERO=D20,…",
    help="The players' own d20s for their heroes' saves against a monster's action (B3).",
)
roll_saves_option = click.option(
    "--roll-saves", is_flag=True, help="lnf rolls the heroes' saves (B3) it would wait for."
)


def table_runner(
    session: Session,
    seed: int | None = None,
    manual: bool = False,
    heroes: TableHeroes = TABLE_HEROES,
) -> Runner:
    """The runner with the heroes at the table."""
    tell = printer()

    def say(applied: Applied) -> None:
        if not isinstance(applied.event, TurnStarted):  # told by tell_where, with the options
            tell(applied)

    runner = make_runner(session, heroes, seed, say)
    if manual:
        dice = ManualDice()
        runner.dice = lambda: dice
    return runner


def tell_where(runner: Runner, fight_file: Path, again: dict[str, int] | None = None) -> None:
    """Where the fight stands now, and what carries it on; `again`: the players' d20s said
    with `lnf react` for the turn it waited in, which `lnf next` needs again (B3)."""
    fight = runner.fight
    if (winner := runner.winner()) is not None:
        click.echo(f"The fight is over: the {winner} won. lnf log {fight_file} tells it.")
        return
    click.echo("")
    if fight.turns.current is not None:
        hero = fight.hero(fight.turns.current)
        for line in hero_turn_lines(fight, hero, fight_file):
            click.echo(line)
    elif heroes := speeds_waiting(runner.table.in_force):
        for line in speed_lines(fight, heroes, fight_file):
            click.echo(line)
    elif (waiting := runner.unanswered()) is not None:
        engaged = fight.group_of(waiting[0].name) is not None  # else M6's reach clause
        for line in reaction_lines(*waiting, fight_file, engaged):
            click.echo(line)
    elif isinstance(guard := runner.waiting_guard(), SavesWait):  # B3: the players' d20s
        side = runner.heroes  # B3: the d20s of a --saves short of some heroes
        said = side.saves if isinstance(side, TableHeroes) else {}
        for line in save_lines(
            guard.foe, guard.action, guard.heroes, fight_file, said, guard.edges
        ):
            click.echo(line)
    elif guard is not None:
        side = runner.heroes  # B3: a --saves the same turn used, not recorded with it
        said = side.said if isinstance(side, TableHeroes) else {}
        for line in guard_lines(guard.hero, guard.foe, guard.guard, fight_file, said, guard.damage):
            click.echo(line)
    else:
        click.echo(next_up_line(fight, fight_file, again))


def awaited(session: Session) -> SavesWait | Asked | None:
    """B3, B7: the saves the table waits for the players' d20s for now, as `lnf next` says
    them (`tell_where`), for the players' page; M6, F1: or the reaction it waits for, an
    opportunity attack or a guard against a hit. Worked out on a session that records nothing
    (opened with `record=False`); the fight and its log are read before this is asked. The
    page reads the plan logged: where a new one would be needed (the DM changed the grid
    since), it says nothing waits until `lnf next` plans, and it never loads the solver."""
    seed = session.table.seed
    if seed is None or session.fight.turns.current is not None:
        return None  # not begun, or a hero's turn: nothing of a monster's waits
    runner = Runner(session.table, TableHeroes(), _logged_plans_only, lambda _: None)
    from lnf.views.page import Asked  # the page's only: `lnf next` does not load it

    try:
        runner.begin(seed)
        if (leaving := runner.unanswered()) is not None:  # M6: as tell_where asks first
            foe, heroes = leaving
            return Asked(foe.name, tuple(h.name for h in heroes))
        waits = runner.waiting_guard()
    except (LnfError, _Unplanned):  # lnf next would refuse, or plan: the page shows the grid
        return None
    if waits is None or isinstance(waits, SavesWait):
        return waits
    return Asked(waits.foe, (waits.hero,), waits.guard, waits.damage)  # F1, F2


class _Unplanned(Exception):
    """The page asked for a plan the log does not hold (see `awaited`)."""


def _logged_plans_only(_: Fight) -> Plan:
    raise _Unplanned


@click.command(name="next")
@fight_argument
@seed_option
@manual_dice_option
@saves_option
@roll_saves_option
def next_(
    fight_file: Path, seed: int | None, manual_dice: bool, saves: str | None, roll_saves: bool
) -> None:
    """Move FIGHT one turn on in strike order (S1).

    The hero whose turn it was is done; a monster's turn is played (re-planned first if the
    grid changed, P6); a hero's turn begins and lnf waits for what you record of it. A
    monster's breath or spell waits for the players' own d20s for their saves (B3).
    """
    session = opened(fight_file)
    runner = table_runner(session, seed, manual_dice, _told_saves(session, saves, roll_saves))
    idle = _say_if_nothing_was_done(runner, fight_file)
    if runner.winner() is None:
        runner.on_at_table(monster_turns=1)
    _way_back(runner, fight_file, idle)
    tell_where(runner, fight_file)


def _told_saves(session: Session, text: str | None, roll: bool) -> TableHeroes:
    """B3: `--saves "Dee=13,Ann=7"`: each hero's d20 as its player rolled it."""
    faces: dict[str, int] = {}
    problems = []
    heroes = [h.name for h in session.fight.heroes]
    for said in re.split(r"\s*,\s*", text.strip()) if text else []:
        name, _, face = said.rpartition("=")
        hero = match_name(name.strip(), heroes)
        if hero is None or not face.strip().isdigit() or not 1 <= int(face) <= 20:
            near = suggestion(name.strip(), heroes) if hero is None and name.strip() else ""
            what = f"{said!r} is not HERO=D20 (a hero, a face 1–20)" + (f"; {near}" if near else "")
            problems.append(InputProblem(what))
            continue
        faces[hero] = int(face)
    if problems:
        raise InputError("--saves", problems)
    return TableHeroes(faces, roll_saves=roll)


@value
class _Idle:
    """A hero's turn that `lnf next` ends with nothing recorded, and where its start stands
    in the events in force (it is the last of them)."""

    hero: str
    events: int


def _say_if_nothing_was_done(runner: Runner, fight_file: Path) -> _Idle | None:
    """S1: a hero's turn ended with nothing recorded for it (a refused `lnf act` records
    nothing) is said before it ends; `_way_back` says how to return to it."""
    hero = runner.fight.turns.current
    if hero is None or runner.winner() is not None:
        return None
    if Cost.ACTION not in left_this_turn(runner.fight, hero):  # it acted (F1)
        return None
    if this_turn(runner.table.events):
        return None  # something was recorded (a move, damage, a mark): the DM was at work
    click.echo(
        f"{hero} ends the turn without an action: nothing was recorded for it (a refused "
        "lnf act records nothing)."
    )
    return _Idle(hero, len(runner.table.in_force))


def _way_back(runner: Runner, fight_file: Path, idle: _Idle | None) -> None:
    """S1: the undo that returns to the idle hero's turn, still under way: exactly what this
    command recorded after its start (its end, the monsters' turns, the next hero's start),
    so `lnf act` then records what the hero did. `undo --turn` would take back the last turn
    played, which is no longer the hero's."""
    if idle is None:
        return
    count = len(runner.table.in_force) - idle.events
    if count > 0:
        click.echo(
            f"(lnf undo {fight_file} {count} goes back to {idle.hero}'s turn, to record what "
            f"{idle.hero} did.)"
        )


@click.command(name="round")
@fight_argument
@seed_option
@manual_dice_option
@saves_option
@roll_saves_option
def round_(
    fight_file: Path, seed: int | None, manual_dice: bool, saves: str | None, roll_saves: bool
) -> None:
    """Play the monsters' turns of FIGHT up to the next hero's turn, or to the round's end.

    The hero whose turn it was is done; with no round under way, the next one starts. A
    monster's breath or spell waits for the players' own d20s for their saves (B3).
    """
    session = opened(fight_file)
    runner = table_runner(session, seed, manual_dice, _told_saves(session, saves, roll_saves))
    idle = _say_if_nothing_was_done(runner, fight_file)
    if runner.winner() is None:
        runner.on_at_table(monster_turns=None)
    _way_back(runner, fight_file, idle)
    tell_where(runner, fight_file)


@click.command()
@fight_argument
@click.argument("words", nargs=-1, required=True)
@click.option(
    "--dice",
    "faces",
    metavar="FACES",
    help="The player's own dice, in the order rolled: `17,6` (the d20, then the damage).",
)
@manual_dice_option
def act(fight_file: Path, words: tuple[str, ...], faces: str | None, manual_dice: bool) -> None:
    """The hero whose turn it is does WORDS, as a player says it: `attack Orc 1`, `cast Fire
    Bolt at Orc 2`, `join A`, `dodge`… lnf checks it against the rules and rolls it.
    """
    session = opened(fight_file)
    runner = table_runner(session)
    fight = runner.fight
    hero = fight.turns.current
    if hero is None and (waiting := speeds_waiting(runner.table.in_force)):
        said = " ".join(f"{h.name}=N" for h in waiting)
        raise Refused(
            f"the chase round waits for speeds first: lnf speed {fight_file} {said}", "C2"
        )
    if hero is None and isinstance(waits := runner.legendary_waits, SavesWait):  # B7, B3
        whose = f"{waits.heroes[0]}'s save" if len(waits.heroes) == 1 else "their saves"
        faces = ",".join(f"{h}=N" for h in waits.heroes)
        raise Refused(
            f"no hero's turn is under way: {waits.foe}'s {waits.action.name} (a legendary "
            f"action) waits for {whose} first: lnf next {fight_file} --saves {faces} (or "
            "--roll-saves)",
            rule="B3",
        )
    if hero is None:
        who = up_next(fight)
        now = f"{who} is next (lnf next {fight_file} begins that turn)" if who else "no round"
        raise Refused(f"no hero's turn is under way: {now}", rule="S1")
    dice: DiceSource | None = ManualDice() if manual_dice else None
    given = PlayersDice(_faces(faces)) if faces is not None else None
    try:
        runner.act(parse_choice(fight, fight.hero(hero), " ".join(words)), given or dice)
    except ScriptedDiceError as exc:
        assert given is not None
        raise InputError("command line", [given.problem(str(exc))]) from None
    except Refused as exc:  # S1: so the DM does not reach for undo (it would take the start)
        said = (
            f"Nothing was recorded: it is still {hero}'s turn (no undo needed); lnf act "
            f"{fight_file} … records what {hero} does instead."
        )
        raise Refused(exc.message, exc.rule, exc.options, after=said) from None
    if given is not None and given.left:
        unused = ", ".join(map(str, given.left))
        click.echo(f"lnf: note: the last --dice faces were not needed: {unused}", err=True)
    tell_where(runner, fight_file)


class PlayersDice:
    """`lnf act --dice`: the faces the player rolled, in order; when they run out or do not
    fit, the DM is told what each face went to and what the missing die is for."""

    def __init__(self, faces: list[int]) -> None:
        self.left = list(faces)
        self._given = ScriptedDice(faces)
        self._for = "the action"
        self._used: list[str] = []

    def about(self, what: str) -> None:
        self._for = what

    def face(self, sides: int) -> int:
        value = self._given.face(sides)
        self.left.pop(0)
        self._used.append(f"d{sides} {value} ({self._for})")
        return value

    def problem(self, why: str) -> InputProblem:
        used = "; ".join(self._used) or "none"
        return InputProblem(
            f"--dice: {why}, for {self._for}",
            hint=f"faces used so far: {used}. Give every die the action rolls, in order (two "
            "d20s with advantage or disadvantage)",
        )


def _faces(text: str) -> list[int]:
    faces = [f for f in re.split(r"[,\s]+", text.strip()) if f]
    if not faces or not all(f.isdigit() for f in faces):
        problem = InputProblem(f"--dice {text!r}: faces are whole numbers such as 17,6")
        raise InputError("command line", [problem])
    return [int(f) for f in faces]


@click.command()
@fight_argument
@click.argument("hero", metavar="HERO")
@click.option("--pass", "passes", is_flag=True, help="The hero lets the foe go.")
@saves_option
@roll_saves_option
def react(fight_file: Path, hero: str, passes: bool, saves: str | None, roll_saves: bool) -> None:
    """HERO takes (or, with --pass, lets go) the reaction lnf waits for: the opportunity
    attack open to it (M6: the next monster's plan takes it out of HERO's group), or a Shield
    that would turn a monster's hit (F1), after the saves said with --saves (B3)."""
    session = opened(fight_file)
    runner = table_runner(session, heroes=_told_saves(session, saves, roll_saves))
    hero = match_name(hero, [h.name for h in session.fight.heroes]) or hero
    guard = runner.waiting_guard()
    if guard is not None and not isinstance(guard, SavesWait) and guard.hero == hero:  # F1
        reaction = Reaction(hero, guard.foe, not passes, guard=guard.guard.name)
        printer()(session.table.add(reaction))
        side = runner.heroes  # B3: the saves' d20s, needed again by the turn it waited in
        tell_where(runner, fight_file, side.said if isinstance(side, TableHeroes) else None)
        return
    waiting = runner.unanswered()
    if waiting is None or hero not in [h.name for h in waiting[1]]:
        raise Refused(f"no opportunity attack waits for {hero}'s answer now", rule="M6")
    foe, _ = waiting
    printer()(session.table.add(Reaction(hero, foe.name, not passes)))
    tell_where(runner, fight_file)


@click.command()
@fight_argument
@click.argument("said", nargs=-1, required=True, metavar="HERO=DASHES…")
def speed(fight_file: Path, said: tuple[str, ...]) -> None:
    """The heroes' speeds for the chase round under way (C2), all at once: HERO=DASHES for
    each hero in the chase (0 keeps the action to attack or hide, C4, C5; 1 the action; 2
    the bonus action too). lnf chooses the monsters' and moves the escape points."""
    session = opened(fight_file)
    runner = table_runner(session)
    heroes = [h.name for h in session.fight.heroes]
    told: dict[str, int] = {}
    pairs = [said] if len(said) == 2 and said[1].isdigit() else [w.split("=", 1) for w in said]
    for pair in pairs:
        if len(pair) != 2 or not pair[1].strip().isdigit():
            raise Refused(f"'{'='.join(pair)}' is not HERO=DASHES (such as Sly=1)", rule="C2")
        name = match_name(pair[0].strip(), heroes) or pair[0].strip()
        told[name] = int(pair[1])
    runner.say_speeds(told)
    tell_where(runner, fight_file)
