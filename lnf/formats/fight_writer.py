"""A `Fight` written back as a fight file (`lnf init`'s sheets, tests, generated battles),
leaving out what equals the default, so `parse_fight(dump_fight(f)) == f` for every fight; and
the fight file's JSON Schema (`lnf schema`), drawn from the same spec that reads it.
"""

from __future__ import annotations

from typing import Any

from lnf.formats.fight_spec import (
    ATTACK_DEFAULTS,
    COMBATANT_DEFAULTS,
    FIGHT,
    FIGHT_DEFAULTS,
    HEALING_DEFAULTS,
    HERO_DEFAULTS,
    MONSTER_DEFAULTS,
)
from lnf.formats.monster_fields import monster_doc
from lnf.formats.rider_forms import attack_effects_doc
from lnf.formats.short_forms import guard_form
from lnf.formats.spell_effects import NO_DAMAGE
from lnf.formats.trait_forms import trait_form
from lnf.model import (
    SLOT,
    Ability,
    Attack,
    AttackKind,
    CDot,
    Dot,
    Fight,
    Hero,
    Monster,
)
from lnf.rules.hyrule import STAMINA
from lnf.rules.sheets import class_resources, recharge_of, sneak_dice


def fight_document(fight: Fight) -> dict[str, Any]:
    """The fight as plain data in the file format, leaving out what equals the default."""
    doc: dict[str, Any] = {}
    if fight.title != FIGHT_DEFAULTS["title"]:
        doc["title"] = fight.title
    if fight.round != FIGHT_DEFAULTS["round"]:
        doc["round"] = fight.round
    if fight.phase != FIGHT_DEFAULTS["phase"]:
        doc["phase"] = str(fight.phase)
    doc["started"] = fight.started.value
    if fight.terrain is not None:
        doc["terrain"] = fight.terrain.value
    if fight.sunlight:
        doc["sunlight"] = True
    if fight.underwater:
        doc["underwater"] = True
    if fight.house_rules:
        doc["house_rules"] = sorted(r.value for r in fight.house_rules)
    if fight.variants:
        doc["variants"] = sorted(v.value for v in fight.variants)
    doc["heroes"] = [_hero_doc(h) for h in fight.heroes]
    doc["monsters"] = [_monster_doc(m) for m in fight.monsters]
    if fight.groups:
        doc["groups"] = {g.label: list(g.members) for g in fight.groups}
    if fight.chase:
        doc["chase"] = [
            {"escaper": p.escaper, "pursuer": p.pursuer, "points": p.points} for p in fight.chase
        ]
    if fight.surprised:
        doc["surprised"] = [c.name for c in fight.everyone if c.name in fight.surprised]
    if fight.first is not None:
        doc["first"] = fight.first.value
    if fight.surprise_round:
        doc["surprise_round"] = dict(fight.surprise_round)
    if fight.units:
        doc["units"] = [list(u) for u in fight.units]
    return doc


def dump_fight(fight: Fight) -> str:
    import yaml  # only writing a fight file needs the dumper

    return yaml.safe_dump(fight_document(fight), sort_keys=False, allow_unicode=True, width=100)


def _hero_doc(h: Hero) -> dict[str, Any]:
    d: dict[str, Any] = {"name": h.name, "class": h.cls}
    if h.family_override is not None:
        d["family"] = h.family_override.value
    if h.ancestry != HERO_DEFAULTS["ancestry"]:
        d["ancestry"] = h.ancestry
    d["hp"] = h.hp if h.hp_now is None else f"{h.hp_now}/{h.hp}"
    dots = []
    if h.c_dot is not None:
        dots.append(Dot.C.value if h.c_dot is CDot.WANTED else Dot.C_AVOIDED.value)
    if h.o_dot:
        dots.append(Dot.O.value)
    if h.n_dot:
        dots.append(Dot.N.value)
    if dots:
        d["dots"] = dots
    for key in ("dead", "stable"):
        if getattr(h, key) != HERO_DEFAULTS[key]:
            d[key] = getattr(h, key)
    if h.death_saves != HERO_DEFAULTS["death_saves"]:
        d["death_saves"] = "{}/{}".format(*h.death_saves)
    common = _common_doc(h)
    if h.scores:  # F2: what the scores would work out is written as it stands, defaults too
        d["scores"] = {a.value: n for a, n in h.scores}
        common |= {k: getattr(h, k) for k in ("speed", "ac", "con", "perception", "stealth")}
        common["saves"] = {a.value: h.save_bonus(a) for a in Ability}
    return {**d, **_sheet_doc(h), **common}


