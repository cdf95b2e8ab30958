"""B8: why lnf does not play an item of a stat block (its `not_modelled` lines), in one of three
words:

- `no map`: it never matters in a fight without a map (Amphibious, senses beyond what C5's
  hiding reads, swimming and burrowing speeds, telepathy);
- `dm`: it needs a judgement no rule can make (which form a shapechanger takes when a form
  changes AC or actions, what a charmed hero is made to do); lnf leaves it to the DM at that
  monster's turn;
- `unsupported`: lnf could play it and does not yet (a breath weapon, spells, legendary
  actions, most traits).

The reasons are decided here only, by the item's name; an item lnf comes to play leaves
`not_modelled`, so it leaves this list too.
"""

from __future__ import annotations

import re
from typing import Any

NO_MAP = "no map"
DM = "dm"
UNSUPPORTED = "unsupported"

# Traits (and actions) that never touch a fight without a map (B8), by name. False Appearance
# is a camouflage as Stone Camouflage is: it fools only before the fight, where D12's
# `surprised:` is the fight file's. Inscrutable and Shielded Mind answer Insight checks, mind
# reading and divination, Wakeful a sleeping creature's watch (before a fight: D12 again),
# Water Susceptibility water on the ground or splashed on it: none is a rule of a fight lnf
# plays (a DM who splashes water records the damage, `lnf damage`).
# Each of the next, by its own text: telepathy, a bond to a master or an amulet's wearer, sharks
# commanded, breathing water, knowing a lie, sensing magic or iron, tracking a quarry, seeing
# into the Ethereal Plane, blindsight lost only when deafened *and* unable to smell (C5 reads
# passive Perception only), learning a touched creature's mood and alignment (no roll of the
# fight changes), being hard to spot before the fight (Transparent, as False Appearance: D12's
# `surprised:`), stepping between trees (terrain), carrying nothing, a rider's fire resistance
# (lnf plays no mounts: a rider is a combatant with its own `resist:`), coming back days after
# dying in the Nine Hells, a night hag's crafted items and her haunting of a sleeper.
# The shrieker's Shriek is a noise "audible within 300 feet": it changes no roll, and whoever
# it calls joins a fight only as the fight file's monsters.
_NO_MAP = re.compile(
    r"^(?:Amphibious|Hold Breath|Water Breathing|Keen \w+(?: and \w+)?|Echolocation|"
    r"(?:Limited |Probing )?Telepathy|Devil's Sight|Web Sense|Web Walker|"
    r"Siege Monster|Tunneler|Earth Glide|Amorphous|Ice Walk|Snow Camouflage|Stone Camouflage|"
    r"Underwater Camouflage|Speak with Beasts(?: and Plants)?|Mimicry|Beast of Burden|"
    r"Standing Leap|Running Leap|Treasure Sense|Labyrinthine Recall|False Appearance|"
    r"Inscrutable|Shielded Mind|Wakeful|Water Susceptibility|Shriek|"
    r"Telepathic Bond|Shark Telepathy|Limited Amphibiousness|Divine Awareness|Sense Magic|"
    r"Iron Scent|Faultless Tracker|Ethereal Sight|Blind Senses|Heart Sight|Transparent|"
    r"Tree Stride|Ephemeral|Confer Fire Resistance|Hellish Rejuvenation|Night Hag Items|"
    r"Nightmare Haunting)\b"
)
# A shape, a mind read or a disguise whose own text proves it changes nothing lnf reads: the
# reader's precise line (`formats.dm_items`), B8.
_NO_MAP_SAID = re.compile(
    r"^(?:Shapechanger \(trait\)|Change Shape): (?:its statistics are the same in each form|"
    r"its forms differ in (?:size|speed|size and speed) only|in mist form it can take no "
    r"action, so it cannot change form)$"
    r"|^Read Thoughts: advantage on Insight and Charisma checks only, which lnf never rolls$"
    r"|^Illusory Appearance: a disguise that changes no roll \(surprise is the fight file's, "
    r"D12\)$"
    r"|^legendary action(?: \(costs \d\))? [\w ]+: its \w+ form (?:has no [\w ]+ to make|takes "
    r"no action, so it makes no attack)$"
)
# What the DM rules (B8, B9): a shape or form chosen, a mind made to obey, a creature fooled.
_DM = re.compile(
    r"^(?:Shapechanger|Change Shape|Charm|Enslave|Dominate|Read Thoughts|Illusory Appearance|"
    r"Variant: [\w ]+|Children of the Night|Summon [\w ]+|"
    r"Possession|Luring Song)\b"
)


