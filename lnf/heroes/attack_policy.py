"""The hero policy's attacks: what each weapon, cantrip or attack spell can be expected to do
to each foe it reaches now (D3, D4, R2, V-ACL1), with Sneak Attack, Extra Attack (`times`),
Action Surge and the slot it would spend (F7), as `Option`s for `spell_policy.best_option`."""

from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter, is_

from lnf.dice import DiceExpr
from lnf.engine.decisions import AttackChoice
from lnf.engine.resolve import with_extra
from lnf.errors import Refused
from lnf.heroes.smite_policy import smite_plan
from lnf.heroes.spell_policy import Option, Spend, at_best_slot, hit_chance, keeps_concentration
from lnf.model import Attack, Cost, Fight, Hero, Monster
from lnf.model.plan import Mode
from lnf.rules.acl import through_dr, to_beat
from lnf.rules.carapace import reflective
from lnf.rules.conditions import attacks_on_its_turn
from lnf.rules.damage import magical
from lnf.rules.darts import shield_stops, sure_hit
from lnf.rules.distance import roll_in_fight
from lnf.rules.expected import dice_mean
from lnf.rules.legal import attack_options
from lnf.rules.on_hit import marked_dice
from lnf.rules.resources import ACTION_SURGE, SLOTTED_SPELL, SNEAK_ATTACK, verify_sneak, verify_use

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_ACTION = Cost.ACTION
_RANGED = Mode.RANGED


def is_spell(attack: Attack) -> bool:
    return attack.spell or attack.save is not None or bool(attack.slot)


def attack_choices(
    fight: Fight,
    hero: Hero,
    only: Mode | None = None,
    cost: Cost = _ACTION,
    opened: frozenset[str] = frozenset(),
) -> Iterable[Option]:
    """Every attack of `cost` (the action's, or the bonus action's) at every foe it reaches,
    weighed; a slotted attack spell at the slot `at_best_slot` picks (F7). `opened`: the
    Attack action's attacks (lower case), whose bonus-action blows are open too (F1)."""
    for a in hero.attacks:
        if a.cost is cost:
            break
    else:
        return  # F1: none of that cost (most heroes have no bonus-action blow): nothing to weigh
    danger = {m.name: i for i, m in enumerate(fight.monsters)}
    for monster, attack, mode in attack_options(fight, hero, opened):
        if (only is not None and mode is not only) or attack.cost is not cost or attack.save:
            continue
        if attack.effect is not None:
            continue  # F7: a spell with an effect is the table's to cast, not yet the policy's
        if reflective(monster, attack, mode):
            continue  # B8: the tarrasque's Reflective Carapace: it would do nothing, or worse
        if attack.concentration and not keeps_concentration(fight, hero, attack, [monster.name]):
            continue  # F5: it would break a concentration that holds more

        def option_at(
            cast: Attack, level: int, spend: Spend, m: Monster = monster, md: Mode = mode
        ) -> Option | None:
            return attack_option(fight, hero, m, cast, md, level, spend, danger[m.name])

        option = at_best_slot(hero, attack, option_at)
        if option is not None:
            yield option


def attack_option(
    fight: Fight,
    hero: Hero,
    monster: Monster,
    attack: Attack,
    mode: Mode,
    level: int,
    spend: Spend,
    danger: int,
) -> Option | None:
    roll, _ = roll_in_fight(fight, hero, monster, attack, mode)
    number = to_beat(fight, monster, ranged=mode is _RANGED)  # AC or Hit DC (V-ACL1)
    if number is None:
        return None  # total cover (V-ACL2)
    # F7, B3: Magic Missile's darts hit without a roll, for nothing while a Shield is up (F1)
    if sure_hit(attack):
        chance = 0.0 if shield_stops(fight, monster.name, attack) else 1.0
    else:
        chance = hit_chance(attack.to_hit, number, roll)
    times = attacks_on_its_turn(hero, attack.times)  # F3: slowed, one attack
    mean = _mean(attack.damage, monster, magical(hero, attack))  # D6
    hit = through_dr(fight, monster, mean)
    if (mark := marked_dice(fight, hero, monster, attack)) is not None:
        hit += extra_mean(hero, monster, attack, mark)  # F7 Hunter's Mark: each hit
    each = chance * hit
    expected = each * times
    spent = list(spend)
    if attack.spends:  # a use of the sheet each use spends (Flurry of Blows: Ki)
        try:
            spent.append((verify_use(hero, attack.spends) or attack.spends, 1))
        except Refused:
            return None
    extra = None
    if hero.sneak_attack is not None and attack.cost is _ACTION:
        try:
            verify_sneak(fight, hero, monster, attack, roll)
            extra = hero.sneak_attack
            expected += (1 - (1 - chance) ** times) * extra_mean(hero, monster, attack, extra)
        except Refused:
            pass
    smite = smite_plan(hero, monster, attack, mode, roll, hit, times, number)
    if smite is not None:  # F2 Divine Smite: docs/policy.md, heroes.smite_policy
        expected += smite[2]
    if expected <= 0 and attack.damage.maximum > 0:
        return None  # D6: none of its damage gets through (a wererat, a nonmagical sword)
    surge = _surges(hero, monster, attack, expected, times)
    surged = 0
    if surge is not None:
        spent.append(surge)
        surged, expected = times, expected + each * times
        times *= 2
    hp = monster.current_hp
    # The foe nearest to dropping first: one this attack would likely drop above all, then
    # by hit points left (a small bonus), then the danger (G3).
    finish = 5.0 if expected >= hp else 0.0
    focus = finish + 0.01 * (100 - min(hp, 100)) - 0.0001 * danger
    big = SNEAK_ATTACK if extra is not None else ACTION_SURGE if surge else ""
    big = big or (SLOTTED_SPELL if level else "")
    return Option(
        score=expected + focus,
        worth=min(expected, hp),
        drops=1 if expected >= hp else 0,
        level=level,
        choice=attack_choice(monster.name, attack, mode, extra, big, times, surged, smite),
        spend=tuple(spent),
    )