def _sheet_doc(h: Hero) -> dict[str, Any]:
    """Level, and what of the sheet differs from what class and level give."""
    d: dict[str, Any] = {}
    given = {r.name: r for r in class_resources(h.cls, h.level)} if h.level else {}
    if h.level is not None:
        d["level"] = h.level
    if h.subclass is not None:
        d["subclass"] = h.subclass
    slots, uses, used = {}, {}, {}
    for r in h.resources:
        if r.name == STAMINA:  # V-HYR2: its own field
            d["stamina"] = r.total
            if r.used:
                used[r.name] = r.used
            continue
        default = given.get(r.name)
        slot = r.name.startswith(SLOT)
        key = r.name.removeprefix(SLOT) if slot else r.name
        if default is None or default.total != r.total or default.recharge != r.recharge:
            if slot:
                slots[key] = r.total
            else:
                same = r.recharge == recharge_of(r.name)
                uses[key if same else f"{key} ({r.recharge.value})"] = r.total
        if r.used:
            used[key] = r.used
    for key, part in (("slots", slots), ("uses", uses), ("used", used)):
        if part:
            d[key] = part
    if h.heals:
        d["heals"] = {
            x.name: {
                "dice": str(x.dice),
                **({"slot": x.slot} if x.slot else {}),
                **({"cost": x.cost.value} if x.cost is not HEALING_DEFAULTS["cost"] else {}),
                **({"upcast": {n: str(dice) for n, dice in x.upcast}} if x.upcast else {}),
                **({"note": x.note} if x.note else {}),
            }
            for x in h.heals
        }
    default_sneak = sneak_dice(h.cls, h.level) if h.level else None
    if h.sneak_attack is not None and h.sneak_attack != default_sneak:
        d["sneak_attack"] = str(h.sneak_attack)
    return d


def _monster_doc(m: Monster) -> dict[str, Any]:
    d: dict[str, Any] = {"name": m.name}
    if m.kind != MONSTER_DEFAULTS["kind"]:
        d["kind"] = m.kind
    d["hp"] = m.hp
    if m.damage != MONSTER_DEFAULTS["damage"]:
        d["damage"] = m.damage
    for key in ("type", "cr", "xp"):
        if getattr(m, key) != MONSTER_DEFAULTS[key]:
            d[key] = getattr(m, key)
    if m.multiattack:
        d["multiattack"] = dict(m.multiattack)
    if m.multiattack_action:
        d["multiattack_action"] = m.multiattack_action
    if m.multiattack_spell:
        d["multiattack_spell"] = dict(m.multiattack_spell)
    if m.multiattack_held:
        d["multiattack_held"] = m.multiattack_held
    if m.multiattack_in_place:
        d["multiattack_in_place"] = list(m.multiattack_in_place)
    if m.multiattack_rolled:
        d["multiattack_rolled"] = dict(m.multiattack_rolled)
    if m.amulet:
        d["amulet"] = m.amulet
    d |= {"stores": m.stores} if m.stores else {}
    d |= {"stored": m.stored} if m.stored else {}  # B6, B8: its entry is among `actions`
    if m.multiattack_options:
        d["multiattack_options"] = [
            {"attacks": dict(o.attacks), "at_range": o.at_range}
            | ({"flying": True} if o.flying else {})
            for o in m.multiattack_options
        ]
    if m.condition_immune:
        d["condition_immune"] = sorted(c.value for c in m.condition_immune)
    if m.not_modelled:
        d["not_modelled"] = list(m.not_modelled)
    if m.traits:
        d["traits"] = [trait_form(t) for t in m.traits]
    if m.escape is not None:  # C1
        d["escape"] = {"name": m.escape.name}
        if m.escape.points is not None:
            d["escape"]["points"] = m.escape.points
        if m.escape.attacks_first:
            d["escape"]["attacks_first"] = True
        if m.escape.cost:
            d["escape"]["cost"] = m.escape.cost
        if m.escape.provokes:
            d["escape"]["provokes"] = True
    return {**d, **_common_doc(m), **monster_doc(m, _attack_doc)}  # B1, B2, B7


# Plain numbers and switches every combatant has, written only where they differ.
SCALARS = (
    "light",
    "speed",
    "fly",
    "reach",
    "ac",
    "temp_hp",
    "con",
    "perception",
    "stealth",
    "exhaustion",
    "dashes",
    "escaped",
    "reached_by",
)


