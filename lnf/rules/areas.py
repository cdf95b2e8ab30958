"""Area effects (E1–E4): how many targets a shape holds, and which lists of targets are legal.

No templates: an area hits a number of targets, and mêlée groups are hit whole before the next
group is touched (E3).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from lnf.errors import Violation
from lnf.model import Area, Fight, Shape
from lnf.rules.roster import in_fight
from lnf.rules.wording import and_list, plural

# E1: the size is divided by this and rounded up.
DIVISOR = {
    Shape.SPHERE: 5,
    Shape.CYLINDER: 5,
    Shape.CIRCLE: 5,
    Shape.RADIUS: 5,
    Shape.CUBE: 5,
    Shape.SQUARE: 5,
    Shape.CONE: 10,
    Shape.LINE: 30,
}


# Common area spells of the SRD 5.1, by their area.
SPELLS: dict[str, Area] = {
    "burning hands": Area(Shape.CONE, 15),
    "cloudkill": Area(Shape.SPHERE, 20),
    "cone of cold": Area(Shape.CONE, 60),
    "entangle": Area(Shape.SQUARE, 20),
    "faerie fire": Area(Shape.CUBE, 20),
    "fireball": Area(Shape.SPHERE, 20),
    "flame strike": Area(Shape.CYLINDER, 10),
    "hypnotic pattern": Area(Shape.CUBE, 30),
    "ice storm": Area(Shape.CYLINDER, 20),
    "insect plague": Area(Shape.SPHERE, 20),
    "lightning bolt": Area(Shape.LINE, 100),
    "shatter": Area(Shape.SPHERE, 10),
    "sleep": Area(Shape.SPHERE, 20),
    "spirit guardians": Area(Shape.RADIUS, 15),
    "stinking cloud": Area(Shape.SPHERE, 20),
    "thunderwave": Area(Shape.CUBE, 15),
    "web": Area(Shape.CUBE, 20),
}


def area_said(area: Area, count: int) -> str:
    """E1: an area as a cast says it, with the targets it holds: "20 ft sphere, 4 targets"."""
    return f"{area}, {plural(count, 'target')}"


def target_count(area: Area) -> int:
    """E1: size ÷ divisor, rounded up (at least 1)."""
    return max(1, math.ceil(area.size / DIVISOR[area.shape]))


def crowded_count(count: int, d3: int, *, tight: bool) -> int:
    """E2: unusually tight +1d3 targets, unusually spread −1d3 (at least 1)."""
    return count + d3 if tight else max(1, count - d3)


def area_groups(fight: Fight) -> list[tuple[str, tuple[str, ...]]]:
    """E3: every mêlée group, and every unengaged combatant as a group of one."""
    groups = [
        (f"group {g.label}", tuple(n for n in g.members if in_fight(fight.combatant(n))))
        for g in fight.groups
    ]
    engaged = {n for _, members in groups for n in members}
    loose = [(c.name, (c.name,)) for c in fight.everyone if in_fight(c) and c.name not in engaged]
    return groups + loose


def check_area_targets(fight: Fight, targets: list[str], count: int) -> list[Violation]:
    """E3, E4: at most `count` targets (fewer is fine), and at most one group only partly hit."""
    found: list[Violation] = []
    unknown = [t for t in targets if t not in fight or not in_fight(fight.combatant(t))]
    if unknown:
        found.append(
            Violation("E3", f"{and_list(unknown)}: not standing in this fight", tuple(unknown))
        )
    return found + check_catch_groups(area_groups(fight), targets, count)


def check_catch_groups(
    groups: Sequence[tuple[str, tuple[str, ...]]], caught: Sequence[str], count: int, hint: str = ""
) -> list[Violation]:
    """E1, E3, E4 over the groups as an area sees them (`area_groups`, or B5's: its user left
    out): at most `count` caught (fewer is fine), and at most one group only partly hit; `hint`
    says why a group may be hit only in part (B5: allies spared)."""
    found: list[Violation] = []
    if len(set(caught)) > count:
        found.append(
            Violation(
                "E1",
                f"{plural(len(set(caught)), 'target')}, but the area holds {count}",
                tuple(caught),
                "fewer targets are allowed (E4)",
            )
        )
    partly = []
    for label, members in groups:
        hit = [m for m in members if m in caught]
        if hit and len(hit) < len(members):
            missing = [m for m in members if m not in caught]
            partly.append((label, missing))
    if len(partly) > 1:
        names = [f"{label} (without {and_list(missing)})" for label, missing in partly]
        found.append(
            Violation(
                "E3",
                f"more than one group only partly hit: {and_list(names)}",
                tuple(m for _, missing in partly for m in missing),
                hint
                or "hit a group whole before picking from another; allies in a fully hit group "
                "are hit too (Sculpt Spells may spare them)",
            )
        )
    return found
