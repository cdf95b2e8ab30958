"""Rolling the dice for what combatants do: attacks (D3–D6), death saves (D9), healing.

Each function takes a dice source and returns steps that carry every face rolled, so the log
can show the roll and replay it without dice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from lnf.dice import DamageType, DiceExpr, Part, added, parse
from lnf.dice.roll import DiceRoll, DiceSource, Maximised, PlayerDie, listens, roll, roll_d20
from lnf.engine.inspired import inspired_roll
from lnf.model import (
    Ability,
    AltUse,
    Attack,
    Condition,
    Fight,
    Hero,
    Monster,
)
from lnf.model.plan import Advantage, Mode
from lnf.model.steps import (
    Attacked,
    Contested,
    Damage,
    DeathSave,
    Healed,
    Saved,
    SpellCast,
    Surged,
    Wounded,
)
from lnf.rules.acl import acl, hit_dc, wound, wound_save_dc
from lnf.rules.attacks import used_damage
from lnf.rules.class_features import rage_bonus
from lnf.rules.conditions import (
    checks_worse,
    contest_abilities,
    fails_str_dex,
)
from lnf.rules.corrosion import corroded
from lnf.rules.d20 import d4_signs, d20_variant, favored, passes, stacked
from lnf.rules.darts import shield_stops
from lnf.rules.darts import sure_hit as sure_dart
from lnf.rules.distance import roll_in_fight
from lnf.rules.feeble import enfeebled, halved, lessened, reduced
from lnf.rules.holds import grapples_instead, sure_hit
from lnf.rules.hyrule import dice_only, hyrule, off_hand, target_strike_roll
from lnf.rules.magic_immunity import unaffected
from lnf.rules.roster import downed
from lnf.rules.save_edges import save_edge_of
from lnf.rules.score_drain import strength_save_change
from lnf.rules.spell_effects import boons
from lnf.rules.traits import assassinates
from lnf.values import replace

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_ADVANTAGE = Advantage.ADVANTAGE
_DISADVANTAGE = Advantage.DISADVANTAGE
_NORMAL = Advantage.NORMAL
_ENLARGED = Condition.ENLARGED
_HALF_HP = AltUse.HALF_HP
_MELEE = Mode.MELEE
_RANGED = Mode.RANGED

_EDGE = {  # D4, as the attack is told
    Advantage.ADVANTAGE: ", with advantage",
    Advantage.DISADVANTAGE: ", with disadvantage",
}
# PHB appendix A: a hit from within 5 ft on a paralyzed or unconscious creature is critical.
_HELPLESS = frozenset({Condition.PARALYZED, Condition.UNCONSCIOUS})


def with_extra(attack: Attack, extra: DiceExpr | None) -> DiceExpr:
    """The attack's damage plus extra dice (Sneak Attack) of the attack's first damage type."""
    if extra is None:
        return attack.damage
    kind = attack.damage.parts[0].damage_type if attack.damage.parts else None
    more = tuple(Part(p.terms, p.damage_type or kind) for p in extra.parts)
    return DiceExpr((*attack.damage.parts, *more))


def roll_attack(
    fight: Fight,
    attacker: Hero | Monster,
    target: Hero | Monster,
    attack: Attack,
    mode: Mode,
    dice: DiceSource,
    *,
    opportunity: bool = False,
    extra: DiceExpr | None = None,
    critical_extra: DiceExpr | None = None,
    big: str = "",
    knock_out: bool = False,
    part: str = "",
    power: int = 0,
    force: int = 0,
    strike: str = "",
    roll_now: tuple[Advantage, tuple[str, ...]] | None = None,
) -> Attacked:
    """D3–D6 and the variants in force: under V-ACL1–6 against the Hit DC (a body part's when
    aimed), `power` surge dice on the roll and `force` on the damage; under V-HYR2 a target
    `strike` ("stamina" or "disadvantage") maximises every damage die, and V-HYR3 adds a second
    light weapon's dice; under V-D20 favor, the d4 of Bless or Bane and typed bonuses.
    `roll_now`: D4's `roll_in_fight` of these very arguments, when the caller worked it out
    already (a monster's attack reads it first for its extra dice): not worked out twice.
    `critical_extra`: dice added on a critical hit only (F2: "smite on a crit")."""
    close = mode is _MELEE
    if sure_dart(attack):  # F7, B3: Magic Missile's dart hits without a roll, never critical
        if listens(dice):
            dice.about(f"{attacker.name}'s {attack.name} at {target.name}: a dart, no attack roll")
        # no d20 (`faces` empty), a hit: its damage rolled as any hit's
        who, ac = (attacker.name, target.name, attack.name), target.ac
        dart = Attacked(*who, mode, _NORMAL, (), (), 0, 0, ac, True, big=big)
        if stopped := shield_stops(fight, target.name, attack):  # F1, F7: no damage at all
            return replace(dart, damage_text=stopped)
        return _hit_damage(fight, attacker, target, attack, mode, dice, dart, attack, force=force)
    how, reasons = (
        roll_now if roll_now is not None else roll_in_fight(fight, attacker, target, attack, mode)
    )
    sure = sure_hit(fight, attacker, target.name, attack)  # F6: the marilith's tail
    reasons = (*reasons, sure) if sure else reasons
    if strike == "disadvantage":  # V-HYR2: the target strike's price
        how = target_strike_roll(how, paid=False)
        reasons = (*reasons, f"{attacker.name} makes a target strike (V-HYR2)")
    if acl(fight):
        dc = hit_dc(target, part, ranged=mode is _RANGED)
        against = f"Hit DC {dc}" + (f" ({part})" if part else "")
    else:
        dc, against = target.ac, f"AC {target.ac}"
    if listens(dice):  # the words are for a DM rolling by hand; seeded dice let them pass
        dice.about(
            f"{attacker.name} attacks {target.name} with {attack.name}: {attack.to_hit:+d} vs "
            f"{against}{_EDGE.get(how, '')}{' (opportunity attack)' if opportunity else ''}"
        )
    d20 = roll_d20(
        dice,
        attack.to_hit,
        advantage=how is _ADVANTAGE,
        disadvantage=how is _DISADVANTAGE,
    )
    d4 = _roll_d4s(fight, attacker, "attack", dice)
    situational = stacked(attacker.bonuses) if d20_variant(fight) else 0
    if power:
        dice.about(f"{power} surge dice on the roll (V-ACL6)")
    powered = tuple(dice.face(6) for _ in range(power)) if power else ()
    # D3: a natural 20 always hits and is critical, a natural 1 always misses; total cover
    # (no Hit DC) stops it (V-ACL2); favor turns a miss by 1 into a hit (V-D20-1).
    total = d20.total + sum(powered) + sum(d4) + situational
    crit = d20.kept >= attack.crit_on  # D3: a natural 20; F2 Improved Critical: 19 too
    decided = d20.natural_1 or crit  # D3: no die added turns these
    total += (inspired := inspired_roll(fight, attacker, total, dc, dice, decided))  # F2
    hit = dc is not None and not d20.natural_1 and (crit or total >= dc)
    by_favor = (
        not hit and dc is not None and not d20.natural_1 and favored(total, dc, attacker.favor)
    )
    hit = hit or by_favor or (bool(sure) and dc is not None)
    helpless = bool(target.conditions & _HELPLESS) or (isinstance(target, Hero) and downed(target))
    critical = hit and (crit or (close and helpless))
    used = used_damage(attack, mode, attacker, target)
    if hit and used is not attack and attack.alt_when is _HALF_HP:  # B8: a swarm's bites
        weaker = (
            f"{attacker.name} has half of its hit points or fewer: {attack.name} "
            f"{used.damage}, not {attack.damage}"
        )
        big = "; ".join(w for w in (weaker, big) if w)
    if hit and used is not attack and _ENLARGED in attacker.conditions:  # B6: Enlarge
        bigger = f"{attacker.name} is enlarged: {attack.name} {used.damage}, not {attack.damage}"
        big = "; ".join(w for w in (bigger, big) if w)
    if hit and not critical and assassinates(fight, attacker, target):  # B8
        critical = True
        reasons = (*reasons, f"Assassinate: {target.name} is surprised, a hit is critical (B8)")
    step = Attacked(
        attacker=attacker.name,
        target=target.name,
        attack=attack.name,
        mode=mode,
        roll=how,
        reasons=tuple(reasons),
        faces=d20.faces,
        kept=d20.kept,
        bonus=attack.to_hit,
        ac=dc if dc is not None else 99,
        hit=hit,
        critical=critical,
        opportunity=opportunity,
        big=big,
        knock_out=knock_out and close,
        part=part,
        power=powered,
        strike=strike,
        d4=d4,
        situational=situational,
        favored=by_favor,
        inspired=inspired,
    )
    if not hit:
        return step
    if grapples_instead(fight, attacker.name, target.name, attack):  # F6, B6
        return replace(step, instead=True)
    if critical and critical_extra is not None:
        extra = added(extra, critical_extra)
    return _hit_damage(
        fight, attacker, target, attack, mode, dice, step, used, extra, force, strike
    )


def _hit_damage(
    fight: Fight,
    attacker: Hero | Monster,
    target: Hero | Monster,
    attack: Attack,
    mode: Mode,
    dice: DiceSource,
    step: Attacked,
    used: Attack,
    extra: DiceExpr | None = None,
    force: int = 0,
    strike: str = "",
) -> Attacked:
    """D5, D6: a hit's damage rolled (`used`: the attack's dice as they stand now), with the
    extra dice, Rage, the second light weapon, surge dice and what lessens it."""
    critical, close = step.critical, mode is _MELEE
    if used.damage.maximum <= 0 and extra is None and not force:
        return step  # F7: a hit that brings its riders only (Ray of Enfeeblement): no roll
    expr = with_extra(used, extra)
    if rage := rage_bonus(attacker, attack, mode):  # F2: Rage's damage, of the weapon's type
        expr = with_extra(replace(attack, damage=expr), parse(str(rage)))
    second = off_hand(attacker, attack) if hyrule(fight) and close else None
    if second is not None:  # V-HYR3: the second light weapon's dice, no modifier
        expr = DiceExpr((*expr.parts, *dice_only(second.damage).parts))
    if listens(dice):
        dice.about(
            f"a hit{' (critical: dice doubled)' if critical else ''}: {attack.name} damage {expr}"
        )
    source = Maximised(dice) if strike else dice  # V-HYR2
    rolled = roll(expr, source, critical=critical, times=attack.crit_times)  # D5
    by_type, text = _by_type(rolled), str(rolled)
    if enfeebled(attacker, attack):  # F7 Ray of Enfeeblement
        by_type = halved(by_type)
        text += f", halved: {sum(v for _, v in by_type)} ({attacker.name} is enfeebled, F7)"
    if reduced(attacker, attack):  # F7 Reduce
        dice.about(f"{attacker.name} is reduced: 1d4 less damage")
        less = dice.face(4)
        by_type = lessened(by_type, less)
        text += (
            f", 1d4 ({less}) less: {sum(v for _, v in by_type)} ({attacker.name} is reduced, F7)"
        )
    forced: tuple[int, ...] = ()
    if force:  # V-ACL6: not doubled on a critical hit, of the attack's first damage type
        dice.about(f"{force} surge dice on the damage (V-ACL6)")
        forced = tuple(dice.face(6) for _ in range(force))
        first = by_type[0][0] if by_type else None
        by_type = tuple((k, v + sum(forced) if k == first else v) for k, v in by_type)
    if less := corroded(fight, attacker.name, attack.name) if isinstance(attacker, Hero) else 0:
        first = by_type[0][0] if by_type else None  # B8: a corroded weapon's -N, at least 0
        by_type = tuple((k, max(0, v - less) if k == first else v) for k, v in by_type)
        text += f"; -{less} (its {attack.name} corroded)"
    return replace(
        step,
        damage=by_type,
        damage_text=text,
        force=forced,
        off_hand=second.name if second is not None else "",
    )


def _roll_d4s(fight: Fight, c: Hero | Monster, roll: str, dice: DiceSource) -> tuple[int, ...]:
    """F7 Bless cast (its effect, on attack rolls and saves), and V-D20-2's d4s the file
    names: the d4s added or taken, rolled once (not for each d20), signed."""
    cast = boons(fight, c) if roll in ("attack", "save") else ()
    signs = cast + (d4_signs(c, roll) if d20_variant(fight) and not cast else ())
    if not signs:
        return ()  # most rolls: no d4 at all
    dice.about(f"{c.name}'s d4 (Bless, Bane): {', '.join(f'{s:+d}d4' for s in signs)}")
    return tuple(sign * dice.face(4) for sign in signs)


def _by_type(rolled: DiceRoll) -> Damage:
    return tuple(rolled.by_type().items())


# PHB appendix A: these fail Strength and Dexterity saves without a roll.
def roll_save(
    fight: Fight,
    target: Hero | Monster,
    ability: Ability,
    dc: int,
    dice: DiceSource,
    what: str,
    *,
    spell: bool = False,
    against: Iterable[Condition] = (),
    poison: bool = False,
) -> Saved:
    """A saving throw against `what` (F3: a paralysed, stunned, petrified or unconscious
    creature, or a downed hero, fails Strength and Dexterity saves; a restrained one rolls
    Dexterity saves with disadvantage, as does one with three levels of exhaustion any save;
    V-D20-1, V-D20-2: favor and the d4s; B8: Magic Resistance against a `spell`, and the
    traits that give advantage against the conditions a failure imposes (`against`), a
    spell or `poison` damage; F7: a spell whose target saves with advantage while it is
    fought, Charm Person)."""
    name = target.name
    if ability in (Ability.STR, Ability.DEX) and fails_str_dex(target):
        return Saved(name, (), target.save_bonus(ability), dc, False, "cannot move")
    bonus = target.save_bonus(ability) + strength_save_change(fight, target, ability)  # F6
    edge = save_edge_of(fight, target, ability, what, spell=spell, against=against, poison=poison)
    worse, better = edge.worse, edge.better
    told = isinstance(dice, PlayerDie)  # B3: the player's own d20, the one kept
    if listens(dice):
        dice.about(
            f"{name}'s {ability.value.title()} save against {what}: {bonus:+d} vs DC {dc}"
            + (f" ({edge.words})" if edge.words else "")
        )
    d20 = roll_d20(
        dice, bonus, advantage=bool(better) and not told, disadvantage=worse and not told
    )
    d4 = _roll_d4s(fight, target, "save", dice)
    total = d20.total + sum(d4)
    decided = d20_variant(fight) and (d20.natural_1 or d20.natural_20)  # V-D20-5
    total += (inspired := inspired_roll(fight, target, total, dc, dice, decided))  # F2
    passed = passes(fight, d20, total, dc)  # V-D20-5: a natural 20 or 1 decides
    by_favor = not passed and not d20.natural_1 and d20_variant(fight)
    by_favor = by_favor and favored(total, dc, target.favor)  # V-D20-1
    better = better if len(d20.faces) == 2 else ""
    return Saved(
        name,
        d20.faces,
        d20.modifier,
        dc,
        passed or by_favor,
        d4=d4,
        favored=by_favor,
        advantage=better,
        told=(edge.words or "plain") if told else "",
        inspired=inspired,
    )


def roll_spell(
    fight: Fight,
    caster: Hero | Monster,
    spell: Attack,
    targets: Sequence[str],
    dice: DiceSource,
    *,
    spared: Sequence[str] = (),
    big: str = "",
    area: str = "",
    save_dice: Callable[[str], DiceSource] | None = None,
    magical: bool = True,
) -> SpellCast:
    """A save spell: the damage is rolled once (E: for all targets), then each target that is
    not spared saves against the spell's DC (with `save_dice(target)` when given: a player's
    own d20, B3). F7: a spell without damage rolls none (Hold Person); one without a save
    (Bless, Sleep) rolls no saves; Sleep rolls its hit points; an aura (Spirit Guardians) hurts
    nobody when it is cast. B8: a target the spell cannot affect (Limited Magic Immunity)
    takes nothing and makes no save: it is left out of the targets, `unaffected`; Magic
    Resistance answers it unless it is not `magical` (F2: a monk's Stunning Strike)."""
    proof = unaffected(fight, spell, targets)
    targets = [n for n in targets if n not in proof]
    ability, dc = spell.save if spell.save is not None else (Ability.DEX, 0)
    effect = spell.effect
    aura = effect is not None and effect.aura
    word = effect is not None and effect.word > 0  # F7 Power Word Stun: no save when cast
    damage_by_type: tuple[tuple[DamageType | None, int], ...] = ()
    text, pool = "", 0
    if spell.damage.maximum > 0 and not aura:
        dice.about(f"{caster.name} casts {spell.name}: damage {spell.damage}")
        damage = roll(spell.damage, dice)
        damage_by_type, text = tuple(damage.by_type().items()), str(damage)
    if effect is not None and (asleep := sleep_pool(spell)) is not None:
        dice.about(f"{caster.name} casts {spell.name}: {asleep} hit points of creatures")
        rolled = roll(asleep, dice)
        text, pool = f"{rolled} hit points", rolled.total
    saves = [
        roll_save(
            fight,
            fight.combatant(name),
            ability,
            dc,
            save_dice(name) if save_dice is not None else dice,
            spell.name,
            spell=magical,
            against=imposed(spell),
            poison=poisons(spell),
        )
        for name in targets
        if name not in spared and spell.save is not None and not aura and not word
    ]
    return SpellCast(
        caster=caster.name,
        spell=spell.name,
        targets=tuple(targets),
        saves=tuple(saves),
        damage=damage_by_type,
        damage_text=text,
        half=spell.half,
        ability=ability,
        spared=tuple(spared),
        big=big,
        area=area,
        pool=pool,
        unaffected=proof,
    )


def imposed(spell: Attack) -> tuple[Condition, ...]:
    """The conditions a failed save against `spell` imposes (its riders'), for B8's traits."""
    return tuple(c for r in spell.riders for c in r.conditions)


def poisons(spell: Attack) -> bool:
    """Whether `spell`'s damage is poison (B8: Duergar Resilience)."""
    return any(p.damage_type is DamageType.POISON for p in spell.damage.parts)


def sleep_pool(spell: Attack) -> DiceExpr | None:
    """F7 Sleep: the hit points of creatures it puts to sleep, at the slot it is cast with
    (`Attack.at_slot` adds the higher slots'); None for a spell that puts nobody to sleep."""
    return spell.effect.sleep if spell.effect is not None else None


def roll_death_save(hero: Hero, dice: DiceSource) -> DeathSave:
    """D9: a plain d20, no modifiers."""
    dice.about(f"{hero.name}'s death save: 10 or more succeeds")
    return DeathSave(hero.name, dice.face(20))


def roll_healing(healer: str, who: str, amount: DiceExpr, dice: DiceSource, by: str = "") -> Healed:
    dice.about(f"{healer or 'the DM'} heals {who}{f' with {by}' if by else ''}: {amount}")
    healed = roll(amount, dice)
    return Healed(who, healed.total, str(healed), by, healer)


def roll_wound_save(target: Hero | Monster, part: str, damage: int, dice: DiceSource) -> Wounded:
    """V-ACL5: an aimed strike's hit asks for a Constitution save, DC max(10, half the damage
    taken); what became of the part follows from the damage and the save."""
    dc = wound_save_dc(damage)
    bonus = target.save_bonus(Ability.CON)
    dice.about(f"{target.name}'s Wound Save for the {part}: Constitution {bonus:+d} vs DC {dc}")
    d20 = roll_d20(dice, bonus)
    con = target.con_score if target.con_score is not None else 10 + 2 * target.con
    state = wound(damage, d20.total >= dc, con, target.hp)
    return Wounded(target.name, part, dc, d20.faces, bonus, state)


def roll_contest(
    attacker: Hero | Monster, target: Hero | Monster, kind: str, dice: DiceSource
) -> Contested:
    """V-ACL8, 5e: a grapple or shove, Strength (Athletics) against the better of Strength
    and Dexterity. lnf reads the checks from the save bonuses (sheets hold no skills but
    Stealth): the attacker's Strength, the target's better of Strength and Dexterity (F3: a
    weakened attacker's Strength check has disadvantage; a weakened target resists with its
    Dexterity, which the weakness leaves alone, `rules.conditions.contest_abilities`; B6: an
    enlarged target resists with Strength, with advantage, its kept die first)."""
    mine_is, theirs_are, worse = contest_abilities(attacker, target)
    bonus = attacker.save_bonus(mine_is)
    resist = max(target.save_bonus(a) for a in theirs_are)
    stronger = Ability.STR in theirs_are and Condition.ENLARGED in target.conditions  # B6
    resist = target.save_bonus(Ability.STR) if stronger else resist
    edge = " (disadvantage)" if worse else ""
    theirs_edge = " (advantage: enlarged)" if stronger else ""
    dice.about(
        f"{attacker.name} tries to {kind} {target.name}: {bonus:+d}{edge} against "
        f"{resist:+d}{theirs_edge}"
    )
    mine = roll_d20(dice, bonus, disadvantage=worse)
    faces = tuple(sorted(mine.faces, key=lambda f: f != mine.kept))  # the kept die first
    held = checks_worse(target)  # F6: intoxicated
    theirs = roll_d20(dice, resist, advantage=stronger, disadvantage=held)
    kept = tuple(sorted(theirs.faces, key=lambda f: f != theirs.kept))
    return Contested(
        attacker.name,
        target.name,
        kind,
        faces,
        bonus,
        kept,
        resist,
        worse=worse,
        target_worse=held,
    )


def roll_surge(c: Hero | Monster, effect: str, count: int, dice: DiceSource) -> Surged:
    """V-ACL6: surge dice on speed (10 ft each) or tenacity (temporary hit points)."""
    dice.about(f"{c.name} spends {count} surge dice on {effect} (V-ACL6)")
    return Surged(c.name, effect, tuple(dice.face(6) for _ in range(count)))
