"""B10: Rock Catching, decided once (the stone giant's reaction, SRD: "If a rock or similar
object is hurled at the giant, the giant can, with a successful DC 10 Dexterity saving throw,
catch the missile and take no bludgeoning damage from it").

"Hurled" is an attack thrown or shot at range (`Mode.RANGED`, not a mêlée swing); "a rock or
similar object" is an attack the sheet names a rock, boulder or stone whose damage is all
bludgeoning (a sling's bullet is shot, not hurled). It is caught before its attack roll, as a
DM rules it: the save first, then the throw lost or rolled."""

from __future__ import annotations

import re

from lnf.dice import DamageType
from lnf.model import Attack, Fight, Monster, Trait, TraitKind
from lnf.model.plan import Mode
from lnf.rules.conditions import takes_no_reactions
from lnf.rules.monster_reactions import may_act_out_of_turn

_ROCK = re.compile(r"\b(?:rocks?|boulders?|stones?)\b", re.IGNORECASE)


def is_rock(attack: Attack, mode: Mode) -> bool:
    """A rock or similar object hurled: thrown or shot at range, named so, all bludgeoning."""
    if mode is not Mode.RANGED or attack.spell or not _ROCK.search(attack.name):
        return False
    kinds = {p.damage_type for p in attack.damage.parts}
    return kinds == {DamageType.BLUDGEONING}


def catcher(fight: Fight, target: Monster, attack: Attack, mode: Mode) -> Trait | None:
    """The target's Rock Catching when it may catch this attack now: its reaction unspent
    this round (D10) and free to act (F3, D12); it always tries."""
    trait = target.trait(TraitKind.ROCK_CATCHING)
    if trait is None or not is_rock(attack, mode) or target.name in fight.turns.reacted:
        return None
    if not may_act_out_of_turn(fight, target) or takes_no_reactions(target):
        return None
    return trait
