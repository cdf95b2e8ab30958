"""A fight as the commands meet it: the fight file, its log and (for `lnf run`) a script.

This is the one place that joins them. Opening a fight reads the fight file and the log once,
checks every logged entry (its checksum, its shape, that it fits the fight), and replays the
events once; a command that records keeps the log locked until it closes the session, and
appends each new event as it happens. Below this, the engine never touches a file, and
`lnf.formats` never plays.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from lnf.errors import InputError, InputProblem, Refused
from lnf.formats.fight_file import load_fight, load_fight_assumed
from lnf.formats.files import log_path, read_text
from lnf.model import Fight, Hero, Monster
from lnf.values import replace, value

if TYPE_CHECKING:
    from lnf.engine.table import Table
    from lnf.formats.fight_log import FightLog
    from lnf.formats.log_fingerprint import Change
    from lnf.heroes.script import Script
    from lnf.model.events import Event
    from lnf.model.plan import Plan


def _misfit_hint(fight: Fight, misfit: str, fight_file: Path) -> str:
    """A way on for a log that no longer fits: a renamed combatant, or the file restored."""
    import re

    from lnf.rules.names import suggestion

    lost = re.fullmatch(r"no '(.+)' in this fight", misfit)
    if lost is not None:
        gone = lost[1]
        near = suggestion(gone, [c.name for c in fight.everyone])
        new = near.removeprefix("did you mean '").removesuffix("'?") if near else "NEW"
        return (
            f"was {gone} renamed in the fight file? lnf rename {fight_file} '{gone}' '{new}' "
            f"records it and the log reads on; else put {gone} back in the fight file"
        )
    return "was the fight file changed after the log began? put it back as it was"


class Session:
    """An open fight: its table (state, events, undo) and, when recording, its locked log."""

    def __init__(
        self, fight_file: Path, table: Table, log: FightLog | None, from_log: bool = True
    ) -> None:
        self.fight_file = fight_file
        self.log_file = log_path(fight_file)
        self.table = table
        self.log = log
        self.from_log = from_log  # False: the fight file alone, in memory (`lnf run`)
        self.edits: list[str] = []  # what changed in the fight file since the log noted it

    @property
    def fight(self) -> Fight:
        return self.table.fight

    @property
    def warnings(self) -> list[str]:
        """What the user should know about the log (a torn line set aside, no checksums, the
        fight file edited since the log noted it)."""
        return (self.log.warnings if self.log is not None else []) + self.edits

    def has_log(self) -> bool:
        return self.log_file.exists()

    def script(self, path: Path) -> Script:
        """A script of hero actions for this fight (`lnf run --script`)."""
        from lnf.formats.written_orders import parse_script  # only lnf run reads scripts

        return parse_script(read_text(path), str(path), self.table.start)

    def close(self) -> None:
        """Release the log (and its lock)."""
        if self.log is not None:
            self.log.close()

    def __enter__(self) -> Session:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


def unlogged_fight(fight_file: Path) -> tuple[Fight, list[str]] | None:
    """The fight file alone and what it assumes (`fight_file.assumed`), from one read of its
    kept parse, when it has no log (None when it has one): what `lnf show` and `lnf check`
    mostly meet, read without loading the log's or the engine's machinery."""
    log = log_path(fight_file)
    if log.exists() or log.is_symlink():  # a link, even a dangling one, is for the log to refuse
        return None
    return load_fight_assumed(fight_file)


def open_fight(fight_file: Path, *, record: bool = True) -> Session:
    """The fight file and its log, replayed once. With `record`, the log is locked for this
    session and new events are appended to it (written whole and synced before they count).
    Any entry that was changed, lost, repeated, damaged or does not fit the fight is refused
    with its line."""
    from lnf.engine.table import Table
    from lnf.formats.fight_log import FightLog

    start = load_fight(fight_file)
    log = FightLog.open(log_path(fight_file), write=record)
    try:
        if log.problems:
            hint = (
                f"lnf log {fight_file} --verify says what is wrong; lnf repair {fight_file} keeps "
                "the entries before it and saves the rest beside the log"
            )
            first, *more = log.problems
            raise InputError(str(log.path), [replace(first, hint=hint), *more])
        table = Table(start, _appender(log, start) if record else None)
        edits: list[str] = []
        if log.lines:
            _replay(table, log, fight_file)
            edits = _edits(table, log, fight_file)
            if record and edits:
                _note_fight_file(log, table)  # said once: the log now rests on this file
    except BaseException:
        log.close()
        raise
    session = Session(fight_file, table, log)
    session.edits = edits if log.lines else _assumed(fight_file)  # said before a fight begins
    return session


def start_afresh(fight_file: Path) -> Path | None:
    """`lnf play --new`: the fight starts again from the fight file; the old log is kept
    whole beside it. Returns where (None: there was no log)."""
    from lnf.formats.fight_log import FightLog

    load_fight(fight_file)  # a fight file that does not read keeps its log where it is
    if not log_path(fight_file).exists():
        return None
    log = FightLog.open(log_path(fight_file), write=True)
    try:
        return log.set_all_aside()
    finally:
        log.close()


def fight_alone(fight_file: Path) -> Session:
    """The fight file alone, its events kept in memory (`lnf run` without `--record`)."""
    from lnf.engine.table import Table

    session = Session(fight_file, Table(load_fight(fight_file)), None, from_log=False)
    session.edits = _assumed(fight_file)
    return session


def _assumed(fight_file: Path) -> list[str]:
    from lnf.formats.fight_file import assumed

    return assumed(fight_file)


@value
class LogReport:
    """`lnf log --verify`: every problem found in a log, and what else the user should know."""

    entries: int
    problems: tuple[InputProblem, ...]
    warnings: tuple[str, ...]


def verify_log(fight_file: Path) -> LogReport:
    """Check a whole log without stopping at the first problem: every line's checksum and
    shape, then the events against the fight up to the first that does not fit."""
    from lnf.engine.table import Table
    from lnf.formats.fight_log import FightLog

    start = load_fight(fight_file)
    log = FightLog.open(log_path(fight_file), write=False)
    if log.problems:  # replaying past a lost or moved entry would only report its echoes
        note = "the events were not checked against the fight: mend the lines above first"
        return LogReport(len(log.lines), tuple(log.problems), (*log.warnings, note))
    table = Table(start)
    problems = _problems_replaying(table, log, fight_file, skip=set())
    edits = [] if problems else _edits(table, log, fight_file)
    return LogReport(len(log.lines), tuple(problems), (*log.warnings, *edits))


def repair_log(fight_file: Path) -> tuple[int, Path | None]:
    """`lnf repair`: keep the entries before the first problem; the rest goes to a file beside
    the log. Returns how many entries are kept and where the rest went (None: nothing)."""
    from lnf.engine.table import Table
    from lnf.formats.fight_log import FightLog

    start = load_fight(fight_file)
    log = FightLog.open(log_path(fight_file), write=True)
    try:
        problems = list(log.problems)
        skip = {p.line for p in problems}
        problems += _problems_replaying(Table(start), log, fight_file, skip=skip)
        lines = [p.line for p in problems if p.line is not None]
        first = min(lines) if lines else None
        kept = sum(1 for entry in log.lines if first is None or entry.line < first)
        return kept, log.keep_before(first)
    finally:
        log.close()


def solver_planner(workers: int = 1) -> Callable[[Fight], Plan]:
    """The monsters' plan by the solver, which is imported on the first plan (commands that
    never plan never load OR-Tools)."""

    def plan(fight: Fight) -> Plan:
        from lnf.solver import solve_plan

        return solve_plan(fight, workers=workers, explain=False).plan

    return plan


# --- plumbing ------------------------------------------------------------------------------


def _appender(log: FightLog, start: Fight) -> Callable[[Event], None]:
    """Each new event to the log; the log's first entry also notes the fight file it is for."""
    from lnf.formats.event_codec import event_to_json
    from lnf.formats.log_fingerprint import NOTED, fingerprint

    def append(event: Event) -> None:
        data = event_to_json(event)
        log.append({**data, NOTED: fingerprint(start)} if log.next_number == 1 else data)

    return append


