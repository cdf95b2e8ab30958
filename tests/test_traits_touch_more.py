"""B8, B2, F6: more traits that act by touch (each by its SRD text and from the CLI with the
monster by name): the shadow's Strength Drain and Shadow Stealth, a will-o'-wisp's Consume
Life, the manticore's tail spikes, Barbed Hide, and the corroding oozes."""

from __future__ import annotations

from pathlib import Path

import pytest

from lnf.dice import DamageType
from lnf.dice.roll import ScriptedDice
from lnf.engine.effects import Rolled, turn_edge
from lnf.engine.resolve import roll_attack
from lnf.engine.trait_steps import consume_life
from lnf.formats.fight_file import parse_fight
from lnf.formats.not_played import NO_MAP, why
from lnf.formats.short_forms import parse_damage
from lnf.formats.srd import stat_block
from lnf.formats.srd_traits import read_trait
from lnf.formats.trait_forms import parse_trait, trait_form
from lnf.model import (
    Ability,
    Condition,
    Rank,
    TurnEdge,
)
from lnf.model.plan import Mode
from lnf.model.steps import Damaged
from lnf.rules.trait_touch import consumed
from lnf.values import replace
from tests.builders import fight, hero, monster
from tests.cli import run
from tests.test_bestiary import SOURCE
from tests.test_traits_touch import _srd


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_f6_the_shadows_strength_drain_is_read_from_its_own_text() -> None:
    entry = _srd()["Shadow"]
    desc = next(a["desc"] for a in entry["actions"] if a["name"] == "Strength Drain")
    assert "the target's Strength score is reduced by 1d4" in desc
    assert "The target dies if this reduces its Strength to 0" in desc
    block = stat_block(entry, "Shadow")
    (drain,) = block["attacks"]
    assert drain["riders"][0] == {"strength": "1d4"}
    assert block["stealth"] == 6 and "+6" in str(entry["special_abilities"])
    assert block["not_modelled"] == ["Amorphous (trait)", "senses: darkvision 60 ft."]


def test_f6_strength_drain_lowers_strength_saves_and_kills_at_0() -> None:
    from lnf.engine.score_drain import sap
    from lnf.rules.score_drain import strength_lost, strength_save_change

    bram = replace(hero("Bram", hp=40), scores=((Ability.STR, 5),))
    shadow = monster("Shadow", hp=16)
    f = fight([bram], [shadow], {"A": ["Bram", "Shadow"]})
    turn = Rolled.turn(f, "Shadow")
    sap(turn, "Shadow", "Bram", "Strength Drain", parse_damage("1d4"), ScriptedDice([3]))
    assert strength_lost(turn.fight, "Bram") == 3
    assert strength_save_change(turn.fight, turn.fight.hero("Bram"), Ability.STR) == -1  # 5 → 2
    assert strength_save_change(turn.fight, turn.fight.hero("Bram"), Ability.DEX) == 0
    (e,) = turn.fight.effects
    assert e.affliction and e.what.startswith("Strength drained by 3 (Shadow's Strength Drain")
    sap(turn, "Shadow", "Bram", "Strength Drain", parse_damage("1d4"), ScriptedDice([2]))
    assert turn.fight.hero("Bram").dead  # 5 - 3 - 2 = 0
    plain = hero("Cade", hp=40)  # no sheet: Strength 10
    g = fight([plain], [shadow], {"A": ["Cade", "Shadow"]})
    again = Rolled.turn(g, "Shadow")
    sap(again, "Shadow", "Cade", "Strength Drain", parse_damage("1d4"), ScriptedDice([4]))
    assert "Strength 6" in again.fight.effects[0].what and not again.fight.hero("Cade").dead


def test_r6_a_shadow_hides_out_of_sunlight_and_needs_no_count() -> None:
    from lnf.rules.ranks import monster_needs_count

    shadow = monster("Shadow", traits=(parse_trait("shadow stealth 6"),))
    assert not monster_needs_count(shadow)
    assert monster_needs_count(shadow, sunlight=True)
    assert monster_needs_count(monster("Orc"))


