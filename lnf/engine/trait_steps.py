"""B8: what a monster's traits do as steps of a turn, rolled with its dice: Heated Body and
Fire Aura burning who hits it in mêlée, Fire Aura burning its group as its turn starts, Stench
and Fear Aura making a creature that starts its turn in its group save, a Petrifying Gaze
turning one to stone, a Death Burst as it dies, a vampire burning in sunlight; a sea hag's
Horrific Appearance, an aboleth's Mucous Cloud, a fire elemental entering a hero's space, a
water elemental freezing, a will-o'-wisp's Consume Life."""

from __future__ import annotations

from lnf.dice import DamageType
from lnf.dice.roll import DiceSource, roll
from lnf.engine.apply import Steps
from lnf.engine.aura_saves import aura_save
from lnf.engine.begin import start
from lnf.engine.holds import grapple
from lnf.engine.resolve import roll_save
from lnf.engine.riders import ride
from lnf.engine.self_spells import seen
from lnf.model import Ability, Attack, Condition, Hero, Lasting, Monster, Rider, TraitKind, TurnEdge
from lnf.model.answer_steps import Heads, Reacted, Split, TraitRolled
from lnf.model.applied import StepDone
from lnf.model.plan import Mode
from lnf.model.steps import Attacked, Contested, Damaged, EffectEnded, Healed, SaveRolled, SpellCast
from lnf.rules.aversion import AVERSE, fire_shy
from lnf.rules.berserk import BERSERK, calmed, rolls_for_berserk
from lnf.rules.carapace import TRAIT as CARAPACE
from lnf.rules.carapace import reflective
from lnf.rules.conditions import condition_immune
from lnf.rules.corrosion import DESTROYED, corroded, corroded_words, corrodes, stuck
from lnf.rules.economy import attack_named
from lnf.rules.heads import after_damage, burned_since, grown, heads, lost
from lnf.rules.rock_catching import catcher
from lnf.rules.roster import in_fight, trait_kinds
from lnf.rules.splitting import splitters, twin_name
from lnf.rules.trait_auras import (
    AURAS,
    STONE,
    auras_catching,
    gazes_catching,
    horror,
    horrors_catching,
    immunity,
    mask_catching,
    petrified_at_once,
)
from lnf.rules.trait_damage import aura_caught, burns_back, bursting, sunburn
from lnf.rules.trait_saves import immune_now
from lnf.rules.trait_touch import (
    FROZEN,
    adhesive_dc,
    barbed,
    consumed,
    enters_space,
    freezes,
    grappling,
    mucus,
    records_grapple,
)


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


def slimed(turn: Steps, done: StepDone, step: Attacked, dice: DiceSource) -> None:
    """B8 Mucous Cloud: a mêlée hit on the aboleth underwater makes the attacker save against
    its disease (`mucus`), as a rider (F6) named for the trait."""
    rider = mucus(turn.fight, done.before.combatant(step.target), step.mode)
    if rider is not None and in_fight(turn.fight.combatant(step.attacker)):
        ride(turn, step.target, step.attacker, "Mucous Cloud", rider, dice)


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
        save = aura_save(turn, who, monster, trait, ability, condition, dice)
        if save.success:
            lasting = Lasting(rounds=_DAY)
            start(turn, who, immunity(monster.name, trait), lasting, monster.name)
        elif condition not in immune_now(turn.fight, turn.fight.combatant(who)):
            lasting = Lasting(until=(who, TurnEdge.START))
            start(turn, who, str(condition), lasting, monster.name, condition)


_DAY = 14_400  # 24 hours in rounds


