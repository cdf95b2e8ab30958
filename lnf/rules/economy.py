"""F1, a turn's economy: one action, at most one bonus action (only where something grants
one), and one reaction a round; a spell cast with the bonus action leaves only a 1-action
cantrip as the turn's other spell, whichever is cast first.

What a step spent is read from the step and the sheet it names (`step_cost`, `spell_cast`); the
engine keeps the books in `Turns` (used_action, used_bonus, cast); `verify_costs` refuses what
the turn has no room for.
"""

from __future__ import annotations

from lnf.errors import Refused
from lnf.model import (
    SLOT,
    Action,
    Attack,
    Condition,
    Cost,
    Fight,
    Flag,
    Guard,
    Healing,
    Hero,
    Monster,
    PhaseKind,
)
from lnf.model.answer_steps import Countered, Mirrored, Reacted, Split, Warded
from lnf.model.plan import Mode
from lnf.model.steps import (
    Acted,
    Attacked,
    Contested,
    Guarded,
    Healed,
    Hid,
    Searched,
    SpellCast,
    Step,
    Used,
)
from lnf.rules.amulet import amulet_guard, guardians
from lnf.rules.class_features import cunning_action
from lnf.rules.conditions import action_or_bonus, takes_no_reactions
from lnf.rules.resources import BARDIC_INSPIRATION, RAGE, SECOND_WIND
from lnf.rules.roster import in_fight
from lnf.rules.wording import or_list

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_ACTION = Cost.ACTION
_BONUS = Cost.BONUS
_NOTHING = Action.NOTHING
_REACTION = Cost.REACTION

# features whose use is the bonus action (F1)
BONUS_FEATURES = (RAGE, SECOND_WIND, BARDIC_INSPIRATION)


def attack_named(c: Hero | Monster, name: str) -> Attack | None:
    """An attack of `c` by name; for a monster, its special actions and spells too (B1), and
    its legendary actions' own (B7: Wing Attack)."""
    for a in c.attacks:  # in this order, by loops (asked of every step: no tuples built)
        if a.name == name:
            return a
    if isinstance(c, Monster):
        for a in c.actions:
            if a.name == name:
                return a
        for o in c.legendary:
            if o.action is not None and o.action.name == name:
                return o.action
    return None


def legendary_actions(monster: Monster) -> tuple[Attack, ...]:
    """B7: the actions of a monster's legendary options (not its weapon attacks)."""
    return tuple(o.action for o in monster.legendary if o.action is not None)


def healing_named(c: Hero | Monster, name: str) -> Healing | None:
    if not isinstance(c, Hero):
        return None
    return next((h for h in c.heals if h.name.lower() == name.lower()), None)


def step_cost(fight: Fight, step: Step) -> tuple[str, Cost] | None:
    """Who spent what of its turn with `step` (F1); None for what costs nothing (moves, a
    foe's roll, the DM's records)."""
    match step:
        case Attacked(opportunity=True):
            return step.attacker, _REACTION
        case Warded():  # B6, F7: a spell a globe stopped was cast all the same
            spell = attack_named(fight.combatant(step.caster), step.spell)
            return step.caster, spell.cost if spell is not None else _ACTION
        case Attacked() | Mirrored():  # B6, F7: an attack that went at a duplicate too
            attack = attack_named(fight.combatant(step.attacker), step.attack)
            return step.attacker, attack.cost if attack is not None else _ACTION
        case SpellCast():
            spell = attack_named(fight.combatant(step.caster), step.spell)
            return step.caster, spell.cost if spell is not None else _ACTION
        case Healed() if step.healer:
            if step.by == SECOND_WIND:
                return None  # its Used step is the bonus action
            heal = healing_named(fight.combatant(step.healer), step.by)
            return step.healer, heal.cost if heal is not None else _ACTION
        case Used() if step.resource in BONUS_FEATURES:
            return step.who, _BONUS
        case Hid() | Searched() | Contested() if not (
            isinstance(step, Contested) and step.kind == "pull"
        ):
            return step.who, _ACTION  # F6: a pull's contest is part of the hit
        case Acted() if step.action is not _NOTHING:
            return step.who, _BONUS if step.bonus else _ACTION  # F1: Cunning Action
        case Guarded() | Reacted() | Split() if not (isinstance(step, Split) and step.how):
            return step.who, _REACTION
        case Countered():  # B10: the caster's spell, stopped, spent what it takes
            spell = attack_named(fight.combatant(step.caster), step.spell)
            return step.caster, spell.cost if spell is not None else _ACTION
    return None


