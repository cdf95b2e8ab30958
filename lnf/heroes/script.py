"""Scripted heroes for `lnf run --script`: what each hero does, round by round, and the hero
policy where the script is silent. (The script's text is read by `lnf.formats.written_orders`.)

A line is checked against the rules when its turn comes; an illegal one stops the run with
the script, the line, the rule and what was open.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import field

from lnf.engine.chasing import speed_policy
from lnf.engine.decisions import TurnChoice
from lnf.engine.hero_turn import verify_chase_hide
from lnf.errors import InputError, InputProblem, Refused
from lnf.heroes.policy import policy_choice
from lnf.heroes.words import parse_choice
from lnf.model import Fight, Guard, Hero, Monster
from lnf.values import value


@value
class ScriptLine:
    line: int  # 1-based, for messages
    text: str


@value
class Script:
    source: str  # where it was read from, for messages
    lines: Mapping[tuple[int, str], ScriptLine] = field(default_factory=dict)  # (round, who)
    no_opportunity_from: int | None = None  # heroes skip opportunity attacks from this round

    def line_for(self, fight: Fight, who: str) -> ScriptLine | None:
        return self.lines.get((fight.round, who))


class ScriptedHeroes:
    """Heroes follow the script, and the hero policy where it is silent."""

    at_table = False

    def __init__(self, script: Script | None) -> None:
        self.script = script or Script("")

    def choose(self, fight: Fight, hero: Hero) -> TurnChoice | None:
        entry = self.script.line_for(fight, hero.name)
        if entry is None:
            return policy_choice(fight, hero)
        try:
            choice = parse_choice(fight, hero, entry.text)
            verify_chase_hide(fight, hero.name, choice)  # C5
            return choice
        except Refused as exc:
            problem = InputProblem(
                f"{hero.name} in round {fight.round}: {exc.describe(rule=False)}",
                line=entry.line,
                rule=exc.rule,
            )
            raise InputError(self.script.source, [problem]) from None

    def takes_guard(self, fight: Fight, hero: Hero, foe: Monster, guard: Guard) -> bool:
        return True  # F1: the hero policy's rule; a script does not say

    def takes_opportunity(self, fight: Fight, hero: Hero, foe: Monster) -> bool:
        start = self.script.no_opportunity_from
        return start is None or fight.round < start

    def dashes(self, fight: Fight, hero: Hero) -> int:
        """C2: a `dash` (or `dash 2`) line for this round commits speed; any other line keeps
        the action for what it says (`hide`, C5; an attack, C4); no line: the policy."""
        entry = self.script.line_for(fight, hero.name)
        if entry is None:
            return speed_policy(fight, hero)
        found = re.fullmatch(r"dash(?:\s+(\d))?", entry.text.strip(), re.I)
        return int(found[1] or 1) if found else 0

    def pursues(self, fight: Fight, hero: Hero, foe: Monster) -> bool:
        return True  # every hero free to give chase does, as under the policy

    def tells_to_flee(self, fight: Fight, monster: Monster) -> bool:
        """A monster's line in the script can only tell it to flee (C1)."""
        entry = self.script.line_for(fight, monster.name)
        return entry is not None and entry.text.lower() == "flee"
