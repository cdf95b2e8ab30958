"""The fight file format, described once (see README "The fight file").

Short forms a DM types at the table: `hp: 12/27`, `range: 80/320`, `phase: volley 3`,
`dots: [C, O]`, `count: 3` for "3 skeletons". A field left out takes the default the model
states on its dataclass (front rank, reach 5 ft, speed 30 ft, no light…): the format reads it
from there (`DEFAULTS`), and so do the JSON Schema and the writer, so no default is written
twice.
"""

from __future__ import annotations

from typing import Any

from lnf.dice import DamageType
from lnf.formats.attack_spec import ACTION, ATTACK, DICE, LEGENDARY, defaults
from lnf.formats.attack_spec import ATTACK_DEFAULTS as ATTACK_DEFAULTS
from lnf.formats.short_forms import (
    ROLL as ROLL,
)
from lnf.formats.short_forms import (
    TRAIT_EXAMPLES,
    parse_bonus,
    parse_cover,
    parse_dot,
    parse_hp,
    parse_monster_hp,
    parse_phase,
    parse_saves,
)
from lnf.formats.short_forms import (
    parse_area as parse_area,
)
from lnf.formats.spec import (
    Bool,
    Field,
    Int,
    ListOf,
    MapOf,
    Obj,
    OneOf,
    SlotLevel,
    Str,
    Text,
)
from lnf.model import (
    Ability,
    BackReason,
    Combatant,
    Condition,
    Cost,
    Dot,
    Family,
    Fight,
    Flag,
    Healing,
    Hero,
    HouseRule,
    Monster,
    Rank,
    Side,
    Size,
    Terrain,
    Trait,
    Variant,
)
from lnf.model.enums import VARIANT_BY_RULE

# B1: one way a Multiattack offers (the best that reaches is played each turn).
# C1, M6: a monster's way of leaving by magic when it flees (formats/escapes reads the SRD's).
ESCAPE = Obj(
    {
        "name": Field(Str(), doc="the action or trait: Teleport, Etherealness, Ink Cloud"),
        "points": Field(
            Int(minimum=0, maximum=10),
            None,
            "escape points each pursuer starts at (teleport N ft: N ÷ 60, up); none: gone at once",
        ),
        "attacks_first": Field(
            Bool(), False, "it makes its planned mêlée attack before it goes (Blink Dog's bite)"
        ),
        "cost": Field(
            Int(minimum=0, maximum=3), 0, "B7: a legendary Teleport or Move's points (0: not one)"
        ),
        "provokes": Field(
            Bool(), False, "a legendary Move at half speed that provokes (M6): joins from no group"
        ),
    },
    what="a way of leaving by magic (name, points, attacks_first)",
)
MULTI_OPTION = Obj(
    {
        "attacks": Field(MapOf(Int(minimum=1, maximum=20))),  # attack name → count
        "at_range": Field(Bool(), False, "the ranged way: played only at range"),
        "flying": Field(Bool(), False, "B1: a way while flying: played only when it can fly"),
    },
    what="a Multiattack option (attacks, at_range)",
)

# The model's defaults: the one place they are stated is the model's dataclasses.
COMBATANT_DEFAULTS = defaults(Combatant)
HERO_DEFAULTS = defaults(Hero)
MONSTER_DEFAULTS = defaults(Monster)
FIGHT_DEFAULTS = defaults(Fight)
HEALING_DEFAULTS = defaults(Healing)


def _trait(value: Any) -> Trait:
    """B8: one of `traits:`, read by formats.trait_forms: loaded only for a fight that has
    traits (most have none), not at every start."""
    from lnf.formats.trait_forms import parse_trait

    return parse_trait(value)


TRAITS = ListOf(Text(_trait, TRAIT_EXAMPLES, {"type": "string"}))

# --- the format ------------------------------------------------------------------------

