"""B6, F7 Sanctuary: "any creature who targets the warded creature with an attack or a harmful
spell must first make a Wisdom saving throw. On a failed save, the creature must choose a new
target or lose the attack or spell. This spell doesn't protect the warded creature from area
effects … If the warded creature makes an attack or casts a spell that affects an enemy
creature, this spell ends."

**Decision (B6):** a monster wards itself (its bonus action) only when nothing else is
possible, as with Blur (`rules.idle_casts`). A hero who aims an attack or a spell with no area
at it saves first, against its caster's spell save DC (the `save:` of its Sanctuary); on a
failure an attack goes at the first other foe standing that it reaches the same way (F2's
order, `engine.hero_turn.swing_target`), or is lost; a spell loses that target (the slot is
spent, as a lost spell's is)."""

from __future__ import annotations

from lnf.model import Attack, Condition, Fight, Hero, Monster
from lnf.model.effects import Effect
from lnf.rules.economy import attack_named

SANCTUARY = "Sanctuary"


def ward_on(fight: Fight, target: Hero | Monster) -> tuple[Effect, int] | None:
    """The Sanctuary on `target` and the DC an attacker saves against (its caster's Sanctuary
    `save:`; the DM's mark, `lnf mark NAME warded`, is taken as its own); None when none
    wards it."""
    if Condition.SANCTUARY not in target.conditions:
        return None
    for e in fight.effects:
        caster = e.by or target.name
        if e.who != target.name or e.condition is not Condition.SANCTUARY or caster not in fight:
            continue
        spell = attack_named(fight.combatant(caster), SANCTUARY)
        if spell is not None and spell.save is not None:
            return e, spell.save[1]
    return None


def warded_spell(spell: Attack) -> bool:
    """F7: a spell Sanctuary guards against: one aimed at its targets, with no area ("This
    spell doesn't protect the warded creature from area effects")."""
    return spell.area is None


def ends_sanctuary(e: Effect, foes: bool) -> bool:
    """F7: Sanctuary on its caster ends when it attacks or casts a spell "that affects an enemy
    creature" (`foes`); a Cure Wounds on its own side keeps it."""
    return e.condition is not Condition.SANCTUARY or foes
