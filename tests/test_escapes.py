"""C1, M6: a monster's way of leaving by magic (Teleport, Etherealness, Ethereal Stride,
Ethereal Jaunt, Ink Cloud), read from the SRD's own text and played when it flees."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lnf.engine.event_check import event_problems
from lnf.formats.bestiary import srd
from lnf.formats.not_played import NO_MAP, why
from lnf.model import (
    LEGENDARY_ACTIONS,
    Condition,
    Escape,
    Fight,
    Group,
    Legendary,
    Monster,
    Rank,
    Recharge,
    Resource,
)
from lnf.model.events import Recorded
from lnf.model.plan import Mode, Order
from lnf.model.steps import Attacked, Fled, Moved, Used
from lnf.rules.escapes import attack_first, escape_by
from lnf.rules.legendary_moves import legendary_move
from lnf.values import replace
from lnf.views.transcript import transcript
from tests.builders import SWORD, fight, hero, monster
from tests.cli import run
from tests.srd import DATA as SRD_DATA
from tests.test_play_rounds import Told, play_one_round, steps

DATA = SRD_DATA / "5e-srd-5.1-monsters.json"
# What each stat block's text says, and what lnf reads of it: the escape points a chase starts
# at (None: gone at once), whether it attacks first, its uses.
READ = {
    "Balor": ("Teleport", "up to 120 feet", 2, False, None),
    "Marilith": ("Teleport", "up to 120 feet", 2, False, None),
    "Nalfeshnee": ("Teleport", "up to 120 feet", 2, False, None),
    "Blink Dog": ("Teleport", "up to 40 ft.", 1, True, None),
    "Unicorn": ("Teleport", "up to 1 mile away", None, False, 1),
    "Ghost": ("Etherealness", "enters the Ethereal Plane", None, False, None),
    "Night Hag": ("Etherealness", "enters the Ethereal Plane", None, False, None),
    "Succubus/Incubus": ("Etherealness", "enters the Ethereal Plane", None, False, None),
    "Nightmare": ("Ethereal Stride", "enter the Ethereal Plane", None, False, None),
    "Phase Spider": ("Ethereal Jaunt", "As a bonus action", None, True, None),
    "Octopus": ("Ink Cloud", "heavily obscured", None, False, 1),
    "Giant Octopus": ("Ink Cloud", "heavily obscured", None, False, 1),
}


def _entry_text(name: str, item: str) -> str:
    for m in json.loads(DATA.read_text(encoding="utf-8")):
        if m["name"] == name:
            for x in [*m.get("actions", []), *m.get("special_abilities", [])]:
                if x["name"] == item:
                    return str(x["desc"])
    raise AssertionError(f"{name} has no {item}")


# B7: a legendary Teleport or Move, its cost in points and the escape points a chase starts at.
LEGENDARY = {
    "Androsphinx": ("Teleport (Costs 2 Actions)", "up to 120 feet", 2, 2),
    "Gynosphinx": ("Teleport (Costs 2 Actions)", "up to 120 feet", 2, 2),
    # B7, M6: "transforms into a whirlwind of sand, moves up to 60 feet … immune to all damage"
    "Mummy Lord": ("Whirlwind of Sand (Costs 2 Actions)", "moves up to 60 feet", 1, 2),
    "Solar": ("Teleport", "up to 120 ft.", 2, 1),
    "Vampire, Vampire Form": ("Move", "without provoking opportunity attacks", 0, 1),
    "Vampire, Bat Form": ("Move", "without provoking opportunity attacks", 0, 1),
    "Vampire, Mist Form": ("Move", "without provoking opportunity attacks", 0, 1),
}


@pytest.mark.skipif(not DATA.exists(), reason="the SRD file is not here")
@pytest.mark.parametrize("name", sorted(LEGENDARY))
def test_c1_b7_a_legendary_teleport_or_move_read_is_what_the_entry_says(name: str) -> None:
    item, words, points, cost = LEGENDARY[name]
    entry = next(m for m in json.loads(DATA.read_text(encoding="utf-8")) if m["name"] == name)
    assert words in next(x["desc"] for x in entry["legendary_actions"] if x["name"] == item)
    block = next(b for b in srd() if b["name"] == name)
    short = item.split(" (")[0]
    assert block["escape"] == {"name": short, "points": points, "cost": cost}
    assert not [n for n in block.get("not_modelled", []) if n.endswith(f" {short}")]


def test_the_tarrasques_move_provokes_and_gives_a_flight_nothing() -> None:
    entry = next(
        m for m in json.loads(DATA.read_text(encoding="utf-8")) if m["name"] == "Tarrasque"
    )
    said = next(x["desc"] for x in entry["legendary_actions"] if x["name"] == "Move")
    assert said == "The tarrasque moves up to half its speed."  # 20 ft: slow (M2); it provokes
    block = next(b for b in srd() if b["name"] == "Tarrasque")
    assert block["escape"] == {"name": "Move", "points": 0, "cost": 1, "provokes": True}
    assert "legendary action Move" not in block["not_modelled"]
    tarrasque = monster("Tarrasque", escape=Escape(name="Move", points=0, cost=1, provokes=True))
    assert escape_by(tarrasque) == ""  # it flees on foot


@pytest.mark.skipif(not DATA.exists(), reason="the SRD file is not here")
@pytest.mark.parametrize("name", sorted(READ))
def test_c1_the_escape_read_is_what_the_entry_says(name: str) -> None:
    item, words, points, first, uses = READ[name]
    assert words in _entry_text(name, item)  # the figures come from the text itself
    block = next(b for b in srd() if b["name"] == name)
    escape = block["escape"]
    assert escape["name"] == item and escape.get("points") == points
    assert escape.get("attacks_first", False) is first
    assert block.get("uses", {}).get(item) == uses
    assert item not in block.get("not_modelled", [])
    assert f"{item} (trait)" not in block.get("not_modelled", [])


def test_c1_no_other_stat_block_leaves_by_magic() -> None:
    assert {b["name"] for b in srd() if "escape" in b} == set(READ) | set(LEGENDARY) | {"Tarrasque"}


TELEPORT = Escape(name="Teleport", points=2)
ETHEREAL = Escape(name="Etherealness")
BITE_AND_GO = Escape(name="Teleport", points=1, attacks_first=True)


def test_m6_c1_a_teleport_draws_no_opportunity_attack_and_the_chase_starts_at_its_points() -> None:
    f = fight(
        [hero("Ann", light=True), hero("Bo")],
        [monster("Balor", hp=40, attacks=(SWORD,), escape=TELEPORT)],
        {"A": ["Ann", "Bo", "Balor"]},
    )
    table = play_one_round(f, Told({"flee": ["Balor"]}))
    assert not [s for s in steps(table) if isinstance(s, Attacked) and s.target == "Balor"]
    fled = [s for s in steps(table) if isinstance(s, Fled)]
    assert [(s.who, s.pursuers, s.by) for s in fled] == [("Balor", ("Ann", "Bo"), "Teleport")]
    assert {(p.pursuer, p.points) for p in table.fight.chase} >= {("Ann", 2), ("Bo", 2)}


def test_c1_on_foot_without_the_magic_it_draws_opportunity_attacks() -> None:
    f = fight(
        [hero("Ann", light=True), hero("Bo")],
        [monster("Balor", hp=40, attacks=(SWORD,))],
        {"A": ["Ann", "Bo", "Balor"]},
    )
    table = play_one_round(f, Told({"flee": ["Balor"]}))
    struck = [s for s in steps(table) if isinstance(s, Attacked) and s.target == "Balor"]
    fled = [s for s in steps(table) if isinstance(s, Fled)]
    assert len(struck) == 2 and fled[0].by == ""  # M6: Ann's and Bo's opportunity attacks


def test_c1_etherealness_is_gone_at_once_and_a_spent_use_is_on_foot() -> None:
    f = fight(
        [hero("Ann", light=True)],
        [monster("Ghost", hp=40, attacks=(SWORD,), escape=ETHEREAL)],
        {"A": ["Ann", "Ghost"]},
    )
    table = play_one_round(f, Told({"flee": ["Ghost"]}))
    assert table.fight.monster("Ghost").escaped and not table.fight.chase
    fled = [s for s in steps(table) if isinstance(s, Fled)]
    assert [(s.pursuers, s.by) for s in fled] == [((), "Etherealness")]
    spent = monster("Unicorn", escape=ETHEREAL, resources=(Resource("Etherealness", 1, 1),))
    assert escape_by(spent) == ""  # B2: its one use a day is spent


def test_c1_b7_a_legendary_teleport_spends_the_rounds_points_while_they_cover_it() -> None:
    legendary = Escape(name="Teleport", points=2, cost=2)
    points = Resource(LEGENDARY_ACTIONS, 3, 0, Recharge.ROUND)
    f = fight(
        [hero("Ann", light=True)],
        [monster("Sphinx", hp=40, attacks=(SWORD,), escape=legendary, resources=(points,))],
        {"A": ["Ann", "Sphinx"]},
    )
    table = play_one_round(f, Told({"flee": ["Sphinx"]}))
    assert not [s for s in steps(table) if isinstance(s, Attacked) and s.target == "Sphinx"]
    sphinx = table.fight.monster("Sphinx")
    assert sphinx.resource(LEGENDARY_ACTIONS).left == 1  # type: ignore[union-attr]
    told = "\n".join(transcript(table.in_force))
    assert "Sphinx uses its legendary Teleport (2 points; 1 of 3 left): no opportunity" in told
    short = monster("Sphinx", escape=legendary, resources=(replace(points, used=2),))
    assert escape_by(short) == ""  # one point left: it flees on foot


def test_c1_a_use_is_spent_and_said() -> None:
    f = fight(
        [hero("Ann", light=True)],
        [
            monster(
                "Unicorn",
                hp=40,
                attacks=(SWORD,),
                escape=ETHEREAL,
                resources=(Resource("Etherealness", 1),),
            )
        ],
        {"A": ["Ann", "Unicorn"]},
    )
    table = play_one_round(f, Told({"flee": ["Unicorn"]}))
    unicorn = table.fight.monster("Unicorn")
    assert unicorn.escaped and unicorn.resource("Etherealness").left == 0  # type: ignore[union-attr]
    told = "\n".join(transcript(table.in_force))
    assert "Unicorn uses Etherealness (0 of 1 left): gone from the fight at once" in told


def test_c1_the_blink_dog_bites_where_it_stands_then_teleports() -> None:
    f = fight(
        [hero("Ann", light=True), hero("Bo")],
        [monster("Dog", hp=40, attacks=(SWORD,), escape=BITE_AND_GO)],
        {"A": ["Ann", "Dog"]},
    )
    dog = f.monster("Dog")
    here = Order("Dog", dog.rank, target="Ann", mode=Mode.MELEE)
    assert attack_first(f, dog, here) == here
    assert attack_first(f, dog, Order("Dog", dog.rank, target="Bo", mode=Mode.MELEE)) is None
    assert attack_first(f, dog, None) is None
    table = play_one_round(f, Told({"flee": ["Dog"]}))
    done = [s for s in steps(table) if isinstance(s, Attacked | Fled)]
    assert isinstance(done[0], Attacked) and done[0].attacker == "Dog"
    assert isinstance(done[-1], Fled) and done[-1].by == "Teleport"


def test_c1_the_log_checks_a_flight_by_magic() -> None:
    f = fight(
        [hero("Ann", light=True)],
        [monster("Orc"), monster("Ghost", escape=ETHEREAL)],
        {"A": ["Ann", "Orc", "Ghost"]},
    )
    bad = Recorded(steps=(Fled("Orc", (), "Teleport"),))
    assert any("Orc has no way of leaving by magic" in p for p in event_problems(f, bad))
    chased = Recorded(steps=(Fled("Ghost", ("Ann",), "Etherealness"),))
    assert any("nobody can give chase" in p for p in event_problems(f, chased))
    assert not event_problems(f, Recorded(steps=(Fled("Ghost", (), "Etherealness"),)))


def test_lnf_flee_uses_the_magic_unless_on_foot(tmp_path: Path) -> None:
    path = tmp_path / "f.yaml"
    path.write_text(
        "heroes:\n  - {name: Ann, class: fighter, hp: 10}\n"
        "monsters:\n  - {monster: ghost}\n  - {monster: balor}\n  - {name: Orc, hp: 7}\n"
        "groups:\n  A: [Ann, Orc]\n"
    )
    code, out = run("flee", str(path), "Ghost", "--pursuers", "Ann")
    assert code == 2 and "nobody can give chase" in out
    code, out = run("flee", str(path), "Ghost")
    assert code == 0 and "Ghost uses Etherealness: gone from the fight at once" in out
    code, out = run("flee", str(path), "Balor", "--on-foot")
    assert code == 0 and "Balor flees" in out and "Teleport" not in out
    code, out = run("log", str(path))  # the log keeps `by` (the event codec)
    assert code == 0 and "Ghost uses Etherealness: gone from the fight at once" in out


def test_lnf_monsters_show_says_how_it_leaves() -> None:
    code, out = run("monsters", "show", "blink dog")
    assert code == 0 and "When it flees (C1): Teleport, its mêlée attack first" in out
    code, out = run("monsters", "show", "unicorn")
    assert "Teleport (1 use), no opportunity attacks (M6), gone at once" in out


def test_c1_the_escape_is_written_back_as_read() -> None:
    from lnf.formats.fight_file import parse_fight
    from lnf.formats.fight_writer import dump_fight

    text = (
        "heroes:\n  - {name: Ann, class: fighter, hp: 10}\n"
        "monsters:\n  - {monster: blink dog}\n  - {monster: unicorn, used: {Teleport: 1}}\n"
    )
    f = parse_fight(text, "f.yaml")
    assert f.monster("Blink Dog").escape == BITE_AND_GO
    assert escape_by(f.monster("Unicorn")) == ""  # its use a day spent already
    again = parse_fight(dump_fight(f), "again.yaml")
    assert again.monster("Blink Dog").escape == BITE_AND_GO
    assert again.monster("Unicorn") == f.monster("Unicorn")


# --- B7: a legendary Move into the reach of a legendary attack --------------------------------

STRIKE = Legendary(name="Unarmed Strike", attack="Sword")
MOVE = Escape(name="Move", points=0, cost=1)


def _vampire(**kw: object) -> Monster:
    points = Resource(LEGENDARY_ACTIONS, 3, 0, Recharge.ROUND)
    kw.setdefault("legendary", (STRIKE,))
    kw.setdefault("escape", MOVE)
    return monster("Vampire", hp=100, attacks=(SWORD,), resources=(points,), **kw)


def _left_alone(vampire: Monster) -> Fight:
    """Ann leaves the vampire's group at her turn; Bo and Cy, unengaged, act after her."""
    return fight(
        [hero("Ann", light=True, hp=90), hero("Bo", hp=90), hero("Cy", hp=90)],
        [vampire],
        {"A": ["Ann", "Vampire"]},
    )


