"""F6: what a hit brings that lasts past the fight, read from a stat block's words: a curse
(lycanthropy, mummy rot, the rakshasa's), a disease, no regaining hit points, the slain
rising. lnf keeps its own few words of it (`Rider.afflicts`, `Rider.no_healing`,
`Rider.slain`), never a sentence of the text; what comes of it after the fight (a maximum of 0
kills, a remove curse lifts it) is taken as read. `formats.riders` asks `lasting` of each
sentence and reads a failed save's `AFFLICTION` with `afflicted`."""

from __future__ import annotations

import re
from collections.abc import Callable

from lnf.model import Rider
from lnf.values import replace

# F6: a failed save's lasting condition past the fight (`Rider.afflicts`), in lnf's words.
AFFLICTION = re.compile(
    r" or (?:be cursed with (?P<were>\w+ lycanthropy)|be cursed with (?P<rot>mummy rot)"
    r"|become diseased|contract a disease)",
    re.I,
)
_CURSED = re.compile(r"(?:and )?the target is cursed if it is a creature", re.I)  # Rakshasa
_NO_HEALING = re.compile(
    r"(?:while poisoned in this way, |until the disease is cured, )?the (?:cursed )?target "
    r"can't regain hit points(?P<magic> except by magical means)?(?:,? and (?P<rest>.*))?",
    re.I,
)
_DAILY = re.compile(
    r"(?:its|the target's) hit point maximum decreases by \d+ \((?P<dice>\d+d\d+)\) "
    r"(?:for )?every 24 hours(?: that elapse)?",
    re.I,
)
_DAILY_SAVE = re.compile(
    r"every 24 hours that elapse, the (?:creature|target) must repeat the saving throw, "
    r"reducing its hit point maximum by \d+ \((?P<dice>\d+d\d+)\) on a failure",
    re.I,
)
# The Aboleth's disease, a sentence at a time: what it adds to the words said.
_ABOLETH = (
    (
        r"the disease has no effect for 1 minute and can be removed by any magic that cures "
        r"disease",
        "",
    ),
    (
        r"after 1 minute, the diseased creature's skin becomes translucent and slimy, the creature "
        r"can't regain hit points unless it is underwater, and the disease can be removed only by "
        r"heal or another disease-curing spell of 6th level or higher",
        ": from 1 minute on, no healing out of water",
    ),
    (
        r"when the creature is outside a body of water, it takes \d+ \((?P<dice>\d+d\d+)\) "
        r"(?P<type>\w+) damage every 10 minutes unless moisture is applied to the skin before 10 "
        r"minutes have passed",
        "",  # every 10 minutes: long after the fight
    ),
)
# F6: the slain rising, as each text says it (`Rider.slain`).
_RISES = re.compile(
    r"a humanoid slain (?:by this attack|in this way)(?P<buried> and then buried in the ground)? "
    r"rises (?P<when>\d+ hours later|the following night) as an? (?P<what>[\w ]+?) under the "
    r"(?P<master>\w+)'s control(?P<unless>, unless the humanoid is restored to life or its body "
    r"is destroyed)?"
    r"|if a non-evil humanoid dies from this attack, a new (?P<new>\w+) rises from the corpse "
    r"(?P<later>\d+d\d+|\d+) hours later",
    re.I,
)
# What comes after the fight of a lasting condition read before: taken as read.
_AFTER_AFFLICTION = re.compile(
    r"the (?:creature|target) dies if the (?:disease|curse) reduces its hit point maximum to 0"
    r"|if the target's hit point maximum drops to 0 as a result of this disease, the target dies"
    r"|if the curse reduces the target's hit point maximum to 0, the target dies, and its body "
    r"turns to dust"
    r"|the curse lasts until (?:it is lifted|removed) by (?:a|the) remove curse spell or "
    r"(?:similar|other) magic"
    r"|this reduction (?:to the target's hit point maximum )?lasts until the disease is cured"
    r"|the disease is cured on a success"
    r"|the magical curse takes effect whenever the target takes a short or long rest, filling "
    r"the target's thoughts with horrible images and dreams"
    r"|the cursed target gains no benefit from finishing a short or long rest"
    r"|the wight can have no more than twelve zombies under its control at one time",
    re.I,
)

CURSED = "cursed: no benefit from a short or long rest"


def afflicted(m: re.Match[str]) -> str:
    """F6: a failed save's lasting condition in lnf's words."""
    if m["were"]:
        return f"cursed with {m['were'].lower()}: it shows after the fight"
    if m["rot"]:
        return "cursed with mummy rot"
    return "diseased"


def _risen(m: re.Match[str]) -> str:
    """F6: the slain rising, in lnf's words."""
    if m["new"]:
        return f"slain: a new {m['new'].lower()} rises from it in {m['later']} hours"
    when = "the next night" if "night" in m["when"] else f"in {m['when'].split(' later')[0]}"
    buried = "buried, " if m["buried"] else ""
    return f"slain: {buried}it rises as a {m['what']} {when}"


def _drops(dice: str) -> str:
    return f"{dice} off its hit-point maximum"


def _more(words: str, more: str) -> str:
    """A lasting condition's words with more said of it."""
    return f"{words}, {more}" if ":" in words else f"{words}: {more}"


def lasting(s: str, riders: list[Rider], note: Callable[[str], None]) -> bool:
    """F6: whether `s` is a sentence about what lasts past the fight: a curse, the slain
    rising, or what it adds to the last of `riders` (no healing, the hit-point maximum
    dropping day by day, what comes of it after the fight, taken as read); `riders` is changed
    so, and what of it lnf does not read goes to `note`."""
    if _CURSED.fullmatch(s):
        riders.append(Rider(afflicts=CURSED))
        return True
    if m := _RISES.fullmatch(s):
        riders.append(Rider(afflicts=_risen(m), slain=True, only_if="humanoid"))
        return True
    last = riders[-1] if riders else None
    if last is None:
        return False
    if m := _NO_HEALING.fullmatch(s):
        riders[-1] = replace(riders[-1], no_healing="magic" if m["magic"] else "all")
        daily = _DAILY.fullmatch(m["rest"] or "")
        if daily and last.afflicts:
            riders[-1] = replace(
                riders[-1], afflicts=_more(last.afflicts, f"{_drops(daily['dice'])} a day")
            )
        elif m["rest"]:
            note(m["rest"])
        return True
    if m := _DAILY_SAVE.fullmatch(s):
        every = f"a save each day or {_drops(m['dice'])}"
        riders[-1] = replace(riders[-1], afflicts=_more(last.afflicts or "diseased", every))
        return True
    if not last.afflicts:
        return False
    if _AFTER_AFFLICTION.fullmatch(s):
        return True
    for pattern, words in _ABOLETH:
        if found := re.fullmatch(pattern, s, re.I):
            if words:
                riders[-1] = replace(
                    riders[-1], afflicts=last.afflicts + words.format(**found.groupdict())
                )
            return True
    return False