def test_f6_cli_the_shadow_drains_strength(tmp_path: Path) -> None:
    path = tmp_path / "shadows.yaml"
    path.write_text(
        "heroes:\n  - {name: Bo, class: fighter, hp: 90, ac: 10}\nmonsters:\n"
        "  - {monster: shadow, name: Shade}\n  - {monster: shadow, name: Umbra}\n"
        "groups:\n  A: [Bo, Shade, Umbra]\n",
        encoding="utf-8",
    )
    code, out = run("run", str(path), "--rounds", "2", "--seed", "1")
    assert code == 0, out
    assert "Bo is Strength drained by 1 (Shade's Strength Drain: 1d4 (1) = 1): Strength 9" in out


def test_b8_consume_life_a_dying_hero_in_its_group_saves_or_dies() -> None:
    wisp = monster("Wisp", hp=22, traits=(parse_trait("consume life DC 10, 3d6"),))
    wisp = replace(wisp, damage=15)
    bram, cade = replace(hero("Bram"), hp_now=0), hero("Cade")
    f = fight([bram, cade], [wisp], {"A": ["Bram", "Cade", "Wisp"]})
    assert consumed(f, wisp) == f.hero("Bram")
    turn = Rolled.turn(f, "Wisp")
    consume_life(turn, "Wisp", ScriptedDice([4, 6, 6, 6]))  # the save, then 3d6
    assert turn.fight.hero("Bram").dead and turn.fight.monster("Wisp").current_hp == 22
    saved = Rolled.turn(f, "Wisp")
    consume_life(saved, "Wisp", ScriptedDice([15]))
    assert not saved.fight.hero("Bram").dead and saved.fight.monster("Wisp").damage == 15
    up = fight([cade], [wisp], {"A": ["Cade", "Wisp"]})
    assert consumed(up, wisp) is None  # nobody dying
    apart = fight([bram, cade], [wisp], {"A": ["Cade", "Wisp"], "B": ["Bram"]})
    assert consumed(apart, wisp) is None  # not in its group
    blind = replace(wisp, conditions=frozenset({Condition.BLINDED}))
    assert consumed(replace(f, monsters=(blind,)), blind) is None  # "it can see"


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_b8_the_will_o_wisps_light_and_ephemeral_are_no_map() -> None:
    entry = _srd()["Will-o'-Wisp"]
    texts = {x["name"]: x["desc"] for x in entry["special_abilities"]}
    assert texts["Ephemeral"] == "The will-o'-wisp can't wear or carry anything."
    assert "sheds bright light" in texts["Variable Illumination"]
    block = stat_block(entry, "Will-o'-Wisp")
    assert {why(n) for n in block["not_modelled"]} == {NO_MAP}


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_b2_the_manticores_tail_spikes_are_read_from_its_own_text() -> None:
    entry = _srd()["Manticore"]
    text = next(x["desc"] for x in entry["special_abilities"] if x["name"] == "Tail Spike Regrowth")
    assert text.startswith("The manticore has twenty-four tail spikes.")
    block = stat_block(entry, "Manticore")
    assert block["uses"] == {"Tail Spike": 24}
    assert block["not_modelled"] == ["senses: darkvision 60 ft."]
    other = {**entry, "special_abilities": [{"name": "Tail Spike Regrowth", "desc": "Spiky."}]}
    assert "uses" not in stat_block(other, "Odd")


def test_b2_spent_spikes_leave_no_ranged_option() -> None:
    from lnf.model import Resource
    from lnf.model.plan import Mode as M
    from lnf.rules.attacks import check_ranged_order, has_ranged, routine

    text = (
        "heroes: [{name: Bo, class: fighter, hp: 90, ac: 14}]\nmonsters: [{monster: manticore}]\n"
    )
    f = parse_fight(text + "groups: {A: [Bo, Manticore]}\n", "m.yaml")
    man, bo = f.monster("Manticore"), f.hero("Bo")
    assert man.resource("Tail Spike") == Resource("Tail Spike", 24)
    assert [a.name for a in routine(man, bo, M.RANGED)] == ["Tail Spike"] * 3
    two = replace(man, resources=(Resource("Tail Spike", 24, 22),))
    assert [a.name for a in routine(two, bo, M.RANGED)] == ["Tail Spike"] * 2
    none = replace(man, resources=(Resource("Tail Spike", 24, 24),))
    assert routine(none, bo, M.RANGED) == () and not has_ranged(none)
    (v,) = check_ranged_order(none, bo, Rank.BACK)
    assert v.rule == "B2" and "no Tail Spike left" in v.message
    assert routine(none, bo, M.MELEE)  # its bite and claws are left