# The policy weighs every attack at every foe on every hero's turn, and most of what it weighs
# it weighed the turn before: the same foe, the same attack, the same mode. An `AttackChoice`
# is a frozen value, so one made before with the same fields is as good as a new one; they are
# remembered by the fields (the attack and the extra dice by identity, the objects kept beside
# the choice, so their ids are not reused while remembered).
_CHOICES: dict[tuple[object, ...], AttackChoice] = {}
_CHOICES_SIZE = 4096  # choices remembered before the memo starts afresh


def attack_choice(
    target: str,
    attack: Attack,
    mode: Mode,
    extra: DiceExpr | None,
    big: str,
    times: int,
    surged: int = 0,
    smite: tuple[int, bool, float] | None = None,
) -> AttackChoice:
    """`AttackChoice(target, attack, mode, extra, big, times, surged=surged)` with the smite
    planned (F2), remembered."""
    level, critical = (smite[0], smite[1]) if smite is not None else (0, False)
    key = (target, id(attack), mode, id(extra), big, times, surged, level, critical)
    seen = _CHOICES.get(key)
    if seen is None or seen.attack is not attack or seen.extra is not extra:
        if len(_CHOICES) >= _CHOICES_SIZE:
            _CHOICES.clear()
        seen = _CHOICES[key] = AttackChoice(
            target,
            attack,
            mode,
            extra,
            big,
            times,
            surged=surged,
            smite=level,
            smite_critical=critical,
        )
    return seen


# `dice_mean` remembered by the identity of the foe and of the dice: the same frozen monster
# (a fight after an event shares every combatant it left alone) and the same attack's dice give
# the same mean, and the policy weighs each attack at each foe on every hero's turn. The objects
# are kept beside the answer, so their ids are not reused while remembered.
_MEANS: dict[tuple[int, int, bool], tuple[Monster, DiceExpr, float]] = {}
_MEANS_SIZE = 4096  # answers remembered before the memo starts afresh
# A foe hit since is a new value, but it shares with the foe before every field the hit left
# alone: D6's defences (`defence_factor` reads these fields of a monster and no other) are
# the same objects, so the mean is too. Remembered by their identity, the objects kept.
_DEFENCES = ("traits", "immune", "resist", "vulnerable", "effects", "conditions")
_BY_DEFENCES: dict[tuple[int, ...], tuple[tuple[object, ...], float]] = {}
_READ_DEFENCES = attrgetter(*_DEFENCES)


def extra_mean(hero: Hero, monster: Monster, attack: Attack, extra: DiceExpr) -> float:
    """D6: what extra dice (Sneak Attack's, F7 Hunter's Mark's) add to a hit of `attack` on
    `monster` on average, of the weapon's damage type as the engine rolls them (`with_extra`),
    after the foe's defences: a wererat takes nothing of them on a nonmagical arrow."""
    magic = magical(hero, attack)
    return _mean(with_extra(attack, extra), monster, magic) - _mean(attack.damage, monster, magic)


def _mean(damage: DiceExpr, monster: Monster, magic: bool) -> float:
    """D6: `dice_mean`'s mean damage of `damage` at `monster`, remembered."""
    key = (id(monster), id(damage), magic)
    seen = _MEANS.get(key)
    if seen is None or seen[0] is not monster or seen[1] is not damage:
        if len(_MEANS) >= _MEANS_SIZE:
            _MEANS.clear()
        seen = _MEANS[key] = (monster, damage, _defended_mean(damage, monster, magic))
    return seen[2]


def _defended_mean(damage: DiceExpr, monster: Monster, magic: bool) -> float:
    """`dice_mean` remembered by the identity of the dice and of the monster's defences."""
    held = (damage, *_READ_DEFENCES(monster))
    key = (int(magic), *map(id, held))
    seen = _BY_DEFENCES.get(key)
    if seen is None or not all(map(is_, seen[0], held)):  # the very objects, each
        if len(_BY_DEFENCES) >= _MEANS_SIZE:
            _BY_DEFENCES.clear()
        mean, _ = dice_mean(damage, monster, magic=magic)
        seen = _BY_DEFENCES[key] = (held, float(mean))
    return seen[1]


def _surges(
    hero: Hero, monster: Monster, attack: Attack, expected: float, times: int
) -> tuple[str, int] | None:
    """5e Action Surge: a second action of the same attacks (Extra Attack's `times` again, so a
    level-5 fighter makes four) when the foe would outlast one action's blows; never on a
    slotted spell (a second cast needs a second slot) nor a bonus-action attack, nor when
    slowed (F3: one attack a turn, the second action's swings lost)."""
    if expected >= monster.current_hp or attack.slot or attack.cost is not _ACTION:
        return None
    if attacks_on_its_turn(hero, times * 2) == times:  # F3
        return None
    if hero.resource(ACTION_SURGE) is None:
        return None
    try:
        return (verify_use(hero, ACTION_SURGE) or ACTION_SURGE, 1)
    except Refused:
        return None
