"""F2: the barbarian's Reckless Attack (SRD 5.1, barbarian, 2nd level), decided here only.

"When you make your first attack on your turn, you can decide to attack recklessly. Doing so
gives you advantage on melee weapon attack rolls using Strength during this turn, but attack
rolls against you have advantage until your next turn."

Said with the turn's attack (`attack Orc 1 with Greataxe; reckless`), it is an effect on the
hero (`RECKLESS_ATTACK`) from its first attack until the start of its next turn (F4): the
advantage on its own Strength mêlée weapon attacks lasts while the turn it began in lasts; the
advantage against it, until the effect ends. Which attacks use Strength is Rage's rule too
(`rules.class_features.strength_melee`)."""

from __future__ import annotations

from lnf.errors import Refused
from lnf.model import Attack, Effect, Fight, Hero, Monster
from lnf.model.plan import Mode
from lnf.rules.class_features import has_reckless_attack, strength_melee

RECKLESS_ATTACK = "Reckless Attack"


def verify_reckless(fight: Fight, hero: Hero, attack: Attack | None, mode: Mode | None) -> None:
    """F2: what `reckless` needs: a barbarian of the 2nd level, the turn's first attack, and
    that attack a mêlée weapon's using Strength."""
    if not has_reckless_attack(hero.cls, hero.level or 0):
        why = f"level {hero.level}" if hero.cls.lower() == "barbarian" else "not a barbarian"
        raise Refused(f"{hero.name} has no {RECKLESS_ATTACK} ({why}; a barbarian's from 2nd)", "F2")
    if any(who == hero.name for who, _ in fight.turns.attack_action):
        raise Refused(f"{RECKLESS_ATTACK} is decided with the turn's first attack", "F2")
    if attack is None or mode is not Mode.MELEE or not strength_melee(hero, attack):
        what = f"{hero.name}'s {attack.name}" if attack is not None else "no attack"
        raise Refused(
            f"{RECKLESS_ATTACK} needs a mêlée weapon attack using Strength: {what} is not one "
            "(attack Orc 1 with Greataxe; reckless)",
            "F2",
        )


def reckless_edges(
    fight: Fight, attacker: Hero | Monster, target: Hero | Monster, attack: Attack, close: bool
) -> tuple[str, ...]:
    """D4's reasons Reckless Attack gives this roll: the attacker's own Strength mêlée weapon
    attack during the turn it attacks recklessly, and any attack on a hero that does until its
    next turn."""
    if not fight.effects:
        return ()  # most rolls: nobody attacks recklessly (the policy asks this per option)
    out: list[str] = []
    mine = _reckless(fight, attacker.name) if close and isinstance(attacker, Hero) else None
    if (
        mine is not None
        and _this_turn(fight, mine)
        and strength_melee(fight.hero(mine.who), attack)
    ):
        out.append(f"{attacker.name} attacks recklessly ({RECKLESS_ATTACK}, F2)")
    if _reckless(fight, target.name) is not None:
        out.append(f"{target.name} attacks recklessly, open to blows ({RECKLESS_ATTACK}, F2)")
    return tuple(out)


def _reckless(fight: Fight, who: str) -> Effect | None:
    return next((e for e in fight.effects if e.who == who and e.what == RECKLESS_ATTACK), None)


def _this_turn(fight: Fight, e: Effect) -> bool:
    """Its own turn under way, the one it began in."""
    return e.turn == e.who and e.round == fight.round and e.who not in fight.turns.acted
