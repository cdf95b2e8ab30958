"""The short text forms a DM types in a fight file (`hp: 12/27`, `range: 80/320`, `phase:
volley 3`, `save: dex 15`, `lasting: 1 minute`), each read by one function that raises
ValueError with what is wrong; `lnf.formats.fight_spec` says which field takes which.

An attack's riders (F6), cost (F1) and concentration (F5) in the fight file's words, both
ways: what `lnf.formats.fight_spec` read becomes the model's values, with the checks that need
two fields at once; a model's values become the mappings the file and the bestiary hold
(`parse_fight(dump_fight(f)) == f`).

    riders:
      - {save: con 10, condition: paralyzed, lasting: 1 minute, repeat: end}
      - {grapple: 13, condition: restrained, holds: 1}
      - {save: con 11, damage: 2d8 poison, half: true}
"""

from __future__ import annotations

import re
from typing import Any

from lnf.dice import DamageType, DiceError, DiceExpr
from lnf.dice import parse as parse_dice
from lnf.formats.rider_lasting import lasting_doc, lasting_fields, lasting_of_doc
from lnf.formats.spec import INVALID, Checker, OutOfBounds
from lnf.formats.spell_effects import own_action, spell_effect, spell_effect_doc
from lnf.formats.yaml_source import FieldPath as Path
from lnf.model import (
    Ability,
    Area,
    Attack,
    Condition,
    Cost,
    Cover,
    Dot,
    Guard,
    Lasting,
    Phase,
    PhaseKind,
    Rider,
    Shape,
    TurnEdge,
)
from lnf.values import replace


def parse_damage(value: Any) -> DiceExpr:
    try:
        return parse_dice(str(value))
    except DiceError as exc:
        raise ValueError(
            f"bad dice text {exc.text!r}: {exc.message} at column {exc.column}"
        ) from None


def parse_range(value: Any) -> tuple[int, int]:
    """`80/320` (normal/long) or `120` (one range)."""
    match = re.fullmatch(r"\s*(\d+)\s*(?:/\s*(\d+))?\s*(?:ft\.?)?\s*", str(value))
    if match is None:
        raise ValueError(f"bad range {value!r}")
    normal = int(match[1])
    long = int(match[2]) if match[2] else normal
    if not 0 < normal <= 10_000 or not 0 < long <= 10_000:
        raise ValueError(f"range {value!r} out of bounds")
    return normal, long


ROLL = "roll"  # `hp: roll`: the monster's hit dice are rolled


def parse_monster_hp(value: Any) -> int | str:
    """A monster's hit point maximum, or `roll` (its hit dice, rolled with the fight's seed)."""
    if str(value).strip().lower() == ROLL:
        return ROLL
    if isinstance(value, int) or str(value).strip().isdigit():
        hp = int(value)
        if 1 <= hp <= 100_000:
            return hp
    raise ValueError(f"bad hit points {value!r}")


def parse_bonus(value: Any) -> tuple[str, int]:
    """V-D20-3: `competence +2`, `circumstance +1`, `penalty -1`."""
    kind, _, amount = str(value).strip().partition(" ")
    kind = kind.lower()
    try:
        number = int(amount.strip())
    except ValueError:
        raise ValueError(f"bad bonus {value!r}: say a kind and a number") from None
    if kind not in ("competence", "circumstance", "penalty"):
        raise ValueError(f"bad bonus {value!r}: competence, circumstance or penalty")
    if (kind == "penalty") != (number < 0):
        raise ValueError(f"bad bonus {value!r}: a penalty is below 0, a bonus above")
    return kind, number


def parse_cover(value: Any) -> Cover:
    """`+2`, `+4`, `total`, or `+4 ranged` (V-ACL2); a size is read by the builder, which
    knows the target's."""
    text = str(value).strip().lower()
    words = text.split()
    ranged = "ranged" in words
    words = [w for w in words if w != "ranged"]
    if words == ["total"]:
        return Cover(0, True, ranged)
    if len(words) == 1 and words[0].lstrip("+").isdigit() and int(words[0].lstrip("+")) <= 20:
        return Cover(int(words[0].lstrip("+")), False, ranged)
    raise ValueError(f"bad cover {value!r}")


