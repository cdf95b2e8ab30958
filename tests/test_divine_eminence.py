"""B1, B2, B6: the priest's Divine Eminence (its bonus action, a spell slot: "an extra 10 (3d6)
radiant damage to a target on a hit" until the turn ends) is one option of the plan with its
mace's one attack, judged by the trait's own SRD text, planned, validated, played and said."""

from __future__ import annotations

import json
from pathlib import Path

from lnf.formats.bestiary import srd
from lnf.formats.fight_file import load_fight
from lnf.model.plan import Mode, Order, Plan
from lnf.rules.plan_check import check_plan
from tests.cli import stdout_of
from tests.srd import DATA, needs_data

EMINENT = "Mace with Divine Eminence"
FIGHT = (
    "heroes: [{name: Ann, class: fighter, hp: 60, ac: 12}]\n"
    "monsters: [{monster: priest}]\ngroups: {A: [Ann, Priest]}\n"
)


@needs_data
def test_divine_eminence_is_what_its_own_srd_text_says() -> None:
    """B1: "expend a spell slot", "an extra 10 (3d6) radiant damage … on a hit", "until the end
    of the turn"; the priest's mace (+2, 1d6) is its only mêlée weapon, one attack a turn (no
    Multiattack): the option is the mace with those dice, a 1st-level slot, magical."""
    data = json.loads((DATA / "5e-srd-5.1-monsters.json").read_text(encoding="utf-8"))
    own = next(m for m in data if m["name"] == "Priest")
    (trait,) = [t["desc"] for t in own["special_abilities"] if t["name"] == "Divine Eminence"]
    assert "expend a spell slot" in trait and "extra 10 (3d6) radiant damage" in trait
    assert "lasts until the end of the turn" in trait
    assert not any(a["name"] == "Multiattack" for a in own["actions"])
    block = next(b for b in srd() if b["name"] == "Priest")
    (mace,) = block["attacks"]
    (eminent,) = [a for a in block["actions"] if a["name"] == "Mace with Divine Eminence"]
    assert eminent["damage"] == f"{mace['damage']} + 3d6 radiant"
    assert (eminent["to_hit"], eminent["spends"], eminent["magic"]) == (2, "slot 1", True)
    assert "Divine Eminence (trait)" not in block["not_modelled"]


@needs_data
def test_the_priest_smites_and_the_validator_checks_its_slot(tmp_path: Path) -> None:
    """B6 from the CLI: with its 3rd-level slots spent, the priest in Ann's group weighs the mace
    with Divine Eminence against its spells (said in the plan's reasons); played, a 1st-level
    slot is spent and the hit deals 3d6 radiant more. With no 1st-level slot left the validator
    refuses it (B2)."""
    path = tmp_path / "priest.yaml"
    path.write_text(FIGHT.replace("{monster: priest}", "{monster: priest, used: {slot 3: 2}}"))
    plan = stdout_of("plan", str(path))
    assert "Priest  Stays in group A, in the front rank; uses Mace with Divine Eminence" in plan
    said = stdout_of("run", str(path), "--seed", "2", "--rounds", "1")
    assert "Priest spends a 1st-level spell slot (3 of 4 left)." in said
    assert "Priest attacks Ann with Mace with Divine Eminence in mêlée" in said
    assert "hit; 1d6 (2) bludgeoning + 3d6 (3, 1, 2) radiant = 8; Ann 52/60 hp." in said
    spent = tmp_path / "spent.yaml"
    spent.write_text(FIGHT.replace("{monster: priest}", "{monster: priest, used: {slot 1: 4}}"))
    f = load_fight(spent)
    priest = f.monster("Priest")
    order = Order("Priest", priest.rank, target="Ann", mode=Mode.MELEE, action=EMINENT)
    (v,) = check_plan(f, Plan((order,)))
    assert v.rule == "B2"
