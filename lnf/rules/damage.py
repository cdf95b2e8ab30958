"""Damage, healing and dying (core-d20 D6–D9) as pure functions on one combatant.

Each returns the changed combatant and what happened, in words for the transcript.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from lnf.dice import DamageType
from lnf.errors import Refused
from lnf.model import Attack, Combatant, Condition, Flag, Hero, Monster, TraitKind
from lnf.rules.resources import resists
from lnf.rules.roster import in_fight
from lnf.rules.trait_damage import absorbs
from lnf.rules.wording import plural
from lnf.values import replace

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_MAGIC_WEAPONS = TraitKind.MAGIC_WEAPONS


def magical(attacker: Combatant, attack: Attack) -> bool:
    """D6 (docs/choices.md): an attack is magical when it is a spell, a weapon its entry or
    sheet calls `magic: true`, or a weapon attack of a monster with Magic Weapons (B8)."""
    return attack.spell or attack.magic or _has(attacker, _MAGIC_WEAPONS)


def defends(target: Combatant, kind: DamageType | None, *, magic: bool) -> bool:
    """D6: whether the target's resistance or immunity to `kind` holds against this attack:
    one "from nonmagical attacks" (the trait `nonmagical only`) does not hold against magic."""
    if kind is None:
        return False
    if not magic or not isinstance(target, Monster):
        return True
    return not any(
        t.kind is TraitKind.NONMAGICAL_ONLY and kind in t.stopped_by for t in target.traits
    )


def exposes(target: Combatant, kind: DamageType | None, *, magic: bool) -> bool:
    """D6: whether the target's vulnerability to `kind` holds against this attack: one "from
    magic weapons" only (the trait `magic only`) holds against magic alone."""
    if kind is None or kind not in target.vulnerable:
        return False
    if magic or not isinstance(target, Monster):
        return True
    return not any(t.kind is TraitKind.MAGIC_ONLY and kind in t.stopped_by for t in target.traits)


def _has(c: Combatant, kind: TraitKind) -> bool:
    return isinstance(c, Monster) and any(t.kind is kind for t in c.traits)


def after_defences(
    target: Combatant,
    by_type: Mapping[DamageType | None, int],
    *,
    magic: bool = False,
    spell: bool = False,
) -> tuple[int, str]:
    """D6: immunity makes a type's damage 0, resistance halves it (round down, D11),
    vulnerability doubles it; several resistances to one type count once; a resistance or
    immunity from nonmagical attacks only does not hold against a magical one (`defends`);
    a monster with "resistance: damage from spells" halves all of a `spell`'s damage."""
    total = 0
    why: list[str] = []
    against_spells = spell and Flag.RESISTS_SPELLS in target.flags
    for kind, amount in by_type.items():
        held = defends(target, kind, magic=magic)
        if kind is not None and kind in target.immune and held:
            why.append(f"immune to {kind}")
            continue
        if kind is not None and kind in resists(target) and held:
            amount //= 2
            why.append(f"resists {kind}")
        elif against_spells:
            amount //= 2
            why.append("resists damage from spells")
        if exposes(target, kind, magic=magic):
            amount *= 2
            why.append(f"vulnerable to {kind}")
        total += amount
    return total, ", ".join(why)


def defence_factor(target: Combatant, kind: DamageType | None, *, magic: bool = False) -> Fraction:
    """D6: what one point of a type costs the target after its defences: 0 immune (or
    absorbed, B8), ½ resisted, 2 vulnerable, else 1 (untyped damage: 1); `defends` says
    whether a resistance or immunity holds against a magical attack."""
    if kind is None:
        return Fraction(1)
    if isinstance(target, Monster) and absorbs(target, {kind: 1}):  # B8: it heals: worth 0
        return Fraction(0)
    held = defends(target, kind, magic=magic)
    cost = (
        Fraction(0)
        if kind in target.immune and held
        else Fraction(1, 2 if kind in resists(target) and held else 1)
    )
    return cost * (2 if exposes(target, kind, magic=magic) else 1)


def worth(target: Combatant) -> dict[DamageType | None, float]:
    """D6: what one point of each type costs the target after its defences (for V-ACL3's
    order): 0 immune, ½ resisted, 2 vulnerable, else 1."""
    return {kind: float(defence_factor(target, kind)) for kind in DamageType}


def take_damage(
    target: Hero | Monster, amount: int, *, critical: bool = False
) -> tuple[Hero | Monster, list[str]]:
    """D7–D9: temporary hit points first; then monsters die at 0, heroes fall unconscious or,
    with enough left over, die outright; damage at 0 hit points costs death saves."""
    if amount <= 0:
        return target, []
    notes: list[str] = []
    if target.temp_hp:
        absorbed = min(target.temp_hp, amount)
        target = replace(target, temp_hp=target.temp_hp - absorbed)
        amount -= absorbed
        notes.append(f"{absorbed} taken by temporary hit points (D7)")
        if amount == 0:
            return target, notes
    if isinstance(target, Monster):
        damage = min(target.hp, target.damage + amount)
        target = replace(target, damage=damage)
        if damage >= target.hp:
            notes.append(f"{target.name} drops and dies (D8)")
        return target, notes
    return _hero_damage(target, amount, critical, notes)


