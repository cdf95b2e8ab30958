"""`lnf plan`'s words on the owlbear's den (a tester's grid): monsters joining one unengaged
hero (M5), and the JSON's routine (B1)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli import run, stdout_of

DEN = Path(__file__).parent / "fights" / "owlbear"


def _order_lines(out: str) -> dict[str, str]:
    names = ("Gnoll 1", "Gnoll 2", "Owlbear", "Goblin archer 1", "Goblin archer 2")
    return {n: line for line in out.splitlines() for n in names if line.startswith(f"  {n} ")}


def test_only_the_first_monster_to_join_a_lone_hero_makes_a_new_group() -> None:
    """M5: Gnoll 2 (first in strike order) joins Ilsa, unengaged, and makes a new group; Gnoll 1
    and the Owlbear join that group, not a new one each."""
    code, out = run("plan", str(DEN / "round-1.yaml"))
    assert code == 0
    lines = _order_lines(out)
    assert "Joins Ilsa (a new group)," in lines["Gnoll 2"]
    assert "Joins Ilsa's new group," in lines["Gnoll 1"]
    assert "Joins Ilsa's new group," in lines["Owlbear"]
    assert "Joins Bram (a new group)," in lines["Goblin archer 2"]  # one each: both new
    assert "Joins Nix (a new group)," in lines["Goblin archer 1"]


def test_plan_json_gives_the_multiattack_the_text_gives() -> None:
    """B1: the text says the Owlbear attacks "with Beak and Claws"; the JSON's `routine` gives
    both, while `attack` and `times` keep their meaning (its weapon)."""
    _, out = run("plan", str(DEN / "round-2.yaml"))
    assert "attacks Ilsa in mêlée with Beak and Claws" in _order_lines(out)["Owlbear"]
    owlbear = {
        m["name"]: m
        for m in json.loads(stdout_of("plan", "--json", str(DEN / "round-2.yaml")))["monsters"]
    }["Owlbear"]
    assert owlbear["routine"] == [{"attack": "Beak", "times": 1}, {"attack": "Claws", "times": 1}]
    assert (owlbear["attack"], owlbear["times"]) == ("Claws", 1)