def test_b2_cli_the_manticore_runs_out_of_spikes(tmp_path: Path) -> None:
    path = tmp_path / "manticore.yaml"
    path.write_text(
        "phase: volley 1\nterrain: grassland\nheroes:\n"
        "  - {name: Bo, class: fighter, hp: 200, ac: 14}\n"
        "monsters:\n  - {monster: manticore, uses: {Tail Spike: 4}}\n",
        encoding="utf-8",
    )
    code, out = run("run", str(path), "--rounds", "4", "--seed", "1")
    assert code == 0, out
    assert "Manticore spends a daily use of Tail Spike (0 of 4 left)." in out
    assert out.count("with Tail Spike at range") == 4
    assert "Manticore attacks Bo with Bite in mêlée" in out
    code, out = run("monsters", "show", "manticore")
    assert code == 0 and "Tail Spike: 24 for the fight, one an attack roll (B2)" in out


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_b8_barbed_hide_is_read_from_its_own_text() -> None:
    entry = _srd()["Barbed Devil"]
    desc = next(x["desc"] for x in entry["special_abilities"] if x["name"] == "Barbed Hide")
    read = read_trait("Barbed Hide", desc)
    assert read is not None and trait_form(read) == "barbed hide 1d10 piercing"
    assert "5 (1d10) piercing damage to any creature grappling it" in desc
    block = stat_block(entry, "Barbed Devil")
    assert "barbed hide 1d10 piercing" in block["traits"]
    assert "Barbed Hide (trait)" not in block.get("not_modelled", [])
    assert trait_form(parse_trait("barbed hide 1d10 piercing")) == "barbed hide 1d10 piercing"


def test_b8_barbed_hide_pricks_each_hero_grappling_it_as_its_turn_starts() -> None:
    from lnf.engine.apply import Steps
    from lnf.engine.trait_steps import grapple_held
    from lnf.model.steps import Contested

    devil = monster("Barbed Devil", hp=110, traits=(parse_trait("barbed hide 1d10 piercing"),))
    bram, cade = hero("Bram", hp=40), hero("Cade", hp=40)
    f = fight([bram, cade], [devil], {"A": ["Bram", "Cade", "Barbed Devil"]})
    turn = Steps.turn(f, "Bram")
    won = Contested("Bram", "Barbed Devil", "grapple", (20,), 0, (1,), 6)
    turn.do(won)
    grapple_held(turn, won)
    lost = Contested("Cade", "Barbed Devil", "grapple", (1,), 0, (20,), 6)
    grapple_held(turn, lost)
    assert [e.what for e in turn.fight.effects] == ["grappling Barbed Devil"]
    assert Condition.GRAPPLED in turn.fight.monster("Barbed Devil").conditions
    start = Rolled.turn(turn.fight, "Barbed Devil")
    turn_edge(start, "Barbed Devil", TurnEdge.START, ScriptedDice([7]))
    (prick,) = [s for s in start.steps if isinstance(s, Damaged)]
    assert prick.who == "Bram" and prick.amount == 7 and prick.type is DamageType.PIERCING
    free = replace(
        start.fight.monster("Barbed Devil"), conditions=frozenset()
    )  # the DM ended the grapple
    later = Rolled.turn(start.fight.with_combatant(free), "Barbed Devil")
    turn_edge(later, "Barbed Devil", TurnEdge.START, ScriptedDice([]))
    assert not [s for s in later.steps if isinstance(s, Damaged)] and not later.fight.effects


def test_b8_cli_a_hero_grapples_the_barbed_devil(tmp_path: Path) -> None:
    path = tmp_path / "devil.yaml"
    path.write_text(
        "heroes:\n  - {name: Bo, class: fighter, hp: 90, ac: 14}\n"
        "  - {name: Ilsa, class: cleric, hp: 60, ac: 12}\n"
        "monsters:\n  - monster: barbed devil\ngroups:\n  A: [Bo, Ilsa, Barbed Devil]\n",
        encoding="utf-8",
    )
    said = [run("next", str(path))[1]]
    said.append(run("act", str(path), "grapple Barbed Devil", "--dice", "20,1")[1])
    said += [run("next", str(path))[1] for _ in range(3)]
    out = "".join(said)
    assert "Bo wins" in run("log", str(path))[1]
    assert "Bo takes " in out and " piercing damage (Barbed Devil's Barbed Hide: 1d10 (" in out


