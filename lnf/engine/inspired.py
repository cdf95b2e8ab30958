"""F2: a Bardic Inspiration die rolled on an attack roll or a save as it is rolled
(`rules.inspiration` decides when an ally rolls it); the step that carries it spends it
(`spent_inspirations`, asked as any step is applied)."""

from __future__ import annotations

from lnf.dice.roll import DiceSource
from lnf.model import Fight, Hero, Monster
from lnf.model.steps import Attacked, SaveRolled, SpellCast, Step
from lnf.rules.inspiration import held_die, worth_rolling
from lnf.values import replace


def inspired_roll(
    fight: Fight, who: Hero | Monster, total: int, dc: int | None, dice: DiceSource, decided: bool
) -> int:
    """The Bardic Inspiration die `who` rolls on a roll of `total` against `dc` (0: none);
    `decided`: a natural 1 or 20 decides the roll whatever is added (D3, V-D20-5)."""
    if dc is None or not isinstance(who, Hero):
        return 0  # monsters are never inspired; nor a roll against total cover (V-ACL2)
    held = held_die(fight, who.name)
    if held is None or decided or not worth_rolling(total, dc, held[1]):
        return 0
    dice.about(f"{who.name}'s Bardic Inspiration: 1d{held[1]}")
    return dice.face(held[1])


def spent_inspirations(fight: Fight, step: Step) -> Fight:
    """The state after `step` with the Bardic Inspiration it rolled spent: an attack roll's,
    a save's (alone, or one of a spell's)."""
    who: tuple[str, ...]
    if isinstance(step, Attacked):
        who = (step.attacker,) if step.inspired else ()
    elif isinstance(step, SaveRolled):
        who = (step.save.who,) if step.save.inspired else ()
    elif isinstance(step, SpellCast):
        who = tuple(s.who for s in step.saves if s.inspired)
    else:
        return fight
    if not who:
        return fight
    spent = {held[0].key for w in who if (held := held_die(fight, w)) is not None}
    kept = tuple(e for e in fight.effects if e.key not in spent)
    return replace(fight, effects=kept) if spent else fight
