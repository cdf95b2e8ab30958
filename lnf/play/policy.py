"""The hero policy: what a hero does when no player or script says (`lnf run`, `auto`).

Simple and predictable, so scripted fights read like a sensible table:
1. In mêlée with a monster (A1): hit the one with the fewest hit points left (finish it off),
   ties to the more dangerous (G3), with the hero's hardest-hitting mêlée attack.
2. Else a reach attack (A2) on the most dangerous monster it out-reaches.
3. Else, with a ranged attack, shoot the most dangerous monster (from the front rank only if
   the hero has no mêlée attack: R2 would give disadvantage).
4. Else, unengaged with a mêlée attack, join the most dangerous monster (M5) and hit it.
5. Else Dodge.
Slotted spells are kept for when nothing else reaches; Sneak Attack and Action Surge are
left to players and scripts.
Heroes always take an opportunity attack when a foe leaves their group (M6). In a chase they
commit speed as monsters do (`speed_policy`); unengaged heroes give chase to a fleeing monster.
"""

from __future__ import annotations

from lnf.model import Action, Attack, Fight, Hero, Monster, Rank
from lnf.model.plan import Mode
from lnf.play.chasing import speed_policy
from lnf.play.decisions import AttackChoice, SimpleChoice, TurnChoice
from lnf.rules.attacks import has_melee
from lnf.rules.chase import in_chase
from lnf.rules.choices import attack_options, join_targets, verify_join
from lnf.rules.group_changes import moved


class PolicyHeroes:
    """The hero policy decides every hero's turn (lnf run, play's `auto`)."""

    at_table = False

    def choose(self, fight: Fight, hero: Hero) -> TurnChoice | None:
        return policy_choice(fight, hero)

    def takes_opportunity(self, fight: Fight, hero: Hero, foe: Monster) -> bool:
        return True

    def dashes(self, fight: Fight, hero: Hero) -> int:
        return speed_policy(fight, hero)

    def pursues(self, fight: Fight, hero: Hero, foe: Monster) -> bool:
        return True  # every hero free to give chase does (C1, rules.chase.free_to_pursue)

    def tells_to_flee(self, fight: Fight, monster: Monster) -> bool:
        return False


def policy_choice(fight: Fight, hero: Hero) -> TurnChoice:
    attack = _best_attack(fight, hero)
    if attack is not None:
        return TurnChoice(action=attack)
    joinable = fight.phase.kind.melee_possible and fight.group_of(hero.name) is None
    if joinable and has_melee(hero) and hero.rank is Rank.FRONT:
        open_ = join_targets(fight, hero)
        danger = [m.name for m in fight.monsters]
        for monster in sorted(_monsters_by_spot(fight, open_), key=danger.index):
            move = verify_join(fight, hero, monster)
            after = moved(fight, move)
            follow = _best_attack(after, after.hero(hero.name), only=Mode.MELEE)
            if follow is not None:
                return TurnChoice((move,), follow)
    return TurnChoice(action=SimpleChoice(Action.DODGE))


def _monsters_by_spot(fight: Fight, open_: list[str]) -> list[str]:
    names = []
    for m in fight.monsters:
        group = fight.group_of(m.name)
        if (group is not None and group.label in open_) or m.name in open_:
            names.append(m.name)
    return names


def _best_attack(fight: Fight, hero: Hero, only: Mode | None = None) -> AttackChoice | None:
    options = attack_options(fight, hero)
    danger = {m.name: i for i, m in enumerate(fight.monsters)}
    for mode in (Mode.MELEE, Mode.REACH, Mode.RANGED):
        if only is not None and mode is not only:
            continue
        on_grid = fight.phase.kind.melee_possible and not in_chase(fight, hero.name)
        if mode is Mode.RANGED and on_grid and hero.rank is Rank.FRONT and has_melee(hero):
            continue  # R2: a front-rank hero with a weapon in hand does not shoot
        fitting = [(m, a) for m, a, md in options if md is mode]
        if not fitting:
            continue
        if mode is Mode.MELEE:
            target = min((m for m, _ in fitting), key=lambda m: (m.current_hp, danger[m.name]))
        else:
            target = min((m for m, _ in fitting), key=lambda m: danger[m.name])
        attack = _hardest([a for m, a in fitting if m.name == target.name])
        return AttackChoice(
            target.name,
            attack,
            mode,
            big="a slotted spell" if attack.slot else "",
            times=attack.times,
        )
    return None


def _hardest(attacks: list[Attack]) -> Attack:
    """The most damaging attack; spell slots are kept unless nothing else reaches."""
    attacks = [a for a in attacks if not a.slot] or attacks
    return max(attacks, key=lambda a: (a.damage.average * a.times, -attacks.index(a)))
