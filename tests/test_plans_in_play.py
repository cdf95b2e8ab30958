"""P2, B1, F4: every plan the runner asks for in whole fights passes the validator, where the
generated grids and Hypothesis' fights cannot reach: SRD twins whose own actions leave the
heroes that faced them immune to that twin's use alone (the harpies' Luring Song, the mummies'
Dreadful Glare), against a level-5 party from sheets playing by the hero policy, several dice
seeds. Such twins once formed one troop, and the plan gave one twin the song the other could
still sing (`solver.troops.own_effects`)."""

from __future__ import annotations

import pytest

from lnf.engine.runner import Runner
from lnf.engine.table import Table
from lnf.formats.fight_file import parse_fight
from lnf.heroes.policy import PolicyHeroes
from lnf.model import Fight
from lnf.model.plan import Plan
from lnf.rules.plan_check import check_plan
from lnf.solver import solve_plan

PARTY = """\
heroes:
  - {name: Lyra, class: bard, level: 5, weapons: [rapier],
     scores: {str: 8, dex: 14, con: 14, int: 10, wis: 12, cha: 18},
     spells: [vicious mockery, healing word, thunderwave, shatter, hold person]}
  - {name: Ilsa, class: cleric, level: 5, weapons: [mace], armor: [chain mail, shield],
     scores: {str: 14, dex: 10, con: 14, int: 8, wis: 18, cha: 12},
     spells: [sacred flame, bless, cure wounds, spiritual weapon, spirit guardians]}
  - {name: Bram, class: fighter, level: 5, weapons: [longsword, longbow],
     armor: [chain mail, shield], scores: {str: 18, dex: 14, con: 14, int: 10, wis: 12, cha: 8}}
  - {name: Nix, class: rogue, level: 5, weapons: [rapier, shortbow], armor: [leather armor],
     scores: {str: 10, dex: 18, con: 14, int: 12, wis: 12, cha: 8}}
"""

TWINS = {
    "harpies": "monsters:\n  - {monster: harpy, count: 2}\n  - {monster: hobgoblin, count: 2}\n",
    "mummies": "monsters:\n  - {monster: mummy, count: 2}\n",
}


def _fight(twins: str) -> Fight:
    return parse_fight(f"title: Twins\n{PARTY}{TWINS[twins]}", f"{twins}.yaml")


@pytest.mark.parametrize("twins", sorted(TWINS))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_plan_in_a_fight_of_twins_passes_the_validator(twins: str, seed: int) -> None:
    planned: list[int] = []

    def checked(f: Fight) -> Plan:
        plan = solve_plan(f, explain=False).plan
        assert check_plan(f, plan) == [], (f.round, plan)
        planned.append(len(plan.orders))
        return plan

    runner = Runner(Table(_fight(twins)), PolicyHeroes(), checked, lambda _: None)
    runner.begin(seed)
    runner.play(rounds=6)
    assert planned  # the fight was planned, not ended before it began
