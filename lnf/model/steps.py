"""The steps of the fight log: what a turn or a DM's record holds (a move, an attack with its
dice as rolled, a save, a mark, an effect that begins or ends…), each applied to the fight by
`lnf.engine.steps` (D6–D12, C1–C6, F1–F6, T1); the log's entries that hold them are
`lnf.model.events`."""

from __future__ import annotations

from lnf.dice import DamageType
from lnf.model.answer_steps import (
    Confused,
    Countered,
    Heads,
    Mirrored,
    Reacted,
    Split,
    TraitRolled,
    Warded,
)
from lnf.model.effects import Effect
from lnf.model.enums import Ability, Action, BackReason, Condition, Dot, Rank
from lnf.model.fight import Cover
from lnf.model.plan import Advantage, Mode
from lnf.values import value

Damage = tuple[tuple[DamageType | None, int], ...]  # per type as rolled (None: untyped), in order

Mark = Dot | Condition


@value
class Moved:
    """M1–M6, R8: a rank switch, leaving a group, joining one (a label or a combatant)."""

    who: str
    rank: Rank | None = None
    why: BackReason | None = None  # R4: why it may stand in the back rank
    leave: bool = False
    join: str | None = None  # a group's label, or the combatant joined
    pushed: str = ""  # F6: forced out of its group by this creature's push (no M6)

    @property
    def changes_group(self) -> bool:
        return self.leave or self.join is not None


@value
class Attacked:
    """One attack roll (D3–D6) and, on a hit, its damage per type before defences."""

    attacker: str
    target: str
    attack: str
    mode: Mode  # A1–A3
    roll: Advantage  # D4
    reasons: tuple[str, ...]
    faces: tuple[int, ...]  # the d20s; none for a dart that hits without a roll (F7)
    kept: int
    bonus: int
    ac: int
    hit: bool
    critical: bool = False
    damage: Damage = ()
    damage_text: str = ""
    opportunity: bool = False  # M6, D10: made with the reaction
    big: str = ""  # T1: the big resource used (slotted spell, Sneak Attack…), if any
    knock_out: bool = False  # D8: a mêlée attacker that drops its foe knocks it out instead
    # V-ACL: `ac` holds the Hit DC; an aimed body part (V-ACL5); surge dice (V-ACL6).
    part: str = ""
    power: tuple[int, ...] = ()
    force: tuple[int, ...] = ()
    # V-HYR2: a target strike ("stamina", "disadvantage"); V-HYR3: the second light weapon.
    strike: str = ""
    off_hand: str = ""
    # d4s added (Bless, F7; V-D20-2) or taken (Bane), signed; typed bonuses after stacking
    d4: tuple[int, ...] = ()
    situational: int = 0  # V-D20-3
    favored: bool = False  # V-D20-1: a miss by exactly 1 that favor made a hit
    slot: int = 0  # F7: the slot level a spell was cast with, when above its own (upcast)
    holds: tuple[str, ...] = ()  # B8: Undead Fortitude saved: they drop to 1 hp instead
    instead: bool = False  # F6: the hit grapples instead of dealing damage (the vampire's)
    count: str = ""  # B1: the count its Multiattack rolled, said on its first attack: "1d4 (3)"
    inspired: int = 0  # F2: the Bardic Inspiration die rolled on it (0: none), then spent

    @property
    def total(self) -> int:
        added = sum(self.power) + sum(self.d4) + self.situational + self.inspired
        return self.kept + self.bonus + added


@value
class Saved:
    """One saving throw or check (D3: no automatic success or failure)."""

    who: str
    faces: tuple[int, ...]  # the d20s; none for a dart that hits without a roll (F7)
    bonus: int
    dc: int
    success: bool
    note: str = ""  # why it failed without a roll (paralyzed, unconscious…)
    d4: tuple[int, ...] = ()  # V-D20-2: Bless (+) or Bane (−), as rolled, signed
    favored: bool = False  # V-D20-1: a miss by exactly 1 that favor made a success
    advantage: str = ""  # B8: the trait that gave advantage (Magic Resistance)
    resisted: bool = False  # B7: failed, made a success by Legendary Resistance (a use spent)
    # B3: the player's own d20 said at the table (`faces`: the one kept), and how the player was
    # to roll it: "plain", "disadvantage", "advantage: Magic Resistance"…; "" when lnf rolled
    told: str = ""
    inspired: int = 0  # F2: the Bardic Inspiration die rolled on it (0: none), then spent

    @property
    def total(self) -> int | None:
        """The save's total (D4: the higher d20 with advantage, the lower without); None when
        it failed without a roll."""
        if not self.faces:
            return None
        kept = self.faces[0]
        if len(self.faces) == 2:
            kept = max(self.faces) if self.advantage else min(self.faces)
        return kept + self.bonus + sum(self.d4) + self.inspired


