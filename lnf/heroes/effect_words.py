"""A player's words for the spells whose effect is more than damage (F7): `cast bless on
Bram, Sen, Kara`, `cast shield of faith on Kara`, `cast sleep at Goblin 1, Goblin 2`,
`cast spirit guardians`, and Spiritual Weapon's attack (`cast spiritual weapon at Orc`, then
`attack Orc with spiritual weapon` on later turns)."""

from __future__ import annotations

import re

from lnf.engine.decisions import SpellChoice
from lnf.heroes.spell_words import names_in, names_meant
from lnf.model import Attack, Fight, Hero, Monster
from lnf.model.plan import Mode
from lnf.rules.areas import area_said
from lnf.rules.legal import verify_area, verify_spell_reach, verify_weapon
from lnf.rules.resources import SLOTTED_SPELL, slot_for
from lnf.rules.roster import in_fight
from lnf.rules.spell_effects import verify_targets, weapon_up
from lnf.values import replace

Spend = list[tuple[str, int]]


def effect_spell(hero: Hero, rest: str) -> Attack | None:
    """The hero's spell named at the start of `cast …` if it is cast on allies, on an area
    without a save (Sleep), as an aura on the caster (Spirit Guardians) or on a foe it marks
    (Hunter's Mark)."""
    name = re.split(r"\s+(?:at|on)\s+", rest, maxsplit=1, flags=re.IGNORECASE)[0]
    name = name.strip().lower()
    for a in hero.attacks:
        e = a.effect
        if e is not None and (e.allies or e.sleep or e.aura or e.mark) and a.name.lower() == name:
            return a
    return None


def cast_effect(fight: Fight, hero: Hero, spell: Attack, rest: str, spend: Spend) -> SpellChoice:
    """F7: the casting the words say, checked (whom it may take, its area, its slot)."""
    assert spell.effect is not None
    pieces = re.split(r"\s+(?:at|on)\s+", rest, maxsplit=1, flags=re.IGNORECASE)
    text = pieces[1] if len(pieces) == 2 else ""
    big = SLOTTED_SPELL if spell.slot else ""
    targets: tuple[str, ...] = ()
    if not spell.effect.aura:  # an aura is on the caster: nobody to name
        standing = [c.name for c in fight.everyone if in_fight(c)]
        targets = tuple(n for t in names_in(text) for n in names_meant(t, standing))
    verify_targets(fight, hero.name, spell, targets, text)
    verify_spell_reach(fight, hero, spell, targets)
    if spell.slot and (slot := slot_for(hero, spell.slot)) is not None:
        spend.append((slot, 1))
    if spell.area is not None and targets and not spell.effect.allies:
        count = verify_area(fight, spell, targets, ())
        return SpellChoice(spell, targets, (), big, area_said(spell.area, count))
    return SpellChoice(spell, targets, (), big)


def weapon_attack(fight: Fight, hero: Hero, target: Monster, attack: Attack) -> Attack | None:
    """F7 Spiritual Weapon (decision, no map: the weapon flies to any foe in the fight and
    strikes from beside it, a mêlée spell attack): None for any other attack. While it is up
    the attack is the weapon's (no slot, not a spell cast: F1's bonus-action spell rule does
    not count it), at the slot it was cast with."""
    if attack.effect is None or not attack.effect.weapon:
        return None
    verify_weapon(fight, hero, target, attack)
    up = weapon_up(fight, hero.name, attack)
    if up is None:
        return attack
    return replace(attack.at_slot(up.weapon), slot=0, spell=False)


WEAPON_MODE = Mode.MELEE  # the spectral weapon is beside its target (within 5 ft)
