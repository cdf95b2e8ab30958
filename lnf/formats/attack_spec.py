"""The fight file's attack entry, described once (formats/spec): an attack's fields, its
riders (F6) and a spell's effect (F7), and a monster's special actions (B1, B2) and
legendary options (B7), which take the same fields. `lnf.formats.fight_spec` puts them into
the combatants' entries; `lnf schema` draws them from here too.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from lnf.dice import DamageType
from lnf.formats.rider_lasting import parse_no_healing
from lnf.formats.short_forms import (
    parse_area,
    parse_damage,
    parse_lasting,
    parse_range,
    parse_rider_damage,
    parse_save,
)
from lnf.formats.spec import (
    Bool,
    Checker,
    Field,
    Int,
    ListOf,
    MapOf,
    Obj,
    OneOf,
    SlotLevel,
    Spec,
    Str,
    Text,
)
from lnf.formats.yaml_source import FieldPath
from lnf.model import Ability, AltUse, Attack, AttackKind, Condition, Cost, School, TurnEdge
from lnf.model.effects import NO_HEALING


def defaults(cls: type[Any]) -> dict[str, Any]:
    out = {}
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING:
            out[f.name] = f.default
        elif f.default_factory is not dataclasses.MISSING:
            out[f.name] = f.default_factory()
    return out


ATTACK_DEFAULTS = defaults(Attack)
DAMAGE = Text(parse_damage, "dice such as 1d8+2 slashing", {"type": "string"})
DICE = Text(parse_damage, "dice such as 5d8+5", {"type": "string"})
RANGE = Text(parse_range, "normal/long feet such as 80/320", {"type": ["string", "integer"]})
SAVE = Text(parse_save, "an ability and a DC such as dex 15", {"type": "string"})
AREA = Text(parse_area, "a shape and feet such as sphere 20 or cone 15", {"type": "string"})
CONDITIONS = ListOf(OneOf(Condition), unique=True)


class MaxHp(Spec):
    """F6: `max_hp: true` (the hit-point maximum goes down by the damage the hit dealt) or a
    damage type (`max_hp: necrotic`: by that type's damage only, as a vampire's bite)."""

    expected = "true, false or a damage type"

    def read(self, value: Any, path: FieldPath, ck: Checker) -> Any:
        if isinstance(value, bool):
            return value
        types = {t.value: t for t in DamageType}
        if isinstance(value, str) and value.strip().lower() in types:
            return types[value.strip().lower()]
        return self._wrong(value, path, ck)

    def json_schema(self) -> dict[str, Any]:
        types = [t.value for t in DamageType]
        return self._with_doc({"anyOf": [{"type": "boolean"}, {"enum": types}]})


# F6: what a hit (or a failed save) brings besides its damage; formats/rider_form checks how
# the fields go together and builds the model's Rider.
RIDER = Obj(
    {
        "save": Field(SAVE, None, "the target's saving throw against it, such as con 10"),
        "condition": Field(OneOf(Condition), None, "a condition on a failed save (F3)"),
        "conditions": Field(CONDITIONS, [], "conditions on a failed save, such as [poisoned]"),
        "lasting": Field(
            Text(
                parse_lasting,
                "1 minute, 10 rounds, or until end of target's (or attacker's) turn",
                {"type": "string"},
            ),
            None,
            "how long the conditions last (F4); left out: until the DM takes them off",
        ),
        "repeat": Field(
            OneOf(TurnEdge),
            None,
            "the save repeated at the start or end of each of the bearer's turns (F4)",
        ),
        "escape": Field(
            OneOf(Ability), None, "F7: the repeated save's ability, at its DC (Web: str)"
        ),
        "saves": Field(
            Int(minimum=2, maximum=5), 0, "F4: successes that end it, failures that fix it (3)"
        ),
        "in_sight": Field(
            Bool(), False, "B8: the repeated save at disadvantage while its causer is in sight"
        ),
        "again": Field(
            SAVE, None, "F4: the save repeated when neither it nor its attack has one (con 15)"
        ),
        "damage": Field(
            Text(parse_rider_damage, "dice of one type such as 3d6 poison", {"type": "string"}),
            None,
            "damage on a failed save, such as 3d6 poison",
        ),
        "half": Field(Bool(), False, "half the damage on a successful save"),
        "grapple": Field(
            Int(minimum=1, maximum=40), 0, "the hit grapples; the escape DC, such as 13"
        ),
        "holds": Field(
            Int(minimum=1, maximum=20), 0, "how many the attack holds at once (F6), such as 1"
        ),
        "instead": Field(
            Bool(), False, "F6, with grapple: the attacker may grapple instead of dealing damage"
        ),
        "suffocates": Field(
            Bool(), False, "F6, with grapple: the one held cannot breathe (it may suffocate)"
        ),
        "web": Field(
            Bool(), False, "F6, with grapple: webbing (a Strength check's DC; not grappled)"
        ),
        "held_advantage": Field(
            Bool(), False, "F6: advantage on this attack against the one it holds"
        ),
        "attach": Field(Bool(), False, "F6: the attacker attaches itself (the stirge)"),
        "drops": Field(Bool(), False, "F6: a failed save drops it to 0 hit points"),
        "head": Field(
            Bool(), False, "F6, with attach: its conditions only on a hit with advantage"
        ),
        "drain": Field(
            DICE, None, "F6: hit points the one it is attached to loses as its turns start"
        ),
        "sated": Field(
            Int(minimum=1, maximum=999), 0, "F6: it lets go when the drain has taken this many"
        ),
        "swallow": Field(
            Bool(), False, "F6: a failed save swallows the target (no save: one it grapples)"
        ),
        "engulf": Field(
            Int(minimum=1, maximum=40), 0, "F6, with swallow: engulfed, a DC N Strength check out"
        ),
        "regurgitate": Field(
            Int(minimum=1, maximum=999), 0, "F6, with swallow: the damage from inside in a turn"
        ),
        "regurgitate_dc": Field(
            Int(minimum=1, maximum=40), 0, "F6, with regurgitate: its Constitution save's DC"
        ),
        "pull": Field(Bool(), False, "F6: pulled into the attacker's group (a failed save)"),
        "contest": Field(Bool(), False, "F6, with pull: a Strength contest instead of a save"),
        "held_hits": Field(Bool(), False, "F6: this attack hits the one it holds without fail"),
        "held_damage": Field(
            DAMAGE, None, "F6: damage the one held takes as each of its turns starts"
        ),
        "max_hp": Field(MaxHp(), False, "the hit-point maximum goes down by the damage taken"),
        "only_if": Field(Str(), "", "a limit, told when it applies: Large or smaller"),
        "push": Field(
            Int(minimum=5, maximum=1000), 0, "F6: pushed N ft away from its user: out of its group"
        ),
        "afflicts": Field(
            Str(), "", "F6: what lasts past the fight: cursed with werewolf lycanthropy"
        ),
        "no_healing": Field(
            Text(parse_no_healing, "all or magic", {"enum": sorted(NO_HEALING)}),
            "",
            "F6: no regaining hit points while it lasts (all), or none but by magic",
        ),
        "regains": Field(Bool(), False, "F6: with max_hp, the attacker regains as much"),
        "slain": Field(Bool(), False, "F6: afflicts only a target the hit leaves dead"),
        "at_zero": Field(
            Bool(), False, "F6, D9: its conditions only on a hero it leaves at 0 hp: stable"
        ),
        "then": Field(
            OneOf(Condition), None, "F4: a failed repeat brings this condition (petrified)"
        ),
        "then_lasting": Field(
            Text(parse_lasting, "24 hours, 1 minute, 10 rounds", {"type": "string"}),
            None,
            "F4: how long `then` lasts",
        ),
        "out_by": Field(Int(minimum=1, maximum=40), 0, "F6: unconscious too if it fails by this"),
        "out_at": Field(Int(minimum=1, maximum=40), 0, "F6: unconscious too at this total or less"),
        "out_lasting": Field(
            Text(parse_lasting, "5 minutes, 10 rounds", {"type": "string"}),
            None,
            "F6: how long it and the conditions last then (left out: as the conditions)",
        ),
        "wakes": Field(Bool(), False, "F6: the unconsciousness ends when it takes damage"),
        "hurts": Field(
            Text(parse_damage, "dice of one type such as 1d10 fire", {"type": "string"}),
            None,
            "F6: damage at an edge of each of its turns while it lasts",
        ),
        "hurts_at": Field(OneOf(TurnEdge), None, "F6: start or end (of each of its turns)"),
        "hurts_what": Field(Str(), "", "F6: its own effect, till the DM takes it off: on fire"),
        "stacks": Field(Bool(), False, "F6: a later hit adds another without a save"),
        "healed_ends": Field(Bool(), False, "F6: magical healing ends it"),
        "kills": Field(
            Int(minimum=1, maximum=10_000),
            0,
            "F6: a failed save kills one with this many hp or fewer",
        ),
        "armor": Field(
            Int(minimum=-5, maximum=-1), 0, "F6: a lasting AC penalty to its armor, such as -1"
        ),
        "shake": Field(Bool(), False, "F6: another creature's action shakes it awake (the DM)"),
        "strength": Field(
            DICE, None, "F6: its Strength score lower by these dice, dead at 0 (the shadow's)"
        ),
    },
    what="a rider (save, conditions, damage, grapple, …)",
)

# F7: what a spell does that no rider says (formats/spell_effects checks and builds it).
EFFECT = Obj(
    {
        "allies": Field(Int(minimum=1, maximum=20), 0, "no save: up to N of the caster's side"),
        "ac": Field(Int(minimum=1, maximum=10), 0, "an AC bonus on them (Shield of Faith: 2)"),
        "d4": Field(Int(minimum=-1, maximum=1), 0, "+1: a d4 on attack rolls and saves (Bless)"),
        "mark": Field(
            DICE, None, "Hunter's Mark, Hex: the caster's weapon hits on the foe add 1d6"
        ),
        "sleep": Field(DICE, None, "Sleep: hit points of creatures it puts to sleep, 5d8"),
        "per_slot": Field(DICE, None, "Sleep: more for each slot above the spell's, 2d8"),
        "aura": Field(Bool(), False, "its damage and save hit foes starting their turn by it"),
        "weapon": Field(Bool(), False, "a weapon the caster attacks with on later turns"),
        "invisible": Field(Bool(), False, "the caster becomes invisible (Invisibility, B6)"),
        "ends_on_attack": Field(Bool(), False, "invisible until it attacks or casts a spell"),
        "blurred": Field(Bool(), False, "attacks on the caster have disadvantage (Blur, B6)"),
        "word": Field(
            Int(minimum=1, maximum=10_000), 0, "a power word: on targets of at most N hit points"
        ),
        "kills": Field(Bool(), False, "the word kills (Power Word Kill, F7)"),
        "contest": Field(
            Int(minimum=-5, maximum=20), None, "the caster's check against a Strength check"
        ),
        "flying": Field(Bool(), False, "a monster's Fly: it flies, 60 ft (R7, B6)"),
        "dispel": Field(Bool(), False, "a monster's Dispel Magic: a hero's spell on its side"),
        "heal": Field(DICE, None, "a monster's Cure Wounds: the most hurt ally it touches, 1d8+3"),
        "others": Field(Bool(), False, "heal touches another creature, never itself (B6)"),
        "mirror": Field(
            Int(minimum=1, maximum=40), 0, "Mirror Image: three duplicates of this AC (B6, F7)"
        ),
        "ward": Field(
            OneOf(Condition), None, "a condition on the caster itself (unfettered: B6, F7)"
        ),
        "darkness": Field(Bool(), False, "magical darkness fills the caster's group (B6)"),
        "animates": Field(Int(minimum=1, maximum=2), 0, "Animate Trees: N trees join it (B6)"),
        "raises": Field(Bool(), False, "Create Specter: a hero dead in the fight rises (B6)"),
        "lasting": Field(
            Text(parse_lasting, "1 minute, 10 minutes, 1 hour", {"type": "string"}),
            None,
            "how long it lasts (F4)",
        ),
    },
    what="a spell's effect (allies, ac, d4, sleep, aura, weapon, invisible, blurred, heal, …)",
)

ATTACK = Obj(
    {
        "name": Field(Str()),
        "kind": Field(OneOf(AttackKind), ATTACK_DEFAULTS["kind"], "melee, ranged or thrown"),
        "to_hit": Field(
            Int(minimum=-10, maximum=30), ATTACK_DEFAULTS["to_hit"], "attack bonus, such as 4 or +4"
        ),
        "damage": Field(DAMAGE, None, "damage dice with types, such as 1d8+2 slashing"),
        "reach": Field(Int(minimum=5, maximum=100), None, "feet; defaults to the creature's"),
        "range": Field(RANGE, None, "ranged and thrown: normal/long feet"),
        "two_handed": Field(
            Bool(), ATTACK_DEFAULTS["two_handed"], "longbow, shortbow, crossbow (V3, C4)"
        ),
        "spell": Field(
            Bool(), ATTACK_DEFAULTS["spell"], "a spell attack (V3: 300 ft or more reaches further)"
        ),
        "times": Field(
            Int(minimum=1, maximum=20),
            ATTACK_DEFAULTS["times"],
            "attacks per Attack action (Multiattack)",
        ),
        "slot": Field(
            SlotLevel(),
            ATTACK_DEFAULTS["slot"],
            "a slotted spell (true, or its level): uses a slot; damage gives an O dot (T1)",
        ),
        "save": Field(
            SAVE,
            ATTACK_DEFAULTS["save"],
            "a saving throw instead of an attack roll, such as dex 15",
        ),
        "half": Field(Bool(), ATTACK_DEFAULTS["half"], "with save: half damage on a success"),
        "area": Field(AREA, ATTACK_DEFAULTS["area"], "an area effect such as sphere 20 (E1)"),
        "alt_damage": Field(
            DAMAGE,
            ATTACK_DEFAULTS["alt_damage"],
            "the other damage of a thrown or versatile weapon, or of a swarm's bites",
        ),
        "alt_when": Field(
            OneOf(AltUse),
            ATTACK_DEFAULTS["alt_when"],
            "when it applies: at range, two hands, or at half hit points (a swarm, B8)",
        ),
        "either": Field(
            MapOf(Str()), {}, "D6: a type it may deal as another, such as {lightning: thunder}"
        ),
        "school": Field(
            OneOf(School),
            None,
            "F7: a spell's school of magic, such as evocation (Sculpt Spells shapes those, F2)",
        ),
        "crit_on": Field(
            Int(minimum=18, maximum=20),
            ATTACK_DEFAULTS["crit_on"],
            "F2: the lowest d20 roll that is a critical hit (a Champion's Improved Critical: 19)",
        ),
        "crit_times": Field(
            Int(minimum=2, maximum=4),
            ATTACK_DEFAULTS["crit_times"],
            "D5: a critical hit rolls its dice this many times (the balor's longsword: 3)",
        ),
        "finesse": Field(
            Bool(),
            ATTACK_DEFAULTS["finesse"],
            "a finesse weapon (Sneak Attack needs one, or range)",
        ),
        "light": Field(
            Bool(), ATTACK_DEFAULTS["light"], "a light weapon (V-HYR3: two-weapon fighting)"
        ),
        "only_on": Field(
            OneOf(Condition), None, "B4: it targets only a creature with this condition"
        ),
        "magic": Field(
            Bool(),
            ATTACK_DEFAULTS["magic"],
            "a magic weapon: what resists only nonmagical attacks takes it in full (D6)",
        ),
        "riders": Field(ListOf(RIDER), [], "F6: what a hit brings besides damage"),
        "cost": Field(OneOf(Cost), ATTACK_DEFAULTS["cost"], "F1: action, bonus action or reaction"),
        "concentration": Field(
            Bool(),
            ATTACK_DEFAULTS["concentration"],
            "F5: a spell whose effects last while its caster concentrates",
        ),
        "upcast": Field(
            MapOf(DAMAGE), {}, "F7: damage with a higher slot, such as {4: 9d6 fire, 5: 10d6 fire}"
        ),
        "more_per_slot": Field(
            Int(minimum=0, maximum=9),
            ATTACK_DEFAULTS["more_per_slot"],
            "F7: `times` more for each slot level above the spell's own (Magic Missile: 1)",
        ),
        "spends": Field(Str(), "", "a use of the sheet each use spends, such as Ki"),
        "note": Field(Str(), "", "F7: what lnf does not play of it, said when it is used"),
        "after_attack": Field(
            ListOf(Str()),
            [],
            "F1: a bonus-action attack open only after the Attack action with one of these "
            "attacks (Martial Arts, Flurry of Blows)",
        ),
        "effect": Field(EFFECT, None, "F7: what the spell does besides damage and riders"),
    },
    what="an attack (name, damage, …)",
)


# B1, B2: a monster's special action or spell: an attack's fields, and how often it may be used.
ACTION_FIELDS = {
    **ATTACK.fields,
    "recharge": Field(
        Int(minimum=1, maximum=6),
        ATTACK_DEFAULTS["recharge"],
        "B2: charged again on a d6 of this or more at a round's start (5: Recharge 5–6)",
    ),
    "per_day": Field(
        Int(minimum=1, maximum=100), ATTACK_DEFAULTS["per_day"], "B2: uses a day (3: 3/day)"
    ),
    "choice": Field(
        Bool(),
        ATTACK_DEFAULTS["choice"],
        "B3: it affects creatures of its user's choice (Frightful Presence): no ally caught",
    ),
    "immune_after": Field(
        Bool(),
        ATTACK_DEFAULTS["immune_after"],
        "B1, F4: a creature that saves against it is immune to this user's for 24 hours",
    ),
}
ACTION = Obj(ACTION_FIELDS, what="an action (name, save, damage, area, recharge, …)")
# B7: a legendary option's own action: its name is the option's unless it says another.
OWN_ACTION = Obj(
    {**ACTION_FIELDS, "name": Field(Str(), None, "the option's name unless another is given")},
    what="a legendary option's action (save, damage, area, …)",
)
LEGENDARY = Obj(
    {
        "name": Field(Str()),
        "cost": Field(Int(minimum=1, maximum=3), 1, "legendary actions it costs (B7)"),
        "attack": Field(Str(), "", "one of its attacks it makes, such as Tail"),
        "action": Field(OWN_ACTION, None, "what it does instead: save, damage, area, riders"),
        "spells": Field(Bool(), False, "B7: it casts any spell of its actions, a slot spent"),
    },
    what="a legendary action (name, cost, attack or action)",
)
