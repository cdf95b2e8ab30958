"""The hero policy's spells: which slot a spell is worth (F7, T1), which foes an area takes
(E1, E3, E4), and when a new concentration spell is worth breaking the one held (F5).

Every option the policy weighs is an `Option`: what it can be expected to do now, and what it
costs. The rules written down for a DM are in docs/policy.md, keyed by the same rule ids.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from lnf.engine.decisions import AttackChoice, SpellChoice
from lnf.errors import Refused
from lnf.model import SLOT, Attack, CDot, Condition, Fight, Hero, Monster
from lnf.model.plan import Advantage
from lnf.rules.areas import area_groups, area_said, target_count
from lnf.rules.carapace import reflective
from lnf.rules.concentration import concentrating, lasting_on
from lnf.rules.expected import dice_mean
from lnf.rules.legal import verify_area, verify_spell_reach
from lnf.rules.resources import SLOTTED_SPELL, slot_for
from lnf.rules.roster import in_fight, monsters
from lnf.values import replace, value

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_ADVANTAGE = Advantage.ADVANTAGE
_DISADVANTAGE = Advantage.DISADVANTAGE

Spend = tuple[tuple[str, int], ...]

# F7, T1: the damage a slot must add, per slot level, over the best free option (a weapon or
# a cantrip) to be spent on it: a slot is a day's resource, spent where it does a slot's work.
SLOT_WORTH = 5.0
# F4, F7: the rounds a spell that lasts is weighed over (Spiritual Weapon's later attacks,
# Spirit Guardians' aura, Bless): a fight of three rounds or more.
HORIZON = 3
# F3, F6: a condition a spell imposes, as the share of the foe's hit points it is worth: out
# of the fight (paralyzed, asleep) as good as dropped while it lasts; restrained (advantage
# against it, its own attacks at disadvantage) half; outlined (advantage against it) 0.4.
CONDITION_SHARE = {
    Condition.PARALYZED: 1.0,
    Condition.UNCONSCIOUS: 1.0,
    Condition.RESTRAINED: 0.5,
    Condition.OUTLINED: 0.4,
}
# Policy (F5): an ally under the caster's concentration (Bless, Shield of Faith) counts half a
# foe held, so that Spirit Guardians over two foes takes the place of a Bless.
ALLY_HOLD = 0.5
OUT_OF_IT = (Condition.PARALYZED, Condition.UNCONSCIOUS)  # F3: it takes no action already
# Policy (F3): a spell that only imposes a condition is cast at a foe that fails its save at
# least this often (a fair chance).
FAIR = 0.5


@value(kw_only=True)
class Option:
    """One thing the hero could do with its action (or bonus action) now. `score` ranks it
    against the free options (expected damage, plus the focus on a foe near dropping);
    `worth` is the expected damage that counts (no more than each target has left); `drops`
    the foes it is expected to drop; `level` the slot it spends (0: none)."""

    score: float
    worth: float
    drops: int
    level: int
    choice: AttackChoice | SpellChoice
    spend: Spend = ()

    @property
    def net(self) -> float:
        """What it does less what its slot is worth (F7): how slots are compared."""
        return self.worth - SLOT_WORTH * self.level


def best_option(options: list[Option]) -> Option | None:
    """F7, T1: the best free option, unless a slotted one does a slot's work: it drops a foe
    no free option would, or adds SLOT_WORTH damage per slot level over the most a free option
    does. Among slotted options worth their slot, the one that does most for its slot (the
    lower slot on a tie). With nothing free open, the slotted option that does most for its
    slot."""
    free = [o for o in options if not o.level]
    best_free = max(free, key=lambda o: o.score, default=None)
    drops = max((o.drops for o in free), default=0)
    worth = max((o.worth for o in free), default=0.0)
    slotted = [o for o in options if o.level]
    worthy = [o for o in slotted if best_free is None or worth_a_slot(o, drops, worth)]
    if worthy:
        return max(worthy, key=lambda o: (o.net, -o.level, o.score))
    return best_free


def worth_a_slot(slotted: Option, drops: int, worth: float) -> bool:
    """F7, T1: a slot is spent to drop a foe the free options would not (they drop `drops`),
    or for SLOT_WORTH more damage per slot level than their best (`worth`): a 3rd-level
    Fireball on four goblins, yes; on one goblin at 3 hit points, no."""
    if slotted.drops > drops:
        return True
    return slotted.worth - worth >= SLOT_WORTH * slotted.level


def worth_alone(option: Option) -> bool:
    """F7: an option with nothing free to set against it (a bonus action otherwise unused) is
    worth its slot when it drops a foe or does SLOT_WORTH damage per slot level."""
    return option.drops > 0 or option.worth >= SLOT_WORTH * option.level


def slot_levels(hero: Hero, spell: Attack) -> list[tuple[int, Spend]]:
    """F7: the levels the hero can cast `spell` at now, each with the slot it spends, lowest
    first; a hero whose slots are not counted casts it at its own level, spending nothing."""
    if not spell.slot:
        return [(0, ())]
    try:
        lowest = slot_for(hero, spell.slot)
    except Refused:
        return []
    if lowest is None:
        return [(spell.slot, ())]
    free = sorted(
        int(r.name.removeprefix(SLOT))
        for r in hero.resources
        if r.name.startswith(SLOT) and r.left > 0 and int(r.name.removeprefix(SLOT)) >= spell.slot
    )
    return [(level, ((f"{SLOT}{level}", 1),)) for level in free]


def at_best_slot(
    hero: Hero, spell: Attack, option_at: Callable[[Attack, int, Spend], Option | None]
) -> Option | None:
    """F7 upcasting: the spell at the lowest free slot, and at a higher one only when that
    changes the outcome (it is expected to drop more foes); `option_at` weighs the spell as
    cast with a slot level and its spend."""
    if not spell.slot:  # no slot to choose: `slot_levels`' one level, the spell as it is
        return option_at(spell, 0, ())
    best: Option | None = None
    for level, spend in slot_levels(hero, spell):
        option = option_at(spell.at_slot(level) if level else spell, level, spend)
        if option is None:
            continue
        if level > spell.slot:  # said as cast: "Guiding Bolt at 2nd level"
            option = replace(option, choice=replace(option.choice, upcast=level))
        if best is None or option.drops > best.drops:
            best = option
    return best


# --- save spells and areas (E1, E3, E4) ----------------------------------------------------


def save_options(fight: Fight, hero: Hero, spells: Iterable[Attack]) -> Iterable[Option]:
    """Save spells: at one foe, or as an area over the foes E3 lets it take; each at the slot
    `at_best_slot` picks, and a concentration spell only where `keeps_concentration` allows."""
    for spell in spells:
        if spell.save is None or spell.effect is not None:  # F7: an aura is no save spell
            continue
        for targets in spell_targets(fight, hero, spell):

            def option_at(cast: Attack, level: int, spend: Spend, t: list[str] = targets) -> Option:
                return save_option(fight, cast, t, level, spend)

            option = at_best_slot(hero, spell, option_at)
            if option is None or (spell.damage.maximum > 0 and option.worth <= 0):
                continue  # D6: none of its damage gets through (goblins immune to its fire)
            if keeps_concentration(fight, hero, spell, targets):
                yield option


def save_option(
    fight: Fight, spell: Attack, targets: list[str], level: int, spend: Spend
) -> Option:
    """What a save spell at `targets` can be expected to do (the damage rolled once, each
    target saving on its own)."""
    area = ""
    if spell.area is not None:
        area = area_said(spell.area, target_count(spell.area))
    each = [(save_worth(spell, fight.monster(t)), fight.monster(t).current_hp) for t in targets]
    expected = sum(e for e, _ in each)
    drops = sum(1 for e, hp in each if e >= hp)
    focus = 5.0 * drops + 0.01 * sum(100 - min(hp, 100) for _, hp in each)  # as for attacks
    big = SLOTTED_SPELL if level else ""
    return Option(
        score=expected + focus,
        worth=sum(min(e, hp) for e, hp in each),
        drops=drops,
        level=level,
        choice=SpellChoice(spell, tuple(targets), (), big, area),
        spend=spend,
    )


def spell_targets(fight: Fight, hero: Hero, spell: Attack) -> Iterable[list[str]]:
    """The foes a save spell is weighed against: each foe it reaches alone, or for an area
    the best set E1 and E3 allow (`area_targets`), when it holds two foes or more."""
    reach = [
        m.name
        for m in monsters(fight)
        if _reaches(fight, hero, spell, [m.name]) and not reflective(m, spell, None)  # B8
    ]
    if spell.area is None and not spell.damage.average:
        yield from ([f] for f in condition_target(fight, spell, reach))
        return
    if spell.area is None:
        yield from ([f] for f in reach)
        return
    targets = area_targets(fight, spell, reach)
    if len(targets) < min(2, target_count(spell.area)):
        return  # an area is for two foes or more: at one, the single-target spells do
    if _reaches(fight, hero, spell, targets):
        try:
            verify_area(fight, spell, targets, ())
        except Refused:
            return
        yield targets


def condition_target(fight: Fight, spell: Attack, reach: list[str]) -> list[str]:
    """F3, G3 Hold Person (a spell that only imposes a condition, on one foe): the most
    dangerous foe it reaches (`reach` holds none the spell cannot affect, F7: a humanoid, by
    the stat block's `type`, for Hold Person) that fails the save with a fair chance (FAIR), or
    nobody."""
    for name in reach:  # danger order (G3)
        m = fight.monster(name)
        if save_fails(spell, m) >= FAIR and save_worth(spell, m) > 0:
            return [name]
    return []


def area_targets(
    fight: Fight, spell: Attack, reach: list[str], worths: dict[str, float] | None = None
) -> list[str]:
    """E1, E3, E4: as many foes as the area holds, whole groups first (an unengaged foe is a
    group of one), the groups worth most first; then at most one group hit in part, its foes
    only. **Policy (E3):** no ally is ever caught — the policy does not sculpt (F2: a wizard's
    Sculpt Spells is said at the table) — so a group with an ally in it is only ever the one
    group hit in part, by its foes."""
    assert spell.area is not None
    count = target_count(spell.area)
    worth = (
        worths
        if worths is not None
        else {
            n: min(save_worth(spell, fight.monster(n)), fight.monster(n).current_hp) for n in reach
        }
    )
    whole: list[tuple[str, ...]] = []
    parts: list[list[str]] = []
    for _, members in area_groups(fight):
        foes = [n for n in members if n in worth]
        if not foes:
            continue
        if len(foes) == len(members):
            whole.append(tuple(foes))
        parts.append(sorted(foes, key=lambda n: -worth[n]))
    targets: list[str] = []
    for group in sorted(whole, key=lambda g: (-sum(worth[n] for n in g), g)):
        if len(targets) + len(group) <= count:
            targets += group
    room = count - len(targets)
    rest = [[n for n in p if n not in targets][:room] for p in parts]
    rest = [r for r in rest if r]
    if room and rest:
        targets += max(rest, key=lambda r: sum(worth[n] for n in r))
    return targets


def _reaches(fight: Fight, hero: Hero, spell: Attack, targets: list[str]) -> bool:
    try:
        verify_spell_reach(fight, hero, spell, targets)
    except Refused:
        return False
    return True


def save_damage(spell: Attack, target: Monster) -> float:
    """The damage a save spell can be expected to do to one target: all of it on a failed
    save, half (or nothing) on a success."""
    assert spell.save is not None
    fail = save_fails(spell, target)
    mean = float(dice_mean(spell.damage, target, magic=True)[0])  # D6: a spell is magical
    return mean * (fail + (1 - fail) * (0.5 if spell.half else 0.0))


def save_worth(spell: Attack, target: Monster) -> float:
    """F3, F6: a save spell's damage (`save_damage`) and the conditions a failed save brings,
    each worth its CONDITION_SHARE of the target's hit points, by the chance it fails (the
    callers count no more than the hit points it has)."""
    fail = save_fails(spell, target)
    out = any(c in target.conditions for c in OUT_OF_IT)  # nothing more to take from it
    share = max(
        (
            CONDITION_SHARE.get(c, 0.0)
            for r in spell.riders
            for c in r.conditions
            if c not in target.conditions and not out
        ),
        default=0.0,
    )
    return save_damage(spell, target) + fail * share * target.current_hp


def save_fails(spell: Attack, target: Monster) -> float:
    """The chance the target fails the spell's save (a d20 + its bonus against the DC)."""
    assert spell.save is not None
    ability, dc = spell.save
    return min(0.95, max(0.05, (dc - target.save_bonus(ability) - 1) / 20))


