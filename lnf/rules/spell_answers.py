"""B8, F7: a hero's spell lnf does not play (the DM rules it, docs/spells.md), cast at a monster
whose trait answers it, which lnf then plays:

- Immutable Form (SRD: "immune to any spell or effect that would alter its form"): Polymorph
  and the other `FORM_SPELLS` cast at it do nothing (`rules.magic_immunity`);
- Antimagic Susceptibility (SRD: "If targeted by dispel magic, the armor must succeed on a
  Constitution saving throw against the caster's spell save DC or fall unconscious for 1
  minute"): a hero's Dispel Magic at it is that save;
- Limited Magic Immunity: any spell of 6th level or lower does nothing to the rakshasa.

Anything else the spell would do stays the DM's: lnf plays the cast only where the trait
decides it."""

from __future__ import annotations

from lnf.dice import parse
from lnf.model import (
    Ability,
    Attack,
    AttackKind,
    Condition,
    Hero,
    Lasting,
    Monster,
    Rider,
    TraitKind,
)
from lnf.rules.magic_immunity import spell_proof
from lnf.rules.sheets import proficiency
from lnf.rules.spellcasting import casting_ability

DISPEL_MAGIC = "dispel magic"
_MINUTE = 10  # rounds
# The spells a trait answers, by the SRD's name, with their level (tests/test_traits_guard
# checks them against the spellbook): a higher slot is named in the words (`at 5th`)
ANSWERED = {
    "Polymorph": 4,
    "True Polymorph": 9,
    "Flesh to Stone": 6,
    "Enlarge/Reduce": 2,
    "Dispel Magic": 3,
}


def caster_dc(hero: Hero) -> int | None:
    """F7: the hero's spell save DC: its save spells' (one caster, one DC), else 8 + its
    proficiency bonus + its casting ability's modifier from its scores; None when neither."""
    found = next((a.save[1] for a in hero.attacks if a.save is not None and a.spell), None)
    if found is not None:
        return found
    ability = casting_ability(hero.cls)
    score = dict(hero.scores).get(ability) if ability is not None else None
    if score is None or hero.level is None:
        return None
    return 8 + proficiency(hero.level) + (score - 10) // 2


def answered(hero: Hero, target: Monster, name: str, level: int) -> Attack | None:
    """The spell `name` (the spellbook's name, of `level`) as lnf plays it at `target`, or None
    when no trait of the target answers it: a spell that cannot affect it (no save, no
    effect), or Dispel Magic against Antimagic Susceptibility (the save, unconscious for 1
    minute on a failure; None when the hero's DC cannot be told)."""
    cast = Attack(name=name, kind=AttackKind.RANGED, damage=parse("0"), spell=True, slot=level)
    if spell_proof(target, cast):
        return cast
    if name.lower() != DISPEL_MAGIC or target.trait(TraitKind.ANTIMAGIC_SUSCEPTIBILITY) is None:
        return None
    dc = caster_dc(hero)
    if dc is None:
        return None
    out = Rider(conditions=(Condition.UNCONSCIOUS,), lasting=Lasting(rounds=_MINUTE))
    return Attack(
        name=name,
        kind=AttackKind.RANGED,
        damage=parse("0"),
        spell=True,
        slot=level,
        save=(Ability.CON, dc),
        half=False,
        riders=(out,),
    )
