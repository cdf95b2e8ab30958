"""`lnf odds`: the odds engine (many fights, each with its own seed), its statistics worked
out by hand, the plan cache against the solver, greedy monsters, and what the command says."""

from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from lnf.formats.fight_file import load_fight
from lnf.model import LEGENDARY_ACTIONS, Cost, Fight, Rank, Recharge, Resource
from lnf.model.plan import Plan
from lnf.odds.fights import Outcome, fight_seed, play_fights
from lnf.odds.greedy import greedy_plan
from lnf.odds.plan_cache import PlanCache, plan_state
from lnf.odds.tally import difference, rounds, share, spread, tally, wilson
from lnf.rules.plan_check import check_plan
from lnf.rules.state_check import planning_problems
from lnf.solver import solve_plan
from tests.cli import run, stdout_of
from tests.golden import check_golden
from tests.specials_monsters import without_charge, x6
from tests.strategies import plan_fights

ROOT = Path(__file__).parent.parent
X1 = ROOT / "examples" / "wight-and-skeletons.yaml"
GOLDEN = Path(__file__).parent / "fights" / "odds"


# --- statistics, by hand -----------------------------------------------------------------


def test_wilson_interval_by_hand() -> None:
    # 3 of 10: p = 0.3; centre (0.3 + 1.96²/20) / (1 + 1.96²/10) = 0.3555;
    # half 1.96 √(0.021 + 0.0096) / 1.3841 = 0.2477 → 0.1078 to 0.6032.
    lo, hi = wilson(3, 10)
    assert math.isclose(lo, 0.1078, abs_tol=5e-4) and math.isclose(hi, 0.6032, abs_tol=5e-4)
    assert wilson(0, 10)[0] == 0.0 and math.isclose(wilson(0, 10)[1], 0.2775, abs_tol=5e-4)
    assert wilson(10, 10)[1] == 1.0


def test_newcombe_difference_by_hand() -> None:
    # 3/10 − 5/10 = −0.2; lower −0.2 − √((0.3 − 0.1078)² + (0.7634 − 0.5)²) = −0.5260,
    # upper −0.2 + √((0.6032 − 0.3)² + (0.5 − 0.2366)²) = 0.2014.
    d = difference(share(3, 10), share(5, 10))
    assert math.isclose(d.diff, -0.2)
    assert math.isclose(d.lo, -0.5260, abs_tol=5e-4) and math.isclose(d.hi, 0.2014, abs_tol=5e-4)


def test_rounds_and_means_by_hand() -> None:
    r = rounds([3, 1, 2, 5, 4])
    assert (r.q1, r.median, r.q3, r.least, r.most) == (2, 3, 4, 1, 5)
    assert r.counts == ((1, 1), (2, 1), (3, 1), (4, 1), (5, 1))
    s = spread([10, 20, 30])  # sd 10: half 1.96 × 10 / √3 = 11.32
    assert s.mean == 20 and math.isclose(s.hi - s.mean, 11.316, abs_tol=1e-3)


def test_a_tally_of_three_fights() -> None:
    fights = [
        Outcome(0, "heroes", 3, ("Ann",), (), 10, 30, (("slot 1", 1),), False),
        Outcome(1, "monsters", 5, ("Ann", "Bo"), ("Bo",), 40, 12, (), True),
        Outcome(2, "heroes", 4, (), (), 5, 30, (("slot 1", 2),), False),
    ]
    r = tally(fights, ["Ann", "Bo"])
    assert (r.heroes_win.k, r.heroes_win.n) == (2, 3)
    assert [(h.name, h.drops.k, h.dies.k) for h in r.heroes] == [("Ann", 2, 0), ("Bo", 1, 1)]
    assert r.rounds.median == 4 and r.spent == (("slot 1", 1.0),) and r.anyone_flees.k == 1
    assert r.hero_damage.mean == 55 / 3


# --- the engine ----------------------------------------------------------------------------


def test_a_fights_seed_depends_on_the_master_seed_and_its_number_only() -> None:
    assert fight_seed(1, 7) == fight_seed(1, 7) != fight_seed(1, 8) != fight_seed(2, 7)


def test_same_seed_same_fights_on_one_process_or_two() -> None:
    start = load_fight(X1)
    one = sorted(play_fights(start, range(12), 5), key=lambda o: o.number)
    two = sorted(play_fights(start, range(12), 5, jobs=2), key=lambda o: o.number)
    assert one == two
    again = sorted(play_fights(start, range(6, 12), 5), key=lambda o: o.number)
    assert again == one[6:]  # a fight is the same whatever range it is played in


def test_greedy_plans_are_legal_and_take_the_first_target_down_the_rows() -> None:
    start = load_fight(ROOT / "examples" / "goblin-ambush.yaml")
    plan = greedy_plan(start)
    assert not check_plan(start, plan)
    first = plan.orders[0]
    assert first.target is not None


