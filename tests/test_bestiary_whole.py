"""The bestiary reads whole stat blocks (B1, B2, B7, B8): Multiattack as its text says, weapons
matched to the SRD equipment (V3), special actions and legendary actions as figures (its
spellcasting: tests/test_bestiary_spellcasting.py), and `lnf monsters --not-played`. Data is
judged by its own text: each figure lnf reads is checked against the entry's description (read
here with the test's own patterns)."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

from lnf.formats.bestiary import srd
from lnf.formats.fight_file import load_fight, parse_fight
from lnf.formats.fight_writer import dump_fight
from lnf.formats.srd import stat_block
from lnf.model import (
    LEGENDARY_ACTIONS,
    LEGENDARY_RESISTANCE,
    Ability,
    Area,
    Condition,
    Fight,
    Legendary,
    Recharge,
    Resource,
    Shape,
    TurnEdge,
)
from lnf.model.plan import Advantage
from lnf.rules.distance import volley_reach
from tests.cli import run, stdout_of
from tests.own_words import said_condition
from tests.srd import DATA, needs_data

WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
WORDS |= {"seven": 7}
ABILITY = {"str": "Strength", "dex": "Dexterity", "con": "Constitution"}
ABILITY |= {"int": "Intelligence", "wis": "Wisdom", "cha": "Charisma"}


def _source(name: str) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return data


def _block(name: str) -> dict[str, Any]:
    return next(b for b in srd() if b["name"] == name)


def _counts(b: dict[str, Any]) -> dict[str, int]:
    """The Multiattack lnf plays: `multiattack`, or one attack's `times`."""
    return dict(b.get("multiattack") or {}) or {
        a["name"]: a["times"] for a in b["attacks"] if a.get("times", 1) > 1
    }


def _says(desc: str, name: str, count: int, total: int) -> bool:
    """The test's own reading: the description gives `count` for the attack `name` ("two with
    its claws", the last word of "Tail Stinger" as "stinger"), or says `total` attacks in all
    ("two melee attacks": the list names which)."""
    bare = re.sub(r"\s*\(.*?\)", "", name).lower().rstrip("s")
    text = desc.lower()
    for word in {bare, bare.split()[-1]}:
        for said, n in WORDS.items():
            if n == count and re.search(
                rf"\b{said} (?:attacks? with its |with its |to )?{re.escape(word)}", text
            ):
                return True
    said_total = [w for w, n in WORDS.items() if n == total]
    return any(re.search(rf"\bmakes {w} (?:melee |ranged )?attacks\b", text) for w in said_total)


@needs_data
def test_every_multiattack_lnf_reads_is_what_its_text_says() -> None:
    """B1, over every SRD stat block: each attack count lnf reads is the description's."""
    checked = 0
    for m in _source("5e-srd-5.1-monsters.json"):
        multi = next((a for a in m.get("actions", []) if a["name"] == "Multiattack"), None)
        if multi is None:
            continue
        desc = multi["desc"]
        counts = _counts(_block(m["name"]))
        for name, count in counts.items():
            if "as many bite attacks as it has heads" in desc:
                heads = " ".join(t["desc"] for t in m["special_abilities"])
                assert f"has {list(WORDS)[count + 1]} heads" in heads, m["name"]
            elif "1d4" in desc:
                assert count == 2, m["name"]  # 1d4's average, rounded down
            else:
                assert _says(desc, name, count, sum(counts.values())), (m["name"], name, desc)
            checked += 1
    assert checked > 100


def test_the_six_multiattacks_the_structured_data_has_wrong() -> None:
    assert _counts(_block("Veteran")) == {"Longsword": 2, "Shortsword": 1}
    assert _counts(_block("Brown Bear")) == {"Bite": 1, "Claws": 1}
    assert _counts(_block("Dragon Turtle")) == {"Bite": 1, "Claw": 2}
    assert _counts(_block("Vampire, Vampire Form")) == {"Unarmed Strike": 1, "Bite": 1}
    assert _counts(_block("Hydra")) == {"Bite": 5}
    assert _counts(_block("Violet Fungus")) == {"Rotting Touch": 2}
    assert _block("Violet Fungus")["multiattack_rolled"] == {"Rotting Touch": "1d4"}  # B1


