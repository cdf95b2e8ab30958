"""The hero policy measured: over N seeded runs of each example (heroes played by the policy
alone, no script), the share of hero turns spent dodging or doing nothing, and the heroes' win
rate — the policy of today against the one before sheets (kept below, as it was). Then, on a
level-5 party (bench/fights/level-five-party.yaml: an ogre's war band, a fight of three rounds
or more), the share of fights in which each of the sheets' resources is used: spell slots by
level, Action Surge, Second Wind, Ki, Rage, Lay on Hands, Healing Word, Shield.

    .venv/bin/python bench/policy.py [--runs 200] [--example STEM] [--resources-only]
        [--today-only]

Prints the tables; asserts nothing.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path

from lnf.engine.decisions import AttackChoice, SimpleChoice, TurnChoice
from lnf.engine.runner import Runner
from lnf.heroes.policy import PolicyHeroes
from lnf.model import Action, Attack, Fight, Hero, Rank, Side
from lnf.model.events import RoundStarted, Turn
from lnf.model.plan import Mode
from lnf.model.steps import Acted, Attacked, Guarded, Healed, SpellCast, Used
from lnf.rules.attacks import has_melee
from lnf.rules.chase import in_chase
from lnf.rules.group_changes import moved
from lnf.rules.legal import attack_options, join_targets, verify_join
from lnf.session import fight_alone, solver_planner

HERE = Path(__file__).resolve().parent
EXAMPLES = sorted((HERE.parent / "examples").glob("*.yaml"))
LEVEL_FIVE = HERE / "fights" / "level-five-party.yaml"
# The resources the level-5 table counts, in the order it prints them.
RESOURCES = (
    "slot 1",
    "slot 2",
    "slot 3",
    "Action Surge",
    "Second Wind",
    "Ki",
    "Rage",
    "Lay on Hands",
    "Healing Word",
    "Shield",
)


class BeforeSheets(PolicyHeroes):
    """The hero policy as it was before sheets: the first attack that reaches, in mêlée the
    weakest foe; never a save spell, never healing; Dodge when no attack reaches."""

    def choose(self, fight: Fight, hero: Hero) -> TurnChoice | None:
        attack = _best_attack(fight, hero)
        if attack is not None:
            return TurnChoice(action=attack)
        joinable = fight.phase.kind.melee_possible and fight.group_of(hero.name) is None
        if joinable and has_melee(hero) and hero.rank is Rank.FRONT:
            open_ = join_targets(fight, hero)
            danger = [m.name for m in fight.monsters]
            spots = [
                m.name
                for m in fight.monsters
                if m.name in open_
                or ((g := fight.group_of(m.name)) is not None and g.label in open_)
            ]
            for monster in sorted(spots, key=danger.index):
                move = verify_join(fight, hero, monster)
                after = moved(fight, move)
                follow = _best_attack(after, after.hero(hero.name), only=Mode.MELEE)
                if follow is not None:
                    return TurnChoice((move,), follow)
        return TurnChoice(action=SimpleChoice(Action.DODGE))


def _best_attack(fight: Fight, hero: Hero, only: Mode | None = None) -> AttackChoice | None:
    options = attack_options(fight, hero)
    danger = {m.name: i for i, m in enumerate(fight.monsters)}
    for mode in (Mode.MELEE, Mode.REACH, Mode.RANGED):
        if only is not None and mode is not only:
            continue
        on_grid = fight.phase.kind.melee_possible and not in_chase(fight, hero.name)
        if mode is Mode.RANGED and on_grid and hero.rank is Rank.FRONT and has_melee(hero):
            continue
        fitting = [(m, a) for m, a, md in options if md is mode]
        if not fitting:
            continue
        if mode is Mode.MELEE:
            target = min((m for m, _ in fitting), key=lambda m: (m.current_hp, danger[m.name]))
        else:
            target = min((m for m, _ in fitting), key=lambda m: danger[m.name])
        attack = _hardest([a for m, a in fitting if m.name == target.name])
        big = "a slotted spell" if attack.slot else ""
        return AttackChoice(target.name, attack, mode, big=big, times=attack.times)
    return None


def _hardest(attacks: list[Attack]) -> Attack:
    attacks = [a for a in attacks if not a.slot] or attacks
    return max(attacks, key=lambda a: (a.damage.average * a.times, -attacks.index(a)))


class Played:
    """One fight played: who won, idle hero turns of all hero turns, rounds, what was used."""

    def __init__(self) -> None:
        self.won = False
        self.idle = self.turns = self.rounds = 0
        self.used: set[str] = set()
        self.cast: set[str] = set()  # the heroes' spells cast (or struck with), by name


def play(path: Path, heroes: PolicyHeroes, seed: int) -> Played:
    """One seeded fight, heroes by `heroes`, and what it shows."""
    session = fight_alone(path)
    runner = Runner(session.table, heroes, solver_planner(), lambda _: None)
    runner.begin(seed)
    played = Played()
    played.won = runner.play(rounds=30) is Side.HEROES
    spells = {a.name for h in session.table.fight.heroes for a in h.attacks if _spell(a)}
    for applied in session.table.in_force:
        event = applied.event
        if isinstance(event, RoundStarted):
            played.rounds += 1
        if isinstance(event, Turn):
            played.used |= _used(event)
            played.cast |= _cast(event, spells)
        if not isinstance(event, Turn) or event.note:
            continue
        if not isinstance(applied.before.combatant(event.who), Hero):
            continue
        if any(type(s).__name__ == "DeathSave" for s in event.steps):
            continue
        played.turns += 1
        played.idle += _idle(event)
    return played


def _used(turn: Turn) -> set[str]:
    """The heroes' resources a turn's steps spend (a slot by its level, a feature, a pool),
    Healing Word by name and Shield as the reaction it is."""
    used = {s.resource for s in turn.steps if isinstance(s, Used)}
    used |= {s.by for s in turn.steps if isinstance(s, Healed) and s.by == "Healing Word"}
    used |= {s.guard for s in turn.steps if isinstance(s, Guarded) and s.guard == "Shield"}
    return used


def _spell(attack: Attack) -> bool:
    return attack.spell or attack.save is not None or bool(attack.slot)


def _cast(turn: Turn, spells: set[str]) -> set[str]:
    """The heroes' spells a turn casts or strikes with (Spiritual Weapon's later attacks)."""
    out = {s.spell for s in turn.steps if isinstance(s, SpellCast) and s.spell in spells}
    out |= {s.attack for s in turn.steps if isinstance(s, Attacked) and s.attack in spells}
    return out


def _idle(turn: Turn) -> bool:
    """A hero's turn spent dodging or doing nothing: no attack, spell or healing of its own."""
    who = turn.who
    did = any(
        (isinstance(s, Attacked) and s.attacker == who and not s.opportunity)
        or (isinstance(s, SpellCast) and s.caster == who)
        or (isinstance(s, Healed) and s.healer == who)
        for s in turn.steps
    )
    dodged = any(
        isinstance(s, Acted) and s.who == who and s.action in (Action.DODGE, Action.NOTHING)
        for s in turn.steps
    )
    return dodged and not did


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--example", action="append", help="only these (by file stem)")
    parser.add_argument("--resources-only", action="store_true", help="the level-5 table only")
    parser.add_argument("--today-only", action="store_true", help="leave out the old policy")
    args = parser.parse_args()
    if not args.resources_only:
        _examples(args.runs, args.example, args.today_only)
    _resources(args.runs)