HP = Text(parse_hp, "hit points such as 27 or 12/27", {"type": ["string", "integer"]})
MONSTER_HP = Text(
    parse_monster_hp, "hit points from 1 to 100,000, or roll", {"type": ["string", "integer"]}
)
DEATH_SAVES = Text(parse_saves, "successes/failures such as 1/2", {"type": "string"})
SAVES = Obj(
    {a.value: Field(Int(minimum=-5, maximum=20), 0, f"{a.value} save bonus") for a in Ability},
    what="saving throw bonuses (str, dex, con, int, wis, cha)",
)
SCORES = Obj(
    {a.value: Field(Int(minimum=1, maximum=30), 10, f"{a.value} score") for a in Ability},
    what="ability scores (str, dex, con, int, wis, cha)",
)
BONUS = Text(parse_bonus, "competence +2, circumstance +1 or penalty -1", {"type": "string"})
COVER = Text(parse_cover, "+2, +4 or total, and ranged for ranged attacks only", {"type": "string"})
PHASE = Text(parse_phase, "apart, volley N, melee or chase", {"type": "string"})
DOT = Text(
    parse_dot,
    "C (wanted), C- (avoided), O or N",
    {"enum": [d.value for d in Dot]},
)
DAMAGE_TYPES = ListOf(OneOf(DamageType), unique=True)


def _combatant_fields() -> dict[str, Field]:
    return {
        "name": Field(Str(), doc="unique in the fight (G1)"),
        "rank": Field(OneOf(Rank), COMBATANT_DEFAULTS["rank"], "R1: front, back or free-air"),
        "why": Field(
            OneOf(BackReason),
            COMBATANT_DEFAULTS["why"],
            "R4/R6: why it may stand off the front rank",
        ),
        "light": Field(Bool(), COMBATANT_DEFAULTS["light"], "holds a light (S3)"),
        "speed": Field(
            Int(minimum=0, maximum=1000), COMBATANT_DEFAULTS["speed"], "walking speed, feet"
        ),
        "fly": Field(
            Int(minimum=0, maximum=1000), COMBATANT_DEFAULTS["fly"], "flying speed, feet (R7)"
        ),
        "reach": Field(
            Int(minimum=5, maximum=100), COMBATANT_DEFAULTS["reach"], "mêlée reach, feet (A2)"
        ),
        "ac": Field(Int(minimum=0, maximum=50), COMBATANT_DEFAULTS["ac"], "armor class"),
        "temp_hp": Field(
            Int(minimum=0, maximum=10_000),
            COMBATANT_DEFAULTS["temp_hp"],
            "temporary hit points (D7)",
        ),
        "con": Field(
            Int(minimum=-5, maximum=10), COMBATANT_DEFAULTS["con"], "Constitution modifier (C3)"
        ),
        "perception": Field(
            Int(minimum=0, maximum=50), COMBATANT_DEFAULTS["perception"], "passive Perception (C5)"
        ),
        "stealth": Field(
            Int(minimum=-5, maximum=30),
            COMBATANT_DEFAULTS["stealth"],
            "Dexterity (Stealth) bonus (hiding, C5)",
        ),
        "saves": Field(SAVES, {}, "saving throw bonuses such as {dex: 2, wis: 1}"),
        "wis": Field(
            Int(minimum=-5, maximum=10), None, "Wisdom modifier (V-HYR1); else the Wisdom save"
        ),
        "conditions": Field(ListOf(OneOf(Condition), unique=True), [], "5e conditions"),
        "exhaustion": Field(
            Int(minimum=0, maximum=6), COMBATANT_DEFAULTS["exhaustion"], "exhaustion level"
        ),
        "dashes": Field(
            Int(minimum=0, maximum=100),
            COMBATANT_DEFAULTS["dashes"],
            "C3: dashes taken in the chase",
        ),
        "escaped": Field(
            Bool(), COMBATANT_DEFAULTS["escaped"], "C6: got away in a chase; gone from the fight"
        ),
        "reached_by": Field(
            Str(), None, "M6: the enemy that last hit it, when with a reach attack (A2)"
        ),
        "effects": Field(ListOf(Str()), [], "free notes such as Vicious Mockery (G6)"),
        "guards": Field(
            ListOf(Str()),
            [],
            "F1: reactions against a hit: shield (+5 AC, a 1st-level slot), parry 2 (mêlée), "
            "uncanny dodge (F2: half its damage), deflect missiles 8 (F2: 1d10 + 8 off a ranged "
            "weapon hit), hellish rebuke (the spell, once it hurts)",
        ),
        "flags": Field(ListOf(OneOf(Flag), unique=True), [], "standing facts rules ask about"),
        "resist": Field(DAMAGE_TYPES, [], "damage resistances (D6)"),
        "immune": Field(DAMAGE_TYPES, [], "damage immunities (D6)"),
        "vulnerable": Field(DAMAGE_TYPES, [], "damage vulnerabilities (D6)"),
        "attacks": Field(ListOf(ATTACK), [], "its attacks"),
        # The AC-less variant (variants: [acl]).
        "size": Field(OneOf(Size), COMBATANT_DEFAULTS["size"], "tiny … gargantuan (V-ACL1)"),
        "dr": Field(
            Int(minimum=0, maximum=100), None, "Damage Reduction (V-ACL3); else from armor"
        ),
        "dr_against": Field(
            MapOf(Int(minimum=0, maximum=100)), {}, "typed DR such as {fire: 5} (V-ACL3)"
        ),
        "armor": Field(
            ListOf(Str(), one=True), [], "what makes the AC, for DR (V-ACL4): chain-mail, shield…"
        ),
        "cover": Field(COVER, None, "+2, +4, total, or a size; ranged after it (V-ACL2)"),
        "con_score": Field(Int(minimum=1, maximum=30), None, "Constitution score (V-ACL5 wounds)"),
        # The d20 variant (variants: [d20]).
        "favor": Field(Bool(), False, "its rolls are made with favor (V-D20-1)"),
        "bonuses": Field(
            ListOf(BONUS), [], "bonuses to its rolls: competence +2, circumstance +1 (V-D20-3)"
        ),
    }


