"""F2 Destroy Undead, played after a cleric's Turn Undead: "When an undead fails its saving
throw against your Turn Undead feature, the creature is instantly destroyed if its challenge
rating is at or below a certain threshold" (`rules.turning.destroyed`)."""

from __future__ import annotations

from lnf.engine.apply import Steps
from lnf.model import Hero, Monster
from lnf.model.steps import Damaged, SpellCast
from lnf.rules.roster import in_fight
from lnf.rules.turning import DESTROYED, TURN_UNDEAD, destroyed, destroys_up_to


def destroy_undead(turn: Steps, cleric: Hero, step: SpellCast) -> None:
    """F2: each undead that failed its save and whose CR is at or below the cleric's figure
    is destroyed (a Legendary Resistance's success is a success: B7)."""
    if step.spell != TURN_UNDEAD:
        return
    top = destroys_up_to(cleric.level or 0)
    for save in step.saves:
        foe = turn.fight.combatant(save.who) if save.who in turn.fight else None
        if save.success or not isinstance(foe, Monster) or not in_fight(foe):
            continue
        if destroyed(cleric, foe):
            said = f"{DESTROYED}: CR {foe.cr}, at or below {top}"
            turn.do(Damaged(foe.name, 0, text=said, kills=True))
