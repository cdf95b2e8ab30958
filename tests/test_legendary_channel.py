"""F6, B7: the mummy lord's Channel Negative Energy (SRD: "Creatures within 60 feet of the
mummy lord, including ones behind barriers and around corners, can't regain hit points until
the end of the mummy lord's next turn") read from its own text, taken only while a hero is
downed (`rules.bar_healing`), played as F6's no healing on every hero caught, and said."""

from __future__ import annotations

import json
from pathlib import Path

from lnf.formats.bestiary import srd
from lnf.formats.fight_file import load_fight
from lnf.rules.bar_healing import barred, bars_only
from lnf.rules.legendary import legendary_choice
from tests.cli import stdout_of
from tests.srd import DATA, needs_data

SWORD = "attacks: [{name: Longsword, to_hit: 5, damage: 1d8+3 slashing}]"
CHANNEL = f"""heroes:
  - {{name: Ann, class: fighter, hp: 90, ac: 15, {SWORD}}}
  - {{name: Bo, class: rogue, hp: 0/60, ac: 14, {SWORD}}}
  - {{name: Cy, class: cleric, hp: 40, ac: 16, {SWORD}}}
monsters:
  - {{monster: mummy lord}}
  - {{monster: zombie}}
groups: {{A: [Ann, Bo, Zombie]}}
started: heroes
"""


@needs_data
def test_f6_only_the_mummy_lords_channel_bars_healing_as_its_text_says() -> None:
    """Every SRD legendary option that says "can't regain hit points until the end of …'s
    next turn" is read as a 60-ft radius with no save and a no-healing rider; only the mummy
    lord's; and it is no longer said unsupported."""
    data = json.loads((DATA / "5e-srd-5.1-monsters.json").read_text(encoding="utf-8"))
    found = []
    for block in data:
        for x in block.get("legendary_actions") or []:
            if "can't regain hit points until the end of" in x["desc"]:
                assert "Creatures within 60 feet of the mummy lord" in x["desc"]
                assert "saving throw" not in x["desc"]
                found.append((block["name"], x["name"]))
    assert found == [("Mummy Lord", "Channel Negative Energy (Costs 2 Actions)")]
    block = next(b for b in srd() if b["name"] == "Mummy Lord")
    option = next(o for o in block["legendary"] if o["name"] == "Channel Negative Energy")
    lasting = "until end of attacker's turn"  # as Blasphemous Word's stun, its next turn
    riders = [{"no_healing": "all", "lasting": lasting}]
    assert option == {
        "name": option["name"],
        "cost": 2,
        "action": {"area": "radius 60", "riders": riders},
    }
    said = json.loads(stdout_of("monsters", "--not-played", "--json"))
    assert not [x for x in said if x["item"].endswith("Channel Negative Energy")]


@needs_data
def test_b7_taken_only_while_a_hero_is_downed(tmp_path: Path) -> None:
    """Unengaged, the mummy lord's damaging options reach nobody: with Bo downed it channels
    at every hero; with Bo standing it does not (nothing to bar)."""
    path = tmp_path / "channel.yaml"
    path.write_text(CHANNEL, encoding="utf-8")
    f = load_fight(path)
    me = f.monster("Mummy Lord")
    pick = legendary_choice(f, me, None)
    assert pick is not None and pick.option.name == "Channel Negative Energy"
    assert bars_only(pick.use) and pick.targets == ("Ann", "Bo", "Cy") == barred(f)
    path.write_text(CHANNEL.replace("hp: 0/60", "hp: 60"), encoding="utf-8")
    standing = load_fight(path)
    assert barred(standing) == ()
    pick = legendary_choice(standing, standing.monster("Mummy Lord"), None)
    assert pick is None or pick.option.name != "Channel Negative Energy"


@needs_data
def test_f6_played_every_hero_caught_regains_nothing_until_its_turn_ends(tmp_path: Path) -> None:
    path = tmp_path / "channel.yaml"
    path.write_text(CHANNEL, encoding="utf-8")
    said = stdout_of("run", str(path), "--seed", "3", "--rounds", "1")
    took = "At the end of Ann's turn, Mummy Lord uses a legendary action (B7): Channel Negative "
    assert f"{took}Energy at Ann, Bo and Cy." in said
    for name in ("Ann", "Bo", "Cy"):
        bar = f"{name}: no regaining hit points (by Mummy Lord), until the end of Mummy Lord's"
        assert bar in said
        assert f"{name}: no regaining hit points ends" in said