@needs_data
def test_weapons_take_the_srd_equipment_properties() -> None:
    """Every attack named like an SRD weapon has exactly that weapon's properties."""
    weapons = {
        w["name"].lower(): w for w in _source("5e-srd-5.1-equipment.json") if "weapon_range" in w
    }
    weapons |= {f"{k.split(', ')[1]} crossbow": w for k, w in weapons.items() if ", " in k}
    matched = 0
    for b in srd():
        for a in b["attacks"]:
            w = weapons.get(re.sub(r"\s*\(.*?\)", "", a["name"]).lower())
            if w is None:
                assert "properties" not in a, (b["name"], a["name"])
                continue
            props = {p["index"].replace("-", "_") for p in w["properties"]} - {"monk"}
            assert set(a["properties"]) == props, (b["name"], a["name"])
            assert a.get("two_handed", False) == ("two_handed" in props)
            assert a.get("finesse", False) == ("finesse" in props)
            matched += 1
    assert matched > 80


def test_the_goblins_shortbow_is_two_handed_so_v3_lets_it_shoot_far(tmp_path: Path) -> None:
    bow = next(a for a in _block("Goblin")["attacks"] if a["name"] == "Shortbow")
    assert bow["two_handed"] and bow["properties"] == ["ammunition", "two_handed"]
    path = tmp_path / "volley.yaml"
    path.write_text(
        "phase: volley 5\nheroes: [{name: Ann, class: fighter, hp: 10}]\n"
        "monsters: [{monster: goblin}]\n",
        encoding="utf-8",
    )
    shortbow = next(a for a in load_fight(path).monster("Goblin").attacks if a.name == "Shortbow")
    assert shortbow.two_handed
    assert volley_reach(shortbow, 5) is Advantage.DISADVANTAGE  # V3: n ≤ 10, past 2
    assert volley_reach(shortbow, 11) is None
    code, out = run("plan", str(path))
    assert code == 0 and "Shoots Ann with Shortbow at disadvantage" in out, out
    shown = json.loads(stdout_of("monsters", "show", "goblin", "--json"))
    assert next(a for a in shown["attacks"] if a["name"] == "Scimitar")["properties"] == [
        "finesse",
        "light",
    ]


def test_ammunition_is_counted_only_when_the_stat_block_counts_it() -> None:
    javelin = next(a for a in _block("Bugbear")["attacks"] if a["name"] == "Javelin")
    assert "ammunition" not in javelin and "thrown" in javelin["properties"]
    entry = {
        "name": "Hill Scout",
        "size": "Medium",
        "type": "humanoid",
        "armor_class": [{"type": "dex", "value": 12}],
        "hit_points": 11,
        "hit_points_roll": "2d8+2",
        "speed": {"walk": "30 ft."},
        "strength": 12,
        "dexterity": 14,
        "constitution": 12,
        "intelligence": 10,
        "wisdom": 11,
        "charisma": 10,
        "challenge_rating": 0.5,
        "special_abilities": [{"name": "Quiver", "desc": "The scout carries six javelins."}],
        "actions": [
            {
                "name": "Javelin",
                "desc": "Melee or Ranged Weapon Attack: +3 to hit, reach 5 ft. or range 30/120 "
                "ft., one target. Hit: 4 (1d6 + 1) piercing damage.",
            }
        ],
    }
    block = stat_block(copy.deepcopy(entry))
    assert block["attacks"][0]["ammunition"] == 6
    entry["special_abilities"] = []
    assert "ammunition" not in stat_block(entry)["attacks"][0]


