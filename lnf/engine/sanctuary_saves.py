"""B6, F7 Sanctuary at a hero's attack or spell: the hero saves first (`rules.sanctuary`); on
a failure its swing goes at another foe, or is lost, and its spell loses that target. And a
Globe of Invulnerability, which a hero's low spell from outside does not pass (`rules.globe`)."""

from __future__ import annotations

from lnf.dice.roll import DiceSource
from lnf.engine.apply import Steps
from lnf.engine.decisions import AttackChoice, SpellChoice
from lnf.engine.resolve import roll_save
from lnf.model import Ability, Attack, Hero, Monster
from lnf.model.answer_steps import Warded
from lnf.model.steps import SaveRolled
from lnf.rules.globe import globe_around
from lnf.rules.legal import attack_modes
from lnf.rules.roster import in_fight
from lnf.rules.sanctuary import SANCTUARY, ward_on, warded_spell


def _passes(turn: Steps, hero: str, target: Hero | Monster, dice: DiceSource) -> bool:
    """The hero's Wisdom save against the Sanctuary on `target` (True when none wards it)."""
    ward = ward_on(turn.fight, target)
    if ward is None:
        return True
    _, dc = ward
    what = f"{target.name}'s {SANCTUARY} (B6)"
    save = roll_save(turn.fight, turn.fight.hero(hero), Ability.WIS, dc, dice, what, spell=True)
    turn.do(SaveRolled(save, Ability.WIS, what))
    return save.success


def past_sanctuary(
    turn: Steps, hero: str, target: Monster, action: AttackChoice, dice: DiceSource
) -> Monster | None:
    """F7: whom a swing at `target` goes at: `target` when no Sanctuary wards it or the save
    succeeds; on a failure "a new target" — the first other foe standing, unwarded, that the
    attack reaches the same way (those the words named first, then the fight's order) — or
    None: the attack is lost."""
    if _passes(turn, hero, target, dice):
        return target
    fight, me = turn.fight, turn.fight.hero(hero)
    named = [fight.monster(n) for n in (action.target, *action.then) if n in fight]
    return next(
        (
            m
            for m in (*named, *fight.monsters)
            if m.name != target.name
            and in_fight(m)
            and ward_on(fight, m) is None
            and action.mode in attack_modes(fight, me, m, action.attack)
        ),
        None,
    )


def spell_past_sanctuary(
    turn: Steps, hero: str, action: SpellChoice, dice: DiceSource
) -> tuple[str, ...]:
    """F7: the targets a hero's spell keeps: one inside a Globe of Invulnerability that stops
    it is left out (`globe_stops`); a warded one whose Sanctuary save fails is lost to it
    ("lose the … spell"); an area spell is not guarded against by Sanctuary."""
    fight = turn.fight
    targets = tuple(t for t in action.targets if not globe_stops(turn, hero, t, action.spell))
    if not warded_spell(action.spell):
        return targets
    return tuple(
        t for t in targets if t not in fight or _passes(turn, hero, fight.combatant(t), dice)
    )


def globe_stops(turn: Steps, hero: str, target: str, spell: Attack) -> bool:
    """B6, F7: whether a Globe of Invulnerability keeps the hero's `spell` from `target` (its
    `Warded` step done)."""
    fight = turn.fight
    foe = fight.combatant(target) if target in fight else None
    if not isinstance(foe, Monster):
        return False
    by = globe_around(fight, fight.hero(hero), foe, spell)
    if by:
        turn.do(Warded(target, hero, spell.name, by))
    return bool(by)


def opportunity_lands(turn: Steps, hero: str, foe: Monster, dice: DiceSource) -> bool:
    """B6, F7: whether a hero's opportunity attack at `foe` is made at it: a Sanctuary on it
    asks the save first (a failure: no other target in reach of a reaction, the attack is
    lost), and its Mirror Image's d20 may send it at a duplicate (rolled there)."""
    from lnf.engine.mirror_images import at_a_duplicate
    from lnf.engine.turns import opportunity_weapon

    if not _passes(turn, hero, foe, dice):
        return False
    attack, mode = opportunity_weapon(turn.fight, turn.fight.hero(hero), foe)
    return not at_a_duplicate(turn, hero, foe, AttackChoice(foe.name, attack, mode), dice)