CORRODING = {
    "Gray Ooze": ("Corrode Metal", "corrode metal"),
    "Rust Monster": ("Rust Metal", "rust metal"),
    "Black Pudding": ("Corrosive Form", "corrosive form 1d8 acid"),
}


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_b8_each_corroding_trait_is_read_from_its_own_text() -> None:
    srd = _srd()
    for name, (trait, form) in CORRODING.items():
        desc = next(x["desc"] for x in srd[name]["special_abilities"] if x["name"] == trait)
        read = read_trait(trait, desc)
        assert read is not None and trait_form(read) == form, name
        assert "takes a permanent and cumulative -1 penalty to damage rolls" in desc
        assert "If its penalty drops to -5, the weapon is destroyed" in desc
        if read.dice is not None:
            assert f"4 ({read.dice.parts[0].terms[0]}) acid damage" in desc
        block = stat_block(srd[name], name)
        assert form in block["traits"] and f"{trait} (trait)" not in block["not_modelled"]
        assert read_trait(trait, desc.replace("-1 penalty", "-2 penalty")) is None
        assert trait_form(parse_trait(form)) == form


def test_b8_a_heros_metal_weapon_corrodes_on_each_hit_and_breaks_at_5() -> None:
    from lnf.dice import parse
    from lnf.model import Attack
    from lnf.rules.corrosion import corroded, corrodes, destroyed, in_hand

    ooze = monster("Gray Ooze", hp=200, traits=(parse_trait("corrode metal"),))
    pudding = monster("Black Pudding", hp=200, traits=(parse_trait("corrosive form 1d8 acid"),))
    sword = Attack(name="Longsword", to_hit=5, damage=parse("1d8+3 slashing"))
    club = Attack(name="Club", to_hit=5, damage=parse("1d4+3 bludgeoning"))
    magic = Attack(name="Longsword", to_hit=5, damage=parse("1d8+3 slashing"), magic=True)
    bram = hero("Bram", attacks=(sword, club))
    assert corrodes(ooze, bram, sword) == "Corrode Metal"
    assert corrodes(ooze, bram, club) == ""  # wood
    assert corrodes(pudding, bram, club) == "Corrosive Form"  # "metal or wood"
    assert corrodes(ooze, bram, magic) == "" and corrodes(ooze, monster("Orc"), sword) == ""
    f = fight([bram], [ooze], {"A": ["Bram", "Gray Ooze"]})
    for n in range(1, 6):
        turn = Rolled.turn(f, "Bram")
        hit = roll_attack(
            f, f.hero("Bram"), f.monster("Gray Ooze"), sword, Mode.MELEE, ScriptedDice([15, 8])
        )
        turn.rolling(ScriptedDice([])).do(hit)
        f = turn.fight
        assert corroded(f, "Bram", "Longsword") == n
    assert destroyed(f, "Bram", "Longsword")
    assert in_hand(f, f.hero("Bram"), sword) == club  # it fights on with its club
    penalty = roll_attack(
        f, f.hero("Bram"), f.monster("Gray Ooze"), club, Mode.MELEE, ScriptedDice([15, 4])
    )
    assert penalty.damage_text.endswith("= 7")  # the club is whole