def test_b7_m6_a_legendary_move_joins_its_target_when_nothing_reaches_then_strikes() -> None:
    table = play_one_round(_left_alone(_vampire()), Told({"Ann": ["disengage; leave"]}))
    records = [e for e in table.events if isinstance(e, Recorded) and e.by_rules]
    moves = [s for r in records for s in r.steps if isinstance(s, Moved)]
    assert moves == [Moved("Vampire", join="Ann")]  # B7: into its planned target's reach
    assert records[0].steps[0] == Used("Vampire", LEGENDARY_ACTIONS, 1)
    struck = [s for r in records[1:] for s in r.steps if isinstance(s, Attacked)]
    assert struck and all(s.target in ("Ann", "Bo") for s in struck)
    told = "\n".join(transcript(table.in_force))
    assert "Vampire uses a legendary action (B7): Move, joining Ann free of opportunity" in told


def test_b7_no_legendary_move_without_an_attack_to_follow_or_a_turn_to_come() -> None:
    f = _left_alone(_vampire())
    alone = replace(f, groups=(), turns=replace(f.turns, order=("Vampire", "Ann", "Bo", "Cy")))
    assert legendary_move(alone, alone.monster("Vampire"), "Ann") == Moved("Vampire", join="Ann")
    mist = _vampire(legendary=())  # the mist form: no legendary attack it could then make
    assert legendary_move(alone.with_combatant(mist), mist, "Ann") is None
    done = replace(alone, turns=replace(alone.turns, acted=frozenset(("Ann", "Bo", "Cy"))))
    assert legendary_move(done, done.monster("Vampire"), "Ann") is None  # no hero turn left
    grabbed = replace(mist, legendary=(STRIKE,), conditions=frozenset({Condition.GRAPPLED}))
    assert legendary_move(alone.with_combatant(grabbed), grabbed, "Ann") is None  # M4
    near = f.with_combatant(replace(f.hero("Ann")))
    assert legendary_move(near, near.monster("Vampire"), "Ann") is None  # its strike reaches


