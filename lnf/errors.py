"""The one error base of lnf and its three kinds.

Kept apart as python-chess does: malformed input (`InputError`), a state or plan that breaks
the rules (`RuleViolation`), and a plan that cannot be found (`NoLegalPlan`). The CLI turns any
`LnfError` into a message and an exit code in one place; nothing else reaches the user.
"""

from __future__ import annotations

from dataclasses import dataclass, field


class LnfError(Exception):
    """Base of every error lnf raises on purpose."""

    exit_code = 2


@dataclass(frozen=True)
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

    def __init__(self, source: str, problems: list[InputProblem]) -> None:
        self.source = source
        self.problems = tuple(problems)
        super().__init__(self.describe())

    def describe(self) -> str:
        return "\n".join(p.describe(self.source) for p in self.problems)


@dataclass(frozen=True)
class Violation:
    """A broken rule: its id from rules/late-night-fighting.md, who is involved, and a hint."""

    rule: str
    message: str
    who: tuple[str, ...] = field(default_factory=tuple)
    hint: str = ""

    def describe(self) -> str:
        text = f"{self.rule}: {self.message}"
        if self.hint:
            text += f" ({self.hint})"
        return text


class RuleViolation(LnfError):
    """A state or a plan that breaks rules; carries all violations at once."""

    exit_code = 1

    def __init__(self, violations: list[Violation]) -> None:
        self.violations = tuple(violations)
        super().__init__("\n".join(v.describe() for v in self.violations))


class NoLegalPlan(LnfError):
    """The solver proved that no plan meets the rules and the DM's wishes."""

    exit_code = 1

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)