POOL = Obj(
    {
        "escaper": Field(Str(), doc="who flees"),
        "pursuer": Field(Str(), doc="who gives chase"),
        "points": Field(Int(minimum=0, maximum=100), 0, "escape points (C1)"),
    },
    what="a chase pair (escaper, pursuer, points)",
)

HEALING = Obj(
    {
        "dice": Field(DICE, doc="the hit points it restores, such as 1d4+3"),
        "slot": Field(SlotLevel(), 0, "the spell's slot level (0 or false: none, a potion)"),
        "cost": Field(OneOf(Cost), HEALING_DEFAULTS["cost"], "F1: Healing Word: bonus action"),
        "upcast": Field(MapOf(DICE), {}, "F7: dice with a higher slot, such as {2: 2d8+3}"),
        "note": Field(Str(), "", "F7: what lnf does not play of it, said when it is used"),
    },
    what="a healing (dice, slot, cost)",
)

HERO = Obj(
    {
        **_combatant_fields(),
        "class": Field(Str(), doc="character class; sets the row family (G2)"),
        "family": Field(
            OneOf(Family), HERO_DEFAULTS["family_override"], "G2 family, to override the class's"
        ),
        "ancestry": Field(Str(), HERO_DEFAULTS["ancestry"], "halflings come last in the rows (G2)"),
        "hp": Field(HP, doc="hit points: 27, or current/maximum such as 12/27"),
        "dots": Field(ListOf(DOT, unique=True), [], "T1 dots: C (wanted), C- (avoided), O, N"),
        "dead": Field(Bool(), HERO_DEFAULTS["dead"], "dead heroes leave the grid"),
        "death_saves": Field(
            DEATH_SAVES, HERO_DEFAULTS["death_saves"], "D9 at 0 hp: successes/failures such as 1/2"
        ),
        "stable": Field(
            Bool(), HERO_DEFAULTS["stable"], "D9: at 0 hp and no longer rolling death saves"
        ),
        "level": Field(
            Int(minimum=1, maximum=20),
            HERO_DEFAULTS["level"],
            "character level: class and level give slots, Sneak Attack and features' uses",
        ),
        "slots": Field(
            MapOf(Int(minimum=0, maximum=9)), {}, "spell slots by level, such as {1: 4, 2: 2}"
        ),
        "sneak_attack": Field(DICE, None, "Sneak Attack dice, such as 2d6"),
        "uses": Field(
            MapOf(Int(minimum=0, maximum=100)),
            {},
            "features' uses, such as {Action Surge: 1, Superiority Dice (short): 4}",
        ),
        "used": Field(
            MapOf(Int(minimum=0, maximum=100)),
            {},
            "what is spent already, such as {slot 1: 2, Action Surge: 1}",
        ),
        "heals": Field(MapOf(HEALING), {}, "healing: {Healing Word: {dice: 1d4+3, slot: 1}}"),
        # F7: spells by name; read before the spec check into attacks, heals and guards.
        "spells": Field(
            ListOf(Str(), unique=True, one=True),
            [],
            "F7: SRD spells by name, such as [fire bolt, shield, fireball, healing word]",
        ),
        "invocations": Field(
            ListOf(Str(), unique=True, one=True),
            [],
            "F2: a warlock's Eldritch Invocations by SRD name, such as [agonizing blast]",
        ),
        "subclass": Field(
            Str(),
            HERO_DEFAULTS["subclass"],
            "F2: the subclass, such as champion (unsaid: the SRD's; another's is the DM's to play)",
        ),
        "fighting_style": Field(
            ListOf(Str(), unique=True, one=True),
            [],
            "F2: a fighter's, paladin's or ranger's Fighting Style by SRD name, such as dueling",
        ),
        "spell_mod": Field(
            Int(minimum=-5, maximum=10), None, "F7: the spellcasting modifier (else from scores)"
        ),
        "spell_dc": Field(Int(minimum=1, maximum=40), None, "F7: the spell save DC, as written"),
        "spell_attack": Field(
            Int(minimum=-10, maximum=30), None, "F7: the spell attack bonus, as written"
        ),
        "stamina": Field(
            Int(minimum=0, maximum=100), None, "stamina points (V-HYR2: 2 for a target strike)"
        ),
        # F2, a sheet: worked out into the fields above before the file is read (hero_sheet).
        "scores": Field(SCORES, {}, "F2: ability scores; to-hit, AC, saves, hp worked out"),
        "weapons": Field(
            ListOf(Str(), one=True), [], "F2: SRD weapons by name, such as [longsword]"
        ),
        "skills": Field(
            ListOf(Str(), one=True), [], "F2: skill proficiencies, such as [stealth, perception]"
        ),
        "expertise": Field(
            ListOf(Str(), one=True), [], "F2: skills whose proficiency doubles, such as [stealth]"
        ),
    },
    what="a hero (name, class, hp, …)",
)

