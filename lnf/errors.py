"""Every error lnf raises on purpose, under one base, `LnfError`.

The kinds are kept apart as python-chess keeps them: input that cannot be read (`InputError`,
`DiceError`), a state or plan that breaks the rules (`RuleViolation`), a request the rules or
the state of the fight refuse (`Refused`), and a plan that cannot be had: proven impossible
(`NoLegalPlan`) or not found in time (`PlanTimeout`). The CLI turns each into a message and
an exit code in one place; anything else that escapes is a bug in lnf, never an input error.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import field

from lnf.values import value


class LnfError(Exception):
    """Base of every error lnf raises on purpose."""

    exit_code = 2


@value
class InputProblem:
    """One thing wrong with an input file: where it is and what was expected."""

    message: str
    path: str = ""  # field path such as "heroes[2].rank"; empty for the whole file
    line: int | None = None  # 1-based line in the file, where known
    hint: str = ""
    rule: str = ""  # a rule id when the input breaks one, such as "G1"

    def describe(self, source: str) -> str:
        where = source
        if self.line is not None:
            where += f":{self.line}"
        if self.path:
            where += f": {self.path}"
        text = f"{where}: {self.message}"
        if self.rule:
            text += f" ({self.rule})"
        if self.hint:
            text += f"; {self.hint}"
        return text


class InputError(LnfError):
    """A file or a command-line value that cannot be read; carries every problem found."""

    exit_code = 2

    def __init__(self, source: str, problems: Iterable[InputProblem]) -> None:
        self.source = source
        self.problems = tuple(problems)
        super().__init__(self.describe())

    def describe(self) -> str:
        return "\n".join(p.describe(self.source) for p in self.problems)


class DiceError(LnfError):
    """Dice text that does not parse (D1); `column` is 1-based within the text."""

    exit_code = 2

    def __init__(self, text: str, column: int, message: str) -> None:
        self.text = text
        self.column = column
        self.message = message
        super().__init__(f"{message} at column {column} of {text!r}")


class ScriptedDiceError(LnfError):
    """Faces handed in advance ran out, or a face does not fit its die."""


@value
class Violation:
    """A broken rule: its id from rules/late-night-fighting.md, who is involved, and a hint."""

    rule: str
    message: str
    who: tuple[str, ...] = field(default_factory=tuple)
    hint: str = ""

    def describe(self) -> str:
        text = f"{self.rule}: {self.message}"
        if self.hint:
            text += f" — {self.hint}"
        return text


class RuleViolation(LnfError):
    """A state or a plan that breaks rules; carries all violations at once."""

    exit_code = 1

    def __init__(self, violations: Iterable[Violation], lead: str = "") -> None:
        self.violations = tuple(violations)
        lines = [v.describe() for v in self.violations]
        super().__init__("\n  ".join([lead, *lines]) if lead else "\n".join(lines))


class Refused(LnfError):
    """A request that is well formed but cannot be carried out now: a hero's choice the rules
    forbid (with the rule and what is open instead), nothing left to undo, a fight not yet
    started."""

    exit_code = 2

    def __init__(
        self, message: str, rule: str = "", options: Iterable[str] = (), after: str = ""
    ) -> None:
        self.message = message
        self.rule = rule
        self.options = tuple(options)
        self.after = after  # said last: what the refusal left as it was
        super().__init__(self.describe())

    def describe(self, rule: bool = True) -> str:
        """The refusal and what is open; `rule=False` where the caller shows the rule."""
        text = self.message + (f" ({self.rule})" if self.rule and rule else "")
        if self.options:
            text += "\n  open to the hero: " + "; ".join(self.options)
        if self.after:
            text += f"\n  {self.after}"
        return text


class DiskFull(LnfError):
    """A write that found the disk full (or the user's quota spent): what was written before
    it is kept, and the message says how far."""

    exit_code = 2

    def __init__(self, kept: str) -> None:
        self.kept = kept
        super().__init__(f"the disk is full; {kept}")


class NoLegalPlan(LnfError):
    """The solver proved that no plan meets the rules and the DM's wishes."""

    exit_code = 1

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


class PlanTimeout(LnfError):
    """The solver found no proven optimum in the time it was given (not a proof that no plan
    exists)."""

    exit_code = 3

    def __init__(self, seconds: float, status: str) -> None:
        self.seconds = seconds
        self.status = status
        super().__init__(
            f"the solver found no proven optimum within {seconds:g} s ({status}); "
            "try again with more --workers, or plan a smaller part of the fight"
        )