def horrified(turn: Steps, who: str, dice: DiceSource) -> None:
    """B8 Horrific Appearance: as `who`'s turn starts, its Wisdom save against each hag that
    catches it (`horrors_catching`): a failure, frightened for 1 minute, the save repeated at
    the end of each of its turns; a success, immune for 24 hours. "If … the effect ends for
    it, the creature is immune … for the next 24 hours": the immunity begins with the fear
    (a fight is over long before its 24 hours are), so the fear's end needs no step of its
    own."""
    for monster, trait in horrors_catching(turn.fight, who):
        what = f"{monster.name}'s {trait.title}"
        c = turn.fight.combatant(who)
        against = (Condition.FRIGHTENED,)
        save = roll_save(turn.fight, c, Ability.WIS, trait.dc, dice, what, against=against)
        turn.do(SaveRolled(save, Ability.WIS, what))
        fear = not save.success and Condition.FRIGHTENED not in immune_now(turn.fight, c)
        if fear:
            lasting = Lasting(
                rounds=_MINUTE, save=(Ability.WIS, trait.dc), each=TurnEdge.END, in_sight=True
            )  # "with disadvantage if the hag is within line of sight"
            start(turn, who, horror(monster.name), lasting, monster.name, Condition.FRIGHTENED)
        start(turn, who, immunity(monster.name, trait), Lasting(rounds=_DAY), monster.name)


_MINUTE = 10  # rounds


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
    if TraitKind.AVERSION_OF_FIRE not in trait_kinds(turn.fight):
        return  # no monster has it (asked once per state)
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
    if TraitKind.SPLIT not in trait_kinds(turn.fight):
        return  # no monster has it (asked once per state)
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
    if TraitKind.MULTIPLE_HEADS not in trait_kinds(turn.fight):
        return  # no monster has it (asked once per state)
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


def fire_form(turn: Steps, name: str, target: str, melee: bool, dice: DiceSource) -> None:
    """B8 Fire Form: before its mêlée attacks, the elemental enters its target's space: the
    damage and the fire lit (`enters_space`), as a rider (F6) named for the trait."""
    me = turn.fight.combatant(name)
    rider = enters_space(me, melee) if isinstance(me, Monster) else None
    if rider is not None and in_fight(turn.fight.combatant(target)):
        dice.about(f"{name}'s Fire Form: it enters {target}'s space")
        ride(turn, name, target, f"Fire Form (it enters {target}'s space)", rider, dice)


def freeze(turn: Steps, done: StepDone) -> None:
    """B8 Freeze: each creature the step dealt cold damage to (the step's cold share, when any
    damage got through and it is not immune to cold) that freezes (`freezes`) is frozen."""
    if TraitKind.FREEZE not in trait_kinds(turn.fight):
        return  # no monster has it (asked once per state)
    step = done.step
    parts: tuple[tuple[DamageType | None, int], ...] = ()
    if isinstance(step, Attacked | SpellCast):
        parts = step.damage
    elif isinstance(step, Damaged):
        parts = ((step.type, step.amount),)
    cold = sum(n for kind, n in parts if kind is DamageType.COLD)
    for dealt in done.dealt:
        c = turn.fight.combatant(dealt.who)
        took = cold if dealt.amount > 0 and DamageType.COLD not in c.immune else 0
        frozen = any(e.who == c.name and e.what == FROZEN for e in turn.fight.effects)
        lasting = freezes(c, took, frozen)
        if lasting is not None:
            start(turn, c.name, FROZEN, lasting, c.name, Condition.FROZEN)


def consume_life(turn: Steps, name: str, dice: DiceSource) -> None:
    """B8 Consume Life, B10: the will-o'-wisp's bonus action at a dying hero in its group
    (`consumed`): the hero's Constitution save, death on a failure and the hit points the
    wisp regains; it is seen then ("invisible until it attacks or uses its Consume Life")."""
    me = turn.fight.combatant(name)
    hero = consumed(turn.fight, me) if isinstance(me, Monster) else None
    if hero is None or not isinstance(me, Monster):
        return
    trait = me.trait(TraitKind.CONSUME_LIFE)
    assert trait is not None and trait.dice is not None
    what = f"{name}'s {trait.title}"
    dice.about(f"{what}: a bonus action at {hero.name}, who has 0 hit points")
    save = roll_save(turn.fight, hero, Ability.CON, trait.dc, dice, what)
    turn.do(SaveRolled(save, Ability.CON, what))
    seen(turn, name)
    if save.success:
        return
    turn.do(Damaged(hero.name, 0, kills=True, text=f"{what}: the save failed, it dies"))
    rolled = roll(trait.dice, dice)
    turn.do(Healed(name, rolled.total, text=str(rolled), by=trait.title))


