"""Who can attack whom (A1–A4, R2, R3, R5, R7) and with what roll (core-d20 D4).

`mode_needs` says, for one monster, hero and mode, which spot and ranks the monster must end
in; the solver turns that into constraints and the validator checks plans against it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lnf.dice import DiceExpr, Part, parse
from lnf.errors import Violation
from lnf.model import (
    N_CONDITIONS,
    AltUse,
    Attack,
    BackReason,
    Condition,
    Fight,
    Flag,
    Hero,
    HouseRule,
    Monster,
    Rank,
)
from lnf.model.plan import Advantage, Mode
from lnf.rules.acl import wounded_eye
from lnf.rules.ammunition import can_shoot, within_pieces
from lnf.rules.conditions import attacks_on_its_turn
from lnf.rules.heads import bites
from lnf.rules.moves import Place, Spot, hero_spot
from lnf.rules.ranks import breaks_guards, can_fly_now, melee_rank
from lnf.rules.roster import downed, heroes
from lnf.rules.target_order import target_order
from lnf.rules.traits import reckless
from lnf.values import by_identity, replace, value

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_ADVANTAGE = Advantage.ADVANTAGE
_BLURRED = Condition.BLURRED
_DISADVANTAGE = Advantage.DISADVANTAGE
_HIDDEN = Flag.HIDDEN
_INVISIBLE = Condition.INVISIBLE
_NORMAL = Advantage.NORMAL
_OUTLINED = Condition.OUTLINED
_PRONE = Condition.PRONE
_UNCONSCIOUS = Condition.UNCONSCIOUS

if TYPE_CHECKING:
    from fractions import Fraction

UNENGAGED = "unengaged"  # mode_needs spot marker for A2: the attacker ends in no group


# P1: a combatant whose file lists no attacks still fights (claws, fists): this strike.
UNARMED = Attack(name="Unarmed strike", damage=parse("1 bludgeoning"))


def half_hp(c: Hero | Monster) -> bool:
    """B8 (a swarm's bites): "half of its hit points or fewer", its hit points now at most half
    its maximum (11 of 22; 10 of 21)."""
    return c.current_hp * 2 <= c.hp


def used_damage(
    attack: Attack, mode: Mode, attacker: Hero | Monster, target: Hero | Monster | None = None
) -> Attack:
    """D6, B6: the damage an attack deals as it is used now, the one rule the engine rolls and
    the plan's expected damage counts: a thrown weapon thrown (at range) deals its other damage
    when the stat block gives one (a bugbear's javelin: 2d6+2 in hand, 1d6+2 thrown); a
    swarm's bites theirs once the swarm has half of its hit points or fewer (B8: a swarm of
    rats, 2d6, then 1d6); a type it may deal as another (the djinni's lightning or thunder)
    the one that costs `target` more (`chosen_types`); an enlarged duergar's weapons theirs
    (B6: a war pick's 2d8+2), any other enlarged monster's weapon 1d4 more (`grown`)."""
    if attack.either and target is not None:
        attack = chosen_types(attack, target)
    if attack.alt_damage is None:
        return grown(attack, attacker)
    thrown = attack.alt_when is AltUse.AT_RANGE and mode is Mode.RANGED
    weakened = attack.alt_when is AltUse.HALF_HP and half_hp(attacker)
    enlarged = attack.alt_when is AltUse.ENLARGED and Condition.ENLARGED in attacker.conditions
    other = thrown or weakened or enlarged
    return replace(attack, damage=attack.alt_damage) if other else attack


GROWN = parse("1d4")  # F7 Enlarge: "the target's attacks with them deal 1d4 extra damage"


def grown(attack: Attack, attacker: Hero | Monster) -> Attack:
    """B6, F7 Enlarge/Reduce's Enlarge on a monster (the efreeti's): its weapon attacks deal
    1d4 more, of the weapon's first damage type; a weapon whose stat block prints its damage
    "while enlarged" (the duergar's own Enlarge, `used_damage`) has it already."""
    if Condition.ENLARGED not in attacker.conditions or attack.spell or attack.alt_when:
        return attack
    kind = attack.damage.parts[0].damage_type if attack.damage.parts else None
    extra = tuple(Part(p.terms, kind) for p in GROWN.parts)
    return replace(attack, damage=DiceExpr((*attack.damage.parts, *extra)))


def chosen_types(attack: Attack, target: Hero | Monster) -> Attack:
    """D6, B6: "lightning or thunder damage (djinni's choice)": each such part dealt as the
    type that costs `target` more after its defences (the written one on a tie)."""
    from lnf.rules.damage import defence_factor

    swap = {
        kind: other
        for kind, other in attack.either
        if defence_factor(target, other) > defence_factor(target, kind)
    }
    if not swap:
        return attack
    parts = tuple(
        replace(p, damage_type=swap.get(p.damage_type, p.damage_type))
        if p.damage_type is not None
        else p
        for p in attack.damage.parts
    )
    return replace(attack, damage=DiceExpr(parts), either=())


def has_melee(c: Hero | Monster) -> bool:
    """A combatant whose file lists no attacks is taken to fight in mêlée (claws, fists):
    a quick fight file should not leave its monsters idle."""
    return not c.attacks or any(a.is_melee for a in c.attacks)


def has_ranged(c: Hero | Monster) -> bool:
    return any(a.is_ranged and can_shoot(c, a) for a in c.attacks)  # B2: pieces left


def plan_targets(fight: Fight) -> tuple[Hero, ...]:
    """The heroes monsters may attack this round, in target order (T2, A4).

    Under `downed-ignored` downed heroes are left alone while any hero is still standing.
    """
    order = target_order(fight)
    if HouseRule.DOWNED_IGNORED in fight.house_rules and not all(downed(h) for h in heroes(fight)):
        order = tuple(h for h in order if not downed(h))
    return order


# The validator asks it of the same fight for every order of a plan (greedy monsters: of every
# candidate order); a fight is frozen, so the last answer is exact for the very same fight.
_plan_targets = by_identity(plan_targets)


def unseen(hero: Hero) -> bool:
    """R4: a hero hidden in the back rank cannot be picked as a target."""
    return hero.rank is Rank.BACK and hero.why is BackReason.HIDDEN


def out_of_melee_reach(hero: Hero) -> bool:
    """R3, R4: a levitating or out-of-reach hero receives no normal mêlée attack."""
    return hero.rank is Rank.BACK and hero.why in (BackReason.LEVITATING, BackReason.OUT_OF_REACH)


def beyond_reach(c: Hero | Monster) -> bool:
    """R4: a combatant somewhere foes cannot reach (its own mark, r) receives no mêlée attack
    at all; a reach attack (A2) still finds a guarded or levitating one (R3)."""
    return c.rank is Rank.BACK and c.why is BackReason.OUT_OF_REACH


def out_reaches(reach: int, target: Hero | Monster) -> bool:
    """A2: a mêlée reach longer than the target's longest mêlée reach (the creature's own or
    any of its mêlée attacks'). Heroes and monsters compare reach here and nowhere else."""
    return reach > target.longest_reach


def reach_ranks(reach: int, target: Hero | Monster, flies: bool) -> tuple[Rank, ...]:
    """A2: the ranks from which an unengaged attacker with mêlée `reach` may make a reach
    attack on `target` (none: it may not). Not against a target out of reach (R4), nor one in
    free air unless the attacker (`flies`) is in free air too; else from any rank (R3)."""
    if beyond_reach(target) or not out_reaches(reach, target):
        return ()
    if target.rank is Rank.FREE_AIR:
        return (Rank.FREE_AIR,) if flies else ()
    return (Rank.FRONT, Rank.BACK, Rank.FREE_AIR)


def ranged_ranks(monster: Monster) -> tuple[Rank, ...]:
    """A3, R2: back rank and free air shoot; the front rank only without any mêlée attack."""
    if not has_ranged(monster):
        return ()
    ranks = (Rank.BACK, Rank.FREE_AIR)
    return ranks if has_melee(monster) else (Rank.FRONT, *ranks)


@value
class Need:
    """Where the attacker must end (a spot, UNENGAGED, or None for anywhere) and in what rank."""

    spot: Spot | str
    ranks: tuple[Rank, ...]

    @property
    def anywhere(self) -> bool:
        """Whether the attacker may end anywhere (shots, A3)."""
        return self.spot is None

    @property
    def at(self) -> Spot:
        """The spot the attacker must end at (None: unengaged); for a need that has one."""
        return self.spot if isinstance(self.spot, Place) else None

    def met_by(self, spots: set[Spot], ranks: list[Rank]) -> tuple[Rank, ...]:
        """The ranks in which a monster that can end at `spots` in `ranks` meets this need
        (empty if it cannot)."""
        if not self.anywhere and self.at not in spots:
            return ()
        return tuple(r for r in self.ranks if r in ranks)


def mode_needs(fight: Fight, monster: Monster, hero: Hero, mode: Mode) -> Need | None:
    """What `monster` needs to attack `hero` with `mode`, or None if it never can."""
    if unseen(hero):
        return None
    if mode is Mode.MELEE:
        rank = melee_rank(monster, hero) if has_melee(monster) else None
        if rank is None or out_of_melee_reach(hero):
            return None
        return Need(hero_spot(fight, hero), (rank,))
    if mode is Mode.REACH:
        ranks = reach_ranks(monster.longest_reach, hero, can_fly_now(monster))
        return Need(UNENGAGED, ranks) if has_melee(monster) and ranks else None
    ranks = ranged_ranks(monster)
    return Need(None, ranks) if ranks else None


def routine(monster: Monster, hero: Hero, mode: Mode) -> tuple[Attack, ...]:
    """P2, B1: every attack a monster makes at its one target this round, in order: its
    Multiattack's attacks that fit `mode` (a bite and two claws), else its best fitting weapon
    as many times as it says (`times`). A Multiattack that offers a choice plays the way with
    the most expected damage at this hero (B6, an even roll; ties: the first written) among
    those that reach: mêlée ways in a group or with reach, ranged ways at range. Decided here
    only, so the plan (B6's expected damage) and the table agree. A hasted monster (the clay
    golem's Haste, B6: "can use its slam attack as a bonus action") makes its first once more,
    unless slowed (F3: an action or a bonus action, not both)."""
    found = _routine(monster, hero, mode)
    hasted = Condition.HASTED in monster.conditions and Condition.SLOWED not in monster.conditions
    return (*found, found[0]) if found and hasted else found


def _routine(monster: Monster, hero: Hero, mode: Mode) -> tuple[Attack, ...]:
    if monster.multiattack_options:
        ways = [
            _sequence(monster, hero, mode, o.attacks)
            for o in monster.multiattack_options
            if o.at_range == (mode is Mode.RANGED) and (not o.flying or can_fly_now(monster))
        ]
        ways = [w for w in ways if w]
        if ways:
            best = max(ways, key=lambda w: _expected(monster, w, hero, mode))  # keeps the first
            return within_pieces(monster, best)  # B2: no more than its pieces left
    elif monster.multiattack:
        sequence = _sequence(monster, hero, mode, monster.multiattack)
        if sequence:
            return within_pieces(monster, sequence[: attacks_on_its_turn(monster, len(sequence))])
    weapon = weapon_for(monster, hero, mode)
    if weapon is None:
        return ()
    return within_pieces(  # B2: the pieces left; B8: a bite per head
        monster, (weapon,) * attacks_on_its_turn(monster, bites(monster, weapon.times))
    )


def on_the_wing(monster: Monster, attacks: tuple[Attack, ...]) -> bool:
    """B1: whether `attacks` are a Multiattack way the text allows "while flying" only."""
    counts: dict[str, int] = {}
    for a in attacks:
        counts[a.name] = counts.get(a.name, 0) + 1
    return any(o.flying and dict(o.attacks) == counts for o in monster.multiattack_options)


def _sequence(
    monster: Monster, hero: Hero, mode: Mode, counts: tuple[tuple[str, int], ...]
) -> tuple[Attack, ...]:
    """The attacks of a Multiattack's `counts` that fit `mode`, in its order."""
    named = {a.name: a for a in monster.attacks}
    fits = {a.name for a in _fitting(monster, hero, mode)}
    return tuple(named[name] for name, count in counts if name in fits for _ in range(count))


def _expected(monster: Monster, attacks: tuple[Attack, ...], hero: Hero, mode: Mode) -> Fraction:
    """B6 (1): what a way of attacking is expected to deal to `hero`, on an even roll."""
    from fractions import Fraction  # only when a choice is made: `lnf show` stays light

    from lnf.rules.damage import magical
    from lnf.rules.expected import attack_mean

    means = (
        attack_mean(a, hero, Advantage.NORMAL, mode, magic=magical(monster, a)) for a in attacks
    )
    return sum(means, Fraction(0))


def _fitting(monster: Monster, hero: Hero, mode: Mode) -> list[Attack]:
    if mode is Mode.RANGED:
        return [a for a in monster.attacks if a.is_ranged and can_shoot(monster, a)]
    if mode is Mode.REACH:
        return [a for a in monster.attacks if a.is_melee and out_reaches(a.reach, hero)]
    return [a for a in monster.attacks if a.is_melee]


def weapon_for(monster: Monster, hero: Hero, mode: Mode) -> Attack | None:
    """The attack a monster uses in `mode`: one whose hit brings a condition that lays its
    target open (F6: the ghoul's paralysing claws, a wolf's trip; an N-dot condition, T1) when
    it has one, then the most damaging (ties: first written). A reach attack (A2) needs a
    weapon that out-reaches the target."""
    fitting = _fitting(monster, hero, mode)
    if not fitting:
        return None
    best = max(_worth(a) for a in fitting)
    return next(a for a in fitting if _worth(a) == best)


def _worth(a: Attack) -> tuple[bool, float]:
    opens = any(set(r.conditions) & N_CONDITIONS for r in a.riders if not r.at_zero)
    return opens, a.damage.average * a.times


# --- a plan's attacks, checked (P2, P7: `rules.plan_check` asks) -------------------------


def check_target(fight: Fight, monster: Monster, hero: Hero) -> list[Violation]:
    """A4, R4 for a target in a plan: no downed hero while downed-ignored holds, nor a hidden
    one."""
    who = (monster.name, hero.name)
    targets = _plan_targets(fight)  # the hero itself, as a rule: value equality only else
    if all(h is not hero for h in targets) and hero not in targets:
        return [Violation("A4", f"{hero.name} is downed and ignored (downed-ignored)", who)]
    if unseen(hero):
        return [Violation("R4", f"{hero.name} is hidden and cannot be targeted", who)]
    return []


def check_melee_order(fight: Fight, m: Monster, h: Hero, spot: Spot, rank: Rank) -> list[Violation]:
    """A1, R3, R5, R7 for a mêlée attack in a plan, the attacker ending at `spot` in `rank`."""
    who = (m.name, h.name)
    if not has_melee(m):
        return [Violation("A1", f"{m.name} has no mêlée attack", who)]
    found = []
    if spot != hero_spot(fight, h):
        found.append(Violation("A1", f"{m.name} does not end in a group with {h.name}", who))
    if h.rank is Rank.FREE_AIR:
        if rank is not Rank.FREE_AIR:
            found.append(Violation("R7", f"{h.name} is in free air; {m.name} is not", who))
    elif h.rank is Rank.BACK:
        swarm = breaks_guards(m)
        if not (swarm and h.why is BackReason.GUARDED):
            found.append(Violation("R3", f"{h.name} is in the back rank, out of mêlée reach", who))
        elif rank is not Rank.FRONT:
            found.append(Violation("A1", f"{m.name} must be in the front rank", who))
    elif rank is not Rank.FRONT:
        where = "in free air" if rank is Rank.FREE_AIR else "in the back rank"
        rule = "R7" if rank is Rank.FREE_AIR else "R3"
        found.append(Violation(rule, f"{m.name} is {where}, out of mêlée with {h.name}", who))
    return found


def check_reach_order(m: Monster, h: Hero, spot: Spot, rank: Rank) -> list[Violation]:
    """A2, R4 for a reach attack in a plan, the attacker ending at `spot` (None: unengaged)."""
    who = (m.name, h.name)
    found = []
    if not has_melee(m):
        return [Violation("A2", f"{m.name} has no mêlée attack", who)]
    if spot is not None:
        found.append(Violation("A2", f"{m.name} must be unengaged to attack with reach", who))
    if not out_reaches(m.longest_reach, h):
        found.append(
            Violation(
                "A2",
                f"{m.name}'s reach ({m.longest_reach} ft) is not longer than {h.name}'s "
                f"({h.longest_reach} ft)",
                who,
            )
        )
    if h.rank is Rank.FREE_AIR and rank is not Rank.FREE_AIR:
        found.append(Violation("A2", f"{h.name} is in free air, out of reach from below", who))
    if beyond_reach(h):  # R3: only this stops A2
        found.append(Violation("R4", f"{h.name} is out of reach ({h.why})", who))
    return found


def check_ranged_order(m: Monster, h: Hero, rank: Rank) -> list[Violation]:
    """A3, R2 for a shot in a plan, from `rank`."""
    who = (m.name, h.name)
    if not has_ranged(m):
        spent = [a.name for a in m.attacks if a.is_ranged and not can_shoot(m, a)]
        if spent:  # B2: its counted pieces are all used
            return [Violation("B2", f"{m.name} has no {spent[0]} left", who)]
        return [Violation("A3", f"{m.name} has no ranged attack", who)]
    if rank is Rank.FRONT and has_melee(m):
        return [
            Violation(
                "R2",
                f"{m.name} is in the front rank and has a mêlée attack, so it may not shoot",
                who,
            )
        ]
    return []


# --- rolls (D4) ----------------------------------------------------------------------------

_ATTACKER_DISADVANTAGE = {
    Condition.BLINDED: "blinded",
    Condition.FRIGHTENED: "frightened",
    Condition.POISONED: "poisoned",
    Condition.PRONE: "prone",
    Condition.RESTRAINED: "restrained",
}
_TARGET_ADVANTAGE = {
    Condition.BLINDED: "blinded",
    Condition.PARALYZED: "paralyzed",
    Condition.PETRIFIED: "petrified",
    Condition.RESTRAINED: "restrained",
    Condition.STUNNED: "stunned",
    Condition.UNCONSCIOUS: "unconscious",
    Condition.OUTLINED: "outlined by Faerie Fire",  # F7
}


def roll_for(
    monster: Monster, hero: Hero, mode: Mode, rank: Rank
) -> tuple[Advantage, tuple[str, ...]]:
    """D4 for a monster's planned attack: advantage and disadvantage from ranks (R2) and
    conditions (T1's N dot), with reasons."""
    return attack_roll(
        monster,
        hero,
        close=mode is Mode.MELEE,
        from_front=mode is Mode.RANGED and rank is Rank.FRONT,
        melee=mode is not Mode.RANGED,
    )


def attack_roll(
    attacker: Hero | Monster,
    target: Hero | Monster,
    *,
    close: bool,
    from_front: bool,
    dodging: bool = False,
    helped: bool = False,
    far: str = "",
    granted: tuple[str, ...] = (),
    hindered: tuple[str, ...] = (),
    melee: bool | None = None,
) -> tuple[Advantage, tuple[str, ...]]:
    """D4: the roll for any attack, with its reasons. `close`: a mêlée attack within 5 ft
    (prone targets); `from_front`: a ranged attack from the front rank (R2); `dodging`: the
    target took the Dodge action; `helped`: an ally took the Help action for the attacker;
    `far`: why the distance gives disadvantage (V3, C4), if it does; `granted`: the
    attacker's traits that give it advantage (B8), `hindered`: disadvantage; `melee`: a mêlée
    weapon attack (a reach attack too; None: `close`), for Reckless (B8)."""
    good: list[str] = [*granted, *reckless(attacker, target, close if melee is None else melee)]
    bad: list[str] = list(hindered)
    for condition, text in _TARGET_ADVANTAGE.items() if target.conditions else ():
        if condition in target.conditions:
            good.append(f"{target.name} is {text}")
    if isinstance(target, Hero) and downed(target) and _UNCONSCIOUS not in target.conditions:
        good.append(f"{target.name} is unconscious at 0 hit points")
    if _PRONE in target.conditions:
        if close:
            good.append(f"{target.name} is prone")
        else:
            bad.append(f"{target.name} is prone and the attack comes from further than 5 ft")
    if isinstance(target, Hero) and target.n_dot:
        good.append(f"{target.name} has an N dot ({', '.join(target.effects) or 'marked'})")
    if _INVISIBLE in target.conditions and _OUTLINED not in target.conditions:
        bad.append(f"{target.name} is invisible")  # F7: an outlined creature cannot be
    if _BLURRED in target.conditions:
        bad.append(f"{target.name} is blurred")  # F7 Blur: whoever attacks it relies on sight
    if dodging:
        bad.append(f"{target.name} is dodging")
    if helped:
        good.append("an ally helps")
    me = attacker.name  # reasons name who they are about: they are read on their own
    for condition, text in _ATTACKER_DISADVANTAGE.items() if attacker.conditions else ():
        if condition in attacker.conditions:
            bad.append(f"{me} is {text}")
    if attacker.exhaustion >= 3:
        bad.append(f"{me} has {attacker.exhaustion} levels of exhaustion")
    if wounded_eye(attacker):
        bad.append(f"{me} has a wounded eye (V-ACL5)")
    unseen = _INVISIBLE in attacker.conditions or attacker.has(_HIDDEN)
    if unseen and _OUTLINED not in attacker.conditions:
        good.append(f"{me} is unseen")
    if from_front:
        bad.append(f"{me} shoots from the front rank (R2)")
    if far:
        bad.append(far)
    if good and bad:
        return _NORMAL, tuple(good + bad)  # D4: both cancel out
    if good:
        return _ADVANTAGE, tuple(good)
    if bad:
        return _DISADVANTAGE, tuple(bad)
    return _NORMAL, ()
