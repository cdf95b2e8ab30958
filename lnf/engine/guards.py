"""F1: a reaction against a monster's hit, taken before it lands: one that turns it into a
miss (Shield, Parry, a shield guardian's amulet), or one that lessens its damage (F2: the rogue's
Uncanny Dodge, the monk's Deflect Missiles); `rules.economy.turning_guard` decides which may be
taken. Or one taken once it has hurt: Hellish Rebuke (`rebuke_hurt`). A hero's answer may wait
for the table (`Waits`)."""

from __future__ import annotations

from collections.abc import Callable

from lnf.dice.roll import DiceSource
from lnf.engine.apply import Steps
from lnf.engine.begin import start
from lnf.engine.effects import fortitude
from lnf.engine.monster_reactions import resist_cast, spend_resisted
from lnf.engine.resolve import roll_spell
from lnf.model import SLOT, Guard, Hero, Lasting, Monster, TurnEdge
from lnf.model.applied import StepDone
from lnf.model.steps import Attacked, Guarded, Used
from lnf.rules.economy import attack_named, guard_slot, rebuking_guard, turning_guard
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
        elif takes and guard.deflects:  # F2 Deflect Missiles: the hit lands, lighter
            hit = _deflected(turn, hit, guard, dice)
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
    undead = isinstance(turn.fight.combatant(hit.target), Monster)  # B8: Undead Fortitude's
    done = turn.do(fortitude(turn, hit, dice) if dice is not None and hit.hit and undead else hit)
    if dice is not None and hit.hit:
        rebuke_hurt(turn, done, hit.attacker, ask, dice)  # F1: an answer to a hit that hurt
    return done


def rebuke_hurt(turn: Steps, done: StepDone, by: str, ask: Ask | None, dice: DiceSource) -> None:
    """F1 Hellish Rebuke, for each hero the step of `by` (a hit, a spell, a breath, a dart)
    hurt, in turn (`rules.economy.rebuking_guard` says when it is open): asked as a guard is;
    taken, its slot and the reaction are spent and the spell is cast at `by`, at the slot's
    level, as any the hero casts (B7: a Legendary Resistance may turn its save; B8: Undead
    Fortitude)."""
    for dealt in done.dealt:
        if dealt.amount > 0:
            _rebuke(turn, dealt.who, by, dealt.amount, ask, dice)


def _rebuke(turn: Steps, who: str, by: str, hurt: int, ask: Ask | None, dice: DiceSource) -> None:
    guard = rebuking_guard(turn.fight, who, by, hurt)
    hero = turn.fight.combatant(who)
    spell = attack_named(hero, guard.name) if guard is not None else None
    if guard is None or spell is None or not isinstance(hero, Hero):
        return  # none open, or a guard written without its spell: nothing to cast
    foe = turn.fight.monster(by)
    takes = ask(hero, foe, guard) if ask is not None else True
    if takes is None:
        raise Waits(hero.name, foe.name, guard, hurt)
    if not takes:
        return
    slot = guard_slot(hero, guard) if guard.slot else None
    if slot is not None:
        turn.do(Used(hero.name, slot))
    turn.do(Guarded(hero.name, guard.name, foe.name, 0, rebukes=True))
    level = int(slot.removeprefix(SLOT)) if slot is not None else spell.slot
    cast = spell.at_slot(level)  # a warlock's pact slot of the 3rd level: 4d10
    rolled = roll_spell(turn.fight, turn.fight.hero(hero.name), cast, [foe.name], dice)
    rolled = replace(rolled, slot=level) if level > spell.slot else rolled
    resisted = resist_cast(turn, rolled, cast)
    turn.do(fortitude(turn, resisted, dice))
    spend_resisted(turn, resisted.saves)


def _deflected(turn: Steps, hit: Attacked, guard: Guard, dice: DiceSource | None) -> Attacked:
    """F2 Deflect Missiles: "the damage you take from the attack is reduced by 1d10 + your
    Dexterity modifier + your monk level" (`guard.deflects`), before resistance (D6), the
    first type first. Only a ranged weapon's hit is deflected (`turning_guard`): each such
    attack is rolled with dice, so `dice` is never None here."""
    assert dice is not None, "a ranged weapon's hit is rolled with dice"
    dice.about(f"{hit.target}'s Deflect Missiles: 1d10 + {guard.deflects} off the damage")
    face = dice.face(10)
    step = Guarded(hit.target, guard.name, hit.attacker, 0, face=face, deflects=guard.deflects)
    turn.do(step)
    left, parts = step.deflected, []
    for kind, n in hit.damage:
        parts.append((kind, max(0, n - left)))
        left = max(0, left - n)
    total = sum(n for _, n in parts)
    text = f"{hit.damage_text}, less {step.deflected} ({guard.name}): {total}"
    text += " (caught: 1 Ki may throw it back, F2; the DM rules it)" if total == 0 else ""
    return replace(hit, damage=tuple(parts), damage_text=text)


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
