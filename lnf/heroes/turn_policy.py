"""The hero policy's Turn Undead (F2, docs/policy.md): a cleric presents its holy symbol when
that catches at least as much as its best weapon or cantrip would, in the same expected damage
equivalents (`spell_policy.Option`): a destroyed undead (Destroy Undead) is worth its hit points
and counts as dropped; a turned one half of them (it attacks nobody and leaves, until damage
or a minute ends it); each by the chance it fails its Wisdom save (squared with advantage:
Turn Defiance, Turn Resistance, Magic Resistance)."""

from __future__ import annotations

from lnf.errors import Refused
from lnf.heroes.spell_policy import Option, save_fails
from lnf.heroes.turn_words import turn_choice
from lnf.model import Condition, Fight, Hero, Monster, TraitKind
from lnf.rules.turning import channels, destroyed, turn_attack, turn_edge

# Policy (F2): a turned foe's share of its hit points (out of the fight until it is damaged).
TURNED_SHARE = 0.5


def turn_options(fight: Fight, hero: Hero) -> list[Option]:
    """F2: Turn Undead as an option of the action, when the cleric has a use left and some
    undead within its reach; none otherwise."""
    if not channels(hero):
        return []
    spend: list[tuple[str, int]] = []
    try:
        choice = turn_choice(fight, hero, spend)
    except Refused:
        return []  # no use left, no DC, or no undead in reach
    attack = turn_attack(hero)
    worth, drops = 0.0, 0
    for name in choice.targets:
        foe = fight.monster(name)
        fail = _fails(fight, save_fails(attack, foe), foe)
        if destroyed(hero, foe):
            worth, drops = worth + fail * foe.current_hp, drops + (fail >= 0.5)
        elif Condition.TURNED not in foe.conditions:
            worth += fail * TURNED_SHARE * foe.current_hp
    return [
        Option(score=worth, worth=worth, drops=drops, level=0, choice=choice, spend=tuple(spend))
    ]


def _fails(fight: Fight, fail: float, foe: Monster) -> float:
    """With advantage on the save (a trait against turning, Magic Resistance) both d20s fail."""
    edge = turn_edge(fight, foe, (Condition.TURNED,))
    edge = edge or ("magic" if foe.trait(TraitKind.MAGIC_RESISTANCE) is not None else "")
    return fail * fail if edge else fail