def parse_hp(value: Any) -> tuple[int, int | None]:
    """`27` (at maximum) or `12/27` (current/maximum) → (maximum, current or None)."""
    match = re.fullmatch(r"\s*(\d+)\s*(?:/\s*(\d+))?\s*", str(value))
    if match is None:
        raise ValueError(f"bad hit points {value!r}")
    if match[2] is None:
        maximum, current = int(match[1]), None
    else:
        current, maximum = int(match[1]), int(match[2])
    if not 1 <= maximum <= 100_000:
        raise ValueError("the hit point maximum must be at least 1")
    if current is not None and current > maximum:
        raise OutOfBounds(
            f"{current} of {maximum} hit points: a hero never has more than its maximum",
            f"write {maximum} for a hero at full hit points, or raise the maximum",
        )
    return maximum, (None if current == maximum else current)


def parse_phase(value: Any) -> Phase:
    """`melee`, `chase` or `volley N` (V2: the volley round number)."""
    text = str(value).strip().lower().replace("mêlée", "melee")
    match = re.fullmatch(r"volley\s+(\d+)", text)
    if match:
        n = int(match[1])
        if not 1 <= n <= 100:
            raise ValueError("a volley round number runs from 1 up")
        return Phase(PhaseKind.VOLLEY, n)
    if text in (PhaseKind.MELEE, PhaseKind.CHASE, PhaseKind.APART):
        return Phase(PhaseKind(text))
    raise ValueError(f"bad phase {value!r}")


def parse_saves(value: Any) -> tuple[int, int]:
    """`1/2`: one success and two failures (D9); each count runs from 0 to 2."""
    match = re.fullmatch(r"\s*([0-2])\s*/\s*([0-2])\s*", str(value))
    if match is None:
        raise ValueError(f"bad death saves {value!r}")
    return int(match[1]), int(match[2])


def parse_save(value: Any) -> tuple[Ability, int]:
    """`dex 15`: a Dexterity saving throw against DC 15."""
    match = re.fullmatch(r"\s*(\w+)\s+(?:dc\s*)?(\d+)\s*", str(value).lower())
    if match is None or match[1] not in {a.value for a in Ability}:
        raise ValueError(f"bad save {value!r}")
    return Ability(match[1]), int(match[2])


def parse_area(value: Any) -> Area:
    """`sphere 20` (a shape and its size in feet, E1)."""
    match = re.fullmatch(r"\s*(\w+)\s+(\d+)\s*(?:ft\.?)?\s*", str(value).lower())
    if match is None or match[1] not in {s.value for s in Shape}:
        raise ValueError(f"bad area {value!r}")
    if int(match[2]) == 0:
        raise ValueError(f"{match[1]} 0 is an empty area: it holds no one")
    return Area(Shape(match[1]), int(match[2]))


def parse_dot(value: Any) -> Dot:
    text = str(value).strip().upper()
    if text not in {d.value for d in Dot}:
        raise ValueError(f"bad dot {value!r}")
    return Dot(text)


# F4: a duration in rounds (a round is 6 seconds: a minute is 10 rounds).
ROUNDS = {"round": 1, "minute": 10, "hour": 600, "day": 14_400}
MAX_ROUNDS = 100_000
_UNTIL = re.compile(
    r"until (?:the )?(start|end) of (?:the )?(target|attacker)(?:'s)? (?:next )?turn", re.I
)


def parse_lasting(value: Any) -> Lasting:
    """F4: `1 minute`, `10 rounds`, `1 hour`, `until end of target's turn`, `until the start
    of the attacker's next turn`, `until it takes damage`, or more of them with `or` (whichever
    comes first). "target" and "attacker" stand for the creatures the engine names when the
    rider lands."""
    rounds = 0
    until: tuple[str, TurnEdge] | None = None
    hurt = False
    for part in re.split(r"\s*(?:,|\bor\b)\s*", str(value).strip()):
        timed = re.fullmatch(r"(\d+|a|an|one) (round|minute|hour|day)s?", part, re.I)
        edge = _UNTIL.fullmatch(part)
        if timed and not rounds:
            count = int(timed[1]) if timed[1].isdigit() else 1
            rounds = count * ROUNDS[timed[2].lower()]
            if not 1 <= rounds <= MAX_ROUNDS:
                raise ValueError(f"{part!r} is not from 1 to {MAX_ROUNDS:,} rounds")
        elif edge and until is None:
            until = (edge[2].lower(), TurnEdge(edge[1].lower()))
        elif re.fullmatch(r"until it takes damage", part, re.I) and not hurt:
            hurt = True
        else:
            raise ValueError(f"bad lasting {part!r}")
    return Lasting(rounds=rounds, until=until, hurt=hurt)


