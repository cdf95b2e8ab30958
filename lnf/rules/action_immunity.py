"""B1, F4: an action whose text makes a creature immune to it once it has faced it ("If a
creature's saving throw is successful or the effect ends for it, the creature is immune to the
dragon's Frightful Presence for the next 24 hours"), decided here only.

A hero that rolls its save against such an action of a monster is immune to that monster's
use of it from then on: an effect on the hero (`immunity`), logged and undone as any (F4),
lasting 24 hours, longer than any fight. On a success the text says so at once; on a failure
the hero has the action's conditions, so it is no target of it anyway (it cannot be frightened
again) until they end, and then the text makes it immune: recording it at the save is the same
for the fight, and says it where the DM sees the save. An immune hero is not reached by the
action (`rules.specials.reaches`): the plan, the validator and the table leave it out.
"""

from __future__ import annotations

from lnf.model import Attack, Fight, Lasting, Monster

DAY = 14_400  # F4: 24 hours in rounds (1 minute = 10 rounds)


def immunity(monster: str, action: str) -> str:
    """The effect's words on a hero immune to `monster`'s `action`."""
    return f"immune to {monster}'s {action}"


def immunity_lasting() -> Lasting:
    """F4: "for the next 24 hours"."""
    return Lasting(rounds=DAY)


def made_immune(caster: object, action: Attack, saved: tuple[str, ...]) -> tuple[str, ...]:
    """B1, F4: the heroes that become immune to `caster`'s `action`: every one that rolled a
    save against it (`saved`), when `caster` is a monster and its action says so."""
    return saved if action.immune_after and isinstance(caster, Monster) else ()


def immune(fight: Fight, hero: str, monster: Monster, action: Attack) -> bool:
    """B1, F4: whether `hero` is immune to `monster`'s `action`."""
    if not action.immune_after:
        return False
    what = immunity(monster.name, action.name)
    return any(e.who == hero and e.what == what and e.by == monster.name for e in fight.effects)
