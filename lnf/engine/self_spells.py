"""B6, F7: what a monster's spell on its own side leaves for later steps: Invisibility ended by
an attack or a cast ("The spell ends for a target that attacks or casts a spell"), the fall
of a creature whose Fly ends in free air (R7), and Fire Shield's flames on a mêlée attacker."""

from __future__ import annotations

from lnf.dice.roll import DiceSource, roll
from lnf.engine.apply import Steps
from lnf.model import Condition, Rank
from lnf.model.applied import StepDone
from lnf.model.steps import Attacked, ConcentrationEnded, Damaged, EffectEnded, Moved
from lnf.rules.fire_shield import burns_attacker
from lnf.rules.ranks import can_fly_now
from lnf.rules.roster import changed, in_fight
from lnf.rules.sanctuary import ends_sanctuary
from lnf.rules.spell_effects import unhidden


def landed(turn: Steps, done: StepDone) -> None:
    """F7 Fly, R7: "When the spell ends, the target falls if it is still aloft": a creature in
    free air whose Fly ended goes to the front rank (flying low is the front rank)."""
    for c, now in changed(done.before, done.after):
        if now is None or Condition.FLYING not in c.conditions:
            continue
        if now.rank is Rank.FREE_AIR and not can_fly_now(now):
            turn.do(Moved(c.name, rank=Rank.FRONT))


def seen(turn: Steps, who: str, foes: bool = True) -> None:
    """B6, F7: `who` attacked or cast a spell: its Invisibility ends (the caster's
    concentration on it, with it); its Sanctuary too when that touched a foe (`foes`)."""
    while found := [e for e in unhidden(turn.fight, who) if ends_sanctuary(e, foes)]:
        e = found[0]
        what = "Sanctuary" if e.condition is Condition.SANCTUARY else "Invisibility"
        why = f"it attacks or casts a spell{' at a foe' if foes and what == 'Sanctuary' else ''}"
        why += f": {what} ends"
        keeper = e.lasting.concentration
        turn.do(ConcentrationEnded(keeper, why) if keeper else EffectEnded(e.key, why))


def fire_shield(turn: Steps, done: StepDone, step: Attacked, dice: DiceSource) -> None:
    """B6, F7 Fire Shield: a mêlée hit on a fire-shielded monster burns its attacker, 2d8 fire
    (`rules.fire_shield`)."""
    flames = burns_attacker(done.before.combatant(step.target), step.mode)
    if flames is None or not in_fight(turn.fight.combatant(step.attacker)):
        return
    what = f"{step.target}'s Fire Shield"
    dice.about(f"{what}: {flames} to {step.attacker}, who hit it in mêlée")
    rolled = roll(flames, dice)
    kind = flames.parts[0].damage_type
    turn.do(Damaged(step.attacker, rolled.total, kind, text=f"{what}: {rolled}"))