def _note_fight_file(log: FightLog, table: Table) -> None:
    """The fight file's fingerprint as an entry of its own, after an edit (it counts as an
    entry, so the entries' numbers, which undo names, stay the log's own)."""
    from lnf.formats.log_fingerprint import entry

    log.append(entry(table.start))
    table.written += 1


def _noted(log: FightLog) -> dict[str, object] | None:
    """The last fingerprint of the fight file the log noted (None: a log of lnf 0.2 or older)."""
    from lnf.formats.fight_log import renamed, renames_after
    from lnf.formats.log_fingerprint import NOTED, is_fingerprint

    names = renames_after([(e.line, e.data) for e in log.lines])
    for e in reversed(log.lines):
        noted = e.data if is_fingerprint(e.data) else e.data.get(NOTED)
        if noted is not None:
            noted = renamed(noted, names.get(e.line, {}))
            return noted if isinstance(noted, dict) else None
    return None


def _edits(table: Table, log: FightLog, fight_file: Path) -> list[str]:
    """What changed in the fight file since the log noted it, and what that does to the
    log's facts: the log's events stand as recorded, read against the file as it is now."""
    from lnf.formats.log_fingerprint import changes

    noted = _noted(log)
    if noted is None:
        return []
    found = changes(noted, table.start)
    if not found:
        return []
    said = [f"{c.who}: {c.what}{_what_it_does(table.fight, c)}" if c.who else c.what for c in found]
    return [
        f"{fight_file.name} was edited since its log noted it: "
        + "; ".join(said)
        + ". The log's events stand as recorded (every roll as rolled) and are read against "
        "the file as it is now; if that is not what you meant, put the file back (lnf undo "
        "takes back events, never an edit)"
    ]


