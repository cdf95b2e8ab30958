"""B7 and B10: what a monster decides out of its turn besides its legendary actions (those
are `rules.legendary`): when it spends Legendary Resistance (`resists`), who counters a hero's
spell and whether a check is needed (`counterspeller`, `counter_dc`, `counter_bonus`). A
guard that turns a hit (Shield, Parry) is `rules.economy.turning_guard`'s, for monsters and
heroes alike."""

from __future__ import annotations

from collections.abc import Sequence

from lnf.model import (
    LEGENDARY_RESISTANCE,
    SLOT,
    Combatant,
    Fight,
    Hero,
    Monster,
    PhaseKind,
    TraitKind,
)
from lnf.rules.acl import proficiency_of
from lnf.rules.chase import in_chase
from lnf.rules.conditions import takes_no_reactions
from lnf.rules.roster import in_fight, incapacitated, trait_kinds
from lnf.rules.surprise import held_back

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_REACTIVE = TraitKind.REACTIVE

COUNTERSPELL = "Counterspell"  # B10: the spell, as a stat block's spell list names it
COUNTER_LEVEL = 3  # 5e: Counterspell is a 3rd-level spell; monsters cast it at its own (B6)


def left(c: Combatant, name: str) -> int | None:
    """What is left of the resource `name` (None: `c` has no such resource)."""
    r = c.resource(name)
    return r.left if r is not None else None


def may_act_out_of_turn(fight: Fight, monster: Monster) -> bool:
    """B7, B10: a monster may take a legendary action or a reaction: in the fight and on the
    grid (not in a chase, C1), standing, not incapacitated (F3), not surprised (D12) and not
    sitting out the surprise round (V-ENC1)."""
    return (
        in_fight(monster)
        and not incapacitated(monster)
        and held_back(fight, monster.name) is None
        and not in_chase(fight, monster.name)
    )


def reactive(fight: Fight) -> frozenset[str]:
    """Reactive (SRD, the marilith: "The marilith can take one reaction on every turn in a
    combat"): the monsters whose reaction comes back as any creature's turn starts (D10:
    one a round for the others)."""
    if _REACTIVE not in trait_kinds(fight):  # B8: none has it (the kinds: once per state)
        return frozenset()
    return frozenset(m.name for m in fight.monsters if m.trait(_REACTIVE) is not None)


def resists(c: Combatant, damage: int, imposes: bool) -> bool:
    """B7 Legendary Resistance: a monster with uses left turns a failed save into a success
    when the failure would impose a condition on it (`imposes`: one it is not immune to) or
    deal it half its current hit points or more (`damage`, after its defences). Only a first
    save counts: a repeated save keeps a condition already on, and a concentration save imposes
    none (docs/choices.md, B7)."""
    if not isinstance(c, Monster) or not left(c, LEGENDARY_RESISTANCE):
        return False
    return imposes or 2 * damage >= c.current_hp > 0


def counterspeller(
    fight: Fight, caster: Hero, level: int, targets: Sequence[str]
) -> Monster | None:
    """B10 Counterspell: the monster that counters `caster`'s spell cast at `level`, if any: a
    spell of the 3rd level or higher aimed at a monster (one of `targets`) meets the first
    monster in danger order (G3) that has Counterspell, its reaction unspent this round (D10),
    a 3rd-level slot left (its own level: B6, no upcasting; a monster whose slots its file
    does not count spends none) and sees the caster (on the grid, sides met or in a volley
    round it reaches in, V3). Used at the first chance that fits, never held back."""
    if level < COUNTER_LEVEL or not any(
        n in fight and isinstance(fight.combatant(n), Monster) for n in targets
    ):
        return None
    for m in fight.monsters:
        spell = next((a for a in m.actions if a.name.lower() == COUNTERSPELL.lower()), None)
        if spell is None or m.name in fight.turns.reacted or not may_act_out_of_turn(fight, m):
            continue
        if takes_no_reactions(m):  # F3: slowed, confused
            continue
        if left(m, f"{SLOT}{COUNTER_LEVEL}") == 0 or not _sees(fight, caster):
            continue
        return m
    return None


def _sees(fight: Fight, caster: Hero) -> bool:
    """B4: Counterspell (60 ft) reaches as a spell under 300 ft: anyone on the grid once the
    sides meet, and in volley rounds only at n = 1, as a thrown weapon (V3); nobody in a chase
    (C1) or before the volley rounds."""
    if in_chase(fight, caster.name) or fight.phase.kind is PhaseKind.APART:
        return False
    return fight.phase.kind is not PhaseKind.VOLLEY or fight.phase.volley == 1


def counter_dc(level: int) -> int | None:
    """B10, 5e Counterspell cast with its own 3rd-level slot: a spell of that level or lower
    is stopped outright (None: no check); a higher one only on a spellcasting ability check
    against DC 10 + its level."""
    return None if level <= COUNTER_LEVEL else 10 + level


def counter_bonus(monster: Monster) -> int:
    """B10: the spellcasting ability modifier of a monster's Counterspell check, read from its
    spells' figures: a spell attack bonus less its proficiency bonus (by challenge rating), else
    a spell save DC less 8 and the proficiency bonus; 0 when it has neither."""
    prof = proficiency_of(monster)
    spells = [a for a in monster.actions if a.spell]
    hit = next((a.to_hit for a in spells if a.to_hit), None)
    if hit is not None:
        return hit - prof
    dc = next((a.save[1] for a in spells if a.save is not None), None)
    return dc - 8 - prof if dc is not None else 0
