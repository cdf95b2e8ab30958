"""F2: a hero's `fighting_style: dueling` (or a list, for a Champion of level 10) in a fight
file (`rules.fighting_styles`). Checked at its field: a style of the class's list, a class and
level that have one, no more than the level gives. What the played ones change is worked into
the sheet (`styled_ac`, `style_weapons`): Archery into its ranged weapons' to-hit, Defense into
its AC in armor, Dueling into its one-handed mêlée weapons' damage; an attack the file writes
out is the file's, as written. The others are the DM's, said as a warning."""

from __future__ import annotations

import re
from typing import Any

from lnf.dice import parse, plus
from lnf.formats.hero_subclass import said_subclass
from lnf.formats.spec import Checker, did_you_mean
from lnf.rules.fighting_styles import (
    ARCHERY,
    ARCHERY_BONUS,
    DEFENSE,
    DEFENSE_BONUS,
    DUELING,
    DUELING_BONUS,
    PLAYED_STYLES,
    STYLE_LEVEL,
    STYLES,
    styles_known,
)
from lnf.rules.wording import and_list, or_list

FieldPath = tuple[str | int, ...]
FIELD = "fighting_style"


def _key(name: str) -> str:
    """A style as the table may say it: "Great Weapon", "two weapon fighting", "Two-Weapon"."""
    return re.sub(r"[^a-z]", "", name.lower()).removesuffix("fighting")


_ALL = {_key(s): s for styles in STYLES.values() for s in styles}


def _said(entry: dict[str, Any]) -> list[Any] | None:
    """The styles as written: one name is a list of one; None for anything else."""
    said = entry.get(FIELD)
    return [said] if isinstance(said, str) else said if isinstance(said, list) else None


def styles_of(entry: dict[str, Any]) -> tuple[str, ...]:
    """The entry's Fighting Styles by their SRD names, lower case (those it names right)."""
    names = _said(entry) or []
    return tuple(_ALL[_key(n)] for n in names if isinstance(n, str) and _key(n) in _ALL)


def check_styles(entry: dict[str, Any], path: FieldPath, ck: Checker) -> None:
    """F2: the entry's `fighting_style:`, each problem at its place."""
    names, at = _said(entry), (*path, FIELD)
    if names is None:
        ck.fail(at, "give a Fighting Style, such as dueling, or a list of them", rule="F2")
        return
    cls = str(entry.get("class", "")).strip().lower()
    level = entry.get("level", 1)
    level = level if isinstance(level, int) and not isinstance(level, bool) else 1
    if cls not in STYLES:
        has = or_list(sorted(STYLES))
        ck.fail(at, f"a Fighting Style is a {has}'s; this hero is a {cls or 'hero'}", "", "F2")
        return
    if (known := styles_known(cls, level, said_subclass(entry))) < len(names):
        said_level = f"a level-{level} {cls}"
        has = f"has {known} Fighting Style{'s' * (known != 1)}" if known else "has none yet"
        hint = f"a {cls} chooses one at level {STYLE_LEVEL[cls]}"
        ck.fail(at, f"{said_level} {has}, not {len(names)}", hint, "F2")
    for j, name in enumerate(names):
        where = at if isinstance(entry[FIELD], str) else (*at, j)
        style = _ALL.get(_key(name)) if isinstance(name, str) else None
        if style is None:
            near = did_you_mean(str(name), list(STYLES["fighter"]))
            ck.fail(where, f"{name!r} is no SRD Fighting Style", near, "F2")
        elif style not in STYLES[cls]:
            hint = f"a {cls}'s: {and_list(STYLES[cls])}"
            ck.fail(where, f"{style.title()} is no {cls}'s Fighting Style", hint, "F2")


def styled_ac(ac: int, styles: tuple[str, ...], armored: bool) -> int:
    """Defense: +1 AC while the hero wears armor (a shield alone is no armor)."""
    return ac + DEFENSE_BONUS if DEFENSE in styles and armored else ac


def style_weapons(attacks: list[dict[str, Any]], styles: tuple[str, ...]) -> None:
    """Archery and Dueling worked into the sheet's weapon attacks (in place)."""
    for attack in attacks:
        if ARCHERY in styles and attack.get("kind") == "ranged":
            attack["to_hit"] += ARCHERY_BONUS
        if DUELING in styles and attack.get("kind") != "ranged" and not attack.get("two_handed"):
            attack["damage"] = str(plus(parse(attack["damage"]), DUELING_BONUS))


def style_warning(entry: dict[str, Any]) -> str:
    """What `lnf check` says of the styles lnf does not play: the DM rules them."""
    rest = [s.title() for s in styles_of(entry) if s not in PLAYED_STYLES]
    if not rest:
        return ""
    name = entry.get("name", "the hero")
    them = "them" if len(rest) > 1 else "it"
    return (
        f"{name}'s Fighting Style {and_list(rest)}: lnf does not play {them}; the DM rules {them} "
        "(F2)"
    )
