"""The engine against its floor (issue 24, goal 2): X1's fights (wight and skeletons) played by
lnf — `lnf odds`'s own code path in this process, one job, a fresh plan cache each repetition,
as one `lnf odds X1 --jobs 1` run has — against the same fights played bare: plain `random`
dice and hit points, no plan, no events, no copies.

    .venv/bin/python bench/bare.py [--fights 300] [--repeat 5]

The bare fight is honest: what it plays is read off lnf's own fight, not written again by hand.

- *The same attacks.* Each hero uses the attack the hero policy picks for it in the fight as it
  starts (to-hit, damage dice, Extra Attack's `times`); each monster its first mêlée attack,
  Multiattack's count included (the plan sends all of X1's monsters into mêlée). A natural 20
  hits with the dice doubled, a natural 1 misses (D3, D5); damage goes through the target's
  resistances, immunities and vulnerabilities as lnf works them out (`defence_factor`, D6).
- *The same strike order.* lnf's strike order of the starting grid (S2, S3), every round, the
  downed skipped.
- *The same targets.* A monster strikes the hero lnf's plan of the starting grid gives it (P3);
  once that hero is down, the first standing hero of lnf's target order (T1, T2) in the front
  rank (back-rank heroes are guarded, R4; they come last). A hero strikes a foe of its own
  group while one stands (its group's once they are down, as a hero joins a fight, M5), the
  foe the hero policy would (`heroes.attack_policy`: the damage a turn can be expected to do
  to it, above all a foe it would likely drop, then the fewest hit points left, then the
  danger, G3), with the attack that does most to it (back-rank heroes: those that reach).

What it leaves out is what the engine is for: moves and the opportunity attacks they draw,
re-plans, advantage and disadvantage, death saves (a hero at 0 is down), reactions, and every
event and the state kept for the log. `tests/test_bench_bare.py` checks that its rounds and
the heroes' wins stay close to lnf's over the same number of fights.

Prints CPU time per fight of each (`time.process_time`, the machine is shared), the ratio for
each repetition paired in one run, and its median (the issue asks ≤ 25 ×); greedy monsters
(`--monsters greedy`, their own fresh cache) against LNF's the same way (the issue: never
slower), and the two kinds' plans alone on generated 4 × 12 and 8 × 40 battles. Asserts
nothing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

# this tree's lnf, not the installed one's: paired runs run each tree's copy (`--before`)
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lnf.dice import Dice, DiceExpr
from lnf.formats.fight_file import load_fight
from lnf.model import AttackKind, Fight, Hero, Monster, MonsterKind, Rank
from lnf.model.attacks import Attack
from lnf.odds.fights import Outcome, play_fights, solved_plan
from lnf.odds.greedy import greedy_plan
from lnf.odds.plan_cache import PlanCache
from lnf.rules.damage import defence_factor, magical
from lnf.rules.strike_order import strike_order
from lnf.rules.target_order import target_order

X1 = Path(__file__).resolve().parent.parent / "examples" / "wight-and-skeletons.yaml"
MAX_ROUNDS = 100


@dataclass
class Blow:
    """One attack at one foe, bare: to-hit, blows, dice and what the foe's defences make of
    each part (D6), with or without disadvantage (R2), and the damage a turn of it can be
    expected to do."""

    to_hit: int
    times: int
    dice: list[tuple[int, int, int, float]]  # (count, sides, flat bonus, factor) per part
    disadvantage: bool
    expected: float


@dataclass
class Fighter:
    """One combatant, bare: its hit points, AC, its attack at each foe and whom it strikes."""

    name: str
    hero: bool
    hp: int
    ac: int
    blows: dict[str, Blow]  # by the foe's name
    # monsters: whom it strikes, the first standing first; heroes: the foes of its group,
    # struck first (a mêlée blow reaches one's own group, M1), the others once they are down
    prefers: list[str] = field(default_factory=list)


def _blow(c: Hero | Monster, attack: Attack, times: int, foe: Hero | Monster) -> Blow:
    magic = magical(c, attack)
    dice, each = [], 0.0
    for part in attack.damage.parts:
        count = sides = flat = 0
        for term in part.terms:
            if isinstance(term, Dice):
                assert term.sign == 1 and not count, "X1's dice are NdM+K"
                count, sides = term.count, term.sides
            else:
                flat += term.value
        worth = float(defence_factor(foe, part.damage_type, magic=magic))
        dice.append((count, sides, flat, worth))
        each += DiceExpr((part,)).average * worth
    # R2: a ranged attack from the front rank is made with disadvantage
    disadvantage = attack.kind is AttackKind.RANGED and c.rank is Rank.FRONT
    chance = min(0.95, max(0.05, (21 + attack.to_hit - foe.ac) / 20))
    chance = chance * chance if disadvantage else chance
    return Blow(attack.to_hit, times, dice, disadvantage, chance * each * times)


def _hero_blow(hero: Hero, foe: Monster) -> Blow:
    """The hero's best attack at this foe by the damage a turn of it can be expected to do,
    as the hero policy weighs them (`heroes.attack_policy`): from the back rank, those that
    reach (R4); Extra Attack's `times`."""
    usable = [a for a in hero.attacks if hero.rank is Rank.FRONT or a.is_ranged]
    return max((_blow(hero, a, a.times, foe) for a in usable), key=lambda b: b.expected)


