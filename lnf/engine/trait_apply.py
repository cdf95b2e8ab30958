"""B8: what a monster's traits do as a step is applied (no dice): Undead Fortitude and Relentless
holding it at 1 hit point, Misty Escape, the words said as it dies (Rejuvenation, Elemental
Demise), the hit points an Absorption gives back, Evasion's share of a spell, Aggressive's
dash."""

from __future__ import annotations

from lnf.dice import DamageType
from lnf.model import Flag, Hero, Monster
from lnf.model.fight import Fight
from lnf.model.steps import SpellCast
from lnf.rules.chase import aggressive
from lnf.rules.damage import take_damage
from lnf.rules.holds import transfers_to
from lnf.rules.roster import in_fight
from lnf.rules.trait_damage import absorbs, death_words, mists_away, relentless
from lnf.rules.trait_saves import evades
from lnf.values import replace


def absorbed(
    target: Hero | Monster, by_type: dict[DamageType | None, int]
) -> tuple[dict[DamageType | None, int], dict[DamageType, int]]:
    """Absorption: the damage left to take, and what the target absorbs instead (`absorbs`);
    the damage and the healing of one attack count together (`after_hurt`)."""
    healed = absorbs(target, by_type)
    return {k: v for k, v in by_type.items() if k not in healed}, healed


def held_at_one(
    target: Hero | Monster, amount: int, holds: bool
) -> tuple[Monster, list[str]] | None:
    """Damage that would drop it leaves it at 1 hit point: Undead Fortitude's save passed
    (`holds`), or Relentless (once a fight, its flag spent); None otherwise."""
    if not isinstance(target, Monster) or not 0 < target.current_hp <= amount:
        return None
    if holds:
        said = f"{target.name} drops to 1 hit point instead (Undead Fortitude, B8)"
        return replace(target, damage=target.hp - 1), [said]
    if relentless(target, amount):
        flags = target.flags | {Flag.RELENTLESS}
        said = f"{target.name} drops to 1 hit point instead (Relentless, once a fight, B8)"
        return replace(target, damage=target.hp - 1, temp_hp=0, flags=flags), [said]
    return None


def after_hurt(
    fight: Fight,
    target: Hero | Monster,
    hurt: Hero | Monster,
    notes: list[str],
    healed: dict[DamageType, int],
    back: int,
) -> tuple[Hero | Monster, list[str]]:
    """What follows the damage taken (`target` before, `hurt` after): a vampire dropped turns
    to mist and leaves the fight (Misty Escape), a monster dead says its Rejuvenation or
    Elemental Demise, an Absorption gives `back` hit points of the `healed` types."""
    dropped = not in_fight(hurt) and in_fight(target)
    if dropped and mists_away(fight, hurt):
        hurt = replace(hurt, escaped=True)
        said = "turns to mist: it leaves the fight, not destroyed (Misty Escape, B8)"
        notes = [f"{hurt.name} drops to 0 hit points and {said}"]
    elif dropped and isinstance(hurt, Monster) and (words := death_words(hurt)):
        notes = [*notes, words]
    if healed and isinstance(hurt, Monster):
        back = min(back, hurt.damage)
        hurt = replace(hurt, damage=hurt.damage - back)
        kinds = " and ".join(map(str, healed))
        hp = f"{hurt.current_hp}/{hurt.hp} hp"
        notes = [
            *notes,
            f"{hurt.name} absorbs the {kinds}: it regains {back} hit points ({hp}, B8)",
        ]
    return hurt, notes


def evaded(fight: Fight, step: SpellCast, name: str, notes: list[str]) -> bool:
    """Evasion against a save spell's damage for `name` (`evades`), said in `notes`."""
    if name in step.spared or not evades(fight.combatant(name), step.ability, step.half):
        return False
    if step.damage:
        saved = any(s.success for s in step.saves if s.who == name)
        rule = "F2" if isinstance(fight.combatant(name), Hero) else "B8"
        notes.append(f"Evasion: {name} takes {'none' if saved else 'half'} of it ({rule})")
    return True


def dash_notes(fight: Fight, dashes: tuple[tuple[str, int], ...]) -> list[str]:
    """C2 with Aggressive: a pursuer's first dash was its bonus action, said."""
    out = []
    for name, k in dashes:
        if k and aggressive(fight, fight.combatant(name)):
            left = "its action too" if k > 1 else "its action is left"
            out.append(f"{name} dashes with its bonus action (Aggressive, B8): {left}")
    return out


def transferred(fight: Fight, target: Hero | Monster, amount: int) -> tuple[int, Fight, list[str]]:
    """B8 Damage Transfer: of `amount` (after its defences) the holder keeps half, rounded
    down, and the creature it holds (`transfers_to`) takes the other half now; the amount
    left for `target`, the fight with the other one hurt, and the words."""
    held = transfers_to(fight, target) if amount > 0 else None
    if held is None:
        return amount, fight, []
    kept, other = amount // 2, amount - amount // 2
    hurt, notes = take_damage(fight.combatant(held), other)
    said = f"Damage Transfer: {held} takes the other half, {other} ({_hp(hurt)}, B8)"
    return kept, fight.with_combatant(hurt), [said, *notes]


def _hp(c: Hero | Monster) -> str:
    return f"{c.name} {c.current_hp}/{c.hp} hp"