def spell_cast(fight: Fight, step: Step) -> tuple[str, Cost, int] | None:
    """A spell cast with `step`: (caster, its casting time, its level; 0 for a cantrip)."""
    match step:
        case Attacked(opportunity=False) | SpellCast():
            who = step.attacker if isinstance(step, Attacked) else step.caster
            name = step.attack if isinstance(step, Attacked) else step.spell
            attack = attack_named(fight.combatant(who), name)
            if attack is None or not (attack.spell or attack.save is not None):
                return None
            return who, attack.cost, attack.slot
        case Healed() if step.healer:
            heal = healing_named(fight.combatant(step.healer), step.by)
            if heal is None or not heal.slot:
                return None  # a potion, Lay on Hands: no spell
            return step.healer, heal.cost, heal.slot
        case Countered():  # B10: a spell stopped was cast all the same
            spell = attack_named(fight.combatant(step.caster), step.spell)
            return (step.caster, spell.cost, spell.slot) if spell is not None else None
    return None


def has_bonus_action(hero: Hero) -> bool:
    """F1: a bonus action only where something grants one (a bonus-action spell or attack,
    Rage, Second Wind, a rogue's Cunning Action…)."""
    return (
        any(a.cost is Cost.BONUS for a in hero.attacks)
        or any(h.cost is Cost.BONUS for h in hero.heals)
        or any(hero.resource(f) is not None for f in BONUS_FEATURES)
        or cunning_action(hero, Action.HIDE)
    )


def left_this_turn(fight: Fight, who: str) -> tuple[Cost, ...]:
    """What the turn under way still holds (F1): its action, its bonus action if anything
    grants one, and the reaction if unspent this round."""
    c, turns = fight.combatant(who), fight.turns
    left = []
    either = action_or_bonus(c)  # F3: slowed, its action or its bonus action
    if who not in turns.used_action and not (either and who in turns.used_bonus):
        left.append(Cost.ACTION)
    granted = not isinstance(c, Hero) or has_bonus_action(c)
    if who not in turns.used_bonus and granted and not (either and who in turns.used_action):
        left.append(Cost.BONUS)
    if who not in turns.reacted and not takes_no_reactions(c):
        left.append(Cost.REACTION)
    return tuple(left)


def verify_costs(fight: Fight, who: str, wanted: list[tuple[Cost, int | None, str]]) -> None:
    """F1: refuse what the turn has no room for. `wanted`: (cost, spell level or None, what) in
    the order it is done."""
    turns = fight.turns
    used = {_ACTION: who in turns.used_action, _BONUS: who in turns.used_bonus}
    used[_REACTION] = who in turns.reacted
    spells = [(cost, level) for name, cost, level in turns.cast if name == who]
    me = fight.combatant(who)
    for cost, level, what in wanted:
        if used[cost]:
            when = "round" if cost is _REACTION else "turn"
            raise Refused(f"{who}'s {cost} is spent this {when}: {what} needs it", rule="F1")
        if cost is _REACTION and (why := takes_no_reactions(me)):
            raise Refused(f"{who} is {why}: it can't use reactions ({what})", rule="F3")
        used[cost] = True
        if action_or_bonus(me) and used[_ACTION] and used[_BONUS]:
            raise Refused(f"{who} is slowed: its action or its bonus action, not both", rule="F3")
        if level is not None:
            verify_spell_pair(who, spells, cost, level, what)
            spells.append((cost, level))


def verify_after_attack(fight: Fight, who: str, attack: Attack, made: set[str]) -> None:
    """F1 ("a bonus action only when something grants one"): a bonus-action attack that
    Martial Arts or Flurry of Blows grants (`after_attack` on the sheet) is open only after the
    hero took the Attack action this turn with one of the attacks it names; `made`: the attacks
    of that action in the same words, not yet played."""
    if not attack.after_attack:
        return
    made = made | {name for w, name in fight.turns.attack_action if w == who}
    if {n.lower() for n in made} & {n.lower() for n in attack.after_attack}:
        return
    raise Refused(
        f"{attack.name} is a bonus action only after {who} takes the Attack action this turn "
        f"with {or_list(attack.after_attack)}: say it after that attack "
        f"(attack FOE with {attack.after_attack[0]}; {attack.name.lower()} …)",
        rule="F1",
    )


def verify_spell_pair(
    who: str, cast: list[tuple[Cost, int]], cost: Cost, level: int, what: str
) -> None:
    """F1: with a bonus-action spell in a turn, the only other spell is a 1-action cantrip,
    whichever is cast first."""
    if cost is Cost.REACTION or not cast:
        return
    bonus_cast = any(c is Cost.BONUS for c, _ in cast)
    if bonus_cast and not (cost is Cost.ACTION and level == 0):
        raise Refused(
            f"{who} cast a spell with its bonus action this turn: its other spell can only be "
            f"a cantrip cast as an action, and {what} is not",
            rule="F1",
        )
    if cost is Cost.BONUS and any(not (c is Cost.ACTION and lv == 0) for c, lv in cast):
        raise Refused(
            f"{who} has cast a spell other than a cantrip this turn: {what}, a bonus-action "
            "spell, cannot follow it",
            rule="F1",
        )


