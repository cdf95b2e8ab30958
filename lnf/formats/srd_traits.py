"""B8: a stat block's traits (`special_abilities`) that lnf plays, read into the fight file's
`traits:` short forms. A trait is read only when its description says what lnf plays (data
judged by its own text): a homebrew "Pack Tactics" that says something else stays in
`not_modelled`, as does every trait lnf does not play."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from lnf.dice import DamageType, parse
from lnf.formats.specials import special
from lnf.formats.touch_traits import FLAGS, SAYS
from lnf.formats.trait_forms import DC_TRAITS, FIGURE, parse_trait, trait_form
from lnf.model import Flag, Trait, TraitKind
from lnf.values import value

_TYPES = f"({'|'.join(t.value for t in DamageType)})"
# Death Burst, Death Throes: "When the mephit dies, it explodes … Each creature within 5 ft.
# of it must make a DC 10 Dexterity saving throw" (the figures: `lnf.formats.specials`)
_DIES = (
    r"^When the [\w ]+ dies, it explodes(?: in a (?:burst|cloud) of [\w ]+)?(?:\.|,) "
    r"(?:and )?[Ee]ach creature within \d+ (?:ft\.|feet) of (?:it|the [\w ]+) must (?:then )?"
    r"(?:succeed on|make) a DC \d+ \w+ saving throw"
)
_SAYS = {
    TraitKind.PACK_TACTICS: r"advantage on an attack roll against a creature if at least one of "
    r"the [\w ]+'s allies is within 5 ft\. of the creature and the ally isn't incapacitated",
    TraitKind.MARTIAL_ADVANTAGE: r"Once per turn, .* extra \d+ \((\d+d\d+)\) damage to a creature "
    r"it hits with a weapon attack if that creature is within 5 ft\. of an ally",
    TraitKind.SNEAK_ATTACK: r"extra \d+ \((\d+d\d+)\) damage when it hits a target with a weapon "
    r"attack and has advantage on the attack roll, or when the target is within 5 ft\. of an ally",
    TraitKind.BLOOD_FRENZY: r"advantage on melee attack rolls against any creature that doesn't "
    r"have all its hit points",
    TraitKind.MAGIC_RESISTANCE: r"advantage on saving throws against spells",
    TraitKind.REGENERATION: r"regains (\d+) hit points at the start of its turn",
    TraitKind.UNDEAD_FORTITUDE: r"0 hit points, it must make a Constitution saving throw with a "
    r"DC of 5 ?\+ ?the damage taken, unless the damage is radiant or from a critical hit",
    TraitKind.CHARGE: r"moves at least \d+ (?:ft\.|feet) straight toward a target and then hits it "
    r"with (?:an? |its )(\w+)(?: attack)? on the same turn, the target takes an extra \d+ "
    r"\((\d+d\d+)\)"
    r"(?: (\w+))? damage",
    TraitKind.POUNCE: r"moves at least \d+ (?:ft\.|feet) straight toward a creature and then hits "
    r"it with an? (\w+) attack on the same turn, that target must succeed on a DC (\d+) Strength "
    r"saving throw or be knocked prone",
    TraitKind.NIMBLE_ESCAPE: r"can take the Disengage or Hide action as a bonus action",
    TraitKind.FLYBY: r"doesn't provoke opportunity attacks when it flies out of an enemy's reach",
    TraitKind.SUNLIGHT_SENSITIVITY: r"While in sunlight, the [\w ]+ has disadvantage on attack "
    r"rolls",
    # D6: its weapon attacks are magical; Angelic and Hellish Weapons say so too, with extra
    # dice the attacks already hold ("included in the attack")
    TraitKind.MAGIC_WEAPONS: r"weapon attacks are magical(?:\.$| and deal an extra [^.]*"
    r"\(included in the attacks?\)\.$|\. When [^.]*\(included in the attacks?\)\.$)",
    TraitKind.SPIDER_CLIMB: r"can climb difficult surfaces, including upside down on ceilings",
    TraitKind.FEY_ANCESTRY: r"advantage on saving throws against being charmed, and magic can't "
    r"put the [\w ]+ to sleep\.$",
    TraitKind.BRAVE: r"advantage on saving throws against being frightened\.$",
    TraitKind.TURN_DEFIANCE: r"^The [\w ]+ and any ghouls within 30 ft\. of it have advantage on "
    r"saving throws against effects that turn undead\.$",
    TraitKind.TURN_RESISTANCE: r"^The [\w ]+ has advantage on saving throws against any effect "
    r"that turns undead\.$",
    TraitKind.DARK_DEVOTION: r"advantage on saving throws against being charmed or frightened\.$",
    TraitKind.TWO_HEADS: r"advantage on Wisdom \(Perception\) checks and on saving throws against "
    r"being blinded, charmed, deafened, frightened, stunned, (?:or|and) knocked unconscious\.$",
    TraitKind.DUERGAR_RESILIENCE: r"advantage on saving throws against poison, spells, and "
    r"illusions, as well as to resist being charmed or paralyzed\.$",
    TraitKind.GNOME_CUNNING: r"advantage on Intelligence, Wisdom, and Charisma saving throws "
    r"against magic\.$",
    TraitKind.SURE_FOOTED: r"advantage on Strength and Dexterity saving throws made against "
    r"effects that would knock it prone\.$",
    TraitKind.STEADFAST: r"can't be frightened while it can see an allied creature within 30 "
    r"(?:feet|ft\.) of it\.$",
    TraitKind.EVASION: r"subjected to an effect that allows it to make a Dexterity saving throw "
    r"to take only half damage, the [\w ]+ instead takes no damage if it succeeds on the saving "
    r"throw, and only half damage if it fails\.$",
    # once a fight: the stat block's usage must say it recharges after a rest (`block_traits`)
    TraitKind.RELENTLESS: r"If the [\w ]+ takes (\d+) damage or less that would reduce it to 0 "
    r"hit points, it is reduced to 1 hit point instead\.$",
    TraitKind.ABSORPTION: rf"Whenever the [\w ]+ is subjected to {_TYPES} damage, it takes no "
    r"damage and (?:instead )?regains a number of hit points equal to the \1 damage dealt\.$",
    TraitKind.HEATED_BODY: r"^A creature that touches the [\w ]+ or hits it with a melee attack "
    rf"while within 5 (?:ft\.|feet) of it takes \d+ \((\d+d\d+)\) {_TYPES} damage\.$",
    TraitKind.FIRE_AURA: r"^At the start of each of the [\w ]+'s turns, each creature within 5 "
    rf"feet of it takes \d+ \((\d+d\d+)\) {_TYPES} damage, and flammable objects in the aura that "
    r"aren't being worn or carried ignite\. A creature that touches the [\w ]+ or hits it with a "
    r"melee attack while within 5 feet of it takes \d+ \(\1\) \2 damage\.$",
    TraitKind.SURPRISE_ATTACK: r"^If the [\w ]+ surprises a creature and hits it with an attack "
    r"during the first round of combat, the target takes an extra \d+ \((\d+d\d+)\) damage from "
    r"the attack\.$",
    TraitKind.ASSASSINATE: r"^During its first turn, the [\w ]+ has advantage on attack rolls "
    r"against any creature that hasn't taken a turn\. Any hit the [\w ]+ scores against a "
    r"surprised creature is a critical hit\.$",
    TraitKind.RECKLESS: r"^At the start of its turn, the [\w ]+ can gain advantage on all melee "
    r"weapon attack rolls (?:it makes )?during that turn, but attack rolls against it have "
    r"advantage until the start of its next turn\.$",
    TraitKind.STENCH: r"^Any creature that starts its turn within \d+ (?:ft\.|feet) of the [\w ]+ "
    r"must succeed on a DC (\d+) Constitution saving throw or be poisoned until the start of its "
    r"next turn\. On a successful saving throw, the creature is immune to the [\w ]+'s [Ss]tench "
    r"for 24 hours\.$",
    TraitKind.FEAR_AURA: r"^Any creature hostile to the [\w ]+ that starts its turn within \d+ "
    r"feet of the [\w ]+ must make a DC (\d+) Wisdom saving throw, unless the [\w ]+ is "
    r"incapacitated\. On a failed save, the creature is frightened until the start of its next "
    r"turn\. If a creature's saving throw is successful, the creature is immune to the [\w ]+'s "
    r"Fear Aura for the next 24 hours\.$",
    # Vampire Weaknesses: the flaws that need no map are out of a fight (an invitation, a
    # stake in its resting place) or need water; the sunlight's is played
    TraitKind.SUNLIGHT_HYPERSENSITIVITY: r"^The vampire has the following flaws:\s*Forbiddance\. "
    r"[^\n]*\s*Harmed by Running Water\. [^\n]*\s*Stake to the Heart\. [^\n]*\s*Sunlight "
    r"Hypersensitivity\. The vampire takes (\d+) radiant damage when it starts its turn in "
    r"sunlight\. While in sunlight, it has disadvantage on attack rolls and ability checks\.$",
    TraitKind.MISTY_ESCAPE: r"^When it drops to 0 hit points outside its resting place, the "
    r"vampire transforms into a cloud of mist \(as in the Shapechanger trait\) instead of falling "
    r"unconscious, provided that it isn't in sunlight or running water\. If it can't transform, "
    r"it is destroyed\.",
    TraitKind.REJUVENATION: r"^(?:If it dies, the [\w ]+ returns to life|If it has a phylactery, "
    r"a destroyed [\w ]+ gains a new body|A destroyed [\w ]+ gains a new body) in (\d+d\d+ days|"
    r"\d+ hours)(?: if its heart is intact)?(?:,| and) regain(?:s|ing) all its hit points",
    TraitKind.ELEMENTAL_DEMISE: r"^If the [\w ]+ dies, its body disintegrates [^.]*, leaving "
    r"behind only equipment the [\w ]+ was wearing or carrying\.$",
    TraitKind.RAMPAGE: r"^When the [\w ]+ reduces a creature to 0 hit points with a melee attack "
    r"on its turn, the [\w ]+ can take a bonus action to move up to half its speed and make an? "
    r"(\w+) attack\.$",
    TraitKind.PETRIFYING_GAZE: r"^(?:If a creature starts its turn within 30 ft\. of the [\w ]+ "
    r"and the two of them can see each other|When a creature that can see the [\w ]+'s eyes starts "
    r"its turn within 30 ft\. of the [\w ]+), the [\w ]+ can force (?:the creature|it) to make a "
    r"DC (\d+) Constitution saving throw if the [\w ]+ isn't incapacitated(?: and can see the "
    r"creature)?\. (?:If the saving throw fails by (\d+) or more, the creature is instantly "
    r"petrified\. Otherwise, a creature that fails the save|On a failed save, the creature "
    r"magically) begins to turn to stone and is restrained\. (?:It|The restrained creature) must "
    r"repeat the saving throw at the end of its next turn",
    TraitKind.AGGRESSIVE: r"^As a bonus action, the [\w ]+ can move up to its speed toward a "
    r"hostile creature that it can see\.$",
    TraitKind.DEATH_BURST: _DIES,
    TraitKind.IMMUTABLE_FORM: r"^The [\w ]+ is immune to any spell or effect that would alter its "
    r"form\.$",
    TraitKind.ANTIMAGIC_SUSCEPTIBILITY: r"^The [\w ]+ is incapacitated while in the area of an "
    r"antimagic field\. If targeted by dispel magic, the [\w ]+ must succeed on a Constitution "
    r"saving throw against the caster's spell save DC or fall unconscious for 1 minute\.$",
    TraitKind.AVERSION_OF_FIRE: r"^If the [\w ]+ takes fire damage, it has disadvantage on attack "
    r"rolls and ability checks until the end of its next turn\.$",
    TraitKind.UNNERVING_MASK: r"^When a creature the [\w ]+ can see starts its turn within 30 feet "
    r"of the [\w ]+, the [\w ]+ can create the illusion that it looks like one of the creature's "
    r"departed loved ones or bitter enemies\. If the creature can see the [\w ]+, it must succeed "
    r"on a DC (\d+) Wisdom saving throw or be frightened until the end of its turn\.$",
    TraitKind.ROCK_CATCHING: r"^If a rock or similar object is hurled at the [\w ]+, the [\w ]+ "
    r"can, with a successful DC (\d+) Dexterity saving throw, catch the missile and take no "
    r"bludgeoning damage from it\.$",
    TraitKind.SPLIT: r"^When an? [\w ]+ that is Medium or larger is subjected to lightning or "
    r"slashing damage, it splits into two new [\w ]+ if it has at least (\d+) hit points\. Each "
    r"new [\w ]+ has hit points equal to half the original [\w ]+'s, rounded down\. New [\w ]+ "
    r"are one size smaller than the original [\w ]+\.$",
    TraitKind.REACTIVE: r"^The [\w ]+ can take one reaction on every turn in (?:a )?combat\.$",
    TraitKind.BERSERK: r"^Whenever the [\w ]+ starts its turn with (\d+) hit points or fewer, roll "
    r"a d6\. On a 6, the [\w ]+ goes berserk\. On each of its turns while berserk, the [\w ]+ "
    r"attacks the nearest creature it can see\. If no creature is near enough to move to and "
    r"attack, the [\w ]+ attacks an object, with preference for an object smaller than itself\. "
    r"Once the [\w ]+ goes berserk, it continues to do so until it is destroyed or regains all "
    r"its hit points\.(?:\n|$)",
    TraitKind.DAMAGE_TRANSFER: r"^While (?:attached to|it is grappling) a creature, the [\w ]+ "
    r"takes only half the damage dealt to it(?: \(rounded down\))?[.,] and (?:that creature|the "
    r"creature grappled by the [\w ]+) takes the other half\.$",
    TraitKind.REFLECTIVE_CARAPACE: r"^Any time the [\w ]+ is targeted by a magic missile spell, a "
    r"line spell, or a spell that requires a ranged attack roll, roll a d6\. On a 1 to 5, the "
    r"[\w ]+ is unaffected\. On a 6, the [\w ]+ is unaffected, and the effect is reflected back "
    r"at the caster as though it originated from the [\w ]+, turning the caster into the "
    r"target\.$",
    TraitKind.MULTIPLE_HEADS: r"^The [\w ]+ has (\w+) heads\. While it has more than one head, the "
    r"[\w ]+ has advantage on saving throws against being blinded, charmed, deafened, "
    r"frightened, stunned, and knocked unconscious\.\s*Whenever the [\w ]+ takes (\d+) or more "
    r"damage in a single turn, one of its heads dies\. If all its heads die, the [\w ]+ dies\."
    r"\s*At the end of its turn, it grows two heads for each of its heads that died since its "
    r"last turn, unless it has taken fire damage since its last turn\. The [\w ]+ regains (\d+) "
    r"hit points for each head regrown in this way\.$",
    TraitKind.REACTIVE_HEADS: r"^For each head the [\w ]+ has beyond one, it gets an extra "
    r"reaction that can be used only for opportunity attacks\.$",
    TraitKind.LIMITED_MAGIC_IMMUNITY: r"^The [\w ]+ can't be affected or detected by spells of "
    r"(\d)(?:st|nd|rd|th) level or lower unless it wishes to be\. It has advantage on saving "
    r"throws against all other spells and magical effects\.$",
    TraitKind.DEATH_THROES: _DIES,
    **SAYS,  # touch, aura, light and stealth (Cunning Action, Ambusher, Sunlight Weakness…)
}
# Other names a stat block gives a trait lnf plays (read only when its text says the same)
_ALIASES = {
    "trampling charge": "pounce",
    "angelic weapons": "magic weapons",
    "hellish weapons": "magic weapons",
    "two-headed": "two heads",
    "vampire weaknesses": "sunlight hypersensitivity",
}
_COUNTS = {w: i for i, w in enumerate(("one", "two", "three", "four", "five", "six"), 1)}
_PRONE = re.compile(
    r"DC (\d+) Strength saving throw or be "
    r"(?:pushed up to 10 (?:ft\.|feet) away and )?knocked prone"
)
_BONUS = re.compile(r"can make (?:one|another) (?:(\w+) attack|attack with its (\w+)) against it")
_STOPPED = re.compile(rf"takes {_TYPES} (?:damage )?(?:or {_TYPES} )?damage")


@value
class ReadTraits:
    """The traits played (as `traits:` writes them) and the stat block's names for them."""

    forms: tuple[str, ...]
    names: frozenset[str]


