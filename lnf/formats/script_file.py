"""Reading a script of hero actions (`lnf run --script`):

    # comments and blank lines are ignored
    round 7
    Felix: attack Wight with Longsword
    Doris: cast Produce Flame at Wight
    round 8
    Terry: leave; attack Skeleton 3 with Shortbow
    Gnoll 3: flee             # a monster's line can only tell it to flee (C1)
    opportunity: no          # heroes skip opportunity attacks from here on (default: yes)

A hero with no line in a round follows the hero policy (`lnf.heroes.policy`). Every problem in
the file is reported at once, with its line.
"""

from __future__ import annotations

import re

from lnf.errors import InputError, InputProblem
from lnf.heroes.script import Script, ScriptLine
from lnf.model import Fight


def parse_script(text: str, source: str, fight: Fight) -> Script:
    names = [h.name for h in fight.heroes]
    monster_names = [m.name for m in fight.monsters]
    lines: dict[tuple[int, str], ScriptLine] = {}
    problems: list[InputProblem] = []
    round_: int | None = None
    no_oa: int | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if found := re.fullmatch(r"round\s+(\d+)", line, re.IGNORECASE):
            round_ = int(found[1])
            continue
        if found := re.fullmatch(r"opportunity:\s*(yes|no)", line, re.IGNORECASE):
            no_oa = None if found[1].lower() == "yes" else (round_ or 0)
            continue
        who, sep, what = line.partition(":")
        who = who.strip()
        if not sep or not what.strip():
            problems.append(
                InputProblem("expected `round N` or `Hero: what the hero does`", line=number)
            )
        elif round_ is None:
            problems.append(InputProblem("a hero's line must come after `round N`", line=number))
        elif who in monster_names and what.strip().lower() != "flee":
            problems.append(InputProblem("a monster's line can only say `flee` (C1)", line=number))
        elif who not in names and who not in monster_names:
            problems.append(
                InputProblem(
                    f"{who!r} is not in this fight",
                    line=number,
                    hint="heroes: " + ", ".join(names),
                )
            )
        elif (round_, who) in lines:
            problems.append(
                InputProblem(f"{who} already has a line in round {round_}", line=number)
            )
        else:
            lines[(round_, who)] = ScriptLine(number, what.strip())
    if problems:
        raise InputError(source, problems)
    return Script(source, lines, no_oa)
