"""F6, with F1 and F5: an attack's riders, cost and concentration in the fight file's words,
both ways: what `lnf.formats.fight_spec` read becomes the model's values, with the checks that
need two fields at once; a model's values become the mappings the file and the bestiary hold
(`parse_fight(dump_fight(f)) == f`). The short forms inside a rider (`save: con 10`, `lasting: 1
minute`, `damage: 3d6 poison`) are read by `lnf.formats.short_forms`.

    riders:
      - {save: con 10, condition: paralyzed, lasting: 1 minute, repeat: end}
      - {grapple: 13, condition: restrained, holds: 1}
      - {save: con 11, damage: 2d8 poison, half: true}
"""

from __future__ import annotations

from typing import Any

from lnf.dice import DamageType, DiceExpr
from lnf.formats.rider_lasting import lasting_doc, lasting_fields, lasting_of_doc
from lnf.formats.short_forms import (
    lasting_text,
    parse_damage,
    parse_lasting,
    parse_rider_damage,
    parse_save,
)
from lnf.formats.spec import INVALID, Checker
from lnf.formats.spell_effects import own_action, spell_effect, spell_effect_doc
from lnf.formats.yaml_source import FieldPath as Path
from lnf.model import Ability, Attack, Condition, Cost, Lasting, Rider, TurnEdge


def attack_effects(a: dict[str, Any], path: Path, ck: Checker) -> dict[str, Any]:
    """The Attack fields of an attack entry this module reads: `riders`, `cost` and
    `concentration`, checked."""
    if a["concentration"] and not (a["spell"] or a["slot"] or own_action(a)):  # B6
        ck.fail(
            (*path, "concentration"),
            "only a spell needs concentration",
            "mark it spell: true or give its slot",
            rule="F5",
        )
    save = a["save"] if a["save"] is not INVALID else None
    riders = tuple(
        rider(r, (*path, "riders", i), ck, save)
        for i, r in enumerate(a["riders"])
        if isinstance(r, dict)  # a wrong entry was reported when it was read
    )
    effect = spell_effect(a, riders, path, ck)  # F7
    return {"riders": riders, "cost": a["cost"], "concentration": a["concentration"]} | effect


def rider(
    r: dict[str, Any], path: Path, ck: Checker, attack_save: tuple[Ability, int] | None = None
) -> Rider:
    """F6: one rider entry as a Rider; every field that does not go with another is named. On
    an attack with a save (Hold Person), a rider without its own comes with the failed save,
    and `repeat:` repeats the attack's save."""
    conditions = _conditions(r, path, ck)
    save = r["save"] if r["save"] is not INVALID else None
    again = r.get("again") if r.get("again") is not INVALID else None
    if again is not None and (save or attack_save or r["repeat"] in (None, INVALID)):
        said = "the save repeated when none is given: give repeat, and no other save"
        ck.fail((*path, "again"), said, rule="F4")
    repeated = save or attack_save or again  # F7 Ray of Enfeeblement: `again`
    damage, damage_type = r["damage"] if r["damage"] not in (None, INVALID) else (None, None)
    max_hp = r["max_hp"]
    if isinstance(max_hp, DamageType):
        if damage is not None:
            ck.fail((*path, "max_hp"), "say max_hp: true when the rider deals damage", rule="F6")
        damage_type = max_hp
    lasting = r["lasting"] if r["lasting"] not in (None, INVALID) else Lasting()
    _check(r, path, ck, conditions, repeated is not None)
    if r["repeat"] not in (None, INVALID) and repeated is not None:
        if isinstance(r.get("escape"), Ability):  # F7 Web: a Strength check at the spell's DC
            repeated = (r["escape"], repeated[1])
        saves = r["saves"] if isinstance(r.get("saves"), int) else 0  # F7 Contagion
        lasting = Lasting(
            lasting.rounds,
            lasting.until,
            repeated,
            r["repeat"],
            hurt=lasting.hurt,
            saves=saves,
            in_sight=r.get("in_sight") is True,  # B8: the quasit's Scare
        )
    elif r.get("escape") is not None:
        ck.fail((*path, "escape"), "the ability of which repeat? give repeat: end", rule="F4")
    return Rider(
        save=save,
        conditions=conditions,
        lasting=lasting,
        damage=damage,
        damage_type=damage_type,
        half=r["half"] is True,
        grapple=r["grapple"] if isinstance(r["grapple"], int) else 0,
        holds=r["holds"] if isinstance(r["holds"], int) else 0,
        web=r["web"] is True,
        suffocates=r["suffocates"] is True,
        instead=r["instead"] is True,
        head=r["head"] is True,
        drops=r["drops"] is True,
        held_advantage=r["held_advantage"] is True,
        held_hits=r["held_hits"] is True,
        pull=r["pull"] is True,
        swallow=r["swallow"] is True,
        regurgitate=_regurgitate(r),
        engulf=r["engulf"] if isinstance(r["engulf"], int) else 0,
        contest=r["contest"] is True,
        attach=r["attach"] is True,
        drain=r["drain"] if isinstance(r["drain"], DiceExpr) else None,
        sated=r["sated"] if isinstance(r["sated"], int) else 0,
        held_damage=r["held_damage"] if isinstance(r["held_damage"], DiceExpr) else None,
        max_hp=max_hp is not False and max_hp is not INVALID,
        only_if=r["only_if"] if isinstance(r["only_if"], str) else "",
        push=r["push"] if isinstance(r["push"], int) else 0,
        **lasting_fields(r, path, ck),
    )