def _common_doc(c: Hero | Monster) -> dict[str, Any]:
    d: dict[str, Any] = {}
    if c.rank is not COMBATANT_DEFAULTS["rank"]:
        d["rank"] = c.rank.value
    if c.why is not None:
        d["why"] = c.why.value
    for key in SCALARS:
        if getattr(c, key) != COMBATANT_DEFAULTS[key]:
            d[key] = getattr(c, key)
    for key, values in (
        ("conditions", c.conditions),
        ("flags", c.flags),
        ("resist", c.resist),
        ("immune", c.immune),
        ("vulnerable", c.vulnerable),
    ):
        if values:
            d[key] = sorted(v.value for v in values)
    if c.saves:
        d["saves"] = {a.value: bonus for a, bonus in c.saves}
    if c.effects:
        d["effects"] = list(c.effects)
    if c.guards:
        d["guards"] = [guard_form(g) for g in c.guards]
    if c.attacks:
        d["attacks"] = [_attack_doc(a, c.reach) for a in c.attacks]
    if c.size is not None:
        d["size"] = c.size.value
    if c.dr:
        d["dr"] = c.dr
    if c.typed_dr:
        d["dr_against"] = {k.value: v for k, v in c.typed_dr}
    if c.cover is not None:
        cover = "total" if c.cover.total else f"+{c.cover.bonus}"
        d["cover"] = cover + (" ranged" if c.cover.ranged_only else "")
    if c.con_score is not None:
        d["con_score"] = c.con_score
    if c.wis is not None:
        d["wis"] = c.wis
    if c.favor:
        d["favor"] = True
    if c.bonuses:
        d["bonuses"] = [f"{kind} {n:+d}" for kind, n in c.bonuses]
    return d


def _attack_doc(a: Attack, reach: int) -> dict[str, Any]:
    d: dict[str, Any] = {"name": a.name}
    if a.kind is not ATTACK_DEFAULTS["kind"]:
        d["kind"] = a.kind.value
    d["to_hit"] = a.to_hit
    if a.damage != NO_DAMAGE:  # F7: a spell that does no damage (Hold Person) writes none
        d["damage"] = str(a.damage)
    if a.kind is not AttackKind.RANGED and a.reach != reach:
        d["reach"] = a.reach
    if a.range is not None:
        normal, long = a.range
        d["range"] = normal if normal == long else f"{normal}/{long}"
    for key in ("two_handed", "spell", "half", "times", "finesse", "light", "magic"):
        if getattr(a, key) != ATTACK_DEFAULTS[key]:
            d[key] = getattr(a, key)
    if a.slot:
        d["slot"] = True if a.slot == 1 else a.slot
    if a.alt_damage is not None:
        d["alt_damage"] = str(a.alt_damage)
    if a.alt_when is not None:
        d["alt_when"] = a.alt_when.value
    if a.crit_times != 2:
        d["crit_times"] = a.crit_times
    if a.crit_on != 20:
        d["crit_on"] = a.crit_on
    if a.school is not None:
        d["school"] = a.school.value
    if a.either:
        d["either"] = {k.value: o.value for k, o in a.either}
    if a.only_on is not None:
        d["only_on"] = a.only_on.value
    if a.save is not None:
        d["save"] = f"{a.save[0]} {a.save[1]}"
    if a.area is not None:
        d["area"] = f"{a.area.shape} {a.area.size}"
    if a.upcast:
        d["upcast"] = {level: str(dice) for level, dice in a.upcast}
    if a.more_per_slot:
        d["more_per_slot"] = a.more_per_slot
    for key in ("spends", "note"):
        if getattr(a, key):
            d[key] = getattr(a, key)
    if a.after_attack:
        d["after_attack"] = list(a.after_attack)
    return {**d, **attack_effects_doc(a)}


def fight_schema() -> dict[str, Any]:
    """`lnf schema`: the JSON Schema of the fight file."""
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "lnf fight file",
        **FIGHT.json_schema(),
    }
    # A monster taken by name (`monster: bugbear`) gets its name and hit points from there.
    monster = schema["properties"]["monsters"]["items"]
    required = monster.pop("required", [])
    monster["anyOf"] = [{"required": ["monster"]}, {"required": required}]
    # F2: a hero written as a sheet (`scores:`) has its hit points worked out.
    hero = schema["properties"]["heroes"]["items"]
    needed = hero.pop("required", [])
    hero["required"] = [k for k in needed if k != "hp"]
    hero["anyOf"] = [{"required": ["hp"]}, {"required": ["scores"]}]
    return schema
