"""What happens in a fight, as plain values that go one per line into the fight log.

An *event* is one entry in the log: the start of a round, the monsters' plan, one
combatant's turn, or something the DM records. A turn or record holds *steps* (a move, an
attack with its dice, a death save…). Events carry the dice as rolled, so replaying the log
needs no dice: the state is the fight file plus every event applied in order (`lnf.play.state`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar, get_args

T = TypeVar("T")

# --- steps ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Moved:
    """M1–M6, R8: a rank switch, leaving a group, joining one (a label or a combatant)."""

    who: str
    rank: str | None = None
    why: str | None = None  # R4: why a hero may stand in the back rank
    leave: bool = False
    join: str | None = None
    tag: ClassVar[str] = "move"


@dataclass(frozen=True)
class Attacked:
    """One attack roll (D3–D6) and, on a hit, its damage per type before defences."""

    attacker: str
    target: str
    attack: str
    mode: str  # melee, reach or ranged (A1–A3)
    roll: str  # normal, advantage or disadvantage (D4)
    reasons: list[str]
    faces: list[int]
    kept: int
    bonus: int
    ac: int
    hit: bool
    critical: bool = False
    damage: dict[str, int] = field(default_factory=dict)  # type ("" if none) → amount
    damage_text: str = ""
    opportunity: bool = False  # M6, D10: made with the reaction
    big: str = ""  # T1: the big resource used (slotted spell, Sneak Attack…), if any
    knock_out: bool = False  # D8: a mêlée attacker that drops its foe knocks it out instead
    tag: ClassVar[str] = "attack"


@dataclass(frozen=True)
class Saved:
    """One target's saving throw against a spell (D3: no automatic success or failure)."""

    who: str
    faces: list[int]
    bonus: int
    dc: int
    success: bool
    note: str = ""  # why it failed without a roll (paralyzed, unconscious…)


@dataclass(frozen=True)
class SpellCast:
    """A spell with a saving throw, on one target or an area (E1–E4): damage rolled once, each
    target saves on its own; spared allies (Sculpt Spells) take nothing."""

    caster: str
    spell: str
    targets: list[str]
    saves: list[Saved]
    damage: dict[str, int]
    damage_text: str
    half: bool = True
    ability: str = ""  # the save: dex, wis…
    spared: list[str] = field(default_factory=list)
    big: str = ""  # T1: a slotted spell
    area: str = ""  # E1: "20 ft sphere, 4 targets"
    tag: ClassVar[str] = "spell"


@dataclass(frozen=True)
class DeathSave:
    who: str
    face: int
    tag: ClassVar[str] = "death-save"


@dataclass(frozen=True)
class Healed:
    who: str
    amount: int
    text: str = ""  # the roll, or what the DM wrote
    by: str = ""  # the spell or item
    healer: str = ""
    tag: ClassVar[str] = "heal"


@dataclass(frozen=True)
class Damaged:
    """Damage the DM records (a trap, a spell lnf did not roll)."""

    who: str
    amount: int
    type: str = ""
    critical: bool = False
    tag: ClassVar[str] = "damage"


@dataclass(frozen=True)
class Marked:
    """T1 dots and 5e conditions, put on or taken off."""

    who: str
    mark: str  # a dot (C, C-, O, N) or a condition name
    on: bool = True
    tag: ClassVar[str] = "mark"


@dataclass(frozen=True)
class Acted:
    """An action without an attack roll: dash, disengage, dodge, help, hide, item, nothing."""

    who: str
    action: str
    detail: str = ""
    success: bool = True
    tag: ClassVar[str] = "action"


@dataclass(frozen=True)
class Fled:
    """C1: someone flees; a pool at the start value for each pursuer that gives chase."""

    who: str
    pursuers: list[str]
    tag: ClassVar[str] = "flee"


@dataclass(frozen=True)
class Dashed:
    """C2, C3: the speed everyone in the chase committed this round (dashes), and the
    Constitution checks for dashes beyond the free ones."""

    dashes: dict[str, int]
    checks: list[Saved] = field(default_factory=list)
    tag: ClassVar[str] = "dash"


@dataclass(frozen=True)
class Hid:
    """C5: an escaper's Stealth check against each pursuer it has escape points on."""

    who: str
    faces: list[int]
    bonus: int
    against: dict[str, int]  # pursuer → passive Perception
    tag: ClassVar[str] = "hide"

    @property
    def total(self) -> int:
        return self.faces[0] + self.bonus

    def lost(self) -> list[str]:
        return [p for p, dc in self.against.items() if self.total >= dc]


