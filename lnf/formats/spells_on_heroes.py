"""F7, B6: spells the SRD's monsters cast at heroes whose whole effect lnf plays without a map,
spell name, lower case → the fields their action entry adds (as `spell_effects.EFFECTS`;
the spellbook merges them for a monster's spell only, `spell_effects.effect_fields`). Each is
judged by its own SRD text in tests/test_spells_on_heroes.py; the decisions are in
docs/spell-effects.md and docs/choices.md (F7).

- Power Word Kill: "If the creature you choose has 100 hit points or fewer, it dies.
  Otherwise, the spell has no effect" — no save, no attack roll.
- Banishment: "must succeed on a charisma saving throw or be banished … While there, the
  target is incapacitated … until the spell ends" (concentration, up to 1 minute): the hero
  is out of the fight while the caster concentrates and comes back when it ends
  (`rules.banishment`).
- Ray of Enfeeblement: "Make a ranged spell attack … On a hit, the target deals only half
  damage with weapon attacks that use Strength … a constitution saving throw … On a success,
  the spell ends" — enfeebled (`rules.feeble`), the save its `again`.
- Telekinesis: the caster's check against the target's Strength check; won, restrained until
  the end of the caster's next turn (`rules.telekinesis`).
- Contagion: "a melee spell attack … On a hit, you afflict the creature with a disease …
  At the end of each of the target's turns, it must make a constitution saving throw. After
  failing three of these saving throws, the disease's effects last for the duration, and the
  creature stops making these saves. After succeeding on three of these saving throws, the
  creature recovers" — Filth Fever, "disadvantage on strength checks, strength saving
  throws, and attack rolls that use Strength": weakened, its saves counted (`saves: 3`).
- Bestow Curse: "must succeed on a wisdom saving throw or become cursed for the duration …
  While cursed, the target has disadvantage on attack rolls against you" — of its four
  curses the caster chooses, the one lnf plays (`rules.curses`; concentration, 1 minute at
  its own 3rd level).
"""

from __future__ import annotations

from typing import Any

GRIP = "until the end of the attacker's next turn"  # F4, Telekinesis: "your next turn"

ON_HEROES: dict[str, dict[str, Any]] = {
    "power word kill": {"effect": {"word": 100, "kills": True}},
    "bestow curse": {  # F7: the curse lnf plays, disadvantage on attack rolls against it
        "half": False,
        "riders": [{"condition": "cursed", "lasting": "1 minute"}],
        "note": "lnf's curse is disadvantage on attack rolls against the caster",
    },
    "telekinesis": {  # F7: the caster's grip on a creature, no move (none is needed)
        "half": False,
        "area": None,  # the SRD data's 30-foot sphere: its text grips "one creature"
        "effect": {"contest": True, "lasting": "10 minutes"},
        "riders": [{"condition": "restrained", "lasting": GRIP}],
        "note": "lnf moves the creature nowhere; keeping the grip with later actions is not "
        "played (the DM's)",
    },
    "ray of enfeeblement": {  # F7: on a hit, enfeebled; a Constitution save ends it
        "save": None,  # the SRD's DC is the repeated save's, not a save against the ray
        "riders": [
            {"condition": "enfeebled", "lasting": "1 minute", "repeat": "end", "again": "con"}
        ],
    },
    "contagion": {  # F7: Filth Fever, weakened until three saves of the target's succeed
        "save": None,  # the SRD's DC is the repeated saves', not a save against the touch
        "riders": [{"condition": "weakened", "repeat": "end", "again": "con", "saves": 3}],
        "note": "lnf's disease is Filth Fever; after the fight it lasts 7 days (the DM's)",
    },
    "banishment": {
        "half": False,
        "riders": [{"condition": "banished", "lasting": "1 minute"}],
        "note": "one more creature a slot above 4th",
    },
}
