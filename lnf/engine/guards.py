"""F1's reactions that turn a hit: before a hit lands, its target may spend its reaction on a
guard (the Shield spell, a stat block's Parry) that raises its AC past the roll. Monsters take
theirs whenever it turns the hit (lnf's stated rule); heroes as their side decides: the hero
policy as monsters do, the table by `lnf react HERO` (lnf waits for the answer)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from lnf.engine.apply import Steps
from lnf.engine.effects import start
from lnf.model import Guard, Hero, Lasting, Monster, TurnEdge
from lnf.model.applied import StepDone
from lnf.model.events import Attacked, Guarded, Used
from lnf.rules.economy import guard_slot, turning_guard

# Whether a hero takes `guard` against `foe`'s hit; None: the table has not said yet.
Ask = Callable[[Hero, Monster, Guard], bool | None]


class Waits(Exception):
    """A hit waits for the table's answer: does the hero take its reaction (F1)?"""

    def __init__(self, hero: str, foe: str, guard: Guard) -> None:
        super().__init__(f"{hero} may take {guard.name} against {foe}'s hit")
        self.hero, self.foe, self.guard = hero, foe, guard


def land(turn: Steps, hit: Attacked, ask: Ask | None = None) -> StepDone:
    """The attack `hit` lands, unless its target turns it with a guard first."""
    guard = turning_guard(turn.fight, hit)
    if guard is not None:
        target, foe = turn.fight.combatant(hit.target), turn.fight.combatant(hit.attacker)
        takes: bool | None = True  # monsters: whenever it turns the hit
        if isinstance(target, Hero) and isinstance(foe, Monster):
            takes = ask(target, foe, guard) if ask is not None else True
        if takes is None:
            raise Waits(target.name, foe.name, guard)
        if takes:
            slot = guard_slot(target, guard) if guard.slot else None
            if slot is not None:
                turn.do(Used(target.name, slot))
            turn.do(Guarded(target.name, guard.name, foe.name, guard.ac))
            if guard.lasts:  # Shield: until the start of its next turn
                lasting = Lasting(until=(target.name, TurnEdge.START))
                start(turn, target.name, f"{guard.name} (+{guard.ac} AC)", lasting, ac=guard.ac)
            raised = hit.ac + (0 if guard.lasts else guard.ac)  # Shield's is on the AC now
            raised = turn.fight.combatant(target.name).ac if guard.lasts else raised
            hit = replace(hit, ac=raised, hit=False, critical=False, damage=(), damage_text="")
    return turn.do(hit)
