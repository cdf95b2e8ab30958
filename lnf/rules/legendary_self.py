"""B7: the legendary options a monster takes on itself (the unicorn's Heal Self, "magically
regains 11 (2d8 + 2) hit points", and Shimmering Shield, "+2 bonus to AC until the end of the
unicorn's next turn"): when, decided here; `rules.legendary.legendary_choice` asks.

**Decision (B7):** such an option deals no damage, so B7's rule (the most expected damage)
never picks it over an attack. A monster takes Heal Self when it has half of its hit points
or fewer and the points for it (a DM heals a monster about to drop), or when no option reaches
a hero and it is hurt; it takes Shimmering Shield on itself when no option reaches a hero and
it is not shielded already (B6: nothing else is possible). "Itself or another creature": lnf
shields itself, the one its foes are attacking."""

from __future__ import annotations

from lnf.model import Attack, Fight, Legendary, Monster
from lnf.rules.attacks import half_hp
from lnf.rules.damage import restorable


def own_use(action: Attack | None) -> bool:
    """B7: an option's action on its user itself: a heal, or an AC bonus (`allies`)."""
    effect = action.effect if action is not None else None
    return effect is not None and (effect.heal is not None or bool(effect.allies and effect.ac))


def self_option(fight: Fight, monster: Monster, points: int, reaches: bool) -> Legendary | None:
    """B7: the option `monster` takes on itself now, with `points` left, when `reaches` (an
    option of its reaches a hero) or not; None for none (see the decision above)."""
    for option in monster.legendary:
        action = option.action
        if option.cost > points or action is None or not own_use(action):
            continue
        effect = action.effect
        assert effect is not None
        hurt = monster.damage > 0 and restorable(monster)
        if effect.heal is not None and hurt and (half_hp(monster) or not reaches):
            return option
        shielded = any(e.who == monster.name and e.ac for e in fight.effects)
        if effect.ac and not reaches and not shielded:
            return option
    return None
