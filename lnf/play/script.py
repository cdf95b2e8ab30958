"""Scripted hero actions for `lnf run --script`: what each hero does, round by round.

    # comments and blank lines are ignored
    round 7
    Felix: attack Wight with Longsword
    Doris: cast Produce Flame at Wight
    round 8
    Terry: leave; attack Skeleton 3 with Shortbow
    opportunity: no          # heroes skip opportunity attacks from here on (default: yes)

A hero with no line in a round follows the hero policy (`lnf.play.policy`). Lines are checked
against the rules when their turn comes; an illegal one stops the run with the file, the line,
the rule and what was open.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from lnf.errors import InputError, InputProblem
from lnf.io.files import read_text
from lnf.model import Fight, Hero, Monster
from lnf.play.actions import Choice, IllegalChoice, parse_choice
from lnf.play.chasing import speed_policy
from lnf.play.policy import policy_choice, pursues


@dataclass(frozen=True)
class ScriptLine:
    line: int
    text: str


class Script:
    def __init__(self, source: str, lines: dict[tuple[int, str], ScriptLine], no_oa: int | None):
        self.source = source
        self.lines = lines
        self.no_opportunity_from = no_oa  # round from which heroes skip opportunity attacks


def load_script(path: Path, fight: Fight) -> Script:
    return parse_script(read_text(path), str(path), fight)


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


class ScriptedHeroes:
    """Heroes follow the script, and the hero policy where it is silent."""

    def __init__(self, script: Script | None) -> None:
        self.script = script

    def choose(self, fight: Fight, hero: Hero) -> Choice | None:
        entry = self.script.lines.get((fight.round, hero.name)) if self.script else None
        if entry is None:
            return policy_choice(fight, hero)
        try:
            return parse_choice(fight, hero, entry.text)
        except IllegalChoice as exc:
            assert self.script is not None
            problem = InputProblem(
                f"{hero.name} in round {fight.round}: {exc.describe()}",
                line=entry.line,
                rule=exc.rule,
            )
            raise InputError(self.script.source, [problem]) from None

    def takes_opportunity(self, fight: Fight, hero: Hero, foe: Monster) -> bool:
        start = self.script.no_opportunity_from if self.script else None
        return start is None or fight.round < start

    def dashes(self, fight: Fight, hero: Hero) -> int:
        """C2: a `dash` (or `dash 2`) line for this round commits speed; else the policy."""
        entry = self.script.lines.get((fight.round, hero.name)) if self.script else None
        found = re.fullmatch(r"dash(?:\s+(\d))?", entry.text.strip(), re.I) if entry else None
        if found is None:
            return speed_policy(fight, hero)
        return int(found[1] or 1)

    def pursues(self, fight: Fight, hero: Hero, foe: Monster) -> bool:
        return pursues(fight, hero, foe)

    def tells_to_flee(self, fight: Fight, monster: Monster) -> bool:
        """A monster's line in the script can only tell it to flee (C1)."""
        entry = self.script.lines.get((fight.round, monster.name)) if self.script else None
        return entry is not None and entry.text.lower() == "flee"
