"""What changed on the grid since it was last shown, for `lnf play` at each round's start.

A big fight's grid and its stat-block notes run to a screen or more; at the table the DM
reads the paper once and then only what moved. So a round after the first says, per
combatant, its hit points, rank, group and conditions that changed, then the lines of
`lnf show`'s sections below the grid that are new (a note, an effect, a sheet's uses, a
problem); the whole grid comes on request (`grid` at the prompt).
"""

from __future__ import annotations

from lnf.model import Fight, Hero, Monster
from lnf.rules.roster import in_fight
from lnf.rules.wording import and_list

# `lnf show`'s sections that are said whole when they change: the grid reads by them.
WHOLE = ("Target order", "Groups", "Who can reach", "Chase")


def changes_since(before: Fight, after: Fight, shown_before: str, shown_now: str) -> list[str]:
    """The changes from `before` (the grid last shown, `shown_before` its `lnf show` text) to
    `after` (`shown_now`): one line a combatant that changed, then the new section lines."""
    lines = []
    for c in after.everyone:
        if c.name in before and (said := _changed(before, before.combatant(c.name), after, c)):
            lines.append(f"  {c.name}: {'; '.join(said)}")
    lines += _new_in_sections(shown_before, shown_now)
    return lines


def _changed(before: Fight, was: Hero | Monster, after: Fight, now: Hero | Monster) -> list[str]:
    said: list[str] = []
    if was.current_hp != now.current_hp:
        said.append(f"{was.current_hp} → {now.current_hp}/{now.hp} hp")
    if in_fight(was) and not in_fight(now):
        said.append("got away (C6)" if now.escaped else "out of the fight")
    if was.rank is not now.rank:
        said.append(f"{now.rank.value} rank")
    old, new = before.group_of(was.name), after.group_of(now.name)
    old_label = old.label if old is not None else None
    new_label = new.label if new is not None else None
    if old_label != new_label and in_fight(now):
        said.append(f"in group {new_label}" if new_label is not None else "unengaged")
    gained = sorted(c.value for c in now.conditions - was.conditions)
    lost = sorted(c.value for c in was.conditions - now.conditions)
    if gained:
        said.append(and_list(gained))
    if lost:
        said.append("no longer " + and_list(lost))
    if now.exhaustion != was.exhaustion:
        said.append(f"exhaustion {now.exhaustion}")
    return said


def _sections(shown: str) -> dict[str, list[str]]:
    """`lnf show`'s text below the grid, by section: a header line and its indented lines."""
    text = shown.split("\n")
    start = next((i for i, line in enumerate(text) if line.startswith("Target order")), None)
    out: dict[str, list[str]] = {}
    header = ""
    for line in text[start:] if start is not None else []:
        if not line.strip():
            continue
        if not line.startswith(" "):
            header = line
            out[_name(header)] = [header]
        else:
            out.setdefault(_name(header), [header]).append(line)
    return out


def _name(header: str) -> str:
    return header.split(" (")[0].split(":")[0]


def _new_in_sections(shown_before: str, shown_now: str) -> list[str]:
    old, new = _sections(shown_before), _sections(shown_now)
    lines: list[str] = []
    for name, now in new.items():
        was = old.get(name, [])
        if now == was or name.startswith("No problems"):
            continue
        if name in WHOLE or name.startswith("Problems"):
            lines += now
            continue
        fresh = [line for line in now[1:] if line not in was]
        if fresh:
            lines += [now[0], *fresh]
    return lines
