"""The hero policy's spells that do more than damage (F7): Spiritual Weapon and its later
attacks, Spirit Guardians over the caster's group, Bless, Shield of Faith and Sleep, each
weighed as `Option`s in expected damage equivalents so that `spell_policy.best_option`
compares them with the weapons, cantrips and damage spells (docs/policy.md says the figures).
Hold Person, Faerie Fire and Web are save spells with riders: `spell_policy.save_worth`
weighs their conditions."""

from __future__ import annotations

from lnf.engine.decisions import AttackChoice, SpellChoice
from lnf.heroes.attack_policy import attack_option
from lnf.heroes.spell_policy import (
    HORIZON,
    Option,
    Spend,
    area_targets,
    hit_chance,
    keeps_concentration,
    save_damage,
    slot_levels,
)
from lnf.model import Attack, Cost, Fight, Hero, Monster
from lnf.model.plan import Mode
from lnf.rules.acl import through_dr, to_beat
from lnf.rules.areas import area_said, target_count
from lnf.rules.concentration import concentrating
from lnf.rules.damage import magical
from lnf.rules.distance import roll_in_fight
from lnf.rules.expected import dice_mean
from lnf.rules.legal import attack_modes
from lnf.rules.resources import SLOTTED_SPELL
from lnf.rules.roster import in_fight, monsters
from lnf.rules.spell_effects import sleepers, weapon_up
from lnf.values import replace

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_ACTION = Cost.ACTION
_BONUS = Cost.BONUS

# F7 Bless: a d4 on an attack roll adds 2.5 to it, so about one attack in eight more hits.
BLESS_GAIN = 2.5 / 20
# F7 Shield of Faith: +2 AC, about one attack in ten at the ally misses.
SHIELD_GAIN = 2 / 20
BLESS_FOES = 3  # Policy (F7): Bless when the party fights three foes or more


def effect_actions(fight: Fight, hero: Hero) -> list[Option]:
    """The action's spells with an effect open now: Spirit Guardians, Bless, Sleep."""
    out: list[Option] = []
    for spell in hero.attacks:
        e = spell.effect
        if e is None or spell.cost is not _ACTION:
            continue
        option = None
        if e.aura:
            option = guardians_option(fight, hero, spell)
        elif e.allies and e.d4 > 0:
            option = bless_option(fight, hero, spell)
        elif e.sleep is not None:
            option = sleep_option(fight, hero, spell)
        if option is not None:
            out.append(option)
    return out


def effect_bonus(fight: Fight, hero: Hero) -> list[Option]:
    """The bonus action's spells with an effect open now: Spiritual Weapon, cast or up."""
    out: list[Option] = []
    for spell in hero.attacks:
        if spell.effect is not None and spell.effect.weapon and spell.cost is _BONUS:
            out += weapon_options(fight, hero, spell)
    return out


def _spend_for(hero: Hero, spell: Attack) -> tuple[int, Spend] | None:
    """F7: the lowest free slot the spell can be cast with (its own level, spending nothing,
    for a hero whose slots are not counted); None when none is left."""
    levels = slot_levels(hero, spell)
    return levels[0] if levels else None


def _above(spell: Attack, level: int) -> int:
    """F7: the slot level said as cast ("Bless at 2nd level") when above the spell's own."""
    return level if level > spell.slot else 0


# --- Spiritual Weapon (F1, F7) --------------------------------------------------------------


def weapon_options(fight: Fight, hero: Hero, spell: Attack) -> list[Option]:
    """F1, F7 Spiritual Weapon: while it is up, its attack at each foe, free (no slot, not a
    spell cast); else its casting at each foe, a 2nd-level slot, weighed with the attacks it
    makes on later turns (`later_worth`)."""
    up = weapon_up(fight, hero.name, spell)
    danger = {m.name: i for i, m in enumerate(fight.monsters)}
    out: list[Option] = []
    if up is not None:
        attack = replace(spell.at_slot(up.weapon), slot=0, spell=False)  # as effect_words
        for m in monsters(fight):
            if Mode.MELEE in attack_modes(fight, hero, m, spell):
                o = attack_option(fight, hero, m, attack, Mode.MELEE, 0, (), danger[m.name])
                out += [o] if o is not None else []
        return out
    cast = _spend_for(hero, spell)
    if cast is None:
        return out
    level, spend = cast
    at = spell.at_slot(level) if level else spell
    for m in monsters(fight):
        if Mode.MELEE not in attack_modes(fight, hero, m, spell):
            continue
        o = attack_option(fight, hero, m, at, Mode.MELEE, level, spend, danger[m.name])
        if o is None:
            continue
        later = later_worth(fight, o.worth, _each(fight, hero, m, at))
        choice = o.choice
        assert isinstance(choice, AttackChoice)
        out.append(
            Option(
                score=o.score + later,
                worth=o.worth + later,
                drops=o.drops,
                level=level,
                choice=AttackChoice(
                    choice.target, at, Mode.MELEE, big=SLOTTED_SPELL, upcast=_above(spell, level)
                ),
                spend=spend,
            )
        )
    return out


