"""B6, F7 Mirror Image at a hero's attack: the duplicates' d20 first (`rules.mirror_image`);
moved to a duplicate, the attack roll at its AC, a hit destroying it; else the attack goes on."""

from __future__ import annotations

from lnf.dice.roll import DiceSource, roll_d20
from lnf.engine.apply import Steps
from lnf.engine.decisions import AttackChoice, SpellChoice
from lnf.engine.resolve import imposed, roll_save
from lnf.model import Monster
from lnf.model.answer_steps import Mirrored
from lnf.model.plan import Advantage
from lnf.rules.distance import roll_in_fight
from lnf.rules.mirror_image import duplicate_ac, duplicates, fooled, odds, takes_spells


def at_a_duplicate(
    turn: Steps, hero: str, target: Monster, action: AttackChoice, dice: DiceSource
) -> bool:
    """F7: whether the swing at `target` went at one of its duplicates (its `Mirrored` step
    done); False when it has none, the attacker cannot see them, or the d20 leaves the attack
    on it (that d20 said, the attack rolled after as any)."""
    fight, me = turn.fight, turn.fight.hero(hero)
    left = duplicates(fight, target)
    if not left or not fooled(me):
        return False
    by, die, need = odds(target, len(left))
    dice.about(f"{target.name}'s {by}: a d{die}, {need} or more moves the attack")
    face = dice.face(die)
    if face < need:
        turn.do(Mirrored(target.name, hero, action.attack.name, face, need, die=die, by=by))
        return False
    how, _ = roll_in_fight(fight, me, target, action.attack, action.mode)
    ac = duplicate_ac(fight, target)
    dice.about(f"{hero} attacks a duplicate of {target.name}: {action.attack.to_hit:+d} vs AC {ac}")
    d20 = roll_d20(
        dice,
        action.attack.to_hit,
        advantage=how is Advantage.ADVANTAGE,
        disadvantage=how is Advantage.DISADVANTAGE,
    )
    hit = not d20.natural_1 and (d20.natural_20 or d20.total >= ac)
    kept = tuple(sorted(d20.faces, key=lambda f: f != d20.kept))  # the kept die first
    key = left[0].key if hit else 0
    turn.do(
        Mirrored(
            target.name,
            hero,
            action.attack.name,
            face,
            need,
            kept,
            action.attack.to_hit,
            ac,
            key,
            die=die,
            by=by,
        )
    )
    return True


def past_phantasms(
    turn: Steps, hero: str, action: SpellChoice, targets: tuple[str, ...], dice: DiceSource
) -> tuple[str, ...]:
    """B6 Phantasms: the targets a hero's harmful spell keeps: one whose duplicates take it
    (`rules.mirror_image.takes_spells`) rolls their die; moved, a duplicate saves with its
    figures (a failure against damage ends it) and the creature is left out."""
    kept = []
    for name in targets:
        target = turn.fight.combatant(name) if name in turn.fight else None
        if not isinstance(target, Monster) or not _moves(turn, hero, target, action, dice):
            kept.append(name)
    return tuple(kept)


def _moves(turn: Steps, hero: str, target: Monster, action: SpellChoice, dice: DiceSource) -> bool:
    fight, spell = turn.fight, action.spell
    left = duplicates(fight, target)
    if not left or not fooled(fight.hero(hero)) or not takes_spells(target, spell):
        return False
    by, die, need = odds(target, len(left))
    dice.about(f"{target.name}'s {by}: a d{die}, {need} or more moves {spell.name}")
    face = dice.face(die)
    if face < need:
        turn.do(Mirrored(target.name, hero, spell.name, face, need, die=die, by=by))
        return False
    if spell.save is None:  # nothing for a duplicate to fail
        turn.do(Mirrored(target.name, hero, spell.name, face, need, die=die, by=by, save="no"))
        return True
    ability, dc = spell.save
    saved = roll_save(
        fight, target, ability, dc, dice, spell.name, spell=True, against=imposed(spell)
    )
    total = saved.total if saved.total is not None else 0
    faces = saved.faces
    if len(faces) == 2:  # the kept d20 first (D4)
        kept = max(faces) if saved.advantage else min(faces)
        faces = (kept, faces[1] if faces[0] == kept else faces[0])
    bonus = total - faces[0] if faces else saved.bonus
    key = left[0].key if not saved.success and spell.damage.maximum > 0 else 0
    said = ability.value.upper()
    turn.do(
        Mirrored(
            target.name,
            hero,
            spell.name,
            face,
            need,
            faces,
            bonus,
            dc,
            key,
            die=die,
            by=by,
            save=said,
            made=saved.success,
        )
    )
    return True
