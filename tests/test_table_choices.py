"""What a new DM ran into at the table, each with the test that would have caught it (the
choices are in docs/table-choices.md)."""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from lnf.dice import parse
from lnf.engine.decisions import AttackChoice, HealChoice, SpellChoice
from lnf.errors import Refused
from lnf.formats.fight_log import log_path
from lnf.heroes.policy import policy_choice
from lnf.heroes.words import parse_choice
from lnf.model import (
    Ability,
    Area,
    Attack,
    AttackKind,
    BackReason,
    Fight,
    Healing,
    Phase,
    PhaseKind,
    Rank,
    Resource,
    Shape,
    Turns,
    Variant,
)
from lnf.model.events import Planned
from lnf.model.plan import Mode, Order
from lnf.rules.budget import budget, budget_line
from lnf.rules.healing import is_touch
from lnf.rules.names import match_name, match_names
from lnf.rules.wording import title
from lnf.views.plan_line import plan_line
from lnf.views.turn import short_options
from tests.builders import BOW, SWORD, fight, hero, monster
from tests.cli import run, stdout_of

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _copy(tmp_path: Path, name: str) -> Path:
    fight = tmp_path / name
    shutil.copy(EXAMPLES / name, fight)
    return fight


# --- 1: the log knows which fight file it was written for ----------------------------------


def test_a_fight_file_edited_mid_fight_is_said_once_with_what_it_does(tmp_path: Path) -> None:
    fight = _copy(tmp_path, "goblin-ambush.yaml")
    assert run("next", str(fight), "--seed", "3")[0] == 0
    assert run("damage", str(fight), "Goblin 1", "9")[0] == 0  # dead: 7 hp
    assert run("show", str(fight))[1].count("warning") == 0  # nothing edited yet
    text = fight.read_text(encoding="utf-8")
    fight.write_text(text.replace("    hp: 7\n", "    hp: 30\n"), encoding="utf-8")
    code, out = run("show", str(fight))
    assert code == 0
    assert "goblin-ambush.yaml was edited since its log noted it" in out
    assert "Goblin 1: hit point maximum 7 → 30" in out and "stands again at 21/30" in out
    code, out = run("log", str(fight), "--verify")
    assert code == 0 and "Goblin 1: hit point maximum 7 → 30" in out
    assert "edited since" in run("show", str(fight))[1]  # read-only: said until it is noted
    assert "edited since" in run("next", str(fight))[1]  # a command that records notes it…
    assert "edited since" not in run("next", str(fight))[1]  # …so it is said once
    kinds = [json.loads(x)["event"] for x in log_path(fight).read_text().splitlines()]
    assert kinds.count("fight-file") == 1
    assert run("undo", str(fight))[0] == 0 and run("log", str(fight), "--verify")[0] == 0


def test_an_edit_that_drops_a_monster_and_a_changed_ac_are_said(tmp_path: Path) -> None:
    fight = _copy(tmp_path, "goblin-ambush.yaml")
    assert run("next", str(fight), "--seed", "3")[0] == 0
    assert run("damage", str(fight), "Goblin 1", "5")[0] == 0
    text = fight.read_text(encoding="utf-8")
    text = text.replace("    hp: 7\n", "    hp: 4\n").replace(
        "ac: 16\n    con: 2", "ac: 17\n    con: 2"
    )
    fight.write_text(text, encoding="utf-8")
    out = run("show", str(fight))[1]
    assert "Goblin 1: hit point maximum 7 → 4 (the log's 4 damage now drops it: 0/4)" in out
    assert "Bram: AC 16 → 17" in out


# --- 3, 4: lnf start settles once; lnf run says what it leaves out ------------------------