def _examples(runs: int, only: list[str] | None, today_only: bool) -> None:
    print(f"{runs} seeded runs of each example, heroes by the policy alone\n")
    print("| example | policy | idle hero turns | heroes win | seconds |")
    print("|---|---|---|---|---|")
    for path in [p for p in EXAMPLES if not only or p.stem in only]:
        policies = [("before sheets", BeforeSheets()), ("today", PolicyHeroes())]
        for label, heroes in policies[1:] if today_only else policies:
            started = time.perf_counter()
            won = idle = turns = 0
            for seed in range(1, runs + 1):
                p = play(path, heroes, seed)
                won, idle, turns = won + p.won, idle + p.idle, turns + p.turns
            took = time.perf_counter() - started
            share = idle / turns if turns else 0.0
            print(
                f"| {path.stem} | {label} | {share:.0%} of {turns} | {won / runs:.0%} | "
                f"{took:.0f} |"
            )


def _resources(runs: int) -> None:
    """The level-5 party: the share of fights in which each resource is used, over all fights
    and over those that lasted three rounds or more."""
    fights = [play(LEVEL_FIVE, PolicyHeroes(), seed) for seed in range(1, runs + 1)]
    long = [p for p in fights if p.rounds >= 3]
    rounds = sum(p.rounds for p in fights) / len(fights)
    won = sum(p.won for p in fights) / len(fights)
    idle = sum(p.idle for p in fights) / max(1, sum(p.turns for p in fights))
    print(
        f"\n{LEVEL_FIVE.stem}: {runs} seeded fights by the policy, {rounds:.1f} rounds on "
        f"average, {len(long)} of three rounds or more; heroes win {won:.0%}, idle hero "
        f"turns {idle:.0%}\n"
    )
    print("| resource | used in (all fights) | used in (3 rounds or more) |")
    print("|---|---|---|")
    every, lasting = Counter[str](), Counter[str]()
    for p in fights:
        every.update(p.used)
        lasting.update(p.used if p.rounds >= 3 else ())
    for name in RESOURCES:
        share_long = f"{lasting[name] / len(long):.0%}" if long else "-"
        print(f"| {name} | {every[name] / len(fights):.0%} | {share_long} |")
    cast = Counter[str]()
    for p in fights:
        cast.update(p.cast)
    print("\n| spell | cast in (all fights) |")
    print("|---|---|")
    for name, n in sorted(cast.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"| {name} | {n / len(fights):.0%} |")


if __name__ == "__main__":
    main()