@value
class SpellCast:
    """A spell on one target or an area (E1–E4): damage rolled once, each target saves on its
    own; spared allies (Sculpt Spells) take nothing."""

    caster: str
    spell: str
    targets: tuple[str, ...]
    saves: tuple[Saved, ...]
    damage: Damage
    damage_text: str
    half: bool = True
    ability: Ability = Ability.DEX
    spared: tuple[str, ...] = ()
    big: str = ""  # T1: a slotted spell
    area: str = ""  # E1: "20 ft sphere, 4 targets"
    slot: int = 0  # F7: the slot level it was cast with, when above its own (upcast)
    pool: int = 0  # F7: the hit points Sleep rolled
    holds: tuple[str, ...] = ()  # B8: as Attacked's
    unaffected: tuple[str, ...] = ()  # B8: caught, but the spell cannot affect them


@value
class DeathSave:
    who: str
    face: int  # D9: a plain d20


@value
class Healed:
    who: str
    amount: int
    text: str = ""  # the roll, or what the DM wrote
    by: str = ""  # the spell or item
    healer: str = ""
    revive: bool = False  # D9: the DM says a dead hero is brought back (Revivify, a wish…)
    slot: int = 0  # F7: the slot level a healing spell was cast with, when above its own
    temp: bool = False  # D7: temporary hit points (F2 Dark One's Blessing), the larger kept


@value
class Damaged:
    """Damage the DM records (a trap, a spell lnf did not roll)."""

    who: str
    amount: int
    type: DamageType | None = None
    critical: bool = False
    text: str = ""  # the roll, when lnf rolled the DM's dice ("2d6 (3, 5) + 3 = 11")
    key: int = 0  # F6: the hold whose drain it is (a stirge's): it counts what was drunk
    # F6: it kills outright (the Solar's Slaying Longbow: "succeed on a DC 15 Constitution
    # saving throw or die"), whatever its amount; `text` says what.
    kills: bool = False
    # F6, D9: it leaves the hero at 0 hit points stable (the giant spider's poison), whatever
    # its amount (0); `text` says what.
    stable: bool = False
    spell: bool = False  # D6: a spell's damage (an aura's): "damage from spells" halves it


@value
class Marked:
    """T1 dots and 5e conditions, put on or taken off."""

    who: str
    mark: Mark
    on: bool = True


@value
class Acted:
    """An action without an attack roll: dash, disengage, dodge, help, hide, use, nothing."""

    who: str
    action: Action
    detail: str = ""  # Help: the ally helped; Hide: the check; Use: the item
    success: bool = True
    bonus: bool = False  # F1: a rogue's Cunning Action: Dash, Disengage or Hide, a bonus action
    stealth: int | None = None  # R4: a Hide's Stealth total, what a monster's Search contests


@value
class Fled:
    """C1: someone flees; a pool at the start value for each pursuer that gives chase. `by`:
    a monster's way of leaving by magic (its `escape`, M6: no opportunity attacks), spent."""

    who: str
    pursuers: tuple[str, ...]
    by: str = ""


@value
class Dashed:
    """C2, C3: the dashes committed this round, and the Con checks for those beyond the free."""

    dashes: tuple[tuple[str, int], ...]  # (who, dashes), in the order they committed
    checks: tuple[Saved, ...] = ()


@value
class Hid:
    """C5: an escaper's Stealth check against each pursuer it has escape points on."""

    who: str
    faces: tuple[int, ...]  # the d20s; none for a dart that hits without a roll (F7)
    bonus: int
    against: tuple[tuple[str, int], ...]  # (pursuer, passive Perception)

    @property
    def total(self) -> int:
        return self.faces[0] + self.bonus

    def lost(self) -> tuple[str, ...]:
        """The pursuers that lost the escaper: its check met their passive Perception."""
        return tuple(p for p, dc in self.against if self.total >= dc)


@value
class Searched:
    """R4, the Search action (5e "Hiding"): a monster's Wisdom (Perception) check against the
    Stealth total each hero hidden from it hid with (`rules.hiding.search_against`)."""

    who: str
    faces: tuple[int, ...]  # the d20; two at disadvantage (F6: intoxicated), the lower kept
    bonus: int
    against: tuple[tuple[str, int], ...]  # (hidden hero, the Stealth total it hid with)

    @property
    def total(self) -> int:
        return min(self.faces) + self.bonus