def _what_it_does(fight: Fight, change: Change) -> str:
    """An edit's effect on the fight now: whom the log's damage now leaves up or down."""
    if change.hp_was is None or change.who not in fight:
        return ""
    c = fight.combatant(change.who)
    if isinstance(c, Monster):
        was_down = c.damage >= change.hp_was
        now = f"{c.current_hp}/{c.hp}"
        if was_down and c.current_hp > 0:
            return f" (the log's {c.damage} damage had it down; it stands again at {now})"
        if not was_down and c.current_hp == 0:
            return f" (the log's {c.damage} damage now drops it: {now})"
        return f" (now {now} after the log's {c.damage} damage)" if c.damage else f" (now {now})"
    if isinstance(c, Hero):
        return f" (now {c.current_hp}/{c.hp})"
    return ""


def _replay(table: Table, log: FightLog, fight_file: Path) -> None:
    """Every logged event applied in order, each checked first; the first problem is refused
    with its line (all of them: `lnf log --verify`)."""
    problems = _problems_replaying(table, log, fight_file, skip=set(), stop=True)
    if problems:
        raise InputError(str(log.path), problems)


def _problems_replaying(
    table: Table,
    log: FightLog,
    fight_file: Path,
    *,
    skip: set[int | None],
    stop: bool = False,
    extra: tuple[tuple[int, object], ...] = (),
) -> list[InputProblem]:
    """Decode every entry (collecting what cannot be read), then replay them until one does
    not fit the fight: a replay past that point would only report its consequences."""
    from lnf.engine.event_check import event_problems
    from lnf.formats.event_codec import event_from_json
    from lnf.formats.fight_log import renamed, renames_after
    from lnf.formats.log_fingerprint import NOTED, is_fingerprint

    source = str(log.path)
    events: list[tuple[int, Event]] = []
    problems: list[InputProblem] = []
    entries = [(e.line, e.data) for e in log.lines if e.line not in skip] + list(extra)
    names = renames_after(entries)  # a combatant renamed mid-fight (lnf rename)
    noted: list[int] = []  # the lines that note the fight file: entries, not events
    for line, data in entries:
        if is_fingerprint(data):
            noted.append(line)
            continue
        if isinstance(data, dict) and NOTED in data:
            data = {k: v for k, v in data.items() if k != NOTED}  # the first entry notes it
        try:
            events.append((line, event_from_json(renamed(data, names.get(line, {})), source, line)))
        except InputError as err:
            problems += err.problems
    if problems and stop:
        return problems
    for line, event in events:
        while noted and noted[0] < line:
            table.written += 1  # a fingerprint counts as an entry (undo names entries)
            noted.pop(0)
        misfit = event_problems(table.fight, event)
        if misfit:
            message = f"this event does not fit the fight file: {misfit[0]}"
            hint = _misfit_hint(table.fight, misfit[0], fight_file)
            return [*problems, InputProblem(message, line=line, hint=hint)]
        try:
            table.replay(event)
        except Refused as exc:  # an undo or redo naming another entry: the log moved on
            return [*problems, InputProblem(exc.message, line=line)]
    return problems


def rename_in_log(fight_file: Path, old: str, new: str) -> int:
    """`lnf rename`: the fight file now calls `old` by `new`; the log records it so that its
    earlier entries read on. Refused unless the log then fits the fight file. Returns the
    number of entries that name `old`."""
    from lnf.engine.table import Table
    from lnf.formats.event_codec import event_to_json
    from lnf.formats.fight_log import FightLog
    from lnf.model.events import Renamed

    start = load_fight(fight_file)
    if new not in start:
        raise Refused(f"{new!r} is not in {fight_file.name}: rename it there first, then here")
    if old in start:
        raise Refused(f"{old!r} is still in {fight_file.name}: nothing to rename")
    log = FightLog.open(log_path(fight_file), write=True)
    try:
        if log.problems:
            raise InputError(str(log.path), list(log.problems))
        naming = sum(1 for e in log.lines if old in str(e.data))
        if not naming:
            raise Refused(f"the log never names {old!r}: nothing to rename")
        entry = event_to_json(Renamed(old, new))
        after = max((e.line for e in log.lines), default=0) + 1
        extra = ((after, entry),)
        problems = _problems_replaying(Table(start), log, fight_file, skip=set(), extra=extra)
        if problems:
            raise InputError(str(log.path), problems)  # the rename alone does not mend it
        log.append(entry)
        return naming
    finally:
        log.close()
