"""Surprise (D12) and the variants in play and at the command line: who is held back, the
surprise round, units, what `lnf start`, `lnf check` and `lnf show` say, and the log."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from lnf.engine.apply import replay
from lnf.engine.runner import Runner
from lnf.engine.table import Table
from lnf.formats.event_codec import event_from_json, event_to_json
from lnf.heroes.policy import PolicyHeroes
from lnf.model import Side, Variant
from lnf.model.events import Initiative, Planned, RoundStarted, Surprised, SurpriseRoundSet, Turn
from lnf.model.steps import Attacked, Moved, Saved
from lnf.rules.reactions import opportunity_attackers
from lnf.rules.strike_order import strike_order
from lnf.solver import solve_plan
from tests.builders import SWORD, fight, hero, monster
from tests.cli import run

EXAMPLES = Path(__file__).parent.parent / "examples"


def play(f: object, rounds: int, seed: int = 1) -> Table:
    table = Table(f)  # type: ignore[arg-type]
    plan = lambda g: solve_plan(g, explain=False).plan  # noqa: E731
    runner = Runner(table, PolicyHeroes(), plan, lambda _: None)  # type: ignore[arg-type]
    runner.begin(seed)
    runner.play(rounds=rounds)
    return table


def test_d12_a_surprised_monster_gets_no_order_and_no_turn_in_round_1() -> None:
    f = fight([hero("Ann", hp=40)], [monster("Orc", attacks=(SWORD,)), monster("Imp")])
    f = replace(f, surprised=frozenset({"Orc"}))
    table = play(f, rounds=1)
    plan = next(e for e in table.events if isinstance(e, Planned))
    assert "Orc" not in {o.monster for o in plan.orders}
    orc = next(e for e in table.events if isinstance(e, Turn) and e.who == "Orc")
    assert not orc.steps and orc.note == "is surprised (D12)"
    assert table.fight.surprised == frozenset({"Orc"})  # until the round ends
    table2 = play(f, rounds=2)
    assert not table2.fight.surprised
    second = [e for e in table2.events if isinstance(e, Turn) and e.who == "Orc"][-1]
    assert any(isinstance(s, Attacked) for s in second.steps)


def test_d12_no_reaction_while_surprised() -> None:
    f = fight([hero("Ann")], [monster("Orc", attacks=(SWORD,))], {"A": ["Ann", "Orc"]})
    leaving = Moved("Ann", leave=True)
    assert opportunity_attackers(f, leaving) == ["Orc"]
    assert opportunity_attackers(replace(f, surprised=frozenset({"Orc"})), leaving) == []


def test_v_enc1_the_surprise_round_comes_first_with_only_those_named() -> None:
    f = fight(
        [hero("Ann", hp=40)],
        [monster("Orc", attacks=(SWORD,)), monster("Imp", attacks=(SWORD,))],
        variants=frozenset({Variant.ENCOUNTER}),
        surprise_round=(("Orc", 3),),
    )
    table = play(f, rounds=2)
    starts = [e for e in table.events if isinstance(e, RoundStarted)]
    assert [s.round for s in starts] == [0, 1] and starts[0].order == ("Orc",)
    assert not any(
        isinstance(e, Turn) and e.who in ("Ann", "Imp") and e.steps
        for e in table.events[: table.events.index(starts[1])]
    )


def test_v_enc2_a_unit_shares_the_place_of_its_earliest_member() -> None:
    f = fight(
        [hero("Ann"), hero("Bo")],
        [monster("Orc"), monster("Wolf")],
        {"A": ["Ann", "Orc"], "B": ["Bo", "Wolf"]},
    )
    plain = strike_order(f)
    assert plain.index("Wolf") < plain.index("Orc")  # S2: right to left
    units = replace(f, variants=frozenset({Variant.ENCOUNTER}), units=(("Orc", "Wolf"),))
    order = strike_order(units)
    assert order.index("Orc") == order.index("Wolf") + 1  # together, at the wolf's place


def test_v_enc3_ties_go_to_the_foe() -> None:
    f = fight([hero("Ann")], [monster("Orc")], started=Side.MONSTERS)
    assert strike_order(f) == ["Ann", "Orc"]
    assert strike_order(replace(f, variants=frozenset({Variant.ENCOUNTER}))) == ["Orc", "Ann"]


def test_the_new_events_go_through_the_log_unchanged() -> None:
    check = Saved("Ann", (12,), 1, 0, True)
    for event in (
        Surprised(("Ann", "Bo")),
        Surprised(("Ann",), (check,), Side.MONSTERS),
        Initiative(((check,), (check, Saved("Orc", (3,), 0, 0, True))), Side.HEROES),
        SurpriseRoundSet((("Orc", 3), ("Imp", 1))),
    ):
        assert event_from_json(event_to_json(event), "test") == event


def test_lnf_start_sets_surprise_and_the_surprise_round(tmp_path: Path) -> None:
    path = tmp_path / "kennels.yaml"
    text = (EXAMPLES / "goblin-kennels.yaml").read_text(encoding="utf-8")
    path.write_text(text.replace("surprise_round: {Wolf: 3, Goblin 1: 1}\n", ""), "utf-8")
    code, out = run("start", str(path), "--surprised", "garm", "--surprise-round", "Wolf=2")
    assert code == 0, out
    assert "Surprise (D12): Garm did not notice the threat" in out
    assert "The surprise round (V-ENC1): Wolf (2 actions) act before round 1." in out
    code, out = run("show", str(path))
    assert "Garm: surprised (D12)" in out and "Wolf: 2 actions in the surprise round" in out
    code, out = run("start", str(path), "--surprise-round", "Wolf=4")
    assert code != 0 and "N from 1 to 3" in out and "Traceback" not in out
    code, out = run("start", str(path), "--ambush", "monsters")
    assert code == 0 and "Surprise (D12): the monsters sneak up (Stealth" in out


def test_lnf_check_names_fields_a_variant_needs(tmp_path: Path) -> None:
    path = tmp_path / "plain.yaml"
    path.write_text(
        "surprise_round: {Orc: 2}\nheroes:\n  - {name: Ann, class: fighter, hp: 10, stamina: 4,"
        " favor: true}\nmonsters:\n  - {name: Orc, hp: 7}\nvariants: [hyrul]\n",
        encoding="utf-8",
    )
    code, out = run("check", str(path))
    assert code != 0 and "did you mean 'hyrule'" in out
    path.write_text(path.read_text(encoding="utf-8").replace("[hyrul]", "[]"), "utf-8")
    code, out = run("check", str(path))
    assert "only the encounter variant plays this" in out and "(V-ENC1)" in out
    assert "only the hyrule variant plays this" in out and "only the d20 variant" in out


def test_a_variant_may_be_named_by_its_rules_id(tmp_path: Path) -> None:
    """V-ACL, V-HYR: `variants: [V-ACL, v-hyr]` as the rules and the starter file's comment
    name them; a near miss of either spelling gets its "did you mean"."""
    from lnf.formats.fight_file import parse_fight

    text = "heroes:\n  - {name: Ann, class: fighter, hp: 10}\nmonsters:\n  - {name: Orc, hp: 7}\n"
    read = parse_fight(text + "variants: [V-ACL, v-hyr]\n", "ids.yaml")
    assert read.variants == {Variant.AC_LESS, Variant.HYRULE}
    path = tmp_path / "ids.yaml"
    path.write_text(text + "variants: [V-ACL]\n", encoding="utf-8")
    assert "Ann has no dr or armor: DR 0 assumed (V-ACL4)" in run("check", str(path))[1]
    path.write_text(text + "variants: [V-ACLL]\n", encoding="utf-8")
    code, out = run("check", str(path))
    assert code == 2 and "got 'V-ACLL'; did you mean 'V-ACL'?" in out


def test_show_names_the_variants_on_its_first_line() -> None:
    _, out = run("show", str(EXAMPLES / "lizalfos-ruins.yaml"))
    first = out.splitlines()[0]
    assert "AC-less defence (V-ACL)" in first and "Legends of Hyrule (V-HYR)" in first
    assert "favor and d4 (V-D20)" in first


def test_replay_gives_the_same_fight_under_three_variants() -> None:
    from lnf.formats.fight_file import load_fight

    f = load_fight(EXAMPLES / "lizalfos-ruins.yaml")
    table = play(f, rounds=3, seed=19)
    assert replay(f, table.events) == table.fight


def test_the_plan_preview_of_the_surprise_round_is_the_plan_played() -> None:
    from lnf.engine.round_start import next_grid
    from lnf.formats.fight_file import load_fight

    f = load_fight(EXAMPLES / "goblin-kennels.yaml")
    grid = next_grid(f)
    assert grid.round == 0
    preview = solve_plan(grid, explain=False).plan
    played = next(e for e in play(f, rounds=1).events if isinstance(e, Planned))
    assert played.orders == preview.orders
    assert "Goblin 2" not in {o.monster for o in preview.orders}
