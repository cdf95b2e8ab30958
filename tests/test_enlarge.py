"""B6: the duergar's Enlarge — used only when nothing else is possible, once a fight; enlarged
for 1 minute, its war pick and javelin deal their damage "while enlarged" (the plan's expected
damage and the engine's roll alike), and it has advantage on Strength saves and checks. Judged
by the action's own SRD text."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from lnf.dice.roll import ScriptedDice
from lnf.engine.resolve import roll_contest, roll_save
from lnf.engine.round_start import plan_in_phase
from lnf.formats.bestiary import srd
from lnf.formats.fight_file import load_fight
from lnf.model import Ability, AltUse, Condition
from lnf.model.plan import Mode, Plan
from lnf.rules.attacks import used_damage
from lnf.rules.idle_casts import does_something, idle_spell
from lnf.rules.plan_check import check_plan
from lnf.solver import solve_plan
from tests.cli import stdout_of
from tests.srd import DATA, needs_data

HERO = "{name: Ann, class: fighter, hp: 40, ac: 12}"


@needs_data
def test_enlarge_and_the_weapons_are_what_their_own_text_says() -> None:
    """B6: "For 1 minute … doubles its damage dice on Strength-based weapon attacks (included in
    the attacks), and makes Strength checks and Strength saving throws with advantage"; it
    "recharges after a short or long rest" (once a fight); each weapon's "… damage while
    enlarged" is its other damage, nothing left unplayed."""
    data = json.loads((DATA / "5e-srd-5.1-monsters.json").read_text(encoding="utf-8"))
    own = next(m for m in data if m["name"] == "Duergar")
    texts = {a["name"]: a for a in own["actions"]}
    enlarge = texts["Enlarge"]
    assert enlarge["desc"].startswith("For 1 minute, the duergar magically increases in size")
    assert "Strength checks and Strength saving throws with advantage" in enlarge["desc"]
    assert enlarge["usage"]["type"] == "recharge after rest"
    block = next(b for b in srd() if b["name"] == "Duergar")
    (entry,) = [a for a in block["actions"] if a["name"] == "Enlarge"]
    assert entry == {
        "name": "Enlarge",
        "per_day": 1,
        "effect": {"ward": "enlarged", "lasting": "1 minute"},
    }
    for attack in block["attacks"]:
        other = attack["alt_damage"].split()[0].replace("+", " + ")
        assert f"({other}) piercing damage while enlarged" in texts[attack["name"]]["desc"]
        assert attack["alt_when"] == AltUse.ENLARGED.value
    assert block["not_modelled"] == ["senses: darkvision 120 ft."]


@needs_data
def test_the_duergar_enlarges_out_of_reach_and_hits_harder(tmp_path: Path) -> None:
    """B6 from the CLI: out of reach in volley round 3 the duergar enlarges (the validator
    takes it), its use spent; its javelin then rolls 2d6+2, said with the reason; enlarged, its
    war pick's expected damage is 2d8+2's, it saves and resists a shove in Strength with
    advantage, and enlarging again would do nothing."""
    path = tmp_path / "duergar.yaml"
    path.write_text(f"phase: volley 3\nheroes: [{HERO}]\nmonsters: [{{monster: duergar}}]\n")
    f = load_fight(path)
    duergar = f.monster("Duergar")
    enlarge = idle_spell(f, duergar)
    assert enlarge is not None and enlarge.name == "Enlarge"
    (order,) = plan_in_phase(f, lambda g: solve_plan(g, explain=False).plan).orders
    assert order.action == "Enlarge" and check_plan(f, Plan((order,))) == []
    said = stdout_of("run", str(path), "--seed", "1", "--rounds", "3")
    assert "Duergar spends a daily use of Enlarge (0 of 1 left).\nDuergar uses Enlarge." in said
    assert "Duergar is enlarged: 1 minute (F4)." in said
    assert "(Duergar is enlarged: Javelin 2d6+2 piercing, not 1d6+2 piercing)" in said
    big = replace(duergar, conditions=duergar.conditions | {Condition.ENLARGED})
    pick = big.attacks[0]
    assert str(used_damage(pick, Mode.MELEE, big).damage) == "2d8+2 piercing"
    assert str(used_damage(pick, Mode.MELEE, duergar).damage) == "1d8+2 piercing"
    assert does_something(f, big, enlarge) == "Duergar is enlarged already"
    save = roll_save(f, big, Ability.STR, 15, ScriptedDice([3, 17]), "a shove")
    assert save.faces == (3, 17) and save.success
    shove = roll_contest(f.hero("Ann"), big, "shove", ScriptedDice([15, 4, 12]))
    assert shove.target_faces == (12, 4) and shove.target_bonus == big.save_bonus(Ability.STR)


