"""The hero policy: what a hero does when no player or script says (`lnf run`, `auto`), played
as a sensible player would, the same for the same fight:

1. **A dying ally first.** An ally at 0 hit points and still rolling death saves (D9) is healed
   by the first hero who can: a healing spell with a free slot, a potion, Lay on Hands.
2. **Bonus actions that matter.** A raging barbarian hits harder and takes less: Rage as soon
   as it fights; Second Wind at half hit points or less.
3. **The best attack for the situation**, by the damage it can be expected to do now (the
   chance to hit against the AC or to fail the save, advantage and disadvantage included, R2's
   disadvantage from the front rank too): weapons and cantrips first; a slotted spell only when
   it drops a foe the free options would not, or hits two foes or more with one area, or when
   nothing free reaches. Among the foes it can hurt it focuses the one nearest to dropping
   (ties: the more dangerous, G3). Sneak Attack goes on the first hit whenever 5e allows it;
   Action Surge when the foe would outlast one round of blows.
4. **Else close in**: an unengaged front-rank hero with a mêlée weapon joins the most dangerous
   foe it can hit (M5); a guarded caster stays in the back rank (R4, R5) and shoots.
5. **Dodge** only when nothing above is open.

Under the AC-less variant (V-ACL) the chance is against the Hit DC, the damage counts after DR,
and every surge die goes on the damage of the first hit, as lnf's monsters spend theirs.

Heroes always take an opportunity attack when a foe leaves their group (M6). In a chase they
commit speed as monsters do (`speed_policy`); heroes free to give chase do.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from lnf.engine.chasing import speed_policy
from lnf.engine.decisions import (
    AttackChoice,
    BonusChoice,
    HealChoice,
    SimpleChoice,
    SpellChoice,
    TurnChoice,
)
from lnf.errors import Refused
from lnf.model import Action, Attack, Fight, Guard, Hero, Monster, Rank
from lnf.model.events import Moved
from lnf.model.plan import Advantage, Mode
from lnf.rules.acl import acl, through_dr, to_beat
from lnf.rules.areas import area_groups, target_count
from lnf.rules.attacks import has_melee
from lnf.rules.chase import in_chase
from lnf.rules.distance import roll_in_fight
from lnf.rules.group_changes import moved
from lnf.rules.healing import verify_reaches
from lnf.rules.legal import (
    attack_options,
    join_targets,
    verify_area,
    verify_join,
    verify_spell_reach,
)
from lnf.rules.resources import (
    ACTION_SURGE,
    LAY_ON_HANDS,
    RAGE,
    SECOND_WIND,
    SNEAK_ATTACK,
    slot_for,
    verify_sneak,
    verify_use,
)
from lnf.rules.roster import downed, monsters


class PolicyHeroes:
    """The hero policy decides every hero's turn (lnf run, play's `auto`)."""

    at_table = False

    def choose(self, fight: Fight, hero: Hero) -> TurnChoice | None:
        return policy_choice(fight, hero)

    def takes_opportunity(self, fight: Fight, hero: Hero, foe: Monster) -> bool:
        return True

    def takes_guard(self, fight: Fight, hero: Hero, foe: Monster, guard: Guard) -> bool:
        return True  # F1, as monsters do: whenever it turns the hit

    def dashes(self, fight: Fight, hero: Hero) -> int:
        return speed_policy(fight, hero)

    def pursues(self, fight: Fight, hero: Hero, foe: Monster) -> bool:
        return True  # every hero free to give chase does (C1, rules.chase.free_to_pursue)

    def tells_to_flee(self, fight: Fight, monster: Monster) -> bool:
        return False


def policy_choice(fight: Fight, hero: Hero) -> TurnChoice:
    choice = _choice(fight, hero)
    if isinstance(choice.action, AttackChoice) and acl(fight) and hero.surge:
        # V-ACL6: like lnf's monsters, every surge die on the damage of the first hit
        choice = replace(choice, action=replace(choice.action, force=hero.surge))
    return choice


def _choice(fight: Fight, hero: Hero) -> TurnChoice:
    heal = _heal_the_dying(fight, hero)
    if heal is not None:
        return heal
    bonus = _bonus(fight, hero)
    now = _best_action(fight, hero)
    closing = _close_in(fight, hero)
    if closing is not None and (now is None or closing[0] > now[0]):
        return TurnChoice(closing[1], closing[2], spend=closing[3], bonus=bonus)
    if now is not None:
        return TurnChoice(action=now[1], spend=now[2], bonus=bonus)
    return TurnChoice(action=SimpleChoice(Action.DODGE), bonus=bonus)


def _close_in(
    fight: Fight, hero: Hero
) -> tuple[float, tuple[Moved, ...], AttackChoice | SpellChoice, Spend] | None:
    """4: an unengaged front-rank hero with a mêlée weapon joins the most dangerous foe it can
    hit, and hits it — worth more than shooting at R2's disadvantage from where it stands."""
    joinable = fight.phase.kind.melee_possible and fight.group_of(hero.name) is None
    if not joinable or not has_melee(hero) or hero.rank is not Rank.FRONT:
        return None
    if in_chase(fight, hero.name):
        return None
    open_ = join_targets(fight, hero)
    danger = [m.name for m in fight.monsters]
    for monster in sorted(_monsters_by_spot(fight, open_), key=danger.index):
        move = verify_join(fight, hero, monster)
        after = moved(fight, move)
        follow = _best_action(after, after.hero(hero.name), only=Mode.MELEE)
        if follow is not None:
            return follow[0], (move,), follow[1], follow[2]
    return None


