"""Effects in play (core-d20 F3–F5): marks that last and end by themselves, repeat saves,
concentration broken by damage (the C dot and the target order with it, T2), the refusals a
condition brings, and the record: undo takes any of it back exactly."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lnf.engine.effects import recorded
from lnf.engine.marks import mark_effect
from lnf.engine.runner import Runner
from lnf.engine.table import Table
from lnf.formats.fight_file import load_fight
from lnf.heroes.policy import PolicyHeroes
from lnf.model import Ability, Condition, Lasting, TurnEdge
from lnf.model.events import Recorded
from lnf.model.steps import Damaged, EffectEnded, EffectStarted, Saved, SaveRolled
from lnf.solver import solve_plan
from lnf.views.effects_text import effect_text
from tests.cli import run

ROOT = Path(__file__).resolve().parent.parent
CRYPT = ROOT / "examples" / "ghouls-in-the-crypt.yaml"
FORD = ROOT / "examples" / "orcs-at-the-ford.yaml"


def _copy(tmp_path: Path, source: Path = CRYPT) -> str:
    path = tmp_path / source.name
    shutil.copy(source, path)
    return str(path)


def _shown(fight: str) -> dict[str, object]:
    code, out = run("show", fight, "--json")
    assert code == 0, out
    data: dict[str, object] = json.loads(out[out.index("{") :])
    return data


def test_f4_a_mark_in_words_lasts_and_ends_by_itself(tmp_path: Path) -> None:
    fight = _copy(tmp_path)
    code, out = run("mark", fight, "Brenna", "poisoned 1 minute")
    assert code == 0 and "Brenna is poisoned: 1 minute (F4)" in out
    code, out = run("mark", fight, "Brenna", "prone", "--until", "end of Ghoul 2's turn")
    assert code == 0
    effects = _shown(fight)["effects"]
    assert isinstance(effects, list) and [e["what"] for e in effects] == ["poisoned", "prone"]
    out = ""
    for _ in range(12):  # round 1 is played turn by turn; Ghoul 2's turn ends the prone
        code, said = run("round", fight, "--seed", "4")
        out += said
        if "react" in said:
            run("react", fight, "Cade", "--pass")
    assert "Brenna is no longer prone: it lasted until the end of Ghoul 2's turn (F4)" in out


def test_f4_rounds_counted_from_between_rounds(tmp_path: Path) -> None:
    fight = _copy(tmp_path)
    assert run("mark", fight, "Wren", "frightened", "--rounds", "1")[0] == 0
    assert run("round", fight, "--seed", "2")[0] == 0  # round 1 begins: it still holds
    assert [e["what"] for e in _shown(fight)["effects"]] == ["frightened"]  # type: ignore[union-attr]


def test_f4_a_bad_duration_says_what_it_takes(tmp_path: Path) -> None:
    fight = _copy(tmp_path)
    code, out = run("mark", fight, "Brenna", "poisoned for a while")
    assert code == 2 and "(F4)" in out and "1 minute" in out
    code, out = run("mark", fight, "Brenna", "poisoned", "--save", "luck 12")
    assert code == 2 and "con 12" in out
    code, out = run("mark", fight, "Ghoul 1", "paralyzed", "--while", "Cade")
    assert code == 2 and "Cade is not concentrating" in out and "(F5)" in out


def test_f5_damage_breaks_concentration_and_the_target_order_follows(tmp_path: Path) -> None:
    fight = _copy(tmp_path)
    assert run("mark", fight, "Cade", "concentration", "Bless")[0] == 0
    shown = _shown(fight)
    assert shown["target_order"][0] == "Cade"  # type: ignore[index]  # T2: a wanted C dot
    code, out = run("damage", fight, "Cade", "20")
    assert code == 0 and "Constitution save against concentration" in out
    # the log's dice decide; whichever way, the record says it and lnf show agrees
    shown = _shown(fight)
    broken = "Cade's concentration ends: the Constitution save failed (F5)" in out
    assert broken == (shown["effects"] == [])
    if broken:
        assert shown["target_order"][0] != "Cade"  # type: ignore[index]


def test_f4_what_lasts_on_a_creature_ends_as_it_dies_and_undo_gives_it_back(
    tmp_path: Path,
) -> None:
    """F4: a Bless on a hero that dies ends (the caster keeps concentrating); a dying hero
    keeps it (its d4 helps death saves); a dead ghoul's paralysis ends too."""
    fight = _copy(tmp_path)
    assert run("mark", fight, "Cade", "concentration", "Bless")[0] == 0
    assert run("mark", fight, "Brenna", "Bless", "--while", "Cade")[0] == 0
    assert run("mark", fight, "Ghoul 1", "paralyzed", "--rounds", "10")[0] == 0

    def borne() -> list[str]:
        return sorted(str(e["who"]) for e in _shown(fight)["effects"])  # type: ignore[attr-defined]

    assert borne() == ["Brenna", "Cade", "Ghoul 1"]
    assert run("damage", fight, "Brenna", "28")[0] == 0  # down, dying: it keeps its Bless
    assert borne() == ["Brenna", "Cade", "Ghoul 1"]
    code, out = run("damage", fight, "Brenna", "200")
    assert code == 0 and "Brenna: Bless ends: it is dead (F4)" in out
    assert borne() == ["Cade", "Ghoul 1"]
    assert run("damage", fight, "Ghoul 1", "200")[0] == 0
    assert borne() == ["Cade"]
    assert run("undo", fight, "2")[0] == 0
    assert borne() == ["Brenna", "Cade", "Ghoul 1"]


