"""B8: what a monster's traits do as steps of a turn, rolled with its dice: Heated Body and
Fire Aura burning who hits it in mêlée, Fire Aura burning its group as its turn starts, Stench
and Fear Aura making a creature that starts its turn in its group save, a Petrifying Gaze
turning one to stone, a Death Burst as it dies, a vampire burning in sunlight."""

from __future__ import annotations

from lnf.dice import DamageType
from lnf.dice.roll import DiceSource, roll
from lnf.engine.apply import Steps
from lnf.engine.begin import start
from lnf.engine.resolve import roll_save
from lnf.model import Ability, Attack, Condition, Hero, Lasting, Monster, TraitKind, TurnEdge
from lnf.model.applied import StepDone
from lnf.model.effects import Heads, Reacted, Split, TraitRolled
from lnf.model.plan import Mode
from lnf.model.steps import Attacked, Damaged, EffectEnded, Healed, SaveRolled, SpellCast
from lnf.rules.aversion import AVERSE, fire_shy
from lnf.rules.berserk import BERSERK, calmed, rolls_for_berserk
from lnf.rules.carapace import TRAIT as CARAPACE
from lnf.rules.carapace import reflective
from lnf.rules.heads import after_damage, burned_since, grown, heads, lost
from lnf.rules.rock_catching import catcher
from lnf.rules.roster import in_fight
from lnf.rules.splitting import splitters, twin_name
from lnf.rules.trait_auras import (
    AURAS,
    STONE,
    auras_catching,
    gazes_catching,
    immunity,
    mask_catching,
    petrified_at_once,
)
from lnf.rules.trait_damage import aura_caught, burns_back, bursting, sunburn
from lnf.rules.trait_saves import immune_now


def burned(turn: Steps, done: StepDone, step: Attacked, dice: DiceSource) -> None:
    """B8 Heated Body, Fire Aura: a mêlée hit on it burns the attacker (`burns_back`)."""
    trait = burns_back(done.before.combatant(step.target), step.mode)
    if trait is None or trait.dice is None or not in_fight(turn.fight.combatant(step.attacker)):
        return
    what = f"{step.target}'s {trait.title}"
    dice.about(f"{what}: {trait.dice} to {step.attacker}, who hit it in mêlée")
    rolled = roll(trait.dice, dice)
    kind = trait.dice.parts[0].damage_type if trait.dice.parts else None
    turn.do(Damaged(step.attacker, rolled.total, kind, text=f"{what}: {rolled}"))


def fire_aura(turn: Steps, who: str, dice: DiceSource) -> None:
    """B8 Fire Aura: as `who`'s turn starts, its damage to each creature in its group, rolled
    once for all (E)."""
    me = turn.fight.combatant(who)
    found = aura_caught(turn.fight, me) if isinstance(me, Monster) else None
    if found is None:
        return
    trait, caught = found
    assert trait.dice is not None
    what = f"{who}'s {trait.title}"
    dice.about(f"{what}: {trait.dice} to each creature in its group")
    rolled = roll(trait.dice, dice)
    kind = trait.dice.parts[0].damage_type if trait.dice.parts else None
    for name in caught:
        turn.do(Damaged(name, rolled.total, kind, text=f"{what}: {rolled}"))


def stench(turn: Steps, who: str, dice: DiceSource) -> None:
    """B8 Stench, Fear Aura: as `who`'s turn starts, its save against each aura that catches
    it (`auras_catching`): a failure, the condition until the start of its next turn; a
    success, immune to that aura for 24 hours."""
    for monster, trait in auras_catching(turn.fight, who):
        ability, condition = AURAS[trait.kind]
        what = f"{monster.name}'s {trait.title}"
        c = turn.fight.combatant(who)
        save = roll_save(turn.fight, c, ability, trait.dc, dice, what, against=(condition,))
        turn.do(SaveRolled(save, ability, what))
        if save.success:
            lasting = Lasting(rounds=_DAY)
            start(turn, who, immunity(monster.name, trait), lasting, monster.name)
        elif condition not in immune_now(turn.fight, turn.fight.combatant(who)):
            lasting = Lasting(until=(who, TurnEdge.START))
            start(turn, who, str(condition), lasting, monster.name, condition)


_DAY = 14_400  # 24 hours in rounds


def sunburned(turn: Steps, who: str) -> None:
    """B8 Sunlight Hypersensitivity: a vampire that starts its turn in sunlight burns."""
    me = turn.fight.combatant(who)
    if isinstance(me, Monster) and (amount := sunburn(turn.fight, me)):
        said = "Sunlight Hypersensitivity: it starts its turn in sunlight"
        turn.do(Damaged(who, amount, DamageType.RADIANT, text=said))


