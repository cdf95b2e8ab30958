"""What the DM writes down for lnf to play: a plan for the monsters and a script for the heroes.

A plan the DM writes by hand (P7), one line per monster:

    Wight: Doris                               # attacks Doris; stays; keeps its rank
    Skeleton 1: {move: join A, target: Felix}  # mode inferred: mêlée here
    Skeleton 2: {rank: back, target: Wendy, mode: ranged}
    Skeleton 3: {}                             # stays and does nothing

Monsters left out stay where they are and attack nobody. When `mode` is left out, lnf takes
the first of mêlée, reach and ranged that the order allows (`rules.plan_check.infer_mode`).

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
from lnf.formats.spec import INVALID, Checker, Field, Obj, OneOf, Str, did_you_mean
from lnf.formats.yaml_source import load_yaml
from lnf.heroes.script import Script, ScriptLine
from lnf.model import Fight, Hero, Rank
from lnf.model.plan import Mode, Move, Order, Plan
from lnf.rules.plan_check import infer_mode

ORDER = Obj(
    {
        "rank": Field(OneOf(Rank), None, "front, back or free-air; default: its rank now"),
        "move": Field(Str(), "stay", "stay, leave, or join <group label or hero>"),
        "target": Field(Str(), None, "the hero it attacks"),
        "mode": Field(OneOf(Mode), None, "melee, reach or ranged; default: the first legal"),
    },
    what="an order (rank, move, target, mode) or a hero's name",
)


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
        doc = ORDER.read(value, path_, ck)
        if not isinstance(doc, dict) or INVALID in doc.values():
            continue  # what is wrong is said already
        move = _move(doc["move"], fight, ck, (*path_, "move"))
        target = doc["target"]
        if target is not None and not isinstance(
            fight.combatant(target) if target in fight else None, Hero
        ):
            heroes = [h.name for h in fight.heroes]
            ck.fail(
                (*path_, "target"),
                f"{target!r} is not a hero of this fight",
                did_you_mean(target, heroes),
            )
            continue
        if move is None:
            continue
        rank = doc["rank"] or monster.rank
        order = Order(name, rank, move, target, doc["mode"])
        if target is not None and doc["mode"] is None:
            order = infer_mode(fight, order)
        orders.append(order)
    ck.raise_if_any()
    by_name = {o.monster: o for o in orders}
    return Plan(tuple(by_name[m] for m in monsters if m in by_name))


def _move(text: Any, fight: Fight, ck: Checker, path: tuple[str, ...]) -> Move | None:
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