def test_a_second_start_is_refused_and_undo_lets_it_be_set_again(tmp_path: Path) -> None:
    fight = _copy(tmp_path, "raiders-on-the-grassland.yaml")
    code, out = run("start", str(fight), "--volleys", "1", "--seed", "2")
    assert code == 0 and "The DM sets 1 volley round (V1)." in out  # 8: not "1 volley rounds"
    code, out = run("start", str(fight), "--terrain", "grassland")
    assert code == 2 and "the volley rounds are settled already" in out and "(V1)" in out
    kinds = [json.loads(x)["event"] for x in log_path(fight).read_text().splitlines()]
    assert kinds.count("phase") == 1
    assert run("undo", str(fight))[0] == 0
    code, out = run("start", str(fight), "--volleys", "2")
    assert code == 0 and "The DM sets 2 volley rounds (V1)." in out


def test_run_says_on_stdout_what_lnf_start_recorded_and_it_leaves_out(tmp_path: Path) -> None:
    fight = _copy(tmp_path, "raiders-on-the-grassland.yaml")
    assert run("start", str(fight), "--volleys", "1", "--seed", "2")[0] == 0
    out = stdout_of("run", str(fight), "--seed", "1")
    first = out.splitlines()[:2]
    assert "starts from raiders-on-the-grassland.yaml alone" in first[1]
    assert "the DM sets 1 volley round (V1)" in first[1] and "--record" in first[1]
    carried = stdout_of("run", str(fight), "--seed", "1", "--record")
    assert "alone" not in carried and "6d6" not in carried  # the DM's 1 volley round stands


# --- 5: a value the fight file does not give is said, not silently assumed ----------------

NO_AC = """\
heroes:
  - {name: Ann, class: fighter, hp: 12, attacks: [{name: Sword, to_hit: 5, damage: 1d8+3}]}
  - {name: Bo, class: fighter, hp: 12, ac: 16, attacks: [{name: Sword, to_hit: 5, damage: 1d8}]}
monsters:
  - {monster: goblin}
groups:
  A: [Ann, Bo, Goblin]
"""


def test_a_hero_without_ac_is_said_to_be_ac_10(tmp_path: Path) -> None:
    fight = tmp_path / "no-ac.yaml"
    fight.write_text(NO_AC, encoding="utf-8")
    code, out = run("check", str(fight))
    assert code == 0 and "no-ac.yaml, line 2: Ann has no ac: AC 10 assumed (A1)" in out
    assert "Bo has no ac" not in out and "Goblin" not in out.split("Legal")[0]
    assert "Ann has no ac" in run("run", str(fight), "--seed", "1")[1]


def test_heroes_with_ac_only_under_acl_are_said_to_have_dr_0(tmp_path: Path) -> None:
    fight = tmp_path / "acl.yaml"
    fight.write_text("variants: [acl]\n" + NO_AC, encoding="utf-8")
    out = run("check", str(fight))[1]
    assert "Bo has no dr or armor: DR 0 assumed (V-ACL4), though its AC is 16" in out
    assert "has no ac" not in out  # the AC-less variant needs none
    fight.write_text(
        "variants: [acl]\n" + NO_AC.replace("ac: 16,", "armor: [chain-mail],"), encoding="utf-8"
    )
    assert "Bo has no dr" not in run("check", str(fight))[1]


# --- 6: healing that does nothing, and touch healing across groups -------------------------


def _healers() -> Fight:
    cure = Healing("Cure Wounds", parse("1d8+3"), 1)
    word = Healing("Healing Word", parse("1d4+3"), 1)
    slots = (Resource("slot 1", 2),)
    return fight(
        [
            hero("Ilsa", "cleric", heals=(cure, word), resources=slots, hp_now=10),
            hero("Bram", hp_now=4),
            hero("Nix", hp_now=20),
        ],
        [monster("Orc 1"), monster("Orc 2")],
        {"A": ["Ilsa", "Orc 1"], "B": ["Bram", "Orc 2"]},
    )


def test_healing_a_hero_at_full_hit_points_is_refused_before_the_slot() -> None:
    f = _healers()
    with pytest.raises(Refused, match=r"Nix is at full hit points \(20/20\).*\(D9\)"):
        parse_choice(f, f.hero("Ilsa"), "heal Nix with Healing Word")
    choice = parse_choice(f, f.hero("Ilsa"), "heal Bram with Healing Word")  # from afar
    assert choice.spend == (("slot 1", 1),)