def block_reactions(m: dict[str, Any]) -> ReadTraits:
    """B10: the reactions among the entry's `reactions` lnf plays as traits (Unnerving Mask),
    each read only when its text says what lnf plays."""
    forms: list[str] = []
    names: set[str] = set()
    for x in m.get("reactions") or ():
        name, desc = str(x.get("name", "")), str(x.get("desc", ""))[:2000]
        trait = read_trait(name, desc) if name.lower() in _REACTIONS else None
        if trait is not None and (form := trait_form(trait)) not in forms:
            forms.append(form)
            names.add(name)
    return ReadTraits(tuple(forms), frozenset(names))


_REACTIONS = {"unnerving mask", "rock catching", "split"}  # B10: the reactions read as traits


def block_traits(m: dict[str, Any]) -> ReadTraits:
    """B8: the played traits among the entry's `special_abilities` (already checked to be a
    list of objects with names by the caller)."""
    forms: list[str] = []
    names: set[str] = set()
    attacks = [str(a.get("name", "")) for a in m.get("actions") or () if isinstance(a, dict)]
    texts = [str(a.get("desc", ""))[:2000] for a in m.get("actions") or () if isinstance(a, dict)]
    for x in m.get("special_abilities") or ():
        name, desc = str(x.get("name", "")), str(x.get("desc", ""))[:2000]
        trait = read_trait(name, desc, attacks)
        if trait is not None and trait.kind is TraitKind.RELENTLESS and not _after_rest(x):
            trait = None  # B8: Relentless is once a fight, as its usage says
        if trait is not None and (form := trait_form(trait)) not in forms:
            forms.append(form)
            names.add(name)
        elif trait is None and included(name, desc, texts):
            names.add(name)  # B8: its damage is in the attacks (Brute, Heated Weapons)
    return ReadTraits(tuple(forms), frozenset(names))