def _conditions(r: dict[str, Any], path: Path, ck: Checker) -> tuple[Condition, ...]:
    one, many = r["condition"], r["conditions"]
    if one is not None and many:
        ck.fail((*path, "condition"), "give condition or conditions, not both")
    found = [one, *(many if isinstance(many, list) else [])]
    conditions = tuple(c for c in found if isinstance(c, Condition))
    if isinstance(r["grapple"], int) and r["grapple"] and Condition.GRAPPLED in conditions:
        ck.fail(
            (*path, "conditions" if many else "condition"),
            "grapple: makes the target grappled already; list what else it brings",
            rule="F6",
        )
    return conditions


def _check(
    r: dict[str, Any], path: Path, ck: Checker, conditions: tuple[Condition, ...], saved: bool
) -> None:
    """The fields that need another: a repeated save its save (the rider's or the attack's),
    half its damage, damage its save (damage with the hit is the attack's own), a lasting its
    conditions."""

    def given(key: str) -> bool:
        return r[key] not in (None, False, 0, [], "", INVALID) or (key == "save" and saved)

    brings = ["condition", "conditions", "damage", "grapple", "max_hp", "afflicts"]
    brings += ["no_healing", "hurts", "armor", "kills", "push", "attach", "pull", "drops"]
    brings += ["strength"]
    if not any(given(k) for k in brings):
        ck.fail(
            path,
            "a rider brings conditions, damage, a grapple, max_hp, afflicts, no_healing, hurts, "
            "armor, a push, a pull, an attach or a Strength drain",
            rule="F6",
        )
    needs = (
        ("repeat", "save", "the save it repeats: give save, such as save: con 10", "F4"),
        ("in_sight", "repeat", "a repeat of which save? give repeat: end", "F4"),
        ("half", "damage", "half of what? give damage, such as damage: 3d6 poison", "F6"),
        ("half", "save", "half on a successful save: give save", "F6"),
        ("damage", "save", "damage without a save is the attack's own damage", "F6"),
    )
    for key, needed, message, rule in needs:
        if given(key) and not given(needed):
            ck.fail((*path, key), message, rule=rule)
    held = ("holds", "held_advantage", "held_hits", "held_damage", "web", "suffocates", "instead")
    for key in held:
        if given(key) and not given("grapple") and not (key == "held_damage" and given("swallow")):
            ck.fail((*path, key), "holds whom? give grapple, such as grapple: 13", rule="F6")
    for key in ("regurgitate", "regurgitate_dc"):
        if given(key) and not (
            given("swallow") and given("regurgitate") and given("regurgitate_dc")
        ):
            ck.fail((*path, key), "give swallow, regurgitate and regurgitate_dc", rule="F6")
    if given("engulf") and not given("swallow"):  # F6: the gelatinous cube's
        ck.fail((*path, "engulf"), "engulfed in what? give swallow: true", rule="F6")
    if given("contest") and not given("pull"):
        ck.fail((*path, "contest"), "a contest for what? give pull: true", rule="F6")
    if given("pull") and not (given("save") or given("contest")):
        ck.fail((*path, "pull"), "pulled on what? give save, or contest: true", rule="F6")
    for key in ("drain", "sated"):
        if given(key) and not given("attach"):
            ck.fail((*path, key), "drains while attached: give attach: true", rule="F6")
    if given("head") and not given("attach"):
        ck.fail((*path, "head"), "the head of whom? give attach: true", rule="F6")
    if given("lasting") and not (conditions or given("no_healing")):  # F6: a bar lasts too
        ck.fail((*path, "lasting"), "how long what lasts? give a condition", rule="F4")
    if given("lasting") and given("grapple") and not given("save"):
        ck.fail(
            (*path, "lasting"),
            "a grapple's conditions last as long as it holds: give no lasting",
            rule="F6",
        )


def _regurgitate(r: dict[str, Any]) -> tuple[int, int] | None:
    """F6: the damage from inside and the save's DC that spit the swallowed out."""
    damage, dc = r["regurgitate"], r["regurgitate_dc"]
    return (damage, dc) if isinstance(damage, int) and isinstance(dc, int) and damage else None


# F6: a rider's yes-or-no fields the fight file writes as `true` (the hold's kind and terms).
_FLAGS = ("web", "suffocates", "instead", "head", "drops", "held_advantage", "held_hits", "swallow")


