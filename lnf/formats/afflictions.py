"""F6: what a hit brings that lasts past the fight, read from a stat block's words: a curse
(lycanthropy, mummy rot, the rakshasa's), a disease, no regaining hit points, the slain
rising. lnf keeps its own few words of it (`Rider.afflicts`, `Rider.no_healing`,
`Rider.slain`), never a sentence of the text; what comes of it after the fight (a maximum of 0
kills, a remove curse lifts it) is taken as read. `formats.riders` asks `lasting` of each
sentence and reads a failed save's `AFFLICTION` with `afflicted`."""

from __future__ import annotations

import re
from collections.abc import Callable

from lnf.dice import DamageType, DiceExpr, parse
from lnf.formats.short_forms import ROUNDS
from lnf.model import Condition, Lasting, Rider, TurnEdge
from lnf.model.effects import ON_FIRE
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
# F6: damage at an edge of each of the target's turns, and what ends it (`Rider.hurts`).
_EACH_TURN = (
    r"(?:it )?takes \d+ \((?P<dice>\d+d\d+(?: [+-] \d+)?)\) (?P<type>\w+) damage at the "
    r"(?P<edge>start|end) of each of its turns"
)
_IGNITES = re.compile(r"if the target is a creature or a flammable object, it ignites", re.I)
_DOUSE = re.compile(
    r"until a (?:creature|target) takes an action to douse the fire, the target " + _EACH_TURN,
    re.I,
)
WOUND = re.compile(
    r" or lose \d+ \((?P<dice>\d+d\d+)\) hit points at the (?P<edge>start|end) of each of its "
    r"turns due to an infernal wound",
    re.I,
)
_WOUND_GROWS = re.compile(
    r"each time the devil hits the wounded target with this attack, the damage dealt by the "
    r"wound increases by \d+ \((?P<dice>\d+d\d+)\)",
    re.I,
)
_STANCH = re.compile(
    r"any creature can take an action to stanch the wound with a successful DC (?P<dc>\d+) "
    r"Wisdom \(Medicine\) check",
    re.I,
)
_CLOSES = re.compile(r"the wound also closes if the target receives magical healing", re.I)
_CORRODES = re.compile(
    r"(?:in addition, nonmagical armor worn by the target is partly dissolved|and if the target "
    r"is wearing nonmagical (?P<metal>metal )?armor, its armor is partly corroded) and takes a "
    r"permanent and cumulative -(?P<n>\d+) penalty to the AC it offers",
    re.I,
)
_STRENGTH = re.compile(
    r"(?:and )?the target's Strength score is reduced by (?P<dice>\d+d\d+)", re.I
)
_STRENGTH_ENDS = re.compile(
    r"The target dies if this reduces its Strength to 0|Otherwise, the reduction lasts until "
    r"the target finishes a short or long rest"
)
_DESTROYED = re.compile(r"the armor is destroyed if the penalty reduces its AC to 10", re.I)
WOUNDED = "bleeding from an infernal wound"
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
# F6: the gibbering mouther's bites: "If the target is killed by this damage, it is absorbed
# into the mouther" (`Rider.slain`: its body is gone, past the fight).
_ABSORBED = re.compile(
    r"if the target is killed by this damage, it is absorbed into the (?P<what>[\w ]+)", re.I
)
# F6, D9: poisoned and paralyzed at 0 hit points, stable (`Rider.at_zero`): by the poison
# damage of the rider before it (the giant spider's bite), or by the hit (the swarm's).
_AT_ZERO = re.compile(
    r"(?:if the (?P<poison>poison) damage reduces the target to 0 hit points, the target"
    r"|a creature reduced to 0 hit points by an? [\w ]+?) is stable but poisoned for "
    r"(?P<n>\d+) (?P<unit>minute|hour)s?, even after regaining hit points, and (?:is )?paralyzed "
    r"while poisoned in this way",
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


def wound(m: re.Match[str]) -> dict[str, object]:
    """F6: "… or lose 10 (3d6) hit points at the start of each of its turns due to an infernal
    wound": the rider's fields (hit points lost, of no type)."""
    return {
        "hurts": parse(m["dice"]),
        "hurts_at": TurnEdge(m["edge"].lower()),
        "hurts_what": WOUNDED,
    }


def _wound(s: str, riders: list[Rider]) -> bool:
    """F6: what the sentences after an infernal wound add: it grows with each hit (by its own
    dice: a wound more), a Medicine check stanches it, magical healing closes it."""
    last = riders[-1]
    if (m := _WOUND_GROWS.fullmatch(s)) and last.hurts is not None and m["dice"] == str(last.hurts):
        riders[-1] = replace(last, stacks=True)
    elif m := _STANCH.fullmatch(s):
        riders[-1] = replace(last, hurts_what=f"{WOUNDED}: DC {m['dc']} Medicine stanches it")
    elif _CLOSES.fullmatch(s):
        riders[-1] = replace(last, healed_ends=True)
    else:
        return False
    return True


def _at_zero(m: re.Match[str], riders: list[Rider]) -> bool:
    """F6, D9: "… the target is stable but poisoned for 1 hour, even after regaining hit
    points, and is paralyzed while poisoned in this way": on the rider whose poison damage it
    follows, or a rider of its own for the hit's; False when no poison damage goes before."""
    conditions = (Condition.POISONED, Condition.PARALYZED)
    rider = Rider(
        at_zero=True,
        conditions=conditions,
        lasting=Lasting(rounds=int(m["n"]) * ROUNDS[m["unit"].lower()]),
    )
    if not m["poison"]:
        riders.append(rider)
        return True
    last = riders[-1] if riders else None
    if last is None or last.damage_type is not DamageType.POISON or last.conditions:
        return False
    riders[-1] = replace(last, at_zero=True, conditions=conditions, lasting=rider.lasting)
    return True


def _dice(m: re.Match[str]) -> DiceExpr:
    """ "5 (1d10) fire damage": its dice of its type."""
    return parse(f"{m['dice'].replace(' ', '')} {m['type'].lower()}")


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
    if m := _ABSORBED.fullmatch(s):
        riders.append(Rider(afflicts=f"slain: absorbed into the {m['what']}", slain=True))
        return True
    if (m := _AT_ZERO.fullmatch(s)) and _at_zero(m, riders):
        return True
    if m := _CORRODES.fullmatch(s):  # F6: the black pudding's and gray ooze's
        kind = "metal armor" if m["metal"] else "armor"
        riders.append(Rider(armor=-int(m["n"]), only_if=f"in nonmagical {kind}"))
        return True
    if m := _STRENGTH.fullmatch(s):  # F6: the shadow's Strength Drain
        riders.append(Rider(strength=parse(m["dice"])))
        return True
    if _STRENGTH_ENDS.fullmatch(s) and riders and riders[-1].strength is not None:
        return True  # dead at 0, until a rest: as `engine.drains` plays it
    if _DESTROYED.fullmatch(s) and riders and riders[-1].armor:
        return True  # AC 10 is as low as it goes (engine.riders)
    if _IGNITES.fullmatch(s):
        riders.append(Rider(hurts_what=ON_FIRE))  # its damage comes in the next sentence
        return True
    last = riders[-1] if riders else None
    if last is None:
        return False
    if (m := _DOUSE.fullmatch(s)) and last.hurts_what == ON_FIRE:
        riders[-1] = replace(last, hurts=_dice(m), hurts_at=TurnEdge(m["edge"].lower()))
        return True
    if last.hurts_what.startswith(WOUNDED):
        return _wound(s, riders)
    if m := _NO_HEALING.fullmatch(s):
        riders[-1] = replace(riders[-1], no_healing="magic" if m["magic"] else "all")
        daily = _DAILY.fullmatch(m["rest"] or "")
        each = re.fullmatch(_EACH_TURN, m["rest"] or "", re.I)
        if each:  # the pit fiend's poison: 6d6 at the start of each of its turns
            edge = TurnEdge(each["edge"].lower())
            riders[-1] = replace(riders[-1], hurts=_dice(each), hurts_at=edge)
        elif daily and last.afflicts:
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
