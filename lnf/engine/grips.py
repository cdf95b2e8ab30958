"""F7: what the engine plays of the spells a monster casts at heroes
(`formats/spells_on_heroes`) that no other step says: Telekinesis's grip (`rules.telekinesis`:
for each target, the caster's check against the target's Strength check, rolled now; the
targets that lose are those its riders land on), and the concentration an attack-roll spell
with a lasting rider begins as it hits (Ray of Enfeeblement, F5)."""

from __future__ import annotations

from lnf.dice.roll import DiceSource, roll_d20
from lnf.engine.apply import Steps
from lnf.engine.begin import start
from lnf.model import Attack, Lasting
from lnf.model.steps import Attacked, ConcentrationEnded, Contested, SpellCast
from lnf.rules.concentration import concentration_of
from lnf.rules.pulls import strength_contest
from lnf.rules.roster import in_fight


def gripped(turn: Steps, step: SpellCast, mine: int, dice: DiceSource) -> list[str]:
    """The targets of `step` that lose the caster's contest (bonus `mine`)."""
    out = []
    for name in step.targets:
        if name not in turn.fight or not in_fight(turn.fight.combatant(name)):
            continue
        theirs = strength_contest(turn.fight.combatant(name))
        dice.about(f"{step.caster}'s {step.spell}: {mine:+d} against {name}'s Strength {theirs:+d}")
        me, them = roll_d20(dice, mine), roll_d20(dice, theirs)
        done = Contested(step.caster, name, "grip", me.faces, mine, them.faces, theirs)
        turn.do(done)
        if done.won:
            out.append(name)
    return out


def concentrate(turn: Steps, step: Attacked, attack: Attack | None) -> str:
    """F5: a concentration spell that hits with an attack roll and leaves a condition (Ray of
    Enfeeblement) begins its caster's concentration, its earlier one ended first; the name of
    the one concentrating, for what lasts on it ("" for any other attack)."""
    if attack is None or not (attack.spell and attack.concentration):
        return ""
    if not any(r.conditions for r in attack.riders):
        return ""  # Flame Blade and the like: nothing lasts on the one it hits
    if concentration_of(turn.fight, step.attacker) is not None:
        turn.do(ConcentrationEnded(step.attacker, f"it begins concentrating on {attack.name}"))
    rounds = max((r.lasting.rounds for r in attack.riders), default=0)
    start(
        turn, step.attacker, attack.name, Lasting(rounds=rounds), step.attacker, concentration=True
    )
    return step.attacker
