"""F1: a reaction against a monster's hit, taken before it lands: one that turns it into a
miss (Shield, Parry, a shield guardian's amulet), or one that halves its damage (F2: the rogue's
Uncanny Dodge); `rules.economy.turning_guard` decides which may be taken. A hero's answer may
wait for the table (`Waits`)."""

from __future__ import annotations

from collections.abc import Callable

from lnf.dice.roll import DiceSource
from lnf.engine.apply import Steps
from lnf.engine.begin import start
from lnf.engine.effects import fortitude
from lnf.model import Guard, Hero, Lasting, Monster, TurnEdge
from lnf.model.applied import StepDone
from lnf.model.steps import Attacked, Guarded, Used
from lnf.rules.economy import guard_slot, turning_guard
from lnf.values import replace

# Whether a hero takes `guard` against `foe`'s hit; None: the table has not said yet.
Ask = Callable[[Hero, Monster, Guard], bool | None]


class Waits(Exception):
    """A hit waits for the table's answer: does the hero take its reaction (F1)?"""

    def __init__(self, hero: str, foe: str, guard: Guard, damage: int = 0) -> None:
        super().__init__(f"{hero} may take {guard.name} against {foe}'s hit")
        self.hero, self.foe, self.guard = hero, foe, guard
        self.damage = damage  # the hit's, before defences: what Uncanny Dodge would halve


def land(
    turn: Steps, hit: Attacked, ask: Ask | None = None, dice: DiceSource | None = None
) -> StepDone:
    """The attack `hit` lands, unless its target turns it with a guard first; with `dice`,
    Undead Fortitude is rolled for a monster it would drop (B8)."""
    guard = turning_guard(turn.fight, hit)
    if guard is not None:
        target, foe = turn.fight.combatant(hit.target), turn.fight.combatant(hit.attacker)
        takes: bool | None = True  # monsters: whenever it turns the hit
        if isinstance(target, Hero) and isinstance(foe, Monster):
            takes = ask(target, foe, guard) if ask is not None else True
        if takes is None:
            raise Waits(target.name, foe.name, guard, sum(n for _, n in hit.damage))
        if takes and guard.halves:  # F2 Uncanny Dodge: the hit lands, its damage halved
            turn.do(Guarded(target.name, guard.name, foe.name, 0, halves=True))
            hit = halved(hit, guard.name)
        elif takes:
            slot = guard_slot(target, guard) if guard.slot else None
            if slot is not None:
                turn.do(Used(target.name, slot))
            turn.do(Guarded(guard.by or target.name, guard.name, foe.name, guard.ac))
            if guard.lasts:  # Shield: until the start of its next turn
                lasting = Lasting(until=(target.name, TurnEdge.START))
                start(turn, target.name, f"{guard.name} (+{guard.ac} AC)", lasting, ac=guard.ac)
            raised = hit.ac + (0 if guard.lasts else guard.ac)  # Shield's is on the AC now
            raised = turn.fight.combatant(target.name).ac if guard.lasts else raised
            hit = replace(hit, ac=raised, hit=False, critical=False, damage=(), damage_text="")
    return turn.do(fortitude(turn, hit, dice) if dice is not None and hit.hit else hit)


def halved(hit: Attacked, why: str) -> Attacked:
    """F2 Uncanny Dodge: "you can use your reaction to halve the attack's damage against you",
    the total rounded down, before resistance (D6); each type keeps its half, the first type
    the odd point the parts' halves lose."""
    total = sum(n for _, n in hit.damage) // 2
    parts = [(kind, n // 2) for kind, n in hit.damage]
    if parts:
        kind, n = parts[0]
        parts[0] = (kind, n + total - sum(m for _, m in parts))
    text = f"{hit.damage_text}, halved ({why}): {total}"
    return replace(hit, damage=tuple(parts), damage_text=text)
