"""The heroes and monsters of a fight file, each from its entry: the fields every combatant
has, its attacks, a hero's sheet (class, level, slots and uses) and a monster's copies ("count",
G3) and rolled hit points. Problems go to the `Checker`, with the entry's field path, so one
reading tells every mistake.
"""

from __future__ import annotations

import re
from typing import Any

from lnf.dice import DamageType, DiceExpr
from lnf.formats.fight_spec import (
    ATTACK_DEFAULTS,
    ROLL,
)
from lnf.formats.rider_forms import attack_effects
from lnf.formats.short_forms import parse_guard
from lnf.formats.spec import INVALID, Checker, did_you_mean
from lnf.formats.spell_effects import NO_DAMAGE
from lnf.model import (
    CLASS_FAMILIES,
    SLOT,
    Ability,
    Attack,
    AttackKind,
    Cost,
    Dot,
    Escape,
    Guard,
    Healing,
    Hero,
    Monster,
    MultiOption,
    Rank,
    Recharge,
    Resource,
)
from lnf.rules.acl import ARMOR, armor_dr
from lnf.rules.hyrule import STAMINA
from lnf.rules.ranks import hiding_as_placed
from lnf.rules.sheets import class_resources, recharge_of, sneak_dice
from lnf.rules.wording import copy_names
from lnf.values import replace


def _check_after_attack(
    attacks: tuple[Attack, ...], path: tuple[str | int, ...], ck: Checker
) -> None:
    """F1: what `after_attack` names are attacks of the same sheet, and it grants a bonus
    action (Martial Arts, Flurry of Blows)."""
    names = {a.name.lower() for a in attacks}
    for j, a in enumerate(attacks):
        where = (*path, "attacks", j, "after_attack")
        if a.after_attack and a.cost is not Cost.BONUS:
            ck.fail(
                where, f"{a.name} follows the Attack action: give it cost: bonus action", rule="F1"
            )
        for name in a.after_attack:
            if name.lower() not in names:
                ck.fail(
                    where,
                    f"{name!r} is none of this sheet's attacks",
                    "name the attacks the Attack action is made with (Unarmed Strike, …)",
                    rule="F1",
                )


def _common(d: dict[str, Any], path: tuple[str | int, ...], ck: Checker) -> dict[str, Any]:
    if d["why"] is not None and d["rank"] is Rank.FRONT:
        ck.fail((*path, "why"), "why is only for a combatant off the front rank", "drop it (R4)")
    attacks = tuple(
        read_attack(a, d["reach"], (*path, "attacks", j), ck) for j, a in enumerate(d["attacks"])
    )
    _check_after_attack(attacks, path, ck)
    return dict(
        rank=d["rank"],
        why=d["why"],
        light=d["light"],
        speed=d["speed"],
        fly=d["fly"],
        reach=d["reach"],
        ac=d["ac"],
        temp_hp=d["temp_hp"],
        con=d["con"],
        perception=d["perception"],
        stealth=d["stealth"],
        saves=tuple((Ability(k), v) for k, v in d["saves"].items() if v),
        wis=d["wis"],
        conditions=frozenset(d["conditions"]),
        exhaustion=d["exhaustion"],
        dashes=d["dashes"],
        escaped=d["escaped"],
        reached_by=d["reached_by"],
        effects=tuple(d["effects"]),
        guards=tuple(_guards(d, path, ck)),
        flags=hiding_as_placed(d["rank"], d["why"], frozenset(d["flags"])),
        resist=frozenset(d["resist"]),
        immune=frozenset(d["immune"]),
        vulnerable=frozenset(d["vulnerable"]),
        attacks=attacks,
        size=d["size"],
        dr=d["dr"] if d["dr"] is not None else _armor_dr(d, path, ck),
        typed_dr=tuple(_typed_dr(d, path, ck)),
        cover=d["cover"],
        con_score=d["con_score"],
        favor=d["favor"],
        bonuses=tuple(d["bonuses"]),
    )


