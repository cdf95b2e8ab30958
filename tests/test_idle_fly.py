"""B6, R7, F7 Fly: a monster that attacks nobody this round (a hero flies out of its reach) casts
Fly on itself and takes to free air the next round; when the spell ends it falls to the front
rank. Judged by the spell's own SRD text; planned, played; the mage has nothing unsupported."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from lnf.dice.roll import ScriptedDice
from lnf.engine.effects import Rolled
from lnf.formats.bestiary import srd
from lnf.formats.fight_file import load_fight
from lnf.formats.spell_effects import SELF_SPELLS
from lnf.model import Condition, Effect, Lasting, Rank
from lnf.model.steps import ConcentrationEnded, Moved
from lnf.rules import check_state
from lnf.rules.idle_casts import idle_spell
from lnf.rules.plan_check import check_plan
from lnf.rules.ranks import can_fly_now
from lnf.rules.roster import FLY_SPELL
from lnf.solver import solve_plan
from tests.brute_force import best_plan
from tests.cli import stdout_of
from tests.srd import DATA, needs_data

FLYING_ANN = (
    "{name: Ann, class: fighter, hp: 40, ac: 16, fly: 60, rank: free-air, "
    "attacks: [{name: Longsword, to_hit: 5, damage: 1d8+3 slashing}]}"
)


def _srd_spell(name: str) -> dict[str, Any]:
    data: list[dict[str, Any]] = json.loads(
        (DATA / "5e-srd-5.1-spells.json").read_text(encoding="utf-8")
    )
    return next(s for s in data if s["name"] == name)


@needs_data
def test_fly_is_what_its_own_srd_text_says() -> None:
    """SRD: "The target gains a flying speed of 60 feet for the duration. When the spell
    ends, the target falls if it is still aloft." Up to 10 minutes, concentration; five stat
    blocks list it, none says it unplayed."""
    source = _srd_spell("Fly")
    text = " ".join(source["desc"]).lower()
    assert (
        f"gains a flying speed of {FLY_SPELL} feet" in text and "falls if it is still aloft" in text
    )
    table = SELF_SPELLS["fly"]
    assert table["effect"] == {"flying": True, "lasting": "10 minutes"}
    assert source["duration"] == "Up to 10 minutes" and table["concentration"] is True
    found = sorted(
        b["name"]
        for b in srd()
        for a in b.get("actions", [])
        if a["name"] == "Fly" and "Spellcasting: Fly" not in " ".join(b["not_modelled"])
    )
    assert found == ["Archmage", "Cloud Giant", "Glabrezu", "Mage", "Rakshasa"]


@needs_data
def test_the_glabrezu_flies_up_to_the_hero_it_could_not_reach(tmp_path: Path) -> None:
    """B6, R7: its Power Word Stun and Confusion spent and Ann in free air, it reaches nobody:
    it casts Fly (its 1/day; Dispel Magic, earlier, has nothing to end); the solver, brute force
    and the validator agree; the next round it joins Ann in free air."""
    path = tmp_path / "glabrezu.yaml"
    path.write_text(
        f"heroes: [{FLYING_ANN}]\n"
        "monsters: [{monster: glabrezu, used: {Power Word Stun: 1, Confusion: 1}}]\n"
    )
    f = load_fight(path)
    glabrezu = f.monster("Glabrezu")
    assert not can_fly_now(glabrezu)
    fly = idle_spell(f, glabrezu)
    assert fly is not None and fly.name == "Fly"
    plan = solve_plan(f, explain=False).plan
    assert plan.orders[0].action == "Fly" and check_plan(f, plan) == [] and best_plan(f) == plan
    said = stdout_of("run", str(path), "--seed", "1", "--rounds", "2")
    assert "Glabrezu casts Fly: nothing it can reach this round (B6)." in said
    assert "Glabrezu is flying: 10 minutes, while Glabrezu concentrates (F4)." in said
    assert "Glabrezu joins Ann, attacks Ann in mêlée, from free-air." in said
    flying = f.with_combatant(replace(glabrezu, conditions=frozenset({Condition.FLYING})))
    assert can_fly_now(flying.monster("Glabrezu"))
    assert idle_spell(flying, flying.monster("Glabrezu")) is None  # it flies already


@needs_data
def test_when_fly_ends_in_free_air_it_falls_to_the_front_rank(tmp_path: Path) -> None:
    """F7, R7: its concentration broken, the glabrezu in free air falls (flying low is the
    front rank); the state it leaves breaks no rule."""
    path = tmp_path / "glabrezu.yaml"
    path.write_text(f"heroes: [{FLYING_ANN}]\nmonsters: [{{monster: glabrezu}}]\n")
    f = load_fight(path)
    aloft = replace(
        f.monster("Glabrezu"), rank=Rank.FREE_AIR, conditions=frozenset({Condition.FLYING})
    )
    held = Lasting(rounds=100, concentration="Glabrezu")
    effects = (
        Effect(1, "Glabrezu", "Fly", Lasting(rounds=100), 1, by="Glabrezu", concentration=True),
        Effect(2, "Glabrezu", "flying", held, 1, by="Glabrezu", condition=Condition.FLYING),
    )
    f = replace(f.with_combatant(aloft), effects=effects, round=1)
    assert check_state(f) == []
    turn = Rolled.turn(f, "Ann").rolling(ScriptedDice([]))
    turn.do(ConcentrationEnded("Glabrezu", "the Constitution save failed"))
    assert Moved("Glabrezu", rank=Rank.FRONT) in turn.steps
    assert turn.fight.monster("Glabrezu").rank is Rank.FRONT
    assert check_state(turn.fight) == []


@needs_data
def test_the_mage_has_nothing_unsupported_left() -> None:
    """B6: with Greater Invisibility and Fly played, every item of the mage's stat block is
    played, or left to the DM or the map."""
    said = json.loads(stdout_of("monsters", "--not-played", "--json"))
    assert not [x for x in said if x["name"] == "Mage" and x["why"] == "unsupported"]
