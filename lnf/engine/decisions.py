"""What a hero decided to do on its turn, checked against the rules: moves, then one action,
and whether it flees. The words a player types, a script and the hero policy all make one;
the runner plays it."""

from __future__ import annotations

from lnf.dice import DiceExpr
from lnf.model import Action, Attack, Cost
from lnf.model.plan import Mode
from lnf.model.steps import Moved
from lnf.values import value


@value
class AttackChoice:
    target: str
    attack: Attack
    mode: Mode
    extra: DiceExpr | None = None  # Sneak Attack dice
    big: str = ""  # T1: the big resource, if any
    times: int = 1
    knock_out: bool = False  # D8: knock the foe out instead of killing it (mêlée)
    part: str = ""  # V-ACL5: an aimed strike's body part
    power: int = 0  # V-ACL6: surge dice on the first attack roll
    force: int = 0  # V-ACL6: surge dice on the first hit's damage
    strike: str = ""  # V-HYR2: a target strike on the first swing, "stamina" or "disadvantage"
    # F2/F7: the targets of the later swings or beams, in order, when the words split them
    # ("cast Eldritch Blast at Orc 1 and Orc 2"); the rest go at `target`.
    then: tuple[str, ...] = ()
    upcast: int = 0  # F7: the slot level when above the spell's own (`attack` is at_slot'd)
    # T1: of `times`, the last swings that are Action Surge's second action (its O dot)
    surged: int = 0
    # F2 Divine Smite: the slot level said (0: no smite), on the first hit of a mêlée weapon,
    # or on the first critical hit only; the slot is spent on that hit, never on a miss.
    smite: int = 0
    smite_critical: bool = False
    stun: bool = False  # F2 Stunning Strike: tried on each mêlée weapon hit (rules.stunning)
    reckless: bool = False  # F2 Reckless Attack, with this first attack (rules.reckless)


@value
class SpellChoice:
    """A spell with a saving throw: one target, or the targets of an area (E1–E4)."""

    spell: Attack
    targets: tuple[str, ...]
    spared: tuple[str, ...] = ()  # Sculpt Spells
    big: str = ""
    area: str = ""
    upcast: int = 0  # F7: the slot level when above the spell's own (`spell` is at_slot'd)


@value
class HealChoice:
    target: str
    amount: DiceExpr
    by: str = ""
    cost: Cost = Cost.ACTION  # F1: the healing's casting time (Healing Word: a bonus action)
    slot: int = 0  # F1: a spell's level (0: a potion, a pool, no spell)
    upcast: int = 0  # F7: the slot level when above the spell's own (`amount` is its dice)


@value
class SimpleChoice:
    action: Action
    detail: str = ""
    cost: Cost = Cost.ACTION  # F1: Cunning Action's Dash, Disengage or Hide is a bonus action


@value
class ContestChoice:
    """V-ACL8 (and 5e): grapple or shove a foe, a contest of checks."""

    kind: str  # "grapple" or "shove"
    target: str


ActionChoice = AttackChoice | SpellChoice | HealChoice | SimpleChoice | ContestChoice

NOTHING = SimpleChoice(Action.NOTHING)


@value
class BonusChoice:
    """A bonus action that spends a use of the sheet: Rage, Second Wind (which heals), or
    Bardic Inspiration given to the ally `target` (F2)."""

    name: str
    heal: DiceExpr | None = None
    target: str = ""


@value
class TurnChoice:
    moves: tuple[Moved, ...] = ()
    action: ActionChoice = NOTHING
    flee: bool = False  # C1: it runs from the fight after its moves (a move, not an action)
    spend: tuple[tuple[str, int], ...] = ()  # the sheet's resources the action uses (a slot…)
    bonus: BonusChoice | None = None
    surges: tuple[tuple[str, int], ...] = ()  # V-ACL6: surge dice on speed or tenacity
    # F1: what the hero does with its bonus action (Healing Word, a bonus-action attack),
    # before its action or after it.
    bonus_action: ActionChoice | None = None
    bonus_first: bool = True
    # M5: moving after acting ("attack Ghoul 4; join A"): these moves come after the action.
    moves_after: tuple[Moved, ...] = ()
    # F1: the resources the bonus action uses, spent as it is taken (a slot for Healing Word,
    # Ki for Flurry of Blows), so that each spend is told beside what spends it
    bonus_spend: tuple[tuple[str, int], ...] = ()