def test_the_young_green_dragons_poison_breath(tmp_path: Path) -> None:
    """B1, B2: the breath as an action of the model: recharge 5, DC 14 Con half, 12d6 poison,
    a 30 ft cone; charged at the start (one use, recharged on a roll)."""
    (breath,) = _block("Young Green Dragon")["actions"]
    assert breath == {
        "name": "Poison Breath",
        "recharge": 5,
        "save": "con 14",
        "half": True,
        "damage": "12d6 poison",
        "area": "cone 30",
    }
    assert not any("Poison Breath" in n for n in _block("Young Green Dragon")["not_modelled"])
    dragon = _fight(tmp_path, "young green dragon").monster("Young Green Dragon")
    (action,) = dragon.actions
    assert (action.name, action.recharge, action.save, action.half) == (
        "Poison Breath",
        5,
        (Ability.CON, 14),
        True,
    )
    assert str(action.damage) == "12d6 poison" and action.area == Area(Shape.CONE, 30)
    assert dragon.resources == (Resource("Poison Breath", 1, 0, Recharge.ROLL),)
    assert [a.name for a in dragon.attacks] == ["Bite", "Claw"]  # weapons stay attacks


def _fight(tmp_path: Path, *monsters: str) -> Fight:
    path = tmp_path / "fight.yaml"
    entries = ", ".join(f"{{monster: {m}}}" for m in monsters)
    path.write_text(
        f"heroes: [{{name: Ann, class: fighter, hp: 30}}]\nmonsters: [{entries}]\n",
        encoding="utf-8",
    )
    fight = load_fight(path)
    assert parse_fight(dump_fight(fight), "again.yaml") == fight  # written back, the same
    return fight


@needs_data
def test_every_special_action_is_what_its_text_says() -> None:
    """B1, B2 over every SRD stat block: each action that is not a weapon attack is an action
    of the model (each option of a choice its own, sharing the recharge) or said not played;
    its recharge, save, half, damage, area, range and conditions are the description's."""
    checked = 0
    for m in _source("5e-srd-5.1-monsters.json"):
        block = _block(m["name"])
        attacks = {a["name"] for a in block["attacks"]}
        others = [a for a in m.get("actions", []) if a["name"] not in {"Multiattack", *attacks}]
        played = [a for a in block.get("actions", []) if not a.get("spell")]
        # B6: a trait's action (Divine Eminence: its text is checked in test_divine_eminence)
        played = [a for a in played if not a["name"].endswith(" with Divine Eminence")]
        for action in others:
            desc, usage = action["desc"], action.get("usage")
            mine = [
                a
                for a in played
                if a["name"] == action["name"] or a.get("spends") == action["name"]
            ]
            if not mine and block.get("escape", {}).get("name") == action["name"]:
                continue  # C1: its way of leaving by magic (tests/test_escapes.py)
            if action["name"] == "Reel":  # F6: the roper's, played as its trait `reel`
                assert "reel" in block["traits"] and "uses Reel" in m["actions"][0]["desc"]
                continue
            if (m["name"], action["name"]) == ("Tarrasque", "Swallow"):  # F6: its bite's
                bite = next(a for a in block["attacks"] if a["name"] == "Bite")
                assert bite["riders"][0]["swallow"]
                continue
            if (m["name"], action["name"]) == ("Shambling Mound", "Engulf"):  # F6: its trait
                assert any(t.startswith("engulf ") for t in block["traits"])
                continue
            if not mine:
                said = [n.split(": ")[0] for n in block["not_modelled"]]  # B8: a precise line
                assert action["name"] in said, (m["name"], action["name"])
                continue
            for a in mine:
                text = desc
                if a.get("spends"):
                    text = next(x for x in desc.split("\n") if x.startswith(a["name"] + "."))
                _agrees(a, text, usage, m["name"])
                checked += 1
        # every "DC N Ability saving throw" of a played action's text is its save
        for a in played:
            source = next(x for x in others if x["name"] in (a["name"], a.get("spends")))
            text = source["desc"]
            if a.get("spends"):
                text = next(x for x in text.split("\n") if x.startswith(a["name"] + "."))
            found = re.search(r"DC (\d+) (\w+) saving throw", text)
            if found:
                ability, dc = a["save"].split()
                assert (dc, ABILITY[ability]) == (found[1], found[2]), (m["name"], a["name"])
    assert checked > 120