def test_greedy_monsters_use_their_first_usable_action_down_the_rows() -> None:
    """B1, B2: greedy monsters breathe too, as peers do, at the heroes down the rows (blind to
    X6's target order, which puts Dee first): the cone's three are Ann and Bo's group A and
    the next hero down the rows who stands apart, Dee's row before Cy's (E3, B5); spent, the
    breath is not used and the dragon bites the first hero down the rows."""
    start = x6()
    order = greedy_plan(start).orders[0]
    assert not check_plan(start, Plan((order,)))
    assert (order.action, order.targets) == ("Poison Breath", ("Ann", "Bo", "Dee"))
    spent = without_charge(start, "Young Green Dragon", "Poison Breath")
    order = greedy_plan(spent).orders[0]
    assert order.action == "" and order.target == "Ann"


def test_a_greedy_mage_steps_forward_when_its_guards_fall() -> None:
    """R6: X7's mage keeps the back rank while its guards stand; with both guards dead the
    front-rank count fails, so the greedy mage steps to the front rank and still casts, rather
    than standing idle in a rank it may not hold."""
    start = load_fight(ROOT / "examples" / "mage-behind-its-guards.yaml")
    (mage,) = [o for o in greedy_plan(start).orders if o.monster == "Mage"]
    assert mage.rank is Rank.BACK
    alone = start
    for guard in ("Guard 1", "Guard 2"):
        guard_now = alone.monster(guard)
        alone = alone.with_combatant(replace(guard_now, damage=guard_now.hp))
    plan = greedy_plan(alone)
    assert not check_plan(alone, plan)
    (mage,) = [o for o in plan.orders if o.monster == "Mage"]
    assert mage.rank is Rank.FRONT and mage.action and mage.target is not None


# --- the plan cache --------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(plan_fights(max_heroes=4, max_monsters=5), st.data())
def test_the_cache_gives_the_solvers_plan(fight: Fight, data: st.DataObject) -> None:
    """What the cache sets aside changes no plan: a state with other hit points above 0,
    temporary hit points, resources, round, surge dice and F1's books of the turn under way gets
    the plan the solver gives it."""
    assume(not planning_problems(fight))
    names = st.sampled_from([c.name for c in fight.everyone])
    who = st.frozensets(names, max_size=3)
    books = replace(
        fight.turns,
        used_action=data.draw(who),
        used_bonus=data.draw(who),
        defended=data.draw(who),
        cast=tuple(
            data.draw(
                st.lists(st.tuples(names, st.sampled_from(Cost), st.integers(0, 3)), max_size=3)
            )
        ),
        attack_action=data.draw(st.frozensets(st.tuples(names, st.sampled_from(["Bite", "Club"])))),
    )
    other = replace(
        fight,
        turns=books,
        round=data.draw(st.integers(1, 30)),
        heroes=tuple(
            replace(
                h,
                hp_now=h.hp_now if h.current_hp == 0 else data.draw(st.integers(1, h.hp)),
                temp_hp=data.draw(st.integers(0, 9)),
                resources=(Resource("slot 1", 3, data.draw(st.integers(0, 3))),),
                surge=data.draw(st.integers(0, 3)),
            )
            for h in fight.heroes
        ),
        monsters=tuple(
            replace(m, damage=data.draw(st.integers(0, m.hp - 1))) if m.current_hp > 0 else m
            for m in fight.monsters
        ),
    )
    assert plan_state(other) == plan_state(fight)
    cache = PlanCache(lambda f: solve_plan(f, explain=False).plan)
    assert cache.key(other) == cache.key(fight) and hash(cache.key(other)) == hash(cache.key(fight))
    first = cache(fight)
    assert cache(other) == first == solve_plan(other, explain=False).plan
    assert (cache.hits, cache.misses) == (1, 1)


@settings(max_examples=60, deadline=None)
@given(plan_fights(max_heroes=3, max_monsters=4), plan_fights(max_heroes=3, max_monsters=4))
def test_the_cache_key_is_equal_exactly_when_the_plan_states_are(a: Fight, b: Fight) -> None:
    """The key is built from combatants remembered by identity: it must still say what
    `plan_state` says, for any two fights, and for a fight whose hero dropped since."""
    cache = PlanCache(lambda f: solve_plan(f, explain=False).plan)
    assert (cache.key(a) == cache.key(b)) == (plan_state(a) == plan_state(b))
    assert cache.key(a) == cache.key(replace(a, title="another"))
    down = a.with_combatant(replace(a.heroes[0], hp_now=0))
    assert (cache.key(down) == cache.key(a)) == (plan_state(down) == plan_state(a))