def test_touch_healing_reaches_only_the_healers_own_group() -> None:
    f = _healers()
    with pytest.raises(Refused, match=r"Cure Wounds is by touch.*Bram is in group B.*\(G5\)"):
        parse_choice(f, f.hero("Ilsa"), "heal Bram with Cure Wounds")
    parse_choice(f, f.hero("Ilsa"), "heal Ilsa with Cure Wounds")  # itself
    together = fight(list(f.heroes), list(f.monsters), {"A": ["Ilsa", "Bram", "Orc 1"]})
    parse_choice(together, together.hero("Ilsa"), "heal Bram with Cure Wounds")
    assert is_touch("potion of healing") and is_touch("Lay on Hands")
    assert not is_touch("Healing Word") and not is_touch("Mass Healing Word")


def test_the_policy_does_not_touch_a_dying_ally_across_groups() -> None:
    f = _healers()
    f = f.with_combatant(replace(f.hero("Bram"), hp_now=0))
    only_touch = replace(f.hero("Ilsa"), heals=(Healing("Cure Wounds", parse("1d8+3"), 1),))
    f = f.with_combatant(only_touch)
    choice = policy_choice(f, f.hero("Ilsa"))
    assert not isinstance(choice.action, HealChoice)
    f = f.with_combatant(replace(f.hero("Ilsa"), heals=_healers().hero("Ilsa").heals))
    choice = policy_choice(f, f.hero("Ilsa"))
    assert isinstance(choice.action, HealChoice) and choice.action.by == "Healing Word"


# --- 7: a turn ended with nothing recorded is said; undo --turn takes a turn back ----------


def test_next_after_a_refused_act_says_the_turn_ends_without_an_action(tmp_path: Path) -> None:
    fight = _copy(tmp_path, "goblin-ambush.yaml")
    assert "It is Ilsa's turn" in run("next", str(fight), "--seed", "3")[1]
    assert run("act", str(fight), "cast", "Fireball", "at", "Bugbear")[0] == 2
    code, out = run("next", str(fight))
    assert code == 0 and "Ilsa ends the turn without an action: nothing was recorded" in out
    assert re.search(rf"lnf undo {re.escape(str(fight))} \d+ goes back to Ilsa's turn", out)
    assert run("act", str(fight), "dodge")[0] == 0  # Nix's turn: an action recorded
    assert "without an action" not in run("next", str(fight))[1]


def test_undo_turn_takes_back_what_the_turn_recorded_and_its_start(tmp_path: Path) -> None:
    fight = _copy(tmp_path, "goblin-ambush.yaml")
    run("next", str(fight), "--seed", "3")
    assert run("act", str(fight), "attack", "Goblin", "1")[0] == 0
    assert run("damage", str(fight), "Goblin 2", "1")[0] == 0
    code, out = run("undo", str(fight), "--turn")
    assert code == 0 and out.count("Took back") == 3 and "Ilsa's turn" in out
    assert "Ilsa" in run("show", str(fight))[1]
    assert "It is Ilsa's turn" in run("next", str(fight))[1]  # begun again, the same dice
    run("act", str(fight), "dodge")
    run("next", str(fight))  # Ilsa done; Nix's turn begins
    code, out = run("undo", str(fight), "--turn", "2")
    assert code == 0 and out.count("Took back") == 4  # Nix's start; Ilsa's start, dodge, end
    code, out = run("undo", str(fight), "--turn", "5")
    assert code == 2 and "no turn has been played yet" in out and "(S1)" in out


# --- 8: messages that read like a DM talking ------------------------------------------------


def test_a_mark_not_known_is_quoted_as_typed_not_as_a_tuple(tmp_path: Path) -> None:
    fight = _copy(tmp_path, "goblin-ambush.yaml")
    code, out = run("mark", str(fight), "Nix", "glowing", "softly")  # F4: a duration lasts
    assert code == 2 and "'glowing softly' is neither a dot" in out and "('" not in out