def hit_chance(bonus: int, ac: int, roll: Advantage) -> float:
    """D3, D4: the chance a d20 + bonus meets the AC (a 1 misses, a 20 hits)."""
    p = min(0.95, max(0.05, (21 - (ac - bonus)) / 20))
    if roll is _ADVANTAGE:
        return 1 - (1 - p) ** 2
    if roll is _DISADVANTAGE:
        return p * p
    return p


# --- concentration (F5) ---------------------------------------------------------------------


def held(fight: Fight, hero: Hero) -> float:
    """F5: how many creatures still in the fight the hero's concentration holds an effect on
    (a foe paralyzed or caught by the aura, an ally blessed). **Policy (F5):** an ally counts
    ALLY_HOLD (a d4 or +2 AC does less than a foe held), and a concentration lnf knows nothing
    of (a wanted C dot written in the file) counts as holding one."""
    on = {e.who for e in lasting_on(fight, hero.name) if e.who != hero.name}
    if any(e.aura for e in lasting_on(fight, hero.name)):  # F7: the foes the aura catches
        group = fight.group_of(hero.name)
        on |= {m.name for m in monsters(fight) if group is not None and m.name in group.members}
    standing = [fight.combatant(n) for n in on if n in fight and in_fight(fight.combatant(n))]
    if standing:
        return sum(ALLY_HOLD if c.side is hero.side else 1.0 for c in standing)
    if (
        concentrating(fight, hero)
        and hero.c_dot is CDot.WANTED
        and not lasting_on(fight, hero.name)
    ):
        return 1.0
    return 0.0


def would_hold(fight: Fight, spell: Attack, targets: list[str], caster: str = "") -> float:
    """F5, F6: how many of `targets` a concentration spell is expected to hold: those who
    fail its save, when it imposes a condition; all of them for an ally spell (Bless) or an
    aura (Spirit Guardians: the foes it catches)."""
    if spell.effect is not None and spell.effect.allies:
        return ALLY_HOLD * len([t for t in targets if t != caster])
    if spell.effect is not None and spell.effect.aura:
        return float(len(targets))
    if spell.save is None or not any(r.conditions for r in spell.riders):
        return 0.0
    return sum(save_fails(spell, fight.monster(t)) for t in targets)


def keeps_concentration(fight: Fight, hero: Hero, spell: Attack, targets: list[str]) -> bool:
    """F5: a new concentration spell ends the one held; the policy casts it only when the one
    held holds nobody, or the new one is expected to hold more creatures than it does."""
    if not spell.concentration:
        return True
    now = held(fight, hero)
    return now == 0 or would_hold(fight, spell, targets, hero.name) > now