# Traits whose damage the stat block's attacks already hold ("included in the attack"): read
# only when the attacks show it, so played as the attacks are, with no `traits:` form.
_INCLUDED = {
    "brute": r"^A melee weapon deals one extra die of its damage when the [\w ]+ hits with it "
    r"\(included in the attack\)\.$",
    "heated weapons": r"^(?:When the [\w ]+ hits with a metal melee weapon, it deals|Any metal "
    r"melee weapon the [\w ]+ wields deals) an extra \d+ \((\d+d\d+)\) (\w+) damage(?: on a hit)? "
    r"\(included in the attack\)\.$",
}
_MELEE_HIT = re.compile(r"^Melee (?:or Ranged )?Weapon Attack:.*?Hit: \d+ \((\d+)d\d+")


def included(name: str, desc: str, actions: Sequence[str]) -> bool:
    """B8: Brute and Heated Weapons, whose damage the attacks hold (their texts, `actions`):
    Brute's extra die is there when every mêlée weapon attack rolls two dice or more of its
    weapon's; Heated Weapons' fire when a mêlée weapon attack deals the trait's dice."""
    says = _INCLUDED.get(name.lower())
    found = re.search(says, desc.strip()) if says else None
    if found is None:
        return False
    hits = [h for a in actions if (h := _MELEE_HIT.search(a))]
    if name.lower() == "brute":
        return bool(hits) and all(int(h[1]) >= 2 for h in hits)
    extra = f"plus \\d+ \\({found[1]}\\) {found[2]} damage"
    return any(_MELEE_HIT.search(a) and re.search(extra, a) for a in actions)