def test_f3_f4_a_misspelt_condition_or_effect_gets_a_did_you_mean(tmp_path: Path) -> None:
    fight = str(_copy(tmp_path, "goblin-ambush.yaml"))
    code, out = run("mark", fight, "Nix", "poisned")
    assert code == 2 and "nor a condition (did you mean 'poisoned'?)" in out
    assert run("mark", fight, "Nix", "Bless", "--rounds", "10")[0] == 0
    code, out = run("mark", fight, "Nix", "Blss", "--off")  # F4: a named effect taken off
    assert code == 2 and "Nix bears no 'Blss': did you mean 'Bless'? It bears Bless" in out


def test_nothing_in_reach_is_said_without_a_dangling_or() -> None:
    f = fight([hero("Kara", attacks=(SWORD,))], [monster("Orc")], phase=Phase(PhaseKind.VOLLEY, 2))
    said = short_options(f, f.hero("Kara"))
    assert said.startswith("dash, disengage") and "no foe in reach" in said


def test_spell_names_are_titled_as_the_books_print_them() -> None:
    assert title("cone of cold") == "Cone of Cold" and title("wall of fire") == "Wall of Fire"
    assert title("the lightning bolt") == "The Lightning Bolt"  # the first word always
    assert "Cone of Cold" in run("area", "cone", "of", "cold")[1]


# --- 9, 10: names as people say them; "hit the troll" -----------------------------------------


def test_names_as_people_say_them() -> None:
    names = ["Young Green Dragon", "Wolf 1", "Wolf 2", "Goblin Boss", "Goblin 1", "Goblin 2"]
    assert match_name("the dragon", names) == "Young Green Dragon"
    assert match_name("green dragon", names) == "Young Green Dragon"
    assert match_name("red dragon", names) is None and match_name("the wolf", names) is None
    assert match_names("the wolves", names) == ["Wolf 1", "Wolf 2"]
    assert match_names("goblins", names) == ["Goblin 1", "Goblin 2"]  # not the boss
    assert match_names("the dragon", names) == []


def test_a_spell_that_takes_several_takes_the_wolves() -> None:
    fireball = Attack(
        name="Fireball",
        damage=parse("8d6 fire"),
        save=(Ability.DEX, 15),
        area=Area(Shape.SPHERE, 20),
        kind=AttackKind.RANGED,
        range=(150, 150),
        spell=True,
    )
    f = fight(
        [hero("Quill", "wizard", attacks=(fireball,))],
        [monster("Wolf 1"), monster("Wolf 2"), monster("Dire Wolf")],
        {"A": ["Quill", "Wolf 1", "Wolf 2"]},
    )
    choice = parse_choice(f, f.hero("Quill"), "cast Fireball at the wolves")
    assert isinstance(choice.action, SpellChoice)
    assert choice.action.targets == ("Wolf 1", "Wolf 2")


def test_throw_keeps_to_thrown_weapons() -> None:
    axe = Attack(
        name="Handaxe", kind=AttackKind.THROWN, to_hit=5, damage=parse("1d6+3"), range=(20, 60)
    )
    f = fight([hero("Bram", attacks=(SWORD, axe))], [monster("Orc")], {"A": ["Bram", "Orc"]})
    choice = parse_choice(f, f.hero("Bram"), "throw the orc")
    assert isinstance(choice.action, AttackChoice) and choice.action.attack.name == "Handaxe"
    bare = fight([hero("Kara", attacks=(SWORD,))], [monster("Orc")], {"A": ["Kara", "Orc"]})
    with pytest.raises(Refused, match=r"Kara has no thrown weapon(?! called)"):
        parse_choice(bare, bare.hero("Kara"), "throw Orc")