def turning_guard(fight: Fight, hit: Attacked) -> Guard | None:
    """F1: the reaction the target may take against this hit, when it would turn the hit into
    a miss: its reaction unspent this round, not incapacitated, the guard fitting the attack
    (Parry: mêlée only), a slot left for a spell, and the roll short of the raised AC (a natural
    20 hits whatever the AC, D3). Else one that halves its damage (F2 Uncanny Dodge: "when an
    attacker that you can see hits you with an attack"), on a hit of 2 damage or more; or one
    that takes some off a ranged weapon hit that deals any (F2 Deflect Missiles: "when you are
    hit by a ranged weapon attack": not a spell's, nor a thrown weapon's in mêlée)."""
    if not hit.hit or not hit.faces:
        return None  # F7: a dart (Magic Missile) has no roll for a raised AC to fall short of
    target = fight.combatant(hit.target)
    if not target.guards and not guardians(fight, target.name):
        return None  # no guard of its own and no guardian's amulet: nothing could turn it
    ready = frozenset(
        c.name
        for c in fight.everyone
        if c.name not in fight.turns.reacted and not takes_no_reactions(c)
    )
    attack = attack_named(fight.combatant(hit.attacker), hit.attack)
    melee = attack is None or attack.is_melee
    own = target.guards if target.name in ready else ()
    amulet = amulet_guard(fight, target, ready)  # B8: a shield guardian beside it
    for guard in (*([amulet] if amulet is not None else []), *own):  # a guardian's: no slot
        if (guard.melee_only and not melee) or (guard.wearer and not guard.by) or guard.rebukes:
            continue
        if guard.slot and _counts_slots(target) and not guard_slot(target, guard):
            continue
        if not guard.halves and hit.total < hit.ac + guard.ac and hit.kept != 20:
            return guard
    dealt = sum(n for _, n in hit.damage)
    for guard in own:  # F2: only once nothing turns the hit
        if guard.halves and dealt >= 2 and _sees(fight, target, hit.attacker):
            return guard
        weapon = attack is None or not attack.spell  # B1: a "Ranged Spell Attack" is a spell's
        if guard.deflects and dealt >= 1 and hit.mode is Mode.RANGED and weapon:
            return guard
    return None


def rebuking_guard(fight: Fight, who: str, by: str, hurt: int) -> Guard | None:
    """F1 Hellish Rebuke ("a reaction, which you take in response to being damaged by a
    creature within 60 feet of you that you can see"): the guard the hero `who` may answer
    `by` with, once `by` has dealt it `hurt` damage (a hit, a spell, a breath). Its reaction
    unspent, not incapacitated nor down (F3, D8), a slot for the spell, the foe standing and
    seen. Within 60 feet: every foe of a mêlée round, none in a volley round or a chase (V3,
    C4: apart)."""
    target, foe = fight.combatant(who), fight.combatant(by)
    if hurt <= 0 or not isinstance(target, Hero) or not isinstance(foe, Monster):
        return None
    guard = next((g for g in target.guards if g.rebukes), None)
    if guard is None or target.name in fight.turns.reacted or takes_no_reactions(target):
        return None
    if fight.phase.kind is not PhaseKind.MELEE or not in_fight(foe) or foe.current_hp == 0:
        return None
    if guard.slot and _counts_slots(target) and not guard_slot(target, guard):
        return None
    return guard if _sees(fight, target, by) else None


def _sees(fight: Fight, target: Hero | Monster, by: str) -> bool:
    """F2 Uncanny Dodge's "an attacker that you can see" (F1 Hellish Rebuke's "a creature"):
    the target is not blinded, and the attacker `by` is neither invisible nor hidden (F3, R4)."""
    attacker = fight.combatant(by)
    if Condition.BLINDED in target.conditions or Condition.INVISIBLE in attacker.conditions:
        return False
    return not attacker.has(Flag.HIDDEN)


def guard_slot(c: Hero | Monster, guard: Guard) -> str | None:
    """The slot a guard that is a spell spends: the lowest free one of its level or higher
    (None when none is left); a creature whose slots are not counted spends none: a hero
    without a sheet, a monster whose file lists no slots (B10: a mage's Shield spends one)."""
    if not _counts_slots(c):
        return None
    for level in range(guard.slot, 10):
        r = next((r for r in c.resources if r.name == f"{SLOT}{level}"), None)
        if r is not None and r.left > 0:
            return r.name
    return None


def _counts_slots(c: Hero | Monster) -> bool:
    """A hero with a sheet; a monster whose file lists its spell slots (B10)."""
    return (
        bool(c.resources)
        if isinstance(c, Hero)
        else any(r.name.startswith(SLOT) for r in c.resources)
    )
