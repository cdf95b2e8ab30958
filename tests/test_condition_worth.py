"""B6: a condition an action imposes is worth a share of the hero's hit points
(`rules.expected.condition_worth`), so a monster casts Hold Person at a fighter rather than a
cantrip that deals little: the SRD cult fanatic against a level-5 fighter, from a fight file."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from lnf.formats.fight_file import load_fight
from lnf.model import Ability, Condition, Effect, Lasting
from lnf.rules.expected import CONDITION_WORTH, condition_worth
from lnf.rules.plan_check import check_plan
from lnf.solver import solve_plan
from lnf.values import replace
from tests.builders import hero
from tests.cli import run

FIGHT = """\
title: The fanatic's prayer
round: 1
heroes:
  - name: Bram
    class: fighter
    level: 5
    scores: {str: 18, dex: 14, con: 14, int: 10, wis: 12, cha: 8}
    weapons: [longsword]
    armor: [chain mail, shield]
monsters:
  - monster: cult fanatic
"""


def test_worth_is_the_largest_share_of_the_hit_points_now_of_what_it_lacks() -> None:
    bram = hero("Bram", hp=44, hp_now=40)
    assert condition_worth((Condition.PARALYZED,), bram) == 40
    assert condition_worth((Condition.PRONE, Condition.RESTRAINED), bram) == 20
    held = hero("Bram", hp=44, conditions=frozenset({Condition.PARALYZED}))
    assert condition_worth((Condition.PARALYZED,), held) == 0  # nothing more to take
    assert CONDITION_WORTH[Condition.UNCONSCIOUS] == Fraction(1)  # as good as dropped


def test_the_fanatic_holds_the_fighter_rather_than_cast_sacred_flame(tmp_path: Path) -> None:
    """Bram's Wisdom save +1 against DC 11 fails 9 times in 20: Hold Person is worth 0.45 × 44
    = 19.80; Sacred Flame's 1d8 against his Dexterity save +2 (fails 8 in 20) is 1.80 (B6)."""
    path = tmp_path / "prayer.yaml"
    path.write_text(FIGHT, encoding="utf-8")
    code, out = run("plan", str(path), "--json")
    assert code == 0, out
    (fanatic,) = json.loads(out)["monsters"]
    assert (fanatic["action"], fanatic["targets"]) == ("Hold Person", ["Bram"])
    code, out = run("plan", str(path))
    assert (
        "Sacred Flame would attack the same heroes for less expected damage (1.80 against " in out
    )
    assert "19.80, a condition at its worth) (B6)" in out


TWO = FIGHT.replace("    level: 5\n", "    level: 5\n    dots: [O]\n").replace(
    "monsters:\n",
    "  - name: Ilsa\n    class: cleric\n    hp: 38\n    ac: 18\n    saves: {wis: 7}\n"
    "    attacks:\n      - {name: Mace, to_hit: 5, damage: 1d6+2 bludgeoning}\n"
    "monsters:\n",
)


def test_a_new_hold_does_not_free_the_hero_the_old_one_holds(tmp_path: Path) -> None:
    """F5, B6: not concentrating, the fanatic holds Bram (first in the target order: his O dot,
    T2). Holding Ilsa (38 hp), a Hold Person on Bram would end the old one: what it lets go
    (1 × 38) outweighs what it gains (0.45 × 44 = 19.80), so it takes another spell (Command's
    Grovel, 0.45 × ½ × 44 = 9.90), which it would not over a free Hold Person."""
    path = tmp_path / "two.yaml"
    path.write_text(TWO, encoding="utf-8")
    start = load_fight(path)
    assert solve_plan(start).plan.orders[0].action == "Hold Person"
    lasting = Lasting(rounds=10, save=(Ability.WIS, 11), concentration="Cult Fanatic")
    held = replace(
        start,
        heroes=tuple(
            replace(h, conditions=frozenset({Condition.PARALYZED})) if h.name == "Ilsa" else h
            for h in start.heroes
        ),
        effects=(
            Effect(1, "Cult Fanatic", "Hold Person", Lasting(rounds=10), 1, concentration=True),
            Effect(
                2,
                "Ilsa",
                "Hold Person",
                lasting,
                1,
                by="Cult Fanatic",
                condition=Condition.PARALYZED,
            ),
        ),
    )
    plan = solve_plan(held).plan
    order = plan.orders[0]
    assert order.target == "Bram" and order.action not in ("Hold Person", ""), order
    assert not check_plan(held, plan)