def _after_rest(x: dict[str, Any]) -> bool:
    """A trait's usage says it recharges after a rest: once in a fight."""
    usage = x.get("usage")
    return isinstance(usage, dict) and usage.get("type") == "recharge after rest"


# R5: traits that are a fight file's flags, by name and what the text must say: a swarm and an
# incorporeal mover ignore guards (the rest of their text needs a map: squeezing through
# openings, ending a turn inside an object).
_FLAGS = {
    "swarm": (Flag.SWARM, r"can occupy another creature's space and vice versa"),
    "incorporeal movement": (
        Flag.INCORPOREAL,
        r"can move through other creatures and objects as if they were difficult terrain",
    ),
    **FLAGS,  # Air Form, Water Form: it enters a hostile creature's space
}


def block_flags(m: dict[str, Any]) -> ReadTraits:
    """R5, B8: the flags the entry's `special_abilities` give (Swarm, Incorporeal Movement)."""
    forms: list[str] = []
    names: set[str] = set()
    for x in m.get("special_abilities") or ():
        name, desc = str(x.get("name", "")), str(x.get("desc", ""))[:2000]
        flag, says = _FLAGS.get(name.lower(), (None, ""))
        if flag is not None and re.search(says, desc) and str(flag) not in forms:
            forms.append(str(flag))
            names.add(name)
    return ReadTraits(tuple(forms), frozenset(names))


