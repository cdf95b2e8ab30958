"""B7 and B10 as a DM says them: legendary points and Legendary Resistance spent, and a
monster's Counterspell."""

from __future__ import annotations

from lnf.model import LEGENDARY_ACTIONS, LEGENDARY_RESISTANCE, Fight
from lnf.model.answer_steps import Countered
from lnf.model.steps import Used
from lnf.rules.resources import ordinal
from lnf.rules.wording import plural


def legendary_used(step: Used, after: Fight) -> str | None:
    """ "Adult Red Dragon spends 2 legendary action points (1 of 3 left this round)";
    "…uses Legendary Resistance: the save succeeds (2 left)"; None for any other use."""
    c = after.combatant(step.who)
    r = c.resource(step.resource)
    if step.resource == LEGENDARY_ACTIONS:
        points = plural(step.amount, "legendary action point")
        left = f" ({r.left} of {r.total} left this round)" if r is not None else ""
        return f"{step.who} spends {points}{left} (B7)."
    if step.resource == LEGENDARY_RESISTANCE:
        left = f" ({r.left} left)" if r is not None else ""
        return f"{step.who} uses Legendary Resistance: the save succeeds{left} (B7)."
    return None


def countered_text(step: Countered) -> str:
    """B10: "Mage counters Kara's Fireball (3rd level) with its reaction: it fails." """
    head = (
        f"{step.who} casts Counterspell with its reaction against {step.caster}'s {step.spell} "
        f"({ordinal(step.level)} level, B10)"
    )
    if not step.faces:
        return f"{head}: the spell fails."
    sign = "+" if step.bonus >= 0 else "-"
    total = step.faces[0] + step.bonus
    roll = f"1d20 ({step.faces[0]}) {sign} {abs(step.bonus)} = {total} vs DC {step.dc}"
    verdict = "the spell fails" if step.stopped else "the spell goes on"
    return f"{head}: its check {roll}: {verdict}."


def resisted_words(resisted: bool) -> str:
    """B7: what a save's words add when Legendary Resistance turned its failure."""
    return ", a failure turned by Legendary Resistance (B7)" if resisted else ""
