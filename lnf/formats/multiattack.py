"""B1: a stat block's Multiattack as its text says, in counts of the attacks lnf reads.

The 5e-database entry lists the attacks of a Multiattack (`actions`, or `action_options` when it
offers a choice), but the list is wrong in places the description is right: the Veteran's
shortsword counted twice ("can also make a shortsword attack"), the Brown Bear's bite typed
"ability", the Dragon Turtle's "Claws" for its Claw action, the Vampire's "Unarmed Strike
(Vampire Form Only)", the Hydra's "Number of Heads", the Violet Fungus's "1d4". So the list says
which attacks (the first option when there is a choice), the names are matched as the game says
them (no form in parentheses, singular or plural), and the description's own number for each
attack ("two with its claws", "a shortsword attack") wins over the list's.

When the text offers a choice ("two longsword attacks or two longbow attacks"), `options` reads
every way it offers, each as counts and whether it is the ranged way; the plan and the table
play the best of those that reach (rules.attacks.routine). A way that names something lnf does
not read as an attack (a breath "in place of its bite", a spell, Swallow) is left out and said.
"""

from __future__ import annotations

import re
from typing import Any

NUMBERS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}
_NUMBER = r"(?P<n>" + "|".join(NUMBERS) + r"|\d{1,2}d\d{1,2})"
_DICE = re.compile(r"(\d{1,2})d(\d{1,2})")
# A way a Multiattack allows only in a state lnf does not check ("While flying, it can use its
# claws in place of one other attack"; "If the chuul is grappling a creature").
_CONDITION = re.compile(r"\b(?:while|if) [^,.]{1,60}", re.I)
_HEADS = re.compile(r"has (\w+) heads", re.I)


def stem(name: str) -> str:
    """An attack's name as the game's words say it: "Claws", "Claw (Oni Form Only)" → "claw"."""
    bare = re.sub(r"\s*\([^)]*\)", "", name).strip().lower()
    return bare[:-1] if bare.endswith("s") and not bare.endswith("ss") else bare


def said_count(desc: str, name: str) -> str | None:
    """The number the description gives for the attack `name`: "two longsword attacks", "two
    with its claws", "one attack with its tentacles", "a shortsword attack", "1d4 Rotting Touch
    attacks" (as written: a number word or dice), or None when it names no number for it."""
    word = re.escape(stem(name)) + r"(?:e?s)?"
    patterns = (
        rf"\b{_NUMBER} {word} attacks?\b",
        rf"\b{_NUMBER} (?:attacks? )?with (?:its|his|her) {word}\b",
    )
    for pattern in patterns:
        found = re.search(pattern, desc, re.I)
        if found:
            return found["n"].lower()
    return None


def as_count(said: str) -> int:
    """A number word as a count; dice ("1d4") as their average, rounded down (5e's way)."""
    dice = _DICE.fullmatch(said)
    if dice:
        return int(dice[1]) * (int(dice[2]) + 1) // 2
    return NUMBERS[said]


def heads(block: dict[str, Any]) -> int | None:
    """The heads a hydra's Multiple Heads trait says it has ("The hydra has five heads")."""
    for trait in block.get("special_abilities") or []:
        text = str(trait.get("desc", ""))[:2000] if isinstance(trait, dict) else ""
        found = _HEADS.search(text)
        if found and found[1].lower() in NUMBERS:
            return NUMBERS[found[1].lower()]
    return None


def chosen(action: dict[str, Any]) -> list[dict[str, Any]]:
    """The attacks a Multiattack's list names: its `actions`, or its first option."""
    listed = action.get("actions")
    if isinstance(listed, list) and listed:
        return [x for x in listed if isinstance(x, dict)]
    options = ((action.get("action_options") or {}).get("from") or {}).get("options") or []
    if not options or not isinstance(options[0], dict):
        return []
    items = options[0].get("items")
    return [x for x in items if isinstance(x, dict)] if isinstance(items, list) else [options[0]]


