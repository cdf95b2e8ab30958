"""B8: a monster's `traits:` as the fight file writes them, one short text each:
`pack tactics`, `martial advantage 2d6`, `sneak attack 4d6`, `regeneration 10 (fire, acid)`,
`undead fortitude`, `magic resistance`, `blood frenzy`, `nimble escape`, `flyby`,
`sunlight sensitivity`, `magic weapons`, `immune to exhaustion`, `spider climb`,
`nonmagical only (bludgeoning, piercing, slashing)` (its resistances and immunities to these
types hold only against nonmagical attacks, D6), `magic only (piercing)` (its vulnerabilities
to these types hold only against magical attacks, D6),
`charge Tusk +1d6 slashing, DC 11`, `pounce Claw, DC 13, then Bite` (the attack it hits
with after joining the target's group, the extra dice, the Strength save against prone, the
bonus attack against a prone target); the saving-throw traits `fey ancestry`, `brave`, `dark
devotion`, `two heads`, `duergar resilience`, `gnome cunning`, `sure-footed`, `steadfast`,
`evasion`; `relentless 7` (the most damage it shrugs off at 0, once a fight) and `absorption
(lightning)` (the types that heal it instead of hurting it); `heated body 1d10 fire` and `fire
aura 3d6 fire` (the damage it deals), `surprise attack 2d6`, `assassinate`, `reckless`;
`stench DC 10` and `fear aura DC 21` (the save a creature starting its turn in its group
makes); a vampire's `sunlight hypersensitivity 20` (its radiant damage as its turn starts in
sunlight) and `misty escape`; `death burst DC 11 dex, 2d6 fire, half` and `death burst DC 10
con, blinded 10 rounds, repeat` (Death Throes the same: what each hero in its group saves
against as it dies); `rejuvenation 1d6 days` and `elemental demise` (said as it dies);
`rampage Bite` (the attack it makes as a bonus action after it drops a creature in mêlée);
`petrifying gaze DC 12` (`, at once by 5`: petrified at once on a failure by 5 or more);
`aggressive` (a pursuer's bonus-action dash toward its quarry, C2); `limited magic immunity 6`
(spells of that level or lower cannot affect it, advantage on saves against the others);
`immutable form` and `antimagic susceptibility` (a hero's Polymorph does nothing to it, a
hero's Dispel Magic makes it save or fall unconscious: `rules.spell_answers`); `aversion of fire`
(fire damage: disadvantage on its attack rolls until the end of its next turn); `unnerving mask
DC 14` (a reaction, B10: a foe starting its turn in its group saves or is frightened that turn);
`rock catching DC 10` (a reaction, B10: a rock hurled at it is caught on a Dexterity save);
`split 10` (a reaction, B10: lightning or slashing splits it in two when it has 10 hit points);
`reactive` (a reaction on every turn, not one a round: D10, B10); `berserk 40` (its d6 as its
turn starts at 40 hit points or fewer: on a 6 it attacks the nearest creature, ally or foe);
`damage transfer` (while it holds a creature, that one takes half the damage dealt to it);
`reflective carapace` (a d6 against a ranged spell attack, Magic Missile or a line spell);
`multiple heads 5, 25 damage, 10 hit points` (the hydra's heads: a bite each, one lost to 25
damage in a turn, two grown back for each at the end of its turn unless burned, 10 hit points
each) and `reactive heads` (an opportunity attack a round for each head); `cunning action` (the
Disengage as a bonus action, as Nimble Escape), `ambusher` (round 1: advantage against the
surprised), `sunlight weakness` and `light sensitivity` (in sunlight: disadvantage on attacks,
and on saves for the first), `horrific appearance DC 11` (a humanoid in its group saves or is
frightened for 1 minute), `fire form 1d10 fire` (as Heated Body, and its fire lit on a hero
whose space it enters), `freeze 20` (cold damage taken: its speed 20 ft less until the end
of its next turn), `mucous cloud DC 14` (in a fight underwater, who hits it in mêlée saves or is
diseased), `shadow stealth 6` (out of sunlight it hides as a bonus action, R6's count not
needed; its Stealth bonus), `consume life DC 10, 3d6` (its bonus action at a dying hero in its
group: the save or death, and the hit points it regains), `barbed hide 1d10 piercing` (to each
hero grappling it as its turn starts), `corrode metal`, `rust metal` and `corrosive form 1d8
acid` (a hero's weapon that hits it corrodes; the last burns who hits it in mêlée too),
`adhesive DC 13` (what touches it sticks: a weapon, or a creature held at that escape DC) and
`grappler` (advantage on whom it holds)."""