def _monster_attack(monster: Monster) -> Attack:
    """Its first mêlée attack, Multiattack's count with it."""
    return next(a for a in monster.attacks if a.kind is AttackKind.MELEE)


def bare_fighters(fight: Fight) -> list[Fighter]:
    """X1's combatants, in lnf's strike order of the starting grid (S2, S3)."""
    by_name: dict[str, Hero | Monster] = {c.name: c for c in fight.everyone}
    planned = {o.monster: o.target for o in solved_plan(fight).orders if o.target is not None}
    order = [h.name for h in target_order(fight)]
    front = [n for n in order if by_name[n].rank is Rank.FRONT]
    fighters = []
    for name in strike_order(fight):
        c = by_name[name]
        if isinstance(c, Hero):
            blows = {m.name: _hero_blow(c, m) for m in fight.monsters}
            group = fight.group_of(name)
            prefers = [n for n in group.members if n in blows] if group is not None else []
        else:
            attack = _monster_attack(c)
            blows = {h.name: _blow(c, attack, attack.times, h) for h in fight.heroes}
            first = [planned[name]] if name in planned else []
            prefers = list(dict.fromkeys(first + front + order))
        fighters.append(Fighter(name, isinstance(c, Hero), c.current_hp, c.ac, blows, prefers))
    return fighters


def _focus(hero: Fighter, foe: str, hp: int, danger: int) -> float:
    """The hero policy's choice of foe (`heroes.attack_policy`): the damage a turn can be
    expected to do to it, the foe it would likely drop above all, then the fewest hit points
    left, then the danger (G3)."""
    expected = hero.blows[foe].expected
    finish = 5.0 if expected >= hp else 0.0
    return expected + finish + 0.01 * (100 - min(hp, 100)) - 0.0001 * danger


def bare_fight(fighters: list[Fighter], danger: list[str], seed: int) -> tuple[bool, int]:
    """One fight to its end: (the heroes won, rounds)."""
    rng = random.Random(seed)
    hp = {f.name: f.hp for f in fighters}
    ac = {f.name: f.ac for f in fighters}
    heroes = [f.name for f in fighters if f.hero]
    for rounds in range(1, MAX_ROUNDS + 1):
        for f in fighters:
            if hp[f.name] <= 0:
                continue
            if f.hero:
                standing = [m for m in f.prefers if hp[m] > 0]
                standing = standing or [m for m in danger if hp[m] > 0]
                if not standing:
                    return True, rounds
                target = max(standing, key=lambda m: _focus(f, m, hp[m], danger.index(m)))
            else:
                standing = [h for h in f.prefers if hp[h] > 0]
                if not standing:
                    return False, rounds
                target = standing[0]
            blow = f.blows[target]
            for _ in range(blow.times):
                if hp[target] <= 0:
                    break  # the foe is down: the other blows are lost, as in one turn's aim
                face = rng.randint(1, 20)
                if blow.disadvantage:
                    face = min(face, rng.randint(1, 20))
                if face == 1 or (face != 20 and face + blow.to_hit < ac[target]):
                    continue
                damage = 0
                for count, sides, flat, worth in blow.dice:
                    rolled = sum(rng.randint(1, sides) for _ in range(count * (1 + (face == 20))))
                    damage += int((rolled + flat) * worth)  # D6: halved rounds down
                hp[target] -= damage
        if all(hp[h] <= 0 for h in heroes):
            return False, rounds
        if all(hp[m] <= 0 for m in danger):
            return True, rounds
    return False, MAX_ROUNDS


