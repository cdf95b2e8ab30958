"""F5, F7, B6, B9: Power Word Kill and Banishment played from `lnf run` and at the table (the
banished hero's return to its group), and Conjure Elemental the DM's; the SRD text checks and
the other spells are in tests/test_spells_on_heroes.py."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from lnf.engine.steps import apply_step
from lnf.formats.bestiary import srd
from lnf.formats.fight_file import load_fight
from lnf.formats.not_played import DM, why
from lnf.model import Condition, Lasting, Rank
from lnf.model.effects import Effect
from lnf.model.plan import Mode, Order, Plan
from lnf.model.steps import ConcentrationEnded, EffectStarted
from lnf.rules.plan_check import check_plan
from lnf.rules.roster import in_fight
from lnf.rules.specials import attacks_a_hero, rolls_to_hit
from lnf.views.dm_items import dm_line
from tests.cli import stdout_of
from tests.test_spells_on_heroes import needs_data


def _write(tmp_path: Path, monster: str, *heroes: tuple[str, int]) -> Path:
    path = tmp_path / "fight.yaml"
    rows = ", ".join(
        f"{{name: {n}, class: fighter, hp: {hp}, ac: 18, attacks: [{{name: Longsword, "
        "to_hit: 7, damage: 1d8+4 slashing}]}"
        for n, hp in heroes
    )
    path.write_text(f"heroes: [{rows}]\nmonsters: [{{monster: {monster}}}]\n", encoding="utf-8")
    return path


@needs_data
def test_b6_power_word_kill_is_worth_the_hero_it_kills_and_nothing_above_100(
    tmp_path: Path,
) -> None:
    """B6, F7: no roll (neither an attack nor a save); the plan casts it at a hero of 100 hit
    points or fewer (worth the whole hero) and never at one above (worth nothing)."""
    f = load_fight(_write(tmp_path, "lich", ("Ann", 90)))
    kill = next(a for a in f.monster("Lich").actions if a.name == "Power Word Kill")
    assert attacks_a_hero(kill) and not rolls_to_hit(kill)
    order = Order("Lich", Rank.FRONT, target="Ann", mode=Mode.RANGED, action="Power Word Kill")
    assert check_plan(f, Plan((order,))) == []
    said = stdout_of("plan", str(_write(tmp_path, "lich", ("Ann", 90))))
    assert "casts Power Word Kill (a 9th-level spell slot) at Ann." in said
    said = stdout_of("plan", str(_write(tmp_path, "lich", ("Ann", 101))))
    assert "casts Power Word Kill" not in said


@needs_data
def test_the_lich_speaks_the_word_and_the_hero_dies(tmp_path: Path) -> None:
    """F7, played: no save is rolled; the hero of 90 hit points is dead (not at 0, downed:
    no death saves), and the fight is the monsters'."""
    said = stdout_of("run", str(_write(tmp_path, "lich", ("Ann", 90))), "--seed", "1")
    assert "Lich casts Power Word Kill on Ann." in said
    assert "Ann dies: Power Word Kill, 90 hit points (100 or fewer)" in said
    assert "Ann's CHA save" not in said and "death save" not in said
    assert "The monsters win." in said


@needs_data
def test_a_banished_hero_is_out_of_the_fight_while_the_caster_concentrates(
    tmp_path: Path,
) -> None:
    """F7, played: the archmage banishes the lone hero (a Charisma save failed); the hero has
    no turn and is no target, yet the fight is not lost: it comes back when the spell ends."""
    path = _write(tmp_path, "archmage", ("Ann", 60))
    said = stdout_of("run", str(path), "--seed", "1", "--rounds", "2")
    assert "Archmage casts Banishment on Ann." in said
    assert re.search(r"Ann's CHA save .* vs DC 17: fails", said)
    assert "Ann is banished (by Archmage): 1 minute, while Archmage concentrates" in said
    assert "Strike order (S2, S3): Archmage.\n" in said  # round 2: Ann is away
    assert "No winner after 2 rounds." in said