def test_hit_the_troll_from_afar_joins_and_strikes() -> None:
    f = fight(
        [hero("Kara", attacks=(SWORD, BOW)), hero("Bo")],
        [monster("Troll"), monster("Orc")],
        {"A": ["Bo", "Troll"]},
    )
    choice = parse_choice(f, f.hero("Kara"), "hit the troll")
    assert [m.join for m in choice.moves] == ["A"]
    assert isinstance(choice.action, AttackChoice) and choice.action.attack.name == "Sword"
    assert choice.action.mode is Mode.MELEE
    with pytest.raises(Refused, match=r"would shoot Troll with Bow at disadvantage") as asked:
        parse_choice(f, f.hero("Kara"), "attack Troll")
    assert "hit Troll (join and strike)" in asked.value.options
    shot = parse_choice(f, f.hero("Kara"), "shoot Troll")  # said outright: the shot it is
    assert isinstance(shot.action, AttackChoice) and shot.action.mode is Mode.RANGED


def test_hit_the_foe_joins_it_when_the_only_weapon_that_reaches_is_thrown() -> None:
    """M1, R2: a barbarian's handaxe reaches the foe thrown, at disadvantage from the front
    rank; "hit the devil" still joins it and swings the greataxe."""
    axe = Attack(
        name="Handaxe", kind=AttackKind.THROWN, to_hit=5, damage=parse("1d6+3"), range=(20, 60)
    )
    f = fight([hero("Grak", attacks=(SWORD, axe))], [monster("Devil")], {})
    choice = parse_choice(f, f.hero("Grak"), "hit the devil")
    assert [m.join for m in choice.moves] == ["Devil"]
    assert isinstance(choice.action, AttackChoice) and choice.action.attack.name == "Sword"


# --- 18: V-D20-4 and V-D20-5 as the rules now read ------------------------------------------


def test_the_xp_budget_by_the_srd_thresholds() -> None:
    party = [hero(f"H{i}", level=3) for i in range(4)]
    goblins = [monster(f"Goblin {i}", xp=50) for i in range(1, 6)]
    b = budget(fight(party, goblins))
    assert b is not None and b.thresholds == (300, 600, 900, 1600)
    assert b.multiplier == 2 and b.adjusted == 500 and b.difficulty == "easy"
    pair = budget(fight(party[:2], goblins[:1]))  # a small party: ×1.5 for one monster
    assert pair is not None and pair.multiplier == 1.5 and pair.difficulty == "trivial"
    assert budget(fight([hero("Ann")], goblins)) is None  # no level: nothing to say
    assert "give the heroes a level" in budget_line(fight([hero("Ann")], goblins))


def test_show_and_odds_say_the_budget() -> None:
    cave = str(EXAMPLES / "cave-ambush.yaml")
    said = "easy 300, medium 600, hard 900, deadly 1,600; 4 monsters of 350 XP × 2 = 700: medium"
    assert said in run("show", cave)[1]
    assert said in stdout_of("odds", cave, "--fights", "4", "--seed", "1").splitlines()[1]


# --- 12: the odds plot says its headline and what greedy monsters are ----------------------