def read(
    block: dict[str, Any],
    action: dict[str, Any],
    attacks: list[str],
    notes: list[str],
    rolled: dict[str, str] | None = None,
) -> dict[str, int]:
    """B1: the Multiattack `action` of the entry `block` as counts of the attacks lnf reads
    (`attacks`, by their own names); a count it rolls ("1d4 Rotting Touch attacks") as its
    average, its dice in `rolled`; what it does not play goes to `notes`."""
    desc = str(action.get("desc", ""))[:2000]
    by_stem = {stem(a): a for a in attacks}
    counts: dict[str, int] = {}
    for item in chosen(action):
        listed = str(item.get("action_name", ""))[:100]
        name = by_stem.get(stem(listed))
        if name is None:
            if listed and not any(n.startswith(listed) for n in notes):
                notes.append(f"Multiattack: {listed}")  # an action lnf does not play
            continue
        count = _count(block, desc, name, str(item.get("count", 1))[:40], notes, rolled)
        counts[name] = counts.get(name, 0) + count
    return counts


def _count(
    block: dict[str, Any],
    desc: str,
    name: str,
    listed: str,
    notes: list[str],
    rolled: dict[str, str] | None = None,
) -> int:
    said = said_count(desc, name)
    if said is not None and _DICE.fullmatch(said) and rolled is not None:
        rolled[name] = said  # B1: rolled each turn (engine.turns), planned as its average
        return as_count(said)
    if said is not None and _DICE.fullmatch(said):
        count = as_count(said)
        notes.append(f"Multiattack: {said} {name} attacks (taken as {count}, the average)")
        return count
    if said is not None:
        return as_count(said)
    if listed.lower() == "number of heads":
        found = heads(block)
        if found is not None:
            notes.append(f"Multiattack: a bite per head (taken as {found}, heads lost not played)")
            return found
    if listed.isdigit() and 1 <= int(listed[:4]) <= 100:
        return int(listed)
    notes.append(f"Multiattack: {name} × {listed.lower()} (taken as 1)")
    return 1


def _option_items(option: dict[str, Any]) -> list[dict[str, Any]]:
    items = option.get("items")
    if isinstance(items, list):
        return [x for x in items if isinstance(x, dict)]
    return [option]


def options(
    action: dict[str, Any], attacks: list[str], first: dict[str, int], notes: list[str]
) -> list[dict[str, Any]]:
    """B1: every way a Multiattack's text offers when it offers a choice (`action_options`),
    in its order, each `{"attacks": {name: count}, "at_range": bool}`: the first with the
    counts `read` gave it (`first`), the others as listed. A way that names anything but the
    attacks lnf reads (`attacks`) is left out and its item goes to `notes`; [] when there is no
    choice."""
    if action.get("actions") or not action.get("action_options"):
        return []
    offered = ((action.get("action_options") or {}).get("from") or {}).get("options") or []
    by_stem = {stem(a): a for a in attacks}
    when = _CONDITION.search(str(action.get("desc", ""))[:2000])
    out: list[dict[str, Any]] = []
    for i, option in enumerate(offered[:20]):
        if not isinstance(option, dict):
            continue
        items = _option_items(option)
        names = [str(x.get("action_name", ""))[:100] for x in items]
        unread = [n for n in names if stem(n) not in by_stem]
        for name in unread:
            if name and not any(n.startswith(f"Multiattack: {name}") for n in notes):
                notes.append(f"Multiattack: {name}")
        if unread or not items:
            continue
        at_range = all(str(x.get("type", "")) == "ranged" for x in items)
        if i == 0:
            counts = dict(first)
        else:
            counts = {}
            for name, item in zip(names, items, strict=True):
                count = str(item.get("count", 1))[:4]
                number = int(count) if count.isdigit() and 1 <= int(count) <= 20 else 1
                counts[by_stem[stem(name)]] = counts.get(by_stem[stem(name)], 0) + number
        added = [n for n in counts if n not in first]
        way: dict[str, Any] = {"attacks": counts, "at_range": at_range}
        if when and i and added and when[0].lower() == "while flying":
            way["flying"] = True  # B1: the wyvern's claws, when it can fly (rules.attacks)
        elif when and i and added:  # a way the text allows only on another condition
            note = f"Multiattack: {added[0]} ({when[0].lower()})"
            notes.extend([note] if note not in notes else [])
            continue
        if counts and all(o["attacks"] != counts or o["at_range"] != at_range for o in out):
            out.append(way)
    return out if len(out) > 1 else []