def lasting_text(lasting: Lasting) -> str:
    """The fight file's words for a lasting's rounds and turn edge (`parse_lasting` reads
    them back); its save is the rider's `repeat`."""
    parts = []
    if lasting.rounds:
        for unit in ("day", "hour", "minute", "round"):
            count, left = divmod(lasting.rounds, ROUNDS[unit])
            if not left:
                parts.append(f"{count} {unit}{'s' if count > 1 else ''}")
                break
    if lasting.until is not None:
        who, edge = lasting.until
        parts.append(f"until {edge} of {who}'s turn")
    if lasting.hurt:
        parts.append("until it takes damage")
    return " or ".join(parts)


def parse_rider_damage(value: Any) -> tuple[DiceExpr, DamageType | None]:
    """F6: a rider's damage on a failed save, `3d6 poison`: its dice and its one type."""
    dice = parse_damage(value)
    if len(dice.parts) != 1:
        raise ValueError(f"{value!r} has {len(dice.parts)} parts: a rider deals one kind")
    part = dice.parts[0]
    return DiceExpr((replace(part, damage_type=None),)), part.damage_type


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
    repeated = save or attack_save
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
        lasting = Lasting(lasting.rounds, lasting.until, repeated, r["repeat"], hurt=lasting.hurt)
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
        held_advantage=r["held_advantage"] is True,
        held_hits=r["held_hits"] is True,
        pull=r["pull"] is True,
        swallow=r["swallow"] is True,
        regurgitate=_regurgitate(r),
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
    brings += ["no_healing", "hurts", "armor", "kills", "push", "attach", "pull"]
    if not any(given(k) for k in brings):
        ck.fail(
            path,
            "a rider brings conditions, damage, a grapple, max_hp, afflicts, no_healing, hurts, "
            "armor, a push, a pull or an attach",
            rule="F6",
        )
    needs = (
        ("repeat", "save", "the save it repeats: give save, such as save: con 10", "F4"),
        ("half", "damage", "half of what? give damage, such as damage: 3d6 poison", "F6"),
        ("half", "save", "half on a successful save: give save", "F6"),
        ("damage", "save", "damage without a save is the attack's own damage", "F6"),
    )
    for key, needed, message, rule in needs:
        if given(key) and not given(needed):
            ck.fail((*path, key), message, rule=rule)
    for key in ("holds", "held_advantage", "held_hits", "held_damage"):
        if given(key) and not given("grapple") and not (key == "held_damage" and given("swallow")):
            ck.fail((*path, key), "holds whom? give grapple, such as grapple: 13", rule="F6")
    for key in ("regurgitate", "regurgitate_dc"):
        if given(key) and not (
            given("swallow") and given("regurgitate") and given("regurgitate_dc")
        ):
            ck.fail((*path, key), "give swallow, regurgitate and regurgitate_dc", rule="F6")
    if given("contest") and not given("pull"):
        ck.fail((*path, "contest"), "a contest for what? give pull: true", rule="F6")
    if given("pull") and not (given("save") or given("contest")):
        ck.fail((*path, "pull"), "pulled on what? give save, or contest: true", rule="F6")
    for key in ("drain", "sated"):
        if given(key) and not given("attach"):
            ck.fail((*path, key), "drains while attached: give attach: true", rule="F6")
    if given("lasting") and not conditions:
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
    if r.damage is not None:
        d["damage"] = f"{r.damage} {r.damage_type or ''}".strip()
    if r.half:
        d["half"] = True
    if r.grapple:
        d["grapple"] = r.grapple
    if r.holds:
        d["holds"] = r.holds
    if r.held_advantage:
        d["held_advantage"] = True
    if r.held_hits:
        d["held_hits"] = True
    if r.swallow:
        d["swallow"] = True
    if r.regurgitate is not None:
        d["regurgitate"], d["regurgitate_dc"] = r.regurgitate
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
    if "repeat" in d and save is not None:
        lasting = Lasting(
            lasting.rounds, lasting.until, save, TurnEdge(d["repeat"]), hurt=lasting.hurt
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


def parse_guard(value: Any) -> Guard:
    """F1: `shield` (+5 AC until the start of its next turn, a 1st-level slot) or `parry N`
    (+N AC against one mêlée attack that would hit)."""
    words = str(value).strip().lower().split()
    if words == ["shield"]:
        return Guard("Shield", 5, slot=1, lasts=True)
    if len(words) == 2 and words[0] == "parry" and words[1].isdigit() and 1 <= int(words[1]) <= 10:
        return Guard("Parry", int(words[1]), melee_only=True)
    raise ValueError(f"{value!r} is no reaction lnf plays: say shield, or parry 2")


def guard_form(guard: Guard) -> str:
    """A guard as the fight file writes it (`parse_guard(guard_form(g)) == g`)."""
    return "shield" if guard.lasts else f"parry {guard.ac}"