def _armor_dr(d: dict[str, Any], path: tuple[str | int, ...], ck: Checker) -> int:
    """V-ACL4: DR from the armor the file names (its bonus to AC; a shield 2)."""
    named = [str(a).lower().replace(" ", "-") for a in d["armor"]]
    for j, item in enumerate(named):
        if item not in ARMOR:
            ck.fail(
                (*path, "armor", j),
                f"{item!r} is no armor lnf knows",
                did_you_mean(item, sorted(ARMOR)) or "give dr: instead",
            )
    return armor_dr([a for a in named if a in ARMOR], 0, 0, natural=False)


def _typed_dr(
    d: dict[str, Any], path: tuple[str | int, ...], ck: Checker
) -> list[tuple[DamageType, int]]:
    out = []
    for kind, amount in d["dr_against"].items():
        try:
            out.append((DamageType(kind), amount))
        except ValueError:
            ck.fail(
                (*path, "dr_against", kind),
                f"{kind!r} is no damage type",
                did_you_mean(kind, [t.value for t in DamageType]),
            )
    return out


def read_attack(a: dict[str, Any], reach: int, path: tuple[str | int, ...], ck: Checker) -> Attack:
    if a["kind"] is AttackKind.RANGED and a["reach"] is not None:
        ck.fail((*path, "reach"), "a ranged attack has no mêlée reach", "give range: instead")
    if a["kind"] is AttackKind.RANGED:
        attack_reach = ATTACK_DEFAULTS["reach"]
    else:
        attack_reach = reach if a["reach"] is None else a["reach"]
    return Attack(
        name=a["name"],
        kind=a["kind"],
        to_hit=a["to_hit"],
        damage=NO_DAMAGE if a["damage"] is None else a["damage"],  # F7: checked with effect
        reach=attack_reach,
        range=a["range"],
        two_handed=a["two_handed"],
        spell=a["spell"],
        slot=a["slot"],
        save=a["save"],
        half=a["half"],
        area=a["area"],
        times=a["times"],
        alt_damage=a["alt_damage"],
        alt_when=a["alt_when"],
        crit_times=a["crit_times"],
        crit_on=a["crit_on"],
        school=a["school"],
        either=_either(a, path, ck),
        finesse=a["finesse"],
        light=a["light"],
        magic=a["magic"],
        only_on=a["only_on"],
        upcast=_upcast(a, path, ck),
        more_per_slot=_more_per_slot(a, path, ck),
        spends=a["spends"],
        note=a["note"],
        after_attack=tuple(a["after_attack"]),
        **attack_effects(a, path, ck),
    )


def _either(
    a: dict[str, Any], path: tuple[str | int, ...], ck: Checker
) -> tuple[tuple[DamageType, DamageType], ...]:
    """D6: `either: {lightning: thunder}`: a type of its damage it may deal as another."""
    out = []
    for kind, other in a["either"].items():
        if kind not in set(DamageType) or other not in set(DamageType):
            ck.fail((*path, "either", kind), f"{kind!r} or {other!r} is no damage type", rule="D6")
        else:
            out.append((DamageType(kind), DamageType(other)))
    return tuple(out)


def _upcast(
    a: dict[str, Any], path: tuple[str | int, ...], ck: Checker
) -> tuple[tuple[int, DiceExpr], ...]:
    """F7: `upcast: {4: 9d6 fire}`: slot levels above the spell's own, lowest first."""
    out = []
    for key, dice in a["upcast"].items():
        level = int(key) if key.isdigit() else 0
        if not a["slot"] or not a["slot"] < level <= 9:
            ck.fail(
                (*path, "upcast", key),
                f"{key!r} is no slot level above the spell's own ({a['slot'] or 'none'}) up to 9",
                "give slot: first" if not a["slot"] else "",
                rule="F7",
            )
        elif dice is not INVALID:
            out.append((level, dice))
    return tuple(sorted(out))