def test_f3_refusals_a_paralysed_or_downed_heros_act_a_grappled_heros_flight(
    tmp_path: Path,
) -> None:
    fight = _copy(tmp_path)
    assert run("next", fight, "--seed", "3")[0] == 0  # Cade's turn begins
    assert run("mark", fight, "Cade", "paralyzed")[0] == 0
    code, out = run("act", fight, "attack", "Ghoul 3")
    assert code == 2 and "Cade is paralyzed: it takes no actions or reactions (F3)" in out
    assert run("mark", fight, "Cade", "paralyzed", "--off")[0] == 0
    assert run("damage", fight, "Cade", "24")[0] == 0
    code, out = run("act", fight, "dodge")
    assert code == 2 and "(D9)" in out
    assert run("mark", fight, "Brenna", "grappled")[0] == 0
    code, out = run("flee", fight, "Brenna")
    assert code == 2 and "grappled" in out and "(F3)" in out


def test_undo_takes_a_mark_and_its_effects_back(tmp_path: Path) -> None:
    fight = _copy(tmp_path)
    before = _shown(fight)
    assert run("mark", fight, "Cade", "concentration", "Bless", "--rounds", "10")[0] == 0
    assert run("undo", fight)[0] == 0
    assert _shown(fight) == before


# --- property: every effect ends no later than its duration; undo restores -----------------


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    marks=st.lists(
        st.tuples(
            st.integers(0, 6),  # after how many turns the DM marks it
            st.sampled_from(["Kara", "Sly", "Orc 1", "Orc 2"]),
            st.integers(1, 3),  # rounds
            st.booleans(),  # with a repeated save
            st.integers(0, 12),  # damage the DM records then
        ),
        min_size=1,
        max_size=4,
    ),
    seed=st.integers(1, 50),
)
def test_f4_every_effect_ends_by_its_duration_and_undo_restores(
    marks: list[tuple[int, str, int, bool, int]], seed: int
) -> None:
    table = Table(load_fight(FORD))
    runner = Runner(table, PolicyHeroes(), lambda f: solve_plan(f, explain=False).plan, print)
    runner.say = lambda _: None
    runner.begin(seed)
    turns = 0
    pending = sorted(marks)
    for _ in range(60):
        while pending and pending[0][0] <= turns:
            _, who, rounds, saves, damage = pending.pop(0)
            if who not in table.fight or table.fight.combatant(who).current_hp == 0:
                continue
            save = (Ability.WIS, 12) if saves else None
            lasting = Lasting(rounds=rounds, save=save, each=TurnEdge.END if saves else None)
            before = table.fight
            dice = table.dice(f"test {turns}")
            table.add_applied(
                recorded(
                    table.fight,
                    dice,
                    lambda s, w=who, lasting=lasting: mark_effect(
                        s, w, "frightened", lasting, Condition.FRIGHTENED
                    ),
                )
            )
            if damage:
                table.add(Recorded((Damaged(who, damage),)))
                table.undo()
            table.undo()  # undo gives back exactly the state before
            assert table.fight == before
            table.redo()
        if runner.winner() is not None:
            break
        if runner.round_over():
            runner.start_round()
        runner.next_turn()
        turns += 1
    began: dict[int, tuple[int, int]] = {}
    rounds_of = {}
    for applied in table.in_force:
        event = applied.event
        steps = getattr(event, "steps", ())
        for step in steps:
            if isinstance(step, EffectStarted):
                began[step.effect.key] = (step.effect.round, step.effect.lasting.rounds)
            if isinstance(step, EffectEnded):
                rounds_of[step.key] = applied.after.round
    for key, (start, n) in began.items():
        if key in rounds_of:
            assert rounds_of[key] <= start + n + 1
        else:  # not ended yet: the round that ends it has not come
            assert table.fight.round <= start + n


def test_f7_a_save_against_concentration_shows_the_bless_d4_its_total_counts() -> None:
    """F5, F7: a concentration (or repeated) save rolled with Bless says its d4, as an area
    spell's save does: the total is the d20, the bonus and the d4."""
    crypt = load_fight(CRYPT)
    saved = Saved("Cade", (17,), 2, 10, True, d4=(2,))
    step = SaveRolled(saved, Ability.CON, "concentration", damage=4)
    assert effect_text(step, crypt, crypt) == (
        "Cade's Constitution save against concentration (DC 10 or half the 4 damage): "
        "1d20 (17) + 2 + 1d4 (2) = 21 vs DC 10: success."
    )
