"""When the hero policy smites (F2 Divine Smite, F7 slots, D5 critical hits); docs/policy.md.

**Policy (F2, F7, D5):** a paladin keeps its slots for its spells (Bless, Cure Wounds, Lay on
Hands' friends) and smites with the lowest free slot only where the slot pays most:
- on the first **critical hit** of any mêlée weapon attack: the smite's dice are doubled;
- on the first hit at an **undead or a fiend** (1d8 more);
- on the first hit when one hit alone would not drop the foe but one hit and a smite would
  (both at their averages, after resistances as the attack's own are weighed).
"""

from __future__ import annotations

from lnf.errors import Refused
from lnf.heroes.spell_policy import hit_chance
from lnf.model import Attack, Hero, Monster
from lnf.model.plan import Advantage, Mode
from lnf.rules.class_features import smites
from lnf.rules.expected import natural_20
from lnf.rules.on_hit import smite_bane, smite_dice, smite_slot, smite_weapon


def smite_plan(
    hero: Hero,
    monster: Monster,
    attack: Attack,
    mode: Mode,
    roll: Advantage,
    hit_mean: float,
    times: int,
    ac: int,
) -> tuple[int, bool, float] | None:
    """The smite the policy says with this attack: (its slot level, on a critical hit only,
    the damage it adds on average), or None (no smite, no slot, no mêlée weapon swing)."""
    if not smites(hero):
        return None
    try:
        smite_weapon(hero, attack, mode)
        _, level = smite_slot(hero, None)
    except Refused:
        return None
    dice = smite_dice(level, monster).average
    hp = monster.current_hp
    sure = smite_bane(monster) or hit_mean < hp <= hit_mean + dice
    if sure:
        chance = hit_chance(attack.to_hit, ac, roll)
        return level, False, (1 - (1 - chance) ** times) * dice
    crit = float(natural_20(roll))  # D5: only a critical hit brings it
    return level, True, (1 - (1 - crit) ** times) * 2 * dice
