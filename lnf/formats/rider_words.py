"""F4, F6, the words of a hit's rider, as `lnf.formats.riders` reads them a sentence at a time: a
save and its repeat, what a failure brings and for how long, a bad failure's unconsciousness, a
grapple, a reduced hit-point maximum, the sentences taken as read, and the kinds of what lnf does
not read, in its own words (docs/riders.md; the holds' own words are `hold_words`)."""

from __future__ import annotations

import re

HIT_END = re.compile(r"\.(?:\s|$)|, and the target|, and the |, and if |; | If ")
DAMAGE = r"\d+ \((?P<dice>\d+d\d+(?: [+-] \d+)?)\) (?P<type>\w+) damage"
WHO = r"(?:and )?(?:if the target is (?P<who>[^,]+?), )?(?:the target|it|the creature)"
SAVE = re.compile(
    WHO + r" must (?:succeed on|make)(?: on)? a DC (?P<dc>\d+) (?P<ability>\w+) saving throw"
    r"(?: against (?:disease|poison|being magically petrified))?(?P<tail>.*)",
    re.I,
)
REPEAT = re.compile(
    r"(?:the |it )(?:[\w ]*?)(?:can|must) repeat the saving throw at the (?P<edge>end|start) of "
    r"(?:each of its turns|its next turn)"
    r"(?P<sight>, with disadvantage if the [\w ]+? is within line of sight)?"  # B8: the quasit's
    r"(?:, ending the effect on itself on a success)?",
    re.I,
)
# F4: what a failed repeated save brings instead (the cockatrice's "petrified for 24 hours").
THEN = re.compile(
    r"on a failure, the (?:creature|target) is (?P<what>\w+) for (?P<n>\d+) "
    r"(?P<unit>round|minute|hour|day)s?",
    re.I,
)
# F6: a bad failure knocks the target out too (the drow's, homunculus's, pseudodragon's and
# sprite's poisons), and how it wakes.
OUT = re.compile(
    r"if (?:the|its) saving throw (?:fails by (?P<by>\d+) or more|result is (?P<at>\d+) or "
    r"lower), (?:the (?:poisoned )?target) (?:is (?:also|instead poisoned for (?P<minutes>\d+) "
    r"\(\d+d\d+\) minutes and) unconscious while poisoned in this way|falls unconscious for the "
    r"same duration, or until it takes damage or another creature (?:uses|takes) an action to "
    r"shake it awake)",
    re.I,
)
WAKES = re.compile(
    r"the target wakes up if it takes damage or if another creature takes an action to shake it "
    r"awake",
    re.I,
)
SHAKE = re.compile(r"another creature can use an action to shake the target awake", re.I)
GRAPPLE = re.compile(WHO + r" is grappled \(escape DC (?P<dc>\d+)\)(?P<tail>.*)", re.I)
WHILE_HELD = re.compile(
    r"until (?:this|the) grapple ends, the (?:target|creature) is (?P<what>.*)", re.I
)
HELD_TAIL = re.compile(
    r",? and (?:the target is )?restrained until (?:this|the) grapple ends", re.I
)
IS = re.compile(WHO + r" is (?P<what>.*)", re.I)
UNTIL_POISON_ENDS = re.compile(r"until this poison ends, the target is (?P<what>.*)", re.I)
TURNS_TO_STONE = re.compile(r"on a failed save, the creature [\w ]*? and is (?P<what>.*)", re.I)
REDUCED = (
    r"hit point maximum (?:is )?reduced by an amount equal to the (?:(?P<type>\w+) )?damage "
    r"taken(?P<regain>, and the \w+ regains hit points [\w ]*)?"
)
MAX_HP = re.compile(r"or (?:have its|its) " + REDUCED, re.I)  # after a save
MAX_HP_PLAIN = re.compile(r"the target's " + REDUCED, re.I)  # with the hit
DURATION = re.compile(
    r"\s*(?:for (?P<n>\d+|one|a|an) (?P<unit>round|minute|hour|day)s?"
    r"|until the (?P<edge>start|end) of (?P<whose>its|the target's|[\w ]+?'s) next turn"
    r"|until the disease is cured)",
    re.I,
)
# Sentences about what comes after the fight, or that say what another part already does.
TAKEN_AS_READ = re.compile(
    r"(?:this|the) reduction (?:to the target's hit point maximum )?lasts until .*"
    r"|the (?:target|creature) dies if this (?:effect|attack) reduces its hit point maximum to 0"
    r"|on a success, the effect ends"
    r"|the poison lasts until it is removed .*"
    # a critical hit's dice rolled three times: the attack's own (`formats.srd`, D5)
    r"|if the \w+ scores a critical hit, it rolls damage dice (?:three|four) times, instead of "
    r"twice"
    # a loose object set alight (Hurl Flame): no combatant, nothing in a fight without a map
    r"|if the target is a flammable object that isn't being worn or carried, it also catches fire",
    re.I,
)