def _hero_damage(
    hero: Hero, amount: int, critical: bool, notes: list[str]
) -> tuple[Hero, list[str]]:
    now = hero.current_hp
    if now == 0:  # D9: already down
        if amount >= hero.hp:
            notes.append(
                f"{hero.name} takes {amount} at 0 hit points, at least its maximum: dead (D9)"
            )
            return replace(hero, dead=True), notes
        successes, failures = hero.death_saves
        failures = min(3, failures + (2 if critical else 1))
        hero = replace(hero, death_saves=(successes, failures), stable=False)
        if failures >= 3:
            notes.append(f"{hero.name} suffers a third death save failure and dies (D9)")
            return replace(hero, dead=True), notes
        lost = "two death save failures (critical)" if critical else "a death save failure"
        notes.append(f"damage at 0 hit points: {hero.name} suffers {lost} (D9)")
        return hero, notes
    if amount < now:
        return replace(hero, hp_now=now - amount), notes
    left_over = amount - now
    if left_over >= hero.hp:
        notes.append(
            f"{hero.name} dies outright: {left_over} left over is at least its maximum (D8)"
        )
        return replace(hero, hp_now=0, dead=True), notes
    notes.append(f"{hero.name} drops to 0 hit points and falls unconscious (D8)")
    return replace(hero, hp_now=0, death_saves=(0, 0), stable=False), notes


def knock_out(target: Hero | Monster) -> tuple[Hero | Monster, list[str]]:
    """D8: a mêlée attacker that drops its foe may knock it out: unconscious and stable."""
    note = [f"{target.name} is knocked out: unconscious and stable (D8)"]
    if isinstance(target, Monster):
        out = replace(
            target, damage=target.hp, conditions=target.conditions | {Condition.UNCONSCIOUS}
        )
        return out, note
    return replace(target, hp_now=0, death_saves=(0, 0), stable=True), note


def restorable(c: Combatant) -> bool:
    """B8 (Swarm): a swarm can't regain hit points or gain temporary hit points."""
    return not c.has(Flag.SWARM)


def heal(
    target: Hero | Monster, amount: int, revive: bool = False
) -> tuple[Hero | Monster, list[str]]:
    """D9: any healing wakes a downed hero and resets its death saves; only a revival (the DM
    says so) brings a dead hero back, with the hit points healed. A swarm regains none (B8)."""
    if isinstance(target, Hero) and target.dead:
        if not revive:
            return target, []
        target = replace(target, dead=False, hp_now=0)
    if amount <= 0:
        return target, []
    if not restorable(target):
        return target, [f"{target.name} is a swarm: it regains no hit points (B8)"]
    if isinstance(target, Monster):
        return replace(target, damage=max(0, target.damage - amount)), []
    now = min(target.hp, target.current_hp + amount)
    notes = [f"{target.name} wakes up (D9)"] if target.current_hp == 0 else []
    healed = replace(target, hp_now=None if now == target.hp else now)
    return replace(healed, death_saves=(0, 0), stable=False), notes


def stabilized(hero: Hero) -> Hero:
    """D9, F6: a hero at 0 hit points made stable (the giant spider's poison): no death saves
    until it takes damage or is healed."""
    return replace(hero, death_saves=(0, 0), stable=True)


def death_save(hero: Hero, face: int) -> tuple[Hero, list[str]]:
    """D9: 10 or more succeeds, a natural 1 is two failures, a natural 20 brings it back with
    1 hit point; three successes make it stable, three failures kill it."""
    successes, failures = hero.death_saves
    if face == 20:
        back = replace(hero, hp_now=1, death_saves=(0, 0), stable=False)
        return back, [f"natural 20: {hero.name} is back with 1 hit point (D9)"]
    if face >= 10:
        successes += 1
    else:
        failures += 2 if face == 1 else 1
    if failures >= 3:
        return replace(hero, death_saves=(successes, 3), dead=True), [f"{hero.name} dies (D9)"]
    if successes >= 3:
        stable = replace(hero, death_saves=(0, 0), stable=True)
        return stable, [f"{hero.name} is stable (D9)"]
    saves = replace(hero, death_saves=(successes, failures))
    return saves, [f"{tally(successes, failures)} (D9)"]


def tally(successes: int, failures: int) -> str:
    """D9: death saves as a table counts them: "1 success, 2 failures"."""
    return f"{plural(successes, 'success', 'successes')}, {plural(failures, 'failure')}"


# --- damage and healing asked for, refused with D's rules (`rules.legal` asks) -------------


def verify_healable(c: Hero | Monster, revive: bool = False) -> None:
    """D8, D9: healing wakes a downed hero; a dead hero comes back only when the DM says so (a
    revival); a dead monster is beyond it."""
    who = c.name
    if isinstance(c, Monster):
        if not in_fight(c):
            raise Refused(f"{who} is dead: a dead monster is off the grid", "D8")
        if revive:
            raise Refused(f"{who} is not dead: there is nothing to bring back", "D9")
        return
    if c.dead and not revive:
        raise Refused(
            f"{who} is dead: healing does not bring a hero back; if a spell or the DM does, "
            "say so with --revive",
            "D9",
        )
    if revive and not c.dead:
        raise Refused(f"{who} is not dead: there is nothing to bring back", "D9")


def verify_hurtable(c: Hero | Monster) -> None:
    """D8, D9: damage is for those still in the fight; a downed hero takes it (a failed death
    save, D9), the dead do not."""
    if isinstance(c, Monster) and not in_fight(c):
        raise Refused(f"{c.name} is dead: damage to it changes nothing", "D8")
    if isinstance(c, Hero) and c.dead:
        raise Refused(f"{c.name} is dead: damage to it changes nothing", "D9")


def verify_not_dying(c: Hero | Monster) -> None:
    """D9: a hero at 0 hit points rolls death saves instead of acting."""
    if c.current_hp == 0 and in_fight(c):
        raise Refused(f"{c.name} is at 0 hit points: it rolls death saves instead", "D9")