@dataclass(frozen=True)
class Dropped:
    """A monster the DM takes off the grid (killed at the table)."""

    who: str
    tag: ClassVar[str] = "drop"


Step = (
    Moved
    | Attacked
    | SpellCast
    | DeathSave
    | Healed
    | Damaged
    | Marked
    | Acted
    | Dropped
    | Fled
    | Dashed
    | Hid
)
STEP_TYPES: dict[str, type[Step]] = {t.tag: t for t in get_args(Step)}

# --- events --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Begun:
    """The first event of a log: the seed every later roll derives from."""

    seed: int
    tag: ClassVar[str] = "begin"


@dataclass(frozen=True)
class RoundStarted:
    """S1–S3: a new round and its strike order, fixed when the round starts."""

    round: int
    order: list[str] = field(default_factory=list)
    phase: str = "melee"  # the phase the round is played in ("volley 3", "melee")
    tag: ClassVar[str] = "round"


@dataclass(frozen=True)
class PhaseSet:
    """V1, V2: the volley rounds are rolled or tick down; at 0 the sides meet (mêlée)."""

    kind: str  # apart, volley, melee or chase
    volley: int = 0
    note: str = ""  # how it came about: "grassland, 6d6 (…) = 21 → 3 volley rounds (V1)"
    tag: ClassVar[str] = "phase"


@dataclass(frozen=True)
class Planned:
    """The monsters' plan (P1) as it stood: one line per monster, for the record."""

    orders: list[dict[str, Any]]
    replan: bool = False  # P6: made mid-round because the state changed
    note: str = ""  # why there is no plan, when there is none
    tag: ClassVar[str] = "plan"


@dataclass(frozen=True)
class Turn:
    """One combatant's turn (S1): everything it did, in order."""

    who: str
    steps: list[Step]
    note: str = ""
    tag: ClassVar[str] = "turn"


@dataclass(frozen=True)
class Recorded:
    """Something the DM records from the table."""

    steps: list[Step]
    note: str = ""
    by: str = "dm"  # "dm": recorded at the table; "rules": what the rules made happen
    tag: ClassVar[str] = "record"


@dataclass(frozen=True)
class Ended:
    winner: str  # "heroes" or "monsters"
    tag: ClassVar[str] = "end"


@dataclass(frozen=True)
class Undone:
    """Takes back the last event still in force (append-only: nothing is erased)."""

    tag: ClassVar[str] = "undo"


@dataclass(frozen=True)
class Redone:
    """Puts back the last event taken back, if nothing new came since."""

    tag: ClassVar[str] = "redo"


Event = Begun | RoundStarted | PhaseSet | Planned | Turn | Recorded | Ended | Undone | Redone
EVENT_TYPES: dict[str, type[Event]] = {t.tag: t for t in get_args(Event)}


# --- JSON ----------------------------------------------------------------------------------


def to_json(event: Event) -> dict[str, Any]:
    data: dict[str, Any] = {"event": event.tag}
    for f in dataclasses.fields(event):
        value = getattr(event, f.name)
        if f.name == "steps":
            value = [{"step": s.tag, **dataclasses.asdict(s)} for s in value]
        data[f.name] = value
    return data


class BadEvent(ValueError):
    """A log line that is JSON but not an event lnf knows."""


def from_json(data: Any) -> Event:
    if not isinstance(data, dict) or data.get("event") not in EVENT_TYPES:
        raise BadEvent(f"not an lnf event: {str(data)[:60]}")
    cls = EVENT_TYPES[data["event"]]
    fields = {k: v for k, v in data.items() if k != "event"}
    if "steps" in fields:
        fields["steps"] = [_step(s) for s in fields["steps"]]
    return _build(cls, fields)


def _step(data: Any) -> Step:
    if not isinstance(data, dict) or data.get("step") not in STEP_TYPES:
        raise BadEvent(f"not an lnf step: {str(data)[:60]}")
    fields = {k: v for k, v in data.items() if k != "step"}
    for key in ("saves", "checks"):  # nested saving throws (spells, dash checks)
        if isinstance(fields.get(key), list):
            fields[key] = [_build(Saved, s) if isinstance(s, dict) else s for s in fields[key]]
    return _build(STEP_TYPES[data["step"]], fields)


def _build(cls: type[T], fields: dict[str, Any]) -> T:
    try:
        return cls(**fields)
    except TypeError as exc:
        raise BadEvent(f"{cls.__name__}: {exc}") from None