@needs_data
def test_the_efreeti_enlarges_itself_and_its_scimitar_deals_1d4_more(tmp_path: Path) -> None:
    """B6, F7 Enlarge/Reduce: "Until the spell ends, the target also has advantage on Strength
    checks and Strength saving throws … the target's attacks with them deal 1d4 extra damage";
    concentration. From the CLI: out of reach, the efreeti casts it on itself (a daily use);
    its scimitar's hit in round 4 rolls 1d4 more, said; its Hurl Flame (a spell) does not."""
    spells = json.loads((DATA / "5e-srd-5.1-spells.json").read_text(encoding="utf-8"))
    spell = next(s for s in spells if s["name"] == "Enlarge/Reduce")
    text = " ".join(spell["desc"])
    assert "advantage on Strength checks and Strength saving throws" in text
    assert "attacks with them deal 1d4 extra damage" in text and spell["concentration"]
    path = tmp_path / "efreeti.yaml"
    path.write_text(f"phase: volley 3\nheroes: [{HERO}]\nmonsters: [{{monster: efreeti}}]\n")
    said = stdout_of("run", str(path), "--seed", "2", "--rounds", "5")
    assert (
        "Efreeti casts Enlarge/Reduce.\nEfreeti concentrates on Enlarge/Reduce (1 minute)" in said
    )
    assert "Efreeti is enlarged: 1 minute, while Efreeti concentrates (F4)." in said
    grown = "+ 1d4 (2) slashing = 17 (Efreeti is enlarged: Scimitar 2d6+6 slashing + 2d6 fire"
    assert grown + " + 1d4 slashing, not 2d6+6 slashing + 2d6 fire)" in said
    f = load_fight(path)
    efreeti = f.monster("Efreeti")
    big = replace(efreeti, conditions=efreeti.conditions | {Condition.ENLARGED})
    flame = next(a for a in big.attacks if a.name == "Hurl Flame")
    assert used_damage(flame, Mode.RANGED, big) == flame


@needs_data
def test_the_clay_golem_hastes_itself_and_slams_three_times(tmp_path: Path) -> None:
    """B6: Haste, "Until the end of its next turn, the golem magically gains a +2 bonus to its
    AC, has advantage on Dexterity saving throws, and can use its slam attack as a bonus
    action" (recharge 5–6): out of reach, the golem uses it (+2 AC at once); on its next turn it
    slams three times, and the haste ends as that turn ends."""
    data = json.loads((DATA / "5e-srd-5.1-monsters.json").read_text(encoding="utf-8"))
    own = next(m for m in data if m["name"] == "Clay Golem")
    (haste,) = [a for a in own["actions"] if a["name"] == "Haste"]
    assert haste["desc"].startswith("Until the end of its next turn, the golem magically gains")
    assert haste["usage"] == {"type": "recharge on roll", "dice": "1d6", "min_value": 5}
    block = next(b for b in srd() if b["name"] == "Clay Golem")
    (entry,) = [a for a in block["actions"] if a["name"] == "Haste"]
    assert entry["recharge"] == 5 and entry["effect"]["ward"] == "hasted"
    assert "Haste" not in block["not_modelled"]
    path = tmp_path / "golem.yaml"
    path.write_text(f"phase: volley 1\nheroes: [{HERO}]\nmonsters: [{{monster: clay golem}}]\n")
    said = stdout_of("run", str(path), "--seed", "1", "--rounds", "2")
    assert (
        "Clay Golem uses Haste.\nClay Golem is hasted until the end of its next turn: +2 AC" in said
    )
    round2 = said.split("Round 2")[1]
    assert round2.count("Clay Golem attacks Ann with Slam") == 3
    ended = round2.index("Clay Golem is no longer hasted: 1 round is over (F4).")
    assert ended > round2.rindex("Clay Golem attacks Ann with Slam")
    f = load_fight(path)
    golem = f.monster("Clay Golem")
    fast = replace(golem, conditions=golem.conditions | {Condition.HASTED})
    save = roll_save(f, fast, Ability.DEX, 15, ScriptedDice([3, 17]), "a fireball")
    assert save.faces == (3, 17) and save.success and save.advantage == "hasted"
