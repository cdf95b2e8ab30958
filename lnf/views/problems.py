"""`lnf check`'s list of broken rules, each where its combatant is written in the fight file."""

from __future__ import annotations

from collections.abc import Mapping

from lnf.errors import Violation
from lnf.views.style import Style


def render_problems(
    problems: list[Violation],
    style: Style,
    source: str = "",
    lines: Mapping[str, int] | None = None,
) -> str:
    """`lnf check`: every violation with its rule id, the line of its combatant's entry in
    `source` (`lines`, by name in lower case: "fight.yaml:23: ", as the file's own errors say
    theirs), who is involved and a hint."""
    if not problems:
        return style("Legal: no rule is broken.", "green")
    out = [
        style(f"{len(problems)} rule violation{'s' if len(problems) != 1 else ''}:", "red", "bold")
    ]
    for p in problems:
        line = violation_line(p, lines or {})
        where = f"{source}:{line}: " if source and line is not None else ""
        out.append(f"  {style(p.rule, 'red', 'bold')}  {where}{p.message}")
        if p.who:
            out.append(f"       involves: {', '.join(p.who)}")
        if p.hint:
            out.append(f"       hint: {p.hint}")
    return "\n".join(out)


def violation_line(p: Violation, lines: Mapping[str, int]) -> int | None:
    """The line of the entry of the first one the violation involves that the file writes."""
    return next((lines[w.lower()] for w in p.who if w.lower() in lines), None)
