"""B8, B9: what a monster's stat block holds that lnf does not play, sorted by why
(`formats.not_played`): the DM's items are said beside its order and on its turn, so the DM
hears of them at the moment they matter; what never matters without a map is listed apart."""

from __future__ import annotations

import re
from collections.abc import Sequence

from lnf.model import Fight, Monster
from lnf.rules.wording import and_list

# How `lnf show` heads each reason (`formats.not_played`'s words), in this order.
HEADS = {
    "unsupported": "Not played by lnf",
    "dm": "For the DM to rule (B9)",
    "no map": "Never matters without a map (B8)",
}


# B9: spells that call up a creature: the DM says what arrives and where.
SUMMONINGS = frozenset({"Conjure Elemental"})

# "Spellcasting: Fly", "Innate Spellcasting (Psionics): Blur": the heading and the spell.
# Text, compiled by `re` at first use (a stat block with such items): start-up time.
_SPELL_ITEM = r"^((?:Innate )?Spellcasting(?: \([^)]*\))?): (.+)$"


def by_reason(items: Sequence[str]) -> dict[str, list[str]]:
    """The items under each reason of `HEADS` that has any, in stat-block order."""
    from lnf.formats.not_played import why  # only for a stat block with such items: start-up

    out: dict[str, list[str]] = {}
    for item in items:
        out.setdefault(why(item), []).append(item)
    return {reason: out[reason] for reason in HEADS if reason in out}


def compact(items: Sequence[str]) -> list[str]:
    """ "Spellcasting: Fly", "Spellcasting: Blur" → "Spellcasting: Fly, Blur"."""
    out: list[str] = []
    head = ""
    for item in items:
        spell = re.match(_SPELL_ITEM, item)
        if spell and spell[1] == head:
            out[-1] += f", {spell[2]}"
            continue
        head = spell[1] if spell else ""
        out.append(item)
    return out


def _dm_words(monster: str, item: str) -> str:
    """ "Mage's Suggestion", "what Vampire's Charm makes a hero do"."""
    spell = re.match(_SPELL_ITEM, item)
    name = spell[2] if spell else item
    name = re.sub(r" \((?:trait|reaction)\)$", "", name)
    if name.endswith(": what it makes the hero do"):
        return f"what {monster}'s {name.split(':')[0]} makes a hero do"
    if name in SUMMONINGS:  # B9: "what arrives and where"
        return f"{monster}'s {name} (what arrives, where)"
    return f"{monster}'s {name}"


def dm_items(monster: Monster) -> list[str]:
    """B9: the items of its stat block the DM rules, as `lnf monsters --not-played` names them."""
    if not monster.not_modelled:
        return []
    from lnf.formats.not_played import DM, why  # only for a stat block with such items

    return [x for x in monster.not_modelled if why(x) == DM]


HOLD = ": what it makes the hero do"  # B9: what a hero under the monster's spell does


def dm_line(monster: Monster, holding: bool = True) -> str:
    """B9: "For the DM (B9): lnf does not decide Mage's Suggestion; yours to rule." or "".
    Without `holding` (no hero is under the monster's spell), not what such a hero does."""
    items = [
        _dm_words(monster.name, x) for x in dm_items(monster) if holding or not x.endswith(HOLD)
    ]
    if not items:
        return ""
    return f"For the DM (B9): lnf does not decide {and_list(items)}; yours to rule."


def on_its_turn(after: Fight, who: str) -> list[str]:
    """B9: as a monster's turn ends (`after`), what of its stat block the DM rules
    (Suggestion, its forms); what its Luring Song or Charm makes a hero do only while a hero
    bears a condition the monster imposed (else it was said every turn of a harpy whose song
    held nobody)."""
    if not any(m.name == who for m in after.monsters):
        return []
    holding = any(e.by == who and e.condition is not None for e in after.effects)
    line = dm_line(after.monster(who), holding)
    return [line] if line else []