# F2: the lists of a hero written as a sheet: worked out (attacks, Stealth…) and then taken off
# the entry (`hero_sheet`); an entry with one of them, or `scores:`, is a sheet (`fight_file`)
SHEET_LISTS = ("weapons", "skills", "expertise")
SHEET_WARNED = ("fighting_style", "subclass")  # F2: what a sheet says lnf may not play


def class_unknown(d: dict[str, Any]) -> bool:
    """G2: a class lnf does not know, and no `family:` to say its row: the entry's problem,
    which `check_class` says; what the class would have given (hit dice, casting ability)
    is then not asked for too."""
    cls = d.get("class")
    return d.get("family") is None and isinstance(cls, str) and cls.lower() not in CLASS_FAMILIES


def _more_per_slot(a: dict[str, Any], path: tuple[str | int, ...], ck: Checker) -> int:
    """F7: `more_per_slot: 1` (Magic Missile's dart a slot level above its own): a slotted
    spell's only."""
    if a["more_per_slot"] and not a["slot"]:
        ck.fail(
            (*path, "more_per_slot"),
            "more for each slot level above the spell's own needs the spell's slot",
            "give slot: first",
            rule="F7",
        )
    return int(a["more_per_slot"])


def check_class(d: dict[str, Any], path: tuple[str | int, ...], ck: Checker) -> None:
    """G2: the row family comes from the class, unless the file gives it."""
    cls = d.get("class")
    if class_unknown(d) and isinstance(cls, str):
        ck.fail(
            (*path, "class"),
            f"{cls!r} is not a class lnf knows, so its row family is unknown (G2)",
            did_you_mean(cls.lower(), list(CLASS_FAMILIES))
            or "add family: fighty, priesty, gishy, casty or sneaky",
        )


def read_hero(d: dict[str, Any], i: int, ck: Checker) -> Hero:
    path: tuple[str | int, ...] = ("heroes", i)
    check_class(d, path, ck)
    dots = d["dots"]
    if Dot.C in dots and Dot.C_AVOIDED in dots:
        ck.fail(
            (*path, "dots"), "a C dot is either wanted (C) or avoided (C-), not both", rule="T1"
        )
    c_dot = next((t.c_dot for t in dots if t is not INVALID and t.c_dot), None)
    maximum, current = d["hp"]
    return Hero(
        name=d["name"],
        cls=d["class"],
        family_override=d["family"],
        ancestry=d["ancestry"],
        hp=maximum,
        hp_now=current,
        c_dot=c_dot,
        o_dot=Dot.O in dots,
        n_dot=Dot.N in dots,
        dead=d["dead"],
        death_saves=d["death_saves"],
        stable=d["stable"],
        level=d["level"],
        resources=_resources(d, path, ck),
        sneak_attack=d["sneak_attack"]
        or (sneak_dice(d["class"], d["level"]) if d["level"] else None),
        heals=tuple(_healing(k, v, (*path, "heals", k), ck) for k, v in d["heals"].items()),
        scores=tuple((Ability(k), v) for k, v in d["scores"].items()),
        subclass=d["subclass"],
        **_common(d, path, ck),
    )


def _healing(name: str, v: dict[str, Any], path: tuple[str | int, ...], ck: Checker) -> Healing:
    upcast = _upcast({"upcast": v["upcast"], "slot": v["slot"]}, path, ck)
    return Healing(name, v["dice"], v["slot"], v["cost"], upcast, v["note"])


def _resources(d: dict[str, Any], path: tuple[str | int, ...], ck: Checker) -> tuple[Resource, ...]:
    """The sheet's limited uses: what class and level give (with a level), then the file's
    `slots` and `uses` over them, then what `used` says is spent."""
    found: dict[str, Resource] = {}
    if d["level"] is not None:
        found = {r.name: r for r in class_resources(d["class"], d["level"])}
    for level, total in d["slots"].items():
        if not level.isdigit() or not 1 <= int(level) <= 9:
            ck.fail((*path, "slots", level), f"{level!r} is not a spell level from 1 to 9")
            continue
        name = f"{SLOT}{int(level)}"
        old = found.get(name)
        found[name] = Resource(name, total, 0, old.recharge if old else Recharge.LONG)
    for key, total in d["uses"].items():
        name, said = named_use(key)
        found[name] = Resource(name, total, 0, said or recharge_of(key))
    if d["stamina"] is not None:  # V-HYR2: a pool the target strikes spend
        found[STAMINA] = Resource(STAMINA, d["stamina"], 0, Recharge.SHORT)
    mark_used(found, d["used"], path, ck, "its slots or uses")
    return tuple(found.values())