from __future__ import annotations

import re
from typing import Any

from lnf.dice import DamageType, parse
from lnf.errors import DiceError
from lnf.formats.short_forms import TRAIT_EXAMPLES as _EXAMPLES
from lnf.model import Ability, Condition, Lasting, Rider, Trait, TraitKind, TurnEdge

# The forms' patterns, compiled when a trait is first read (`re` keeps them): a fight file that
# writes no `traits:` (none of the examples does) does not pay for them as `lnf show` starts.
_FORM = r"([a-z\- ]+?)(?:\s+(\d[\dd+\- ]*))?(?:\s*\(([a-z, ]*)\))?"
_DICE = (TraitKind.MARTIAL_ADVANTAGE, TraitKind.SNEAK_ATTACK, TraitKind.SURPRISE_ATTACK)
# Damage it deals of a type: `heated body 1d10 fire`, `fire aura 3d6 fire`
# `death burst DC 11 dex, 2d6 fire, half` or `death burst DC 10 con, blinded 10 rounds, repeat`
_BURST = (
    r"(death burst|death throes) dc (\d+) (str|dex|con|int|wis|cha)"
    r"(?:, (\d+d\d+(?:[+-]\d+)? [a-z]+))?(?:, (half))?"
    r"(?:, ([a-z]+) (\d+) rounds?)?(?:, (repeat))?"
)
_BACK = r"rejuvenation (\d+d\d+ days|\d+ (?:hours|days))"  # `rejuvenation 1d6 days`
_STICKS = r"adhesive dc (\d+)"  # `adhesive DC 13`: the escape DC
_LIFE = r"consume life dc (\d+), (\d+d\d+)"  # `consume life DC 10, 3d6`
_GAZE = r"petrifying gaze dc (\d+)(?:, at once by (\d+))?"
# The traits written with one figure (`relentless 7`), its example; those with a save's DC
# (`stench DC 10`): the one list the reader (`formats.srd_traits`) and this form share.
_FIGURE_IS = {TraitKind.FREEZE: "the feet its speed loses", TraitKind.SHADOW_STEALTH: "its Stealth"}
FIGURE = {
    TraitKind.RELENTLESS: 7,
    TraitKind.SUNLIGHT_HYPERSENSITIVITY: 20,
    TraitKind.LIMITED_MAGIC_IMMUNITY: 6,
    TraitKind.SPLIT: 10,
    TraitKind.BERSERK: 40,
    TraitKind.FREEZE: 20,
    TraitKind.SHADOW_STEALTH: 6,
}
# `stench DC 10`, `fear aura DC 21`, `horrific appearance DC 11`
_AURA = (
    r"(stench|fear aura|unnerving mask|rock catching|horrific appearance|mucous cloud|"
    r"aberrant ground|gibbering),? dc (\d+)"
)
DC_TRAITS = (
    TraitKind.STENCH,
    TraitKind.FEAR_AURA,
    TraitKind.UNNERVING_MASK,
    TraitKind.ROCK_CATCHING,
    TraitKind.HORRIFIC_APPEARANCE,
    TraitKind.MUCOUS_CLOUD,
    TraitKind.ABERRANT_GROUND,
    TraitKind.GIBBERING,
)
_HEADS = r"multiple heads (\d+), (\d+) damage, (\d+) hit points"
_TYPED_SAY = {
    "heated body": "1d10 fire",
    "fire aura": "3d6 fire",
    "fire form": "1d10 fire",
    "barbed hide": "1d10 piercing",
    "corrosive form": "1d8 acid",
}
_TYPED = r"(heated body|fire aura|fire form|barbed hide|corrosive form) (\d+d\d+ [a-z]+)"
_ENGULF = r"engulf ([a-z ]+), dc (\d+), (\d+d\d+(?:[+-]\d+)? [a-z]+)"  # F6: the mound
_MOVING = (
    r"(charge|pounce|trampling charge) (.+?)(?: \+(\d+d\d+(?: [a-z]+)?))?(?:, dc (\d+))?"
    r"(?:, then (.+))?"
)