_USES = re.compile(
    r"\b(?:can use its|uses) ([A-Z][\w' ]{0,40}?)(?: if it can)?(?:\. It then| and makes)"
    r"|and, if it can, uses its ([A-Z][\w' ]{0,40}?)\."  # the gibbering mouther's spittle
)


def special_first(action: dict[str, Any], specials: list[str], notes: list[str]) -> str:
    """B1: the special action a Multiattack uses before its attacks ("The dragon can use its
    Frightful Presence. It then makes three attacks"; "The nalfeshnee uses Horror Nimbus if it
    can. It then makes three attacks"), when it is one of the stat block's
    special actions lnf reads (`specials`); its note leaves `notes`. "" when there is none."""
    desc = str(action.get("desc", ""))[:2000]
    found = _USES.search(desc)
    replaces = _IN_PLACE.search(desc)  # the chimera's: "when its fire breath is available"
    said = (found[1] or found[2]) if found is not None else ""
    name = said or (replaces[1].title() if replaces is not None else "")
    if name not in specials:
        return ""
    note = f"Multiattack: {name}"
    if note in notes:
        notes.remove(note)
    return name


# B1: "When its fire breath is available, it can use the breath in place of its bite or horns"
_IN_PLACE = re.compile(
    r"When its ([\w ]+?) is available, it can use the \w+ in place of its (\w+) or (\w+)\."
)


def in_place(action: dict[str, Any], attacks: list[str]) -> list[str]:
    """B1: the attacks the Multiattack's first action replaces one of ("in place of its bite
    or horns"), by their names among `attacks`; [] when it says none."""
    found = _IN_PLACE.search(str(action.get("desc", ""))[:2000])
    if found is None:
        return []
    by_stem = {stem(a): a for a in attacks}
    named = [by_stem.get(stem(found[2].title())), by_stem.get(stem(found[3].title()))]
    return [n for n in named if n is not None]


def reels(block: dict[str, Any], notes: list[str]) -> bool:
    """F6: whether the Multiattack "uses Reel" and the Reel action says what lnf plays ("pulls
    each creature grappled by it up to 25 ft. straight toward it"): played as the trait `reel`
    (the roper), its names taken off `notes`."""
    from lnf.formats import hold_words as hw

    actions = [a for a in block.get("actions") or () if isinstance(a, dict)]
    reel = next((a for a in actions if a.get("name") == "Reel"), None)
    multi = next((a for a in actions if a.get("name") == "Multiattack"), None)
    if reel is None or multi is None or "uses Reel" not in str(multi.get("desc", "")):
        return False
    if not hw.REEL.fullmatch(str(reel.get("desc", "")).strip()):
        return False
    notes[:] = [n for n in notes if n not in ("Reel", "Multiattack: Reel")]
    return True


def engulfs(block: dict[str, Any], notes: list[str]) -> str:
    """F6: the shambling mound's Multiattack and Engulf as the trait form `engulf Slam, DC 14,
    2d8+4 bludgeoning` when both say what lnf plays (their names taken off `notes`); ""."""
    from lnf.formats import hold_words as hw

    actions = [a for a in block.get("actions") or () if isinstance(a, dict)]
    said = {str(a.get("name")): str(a.get("desc", ""))[:2000].strip() for a in actions}
    multi = hw.ENGULFS.fullmatch(said.get("Multiattack", ""))
    engulf = hw.ENGULF.fullmatch(said.get("Engulf", ""))
    if multi is None or engulf is None or multi["dc"] != engulf["dc"]:
        return ""
    notes[:] = [n for n in notes if n not in ("Engulf", "Multiattack: Engulf")]
    dice = engulf["dice"].replace(" ", "")
    return f"engulf {multi['attack'].title()}, DC {multi['dc']}, {dice} {engulf['type']}"


# B1: "If the chuul is grappling a creature, the chuul can also use its tentacles once."
_HELD = re.compile(
    r"If the [\w ]+? is grappling a creature, the [\w ]+? can also use its (\w+) once\."
)


