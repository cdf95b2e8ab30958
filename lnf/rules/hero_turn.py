"""What a hero may do on its turn (A1–A3, M1–M4, R2, R3, R7, R8): whom it can attack and how,
where it can move. The play layer refuses anything else, naming the rule.
"""

from __future__ import annotations

from lnf.model import Attack, BackReason, Fight, Flag, Hero, Monster, PhaseKind, Rank
from lnf.model.plan import Mode
from lnf.rules.chase import chase_mode, in_chase
from lnf.rules.distance import volley_reach
from lnf.rules.moves import is_fast
from lnf.rules.ranks import can_fly_now
from lnf.rules.roster import held, in_fight, incapacitated, monsters, speed_now


def can_take_turn(hero: Hero) -> bool:
    """A hero acts unless dead, at 0 hit points (it rolls death saves instead, D9) or
    incapacitated."""
    return in_fight(hero) and hero.current_hp > 0 and not incapacitated(hero)


def unseen_monster(monster: Monster) -> bool:
    return monster.has(Flag.HIDDEN) or (
        monster.rank is Rank.BACK and monster.why is BackReason.HIDDEN
    )


def attack_modes(fight: Fight, hero: Hero, monster: Monster, attack: Attack) -> list[Mode]:
    """The ways `hero` can use `attack` on `monster` now, best first."""
    if not in_fight(monster) or unseen_monster(monster):
        return []
    if fight.phase.kind is PhaseKind.VOLLEY:  # V3: shooting only, by the volley round
        return [Mode.RANGED] if volley_reach(attack, fight.phase.volley) is not None else []
    if fight.phase.kind is PhaseKind.APART:
        return []
    if in_chase(fight, hero.name) or in_chase(fight, monster.name):  # C4: by escape points
        found = chase_mode(fight, hero.name, monster.name, attack)
        return [found[0]] if found is not None else []
    modes: list[Mode] = []
    group = fight.group_of(hero.name)
    if attack.is_melee:
        together = group is not None and monster.name in group.members
        both_front = hero.rank is Rank.FRONT and monster.rank is Rank.FRONT
        both_air = hero.rank is Rank.FREE_AIR and monster.rank is Rank.FREE_AIR
        if together and (both_front or both_air):
            modes.append(Mode.MELEE)  # A1, R7
        elif (
            group is None
            and attack.reach > monster.longest_reach
            and (monster.rank is not Rank.FREE_AIR or hero.rank is Rank.FREE_AIR)
        ):
            modes.append(Mode.REACH)  # A2
    if attack.is_ranged:
        modes.append(Mode.RANGED)  # A3 (R2: at disadvantage from the front rank)
    return modes


def attack_options(fight: Fight, hero: Hero) -> list[tuple[Monster, Attack, Mode]]:
    """Every (monster, attack, mode) open to the hero, monsters in danger order (G3)."""
    return [
        (m, a, mode)
        for m in monsters(fight)
        for a in hero.attacks
        for mode in attack_modes(fight, hero, m, a)
    ]


def join_targets(fight: Fight, hero: Hero) -> list[str]:
    """M1–M4: groups (labels) and unengaged monsters (names) the hero can move into."""
    if speed_now(hero) == 0 or not fight.phase.kind.melee_possible or in_chase(fight, hero.name):
        return []
    own = fight.group_of(hero.name)
    if own is not None and not is_fast(hero):
        return []  # M2: a slow hero in a group may only leave it this round
    labels = [g.label for g in fight.groups if g is not own]
    lone = [
        m.name
        for m in monsters(fight)
        if fight.group_of(m.name) is None and not in_chase(fight, m.name)
    ]
    return labels + lone


def can_leave(fight: Fight, hero: Hero) -> bool:
    return fight.group_of(hero.name) is not None and speed_now(hero) > 0


def rank_choices(fight: Fight, hero: Hero) -> list[Rank]:
    """R7, R8: the ranks the hero may switch to (not while restrained or grappled; V3: no
    ranks before the sides meet)."""
    if held(hero) or not fight.phase.kind.melee_possible or in_chase(fight, hero.name):
        return []
    ranks = [Rank.FRONT, Rank.BACK] + ([Rank.FREE_AIR] if can_fly_now(hero) else [])
    return [r for r in ranks if r is not hero.rank]