def rider_doc(r: Rider) -> dict[str, Any]:
    """A Rider in the fight file's words (the bestiary's too): only what it sets."""
    d: dict[str, Any] = {}
    if r.save is not None:
        d["save"] = f"{r.save[0]} {r.save[1]}"
    if len(r.conditions) == 1:
        d["condition"] = r.conditions[0].value
    elif r.conditions:
        d["conditions"] = [c.value for c in r.conditions]
    if text := lasting_text(r.lasting):
        d["lasting"] = text
    if r.lasting.each is not None:
        d["repeat"] = r.lasting.each.value
    if r.lasting.saves:
        d["saves"] = r.lasting.saves
    if r.lasting.in_sight:
        d["in_sight"] = True
    if r.damage is not None:
        d["damage"] = f"{r.damage} {r.damage_type or ''}".strip()
    if r.half:
        d["half"] = True
    if r.grapple:
        d["grapple"] = r.grapple
    if r.holds:
        d["holds"] = r.holds
    for flag in _FLAGS:  # written as true when set, in this order
        if getattr(r, flag):
            d[flag] = True
    if r.regurgitate is not None:
        d["regurgitate"], d["regurgitate_dc"] = r.regurgitate
    if r.engulf:
        d["engulf"] = r.engulf
    if r.pull:
        d["pull"] = True
    if r.contest:
        d["contest"] = True
    if r.attach:
        d["attach"] = True
    if r.drain is not None:
        d["drain"] = str(r.drain)
    if r.sated:
        d["sated"] = r.sated
    if r.held_damage is not None:
        d["held_damage"] = str(r.held_damage)
    if r.max_hp:
        d["max_hp"] = r.damage_type.value if r.damage is None and r.damage_type else True
    if r.only_if:
        d["only_if"] = r.only_if
    if r.push:
        d["push"] = r.push
    d |= lasting_doc(r)
    return d


def attack_effects_doc(a: Attack) -> dict[str, Any]:
    """What of an attack's riders, cost and concentration differs from the defaults."""
    d: dict[str, Any] = {}
    if a.riders:
        d["riders"] = [rider_doc(r) | _escape(r, a) for r in a.riders]
    if a.cost is not Cost.ACTION:  # an attack is an action unless it says otherwise
        d["cost"] = a.cost.value
    if a.concentration:
        d["concentration"] = True
    return d | spell_effect_doc(a)


def _escape(r: Rider, a: Attack) -> dict[str, Any]:
    """F7 Web: a repeated save of another ability than the spell's, at the spell's DC."""
    again = r.lasting.save
    if r.save is None and a.save is not None and again is not None and again[0] is not a.save[0]:
        return {"escape": again[0].value}
    if r.save is None and a.save is None and again is not None:  # F4: Ray of Enfeeblement
        return {"again": f"{again[0]} {again[1]}"}
    return {}


def rider_of_doc(d: dict[str, Any]) -> Rider:
    """The Rider a mapping `rider_doc` wrote (a stat block's, made by lnf: trusted, so not
    checked again); `lnf monsters show` tells it in words."""
    damage, damage_type = parse_rider_damage(d["damage"]) if "damage" in d else (None, None)
    max_hp = d.get("max_hp", False)
    if isinstance(max_hp, str):
        damage_type = DamageType(max_hp)
    lasting = parse_lasting(d["lasting"]) if "lasting" in d else Lasting()
    save = parse_save(d["save"]) if "save" in d else None
    repeated = save or (parse_save(d["again"]) if "again" in d else None)
    if "repeat" in d and repeated is not None:
        lasting = Lasting(
            lasting.rounds,
            lasting.until,
            repeated,
            TurnEdge(d["repeat"]),
            hurt=lasting.hurt,
            saves=int(d.get("saves", 0)),
            in_sight=d.get("in_sight") is True,
        )
    named = [d["condition"]] if "condition" in d else d.get("conditions", [])
    return Rider(
        save=save,
        conditions=tuple(Condition(c) for c in named),
        lasting=lasting,
        damage=damage,
        damage_type=damage_type,
        half=bool(d.get("half")),
        grapple=int(d.get("grapple", 0)),
        holds=int(d.get("holds", 0)),
        web=bool(d.get("web")),  # F6: this branch's holds (webbing, smother, instead, head)
        suffocates=bool(d.get("suffocates")),
        instead=bool(d.get("instead")),
        head=bool(d.get("head")),
        drops=bool(d.get("drops")),
        held_advantage=bool(d.get("held_advantage")),
        held_hits=bool(d.get("held_hits")),
        pull=bool(d.get("pull")),
        swallow=bool(d.get("swallow")),
        regurgitate=(d["regurgitate"], d["regurgitate_dc"]) if "regurgitate" in d else None,
        contest=bool(d.get("contest")),
        attach=bool(d.get("attach")),
        drain=parse_damage(d["drain"]) if "drain" in d else None,
        sated=int(d.get("sated", 0)),
        held_damage=parse_damage(d["held_damage"]) if "held_damage" in d else None,
        max_hp=bool(max_hp),
        only_if=str(d.get("only_if", "")),
        push=int(d.get("push", 0)),
        **lasting_of_doc(d),
    )