def held_action(block: dict[str, Any], specials: list[str], notes: list[str]) -> str:
    """B1: the special action a Multiattack also uses on one its monster grapples (the
    chuul's tentacles), when it is one lnf reads (`specials`); its note leaves `notes`."""
    multi = next(
        (
            a
            for a in block.get("actions") or ()
            if isinstance(a, dict) and a.get("name") == "Multiattack"
        ),
        None,
    )
    found = _HELD.search(str(multi.get("desc", ""))[:2000]) if multi is not None else None
    name = found[1].title() if found is not None else ""
    if name not in specials:
        return ""
    notes[:] = [n for n in notes if n != f"Multiattack: {name}"]
    return name


# F6: the tarrasque's Swallow, "instead of its bite": a bite against one it grapples swallows.
_SWALLOW = re.compile(
    r"The (?P<name>[\w ]+?) makes one (?P<attack>\w+) attack against a (?P<size>\w+ or smaller) "
    r"creature it is grappling\. If the attack hits, the target takes the \w+'s damage, the "
    r"target is swallowed, and the grapple ends\. (?P<rest>.*)",
    re.S,
)


def swallow_bite(block: dict[str, Any], attacks: list[dict[str, Any]], notes: list[str]) -> bool:
    """F6: "It can use its Swallow instead of its bite" (the tarrasque): its bite swallows one
    it grapples, as the kraken's does — the Swallow's words read as that bite's (its riders
    first, so a bite grapples before a later one swallows); True when read whole, its names
    taken off `notes`."""
    from lnf.formats.rider_forms import rider_doc
    from lnf.formats.riders import read

    actions = [a for a in block.get("actions") or () if isinstance(a, dict)]
    said = {str(a.get("name")): str(a.get("desc", ""))[:2000].strip() for a in actions}
    found = _SWALLOW.fullmatch(said.get("Swallow", ""))
    if found is None or "use its Swallow instead of its bite" not in said.get("Multiattack", ""):
        return False
    bite = next((a for a in attacks if a["name"].lower() == found["attack"].lower()), None)
    words = (
        f"Hit: 1 damage. If the target is a {found['size']} creature grappled by the "
        f"{found['name']}, that creature is swallowed, and the grapple ends. {found['rest']}"
    )
    reading = read(words)  # the Swallow's own sentences, after its first two (checked above)
    swallows = [r for r in reading.riders if r.swallow]
    if bite is None or reading.unread or len(swallows) != 1:
        return False
    bite["riders"] = [rider_doc(swallows[0]), *bite.get("riders", [])]
    notes[:] = [n for n in notes if n not in ("Swallow", "Multiattack: Swallow")]
    return True


def spell_way(block: dict[str, Any], attacks: list[str], notes: list[str]) -> dict[str, int]:
    """B1: the attacks a Multiattack makes beside one spell ("Alternatively, it makes two
    attacks with its pincers and casts one spell"): the counts of the way that names a
    Spellcasting among its items, when the text says "casts one spell"; its note leaves
    `notes`; {} when there is none."""
    actions = [a for a in block.get("actions") or () if isinstance(a, dict)]
    multi = next((a for a in actions if a.get("name") == "Multiattack"), None)
    if multi is None or "casts one spell" not in str(multi.get("desc", ""))[:2000]:
        return {}
    offered = ((multi.get("action_options") or {}).get("from") or {}).get("options") or []
    by_stem = {stem(a): a for a in attacks}
    for option in offered[:20]:
        items = _option_items(option) if isinstance(option, dict) else []
        names = [str(x.get("action_name", ""))[:100] for x in items]
        casting = [n for n in names if n.endswith("Spellcasting")]
        rest = [(n, x) for n, x in zip(names, items, strict=True) if n not in casting]
        if len(casting) != 1 or not rest or any(stem(n) not in by_stem for n, _ in rest):
            continue
        counts = {by_stem[stem(n)]: int(str(x.get("count", 1))[:2]) for n, x in rest}
        notes[:] = [n for n in notes if n != f"Multiattack: {casting[0]}"]
        return counts
    return {}