@needs_data
def test_at_the_table_the_banished_hero_is_skipped_and_comes_back_to_its_group(
    tmp_path: Path,
) -> None:
    """F5, F7 at the table: its lower slots spent, the archmage banishes Ann (the player's
    d20, 3); Bo's turn comes next (Ann has none); the DM's 60 damage breaks the archmage's
    concentration (DC 30) and Ann reappears in group A, which Bo still fights in."""
    path = tmp_path / "arch.yaml"
    path.write_text(
        "heroes: [{name: Ann, class: fighter, hp: 60, ac: 18}, "
        "{name: Bo, class: fighter, hp: 60, ac: 18}]\nmonsters: [{monster: archmage, used: "
        "{slot 1: 4, slot 4: 1, slot 8: 1, slot 5: 3, slot 3: 3, slot 6: 1, slot 7: 1, "
        "slot 9: 1}}]\ngroups: {A: [Ann, Bo, Archmage]}\n",
        encoding="utf-8",
    )
    fight = str(path)
    assert "Archmage casts Banishment (a 4th-level spell slot) on Ann." in stdout_of(
        "next", fight, "--seed", "1"
    )
    said = stdout_of("next", fight, "--saves", "Ann=3")
    assert "Ann is banished (by Archmage): 1 minute, while Archmage concentrates" in said
    assert "It is Bo's turn (round 1" in said
    said = stdout_of("damage", fight, "Archmage", "60", "--type", "force")
    assert "Archmage's concentration ends: the Constitution save failed (F5)." in said
    assert "Ann is no longer banished." in said and "Ann reappears in group A (F7)." in said
    assert "A: Ann, Bo against Archmage" in stdout_of("show", fight)


def _banished(tmp_path: Path, others: str) -> Any:
    path = tmp_path / "arch.yaml"
    path.write_text(
        "heroes: [{name: Ann, class: fighter, hp: 60, ac: 18}, "
        "{name: Bo, class: fighter, hp: 60, ac: 18}]\n"
        f"monsters: [{{monster: archmage}}]\ngroups: {{A: [Ann, {others}Archmage]}}\n",
        encoding="utf-8",
    )
    f = load_fight(path)
    span = Lasting(rounds=10)
    own = Effect(1, "Archmage", "Banishment", span, 1, by="Archmage", concentration=True)
    on = Effect(
        2,
        "Ann",
        "banished",
        replace(span, concentration="Archmage"),
        1,
        by="Archmage",
        condition=Condition.BANISHED,
        group="A",
    )
    f = apply_step(apply_step(f, EffectStarted(own)).after, EffectStarted(on)).after
    return f


@needs_data
def test_the_banished_hero_comes_back_to_its_group_if_it_is_still_fought_in(
    tmp_path: Path,
) -> None:
    """F7 (docs/choices.md): banished, the hero leaves its group (G5); as the caster's
    concentration ends it reappears in that group, or unengaged once the group is gone."""
    f = _banished(tmp_path, "Bo, ")
    assert not in_fight(f.hero("Ann")) and f.group_of("Ann") is None
    assert check_plan(f, Plan((Order("Archmage", Rank.FRONT, target="Ann"),))) != []
    done = apply_step(f, ConcentrationEnded("Archmage", "its Constitution save failed"))
    group = done.after.group_of("Ann")
    assert group is not None and group.label == "A" and in_fight(done.after.hero("Ann"))
    assert "Ann reappears in group A (F7)" in done.notes
    alone = _banished(tmp_path, "")
    assert alone.groups == ()  # G5: a group without a hero is gone
    done = apply_step(alone, ConcentrationEnded("Archmage", "it is dead"))
    assert done.after.group_of("Ann") is None and in_fight(done.after.hero("Ann"))
    assert "Ann reappears, group A is gone: unengaged (F7)" in done.notes


def test_b9_conjure_elemental_is_the_dms_what_arrives_and_where() -> None:
    """B9: Conjure Elemental (1 minute to cast: before the fight, F1) calls up a creature the
    DM places: a `dm` item, said at the monster's turn."""
    assert why("Innate Spellcasting: Conjure Elemental") == DM
    djinni = next(b for b in srd() if b["name"] == "Djinni")
    assert "Innate Spellcasting: Conjure Elemental" in djinni["not_modelled"]


@needs_data
def test_the_djinnis_turn_says_what_the_dm_rules(tmp_path: Path) -> None:
    """B9: the DM hears of it at the djinni's turn."""
    f = load_fight(_write(tmp_path, "djinni", ("Ann", 60)))
    line = dm_line(f.monster("Djinni"))
    assert "Djinni's Conjure Elemental (what arrives, where)" in line