def parse_trait(value: Any) -> Trait:
    """One trait of `traits:`; ValueError says what is wrong and what lnf plays."""
    text = " ".join(str(value).strip().split())
    if moving := re.fullmatch(_MOVING, text, re.IGNORECASE):
        return _moving(moving)
    text = text.lower()
    if heads := re.fullmatch(_HEADS, text):
        return Trait(
            TraitKind.MULTIPLE_HEADS,
            hp=int(heads[1]),
            dc=int(heads[2]),
            dice=parse(heads[3]),
            stopped_by=frozenset({DamageType.FIRE}),
        )
    if text.startswith("multiple heads"):
        raise ValueError("say multiple heads 5, 25 damage, 10 hit points (heads, kill, regrowth)")
    if typed := re.fullmatch(_TYPED, text):
        try:
            return Trait(TraitKind(typed[1]), dice=parse(typed[2]))
        except DiceError as exc:
            raise ValueError(f"{typed[1]}: bad dice {typed[2]!r} ({exc.message})") from None
    if engulf := re.fullmatch(_ENGULF, text):
        try:
            dice = parse(engulf[3])
        except DiceError as exc:
            raise ValueError(f"engulf: bad dice {engulf[3]!r} ({exc.message})") from None
        attack = " ".join(str(value).split())[7:].split(",")[0]  # its attack, as written
        return Trait(TraitKind.ENGULF, attack=attack, dc=int(engulf[2]), dice=dice)
    if text.startswith("engulf"):
        raise ValueError("say engulf Slam, DC 14, 2d8+4 bludgeoning: its attack, DC and dice")
    if sticks := re.fullmatch(_STICKS, text):
        return Trait(TraitKind.ADHESIVE, dc=int(sticks[1]))
    if text.startswith("adhesive"):
        raise ValueError("say adhesive DC 13: the escape DC of its grapple")
    if life := re.fullmatch(_LIFE, text):
        return Trait(TraitKind.CONSUME_LIFE, dc=int(life[1]), dice=parse(life[2]))
    if text.startswith("consume life"):
        raise ValueError("say consume life DC 10, 3d6: its save and the hit points it regains")
    if gaze := re.fullmatch(_GAZE, text):
        at_once = int(gaze[2]) if gaze[2] else 0
        return Trait(TraitKind.PETRIFYING_GAZE, dc=int(gaze[1]), hp=at_once)
    if text.startswith("petrifying gaze"):
        raise ValueError("say petrifying gaze DC 12 (or DC 14, at once by 5): its save")
    if text.startswith("rampage "):
        return Trait(TraitKind.RAMPAGE, attack=" ".join(str(value).split())[8:])
    if back := re.fullmatch(_BACK, text):
        return Trait(TraitKind.REJUVENATION, then=back[1])
    if text.startswith("rejuvenation"):
        raise ValueError("say rejuvenation 1d6 days (or 24 hours): when it comes back")
    if burst := re.fullmatch(_BURST, text):
        return _burst(burst)
    if text.startswith(("death burst", "death throes")):
        raise ValueError(
            f"say {' '.join(text.split()[:2])} DC 11 dex, 2d6 fire, half (or DC 10 con, "
            "blinded 10 rounds, repeat): its save, damage and conditions"
        )
    if aura := re.fullmatch(_AURA, text):
        if not 1 <= int(aura[2]) <= 40:
            raise ValueError(f"{aura[1]}: DC {aura[2]} is out of range (1 to 40)")
        return Trait(TraitKind(aura[1]), dc=int(aura[2]))
    if text.startswith(
        (
            "stench",
            "fear aura",
            "unnerving mask",
            "rock catching",
            "horrific appearance",
            "mucous cloud",
            "aberrant ground",
            "gibbering",
        )
    ):
        raise ValueError(f"say {text.split(' dc')[0].strip()} DC 10: the DC of its save")
    if typed_kind := next((k for k in _TYPED_SAY if text.startswith(k)), None):
        raise ValueError(f"say {typed_kind} {_TYPED_SAY[typed_kind]}: the dice and type")
    found = re.fullmatch(_FORM, text)
    kinds = {k.value: k for k in TraitKind}
    if found is None or found[1].strip() not in kinds:
        raise ValueError(f"{value!r} is no trait lnf plays (B8): say {_EXAMPLES}")
    kind, figure, types = kinds[found[1].strip()], found[2], found[3]
    if kind in _DICE:
        try:
            dice = parse(figure.replace(" ", "") if figure else "2d6")
        except DiceError as exc:
            raise ValueError(f"{kind}: bad dice {figure!r} ({exc.message})") from None
        return Trait(kind, dice=dice)
    if kind in (TraitKind.NONMAGICAL_ONLY, TraitKind.MAGIC_ONLY):
        return Trait(kind, stopped_by=_types(kind, types, figure))
    if kind in (TraitKind.SPLIT, TraitKind.BERSERK):
        if not figure or not figure.strip().isdigit() or not 1 <= int(figure) <= 10_000 or types:
            what = "it splits with" if kind is TraitKind.SPLIT else "it goes berserk at"
            raise ValueError(f"{kind} needs the hit points {what}: {kind} {FIGURE[kind]}")
        return Trait(kind, hp=int(figure))
    if kind is TraitKind.LIMITED_MAGIC_IMMUNITY:
        if not figure or not figure.strip().isdigit() or not 0 <= int(figure) <= 9 or types:
            raise ValueError(f"{kind} needs the highest spell level it shrugs off: {kind} 6")
        return Trait(kind, hp=int(figure))
    if kind in FIGURE:
        if not figure or not figure.strip().isdigit() or not 1 <= int(figure) <= 10_000 or types:
            what = _FIGURE_IS.get(kind, "its hit points")
            raise ValueError(f"{kind} needs {what}, such as {kind} {FIGURE[kind]}")
        return Trait(kind, hp=int(figure))
    if kind is TraitKind.ABSORPTION:
        return Trait(kind, stopped_by=_types(kind, types, figure))
    if kind is TraitKind.REGENERATION:
        if not figure or not figure.strip().isdigit() or not 1 <= int(figure) <= 1000:
            raise ValueError("regeneration needs its hit points a round, such as regeneration 10")
        return Trait(kind, hp=int(figure), stopped_by=_types(kind, types, None))
    if figure or types:
        raise ValueError(f"{kind} takes no figures: say {kind}")
    return Trait(kind)