MONSTER = Obj(
    {
        **_combatant_fields(),
        "count": Field(Int(minimum=1, maximum=500), 1, "3 writes Name 1, Name 2, Name 3"),
        "kind": Field(Str(), MONSTER_DEFAULTS["kind"], "stat block; same kind = same danger (G3)"),
        "hp": Field(MONSTER_HP, doc="hit point maximum, or roll (its hit dice, with the seed)"),
        "damage": Field(
            Int(minimum=0, maximum=100_000), MONSTER_DEFAULTS["damage"], "damage taken so far (G6)"
        ),
        "monster": Field(Str(), None, "a stat block by name from the bestiary, such as bugbear"),
        # What a stat block adds; `monster: NAME` fills them in from the bestiary.
        "type": Field(Str(), MONSTER_DEFAULTS["type"], "creature type, such as humanoid"),
        "cr": Field(Str(), MONSTER_DEFAULTS["cr"], "challenge rating, such as 1/4"),
        "xp": Field(Int(minimum=0, maximum=1_000_000), MONSTER_DEFAULTS["xp"], "experience points"),
        "multiattack": Field(
            MapOf(Int(minimum=1, maximum=20)), {}, "Multiattack: attack name → count"
        ),
        "multiattack_action": Field(
            Str(), "", "B1: a special action its Multiattack uses first: Frightful Presence"
        ),
        "multiattack_spell": Field(
            MapOf(Int(minimum=1, maximum=20)), {}, "B1: attacks it makes beside a spell it casts"
        ),
        "multiattack_held": Field(
            Str(), "", "B1: an action its Multiattack also uses on one it grapples: Tentacles"
        ),
        "multiattack_in_place": Field(
            ListOf(Str()), [], "B1: attacks its first action replaces one of: [Bite, Horns]"
        ),
        "multiattack_rolled": Field(
            MapOf(Str()), {}, "B1: a count it rolls each turn: attack name → dice, such as 1d4"
        ),
        "amulet": Field(Str(), "", "B8: the monster wearing its amulet (a shield guardian's)"),
        "stores": Field(
            Int(minimum=0, maximum=9), 0, "B8: Spell Storing: the highest level it stores"
        ),
        "stored": Field(Str(), "", "B6, B8: the spell its amulet's wearer stored in it"),
        "multiattack_options": Field(
            ListOf(MULTI_OPTION), [], "B1: the ways a Multiattack offers: two swords or two bows"
        ),
        "condition_immune": Field(
            ListOf(OneOf(Condition), unique=True), [], "conditions it cannot have"
        ),
        "not_modelled": Field(ListOf(Str()), [], "what its stat block has that lnf does not play"),
        "traits": Field(TRAITS, [], "B8: traits lnf plays: pack tactics, regeneration 10 (fire)…"),
        "hit_dice": Field(DICE, None, "hit dice such as 5d8+5 (hp: roll rolls them)"),
        "actions": Field(
            ListOf(ACTION), [], "B1: special actions and spells: a breath, a save, Fireball"
        ),
        "legendary": Field(ListOf(LEGENDARY), [], "B7: legendary actions, 3 a round"),
        "escape": Field(ESCAPE, None, "C1: its way of leaving by magic when it flees"),
        "slots": Field(
            MapOf(Int(minimum=0, maximum=9)), {}, "spell slots by level, such as {1: 4, 2: 2}"
        ),
        "uses": Field(
            MapOf(Int(minimum=0, maximum=100)),
            {},
            "limited uses: {Legendary Resistance: 3, Legendary Actions: 3}; an action's "
            "recharge or per_day gives its own",
        ),
        "used": Field(
            MapOf(Int(minimum=0, maximum=100)),
            {},
            "what is spent already, such as {slot 1: 1, Poison Breath: 1}",
        ),
    },
    what="a monster (name, hp, …)",
)

