"""B8: what the SRD texts of the traits that act by touch, aura, light or stealth must say to be
read (`srd_traits.read_trait` reads them by name, as every trait lnf plays): a trait is read
only when its description says what lnf plays, so a homebrew text that says something else
stays in `not_modelled`."""

from __future__ import annotations

import re
from typing import Any

from lnf.model import Flag, TraitKind

_CORRODES = (
    r"Any nonmagical weapon made of metal that hits the [\w ]+ corrodes\. After dealing damage, "
    r"the weapon takes a permanent and cumulative -1 penalty to damage rolls\. If its penalty "
    r"drops to -5, the weapon is destroyed\. Nonmagical ammunition made of metal that hits the "
    r"[\w ]+ is destroyed after dealing damage\."
)
SAYS: dict[TraitKind, str] = {
    # B10: of "the Dash, Disengage, or Hide action", the Disengage, as Nimble Escape's
    TraitKind.CUNNING_ACTION: r"^On each of its turns, the [\w ]+ can use a bonus action to take "
    r"the Dash, Disengage, or Hide action\.$",
    TraitKind.AMBUSHER: r"^In the first round of combat, the [\w ]+ has advantage on attack rolls "
    r"against any creature it has surprised\.$",
    TraitKind.SUNLIGHT_WEAKNESS: r"^While in sunlight, the [\w ]+ has disadvantage on attack "
    r"rolls, ability checks, and saving throws\.$",
    TraitKind.LIGHT_SENSITIVITY: r"^While in bright light, the [\w ]+ has disadvantage on attack "
    r"rolls and Wisdom \(Perception\) checks that rely on sight\.$",
    TraitKind.HORRIFIC_APPEARANCE: r"^Any humanoid that starts its turn within 30 feet of the "
    r"[\w ]+ and can see the [\w ]+'s true form must make a DC (\d+) Wisdom saving throw\. On a "
    r"failed save, the creature is frightened for 1 minute\. A creature can repeat the saving "
    r"throw at the end of each of its turns, with disadvantage if the [\w ]+ is within line of "
    r"sight, ending the effect on itself on a success\. If a creature's saving throw is "
    r"successful or the effect ends for it, the creature is immune to the [\w ]+'s Horrific "
    r"Appearance for the next 24 hours\.",
    TraitKind.FIRE_FORM: r"^The elemental can move through a space as narrow as 1 inch wide "
    r"without squeezing\. A creature that touches the elemental or hits it with a melee attack "
    r"while within 5 ft\. of it takes \d+ \((\d+d\d+)\) (fire) damage\. In addition, the "
    r"elemental can enter a hostile creature's space and stop there\. The first time it enters "
    r"a creature's space on a turn, that creature takes \d+ \(\1\) fire damage and catches "
    r"fire; until someone takes an action to douse the fire, the creature takes \d+ \(\1\) "
    r"fire damage at the start of each of its turns\.$",
    TraitKind.MUCOUS_CLOUD: r"^While underwater, the [\w ]+ is surrounded by transformative "
    r"mucus\. A creature that touches the [\w ]+ or that hits it with a melee attack while within "
    r"5 ft\. of it must make a DC (\d+) Constitution saving throw\. On a failure, the creature is "
    r"diseased for 1d4 hours\. The diseased creature can breathe only underwater\.$",
    TraitKind.SHADOW_STEALTH: r"^While in dim light or darkness, the [\w ]+ can take the Hide "
    r"action as a bonus action\. Its stealth bonus is also improved to \+(\d+)\.$",
    TraitKind.CONSUME_LIFE: r"^As a bonus action, the [\w'\- ]+ can target one creature it can see "
    r"within 5 ft\. of it that has 0 hit points and is still alive\. The target must succeed on a "
    r"DC (\d+) Constitution saving throw against this magic or die\. If the target dies, the "
    r"[\w'\- ]+ regains \d+ \((\d+d\d+)\) hit points\.$",
    TraitKind.BARBED_HIDE: r"^At the start of each of its turns, the [\w ]+ deals \d+ "
    r"\((\d+d\d+)\) (piercing) damage to any creature grappling it\.$",
    # the ooze's "can eat through 2-inch-thick, nonmagical metal in 1 round": a map's doors
    TraitKind.CORRODE_METAL: rf"^{_CORRODES}(?:\s*The [\w ]+ can eat through 2-inch-thick, "
    r"nonmagical metal in 1 round\.)?$",
    TraitKind.RUST_METAL: rf"^{_CORRODES}$",
    TraitKind.CORROSIVE_FORM: r"^A creature that touches the [\w ]+ or hits it with a melee "
    r"attack while within 5 feet of it takes \d+ \((\d+d\d+)\) (acid) damage\. Any nonmagical "
    r"weapon made of metal or wood that hits the [\w ]+ corrodes\. After dealing damage, the "
    r"weapon takes a permanent and cumulative -1 penalty to damage rolls\. If its penalty drops "
    r"to -5, the weapon is destroyed\. Nonmagical ammunition made of metal or wood that hits the "
    r"[\w ]+ is destroyed after dealing damage\. The [\w ]+ can eat through 2-inch-thick, "
    r"nonmagical wood or metal in 1 round\.$",
    TraitKind.ADHESIVE: r"^The [\w ]+ adheres to anything that touches it\. A Huge or smaller "
    r"creature adhered to the [\w ]+ is also grappled by it \(escape DC (\d+)\)\. Ability checks "
    r"made to escape this grapple have disadvantage\.$",
    TraitKind.GRAPPLER: r"^The [\w ]+ has advantage on attack rolls against any creature "
    r"grappled by it\.$",
    # B8 (`rules.mouther`): the gibbering mouther's two auras; its ground's difficult terrain
    # needs a map, the speed of 0 is played
    TraitKind.ABERRANT_GROUND: r"^The ground in a 10-foot radius around the [\w ]+ is doughlike "
    r"difficult terrain\. Each creature that starts its turn in that area must succeed on a DC "
    r"(\d+) Strength saving throw or have its speed reduced to 0 until the start of its next "
    r"turn\.$",
    TraitKind.GIBBERING: r"^The [\w ]+ babbles incoherently while it can see any creature and "
    r"isn't incapacitated\. Each creature that starts its turn within 20 feet of the [\w ]+ and "
    r"can hear the gibbering must succeed on a DC (\d+) Wisdom saving throw\. On a failure, the "
    r"creature can't take reactions until the start of its next turn and rolls a d8 to "
    r"determine what it does during its turn\. On a 1 to 4, the creature does nothing\. On a 5 "
    r"or 6, the creature takes no action or bonus action and uses all its movement to move in a "
    r"randomly determined direction\. On a 7 or 8, the creature makes a melee attack against a "
    r"randomly determined creature within its reach or does nothing if it can't make such an "
    r"attack\.$",
    TraitKind.FREEZE: r"^If the [\w ]+ takes cold damage, it partially freezes; its speed is "
    r"reduced by (\d+) ft\. until the end of its next turn\.$",
}