@value
class Used:
    """A limited resource spent: a spell slot (`slot 2`), a feature's use (Action Surge, Rage),
    a pool's points (Lay on Hands); a monster's breath or per-day use (B2). Undo gives it back."""

    who: str
    resource: str
    amount: int = 1


@value
class Recharged:
    """B2: a spent recharge action's d6 as a round starts; on its number or more it is charged."""

    who: str
    action: str
    face: int
    charged: bool


@value
class Wounded:
    """V-ACL5: after an aimed strike's hit, the target's Wound Save (a Constitution save) and
    what became of the body part: "wounded", "disabled" or "" (nothing)."""

    who: str
    part: str
    dc: int
    faces: tuple[int, ...]  # the d20s; none for a dart that hits without a roll (F7)
    bonus: int
    state: str

    @property
    def saved(self) -> bool:
        return self.faces[0] + self.bonus >= self.dc


@value
class Covered:
    who: str
    cover: Cover | None = None  # V-ACL2: a cover mark put on (None: taken off)


@value
class Surged:
    """V-ACL6: surge dice spent on temporary hit points (tenacity) or movement (speed), as
    rolled; those on a roll or on damage go with the attack (`Attacked.power`, `.force`)."""

    who: str
    effect: str  # "tenacity" or "speed"
    faces: tuple[int, ...]  # the d20s; none for a dart that hits without a roll (F7)


@value
class Contested:
    """V-ACL8, 5e: a grapple or shove; the higher total wins, a tie changes nothing."""

    who: str
    target: str
    kind: str  # "grapple" or "shove"
    faces: tuple[int, ...]  # the d20s; none for a dart that hits without a roll (F7)
    bonus: int
    target_faces: tuple[int, ...]
    target_bonus: int
    worse: bool = False  # F3: rolled with disadvantage (weakened): `faces` hold the kept first
    target_worse: bool = False  # F6: the target's, with disadvantage (intoxicated), kept first

    @property
    def won(self) -> bool:
        return self.faces[0] + self.bonus > self.target_faces[0] + self.target_bonus

    @property
    def tied(self) -> bool:
        return self.faces[0] + self.bonus == self.target_faces[0] + self.target_bonus


@value
class Dropped:
    who: str  # a monster the DM takes off the grid (killed at the table)


@value
class EffectStarted:
    effect: Effect  # F4: an effect begins (a condition that lasts, a concentration, F5)


@value
class EffectEnded:
    key: int  # F4: an effect ends, and why ("1 minute is over", "the save succeeded")
    why: str


@value
class SaveRolled:
    """A save against what lasts: a repeat save (F4), concentration (F5), a rider (F6)."""

    save: Saved
    ability: Ability
    against: str  # what it is against, in words: "Hold Person", "concentration"
    key: int = 0  # the effect a repeat save is against (F4); 0 for none
    damage: int = 0


@value
class ConcentrationEnded:
    who: str  # F5: a concentration ends, with what lasts on it and the wanted C dot
    why: str


@value
class Guarded:
    """F1: `who` spends its reaction on `guard` against `foe`'s hit, which becomes a miss;
    or, `halves` (F2 Uncanny Dodge), whose damage is halved; or, `deflects` (F2 Deflect
    Missiles), whose damage loses the d10's `face` + `deflects`; or, `rebukes` (Hellish
    Rebuke), which it answers with a spell at `foe` (its own step)."""

    who: str
    guard: str
    foe: str
    ac: int
    halves: bool = False
    rebukes: bool = False
    face: int = 0
    deflects: int = 0

    @property
    def deflected(self) -> int:
        """F2 Deflect Missiles: the damage it takes off the hit (0 for any other guard)."""
        return self.face + self.deflects if self.face else 0


@value
class Drained:
    who: str  # F6: a creature's hit-point maximum is reduced (a wight's Life Drain)
    amount: int


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
    | Used
    | Recharged
    | Wounded
    | Covered
    | Surged
    | Contested
    | Fled
    | Dashed
    | Hid
    | Searched
    | EffectStarted
    | EffectEnded
    | SaveRolled
    | ConcentrationEnded
    | Drained
    | Guarded
    | Countered
    | Reacted
    | Split
    | TraitRolled
    | Heads
    | Heads
    | Confused
    | Mirrored
    | Warded
)