# --- 1. a dying ally ------------------------------------------------------------------------


def _heal_the_dying(fight: Fight, hero: Hero) -> TurnChoice | None:
    dying = [h for h in fight.heroes if h.name != hero.name and downed(h) and not h.stable]
    if not dying or hero.current_hp == 0:
        return None
    target = min(dying, key=lambda h: (-h.death_saves[1], h.name))  # the nearest to death
    for heal in hero.heals:
        try:
            verify_reaches(fight, hero, target.name, heal.name)  # G5: a touch needs the group
            if heal.slot:
                slot = slot_for(hero, heal.slot)
                spend = ((slot, 1),) if slot is not None else ()
            elif hero.resource(heal.name) is not None:
                spend = ((verify_use(hero, heal.name) or heal.name, 1),)
            else:
                continue  # a potion the sheet has none of
        except Refused:
            continue
        chosen = HealChoice(target.name, heal.dice, heal.name, heal.cost, heal.slot)
        return TurnChoice(action=chosen, spend=spend)
    pool = hero.resource(LAY_ON_HANDS)
    if pool is not None and pool.left > 0:
        try:
            verify_reaches(fight, hero, target.name, LAY_ON_HANDS)
        except Refused:
            return None
        from lnf.dice import parse

        points = min(pool.left, target.hp)
        return TurnChoice(
            action=HealChoice(target.name, parse(str(points)), LAY_ON_HANDS),
            spend=((pool.name, points),),
        )
    return None


# --- 2. bonus actions -------------------------------------------------------------------------


def _bonus(fight: Fight, hero: Hero) -> BonusChoice | None:
    try:
        if RAGE not in hero.effects and fight.group_of(hero.name) and hero.resource(RAGE):
            verify_use(hero, RAGE)
            return BonusChoice(RAGE)
        if hero.resource(SECOND_WIND) and hero.current_hp * 2 <= hero.hp:
            verify_use(hero, SECOND_WIND)
            from lnf.dice import parse

            return BonusChoice(SECOND_WIND, parse(f"1d10+{hero.level or 1}"))
    except Refused:
        return None
    return None


# --- 3. the best action -----------------------------------------------------------------------

Spend = tuple[tuple[str, int], ...]
Option = tuple[float, bool, AttackChoice | SpellChoice, Spend]  # (expected, slotted, …)


def _best_action(
    fight: Fight, hero: Hero, only: Mode | None = None
) -> tuple[float, AttackChoice | SpellChoice, Spend] | None:
    """The most damaging thing the hero can do now, free options first (see the module), with
    the damage it can be expected to do."""
    options = list(_attack_options(fight, hero, only))
    if only is None:
        options += list(_spell_options(fight, hero))
    if not options:
        return None
    free = [o for o in options if not o[1]]
    best_free = max(free, key=lambda o: o[0], default=None)
    slotted = [o for o in options if o[1]]
    for o in sorted(slotted, key=lambda o: -o[0]):
        if best_free is None or _worth_a_slot(fight, o, best_free):
            return o[0], o[2], o[3]
    assert best_free is not None
    return best_free[0], best_free[2], best_free[3]


def _worth_a_slot(fight: Fight, slotted: Option, free: Option) -> bool:
    """A slot is spent to drop a foe the free option would not, or on an area of two foes."""
    choice = slotted[2]
    if isinstance(choice, SpellChoice):
        return len(choice.targets) >= 2 and slotted[0] > free[0]
    target = fight.monster(choice.target)
    return slotted[0] >= target.current_hp > free[0]


