"""B6: a stat block's own action that attacks nobody — one that turns its user invisible ("The
imp magically turns invisible until it attacks, or until its concentration ends (as if
concentrating on a spell)"), a Healing Touch ("The deva touches another creature. The target
magically regains 20 (4d8 + 2) hit points") — read from its text as the fight file's entry.

**Decision (B6, F7):** such an action is played as the spell Invisibility's invisible
condition on the monster itself (`effect: {invisible: true, ends_on_attack: true}`, with
concentration): it is no spell (`uses`, never `casts`; no slot, nothing to counter), it ends as
its user attacks (or, as lnf plays Invisibility, uses any other action on a hero: the SRD's
"uses Scare", "casts a spell", "uses its Enlarge" are such), and it lasts while its
concentration holds, the hour the text gives (the duergar's "up to 1 hour") or, without one,
until the concentration ends. The plan uses it only when nothing else is possible
(`rules.idle_casts`), as the spells of B6.

**Decision (B6, F7):** a Healing Touch is played as a monster's Cure Wounds is, on another
creature only (`effect: {heal: 4d8+2, others: true}`): the most hurt of the monster's side in
its mêlée group (a touch, B4), never itself, never undead nor a construct; its use a day
spent (B2). What else it frees the target from (a curse, a disease, poison, blindness,
deafness) is its `note`, said for the DM to rule when it is used.
"""

from __future__ import annotations

import re
from typing import Any

from lnf.formats.darkness_words import darkness_entry
from lnf.formats.own_actions import does_more, with_uses

__all__ = ["darkness_entry", "healing_entry", "invisible_entry"]

# "turns invisible until it attacks … or until its concentration ends (as if concentrating on
# a spell)"; "The will-o'-wisp and its light magically become invisible until it attacks".
INVISIBLE = re.compile(
    r"\bmagically (?:turns|become) invisible until (?:it|she|he) attacks\b[^.]*\bconcentration"
    r"[^.]*\(as if concentrating on a spell\)",
    re.I,
)
_UP_TO = re.compile(r"\bup to (1|one) hour\b", re.I)
# "touches another creature[ with its horn]. The target magically regains 20 (4d8 + 2) hit
# points"; what follows in the same text is the note (F7).
HEALING = re.compile(
    r"\btouches another creature(?: with its \w+)?\. The target magically regains \d+ "
    r"\((\d{1,2}d\d{1,2}(?: \+ \d{1,3})?)\) hit points\b"
    r"(?: and (.+?)\.?$|\. In addition, (.+?)\.?$)?",
    re.I,
)

# "The treant magically animates one or two trees … These trees have the same statistics as a
# treant, except they have Intelligence and Charisma scores of 1, they can't speak, and they
# have only the Slam action option. An animated tree acts as an ally of the treant."
ANIMATES = re.compile(
    r"\bmagically animates one or two trees\b.*\bsame statistics as a treant, except they have "
    r"Intelligence and Charisma scores of 1\b.*\bonly the Slam action option\b.*\bacts as an "
    r"ally of the treant\b",
    re.I | re.S,
)


def animate_entry(s: dict[str, Any], desc: str) -> dict[str, Any] | None:
    """B6: the entry of special action `s` when its `desc` is the treant's Animate Trees
    (`ANIMATES`): two trees join its side (`rules.joining`), its use a day (B2); None
    otherwise."""
    if does_more(s) or not ANIMATES.search(desc):
        return None
    return with_uses(s, {"name": s["name"], "effect": {"animates": 2}})


# "The wraith targets a humanoid within 10 feet of it that has been dead for no longer than 1
# minute and died violently. The target's spirit rises as a specter … The wraith can have no
# more than seven specters under its control at one time."
RAISES = re.compile(
    r"\btargets a humanoid within 10 feet of it that has been dead for no longer than 1 minute "
    r"and died violently\. The target's spirit rises as a specter\b.*\bno more than seven "
    r"specters\b",
    re.I | re.S,
)