def burst(turn: Steps, done: StepDone, dice: DiceSource) -> None:
    """B8 Death Burst, Death Throes: each monster the step killed that has one explodes: each
    hero of its group saves; the damage is rolled once for all (E), half or none on a success;
    a failure brings its conditions."""
    for name in done.dropped:
        found = bursting(done.before, done.after, name)
        if found is None:
            continue
        trait, caught = found
        rider = trait.rider
        assert rider is not None and rider.save is not None
        ability, dc = rider.save
        what = f"{name}'s {trait.title}"
        failed = []
        for who in caught:
            c = turn.fight.combatant(who)
            save = roll_save(turn.fight, c, ability, dc, dice, what, against=rider.conditions)
            turn.do(SaveRolled(save, ability, what))
            if not save.success:
                failed.append(who)
        if rider.damage is not None:
            dice.about(f"{what}: {rider.damage}")
            rolled = roll(rider.damage, dice)
            for who in caught:
                amount = rolled.total if who in failed else rolled.total // 2 if rider.half else 0
                if amount:
                    half = "" if who in failed else ", half on the save"
                    turn.do(Damaged(who, amount, rider.damage_type, text=f"{what}: {rolled}{half}"))
        for who in failed:
            for condition in rider.conditions:
                if condition not in immune_now(turn.fight, turn.fight.combatant(who)):
                    lasting = rider.lasting
                    start(turn, who, str(condition), lasting, name, condition)


def gaze(turn: Steps, who: str, dice: DiceSource) -> None:
    """B8 Petrifying Gaze: as `who`'s turn starts, its Constitution save; a failure begins to
    turn it to stone (restrained, the save repeated at the end of this turn: `stone`), or
    petrifies it at once when it fails by the trait's margin (the medusa)."""
    for monster, trait in gazes_catching(turn.fight, who):
        what = f"{monster.name}'s {trait.title}"
        c = turn.fight.combatant(who)
        save = roll_save(
            turn.fight, c, Ability.CON, trait.dc, dice, what, against=(Condition.PETRIFIED,)
        )
        turn.do(SaveRolled(save, Ability.CON, what))
        if save.success:
            continue
        if not save.faces:  # failed without a roll (F3)
            total = -99
        else:
            kept = max(save.faces) if save.advantage else min(save.faces)  # D4
            total = kept + save.bonus + sum(save.d4)
        if petrified_at_once(trait, total):
            start(turn, who, str(Condition.PETRIFIED), Lasting(), monster.name, Condition.PETRIFIED)
            continue
        lasting = Lasting(save=(Ability.CON, trait.dc), each=TurnEdge.END)
        stone = f"{STONE} ({what})"
        start(turn, who, stone, lasting, monster.name, Condition.RESTRAINED)


def stone(turn: Steps, key: int, who: str, by: str) -> None:
    """Petrifying Gaze: its repeat save failed: the restraint ends, petrified until the DM
    takes it off (greater restoration)."""
    turn.do(EffectEnded(key, "the save failed: it is petrified"))
    start(turn, who, str(Condition.PETRIFIED), Lasting(), by, Condition.PETRIFIED)


def averse(turn: Steps, done: StepDone) -> None:
    """B8 Aversion of Fire: a monster with it that took fire damage in the step has
    disadvantage on its attack rolls until the end of its next turn (an effect on it, F4)."""
    step = done.step
    if isinstance(step, Attacked | SpellCast):
        types = [kind for kind, amount in step.damage if amount > 0]
    elif isinstance(step, Damaged):
        types = [step.type]
    else:
        return
    for name in fire_shy(turn.fight, types, done.dealt):
        start(turn, name, AVERSE, Lasting(until=(name, TurnEdge.END)), name)


def unnerving_mask(turn: Steps, who: str, dice: DiceSource) -> None:
    """B10 Unnerving Mask: as `who`'s turn starts, the monster that unnerves it (`mask_catching`)
    spends its reaction; a failed Wisdom save frightens it until the end of this turn."""
    found = mask_catching(turn.fight, who)
    if found is None:
        return
    monster, trait = found
    turn.do(Reacted(monster.name, trait.title, who))
    what = f"{monster.name}'s {trait.title}"
    c = turn.fight.combatant(who)
    save = roll_save(
        turn.fight, c, Ability.WIS, trait.dc, dice, what, against=(Condition.FRIGHTENED,)
    )
    turn.do(SaveRolled(save, Ability.WIS, what))
    if not save.success:
        lasting = Lasting(until=(who, TurnEdge.END))
        start(turn, who, str(Condition.FRIGHTENED), lasting, monster.name, Condition.FRIGHTENED)


