"""The hero policy measured: over N seeded runs of each example (heroes played by the policy
alone, no script), the share of hero turns spent dodging or doing nothing, and the heroes' win
rate — the policy of today against the one before sheets (kept below, as it was).

    .venv/bin/python bench/policy.py [--runs 200]

Prints the table; asserts nothing.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from lnf.engine.decisions import AttackChoice, SimpleChoice, TurnChoice
from lnf.engine.runner import Runner
from lnf.heroes.policy import PolicyHeroes
from lnf.model import Action, Attack, Fight, Hero, Rank, Side
from lnf.model.events import Acted, Attacked, Healed, SpellCast, Turn
from lnf.model.plan import Mode
from lnf.rules.attacks import has_melee
from lnf.rules.chase import in_chase
from lnf.rules.group_changes import moved
from lnf.rules.legal import attack_options, join_targets, verify_join
from lnf.session import fight_alone, solver_planner

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "examples").glob("*.yaml"))


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


def play(path: Path, heroes: PolicyHeroes, seed: int) -> tuple[bool, int, int]:
    """(heroes won, idle hero turns, hero turns) of one fight."""
    session = fight_alone(path)
    runner = Runner(session.table, heroes, solver_planner(), lambda _: None)
    runner.begin(seed)
    winner = runner.play(rounds=30)
    idle = turns = 0
    for applied in session.table.in_force:
        event = applied.event
        if not isinstance(event, Turn) or event.note:
            continue
        if not isinstance(applied.before.combatant(event.who), Hero):
            continue
        if any(type(s).__name__ == "DeathSave" for s in event.steps):
            continue
        turns += 1
        idle += _idle(event)
    return winner is Side.HEROES, idle, turns


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
    args = parser.parse_args()
    print(f"{args.runs} seeded runs of each example, heroes by the policy alone\n")
    print("| example | policy | idle hero turns | heroes win | seconds |")
    print("|---|---|---|---|---|")
    for path in [p for p in EXAMPLES if not args.example or p.stem in args.example]:
        for label, heroes in (("before sheets", BeforeSheets()), ("today", PolicyHeroes())):
            started = time.perf_counter()
            won = idle = turns = 0
            for seed in range(1, args.runs + 1):
                w, i, t = play(path, heroes, seed)
                won, idle, turns = won + w, idle + i, turns + t
            took = time.perf_counter() - started
            share = idle / turns if turns else 0.0
            print(
                f"| {path.stem} | {label} | {share:.0%} of {turns} | {won / args.runs:.0%} | "
                f"{took:.0f} |"
            )


if __name__ == "__main__":
    main()
