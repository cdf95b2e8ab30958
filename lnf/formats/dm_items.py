"""B8: a stat block item that looks like the DM's (a shape, a mind read, a disguise) but whose
own text proves it changes nothing a fight without a map reads. The reader replaces its
`not_modelled` line by a precise one that says why, and `formats.not_played.why` classes
that line `no map`:

- Shapechanger, Change Shape: "its statistics, other than its size, are the same in each
  form" (or "… except for the speed changes noted"): size and speeds are not read without a
  map, and a change of form attacks no hero, so the plan never takes it (B6): the monster
  fights in its stat block's form. Forms that change more (AC, actions, defences: the
  werewolf, the vampire's mist) stay the DM's.
- The vampire's mist form: "can't take any actions", and changing form takes one.
- Read Thoughts: advantage on Insight and Charisma checks only, which lnf never rolls.
- Illusory Appearance: a disguise; it changes no roll (surprise is the fight file's, D12).
- A legendary action that makes an attack this form's stat block does not have (the vampire's
  bat form has no unarmed strike, its mist form no attack at all): never usable in this form.
"""

from __future__ import annotations

import re
from typing import Any

_SAME = re.compile(
    r"\b(?:its|her|his) statistics(?:, other than (?:its|her|his) (?P<a>[\w ,]+?),)? are "
    r"(?:the same in each form|unchanged)(?:, except for the (?P<b>speed) changes noted)?"
    r"|\bother than (?:its|her|his) (?P<c>[\w ,]+?), (?:its|her|his) statistics are the same "
    r"in each form",
    re.I,
)
# What a form could change beyond size and speed: then it is the DM's.
_MORE = re.compile(
    r"\bAC\b|armor class|replaced|can't take any actions|advantage|immune|resistan", re.I
)
_MIST = re.compile(r"while in mist form, [\w ]+ can't take any actions", re.I)
_BY_ACTION = re.compile(r"\buse its action to polymorph", re.I)
_READ = re.compile(
    r"has advantage on Wisdom \(Insight\) and Charisma \(Deception, Intimidation, and "
    r"Persuasion\) checks",
    re.I,
)
_ROLLS = re.compile(r"saving throw|attack|damage|\bAC\b|armor class", re.I)
_DISGUISE = re.compile(r"magical illusion that makes (?:her|him|it) look like", re.I)

FORMS = ("Shapechanger (trait)", "Change Shape")
# "The vampire makes one unarmed strike." / "… makes one bite attack.": the attack it names.
_MAKES = re.compile(r"\bmakes one (unarmed strike|\w+ attack)\b", re.I)
_LEGENDARY = re.compile(r"^legendary action(?: \(costs \d\))? (.+)$")


def forms_note(desc: str) -> str:
    """B8: what the text proves of a shape change's forms ("its forms differ in size only",
    "its statistics are the same in each form"); "" when a form may change more."""
    same = _SAME.search(desc)
    if same is None or _MORE.search(desc):
        return ""
    said = same["a"] or same["c"] or same["b"] or ""
    differ = [w.lower() for w in re.split(r",\s*(?:and\s+)?|\s+and\s+", said) if w]
    if any(w not in ("size", "speed") for w in differ):
        return ""
    if not differ:
        return "its statistics are the same in each form"
    return f"its forms differ in {' and '.join(sorted(differ))} only"


def mist_note(entry: str, desc: str) -> str:
    """B8: the vampire's mist form changes form with an action, and can take none."""
    if entry.endswith(", Mist Form") and _MIST.search(desc) and _BY_ACTION.search(desc):
        return "in mist form it can take no action, so it cannot change form"
    return ""


def read_note(desc: str) -> str:
    """B8: Read Thoughts' advantage is on checks lnf never rolls."""
    if _READ.search(desc) and not _ROLLS.search(desc):
        return "advantage on Insight and Charisma checks only, which lnf never rolls"
    return ""


def disguise_note(desc: str) -> str:
    """B8: an illusion of looks that changes no roll."""
    if _DISGUISE.search(desc) and not _ROLLS.search(desc):
        return "a disguise that changes no roll (surprise is the fight file's, D12)"
    return ""


def formless_note(m: dict[str, Any], option: str) -> str:
    """B7, B8: a legendary `option` of a form's stat block ("Vampire, Bat Form") that makes an
    attack the block does not have: never usable in this form."""
    entry = str(m.get("name", ""))
    form = re.search(r", (\w+ Form)$", entry)
    text = next(
        (
            str(x.get("desc", ""))
            for x in m.get("legendary_actions") or []
            if isinstance(x, dict) and re.sub(r"\s*\(.*\)$", "", str(x.get("name", ""))) == option
        ),
        "",
    )
    makes = _MAKES.search(text)
    if form is None or makes is None:
        return ""
    wanted = makes[1].lower().removesuffix(" attack")
    names = [str(a.get("name", "")).lower() for a in m.get("actions") or [] if isinstance(a, dict)]
    if any(n == wanted or n.rstrip("s") == wanted for n in names):
        return ""
    if not names:
        return f"its {form[1].lower()} takes no action, so it makes no attack"
    return f"its {form[1].lower()} has no {makes[1].lower()} to make"


def precise(m: dict[str, Any], notes: list[str]) -> list[str]:
    """The entry `m`'s `not_modelled` lines, each of the items above replaced by its precise
    line ("Shapechanger (trait): its forms differ in size only") where its text proves it."""
    texts = {
        str(x.get("name", "")): str(x.get("desc", ""))
        for key in ("special_abilities", "actions")
        for x in m.get(key) or []
        if isinstance(x, dict)
    }
    entry = str(m.get("name", ""))
    out = []
    for note in notes:
        name = note.removesuffix(" (trait)")
        desc = texts.get(name, "")
        said = ""
        if note in FORMS:
            said = forms_note(desc) or mist_note(entry, desc)
        elif note == "Read Thoughts":
            said = read_note(desc)
        elif note == "Illusory Appearance":
            said = disguise_note(desc)
        elif legendary := _LEGENDARY.match(note):
            said = formless_note(m, legendary[1])
        out.append(f"{note}: {said}" if said else note)
    return _true_form_only(out)


_SMALLER = re.compile(r"^[\w ]+: its other damage \(in Small or Medium form\)$")


def _true_form_only(notes: list[str]) -> list[str]:
    """B6, B8: a weapon's other damage "in Small or Medium form" (the oni's glaive, shrunk with
    it) goes with a form the monster never takes: its Change Shape is no option of the plan,
    and it fights in its stat block's true form, whose damage lnf plays (docs/choices.md)."""
    shapes = any(n.startswith(tuple(f"{f}: " for f in FORMS)) for n in notes)
    return [n for n in notes if not (shapes and _SMALLER.match(n))]
