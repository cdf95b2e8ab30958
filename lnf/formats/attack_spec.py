"""The fight file's attack entry, described once (formats/spec): an attack's fields, its
riders (F6) and a spell's effect (F7), and a monster's special actions (B1, B2) and
legendary options (B7), which take the same fields. `lnf.formats.fight_spec` puts them into
the combatants' entries; `lnf schema` draws them from here too.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from lnf.dice import DamageType
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
from lnf.model import Ability, AltUse, Attack, AttackKind, Condition, Cost, TurnEdge


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
        "damage": Field(
            Text(parse_rider_damage, "dice of one type such as 3d6 poison", {"type": "string"}),
            None,
            "damage on a failed save, such as 3d6 poison",
        ),
        "half": Field(Bool(), False, "half the damage on a successful save"),
        "grapple": Field(
            Int(minimum=1, maximum=40), 0, "the hit grapples; the escape DC, such as 13"
        ),
        "max_hp": Field(MaxHp(), False, "the hit-point maximum goes down by the damage taken"),
        "only_if": Field(Str(), "", "a limit, told when it applies: Large or smaller"),
    },
    what="a rider (save, conditions, damage, grapple, …)",
)

# F7: what a spell does that no rider says (formats/spell_effects checks and builds it).
EFFECT = Obj(
    {
        "allies": Field(Int(minimum=1, maximum=20), 0, "no save: up to N of the caster's side"),
        "ac": Field(Int(minimum=1, maximum=10), 0, "an AC bonus on them (Shield of Faith: 2)"),
        "d4": Field(Int(minimum=-1, maximum=1), 0, "+1: a d4 on attack rolls and saves (Bless)"),
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
        "flying": Field(Bool(), False, "a monster's Fly: it flies, 60 ft (R7, B6)"),
        "dispel": Field(Bool(), False, "a monster's Dispel Magic: a hero's spell on its side"),
        "heal": Field(DICE, None, "a monster's Cure Wounds: the most hurt ally it touches, 1d8+3"),
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
            "the other damage of a thrown or versatile weapon",
        ),
        "alt_when": Field(
            OneOf(AltUse), ATTACK_DEFAULTS["alt_when"], "when it applies: at range or two hands"
        ),
        "finesse": Field(
            Bool(),
            ATTACK_DEFAULTS["finesse"],
            "a finesse weapon (Sneak Attack needs one, or range)",
        ),
        "light": Field(
            Bool(), ATTACK_DEFAULTS["light"], "a light weapon (V-HYR3: two-weapon fighting)"
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
    },
    what="a legendary action (name, cost, attack or action)",
)