_MONSTER_USES = st.lists(
    st.builds(
        Resource,
        st.sampled_from(["Fire Breath", "Web", "slot 1", "slot 3", LEGENDARY_ACTIONS]),
        st.integers(1, 3),
        st.integers(0, 3),
        st.sampled_from(list(Recharge)),
    ),
    min_size=1,
    max_size=3,
    unique_by=lambda r: r.name,
)


@settings(max_examples=40, deadline=None)
@given(plan_fights(max_heroes=3, max_monsters=4), st.data())
def test_the_cache_keeps_states_whose_monsters_have_other_uses_left_apart(
    fight: Fight, data: st.DataObject
) -> None:
    """B1, B2, B6: the plan reads what a monster has left (a recharge action charged or spent,
    a spell slot, a use a day), so the key keeps the monsters' resources: two states that
    differ only there are planned each on its own, and each gets the solver's plan for it. The
    heroes' resources no rule of the plan reads (the cache sets them aside)."""
    assume(not planning_problems(fight))
    i = data.draw(st.integers(0, len(fight.monsters) - 1))
    uses = tuple(data.draw(_MONSTER_USES))
    which = data.draw(st.integers(0, len(uses) - 1))
    spent = tuple(replace(r, used=r.used + 1) if j == which else r for j, r in enumerate(uses))
    a, b = (
        fight.with_combatant(replace(fight.monsters[i], resources=left)) for left in (uses, spent)
    )
    assert plan_state(a) != plan_state(b)
    cache = PlanCache(lambda f: solve_plan(f, explain=False).plan)
    assert cache.key(a) != cache.key(b)
    assert cache(a) == solve_plan(a, explain=False).plan
    assert cache(b) == solve_plan(b, explain=False).plan
    assert (cache.hits, cache.misses) == (0, 2)
    heroes_spent = replace(
        b, heroes=tuple(replace(h, resources=(Resource("slot 1", 2, 2),)) for h in b.heroes)
    )
    assert cache.key(heroes_spent) == cache.key(b)


# --- the command ---------------------------------------------------------------------------


def test_a_golden_report_in_text_and_json(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    args = ["odds", "examples/orcs-at-the-ford.yaml", "--fights", "30", "--seed", "3", "--quiet"]
    check_golden(GOLDEN / "orcs-at-the-ford.odds.txt", stdout_of(*args))
    check_golden(GOLDEN / "orcs-at-the-ford.odds.json", stdout_of(*args, "--json"))
    check_golden(
        GOLDEN / "orcs-at-the-ford.compare.md", stdout_of(*args, "--compare", "--markdown")
    )


def test_runs_over_separate_numbers_merge_into_one(tmp_path: Path) -> None:
    args = ["odds", str(X1), "--seed", "2", "--quiet", "--json"]
    whole = json.loads(stdout_of(*args, "--fights", "10"))
    (tmp_path / "a.json").write_text(stdout_of(*args, "--fights", "4"), encoding="utf-8")
    (tmp_path / "b.json").write_text(
        stdout_of(*args, "--fights", "6", "--first", "4"), encoding="utf-8"
    )
    merged = json.loads(
        stdout_of(*args, "--merge", str(tmp_path / "a.json"), "--merge", str(tmp_path / "b.json"))
    )
    assert merged["runs"] == whole["runs"]
    code, out = run(
        "odds", str(X1), "--merge", str(tmp_path / "a.json"), "--merge", str(tmp_path / "a.json")
    )
    assert code == 2 and "fight 0 is in two of the files" in out


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_the_plot_is_written(tmp_path: Path, suffix: str) -> None:
    picture = tmp_path / f"odds{suffix}"
    code, out = run(
        "odds", str(X1), "--fights", "8", "--compare", "--quiet", "--plot", str(picture)
    )
    assert code == 0, out
    data = picture.read_bytes()
    if suffix == ".png":
        assert data.startswith(b"\x89PNG\r\n\x1a\n")
    else:
        assert data.lstrip().startswith(b"<?xml") and b"<svg" in data
    code, out = run("odds", str(X1), "--fights", "2", "--quiet", "--plot", str(tmp_path / "x.jpg"))
    assert code == 2 and ".png or .svg" in out and "Traceback" not in out


def test_without_plot_a_text_chart() -> None:
    out = stdout_of("odds", str(X1), "--fights", "10", "--quiet")
    assert "Rounds to the end:" in out and "│█" in out


def test_odds_without_plot_does_not_import_matplotlib() -> None:
    import subprocess
    import sys

    code = (
        "import sys; from lnf.cli import main\n"
        f"try: main(['odds', {str(X1)!r}, '--fights', '3', '--quiet', '--compare'])\n"
        "except SystemExit as exit: assert not exit.code, exit.code\n"
        "print('matplotlib' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "False"


def test_the_same_report_on_one_job_or_two() -> None:
    args = ["odds", str(X1), "--fights", "10", "--seed", "4", "--quiet", "--json"]
    assert stdout_of(*args) == stdout_of(*args, "--jobs", "2")