def read_trait(name: str, desc: str, attacks: Sequence[str] = ()) -> Trait | None:
    """One trait by its name (lower case, without "(1/Turn)") and what its text says; a
    Charge's or Pounce's attacks by the stat block's names for them (`attacks`)."""
    words = re.sub(r"\s*\([^)]*\)$", "", name).strip().lower()
    words = _ALIASES.get(words, words)
    typed = re.fullmatch(r"(\w+) absorption", words)  # Lightning Absorption: of its type
    words = "absorption" if typed else words
    kind = next((k for k in TraitKind if k.value == words), None)
    if kind is None or kind not in _SAYS:
        return None  # not a trait of that name (the defences and exhaustion are read apart)
    found = re.search(_SAYS[kind], desc.strip())
    if found is None:
        return None
    if kind in (TraitKind.CHARGE, TraitKind.POUNCE):
        return _moving(kind, found, desc, {a.lower(): a for a in attacks})
    if kind in (TraitKind.MARTIAL_ADVANTAGE, TraitKind.SNEAK_ATTACK, TraitKind.SURPRISE_ATTACK):
        return Trait(kind, dice=parse(found[1]))
    if kind in (
        TraitKind.HEATED_BODY,
        TraitKind.FIRE_AURA,
        TraitKind.FIRE_FORM,
        TraitKind.BARBED_HIDE,
        TraitKind.CORROSIVE_FORM,
    ):
        return Trait(kind, dice=parse(f"{found[1]} {found[2]}"))
    if kind is TraitKind.ADHESIVE:
        return Trait(kind, dc=int(found[1]))
    if kind is TraitKind.CONSUME_LIFE:
        return Trait(kind, dc=int(found[1]), dice=parse(found[2]))
    if kind in FIGURE:
        return Trait(kind, hp=int(found[1]))
    if kind is TraitKind.PETRIFYING_GAZE:
        return Trait(kind, dc=int(found[1]), hp=int(found[2] or 0))
    if kind is TraitKind.RAMPAGE:
        bite = {a.lower(): a for a in attacks}.get(found[1].lower())
        return Trait(kind, attack=bite) if bite else None
    if kind is TraitKind.REJUVENATION:
        return Trait(kind, then=found[1])
    if kind in (TraitKind.DEATH_BURST, TraitKind.DEATH_THROES):
        return _dies(kind, desc)
    if kind in DC_TRAITS:
        return Trait(kind, dc=int(found[1]))
    if kind is TraitKind.MULTIPLE_HEADS:
        count = _COUNTS.get(found[1].lower())
        if count is None:
            return None
        fire = frozenset({DamageType.FIRE})
        return Trait(kind, hp=count, dc=int(found[2]), dice=parse(found[3]), stopped_by=fire)
    if kind is TraitKind.ABSORPTION:
        if typed is None or typed[1] != found[1]:
            return None  # its name and its text must name one type
        return Trait(kind, stopped_by=frozenset({DamageType(found[1])}))
    if kind is TraitKind.REGENERATION:
        stops = _STOPPED.search(desc)
        types = [t for t in (stops.groups() if stops else ()) if t]
        return Trait(kind, hp=int(found[1]), stopped_by=frozenset(DamageType(t) for t in types))
    return Trait(kind)