def test_b8_cli_a_black_pudding_corrodes_the_heros_hammer(tmp_path: Path) -> None:
    # Hammers: slashing would split the pudding (B10 Split), which is not this test's.
    path = tmp_path / "pudding.yaml"
    path.write_text(
        "heroes:\n  - name: Bo\n    class: fighter\n    hp: 400\n    ac: 14\n    attacks:\n"
        "      - {name: Warhammer, to_hit: 9, damage: 1d8+4 bludgeoning}\n"
        "      - {name: Light Hammer, to_hit: 9, damage: 1d4+4 bludgeoning}\n"
        "monsters:\n  - {monster: black pudding, name: Pudding}\ngroups:\n  A: [Bo, Pudding]\n",
        encoding="utf-8",
    )
    code, out = run("run", str(path), "--rounds", "8", "--seed", "1")
    assert code == 0, out
    assert "Bo: Warhammer corroded: -1 to its damage rolls (by Pudding)" in out
    assert "; -2 (its Warhammer corroded)" in out
    assert "Bo: Warhammer destroyed by corrosion (by Pudding)" in out
    assert "Bo attacks Pudding with Light Hammer in mêlée" in out
    assert "acid damage (Pudding's Corrosive Form: 1d8 (" in out


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_b8_the_mimics_adhesive_and_grappler_are_read_from_their_own_texts() -> None:
    entry = _srd()["Mimic"]
    texts = {x["name"]: x["desc"] for x in entry["special_abilities"]}
    assert (
        "(escape DC 13). Ability checks made to escape this grapple have disadvantage"
        in (texts["Adhesive (Object Form Only)"])
    )
    pseudopod = next(a["desc"] for a in entry["actions"] if a["name"] == "Pseudopod")
    assert pseudopod.endswith("the target is subjected to its Adhesive trait.")
    block = stat_block(entry, "Mimic")
    assert {"adhesive DC 13", "grappler"} <= set(block["traits"])
    (pod,) = [a for a in block["attacks"] if a["name"] == "Pseudopod"]
    assert pod["riders"] == [{"grapple": 13}]
    assert {why(n) for n in block["not_modelled"]} == {NO_MAP}
    for form in ("adhesive DC 13", "grappler"):
        assert trait_form(parse_trait(form)) == form


def test_b8_cli_what_touches_the_mimic_sticks(tmp_path: Path) -> None:
    path = tmp_path / "mimic.yaml"
    path.write_text(
        "heroes:\n  - name: Bo\n    class: fighter\n    hp: 200\n    ac: 14\n    attacks:\n"
        "      - {name: Longsword, to_hit: 7, damage: 1d8+4 slashing}\n"
        "      - {name: Dagger, to_hit: 7, damage: 1d4+4 piercing}\n"
        "monsters:\n  - monster: mimic\ngroups:\n  A: [Bo, Mimic]\n",
        encoding="utf-8",
    )
    code, out = run("run", str(path), "--rounds", "4", "--seed", "2")
    assert code == 0, out
    assert "Bo: Longsword stuck to Mimic, until taken off (F4)." in out
    assert "Bo attacks Mimic with Dagger in mêlée" in out  # the sword is stuck
    assert "Bo is grappled by Mimic's Adhesive (escape DC 13)" in out  # its fists stick
    assert "[Grappler: Mimic grapples Bo (B8)]" in out


def test_b8_adhesive_escape_at_disadvantage_and_weapons_free_when_it_dies() -> None:
    from lnf.engine.apply import Steps
    from lnf.engine.decisions import SimpleChoice
    from lnf.engine.trait_steps import unstuck
    from lnf.engine.turns import simple_action
    from lnf.model import Action
    from lnf.model.applied import StepDone
    from lnf.rules.attacks import UNARMED
    from lnf.rules.corrosion import lost, stuck

    mimic = monster("Mimic", hp=58, traits=(parse_trait("adhesive DC 13"),))
    f = fight([hero("Bram")], [mimic], {"A": ["Bram", "Mimic"]})
    turn = Rolled.turn(f, "Bram")
    hit = roll_attack(
        f, f.hero("Bram"), mimic, f.hero("Bram").attacks[0], Mode.MELEE, ScriptedDice([15, 3])
    )
    turn.rolling(ScriptedDice([])).do(hit)
    assert lost(turn.fight, "Bram", "Sword")
    fists = roll_attack(
        turn.fight, turn.fight.hero("Bram"), mimic, UNARMED, Mode.MELEE, ScriptedDice([15])
    )
    turn.do(fists)
    assert Condition.GRAPPLED in turn.fight.hero("Bram").conditions
    escape = simple_action(
        turn.fight, turn.fight.hero("Bram"), SimpleChoice(Action.ESCAPE), ScriptedDice([18, 3])
    )
    assert not escape.success  # disadvantage: keeps the 3
    dead = turn.fight.with_combatant(replace(turn.fight.monster("Mimic"), damage=58))
    after = Steps.turn(dead, "Bram")
    unstuck(after, StepDone(hit, turn.fight, dead, dropped=("Mimic",)))
    assert not any(e.what == stuck("Sword", "Mimic") for e in after.fight.effects)