def mark_used(
    found: dict[str, Resource],
    used: dict[str, Any],
    path: tuple[str | int, ...],
    ck: Checker,
    uses: str,
    rule: str = "",
) -> None:
    """A file's `used:` over the limited uses `found` (a hero's sheet, a monster's B2 uses):
    `{2: 1}` a 2nd-level slot, `{Poison Breath: 1}` a use; each must name one of `uses` and
    spend no more than it holds."""
    for key, spent in used.items():
        name = f"{SLOT}{key}" if key.isdigit() else key
        match = next((n for n in found if n.lower() == name.lower()), None)
        if match is None:
            ck.fail(
                (*path, "used", key),
                f"{key!r} is none of {uses}",
                did_you_mean(key, sorted(found)) or uses,
                rule=rule,
            )
        elif spent is not INVALID and spent > found[match].total:
            ck.fail((*path, "used", key), f"{spent} used of {found[match].total}", rule=rule)
        elif spent is not INVALID:
            found[match] = replace(found[match], used=spent)


def named_use(key: str) -> tuple[str, Recharge | None]:
    """`Poison Breath (roll)`, `Superiority Dice (short)`: a use's name and when it comes back,
    if the key says."""
    for r in Recharge:
        suffix = f"({r.value})"
        if key.strip().lower().endswith(suffix):
            return key.strip()[: -len(suffix)].strip(), r
    return key.strip(), None


