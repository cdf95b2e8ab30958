"""`flurry [at Orc 1]` and `martial arts [at Orc 1]` (F1, F2): the monk's bonus-action blows in
a player's words, said as the attack they are (`attack Orc 1 with Flurry of Blows`). Without a
target they go at the foe of the turn's Attack action, or at the one foe they reach."""

from __future__ import annotations

import re

from lnf.engine.decisions import ActionChoice, AttackChoice
from lnf.errors import Refused
from lnf.model import Attack, Fight, Hero
from lnf.rules.economy import verify_after_attack
from lnf.rules.legal import attack_modes

BLOWS = {"flurry": ("flurry", "Flurry of Blows"), "martial": ("martial arts", "Martial Arts")}


def blows_of(hero: Hero, word: str) -> Attack | None:
    """The sheet's Flurry of Blows (or Martial Arts strike): the attack whose name begins so."""
    start = BLOWS[word][0]
    return next((a for a in hero.attacks if a.name.lower().startswith(start)), None)


def flurry_words(
    fight: Fight, hero: Hero, word: str, rest: str, action: ActionChoice | None
) -> str:
    """The words of the attack that `flurry …` (`word`: "flurry" or "martial") is: "TARGET
    with Flurry of Blows"."""
    flurry = blows_of(hero, word)
    if flurry is None:
        raise Refused(f"{hero.name}'s sheet has no {BLOWS[word][1]} (a monk's, F2)")
    said = r"^(?:of\s+blows\b|arts\b)?\s*(?:at|on)?\s*"
    target = re.sub(said, "", rest, flags=re.IGNORECASE).strip()
    if not target and action is None:  # F1: it follows the Attack action
        verify_after_attack(fight, hero.name, flurry, set())
    if not target and isinstance(action, AttackChoice):
        target = action.target
    if not target:
        reached = [m.name for m in fight.monsters if attack_modes(fight, hero, m, flurry)]
        if len(reached) != 1:
            said = "no foe is in reach" if not reached else "say at whom"
            raise Refused(f"{flurry.name}: {said}", "F1", [f"flurry at {m}" for m in reached])
        target = reached[0]
    return f"{target} with {flurry.name}"
