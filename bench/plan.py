"""Benchmark of the monsters' plan: model size and solve time by grid size, brute force on the
small sizes, and a greedy per-monster baseline (each monster in danger order takes the first
target it can legally attack on its own, as other tools do) measured against the optimum.

    .venv/bin/python bench/plan.py            # the full table (a few minutes)
    .venv/bin/python bench/plan.py --quick    # small sizes only

Prints a Markdown table, then the same grids with special actions (B1–B6: some stat blocks
breathe, some cast Fire Bolt, Magic Missile and Fireball from their slots) and their 8 × 40
median as a ratio to the floor, the same grids without them (goal: at most 1.5 × today's
plan), and what P5's reasons (`lnf plan` prints them) cost at 8 × 40 beside the plan (goal:
at most 1 ×). Times are CPU times (`time.process_time`): the machine is shared. Nothing here
asserts a time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lnf.errors import NoLegalPlan
from lnf.model import Fight
from lnf.model.plan import Mode, Order, Plan
from lnf.rules.attacks import plan_targets
from lnf.rules.moves import can_act, destinations, rank_options
from lnf.rules.plan_check import check_plan
from lnf.rules.plan_score import score
from lnf.solver import SolvedPlan, solve_plan
from tests.brute_force import best_plan
from tests.grids import grid


def greedy(fight: Fight) -> Plan:
    """Each monster in danger order takes the first target (in target order) that it can
    attack legally on its own; no look at gang-up limits or the back-rank count as a whole."""
    orders = []
    targets = plan_targets(fight)
    for m in fight.monsters:
        if not can_act(fight, m):
            continue
        chosen = Order(m.name, m.rank)
        for hero in targets:
            candidates = (
                Order(m.name, rank, move, hero.name, mode)
                for mode in Mode
                for move in destinations(fight, m)
                for rank in rank_options(m)
            )
            legal = [
                o
                for o in candidates
                if not [v for v in check_plan(fight, Plan((o,))) if v.rule not in ("R6", "K2")]
            ]
            if legal:
                chosen = legal[0]
                break
        orders.append(chosen)
    return Plan(tuple(orders))


def median_time(
    fight: Fight, repeats: int, limit: float, explain: bool = False
) -> tuple[float, SolvedPlan]:
    times = []
    for _ in range(repeats):
        start = time.process_time()
        solved = solve_plan(fight, explain=explain, time_limit=limit)
        times.append(time.process_time() - start)
    return statistics.median(times), solved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="small sizes only")
    parser.add_argument("--grids", type=int, default=5, help="grids per size")
    parser.add_argument(
        "--limit", type=float, default=60.0, help="seconds per lexicographic block before giving up"
    )
    args = parser.parse_args()
    sizes = [(2, 3), (3, 4), (4, 8), (6, 20), (8, 40)]
    if not args.quick:
        sizes += [(12, 80), (20, 150), (30, 300), (50, 500)]
    medians = {}
    reasons: dict[bool, list[float]] = {}
    for specials in (False, True):
        if specials:
            print("\nWith special actions (breaths, spells; B1–B6):\n")
        medians[specials] = table(sizes, args.grids, args.limit, specials, reasons)
    floor, mine = medians[False].get((8, 40)), medians[True].get((8, 40))
    if floor and mine:
        print(
            f"\n8 × 40 with special actions: median {mine * 1000:.0f} ms, "
            f"{mine / floor:.2f} × the same grids without them ({floor * 1000:.0f} ms, the floor)"
        )
    for specials, ratios in reasons.items():
        if ratios:
            kind = "with special actions" if specials else "without special actions"
            print(
                f"P5's reasons at 8 × 40 {kind}: median {statistics.median(ratios):.2f} × the "
                f"plan (the plan with its reasons ÷ the plan, less 1; {len(ratios)} grids)"
            )


def table(
    sizes: list[tuple[int, int]],
    grids: int,
    limit: float,
    specials: bool,
    reasons: dict[bool, list[float]],
) -> dict[tuple[int, int], float]:
    """One row per size; returns each size's median plan time (seconds) and puts in
    `reasons` what P5's reasons cost at 8 × 40, per grid, as a ratio to the plan."""
    print(
        "| heroes × monsters | variables | constraints | solves | median plan | slowest | "
        "brute force | greedy illegal | greedy worse |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    medians = {}
    for n_heroes, n_monsters in sizes:
        times, variables, constraints, solves, brute = [], [], [], [], []
        illegal = worse = 0
        for seed in range(grids):
            fight = grid(n_heroes, n_monsters, seed, specials)
            try:
                t, solved = median_time(fight, 3 if n_monsters <= 40 else 1, limit)
            except NoLegalPlan as exc:
                print(f"| {n_heroes} × {n_monsters} | gave up: {exc} |", flush=True)
                break
            times.append(t)
            if (n_heroes, n_monsters) == (8, 40):
                with_reasons, _ = median_time(fight, 3, limit, explain=True)
                reasons.setdefault(specials, []).append(with_reasons / t - 1)
            variables.append(solved.stats.variables)
            constraints.append(solved.stats.constraints)
            solves.append(solved.stats.solves)
            best = solved.plan
            assert check_plan(fight, best) == []
            if n_monsters <= 4 and (not specials or n_heroes <= 3):
                start = time.perf_counter()
                brute_plan = best_plan(fight)
                brute.append(time.perf_counter() - start)
                assert brute_plan is not None and score(fight, brute_plan) == score(fight, best)
            if n_monsters <= 150:
                g = greedy(fight)
                if check_plan(fight, g):
                    illegal += 1
                elif score(fight, g).key()[:2] != score(fight, best).key()[:2]:
                    worse += 1
        if not times or len(times) < grids:
            break
        medians[(n_heroes, n_monsters)] = statistics.median(times)
        brute_text = f"{statistics.median(brute) * 1000:.0f} ms" if brute else "–"
        greedy_text = (
            (f"{illegal}/{grids}", f"{worse}/{grids}") if n_monsters <= 150 else ("–", "–")
        )
        print(
            f"| {n_heroes} × {n_monsters} | {int(statistics.median(variables))} | "
            f"{int(statistics.median(constraints))} | {int(statistics.median(solves))} | "
            f"{statistics.median(times) * 1000:.0f} ms | {max(times) * 1000:.0f} ms | "
            f"{brute_text} | "
            f"{greedy_text[0]} | {greedy_text[1]} |",
            flush=True,
        )
    return medians


if __name__ == "__main__":
    main()