def raise_entry(s: dict[str, Any], desc: str) -> dict[str, Any] | None:
    """B6: the entry of special action `s` when its `desc` is the wraith's Create Specter
    (`RAISES`): a hero dead in the fight rises as a specter on its side (`rules.specters`);
    None otherwise."""
    if does_more(s) or not RAISES.search(desc):
        return None
    return {"name": s["name"], "effect": {"raises": True}}


def invisible_entry(s: dict[str, Any], desc: str) -> dict[str, Any] | None:
    """B6: the entry of special action `s` (its figures, `formats.specials.special`) when its
    `desc` says it turns its user invisible until it attacks, under concentration; None
    otherwise (or when it also saves, deals damage or imposes a condition)."""
    if does_more(s) or not INVISIBLE.search(desc):
        return None
    effect: dict[str, Any] = {"invisible": True, "ends_on_attack": True}
    if _UP_TO.search(desc):
        effect["lasting"] = "1 hour"
    entry: dict[str, Any] = {"name": s["name"], "concentration": True, "effect": effect}
    entry = with_uses(s, entry)
    return entry


# B6: "For 1 minute, the duergar magically increases in size … While enlarged, the duergar is
# Large, doubles its damage dice on Strength-based weapon attacks (included in the attacks),
# and makes Strength checks and Strength saving throws with advantage."
ENLARGE = re.compile(
    r"^For 1 minute, the [\w ]+ magically increases in size\b.*\bWhile enlarged, the [\w ]+ is "
    r"Large, doubles its damage dice on Strength-based weapon attacks \(included in the "
    r"attacks\), and makes Strength checks and Strength saving throws with advantage\.",
    re.I | re.S,
)


def enlarge_entry(s: dict[str, Any], desc: str) -> dict[str, Any] | None:
    """B6: the entry of special action `s` when its `desc` is the duergar's Enlarge: the
    enlarged condition on itself for 1 minute (its weapons' damage "while enlarged" is their
    other damage, `AltUse.ENLARGED`), once a fight (it "recharges after a short or long rest",
    and a fight has none); None otherwise."""
    if does_more(s) or not ENLARGE.search(desc):
        return None
    return {"name": s["name"], "per_day": 1, "effect": {"ward": "enlarged", "lasting": "1 minute"}}


# B6: "Until the end of its next turn, the golem magically gains a +2 bonus to its AC, has
# advantage on Dexterity saving throws, and can use its slam attack as a bonus action."
HASTE = re.compile(
    r"^Until the end of its next turn, the [\w ]+ magically gains a \+2 bonus to its AC, has "
    r"advantage on Dexterity saving throws, and can use its \w+ attack as a bonus action\.$"
)


def haste_entry(s: dict[str, Any], desc: str) -> dict[str, Any] | None:
    """B6: the entry of special action `s` when its `desc` is the clay golem's Haste: hasted
    on itself through the end of its next turn (`lasting: 1 round`, `rules.effects`), with its
    recharge; None otherwise."""
    if does_more(s) or not HASTE.match(desc):
        return None
    entry: dict[str, Any] = {"name": s["name"], "effect": {"ward": "hasted", "lasting": "1 round"}}
    entry = with_uses(s, entry)
    return entry


def healing_entry(s: dict[str, Any], desc: str) -> dict[str, Any] | None:
    """B6: the entry of special action `s` when its `desc` says it heals another creature it
    touches (`HEALING`): the dice, `others`, its uses, and what else it does as its note;
    None otherwise (or when it also saves, deals damage or imposes a condition)."""
    found = HEALING.search(desc)
    if does_more(s) or found is None:
        return None
    effect = {"heal": found[1].replace(" ", ""), "others": True}
    entry: dict[str, Any] = {"name": s["name"], "effect": effect}
    entry = with_uses(s, entry)
    if found[2] or found[3]:  # "and is freed from …"; "In addition, the touch removes …"
        entry["note"] = f"the target {found[2]}" if found[2] else found[3]
    return entry
