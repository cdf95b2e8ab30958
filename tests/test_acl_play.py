"""The AC-less variant in play (core-d20 V-ACL): the same fight with and without the switch,
aimed strikes and Wound Saves, surge dice, Defence, contests, cover marks, and the log."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from lnf.dice import DamageType
from lnf.engine.apply import Steps, replay
from lnf.engine.decisions import AttackChoice, ContestChoice
from lnf.engine.runner import Runner
from lnf.engine.steps import apply_step
from lnf.engine.table import Table
from lnf.errors import Refused
from lnf.formats.event_codec import event_from_json, event_to_json
from lnf.formats.fight_file import load_fight
from lnf.heroes.policy import PolicyHeroes
from lnf.heroes.words import parse_choice
from lnf.model import Action, Condition, Cover, Fight, Size, Variant
from lnf.model.events import Planned, RoundStarted, Turn
from lnf.model.plan import Advantage, Mode
from lnf.model.steps import Acted, Attacked, Contested, Covered, Surged, Wounded
from lnf.rules.acl import hit_dc
from lnf.solver import solve_plan
from tests.cli import run

OGRE = Path(__file__).parent.parent / "examples" / "ogre-at-the-bridge.yaml"


def one_round(f: Fight, seed: int) -> Table:
    table = Table(f)
    plan = lambda g: solve_plan(g, explain=False).plan  # noqa: E731
    runner = Runner(table, PolicyHeroes(), plan, lambda _: None)  # type: ignore[arg-type]
    runner.begin(seed)
    runner.play(rounds=1)
    return table


def test_the_switch_changes_only_what_the_variant_says() -> None:
    """Same fight, same seed, with and without `variants: [acl]`: the same plan and strike
    order (the variant leaves LNF alone); each first swing rolls the same d20 and damage dice;
    only the number to beat (AC or Hit DC), the verdict on it, and the surge dice differ."""
    with_acl = load_fight(OGRE)
    plain = replace(with_acl, variants=frozenset())
    a, b = one_round(with_acl, 6).events, one_round(plain, 6).events
    assert [e for e in a if isinstance(e, RoundStarted)] == [
        e for e in b if isinstance(e, RoundStarted)
    ]
    assert next(e for e in a if isinstance(e, Planned)) == next(
        e for e in b if isinstance(e, Planned)
    )
    first_a = next(e for e in a if isinstance(e, Turn) and e.steps)
    first_b = next(e for e in b if isinstance(e, Turn) and e.steps)
    assert first_a.who == first_b.who
    swing_a = next(s for s in first_a.steps if isinstance(s, Attacked))
    swing_b = next(s for s in first_b.steps if isinstance(s, Attacked))
    target = with_acl.combatant(swing_a.target)
    assert swing_b.ac == target.ac  # 5e: AC 14 (D3)
    assert swing_a.ac == hit_dc(target)  # V-ACL1: a medium hero, Hit DC 10
    same = ("attacker", "target", "attack", "mode", "faces", "kept", "bonus", "damage_text")
    assert all(getattr(swing_a, f) == getattr(swing_b, f) for f in same)
    assert not swing_b.force and swing_a.force  # V-ACL6: the goblin's surge dice on its hit
    moves_a = [s for s in first_a.steps if not isinstance(s, Attacked)]
    assert moves_a == [s for s in first_b.steps if not isinstance(s, Attacked)]


def test_v_acl5_an_aimed_hit_asks_for_a_wound_save_and_a_wounded_eye_hinders() -> None:
    f = load_fight(OGRE)
    wren = f.hero("Wren")
    choice = parse_choice(f, wren, "attack Ogre eye with Longbow")
    assert isinstance(choice.action, AttackChoice) and choice.action.part == "eye"
    assert hit_dc(f.monster("Ogre"), "eye") == 20  # large: 22 − 2
    step = Wounded("Ogre", "eye", 10, (3,), 3, "wounded")
    after = apply_step(f, step).after
    assert dict(after.monster("Ogre").parts) == {"eye": "wounded"}
    disabled = apply_step(after, replace(step, state="disabled")).after
    assert Condition.BLINDED in disabled.monster("Ogre").conditions  # V-ACL5, T1


def test_v_acl5_aim_and_v_acl7_defence_only_under_the_variant() -> None:
    plain = replace(load_fight(OGRE), variants=frozenset())
    with pytest.raises(Refused, match="V-ACL"):
        parse_choice(plain, plain.hero("Wren"), "attack Ogre eye with Longbow")
    with pytest.raises(Refused, match="V-ACL"):
        parse_choice(plain, plain.hero("Bram"), "defence")


def test_v_acl6_unused_reactions_become_surge_dice_and_only_those_are_spent() -> None:
    f = load_fight(OGRE)
    start = Steps.turn(f, "Bram").fight
    assert start.hero("Bram").surge == 2  # a reaction and a free reaction
    with pytest.raises(Refused, match="holds 2 surge dice, not 3"):
        parse_choice(start, start.hero("Bram"), "join Ogre; attack Ogre with Flame Tongue force 3")
    with pytest.raises(Refused, match="holds 2 surge dice, not 3"):
        parse_choice(start, start.hero("Bram"), "tenacity 2; join Ogre; attack Ogre force 1")
    choice = parse_choice(start, start.hero("Bram"), "tenacity 1; join Ogre; attack Ogre force 1")
    assert choice.surges == (("tenacity", 1),)
    spent = apply_step(start, Surged("Bram", "tenacity", (5,))).after.hero("Bram")
    assert (spent.surge, spent.temp_hp) == (1, 5)


def test_v_acl6_unused_actions_and_defence_become_reactions() -> None:
    f = load_fight(OGRE)
    idle = Steps.turn(f, "Bram")
    ended = idle.finish(Turn("Bram", ()))
    assert ended.after.hero("Bram").reactions == 4  # 2, and the unused action and bonus
    defended = Steps.turn(f, "Bram")
    defended.do(Acted("Bram", Action.DEFENCE))
    held = defended.finish(Turn("Bram", defended.steps)).after.hero("Bram").reactions
    assert held == 2 + 1 + 2  # the unused bonus action, and proficiency +2 (V-ACL7)
    again = Steps.turn(defended.finish(Turn("Bram", defended.steps)).after, "Bram").fight
    assert again.hero("Bram").surge == 5


def test_v_acl8_a_tie_changes_nothing() -> None:
    f = load_fight(OGRE)
    tie = Contested("Nix", "Goblin 1", "shove", (10,), 2, (11,), 1)
    assert apply_step(f, tie).after.monster("Goblin 1") == f.monster("Goblin 1")
    won = apply_step(f, replace(tie, faces=(15,))).after
    assert Condition.PRONE in won.monster("Goblin 1").conditions
    choice = parse_choice(
        Steps.turn(f, "Nix").fight, f.hero("Nix"), "join Goblin 1; grapple Goblin 1"
    )
    assert choice.action == ContestChoice("grapple", "Goblin 1")


def test_v_acl3_dr_is_taken_before_resistance_once_per_attack() -> None:
    f = load_fight(OGRE)
    swing = Attacked(
        attacker="Bram",
        target="Ogre",
        attack="Flame Tongue",
        mode=Mode.MELEE,
        roll=Advantage.NORMAL,
        reasons=(),
        faces=(15,),
        kept=15,
        bonus=5,
        ac=8,
        hit=True,
        damage=((DamageType.SLASHING, 2), (DamageType.FIRE, 5)),
        damage_text="",
    )
    done = apply_step(f, swing)
    assert done.dealt[0].reduced == 2 and done.dealt[0].amount == 5  # slashing first


def test_the_new_steps_go_through_the_log_unchanged() -> None:
    steps = [
        Wounded("Ogre", "eye", 19, (7,), 3, "disabled"),
        Covered("Ogre", Cover(4, ranged_only=True)),
        Covered("Ogre", None),
        Surged("Bram", "speed", (2, 6)),
        Contested("Nix", "Goblin 1", "grapple", (12,), 2, (9,), 1),
    ]
    event = Turn("Bram", tuple(steps))
    assert event_from_json(event_to_json(event), "test") == event


def test_cover_is_a_mark_set_and_cleared_from_the_command_line(tmp_path: Path) -> None:
    fight_file = tmp_path / "ogre.yaml"
    fight_file.write_text(OGRE.read_text(encoding="utf-8"), encoding="utf-8")
    code, out = run("mark", str(fight_file), "Goblin 1", "cover", "+4")
    assert code == 0, out
    code, out = run("show", str(fight_file))
    assert "Goblin 1: Hit DC 16 (cover +4), DR 3" in out
    code, out = run("mark", str(fight_file), "Goblin 1", "cover", "--off")
    code, out = run("show", str(fight_file))
    assert "Goblin 1: Hit DC 12, DR 3" in out
    run("mark", str(fight_file), "Goblin 1", "cover", "huge")
    assert "Goblin 1: Hit DC — (total cover), DR 3" in run("show", str(fight_file))[1]
    code, out = run("mark", str(fight_file), "Ogre", "cover", "tiny")
    assert code != 0 and "V-ACL2" in out and "Traceback" not in out


def test_replay_gives_the_same_wounds_and_surge_dice() -> None:
    f = load_fight(OGRE)
    table = one_round(f, 6)
    again = replay(f, table.events)
    assert again == table.fight
    assert f.monster("Ogre").size == Size.LARGE
    assert Variant.AC_LESS in f.variants


def test_v_acl6_tenacity_lasts_until_the_next_turn() -> None:
    f = load_fight(OGRE)
    start = Steps.turn(f, "Bram")
    start.do(Surged("Bram", "tenacity", (4, 2)))
    ended = start.finish(Turn("Bram", start.steps)).after
    assert ended.hero("Bram").temp_hp == 6
    assert Steps.turn(ended, "Bram").fight.hero("Bram").temp_hp == 0
