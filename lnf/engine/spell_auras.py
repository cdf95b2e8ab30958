"""F7: an aura spell (Spirit Guardians) as the turn of a creature it catches starts: the save
(half or nothing on a success), Legendary Resistance (B7) and the damage, rolled now."""

from __future__ import annotations

from lnf.dice.roll import DiceSource, roll
from lnf.engine.apply import Steps
from lnf.engine.resolve import imposed, poisons, roll_save
from lnf.engine.riders import resisted
from lnf.model import LEGENDARY_RESISTANCE
from lnf.model.steps import Damaged, SaveRolled, Used
from lnf.rules.economy import attack_named
from lnf.rules.spell_effects import auras_on


def auras(turn: Steps, who: str, dice: DiceSource) -> None:
    """F7 Spirit Guardians: each aura that catches `who` as its turn starts, its save (half
    or nothing on a success) and its damage, rolled now."""
    for e in auras_on(turn.fight, who):
        spell = attack_named(turn.fight.combatant(e.who), e.what)
        if spell is None or e not in turn.fight.effects:
            continue
        spell = spell.at_slot(e.aura)
        what = f"{e.who}'s {spell.name}"
        success = False
        if spell.save is not None:
            ability, dc = spell.save
            c = turn.fight.combatant(who)
            saved = roll_save(
                turn.fight,
                c,
                ability,
                dc,
                dice,
                what,
                spell=True,
                against=imposed(spell),
                poison=poisons(spell),
            )
            save = resisted(c, saved, spell)
            turn.do(SaveRolled(save, ability, what))
            if save.resisted:  # B7
                turn.do(Used(who, LEGENDARY_RESISTANCE))
            success = save.success
        if success and not spell.half:
            continue
        dice.about(f"{what}: {spell.damage}")
        rolled = roll(spell.damage, dice)
        kind = spell.damage.parts[0].damage_type if spell.damage.parts else None
        amount = rolled.total // 2 if success else rolled.total
        half = ", half on the save" if success else ""
        turn.do(Damaged(who, amount, kind, text=f"{what}: {rolled}{half}", spell=True))