def rock_caught(
    turn: Steps, hero: str, target: Monster, attack: Attack, mode: Mode, dice: DiceSource
) -> bool:
    """B10 Rock Catching: a rock hurled at the giant (`catcher`): it spends its reaction and
    saves; True when it catches the rock (the throw is spent, no attack roll)."""
    trait = catcher(turn.fight, target, attack, mode)
    if trait is None:
        return False
    turn.do(Reacted(target.name, trait.title, hero))
    what = f"{hero}'s {attack.name} ({trait.title}: caught on a success, no damage)"
    save = roll_save(turn.fight, target, Ability.DEX, trait.dc, dice, what)
    turn.do(SaveRolled(save, Ability.DEX, what))
    return save.success


def split(turn: Steps, done: StepDone) -> None:
    """B10 Split: each jelly the step's lightning or slashing damage reached that splits now
    (`splitters`) becomes two (a `Split` step, its reaction)."""
    step = done.step
    if isinstance(step, Attacked):
        types, targets = [k for k, _ in step.damage], [step.target]
    elif isinstance(step, SpellCast):
        types, targets = [k for k, _ in step.damage], list(step.targets)
    elif isinstance(step, Damaged):
        types, targets = [step.type], [step.who]
    else:
        return
    for name in splitters(turn.fight, types, targets):
        turn.do(Split(name, twin_name(turn.fight, name)))


def berserk_roll(turn: Steps, who: str, dice: DiceSource) -> None:
    """B8 Berserk: as the golem's turn starts, it calms with all its hit points back; at its
    trait's hit points or fewer its d6, a 6 making it berserk until then."""
    me = turn.fight.combatant(who)
    if not isinstance(me, Monster):
        return
    if calmed(turn.fight, me):
        e = next(e for e in turn.fight.effects if e.who == who and e.what == BERSERK)
        turn.do(EffectEnded(e.key, "it has all its hit points back"))
    elif rolls_for_berserk(turn.fight, me):
        dice.about(f"{who}'s Berserk: a d6 as its turn starts (a 6: berserk)")
        face = dice.face(6)
        turn.do(TraitRolled(who, "Berserk", face))
        if face == 6:
            start(turn, who, BERSERK, Lasting(), who)


def carapace(
    turn: Steps,
    caster: str,
    target: Hero | Monster,
    spell: Attack,
    mode: Mode | None,
    dice: DiceSource,
) -> int | None:
    """B8 Reflective Carapace: the d6 when `spell` targets the tarrasque (`reflective`), or
    None when the trait does not answer it; the tarrasque is unaffected either way, and a 6
    turns the spell back at its caster (the caller plays that)."""
    if not reflective(target, spell, mode):
        return None
    dice.about(f"{target.name}'s {CARAPACE}: a d6 against {spell.name} (a 6 turns it back)")
    face = dice.face(6)
    turn.do(TraitRolled(target.name, CARAPACE, face, f"{caster}'s {spell.name}"))
    return face


def heads_follow(turn: Steps, done: StepDone) -> None:
    """B8 Multiple Heads: damage that brings the hydra's turn total to its figure kills a head
    (the last one kills it); fire marks it burned until the end of its turn."""
    step = done.step
    if isinstance(step, Attacked | SpellCast):
        types = {k for k, amount in step.damage if amount > 0}
    elif isinstance(step, Damaged):
        types = {step.type}
    else:
        return
    for d in done.dealt:
        c = turn.fight.combatant(d.who) if d.who in turn.fight else None
        if not isinstance(c, Monster) or c.trait(TraitKind.MULTIPLE_HEADS) is None:
            continue
        if d.amount <= 0 or not in_fight(c) or c.current_hp == 0:
            continue
        total = sum(x.amount for sd in turn.done for x in sd.dealt if x.who == d.who)
        now, gone, fire = after_damage(c, total - d.amount, total, DamageType.FIRE in types)
        if (now, gone, fire) == (heads(c), lost(c), burned_since(c)):
            continue
        turn.do(Heads(d.who, now, gone, fire))
        if now == 0:
            turn.do(
                Damaged(d.who, 0, None, text="its last head dies (Multiple Heads, B8)", kills=True)
            )


def regrow(turn: Steps, who: str) -> None:
    """B8 Multiple Heads: at the end of the hydra's turn, two heads for each lost since its
    last turn unless fire burned it, and 10 hit points for each head regrown."""
    c = turn.fight.combatant(who)
    if not isinstance(c, Monster) or (trait := c.trait(TraitKind.MULTIPLE_HEADS)) is None:
        return
    if not (lost(c) or burned_since(c)) or not in_fight(c) or c.current_hp == 0:
        return
    more = grown(c)
    turn.do(Heads(who, heads(c) + more, 0, False))
    back = min(more * (trait.dice.maximum if trait.dice is not None else 0), c.damage)
    if back:
        said = f"Multiple Heads: {more} heads regrown, B8"
        turn.do(Healed(who, back, text=said))