def _dies(kind: TraitKind, desc: str) -> Trait | None:
    """Death Burst's figures as a special action's are read (its save, damage, half, the
    conditions for 1 minute), in the form `traits:` writes; None when they are not all read."""
    read = special({"name": kind.value, "desc": desc})
    if "save" not in read or not (read.get("damage") or read.get("conditions")):
        return None
    parts = [f"{kind} DC {read['save'].split()[1]} {read['save'].split()[0]}"]
    if damage := read.get("damage"):
        parts.append(damage)
    if read.get("half"):
        parts.append("half")
    lasting = _ROUNDS.fullmatch(read.get("lasting", ""))
    for condition in read.get("conditions", []):
        if lasting is None:
            return None
        rounds = int(lasting[1]) * (10 if lasting[2].startswith("minute") else 1)
        parts.append(f"{condition} {rounds} rounds")
    if re.search(r"can repeat the saving throw (?:on|at the end of) each of its turns", desc):
        parts.append("repeat")
    return parse_trait(", ".join(parts))


_ROUNDS = re.compile(r"(\d+) (minutes?|rounds?)")


def _moving(
    kind: TraitKind, found: re.Match[str], desc: str, named: dict[str, str]
) -> Trait | None:
    """Charge (extra dice, maybe a prone save) and Pounce (a prone save, then a bonus attack):
    None when the attacks it names are not the stat block's."""
    attack = named.get(found[1].lower())
    bonus = _BONUS.search(desc)
    then = named.get((bonus[1] or bonus[2]).lower(), "") if bonus else ""
    if attack is None or (bonus is not None and not then):
        return None
    if kind is TraitKind.POUNCE:
        return Trait(kind, attack=attack, dc=int(found[2]), then=then)
    prone = _PRONE.search(desc)
    dice = parse(f"{found[2]} {found[3]}" if found[3] else found[2])
    return Trait(kind, dice=dice, attack=attack, dc=int(prone[1]) if prone else 0)
