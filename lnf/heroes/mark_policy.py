"""When the hero policy casts Hunter's Mark (F7, F5, F1); docs/policy.md.

**Policy (F7, F5):** a hero with a mark spell (Hunter's Mark, a Hex written out) casts it as
its bonus action, before its weapon's blows, on the foe its action attacks with a weapon, when
it has a slot and holds no concentration (the mark is the concentration; it is not moved, nor
cast again while held); not on a foe the action is expected to drop, where the slot would be
spent on nothing."""

from __future__ import annotations

from lnf.engine.decisions import AttackChoice, SpellChoice, TurnChoice
from lnf.heroes.attack_policy import is_spell
from lnf.heroes.spell_policy import slot_levels
from lnf.model import Cost, Fight, Hero
from lnf.rules.concentration import concentration_of
from lnf.rules.resources import SLOTTED_SPELL
from lnf.values import replace


def hunters_mark(fight: Fight, hero: Hero, choice: TurnChoice, dropped: str) -> TurnChoice | None:
    """The turn with the mark cast first as its bonus action, or None (no mark to cast)."""
    action = choice.action
    if not isinstance(action, AttackChoice) or is_spell(action.attack) or action.target == dropped:
        return None
    if concentration_of(fight, hero.name) is not None:
        return None
    spell = next(
        (a for a in hero.attacks if a.effect and a.effect.mark and a.cost is Cost.BONUS), None
    )
    levels = slot_levels(hero, spell) if spell is not None else []
    if spell is None or not levels:
        return None
    big = SLOTTED_SPELL if spell.slot else ""
    cast = SpellChoice(spell, (action.target,), big=big)
    return replace(choice, bonus_action=cast, bonus_spend=levels[0][1], bonus_first=True)