def test_the_odds_plot_headline_and_its_words(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from lnf.views.odds_plot import EXPLAINED, headline

    ford = str(EXAMPLES / "orcs-at-the-ford.yaml")
    picture = tmp_path / "odds.svg"
    out = stdout_of(
        "odds", ford, "--fights", "6", "--seed", "3", "--compare", "--plot", str(picture)
    )
    assert "Drawn:" in out
    drawn = picture.read_text(encoding="utf-8")
    assert "of 6 fights" in drawn and "heroes win" in drawn  # the headline
    assert "takes the first target it can attack on its own" in drawn  # greedy, explained
    labels = re.findall(r"<text[^>]*>([^<]*)</text>", drawn)
    assert "rounds" in labels and not [t for t in labels if re.fullmatch(r"\d+\.5", t)]
    assert "greedy monsters" in EXPLAINED and headline({}) == ""


# --- 11: a big volley round's idle monsters, grouped with the reason ------------------------


def test_the_idle_are_grouped_by_stat_block_with_the_reason() -> None:
    archers = [monster(f"Goblin archer {i}", kind="goblin-archer") for i in range(1, 15)]
    f = fight([hero("Kara")], [monster("Ogre", kind="ogre"), *archers])
    f = replace(f, phase=Phase(PhaseKind.VOLLEY, 3))
    orders = (
        Order("Ogre", Rank.FRONT, target="Kara", mode=Mode.RANGED),
        *(Order(m.name, Rank.FRONT) for m in archers),
    )
    line = plan_line(Planned(orders), [], f)
    assert "Ogre attacks Kara at range" in line
    assert "14 Goblin archers (Goblin archer 1–Goblin archer 14) do not attack" in line
    assert "(out of reach in volley round 3, V3)" in line and line.count("do not attack") == 1
    two = plan_line(Planned(orders[:3]), [], f)
    assert "Goblin archer 1 and Goblin archer 2 do not attack (out of reach" in two


def test_many_joins_of_one_kind_are_one_option() -> None:
    goblins = [monster(f"Goblin {i}") for i in range(1, 15)]
    f = fight([hero("Kara", attacks=(SWORD,))], [*goblins, monster("Ogre")])
    said = short_options(f, f.hero("Kara"))
    assert "join one of 14 Goblins (Goblin 1–Goblin 14)" in said and "join Goblin 2" not in said
    assert "join Ogre" in said
    few = fight([hero("Kara", attacks=(SWORD,))], goblins[:2])
    assert "join Goblin 1" in short_options(few, few.hero("Kara"))


# --- 15: V-ENC1, a rank switch is no move ----------------------------------------------------


def test_v_enc1_one_action_may_switch_rank_and_act() -> None:
    f = fight(
        [hero("Kara", attacks=(SWORD,), rank=Rank.BACK, why=BackReason.GUARDED), hero("Bo")],
        [monster("Orc")],
        {"A": ["Kara", "Bo", "Orc"]},
        variants=frozenset({Variant.ENC}),
        surprise_round=(("Kara", 1),),
        round=0,
    )
    f = replace(f, turns=Turns(order=("Kara", "Bo", "Orc")))
    choice = parse_choice(f, f.hero("Kara"), "front; attack Orc")  # R8: no movement needed
    assert isinstance(choice.action, AttackChoice)
    loose = fight(
        [hero("Kara"), hero("Bo")], [monster("Orc"), monster("Imp")], {"A": ["Bo", "Orc"]}
    )
    loose = replace(
        loose,
        variants=frozenset({Variant.ENC}),
        surprise_round=(("Kara", 1),),
        round=0,
        turns=Turns(order=("Kara", "Bo", "Orc", "Imp")),
    )
    with pytest.raises(Refused, match="1 action in the surprise round"):
        parse_choice(loose, loose.hero("Kara"), "join A; attack Orc")  # a join is the move


def test_many_entries_without_ac_are_one_warning(tmp_path: Path) -> None:
    """A1: AC 10 assumed for each, said once for a generated battle, with the first lines."""
    heroes = "".join(
        f"  - {{name: H{i}, class: fighter, hp: 9, "
        "attacks: [{name: Sword, to_hit: 5, damage: 1d8}]}\n"
        for i in range(1, 6)
    )
    fight = tmp_path / "many.yaml"
    fight.write_text(
        f"heroes:\n{heroes}monsters:\n  - {{monster: goblin}}\ngroups:\n  A: [H1, Goblin]\n",
        encoding="utf-8",
    )
    code, out = run("check", str(fight))
    said = [line for line in out.splitlines() if "has no ac" in line or "have no ac" in line]
    assert code == 0 and said == [
        "lnf: warning: many.yaml: 5 combatants have no ac: AC 10 assumed for each (A1): "
        "H1 (line 2), H2 (line 3), H3 (line 4) and 2 more; give ac: from their sheets"
    ]