def _types(kind: TraitKind, types: str | None, figure: str | None) -> frozenset[DamageType]:
    """The damage types in a trait's parentheses (Regeneration's stoppers, the types a
    `nonmagical only` defence covers, which needs at least one and no figure)."""
    stops = [t.strip() for t in (types or "").split(",") if t.strip()]
    known = {t.value for t in DamageType}
    if bad := [t for t in stops if t not in known]:
        raise ValueError(f"{kind}: {bad[0]!r} is no damage type")
    if kind in (TraitKind.NONMAGICAL_ONLY, TraitKind.MAGIC_ONLY) and (figure or not stops):
        raise ValueError(f"say {kind} (bludgeoning, piercing, slashing): the types it covers")
    if kind is TraitKind.ABSORPTION and (figure or not stops):
        raise ValueError(f"say {kind} (lightning): the damage types that heal it")
    return frozenset(DamageType(t) for t in stops)


def _moving(found: re.Match[str]) -> Trait:
    """Charge and Pounce (Trampling Charge): the attack, its extra dice, the DC, the bonus."""
    kind = TraitKind.CHARGE if found[1].lower() == "charge" else TraitKind.POUNCE
    dc = int(found[4]) if found[4] else 0
    if not 0 <= dc <= 40:
        raise ValueError(f"{kind}: DC {dc} is out of range (1 to 40)")
    try:
        dice = parse(found[3]) if found[3] else None
    except DiceError as exc:
        raise ValueError(f"{kind}: bad dice {found[3]!r} ({exc.message})") from None
    return Trait(kind, dice=dice, attack=found[2], dc=dc, then=found[5] or "")


