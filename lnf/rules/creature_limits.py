"""F7: the spells whose own text limits whom they affect by creature type, decided once
(`kind_proof`): Hold Person "Choose a humanoid", Hold Monster "no effect against the undead",
Sleep's "Undead and creatures immune to being charmed aren't affected" …

`WORDS` holds each spell's own words (the SRD 5.1 text, checked against it by
tests/test_creature_limits.py) and the limit is read from them (`read_limit`), so the data is
judged by its own text. A monster's type is its stat block's (`type`); a hand-made monster
with no type is the DM's to judge (the spell's `note` says the limit). A hero is a humanoid
(docs/choices.md), so a monster's spell at a hero always affects it (docs/spell-effects.md)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from lnf.model import Condition, Hero, Monster
from lnf.rules.wording import a_an

# Spell name, lower case → the words of its SRD text that limit whom it affects.
WORDS: dict[str, str] = {
    "hold person": "Choose a humanoid",
    "charm person": "charm a humanoid",
    "dominate person": "beguile a humanoid",
    "calm emotions": "Each humanoid",
    "hold monster": "This spell has no effect against the undead",
    "command": "The spell has no effect if the target is undead",
    "sleep": "Undead and creatures immune to being charmed aren't affected by this spell",
    "blight": "The spell has no effect on undead or constructs",
    # a monster's Cure Wounds (and a Healing Touch, played as one: `rules.idle_casts.patient`)
    "cure wounds": "This spell has no effect on undead or constructs",
}

_ONLY = re.compile(r"\b(?:an?|each) (humanoid)\b", re.IGNORECASE)
_NOT = re.compile(
    r"no effect (?:on|against|if the target is) (?:the )?(\w+)(?: or (\w+))?"
    r"|^(\w+) and creatures immune to being charmed aren't affected",
    re.IGNORECASE,
)
_CHARM = re.compile(r"immune to being charmed aren't affected", re.IGNORECASE)


@dataclass(frozen=True)
class Limit:
    """Whom a spell affects by kind: only `only` (a creature type) when set; never the types
    in `never`; never a creature immune to being charmed when `charm`."""

    only: str = ""
    never: tuple[str, ...] = ()
    charm: bool = False


def read_limit(words: str) -> Limit:
    """The limit the spell's words state ("Choose a humanoid": only humanoids; "no effect on
    undead or constructs": never those two)."""
    only = m[1].lower() if (m := _ONLY.search(words)) else ""
    never = tuple(
        _singular(w.lower()) for m in _NOT.finditer(words) for w in m.groups() if w is not None
    )
    return Limit(only, never, bool(_CHARM.search(words)))


def _singular(kind: str) -> str:
    return kind[:-1] if kind.endswith("s") else kind  # "constructs"; "undead" stays


@cache
def limit_of(spell: str) -> tuple[Limit, str] | None:
    """The limit of the spell named `spell` (any case) and its words, or None (no limit)."""
    words = WORDS.get(spell.lower())
    return None if words is None else (read_limit(words), words)


def creature_type(monster: Monster) -> str:
    """A monster's creature type, its first word ("humanoid (goblinoid)": humanoid); "" when
    the fight file gives none. Every rule that asks what a monster is asks it here."""
    return monster.type.split(" ", 1)[0].lower() if monster.type else ""


def kind_proof(target: Hero | Monster, spell: str) -> str:
    """F7: the words that say the spell named `spell` cannot affect `target` because of what
    it is ("Hold Person: choose a humanoid — Ogre is a giant (F7)"), or "" when it can."""
    why = kind_why(target, spell)
    found = limit_of(spell)
    if not why or found is None:
        return ""
    words = found[1]
    return f"{spell}: {words[0].lower()}{words[1:]} — {target.name} is {why} (F7)"


def kind_why(target: Hero | Monster, spell: str) -> str:
    """F7, the one decision: what `target` is that the spell named `spell` cannot affect
    ("a giant", "undead", "immune to being charmed"), or "" when it can affect it — a hero (a
    humanoid), or a monster of no known type (the DM judges it: the spell's note)."""
    found = limit_of(spell) if isinstance(target, Monster) else None
    if found is None:
        return ""
    assert isinstance(target, Monster)
    limit = found[0]
    kind = creature_type(target)
    if kind and ((limit.only and kind != limit.only) or kind in limit.never):
        return kind if kind == "undead" else a_an(kind)
    if limit.charm and Condition.CHARMED in target.condition_immune:
        return "immune to being charmed"
    return ""