NAMED_BY = {"a curse": ("lycanthropy", "mummy rot")}  # a kind another one already says
# What lnf does not read, in its own words: the first words of the text that match, in order.
KINDS = (
    (r"lycanthropy", "lycanthropy"),
    (r"mummy rot", "mummy rot"),
    (r"\bcurse", "a curse"),
    (r"disease", "disease"),
    (r"swallow", "swallowing"),
    (r"attaches", "attaching itself"),
    (r"\bpulled\b", "pulling"),
    (r"\bpushed\b", "pushing"),
    (r"ignites|catches fire", "setting on fire"),
    (r"infernal wound", "an infernal wound"),
    (r"\barmor\b", "corroding armor"),
    (r"critical hit", "its critical hits"),
    (r"strength score is reduced", "Strength drain"),
    (r"\bor die\b", "death on a failed save"),
    (r"petrified", "petrification"),
    (r"can't regain hit points", "no healing"),
    (r"(?:start|end) of each of (?:its|the target's|the \w+'s) turns", "damage each turn"),
    (r"fails by 5 or more|5 or lower", "unconsciousness on a bad failure"),
    (r"stable but poisoned", "paralysis at 0 hit points"),
    (r"instead of dealing damage", "a grapple instead of damage"),
    (r"suffocat", "suffocation"),
    (r"disadvantage on", "disadvantage"),
    (r"automatically hit|advantage on attack rolls", "advantage or sure hits on the one it holds"),
    (
        r"can't (?:bite|constrict|smother|use|make)|isn't already|doesn't have two",
        "holds one target at a time",
    ),
    (r"each of which can grapple", "one grapple per limb"),
    (r"absorbed", "absorbing the slain"),
    (r"rises|zombie", "the slain rising"),
    (r"regains hit points", "regains what it drains"),
    (r"adhesive", "its Adhesive trait"),
    (r"contest", "a Strength contest"),
    (r"webbing", "webbing"),
    (r"shake (?:the target|it) awake|wakes up", "waking by a shake"),
)


def limit(who: str | None) -> str | None:
    """The limit an "If the target is …" states, in lnf's words ("Large or smaller", "not
    undead"); "" for none; None for a limit lnf cannot say (an object, hit points)."""
    if who is None or who.lower() in ("a creature", "a creature or a flammable object"):
        return ""
    text = who.lower()
    if m := re.fullmatch(r"(?:an? )?(tiny|small|medium|large|huge) or smaller(?: creature)?", text):
        return f"{m[1].title()} or smaller"
    if m := re.fullmatch(r"a creature other than ((?:an? )?\w+(?: or (?:an? )?\w+)?)", text):
        return f"not {m[1]}"
    if text == "a humanoid":
        return "humanoid"
    if m := re.fullmatch(r"a creature that has (\d+) hit points or fewer", text):
        return f"{m[1]} hit points or fewer"  # the Solar's: a save or die (`Rider.kills`)
    return None
