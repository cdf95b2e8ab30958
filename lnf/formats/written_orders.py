"""What the DM writes down for lnf to play: a plan for the monsters and a script for the heroes.

A plan the DM writes by hand (P7), one line per monster:

    Wight: Doris                               # attacks Doris; stays; keeps its rank
    Skeleton 1: {move: join A, target: Felix}  # mode inferred: mêlée here
    Skeleton 2: {rank: back, target: Wendy, mode: ranged}
    Skeleton 3: {}                             # stays and does nothing
    Young Green Dragon: {action: Poison Breath, target: [Dee, Ann, Bo]}   # B9: every hero caught

Monsters left out stay where they are and attack nobody. When `mode` is left out, lnf takes
the first of mêlée, reach and ranged that the order allows (`rules.plan_check.infer_mode`);
an order with an `action` (a special action or spell, B1) takes the action's own mode (B4).
`target` names one hero, or a list of heroes: every hero an area catches or split darts are
aimed at (B3); the validator (`rules.plan_check`) says which rules the order breaks. A weapon
order of a monster whose Multiattack uses an action first (Frightful Presence) attacks the
heroes it catches as well: with one hero named, lnf names them (B1, B3).

Reading a script of hero actions (`lnf run --script`):

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
from pathlib import Path
from typing import Any

from lnf.errors import InputError, InputProblem
from lnf.formats.files import read_text
from lnf.formats.spec import (
    INVALID,
    Checker,
    Field,
    ListOf,
    Obj,
    OneOf,
    Spec,
    Str,
    did_you_mean,
)
from lnf.formats.yaml_source import FieldPath, load_yaml
from lnf.heroes.script import Script, ScriptLine
from lnf.model import Fight, Hero, Monster, Rank
from lnf.model.plan import Mode, Move, Order, Plan
from lnf.rules.multiattack_first import with_first
from lnf.rules.names import match_name, suggestion
from lnf.rules.plan_check import infer_mode


class Heroes(Spec):
    """The heroes an order attacks: one name, or a list of names (B3: every hero an area
    catches, each hero split darts are aimed at)."""

    expected = "a hero's name or a list of heroes' names"

    def read(self, value: Any, path: FieldPath, ck: Checker) -> Any:
        if not isinstance(value, list):
            one = Str().read(value, path, ck)
            return one if one is INVALID else [one]
        if not value:
            return ck.fail(
                path, "names no hero", "leave `target` out for an order that attacks nobody"
            )
        names = ListOf(Str(), unique=True).read(value, path, ck)
        return INVALID if INVALID in names else names

    def json_schema(self) -> dict[str, Any]:
        one = Str().json_schema()
        many = ListOf(Str(), unique=True).json_schema()
        return self._with_doc({"anyOf": [one, {**many, "minItems": 1}]})


ORDER = Obj(
    {
        "rank": Field(OneOf(Rank), None, "front, back or free-air; default: its rank now"),
        "move": Field(Str(), "stay", "stay, leave, or join <group label or hero>"),
        "target": Field(Heroes(), None, "the hero it attacks, or a list: every hero it attacks"),
        "mode": Field(OneOf(Mode), None, "melee, reach or ranged; default: the first legal"),
        "action": Field(Str(), None, "a special action or spell it uses; default: its weapons"),
    },
    what="an order (rank, move, target, mode, action) or a hero's name",
)
ALSO_HINT = "list every hero it attacks under target, as in `target: [Dee, Ann, Bo]` (B3)"


class NoAction(ValueError):
    """A name that is none of a monster's special actions or spells (B1, B9). `weapon` is the
    weapon attack (or Multiattack) it names instead, if it names one."""

    def __init__(self, message: str, weapon: str = "") -> None:
        super().__init__(message)
        self.weapon = weapon


def find_action(monster: Monster, text: str) -> str:
    """B9: the special action or spell of the monster's stat block that `text` names, matched
    as names are (`rules.names`: case, a leading article, a unique start). NoAction says what
    it names instead: a weapon attack or Multiattack (an order makes those without naming an
    action), else the nearest action or the actions there are."""
    names = [a.name for a in monster.actions]
    found = match_name(text, names)
    if found is not None:
        return found
    weapons = [a.name for a in monster.attacks] + (["Multiattack"] if monster.multiattack else [])
    weapon = match_name(text, weapons)
    if weapon is not None:
        what = "attacks" if weapon == "Multiattack" else "attack"
        raise NoAction(f"{weapon} is {monster.name}'s weapon {what}, not a special action", weapon)
    if not names:
        raise NoAction(f"{monster.name} has no special actions or spells, so no {text!r}")
    near = suggestion(text, names) or f"its actions: {', '.join(names)}"
    raise NoAction(f"{monster.name} has no action called {text!r}; {near}")


def load_plan(path: Path, fight: Fight) -> Plan:
    source = str(path)
    located = load_yaml(read_text(path), source)
    ck = Checker(located, source)
    if not isinstance(located.data, dict):
        raise InputError(source, [InputProblem("expected a mapping of monster: order")])
    monsters = [m.name for m in fight.monsters]
    orders = []
    for name, raw in located.data.items():
        path_ = (name,)
        if name not in monsters:
            ck.fail(path_, f"{name!r} is not a monster of this fight", did_you_mean(name, monsters))
            continue
        monster = fight.monster(name)
        value: Any = {"target": raw} if isinstance(raw, str) else raw
        if value is None:
            value = {}
        if isinstance(value, dict) and "also" in value:
            value = {k: v for k, v in value.items() if k != "also"}
            ck.fail((*path_, "also"), "unknown field 'also'", ALSO_HINT)
        doc = ORDER.read(value, path_, ck)
        if not isinstance(doc, dict) or INVALID in doc.values():
            continue  # what is wrong is said already
        move = _move(doc["move"], fight, ck, (*path_, "move"))
        action = _action(monster, doc["action"], ck, (*path_, "action"))
        targets = _targets(doc["target"] or [], fight, ck, (*path_, "target"))
        if move is None or action is None or targets is None:
            continue
        rank = doc["rank"] or monster.rank
        target, also = (targets[0], tuple(targets[1:])) if targets else (None, ())
        order = Order(name, rank, move, target, doc["mode"], action, also)
        if target is not None and doc["mode"] is None:
            order = Order(name, rank, move, target, infer_mode(fight, order).mode, action, also)
        if not also:  # B1, B3: one hero named: its Multiattack's first action's catch besides
            order = with_first(fight, order)
        orders.append(order)
    ck.raise_if_any()
    by_name = {o.monster: o for o in orders}
    return Plan(tuple(by_name[m] for m in monsters if m in by_name))


def order_lines(path: Path) -> dict[str, int]:
    """P7: the line of each monster's order in a plan file, by name in lower case, so that
    `lnf check --plan` says where an order that breaks a rule is written, as it says where a
    combatant is written in the fight file (`fight_file.entry_lines`)."""
    located = load_yaml(read_text(path), str(path))
    names = located.data if isinstance(located.data, dict) else {}
    return {str(n).lower(): line for n in names if (line := located.lines.get((n,))) is not None}


def _action(monster: Monster, text: str | None, ck: Checker, path: FieldPath) -> str | None:
    """The action an order names, as its stat block spells it ("" for its weapons); None, said,
    if the monster has no such special action or spell (B9)."""
    if text is None:
        return ""
    try:
        return find_action(monster, text)
    except NoAction as exc:
        hint = "leave `action` out: the order attacks with its weapons" if exc.weapon else ""
        ck.fail(path, str(exc), hint, "B9")
        return None


def _targets(names: list[str], fight: Fight, ck: Checker, path: FieldPath) -> list[str] | None:
    """The heroes an order names, each a hero of this fight; None if one is not (said)."""
    heroes = [h.name for h in fight.heroes]
    wrong = False
    for i, target in enumerate(names):
        if not isinstance(fight.combatant(target) if target in fight else None, Hero):
            where = path if len(names) == 1 else (*path, i)
            ck.fail(where, f"{target!r} is not a hero of this fight", did_you_mean(target, heroes))
            wrong = True
    return None if wrong else names


def _move(text: Any, fight: Fight, ck: Checker, path: FieldPath) -> Move | None:
    """`Move.parse`, with a hint where it fails: the names near, or the moves there are."""
    words = str(text).strip()
    labels, heroes = [g.label for g in fight.groups], [h.name for h in fight.heroes]
    try:
        return Move.parse(words, labels, heroes)
    except ValueError as exc:
        into = words[5:].strip() if words.lower().startswith("join ") else None
        hint = (
            did_you_mean(into, labels + heroes)
            if into
            else "write stay, leave, or join <group or hero>"
        )
        ck.fail(path, str(exc), hint)
        return None


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