def grapple_held(turn: Steps, step: Contested) -> None:
    """V-ACL8, B8: a hero's won grapple on a monster whose Barbed Hide reads who grapples it
    leaves a record on the hero (`grappling`), until the DM takes it off or the monster is no
    longer grappled."""
    target = turn.fight.combatant(step.target)
    if step.kind == "grapple" and step.won and records_grapple(target):
        start(turn, step.who, grappling(step.target), Lasting(), step.who)


def barbs(turn: Steps, who: str, dice: DiceSource) -> None:
    """B8 Barbed Hide: as `who`'s turn starts, its dice to each hero grappling it, rolled once
    for all (E, as Fire Aura's); a record whose grapple has ended is taken off."""
    me = turn.fight.combatant(who)
    if not isinstance(me, Monster) or (trait := me.trait(TraitKind.BARBED_HIDE)) is None:
        return
    if Condition.GRAPPLED not in me.conditions:
        for e in [e for e in turn.fight.effects if e.what == grappling(who)]:
            turn.do(EffectEnded(e.key, f"{who} is no longer grappled"))
        return
    caught = barbed(turn.fight, me)
    if not caught or trait.dice is None:
        return
    what = f"{who}'s {trait.title}"
    dice.about(f"{what}: {trait.dice} to each creature grappling it")
    rolled = roll(trait.dice, dice)
    for name in caught:
        turn.do(Damaged(name, rolled.total, DamageType.PIERCING, text=f"{what}: {rolled}"))


_CORRODING = frozenset({TraitKind.CORRODE_METAL, TraitKind.RUST_METAL, TraitKind.CORROSIVE_FORM})


def corrode(turn: Steps, done: StepDone, step: Attacked) -> None:
    """B8 Corrode Metal, Rust Metal, Corrosive Form: a hero's weapon that hit the monster takes
    one more -1 to its damage rolls (`rules.corrosion`), an effect on the hero that replaces
    the last; at -5 it is destroyed."""
    if trait_kinds(done.before).isdisjoint(_CORRODING):
        return  # no monster has one (asked once per state)
    hero = turn.fight.combatant(step.attacker)
    weapon = attack_named(hero, step.attack)
    trait = corrodes(done.before.combatant(step.target), hero, weapon) if weapon else ""
    if not trait or weapon is None:
        return
    before = corroded(turn.fight, hero.name, weapon.name)
    if before >= DESTROYED:
        return
    for e in [e for e in turn.fight.effects if e.who == hero.name]:
        if e.what == corroded_words(weapon.name, before):
            turn.do(EffectEnded(e.key, "it corrodes further"))
    start(turn, hero.name, corroded_words(weapon.name, before + 1), Lasting(), step.target)


def adheres(turn: Steps, done: StepDone, step: Attacked) -> None:
    """B8 Adhesive (SRD: "The mimic adheres to anything that touches it"): a hero's mêlée hit
    on it in its group sticks: a weapon stays stuck to it (the hero fights on without it,
    `rules.corrosion.in_hand`, until the mimic dies or the DM takes it off); an unarmed strike
    or a mêlée spell's touch holds the hero itself, grappled at the trait's escape DC."""
    mimic = done.before.combatant(step.target)
    hero = turn.fight.combatant(step.attacker)
    dc = adhesive_dc(mimic)
    if not dc or step.mode is not Mode.MELEE or not isinstance(hero, Hero) or not in_fight(hero):
        return
    weapon = attack_named(hero, step.attack)
    if weapon is not None and not weapon.spell:
        start(turn, hero.name, stuck(weapon.name, step.target), Lasting(), step.target)
        return
    rider = Rider(grapple=dc)
    grapple(turn, step.target, hero.name, "Adhesive", rider, condition_immune(hero))


def unstuck(turn: Steps, done: StepDone) -> None:
    """B8 Adhesive: a mimic dead lets go of the weapons stuck to it."""
    for name in done.dropped:
        if adhesive_dc(done.before.combatant(name)):
            for e in [e for e in turn.fight.effects if e.what.endswith(f" stuck to {name}")]:
                turn.do(EffectEnded(e.key, f"{name} is dead"))