def _burst(found: re.Match[str]) -> Trait:
    """Death Burst, Death Throes: the save each hero in its group makes as it dies, the damage
    (half on a success when `half`), a condition for some rounds (its save repeated at the
    end of each of the bearer's turns when `repeat`)."""
    kind, dc, ability = TraitKind(found[1]), int(found[2]), Ability(found[3])
    if not 1 <= dc <= 40:
        raise ValueError(f"{kind}: DC {dc} is out of range (1 to 40)")
    damage = parse(found[4]) if found[4] else None
    conditions: tuple[Condition, ...] = ()
    lasting = Lasting()
    if found[6]:
        if found[6] not in {c.value for c in Condition}:
            raise ValueError(f"{kind}: {found[6]!r} is no condition")
        conditions = (Condition(found[6]),)
        each = TurnEdge.END if found[8] else None
        lasting = Lasting(rounds=int(found[7]), save=(ability, dc) if each else None, each=each)
    if damage is None and not conditions:
        raise ValueError(f"{kind}: say its damage or the condition it brings")
    kinds = {p.damage_type for p in damage.parts} if damage is not None else set()
    rider = Rider(
        save=(ability, dc),
        conditions=conditions,
        lasting=lasting,
        damage=damage,
        damage_type=next(iter(kinds), None),
        half=bool(found[5]),
    )
    return Trait(kind, dc=dc, rider=rider)


def burst_form(trait: Trait) -> str:
    """Death Burst's form: `death burst DC 11 dex, 2d6 fire, half`."""
    rider = trait.rider
    assert rider is not None and rider.save is not None
    ability, dc = rider.save
    parts = [f"{trait.kind} DC {dc} {ability.value}"]
    if rider.damage is not None:
        parts.append(str(rider.damage))
    if rider.half:
        parts.append("half")
    for condition in rider.conditions:
        parts.append(f"{condition} {rider.lasting.rounds} rounds")
    if rider.lasting.each is not None:
        parts.append("repeat")
    return ", ".join(parts)


def trait_form(trait: Trait) -> str:
    """A trait as the fight file writes it (`parse_trait(trait_form(t)) == t`)."""
    if trait.kind in (TraitKind.CHARGE, TraitKind.POUNCE):
        extra = f" +{trait.dice}" if trait.dice is not None else ""
        dc = f", DC {trait.dc}" if trait.dc else ""
        then = f", then {trait.then}" if trait.then else ""
        return f"{trait.kind} {trait.attack}{extra}{dc}{then}"
    if trait.rider is not None:
        return burst_form(trait)
    if trait.kind is TraitKind.REJUVENATION:
        return f"{trait.kind} {trait.then}"
    if trait.kind is TraitKind.CONSUME_LIFE:
        return f"{trait.kind} DC {trait.dc}, {trait.dice}"
    if trait.kind is TraitKind.ADHESIVE:
        return f"{trait.kind} DC {trait.dc}"
    if trait.kind is TraitKind.PETRIFYING_GAZE:
        return f"{trait.kind} DC {trait.dc}" + (f", at once by {trait.hp}" if trait.hp else "")
    if trait.kind is TraitKind.RAMPAGE:
        return f"{trait.kind} {trait.attack}"
    if trait.kind is TraitKind.MULTIPLE_HEADS:
        return f"{trait.kind} {trait.hp}, {trait.dc} damage, {trait.dice} hit points"
    if trait.kind is TraitKind.ENGULF:
        return f"{trait.kind} {trait.attack}, DC {trait.dc}, {trait.dice}"
    if trait.dice is not None:
        return f"{trait.kind} {trait.dice}"
    stops = f" ({', '.join(sorted(trait.stopped_by))})" if trait.stopped_by else ""
    if trait.kind is TraitKind.REGENERATION:
        return f"{trait.kind} {trait.hp}{stops}"
    if trait.kind in (TraitKind.NONMAGICAL_ONLY, TraitKind.MAGIC_ONLY, TraitKind.ABSORPTION):
        return f"{trait.kind}{stops}"
    if trait.kind in FIGURE:
        return f"{trait.kind} {trait.hp}"
    if trait.kind in DC_TRAITS:
        return f"{trait.kind} DC {trait.dc}"
    return str(trait.kind)