def test_b7_m2_the_tarrasques_move_joins_only_from_no_group() -> None:
    slow = _vampire(escape=Escape(name="Move", points=0, cost=1, provokes=True))
    f = _left_alone(slow)
    alone = replace(f, groups=(), turns=replace(f.turns, order=("Vampire", "Ann", "Bo", "Cy")))
    assert legendary_move(alone, alone.monster("Vampire"), "Ann") == Moved("Vampire", join="Ann")
    bo = replace(alone, groups=(Group("B", ("Bo", "Vampire")),))
    bo = bo.with_combatant(replace(bo.hero("Bo"), rank=Rank.BACK))  # out of its reach (R3)
    assert legendary_move(bo, bo.monster("Vampire"), "Ann") is None  # leaving B would provoke


@pytest.mark.skipif(not DATA.exists(), reason="the SRD file is not here")
def test_b8_telepathic_bond_and_ethereal_sight_never_matter_without_a_map() -> None:
    assert "communicate telepathically" in _trait_text("Homunculus", "Telepathic Bond")
    assert "its telepathy" in _trait_text("Succubus/Incubus", "Telepathic Bond")
    assert "into the Ethereal Plane" in _trait_text("Ghost", "Ethereal Sight")
    for item in ("Telepathic Bond (trait)", "Ethereal Sight (trait)"):
        assert why(item) == NO_MAP, item


def _trait_text(name: str, trait: str) -> str:
    entry = next(m for m in json.loads(DATA.read_text(encoding="utf-8")) if m["name"] == name)
    return str(next(x["desc"] for x in entry["special_abilities"] if x["name"] == trait))