# Spells a stat block lists that never touch a fight without a map (B8): out of a fight (a
# casting time over an action: its spellbook entry says; divinations, travel, rituals),
# senses, light and tricks, movement, terrain and weather.
_NO_MAP_SPELLS = frozenset(
    s.lower()
    for s in (
        "Detect Magic",
        "Detect Evil and Good",
        "Detect Thoughts",
        "Detect Poison and Disease",
        "Identify",
        "Tongues",
        "Comprehend Languages",
        "Clairvoyance",
        "Scrying",
        "Commune",
        "Divination",
        "Legend Lore",
        "Locate Object",
        "True Seeing",
        "Speak with Animals",
        "Speak with Dead",
        "Animal Messenger",
        "Light",
        "Dancing Lights",
        "Mage Hand",
        "Prestidigitation",
        "Thaumaturgy",
        "Druidcraft",
        "Mending",
        "Minor Illusion",
        "Disguise Self",
        "Nondetection",
        "Pass Without Trace",
        "Water Breathing",
        "Water Walk",
        "Feather Fall",
        "Levitate",
        "Longstrider",
        "Spider Climb",
        "Misty Step",
        "Dimension Door",
        "Teleport",
        "Plane Shift",
        "Etherealness",
        "Gaseous Form",
        "Wind Walk",
        "Tree Stride",
        "Fog Cloud",
        "Darkness",
        "Silence",
        "Control Weather",
        "Create Food and Water",
        "Goodberry",
        "Heroes' Feast",
        "Creation",
        "Dream",
        "Animate Dead",
        "Raise Dead",
        "Resurrection",
        "Spare the Dying",
        "Protection from Poison",
        "Lesser Restoration",
        "Greater Restoration",
        "Remove Curse",
        "Dispel Evil and Good",
        "Find Steed",
        "Zone of Truth",
    )
)
# What the DM rules (B9): what a charmed or dominated hero does, an illusion, a summoning
# (Conjure Elemental: what arrives and where; 1 minute to cast, so before the fight, F1).
# (Command and a monster's Charm Person, Confusion and Calm Emotions are played:
# formats/spell_effects.)
_DM_SPELLS = frozenset(
    s.lower()
    for s in (
        "Suggestion",
        "Dominate Person",
        "Dominate Monster",
        "Geas",
        "Major Image",
        "Conjure Elemental",
    )
)
_SPELL = re.compile(r"^(?:Innate )?Spellcasting(?: \([^)]*\))?: (.+)$")
# A legendary option that only senses (a Perception check): nothing without a map (B7, B8).
_NO_MAP_LEGENDARY = re.compile(r"^legendary action(?: \(costs \d\))? Detect$")


def why(item: str) -> str:
    """B8: `no map`, `dm` or `unsupported` for a line of a stat block's `not_modelled`."""
    name = re.sub(r" \((?:trait|reaction)\)$", "", item)
    name = re.sub(r"^legendary action(?: \(costs \d\))? ", "", name)
    if re.search(r": reach \d+ ft \(taken as 5\)$", item):
        return NO_MAP  # a swarm's "reach 0 ft.": in its space and within 5 feet are its group
    if item.startswith(("senses: ", "speeds: ")):
        return NO_MAP  # C5 reads passive Perception only; a fight without a map has no terrain
    if _NO_MAP.match(name) or _NO_MAP_LEGENDARY.match(item) or _NO_MAP_SAID.match(item):
        return NO_MAP
    if spell := _SPELL.match(item):
        known = spell[1].lower()
        return NO_MAP if known in _NO_MAP_SPELLS else DM if known in _DM_SPELLS else UNSUPPORTED
    if _DM.match(name):
        return DM
    return UNSUPPORTED


def listed(blocks: list[dict[str, Any]]) -> list[dict[str, str]]:
    """Every item the stat blocks hold that lnf does not play: `name` (the stat block), `item`
    and `why`, in the bestiary's order."""
    return [
        {"name": b["name"], "item": item, "why": why(item)}
        for b in blocks
        for item in b.get("not_modelled", [])
    ]


def counts(rows: list[dict[str, str]]) -> dict[str, int]:
    """How many stat blocks carry at least one item of each reason."""
    return {r: len({x["name"] for x in rows if x["why"] == r}) for r in (UNSUPPORTED, DM, NO_MAP)}