def _agrees(s: dict[str, Any], desc: str, usage: Any, where: str) -> None:
    if "recharge" in s:
        assert usage["type"] == "recharge on roll" and usage["min_value"] == s["recharge"]
    if "per_day" in s and usage["type"] == "recharge after rest":
        assert s["per_day"] == 1, where  # B6: once a fight, which has no rest (Enlarge)
    elif "per_day" in s:
        assert usage["type"] == "per day" and usage["times"] == s["per_day"]
    if "save" in s:
        ability, dc = s["save"].split()
        assert f"DC {dc} {ABILITY[ability]} saving throw" in desc, where
    if "half" in s:
        assert s["half"] == ("half as much damage" in desc), where
    for part in s.get("damage", "").split(" + ") if "damage" in s else []:
        dice, kind = part.split()
        said = re.sub(r"(\d)([+-])(\d)", r"\1 \2 \3", dice)
        assert f"({said}) {kind} damage" in desc, (where, part)
    if "area" in s:
        shape, size = s["area"].split()
        if shape == "radius":  # "each creature within 10 feet of it" (E1: by the radius)
            pattern = rf"within {size} (?:feet|ft)|{size}-foot radius"
        elif "range" in s:  # "a point it can see … each creature within 10 feet of that point"
            pattern = rf"within {size} (?:feet|ft\.) of that point"
        else:
            pattern = rf"{size}-foot\S* {shape}|{shape} that is {size} (?:feet|ft\.) long"
        assert re.search(pattern, desc), (where, s["area"])
    if "range" in s and "to_hit" in s:  # B2, F6: a limited attack (the web): its own range
        assert f"range {s['range']} ft." in desc, (where, s["range"])
    elif "range" in s:
        assert re.search(rf"within {s['range']} (?:feet|ft)", desc), (where, s["range"])
    for rider in s.get("riders", []):
        for condition in [rider.get("condition"), *rider.get("conditions", [])]:
            assert condition is None or said_condition(condition, desc), (where, condition)


@needs_data
def test_legendary_actions_and_resistance(tmp_path: Path) -> None:
    """B7: the Adult Red Dragon's Tail Attack makes its Tail; Wing Attack costs 2, DC 22 Dex,
    2d6+8 bludgeoning and prone around it; Legendary Resistance 3/day; 3 points a round."""
    red = _fight(tmp_path, "adult red dragon").monster("Adult Red Dragon")
    detect, tail, wing = red.legendary
    assert detect == Legendary(name="Detect")
    assert tail == Legendary(name="Tail Attack", attack="Tail")
    assert wing.cost == 2 and wing.action is not None
    assert (wing.action.save, wing.action.half, str(wing.action.damage)) == (
        (Ability.DEX, 22),
        False,
        "2d6+8 bludgeoning",
    )
    assert wing.action.area == Area(Shape.RADIUS, 10)
    assert wing.action.riders[0].conditions == (Condition.PRONE,)
    uses = {r.name: (r.total, r.recharge) for r in red.resources}
    assert uses[LEGENDARY_ACTIONS] == (3, Recharge.ROUND)
    assert uses[LEGENDARY_RESISTANCE] == (3, Recharge.LONG)
    assert uses["Fire Breath"] == (1, Recharge.ROLL)
    for m in _source("5e-srd-5.1-monsters.json"):
        options = _block(m["name"]).get("legendary", [])
        assert len(options) == len(m.get("legendary_actions", [])), m["name"]
        for o, x in zip(options, m.get("legendary_actions", []), strict=True):
            cost = re.search(r"Costs (\d) Actions", x["name"])
            assert o.get("cost", 1) == (int(cost[1]) if cost else 1), m["name"]
            if "attack" in o:
                assert o["attack"].lower() in x["desc"].lower(), (m["name"], o["name"])
            if "action" in o and not o["action"].get("spell"):
                text = x["desc"]
                if f"uses {o['name']}" in text:  # "The kraken uses Lightning Storm": that action's
                    text = next(a["desc"] for a in m["actions"] if a["name"] == o["name"])
                _agrees(o["action"], text, None, m["name"])
        resistance = next(
            (t for t in m.get("special_abilities", []) if t["name"].startswith("Legendary Resis")),
            None,
        )
        uses_read = _block(m["name"]).get("uses", {}).get(LEGENDARY_RESISTANCE)
        if resistance is None:
            assert uses_read is None, m["name"]
        else:
            said = re.search(r"\((\d)/Day\)", resistance["name"])
            times = int(said[1]) if said else resistance["usage"]["times"]
            assert uses_read == times, m["name"]