def read_monsters(d: dict[str, Any], i: int, ck: Checker, seed: int = 1) -> list[Monster]:
    """One entry, or `count` copies named "Name 1".."Name n" of one kind (G3)."""
    path: tuple[str | int, ...] = ("monsters", i)
    common = _common(d, path, ck)
    if d["hp"] != ROLL and d["damage"] > d["hp"]:
        ck.fail((*path, "damage"), f"damage {d['damage']} is more than hp {d['hp']}", rule="G6")
    known = {a.name for a in common["attacks"]}
    for name in d["multiattack"]:
        if name not in known:
            ck.fail(
                (*path, "multiattack", name),
                f"Multiattack names {name!r}, which is not one of its attacks",
                did_you_mean(name, sorted(known)),
            )
    for name in d["multiattack_spell"]:
        if name not in known:
            ck.fail(
                (*path, "multiattack_spell", name),
                f"Multiattack names {name!r}, which is not one of its attacks",
                did_you_mean(name, sorted(known)),
            )
    for name in d["multiattack_in_place"]:
        if name not in d["multiattack"] or not d["multiattack_action"]:
            ck.fail(
                (*path, "multiattack_in_place", name),
                f"{name!r} is replaced by what? give multiattack_action and {name} in multiattack",
                rule="B1",
            )
    for name, dice in d["multiattack_rolled"].items():
        if name not in {*d["multiattack"], *known} or not re.fullmatch(
            r"\d{1,2}d\d{1,3}", str(dice)
        ):
            ck.fail(
                (*path, "multiattack_rolled", name),
                f"{name!r}: {dice!r} is no count of a Multiattack's attack rolled (1d4)",
                "give the attack in multiattack too, and dice such as 1d4",
                rule="B1",
            )
    offered = [o for o in d["multiattack_options"] if isinstance(o, dict)]
    offered = [o for o in offered if isinstance(o["attacks"], dict)]  # bad ones: said (ck)
    for j, option in enumerate(offered):
        for name in option["attacks"]:
            if name not in known:
                ck.fail(
                    (*path, "multiattack_options", j, "attacks", name),
                    f"Multiattack names {name!r}, which is not one of its attacks",
                    did_you_mean(name, sorted(known)),
                )
    from lnf.formats.monster_fields import read_actions  # B1, B2, B7

    actions, legendary, resources = read_actions(d, d["reach"], path, ck)
    if d["multiattack_held"] and all(a.name != d["multiattack_held"] for a in actions):
        ck.fail(
            (*path, "multiattack_held"),
            f"Multiattack uses {d['multiattack_held']!r}, which is not one of its actions",
            rule="B1",
        )
    if d["multiattack_action"] and all(a.name != d["multiattack_action"] for a in actions):
        ck.fail(
            (*path, "multiattack_action"),
            f"Multiattack uses {d['multiattack_action']!r}, which is not one of its actions",
            did_you_mean(d["multiattack_action"], sorted(a.name for a in actions)),
            rule="B1",
        )
    block = dict(
        actions=actions,
        legendary=legendary,
        escape=_escape(d["escape"]),
        resources=resources,
        damage=d["damage"],
        type=d["type"],
        cr=d["cr"],
        xp=d["xp"],
        multiattack=tuple(d["multiattack"].items()),
        multiattack_action=d["multiattack_action"],
        multiattack_rolled=tuple(d["multiattack_rolled"].items()),
        multiattack_in_place=tuple(d["multiattack_in_place"]),
        multiattack_held=d["multiattack_held"],
        multiattack_spell=tuple(d["multiattack_spell"].items()),
        amulet=d["amulet"],
        stores=d["stores"],
        stored=d["stored"],
        multiattack_options=tuple(
            MultiOption(tuple(o["attacks"].items()), o["at_range"], o["flying"]) for o in offered
        ),
        condition_immune=frozenset(d["condition_immune"]),
        not_modelled=tuple(d["not_modelled"]),
        traits=tuple(dict.fromkeys(d["traits"])),  # B8: each once
        **common,
    )
    names = copy_names(d["name"], d["count"])
    kind = d["kind"] if d["count"] == 1 else d["kind"] or d["name"]
    hps = [d["hp"]] * len(names)
    if d["hp"] == ROLL:
        if d["hit_dice"] is None:
            ck.fail((*path, "hp"), "hp: roll needs hit_dice (or monster: NAME, which has them)")
            return []
        hps = [_rolled_hp(d["hit_dice"], seed, name) for name in names]
    return [Monster(name=n, kind=kind, hp=hp, **block) for n, hp in zip(names, hps, strict=True)]


def _escape(d: dict[str, Any] | None) -> Escape | None:
    """C1: the way of leaving by magic the entry names (its checks are the spec's)."""
    if not isinstance(d, dict):
        return None
    return Escape(
        name=d["name"],
        points=d["points"],
        attacks_first=d["attacks_first"],
        cost=d["cost"],
        provokes=d["provokes"],
    )


def _rolled_hp(hit_dice: DiceExpr, seed: int, name: str) -> int:
    """`hp: roll`: the hit dice rolled with the fight file's seed and the monster's name, so the
    same file gives the same hit points (at least 1)."""
    from lnf.dice.roll import SeededDice, roll

    return max(1, roll(hit_dice, SeededDice(f"{seed}:{name}: hit points"), damage=False).total)


def _guards(d: dict[str, Any], path: tuple[str | int, ...], ck: Checker) -> list[Guard]:
    """F1: the reactions that turn a hit (`guards: [shield]`), each named at its place."""
    out = []
    for j, text in enumerate(d["guards"]):
        try:
            out.append(parse_guard(text))
        except ValueError as exc:
            named = ["shield", "parry 2", "amulet 2", "uncanny dodge", "deflect missiles 8"]
            hint = did_you_mean(str(text).strip().lower(), named) or "the reactions of F1"
            ck.fail((*path, "guards", j), str(exc), hint)
    return out
