"""D4 on a saving throw: whether it is rolled with advantage or disadvantage, and why, decided
once: for lnf's roll (`engine.resolve.roll_save`) and for a player who rolls the hero's own
d20 at the table (B3: `lnf next --saves`), who must know to roll two and keep one."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from lnf.model import Ability, Condition, Fight, Hero, Monster
from lnf.rules.class_features import danger_sense
from lnf.rules.conditions import save_disadvantage
from lnf.rules.magic_immunity import spell_save_edge
from lnf.rules.spell_effects import fought_advantage
from lnf.rules.trait_auras import in_sight_repeat
from lnf.rules.trait_saves import save_edge
from lnf.rules.trait_touch import weak_save
from lnf.rules.traits import magic_resistance
from lnf.rules.turning import turn_edge


class SaveEdge(NamedTuple):
    worse: bool  # disadvantage
    better: str  # what gives advantage ("" none); with `worse` too, the two cancel (D4)
    words: str  # "disadvantage", "disadvantage: WHY", "advantage: WHY", "" for a plain d20


def save_edge_of(
    fight: Fight,
    target: Hero | Monster,
    ability: Ability,
    what: str,
    *,
    spell: bool = False,
    against: Iterable[Condition] = (),
    poison: bool = False,
) -> SaveEdge:
    """F3: a restrained creature's Dexterity saves, exhaustion 3 and the like at disadvantage;
    B8: a trait that weakens saves, a repeat while its causer is in sight; B8, F7: Magic
    Resistance against a `spell`, traits against the conditions a failure imposes (`against`)
    or `poison` damage, a spell saved against with advantage while its caster's side fights
    the target (Charm Person), Turn Defiance; F2: a barbarian's Danger Sense. D4: advantage
    and disadvantage together: a single d20."""
    worse = save_disadvantage(target, ability)
    weak = weak_save(fight, target) or in_sight_repeat(fight, target.name, what)
    better = (
        magic_resistance(target, spell)
        or spell_save_edge(target, spell)
        or fought_advantage(what, spell)
        or save_edge(target, ability, against, spell=spell, poison=poison)
        or turn_edge(fight, target, tuple(against))
        or danger_sense(target, ability)
    )
    words = "disadvantage" if worse else f"disadvantage: {weak}" if weak else ""
    worse = worse or bool(weak)
    words = f"advantage: {better}" if better and not worse else "" if better else words
    return SaveEdge(worse, better, words)