def test_a_dragons_breath_weapons_share_one_recharge(tmp_path: Path) -> None:
    """B2, decided: "one of the following breath weapons" is one action per breath, both
    spending the one charge of Breath Weapons."""
    silver = _fight(tmp_path, "young silver dragon").monster("Young Silver Dragon")
    cold, paralyzing = silver.actions
    assert (cold.name, cold.spends, cold.recharge) == ("Cold Breath", "Breath Weapons", 5)
    assert (paralyzing.name, paralyzing.spends) == ("Paralyzing Breath", "Breath Weapons")
    (rider,) = paralyzing.riders
    assert rider.conditions == (Condition.PARALYZED,) and rider.lasting.rounds == 10
    assert rider.lasting.save == (Ability.CON, 17) and rider.lasting.each is TurnEdge.END
    assert silver.resources == (Resource("Breath Weapons", 1, 0, Recharge.ROLL),)


def test_the_package_holds_figures_not_sentences() -> None:
    """No description sentence ships: every text of what lnf read is a name or a figure."""

    def texts(v: Any) -> list[str]:
        if isinstance(v, dict):  # a spell's note is lnf's own words (formats/spellbook)
            return [t for k, x in v.items() if k != "note" for t in texts(x)]
        if isinstance(v, list):
            return [t for x in v for t in texts(x)]
        return [v] if isinstance(v, str) else []

    for b in srd():
        for key in ("actions", "spellcasting", "legendary", "reactions", "attacks"):
            for text in texts(b.get(key)):
                assert len(text) <= 60 and ". " not in text, (b["name"], text)


def test_lnf_monsters_not_played() -> None:
    rows = json.loads(stdout_of("monsters", "--not-played", "--json"))
    assert isinstance(rows, list) and all(set(r) == {"name", "item", "why"} for r in rows)
    assert {r["why"] for r in rows} == {"no map", "dm", "unsupported"}
    why = {(r["name"], r["item"].split(":")[0].split(" (")[0]): r["why"] for r in rows}
    assert ("Young Green Dragon", "Poison Breath") not in why  # played (B1, B2)
    assert why["Young Green Dragon", "Amphibious"] == "no map"
    assert why["Young Green Dragon", "senses"] == "no map"
    assert why["Werewolf, Human Form", "Shapechanger"] == "dm"
    assert not any("not yet" in r["item"] for r in rows)  # actions, spells: played (B1)
    items = {(r["name"], r["item"]): r["why"] for r in rows}
    assert items["Mage", "Spellcasting: Suggestion"] == "dm"  # what the charmed hero does
    assert items["Mage", "Spellcasting: Detect Magic"] == "no map"
    assert items["Adult Red Dragon", "legendary action Detect"] == "no map"
    assert not any(r["name"] == "Adult Red Dragon" and "Legendary" in r["item"] for r in rows)
    code, out = run("monsters", "--not-played", "mage")
    assert code == 0 and "Mage\n  no map       Spellcasting: Light" in out, out
    code, out = run("monsters", "--not-played", "goblin")
    assert "Nimble Escape" not in out and "Martial Advantage" not in out  # played (B8)
    code, out = run("monsters", "--not-played")
    unsupported = len({r["name"] for r in rows if r["why"] == "unsupported"})
    dm = len({r["name"] for r in rows if r["why"] == "dm"})
    assert f"Of 334 stat blocks, {unsupported} have" in out and f"{dm} something the DM" in out