def _attack_options(fight: Fight, hero: Hero, only: Mode | None) -> Iterable[Option]:
    danger = {m.name: i for i, m in enumerate(fight.monsters)}
    for monster, attack, mode in attack_options(fight, hero):
        if (only is not None and mode is not only) or attack.effect is not None:
            continue  # F7: a spell with an effect is the table's to cast, not yet the policy's
        roll, _ = roll_in_fight(fight, hero, monster, attack, mode)
        number = to_beat(fight, monster, ranged=mode is Mode.RANGED)  # AC or Hit DC (V-ACL1)
        if number is None:
            continue  # total cover (V-ACL2)
        chance = _hit_chance(attack.to_hit, number, roll)
        times = attack.times
        expected = chance * through_dr(fight, monster, attack.damage.average) * times
        spend: list[tuple[str, int]] = []
        try:
            if attack.slot:
                slot = slot_for(hero, attack.slot)
                spend += [(slot, 1)] if slot is not None else []
        except Refused:
            continue
        extra = None
        if hero.sneak_attack is not None:
            try:
                verify_sneak(fight, hero, monster, attack, roll)
                extra = hero.sneak_attack
                expected += (1 - (1 - chance) ** times) * extra.average
            except Refused:
                pass
        surge = False
        if expected < monster.current_hp and hero.resource(ACTION_SURGE) is not None:
            try:
                spend.append((verify_use(hero, ACTION_SURGE) or ACTION_SURGE, 1))
                surge, times, expected = True, times * 2, expected * 2
            except Refused:
                pass
        # The foe nearest to dropping first: one this attack would likely drop above all, then
        # by hit points left (a small bonus), then the danger (G3).
        finish = 5.0 if expected >= monster.current_hp else 0.0
        focus = finish + 0.01 * (100 - min(monster.current_hp, 100)) - 0.0001 * danger[monster.name]
        big = SNEAK_ATTACK if extra is not None else ACTION_SURGE if surge else ""
        big = big or ("a slotted spell" if attack.slot else "")
        choice = AttackChoice(monster.name, attack, mode, extra, big, times)
        yield (expected + focus, bool(attack.slot), choice, tuple(spend))


def _spell_options(fight: Fight, hero: Hero) -> Iterable[Option]:
    """Save spells: one foe, or an area over whole groups (E3), the groups with most foes."""
    for spell in hero.attacks:
        if spell.save is None or spell.effect is not None:  # F7: an aura is no save spell
            continue
        spend: Spend = ()
        try:
            if spell.slot:
                slot = slot_for(hero, spell.slot)
                spend = ((slot, 1),) if slot is not None else ()
        except Refused:
            continue
        for targets in _spell_targets(fight, spell):
            try:
                verify_spell_reach(fight, hero, spell, targets)
                area = ""
                if spell.area is not None:
                    count = verify_area(fight, spell, targets, ())
                    area = f"{spell.area}, {count} target{'s' if count != 1 else ''}"
            except Refused:
                continue
            expected = sum(_save_damage(spell, fight.monster(t)) for t in targets)
            big = "a slotted spell" if spell.slot else ""
            yield (
                expected,
                bool(spell.slot),
                SpellChoice(spell, tuple(targets), (), big, area),
                spend,
            )


def _spell_targets(fight: Fight, spell: Attack) -> Iterable[list[str]]:
    foes = [m.name for m in monsters(fight)]
    if spell.area is None:
        yield from ([f] for f in foes)
        return
    count = target_count(spell.area)
    for _, members in area_groups(fight):
        targets = [n for n in members if n in foes]
        allies = [n for n in members if n not in foes]
        if targets and not allies and len(targets) <= count:
            yield targets


def _save_damage(spell: Attack, target: Monster) -> float:
    assert spell.save is not None
    ability, dc = spell.save
    fail = min(0.95, max(0.05, (dc - target.save_bonus(ability) - 1) / 20))
    return spell.damage.average * (fail + (1 - fail) * (0.5 if spell.half else 0.0))


def _hit_chance(bonus: int, ac: int, roll: Advantage) -> float:
    """D3, D4: the chance a d20 + bonus meets the AC (a 1 misses, a 20 hits)."""
    p = min(0.95, max(0.05, (21 - (ac - bonus)) / 20))
    if roll is Advantage.ADVANTAGE:
        return 1 - (1 - p) ** 2
    if roll is Advantage.DISADVANTAGE:
        return p * p
    return p


def _monsters_by_spot(fight: Fight, open_: list[str]) -> list[str]:
    names = []
    for m in fight.monsters:
        group = fight.group_of(m.name)
        if (group is not None and group.label in open_) or m.name in open_:
            names.append(m.name)
    return names
