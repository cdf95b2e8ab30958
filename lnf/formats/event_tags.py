"""The fight log's words for its events and steps (`{"event": "turn"}`, `{"step": "attack"}`),
and the fields lnf 0.1 did not write, left out at their default so that every log still reads
(`lnf.formats.event_codec` writes and reads with them)."""

from __future__ import annotations

from typing import Any

from lnf.model import Confused, Countered, Effect, Lasting
from lnf.model.answer_steps import Heads, Mirrored, Reacted, Split, TraitRolled, Warded
from lnf.model.events import (
    Begun,
    Ended,
    Initiative,
    PhaseSet,
    Planned,
    Reaction,
    Recorded,
    Redone,
    Renamed,
    RoundStarted,
    Surprised,
    SurpriseRoundSet,
    Turn,
    TurnStarted,
    Undone,
)
from lnf.model.steps import (
    Acted,
    Attacked,
    ConcentrationEnded,
    Contested,
    Covered,
    Damaged,
    Dashed,
    DeathSave,
    Drained,
    Dropped,
    EffectEnded,
    EffectStarted,
    Fled,
    Guarded,
    Healed,
    Hid,
    Marked,
    Moved,
    Recharged,
    Saved,
    SaveRolled,
    Searched,
    SpellCast,
    Surged,
    Used,
    Wounded,
)

EVENT_TAGS: dict[type[Any], str] = {
    Begun: "begin",
    Surprised: "surprised",
    Initiative: "initiative",
    SurpriseRoundSet: "surprise-round",
    RoundStarted: "round",
    PhaseSet: "phase",
    Planned: "plan",
    TurnStarted: "turn-start",
    Turn: "turn",
    Reaction: "reaction",
    Recorded: "record",
    Renamed: "rename",
    Ended: "end",
    Undone: "undo",
    Redone: "redo",
}
STEP_TAGS: dict[type[Any], str] = {
    Moved: "move",
    Attacked: "attack",
    SpellCast: "spell",
    DeathSave: "death-save",
    Healed: "heal",
    Damaged: "damage",
    Marked: "mark",
    Acted: "action",
    Fled: "flee",
    Dashed: "dash",
    Hid: "hide",
    Searched: "search",
    Dropped: "drop",
    Used: "use",
    Recharged: "recharge",
    Wounded: "wound",
    Covered: "cover",
    Surged: "surge",
    Contested: "contest",
    EffectStarted: "effect",
    EffectEnded: "effect-end",
    SaveRolled: "save",
    ConcentrationEnded: "concentration-end",
    Drained: "drain",
    Guarded: "guard",
    Countered: "counter",
    Reacted: "react",
    Split: "split",
    TraitRolled: "trait-die",
    Heads: "heads",
    Confused: "confused",
    Mirrored: "mirror",
    Warded: "globe",
}

# Fields lnf 0.1 did not write: left out at their default (a log without them reads as 0.1's).
LATER_FIELDS = {
    (Planned, "kept"),
    (Undone, "of"),
    (Redone, "of"),
    (Recorded, "actor"),
    (Split, "how"),
    (Healed, "revive"),
    (Damaged, "text"),
    (Damaged, "kills"),
    (Damaged, "stable"),
    (Attacked, "part"),
    (Attacked, "power"),
    (Attacked, "force"),
    (Attacked, "strike"),
    (Attacked, "off_hand"),
    (Attacked, "d4"),
    (Attacked, "situational"),
    (Attacked, "favored"),
    (Attacked, "slot"),
    (SpellCast, "slot"),
    (Healed, "slot"),
    (Saved, "d4"),
    (Saved, "favored"),
    (Saved, "advantage"),
    (Saved, "told"),
    (Lasting, "in_sight"),
    (Attacked, "holds"),
    (Attacked, "instead"),  # F6: a grapple instead of damage
    (Attacked, "count"),  # B1: a rolled Multiattack count
    (Acted, "bonus"),  # F1: Cunning Action
    (Acted, "stealth"),  # R4: a Hide's Stealth total, for the monsters' Search
    (SpellCast, "holds"),
    (SpellCast, "unaffected"),
    *((Effect, f) for f in ("d4", "aura", "weapon", "until_hurt", "escape", "attack", "hold")),
    *(
        (Effect, f) for f in ("drain", "drained", "sated", "held_hurts", "held_hurts_on")
    ),  # F6: holds
    (Damaged, "key"),  # F6: a drain's
    (Damaged, "spell"),  # D6: an aura's
    (Lasting, "hurt"),
    *((Effect, f) for f in ("affliction", "no_healing", "then", "then_rounds", "hurts")),
    *((Effect, f) for f in ("hurts_at", "healed_ends")),  # F6: lasting riders
    (Effect, "until_attack"),
    (Effect, "web"),  # F6: webbing
    (Effect, "suffocates"),  # F6: smothered
    (Effect, "held_save"),  # F6: engulfed
    (Effect, "together"),  # F4: begun by one failed save
    (SpellCast, "pool"),
    (Reaction, "guard"),
    (Saved, "resisted"),
    (Attacked, "inspired"),  # F2: Bardic Inspiration
    (Saved, "inspired"),
    (Guarded, "rebukes"),  # F1: Hellish Rebuke
    (Guarded, "face"),  # F2: Deflect Missiles
    (Healed, "temp"),  # D7, F2: Dark One's Blessing
    (Guarded, "deflects"),
    (Contested, "worse"),
    (Contested, "target_worse"),  # F6: intoxicated
    (Moved, "pushed"),
    (Fled, "by"),  # C1: a way of leaving by magic
    (Confused, "die"),  # B8: a gibbering mouther's d8
}
