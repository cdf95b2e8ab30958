"""F3 in the DM's words: a hit on a paralysed or unconscious creature from within 5 ft is
critical whatever the d20, and the transcript says why ("critical hit (Gnoll is unconscious: a
hit from within 5 ft is critical, F3)"); a natural 20 needs no reason, and B8's Assassinate
says its own. Before, a 15 was a "critical hit" with nothing to say why."""

from __future__ import annotations

from lnf.model import Condition
from lnf.model.plan import Advantage, Mode
from lnf.model.steps import Attacked
from lnf.values import replace
from lnf.views.effects_text import critical_why
from tests.builders import fight, hero, monster


def _hit(kept: int, reasons: tuple[str, ...] = ()) -> Attacked:
    return Attacked(
        "Grak", "Gnoll", "Greataxe", Mode.MELEE, Advantage.ADVANTAGE, reasons, (kept, 3), kept,
        7, 15, True, critical=True,
    )  # fmt: skip


def test_the_condition_is_named_unless_the_d20_was_a_20() -> None:
    gnoll = monster("Gnoll", hp=22)
    f = fight([hero("Grak", "barbarian", hp=40)], [gnoll], {"A": ["Grak", "Gnoll"]})
    asleep = f.with_combatant(replace(gnoll, conditions=frozenset({Condition.UNCONSCIOUS})))
    said = " (Gnoll is unconscious: a hit from within 5 ft is critical, F3)"
    assert critical_why(_hit(12), asleep) == said
    held = f.with_combatant(replace(gnoll, conditions=frozenset({Condition.PARALYZED})))
    assert critical_why(_hit(12), held).startswith(" (Gnoll is paralyzed:")
    assert critical_why(_hit(20), asleep) == ""
    assert critical_why(_hit(12, ("Assassinate: Gnoll is surprised (B8)",)), asleep) == ""
    assert critical_why(replace(_hit(12), critical=False), asleep) == ""