def bare_fights(fighters: list[Fighter], danger: list[str], seeds: range) -> list[tuple[bool, int]]:
    return [bare_fight(fighters, danger, seed) for seed in seeds]


def lnf_fights(start: Fight, seeds: range, monsters: MonsterKind) -> list[Outcome]:
    """`lnf odds`'s own path on one process, with a fresh plan cache as a run starts with."""
    cache = PlanCache(greedy_plan if monsters is MonsterKind.GREEDY else solved_plan)
    return list(play_fights(start, seeds, 1, monsters=monsters, planner=cache))


def _cpu(run: Callable[[], object]) -> float:
    began = time.process_time()
    run()
    return time.process_time() - began


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--fights", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    start = load_fight(X1)
    fighters = bare_fighters(start)
    danger = [m.name for m in start.monsters]  # G3: the columns, most dangerous first
    seeds = range(args.fights)
    bare_seeds = range(max(args.fights, 20_000))  # enough to time the bare fights well
    played = lnf_fights(start, seeds, MonsterKind.LNF)
    bare = bare_fights(fighters, danger, bare_seeds)
    lnf_wins = _share([o.winner == "heroes" for o in played])
    print(
        f"X1: lnf's heroes win {lnf_wins} of {len(played)} fights, mean rounds "
        f"{statistics.fmean(o.rounds for o in played):.2f}; bare: the heroes win "
        f"{_share([won for won, _ in bare])} of {len(bare):,}, mean rounds "
        f"{statistics.fmean(r for _, r in bare):.2f}\n"
    )
    head = (
        "repetition",
        "lnf ms/fight",
        "bare µs/fight",
        "lnf ÷ bare",
        "greedy ms",
        "greedy ÷ lnf",
    )
    print(f"{head[0]:>10} {head[1]:>13} {head[2]:>14} {head[3]:>11} {head[4]:>10} {head[5]:>13}")
    ratios, greedy_ratios = [], []
    for i in range(args.repeat):
        lnf = _cpu(lambda: lnf_fights(start, seeds, MonsterKind.LNF)) / len(seeds)
        alone = _cpu(lambda: bare_fights(fighters, danger, bare_seeds)) / len(bare_seeds)
        greedy = _cpu(lambda: lnf_fights(start, seeds, MonsterKind.GREEDY)) / len(seeds)
        ratios.append(lnf / alone)
        greedy_ratios.append(greedy / lnf)
        print(
            f"{i + 1:>10} {lnf * 1e3:>13.2f} {alone * 1e6:>14.1f} {lnf / alone:>10.0f}× "
            f"{greedy * 1e3:>10.2f} {greedy / lnf:>12.2f}×"
        )
    print(
        f"\nmedian: one X1 fight = {statistics.median(ratios):.0f} × a bare one (the issue asks "
        f"≤ 25 ×); greedy monsters = {statistics.median(greedy_ratios):.2f} × LNF's (≤ 1 ×)"
    )
    plans(args.repeat)


def plans(repeat: int) -> None:
    """Greedy monsters' plan against LNF's (CP-SAT) on generated battles, each grid's best of
    `repeat` (CPU): the validator is all a greedy plan costs, so this is where it showed."""
    sys.path.insert(0, str(X1.parent.parent))
    from tests.grids import grid

    for heroes, monsters in ((4, 12), (8, 40)):
        ratios = []
        for seed in range(3):
            fight = grid(heroes, monsters, seed=seed)
            greedy = min(_cpu(partial(greedy_plan, fight)) for _ in range(repeat))
            lnf = min(_cpu(partial(solved_plan, fight)) for _ in range(repeat))
            ratios.append(greedy / lnf)
        shown = ", ".join(f"{r:.2f}" for r in ratios)
        print(f"{heroes} × {monsters}, 3 grids: greedy plan ÷ LNF's plan {shown} × (≤ 1 ×)")


def _share(flags: list[bool]) -> str:
    return f"{100 * sum(flags) / len(flags):.1f} %"


if __name__ == "__main__":
    main()