def later_worth(fight: Fight, now: float, each: float) -> float:
    """F7: what a spell that lasts does on the caster's later turns: HORIZON more times what
    it does now (`each`), no more than the foes have left after `now` (a fight of three rounds
    or more gives Spiritual Weapon about three more attacks; one goblin at 3 hit points
    gives it none)."""
    left = sum(m.current_hp for m in monsters(fight)) - now
    return max(0.0, min(HORIZON * each, left))


def _each(fight: Fight, hero: Hero, monster: Monster, attack: Attack) -> float:
    """D3, D4: one attack's expected damage at `monster`, past its hit points too."""
    roll, _ = roll_in_fight(fight, hero, monster, attack, Mode.MELEE)
    number = to_beat(fight, monster, ranged=False)
    if number is None:
        return 0.0
    chance = hit_chance(attack.to_hit, number, roll)
    mean = float(dice_mean(attack.damage, monster, magic=magical(hero, attack))[0])  # D6
    return chance * through_dr(fight, monster, mean) * attack.times


# --- Spirit Guardians (F5, F7) --------------------------------------------------------------


def guardians_option(fight: Fight, hero: Hero, spell: Attack) -> Option | None:
    """F5, F7 Spirit Guardians: cast when two foes or more are in the caster's mêlée group
    (the aura catches each as its turn starts there), worth each one's save damage for
    HORIZON rounds, no more than its hit points; not while the aura is up, and not over a
    concentration that holds more (`keeps_concentration`: the aura holds the foes it
    catches)."""
    if any(e.aura and e.who == hero.name for e in fight.effects):
        return None
    caught = caught_by_aura(fight, hero)
    cast = _spend_for(hero, spell)
    if len(caught) < 2 or cast is None or not keeps_concentration(fight, hero, spell, caught):
        return None
    level, spend = cast
    at = spell.at_slot(level) if level else spell
    foes = [fight.monster(n) for n in caught]
    each = [min(HORIZON * save_damage(at, m), m.current_hp) for m in foes]
    return Option(
        score=sum(each),
        worth=sum(each),
        drops=0,  # it hurts nobody when cast
        level=level,
        choice=SpellChoice(at, (), (), SLOTTED_SPELL, upcast=_above(spell, level)),
        spend=spend,
    )


def caught_by_aura(fight: Fight, hero: Hero) -> list[str]:
    """F7: the foes an aura on `hero` catches: those in its mêlée group."""
    group = fight.group_of(hero.name)
    if group is None:
        return []
    return [m.name for m in monsters(fight) if m.name in group.members]


# --- Bless (F7) -----------------------------------------------------------------------------


def bless_option(fight: Fight, hero: Hero, spell: Attack) -> Option | None:
    """F5, F7 Bless: on the allies who attack most (`attack_output`), up to its count, when
    the party fights three foes or more, in round 1 or with no concentration held; worth a
    d4's share of their attacks (BLESS_GAIN) for HORIZON rounds."""
    assert spell.effect is not None
    foes = monsters(fight)
    if len(foes) < BLESS_FOES or not (fight.round == 1 or not concentrating(fight, hero)):
        return None
    side = [h for h in fight.heroes if in_fight(h) and h.current_hp > 0]
    blessed = {e.who for e in fight.effects if e.what == spell.name}
    side = [h for h in side if h.name not in blessed]
    chosen = sorted(side, key=lambda h: (-attack_output(h), h.name))[: spell.effect.allies]
    targets = tuple(h.name for h in chosen)
    cast = _spend_for(hero, spell)
    if not targets or cast is None or not keeps_concentration(fight, hero, spell, list(targets)):
        return None
    level, spend = cast
    worth = HORIZON * BLESS_GAIN * sum(attack_output(h) for h in chosen)
    return _boon(spell, targets, worth, level, spend)


