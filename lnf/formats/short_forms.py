"""The short text forms a DM types in a fight file (`hp: 12/27`, `range: 80/320`, `phase:
volley 3`, `save: dex 15`, `lasting: 1 minute`), each read by one function that raises
ValueError with what is wrong; `lnf.formats.fight_spec` says which field takes which (an
attack's riders, in these forms, are `lnf.formats.rider_forms`).
"""

from __future__ import annotations

import re
from typing import Any

from lnf.dice import DamageType, DiceError, DiceExpr
from lnf.dice import parse as parse_dice
from lnf.formats.spec import OutOfBounds
from lnf.model import (
    Ability,
    Area,
    Cover,
    Dot,
    Guard,
    Lasting,
    Phase,
    PhaseKind,
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


def numbers(text: str) -> tuple[str, str | None] | None:
    r"""The groups of `re.fullmatch(r"\s*(\d+)\s*(?:/\s*(\d+))?\s*", text)` (`12`, `12/27`), or
    None where it does not match, found without the pattern: `\d` is what `str.isdecimal`
    takes and `\s` what `str.strip` takes. Compiling the pattern cost each `lnf show` more than
    the fight file's every number read this way (start-up time)."""
    first, slash, second = text.partition("/")
    first = first.strip()
    if not first.isdecimal():  # "" is not
        return None
    if not slash:
        return first, None
    second = second.strip()
    return (first, second) if second.isdecimal() else None  # a second "/" is not


def parse_range(value: Any) -> tuple[int, int]:
    """`80/320` (normal/long) or `120` (one range), `ft` or `ft.` after them allowed."""
    text = str(value).rstrip()
    text = text.removesuffix("ft.") if text.endswith("ft.") else text.removesuffix("ft")
    match = numbers(text)  # as r"\s*(\d+)\s*(?:/\s*(\d+))?\s*(?:ft\.?)?\s*" reads `value`
    if match is None:
        raise ValueError(f"bad range {value!r}")
    first, second = match
    normal = int(first)
    long = int(second) if second else normal
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
    match = numbers(str(value))
    if match is None:
        raise ValueError(f"bad hit points {value!r}")
    first, second = match
    if second is None:
        maximum, current = int(first), None
    else:
        current, maximum = int(first), int(second)
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
    # only a volley is matched by a pattern, compiled at the first (start-up time)
    match = re.fullmatch(r"volley\s+(\d+)", text) if text.startswith("volley") else None
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
_UNTIL = r"until (?:the )?(start|end) of (?:the )?(target|attacker)(?:'s)? (?:next )?turn"


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
        edge = re.fullmatch(_UNTIL, part, re.I)
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


UNCANNY_DODGE = Guard("Uncanny Dodge", 0, halves=True)
HELLISH_REBUKE = Guard("Hellish Rebuke", 0, slot=1, rebukes=True)  # F1: the spell's own
DEFLECT_MISSILES = "Deflect Missiles"  # F2: the monk's, 1d10 + Dexterity + level off a hit


def deflect_missiles(bonus: int) -> Guard:
    """F2 Deflect Missiles: 1d10 + `bonus` (the monk's Dexterity modifier + its level) off a
    ranged weapon hit's damage."""
    return Guard(DEFLECT_MISSILES, 0, deflects=bonus)


def parse_guard(value: Any) -> Guard:
    """F1: `shield` (+5 AC until the start of its next turn, a 1st-level slot), `parry N`
    (+N AC against one mêlée attack that would hit) or `amulet N` (B8: a shield guardian's
    Shield, +N AC to its amulet's wearer beside it); F2: `uncanny dodge`, `deflect missiles N`
    (1d10 + N off a ranged weapon hit)."""
    words = str(value).strip().lower().split()
    if words == ["shield"]:
        return Guard("Shield", 5, slot=1, lasts=True)
    if len(words) == 2 and words[0] == "parry" and words[1].isdigit() and 1 <= int(words[1]) <= 10:
        return Guard("Parry", int(words[1]), melee_only=True)
    if len(words) == 2 and words[0] == "amulet" and words[1].isdigit() and 1 <= int(words[1]) <= 10:
        return Guard("Shield", int(words[1]), wearer=True)  # B8: a shield guardian's
    if words == ["uncanny", "dodge"]:
        return UNCANNY_DODGE  # F2: the rogue's, from the 5th level (its sheet gives it)
    if words == ["hellish", "rebuke"]:
        return HELLISH_REBUKE  # F1: with the spell among its attacks (`spells:` gives both)
    deflect = len(words) == 3 and words[:2] == ["deflect", "missiles"] and words[2].isdigit()
    if deflect and 1 <= int(words[2]) <= 40:  # Dexterity + monk level: at most 5 + 20
        return deflect_missiles(int(words[2]))
    raise ValueError(
        f"{value!r} is no reaction lnf plays: say shield, parry 2, amulet 2, uncanny dodge, "
        "deflect missiles 8 (1d10 + 8 off a ranged weapon hit) or hellish rebuke"
    )


def guard_form(guard: Guard) -> str:
    """A guard as the fight file writes it (`parse_guard(guard_form(g)) == g`)."""
    if guard.wearer:
        return f"amulet {guard.ac}"
    if guard.halves:
        return "uncanny dodge"
    if guard.rebukes:
        return "hellish rebuke"
    if guard.deflects:
        return f"deflect missiles {guard.deflects}"
    return "shield" if guard.lasts else f"parry {guard.ac}"


# B8: the traits lnf plays, as `traits:` writes them (formats.trait_forms reads them); here, in a
# module every fight file loads, so that `fight_spec` says them without loading trait_forms.
TRAIT_EXAMPLES = (
    "pack tactics, martial advantage 2d6, sneak attack 2d6, regeneration 10 (fire, acid), "
    "undead fortitude, magic resistance, blood frenzy, nimble escape, flyby, sunlight sensitivity, "
    "magic weapons, immune to exhaustion, spider climb, "
    "nonmagical only (bludgeoning, piercing, slashing), magic only (piercing), "
    "fey ancestry, brave, turn defiance, turn resistance, dark devotion, two heads, "
    "duergar resilience, gnome cunning, "
    "sure-footed, steadfast, evasion, relentless 7, absorption (lightning), "
    "heated body 1d10 fire, fire aura 3d6 fire, surprise attack 2d6, assassinate, reckless, "
    "stench DC 10, fear aura DC 21, sunlight hypersensitivity 20, misty escape, "
    "death burst DC 11 dex, 2d6 fire, half, death burst DC 10 con, blinded 10 rounds, repeat, "
    "rejuvenation 1d6 days, elemental demise, rampage Bite, petrifying gaze DC 14, at once by 5, "
    "aggressive, limited magic immunity 6, immutable form, antimagic susceptibility, "
    "aversion of fire, unnerving mask DC 14, rock catching DC 10, split 10, "
    "reactive, berserk 40, damage transfer, reflective carapace, reactive heads, "
    "multiple heads 5, 25 damage, 10 hit points, "
    "aggressive, cunning action, ambusher, sunlight weakness, light sensitivity, "
    "horrific appearance DC 11, fire form 1d10 fire, freeze 20, mucous cloud DC 14, "
    "shadow stealth 6, consume life DC 10, 3d6, barbed hide 1d10 piercing, "
    "corrode metal, rust metal, corrosive form 1d8 acid, adhesive DC 13, grappler, "
    "aberrant ground DC 10, gibbering DC 10, "
    "charge Tusk +1d6 slashing, DC 11 or pounce Claw, DC 13, then Bite"
)
