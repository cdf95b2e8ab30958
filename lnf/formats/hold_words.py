"""F6, the words of a hit that holds, attaches or pulls, as `lnf.formats.riders` reads them (each
pattern matches the SRD's own sentence; docs/riders.md "F6, holds" and "F6, pulled")."""

from __future__ import annotations

import re

# F6, the holds an attack makes at once: "the snake can't constrict another target", "the
# octopus can't use its tentacles on another target", "… can't make tail attacks against
# other targets" (one); "if the behir isn't already constricting a creature" (one); "the chuul
# doesn't have two other creatures grappled", "the crab has two claws, each of which can
# grapple only one target" (that many). "Can't use the same tendril" (the roper) is not one.
NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "six": 6, "ten": 10}
ONE_AT_A_TIME = re.compile(
    r"(?:until (?:this|the) grapple ends, )?(?:and )?the [\w ]+? can't "
    r"(?:\w+|use its \w+ on|make \w+ attacks against) (?:another|other) targets?",
    re.I,
)
NOT_ALREADY = re.compile(
    r",? if the [\w ]+? isn't already (?:constricting|grappling) a creature"
    r"|,? and the [\w ]+? doesn't have (?P<n>\w+) other creatures grappled",
    re.I,
)
# "the ankheg can bite only the grappled creature and has advantage on attack rolls to do so":
# one at a time, with advantage on the one it holds (F6).
HELD_ADVANTAGE = re.compile(
    r"until (?:this|the) grapple ends, the [\w ]+? can \w+ only the grappled creature and "
    r"has advantage on attack rolls to do so",
    re.I,
)
# F6, the stirge's attachment, each of its sentences (one left out, not one read); it attaches
# as the cloaker and the darkmantle do (`WRAPS`).
ATTACHED = {
    "quiet": re.compile(r"while attached, the [\w ]+? doesn't attack", re.I),
    "drain": re.compile(
        r"instead, at the start of each of the [\w ]+?'s turns, the target loses \d+ "
        r"\((?P<dice>\d+d\d+(?: [+-] \d+)?)\) hit points due to blood loss",
        re.I,
    ),
    "moves": re.compile(r"the [\w ]+? can detach itself by spending 5 feet of its movement", re.I),
    "sated": re.compile(
        r"it does so after it drains (?P<n>\d+) hit points of blood from the target or the "
        r"target dies",
        re.I,
    ),
    "action": re.compile(
        r"a creature, including the target, can use its action to detach the [\w ]+", re.I
    ),
}
# F6: "Until this grapple ends, the target is restrained and takes 7 (2d6) piercing damage at
# the start of each of its turns" (the chain devil).
PULLED = r" or be pulled up to \d+ feet toward the [\w ]+"  # F6: into the attacker's group
CONTEST = re.compile(
    r"if the target is (?P<who>[^,]+?), it must succeed on a Strength contest against the "
    r"[\w ]+?" + PULLED,
    re.I,
)
SURE_HIT = re.compile(r"the [\w ]+? can automatically hit the target with its \w+", re.I)
HELD_DAMAGE = re.compile(
    r"takes \d+ \((?P<dice>\d+d\d+(?: [+-] \d+)?)\) (?P<type>\w+) damage at the start of each "
    r"of its turns",
    re.I,
)
LIMBS = re.compile(
    r"the [\w ]+? has (?P<n>\w+) \w+, each of which can grapple (?:only )?one target", re.I
)
# F6, the purple worm's swallow (a failed save) and the kraken's (of one it grapples), each of
# their sentences.
SWALLOWED = r" or be swallowed by the [\w ]+"
SWALLOWS_HELD = re.compile(
    r"if the target is (?P<who>[^,]+?) grappled by the [\w ]+?, that creature is swallowed, and "
    r"the grapple ends",
    re.I,
)
SWALLOW = {
    "inside": re.compile(
        r"(?:a swallowed creature is|while swallowed, the creature is) (?P<what>blinded and "
        r"restrained), it has total cover against "
        r"attacks and other effects outside the [\w ]+?, and it takes \d+ "
        r"\((?P<dice>\d+d\d+(?: [+-] \d+)?)\) (?P<type>\w+) damage at the start of each of the "
        r"[\w ]+?'s turns",
        re.I,
    ),
    "out": re.compile(
        r"if the [\w ]+? takes (?P<n>\d+) damage or more on a single turn from a creature inside "
        r"it, the [\w ]+? must succeed on a DC (?P<dc>\d+) Constitution saving throw at the end "
        r"of that turn or regurgitate all swallowed creatures, which fall prone in a space within "
        r"10 feet of the [\w ]+",
        re.I,
    ),
    "corpse": re.compile(
        r"if the [\w ]+? dies, a swallowed creature is no longer restrained by it and can escape "
        r"from the corpse (?:by )?using \d+ feet of movement, exiting prone",
        re.I,
    ),
}
# F6, the giant spider's and the ettercap's Web: restrained by webbing, burst by a Strength
# check as an action; the webbing's own AC and hit points (docs/choices.md F6, webbing).
WEB_ESCAPE = re.compile(
    r"as an action, the restrained (?:creature|target) can make a DC (?P<dc>\d+) Strength "
    r"check, (?:escaping from|bursting) the webbing on a success",
    re.I,
)
WEBBING = re.compile(
    r"the effect ends if the webbing is destroyed"
    r"|the webbing has AC \d+, \d+ hit points, is vulnerable to fire damage and immune to "
    r"bludgeoning damage"
    r"|the webbing can also be attacked and destroyed \(AC \d+; hp \d+; vulnerability to fire "
    r"damage; immunity to bludgeoning, poison, and psychic damage\)",
    re.I,
)
# F6, the lamia's Intoxicating Touch: a curse whose whole effect is "disadvantage on Wisdom
# saving throws and all ability checks", played as the intoxicated condition.
CURSED = re.compile(r"the target is magically cursed for (?P<n>\d+) (?P<unit>hour|minute)s?", re.I)
CURSE_WORSE = re.compile(
    r"until the curse ends, the target has disadvantage on Wisdom saving throws and all ability "
    r"checks",
    re.I,
)
# F6, the roper's tendril: "has disadvantage on Strength checks and Strength saving throws"
# while held (the hampered condition), and "can't use the same tendril on another target":
# each tendril holds one, as many at once as its Grasping Tendrils trait has tendrils.
STR_WORSE = re.compile(r"has disadvantage on Strength checks and Strength saving throws", re.I)
SAME_LIMB = re.compile(r"the [\w ]+? can't use the same (?P<limb>\w+) on another target", re.I)
LIMBS_TRAIT = re.compile(r"the [\w ]+? can have up to (?P<n>\w+) (?P<limb>\w+)s at a time", re.I)
# F6, the roper's Reel, which its Multiattack uses: each creature it grapples pulled to it.
REEL = re.compile(
    r"the [\w ]+? pulls each creature grappled by it up to \d+ (?:ft\.|feet) straight toward it\.?",
    re.I,
)
# F6, the rug of smothering's Smother: "at risk of suffocating" while held, and "In addition,
# at the start of each of the target's turns, the target takes 10 (2d6 + 3) bludgeoning damage".
SUFFOCATING = re.compile(r"at risk of suffocating", re.I)
HELD_DAMAGE_TURNS = re.compile(
    r"in addition, at the start of each of the target's turns, the target takes \d+ "
    r"\((?P<dice>\d+d\d+(?: [+-] \d+)?)\) (?P<type>\w+) damage",
    re.I,
)
# F6, the vampire's: "Instead of dealing damage, the vampire can grapple the target (escape DC
# 18)": a grapple its attacker may choose in place of the hit's damage (B6 chooses).
INSTEAD = re.compile(
    r"instead of dealing damage, the [\w ]+? can grapple the target \(escape DC (?P<dc>\d+)\)", re.I
)
# F6, the cloaker's and the darkmantle's attachments, each of their sentences: it attaches (to
# a creature of a size, or any), with advantage on the roll to the head (blinded and unable to
# breathe), attacks the one it holds with advantage, detaches by its movement, and is pulled
# off by a Strength check as an action.
WRAPS = re.compile(
    r"(?:and )?(?:if the target is (?P<who>[^,]+?), )?the [\w ]+? attaches to (?:it|the target)",
    re.I,
)
WRAPPED = {
    "head": re.compile(
        r"if (?:the target is \w+ or smaller and )?the [\w ]+? has advantage (?:against the "
        r"target|on the attack roll), (?:the [\w ]+? attaches to the target's head|it attaches "
        r"by engulfing the target's head), and the target is (?:also )?blinded and unable to "
        r"breathe while the [\w ]+? is attached(?: in this way)?",
        re.I,
    ),
    "advantage": re.compile(
        r"while attached(?: to the target)?, the [\w ]+? can (?:make this attack only against "
        r"the target and has advantage on the attack roll|attack no other creature except the "
        r"target but has advantage on its attack rolls)",
        re.I,
    ),
    "moves": re.compile(
        r"(?:on its turn, )?the [\w ]+? can detach itself (?:from the target )?by (?:spending|"
        r"using) 5 feet of (?:its )?movement",
        re.I,
    ),
    "check": re.compile(
        r"a creature(?:, including the target,)? can (?:take its action to )?detach the [\w ]+? "
        r"by (?:succeeding on|making) a (?:successful )?DC (?P<dc>\d+) Strength check"
        r"(?: as an action)?",
        re.I,
    ),
}
# The darkmantle's: "speed also becomes 0, it can't benefit from any bonus to its speed, and it
# moves with the target" — it rides along (every attachment with a check does in lnf).
RIDES = re.compile(
    r"the [\w ]+?'s speed also becomes 0, it can't benefit from any bonus to its speed, and it "
    r"moves with the target",
    re.I,
)
# F6, the shambling mound's Multiattack and Engulf, as the SRD words them.
ENGULFS = re.compile(
    r"The [\w ]+? makes two (?P<attack>\w+) attacks\. If both attacks hit a Medium or smaller "
    r"target, the target is grappled \(escape DC (?P<dc>\d+)\), and the [\w ]+? uses its Engulf "
    r"on it\."
)
ENGULF = re.compile(
    r"The [\w ]+? engulfs a Medium or smaller creature grappled by it\. The engulfed target is "
    r"blinded, restrained, and unable to breathe, and it must succeed on a DC (?P<dc>\d+) "
    r"Constitution saving throw at the start of each of the [\w ]+?'s turns or take \d+ "
    r"\((?P<dice>\d+d\d+(?: [+-] \d+)?)\) (?P<type>\w+) damage\. If the [\w ]+? moves, the "
    r"engulfed target moves with it\. The [\w ]+? can have only one creature engulfed at a time\."
)