# R5: an elemental's form that "can enter a hostile creature's space and stop there" ignores
# guards, as a swarm does; its "space as narrow as 1 inch" needs a map.
_ENTERS = (
    r"^The elemental can enter a hostile creature's space and stop there\. It can move through a "
    r"space as narrow as 1 inch wide without squeezing\.$"
)
FLAGS: dict[str, tuple[Flag, str]] = {
    "air form": (Flag.ENTERS_SPACES, _ENTERS),
    "water form": (Flag.ENTERS_SPACES, _ENTERS),
    "fire form": (
        Flag.ENTERS_SPACES,
        r"the elemental can enter a hostile creature's space and "
        r"stop there\. The first time it enters",
    ),
}


def stealth_bonus(m: dict[str, Any], stealth: int) -> int:
    """Shadow Stealth (SRD: "Its stealth bonus is also improved to +6"): the stat block's
    Stealth bonus with the trait's, where its text says so (D12's and C's hiding roll it).
    Decision: the "+6" holds in any light (the skills' +4 is the same shadow's out of it)."""
    for x in m.get("special_abilities") or ():
        if isinstance(x, dict) and str(x.get("name", "")).lower() == "shadow stealth":
            found = re.search(SAYS[TraitKind.SHADOW_STEALTH], str(x.get("desc", ""))[:2000])
            if found:
                stealth = max(stealth, int(found[1]))
    return stealth


# B2: ammunition a trait counts: "The manticore has twenty-four tail spikes. Used spikes regrow
# when the manticore finishes a long rest." (the attack that spends them: "Tail Spike")
_PIECES = re.compile(
    r"^The [\w ]+ has (?P<n>[\w-]+) tail spikes\. Used spikes regrow when the [\w ]+ finishes "
    r"a long rest\.$"
)
_UNITS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
_TENS = {"twenty": 20, "thirty": 30, "forty": 40}


def _number(word: str) -> int | None:
    """ "twenty-four": 24 (the SRD's way of writing a count of pieces)."""
    tens, _, unit = word.lower().partition("-")
    if word.isdigit():
        return int(word)
    if tens in _TENS and (not unit or unit in _UNITS):
        return _TENS[tens] + (_UNITS.index(unit) + 1 if unit else 0)
    return None


def counted_pieces(m: dict[str, Any], attacks: list[str]) -> tuple[dict[str, int], set[str]]:
    """B2: the uses (the attack's name: its pieces) a trait counts, and the trait's name, when
    its text says so and the stat block has the ranged attack that spends them."""
    for x in m.get("special_abilities") or ():
        if not isinstance(x, dict) or str(x.get("name", "")) != "Tail Spike Regrowth":
            continue
        found = _PIECES.match(str(x.get("desc", ""))[:2000].strip())
        n = _number(found["n"]) if found else None
        if n is not None and "Tail Spike" in attacks:
            return {"Tail Spike": n}, {"Tail Spike Regrowth"}
    return {}, set()


# F6: an attack whose hit brings the Adhesive trait ("If the mimic is in object form, the target
# is subjected to its Adhesive trait"): the grapple its trait's escape DC says.
SUBJECTED = "If the mimic is in object form, the target is subjected to its Adhesive trait."


def adhesive_riders(m: dict[str, Any], attacks: list[dict[str, Any]], notes: list[str]) -> None:
    """B8, F6: the attacks whose text subjects the target to the Adhesive trait hold it as the
    trait says (`grapple`: its escape DC), in place; their note goes. Decision: the mimic
    fights in object form, the one its Adhesive needs (its statistics are the same in each)."""
    dc = 0
    for x in m.get("special_abilities") or ():
        name = re.sub(r"\s*\([^)]*\)$", "", str(x.get("name", ""))).lower()
        found = re.search(SAYS[TraitKind.ADHESIVE], str(x.get("desc", ""))[:2000].strip())
        if name == "adhesive" and found:
            dc = int(found[1])
    if not dc:
        return
    texts = {str(a.get("name", "")): str(a.get("desc", "")) for a in m.get("actions") or ()}
    for a in attacks:
        if SUBJECTED in texts.get(a["name"], ""):
            a["riders"] = [*a.get("riders", []), {"grapple": dc}]
            said = f"{a['name']}: on a hit, its Adhesive trait"
            notes[:] = [n for n in notes if n != said]