def attack_output(hero: Hero) -> float:
    """What a hero's best weapon or cantrip deals in a round if every roll hits: its average damage
    times its attacks (Extra Attack), Sneak Attack's dice once; what Bless is weighed on."""
    free = [a for a in hero.attacks if not a.slot and a.effect is None]  # every round's
    damage = [a.damage.average * a.times for a in free if a.cost is Cost.ACTION]
    sneak = hero.sneak_attack.average if hero.sneak_attack is not None else 0.0
    return max(damage, default=0.0) + sneak


# --- Sleep (F7) -----------------------------------------------------------------------------


def sleep_option(fight: Fight, hero: Hero, spell: Attack) -> Option | None:
    """F7 Sleep: over the foes its area takes (E1, E3: whole groups first, the foes it can
    cover first), cast when its average pool puts two or more to sleep (lowest hit points
    first, not undead: `rules.spell_effects.sleepers`); each asleep counts as dropped."""
    assert spell.effect is not None and spell.effect.sleep is not None
    cast = _spend_for(hero, spell)
    if cast is None or spell.area is None:
        return None
    level, spend = cast
    at = spell.at_slot(level) if level else spell  # F7: +2d8 a slot above 1st
    assert at.effect is not None and at.effect.sleep is not None
    pool = at.effect.sleep.average
    covered = [m for m in monsters(fight) if sleepers(fight, (m.name,), int(pool))]
    worth = {m.name: float(m.current_hp) for m in covered}
    targets = area_targets(fight, spell, list(worth), worth)
    asleep = sleepers(fight, tuple(targets), int(pool))
    if len(asleep) < 2:
        return None
    hp = sum(fight.monster(n).current_hp for n in asleep)
    return Option(
        score=hp + 5.0 * len(asleep),
        worth=float(hp),
        drops=len(asleep),
        level=level,
        choice=SpellChoice(
            at, tuple(targets), (), SLOTTED_SPELL, area_words(spell), _above(spell, level)
        ),
        spend=spend,
    )


def area_words(spell: Attack) -> str:
    assert spell.area is not None
    return area_said(spell.area, target_count(spell.area))


# --- Shield of Faith (F1, F7) ---------------------------------------------------------------


def shield_of_faith(fight: Fight, hero: Hero, action_concentrates: bool) -> Option | None:
    """F1, F7 Shield of Faith, the bonus action when nothing better is open: on the ally most
    attacked (the most foes in its mêlée group; ties: the lower AC), with a slot left and no
    concentration held nor begun by the turn's action; worth SHIELD_GAIN of those foes'
    expected damage for HORIZON rounds."""
    if concentrating(fight, hero) or action_concentrates:
        return None
    spell = next(
        (a for a in hero.attacks if a.effect is not None and a.effect.ac and a.cost is _BONUS),
        None,
    )
    if spell is None or (cast := _spend_for(hero, spell)) is None:
        return None
    shielded = {e.who for e in fight.effects if e.what == spell.name}
    side = [h for h in fight.heroes if in_fight(h) and h.current_hp > 0 and h.name not in shielded]
    pressed = [(h, _foes_on(fight, h)) for h in side]
    pressed = [(h, foes) for h, foes in pressed if foes]
    if not pressed:
        return None
    ally, foes = max(pressed, key=lambda p: (len(p[1]), -p[0].ac, p[0].name == hero.name))
    level, spend = cast
    worth = HORIZON * SHIELD_GAIN * sum(_foe_output(f) for f in foes)
    return _boon(spell, (ally.name,), worth, level, spend)


def _boon(
    spell: Attack, targets: tuple[str, ...], worth: float, level: int, spend: Spend
) -> Option:
    """A spell on allies (Bless, Shield of Faith) as an option: worth what it adds over its
    rounds, dropping no foe, cast at `level`."""
    at = spell.at_slot(level) if level else spell
    choice = SpellChoice(at, targets, (), SLOTTED_SPELL, upcast=_above(spell, level))
    return Option(score=worth, worth=worth, drops=0, level=level, choice=choice, spend=spend)


def _foes_on(fight: Fight, hero: Hero) -> list[Monster]:
    group = fight.group_of(hero.name)
    if group is None:
        return []
    return [m for m in monsters(fight) if m.name in group.members]


def _foe_output(monster: Monster) -> float:
    return max((a.damage.average * a.times for a in monster.attacks), default=0.0)
