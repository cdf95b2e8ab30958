"""B8: a monster's `traits:` as the fight file writes them, one short text each:
`pack tactics`, `martial advantage 2d6`, `sneak attack 4d6`, `regeneration 10 (fire, acid)`,
`undead fortitude`, `magic resistance`, `blood frenzy`."""

from __future__ import annotations

import re
from typing import Any

from lnf.dice import DamageType, parse
from lnf.errors import DiceError
from lnf.formats.spec import ListOf, Text
from lnf.model import Trait, TraitKind

_FORM = re.compile(r"([a-z ]+?)(?:\s+(\d[\dd+\- ]*))?(?:\s*\(([a-z, ]*)\))?")
_DICE = (TraitKind.MARTIAL_ADVANTAGE, TraitKind.SNEAK_ATTACK)
_EXAMPLES = (
    "pack tactics, martial advantage 2d6, sneak attack 2d6, regeneration 10 (fire, acid), "
    "undead fortitude, magic resistance or blood frenzy"
)


def parse_trait(value: Any) -> Trait:
    """One trait of `traits:`; ValueError says what is wrong and what lnf plays."""
    text = " ".join(str(value).strip().lower().split())
    found = _FORM.fullmatch(text)
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
    if kind is TraitKind.REGENERATION:
        if not figure or not figure.strip().isdigit() or not 1 <= int(figure) <= 1000:
            raise ValueError("regeneration needs its hit points a round, such as regeneration 10")
        stops = [t.strip() for t in (types or "").split(",") if t.strip()]
        known = {t.value for t in DamageType}
        if bad := [t for t in stops if t not in known]:
            raise ValueError(f"regeneration: {bad[0]!r} is no damage type")
        return Trait(kind, hp=int(figure), stopped_by=frozenset(DamageType(t) for t in stops))
    if figure or types:
        raise ValueError(f"{kind} takes no figures: say {kind}")
    return Trait(kind)


def trait_form(trait: Trait) -> str:
    """A trait as the fight file writes it (`parse_trait(trait_form(t)) == t`)."""
    if trait.dice is not None:
        return f"{trait.kind} {trait.dice}"
    if trait.kind is TraitKind.REGENERATION:
        stops = f" ({', '.join(sorted(trait.stopped_by))})" if trait.stopped_by else ""
        return f"{trait.kind} {trait.hp}{stops}"
    return str(trait.kind)


TRAITS = ListOf(Text(parse_trait, _EXAMPLES, {"type": "string"}))