FIGHT = Obj(
    {
        "title": Field(Str(), FIGHT_DEFAULTS["title"], "a name for the fight"),
        "round": Field(Int(minimum=1, maximum=10_000), FIGHT_DEFAULTS["round"], "the round number"),
        "phase": Field(PHASE, FIGHT_DEFAULTS["phase"], "apart (V1), volley N (V2), melee or chase"),
        "terrain": Field(OneOf(Terrain), FIGHT_DEFAULTS["terrain"], "V1: where sides start apart"),
        "sunlight": Field(Bool(), False, "B8: fought in sunlight (Sunlight Sensitivity)"),
        "underwater": Field(Bool(), False, "B8: fought underwater (Mucous Cloud)"),
        "started": Field(OneOf(Side), FIGHT_DEFAULTS["started"], "who started the fight (G7, S3)"),
        "house_rules": Field(ListOf(OneOf(HouseRule), unique=True), [], "A4 switches"),
        "variants": Field(
            ListOf(OneOf(Variant, also=VARIANT_BY_RULE), unique=True), [], "core-d20 variants"
        ),
        "heroes": Field(ListOf(HERO), doc="the hero rows, in any order (G2 sorts them)"),
        "monsters": Field(ListOf(MONSTER), doc="the monster columns, most dangerous first (G3)"),
        "groups": Field(MapOf(ListOf(Str())), {}, "mêlée groups: label → members (G5)"),
        "chase": Field(ListOf(POOL), [], "C1: escape points per escaper and pursuer"),
        "bestiary": Field(Str(), None, "a 5e-database monster file for monster: NAME"),
        "seed": Field(Int(minimum=0, maximum=2**31), 1, "the dice of hp: roll"),
        "surprised": Field(ListOf(Str(), unique=True), [], "D12: who did not notice the threat"),
        "first": Field(OneOf(Side), None, "V-HYR1: the side that won group initiative"),
        "surprise_round": Field(
            MapOf(Int(minimum=1, maximum=3)), {}, "V-ENC1: who acts before round 1, and how much"
        ),
        "units": Field(
            ListOf(ListOf(Str(), unique=True)), [], "V-ENC2: combatants that share one turn"
        ),
    },
    what="a fight (heroes, monsters, …)",
)