def test_what_the_text_says_of_bolts_turns_and_whom_it_spares() -> None:
    """B3: "three bolts of lightning, each of which can strike a target" are three; F4: "until
    the end of the mummy lord's next turn" is its user's turn, "the creature's" the bearer's;
    "each non-undead creature within 10 feet" is an area around it; a legendary option that
    "uses Lightning Storm" is that action."""
    kraken = _block("Kraken")
    storm = next(a for a in kraken["actions"] if a["name"] == "Lightning Storm")
    assert (storm["times"], storm["range"], storm["save"]) == (3, 120, "dex 23")
    option = next(o for o in kraken["legendary"] if o["name"] == "Lightning Storm")
    assert option["cost"] == 2 and option["action"]["times"] == 3
    lord = {o["name"]: o for o in _block("Mummy Lord")["legendary"]}
    assert lord["Attack"]["attack"] == "Rotting Fist"
    word = lord["Blasphemous Word"]["action"]
    assert word["area"] == "radius 10"
    assert word["riders"] == [{"condition": "stunned", "lasting": "until end of attacker's turn"}]
    dust = lord["Blinding Dust"]["action"]
    assert dust["riders"][0]["lasting"] == "until end of target's turn"


@needs_data
def test_an_action_on_everyone_within_a_distance_is_an_area_round_it() -> None:
    """B3, E1, judged by each action's own text: "Every humanoid and giant within 300 ft. of
    the harpy" (its Luring Song) is an area round it, as "each creature within 10 feet of it"
    is, and so catches every hero it reaches, not one."""
    around = re.compile(
        r"\b(?:each|every) (?:[\w-]+ ){0,3}?(?:creature|humanoid and giant) within (\d+) "
        r"(?:feet|ft\.?) of (?:it|itself|the [\w ]+?)\b(?! that)",
        re.I,
    )
    found = 0
    for m in _source("5e-srd-5.1-monsters.json"):
        played = {a["name"]: a for a in _block(m["name"]).get("actions", [])}
        for action in m.get("actions", []):
            said = around.search(action["desc"])
            if said is None or action["name"] not in played:
                continue
            found += 1
            assert played[action["name"]].get("area") == f"radius {said[1]}", (m["name"], said[0])
    assert found >= 5  # the cloaker, the vrock, the storm giant, the nalfeshnee …
    luring = next(a for a in _block("Harpy")["actions"] if a["name"] == "Luring Song")
    assert luring["area"] == "radius 300"


def test_an_action_that_charms_is_played_and_what_it_makes_do_is_the_dms() -> None:
    rows = json.loads(stdout_of("monsters", "--not-played", "--json"))
    items = {(r["name"], r["item"]): r["why"] for r in rows}
    assert items["Ghost", "Possession: what it makes the hero do"] == "dm"
    assert any(a["name"] == "Possession" for a in _block("Ghost")["actions"])
    assert items["Animated Armor", "False Appearance (trait)"] == "no map"  # as camouflage
    assert items["Swarm of Bats", "Bites: reach 0 ft (taken as 5)"] == "no map"  # its group


def test_a_stat_block_says_whose_turn_ends_what_it_imposes() -> None:
    """F4: the cloaker moans on its own turn, so its text's "until the end of the cloaker's
    next turn" is what `lnf monsters show` says, not the fight file's "attacker's turn"."""
    code, out = run("monsters", "show", "cloaker")
    said = " ".join(out.split())
    assert code == 0 and "frightened (until the end of the cloaker's next turn)" in said, out
    code, out = run("monsters", "show", "mummy lord")
    said = " ".join(out.split())
    assert "blinded (until the end of the target's next turn)" in said, out
    assert "attacker's turn" not in said and "of target's turn" not in said


def test_a_stat_block_says_the_save_that_ends_what_its_action_imposes() -> None:
    """F4: a condition an action's save imposes ends on that save repeated, where the text
    says so ("A creature can also repeat the saving throw at the end of each of its turns"):
    `lnf monsters show` says so, as the fight's log does, not "until taken off"."""
    code, out = run("monsters", "show", "harpy")
    said = " ".join(out.split())
    assert code == 0 and "Luring Song: DC 11 Wisdom save; 300 ft radius;" in said, out
    ends = "a DC 11 Wisdom save at the end of each of its turns ends it"
    assert f"charmed and incapacitated ({ends})" in said and "taken off" not in said, out
    code, out = run("monsters", "show", "adult red dragon")
    said = " ".join(out.split())
    assert "frightened (1 minute, a DC 19 Wisdom save at the end of each of its turns" in said
