"""B8: the hydra's Multiple Heads and Reactive Heads, read from its SRD text and played: a bite
per head, a head lost to 25 damage in a turn (the last one kills it), two grown back for each
at the end of its turn unless fire burned it, advantage on some saves while it has more than
one head, an opportunity attack a round for each head."""

from __future__ import annotations

import re
from pathlib import Path

from lnf.dice import DamageType
from lnf.dice.roll import ScriptedDice
from lnf.engine.effects import Rolled
from lnf.formats.bestiary import srd
from lnf.formats.trait_forms import parse_trait, trait_form
from lnf.model import Ability, Condition, Trait, TraitKind
from lnf.model.answer_steps import Heads
from lnf.model.steps import Damaged
from lnf.rules.heads import after_damage, grown, heads, lost, out_of_reactions, with_heads
from lnf.rules.trait_saves import save_edge
from lnf.values import replace
from tests.builders import fight, hero, monster
from tests.cli import run
from tests.test_srd_each_turn import needs_data
from tests.test_traits_guard import srd_entries

HEADS = parse_trait("multiple heads 5, 25 damage, 10 hit points")


@needs_data
def test_b8_the_hydras_heads_are_read_from_its_srd_text() -> None:
    blocks = {b["name"]: b for b in srd()}
    found = []
    for entry in srd_entries():
        said = {t["name"]: t["desc"] for t in entry.get("special_abilities", [])}
        if "Multiple Heads" not in said:
            continue
        figures = re.search(
            r"has (\w+) heads\..*takes (\d+) or more damage in a single turn, one of its heads "
            r"dies\..*grows two heads for each of its heads that died since its last turn, unless "
            r"it has taken fire damage since its last turn\. The \w+ regains (\d+) hit points",
            said["Multiple Heads"],
            re.DOTALL,
        )
        assert figures is not None and figures[1] == "five"
        block = blocks[entry["name"]]
        assert f"multiple heads 5, {figures[2]} damage, {figures[3]} hit points" in block["traits"]
        assert (
            "extra reaction that can be used only for opportunity attacks"
            in (said["Reactive Heads"])
        )
        assert "reactive heads" in block["traits"]
        assert not [n for n in block["not_modelled"] if "head" in n.lower()]  # Multiattack too
        found.append(entry["name"])
    assert found == ["Hydra"]


def test_b8_the_heads_form_reads_back() -> None:
    assert (HEADS.hp, HEADS.dc, str(HEADS.dice)) == (5, 25, "10")
    assert HEADS.stopped_by == frozenset({DamageType.FIRE})
    assert parse_trait(trait_form(HEADS)) == HEADS


def test_b8_heads_lost_grown_and_saved_with() -> None:
    hydra = monster("Hydra", hp=172, traits=(HEADS, Trait(TraitKind.REACTIVE_HEADS)))
    assert heads(hydra) == 5 and lost(hydra) == 0
    assert after_damage(hydra, 20, 30, fire=False) == (4, 1, False)  # the turn reaches 25
    assert after_damage(hydra, 30, 60, fire=False) == (5, 0, False)  # once a turn
    two = with_heads(hydra, 4, 1, False)
    assert grown(two) == 2 and grown(with_heads(hydra, 4, 1, True)) == 0  # fire stops it
    stun = (Condition.STUNNED,)
    assert save_edge(hydra, Ability.CON, stun) == "Multiple Heads (against stunned)"
    assert save_edge(with_heads(hydra, 1, 4, False), Ability.CON, stun) == ""  # one head left
    f = fight([hero("Bram")], [hydra])
    made = replace(f.turns, reacted=frozenset({"Hydra"}), opportunities=("Hydra",) * 4)
    assert not out_of_reactions(replace(f, turns=made), hydra)  # a fifth for the fifth head
    made = replace(made, opportunities=("Hydra",) * 5)
    assert out_of_reactions(replace(f, turns=made), hydra)


def test_b8_the_last_head_dies_and_the_hydra_with_it() -> None:
    hydra = with_heads(monster("Hydra", hp=172, traits=(HEADS,)), 1, 0, False)
    turn = Rolled(fight([hero("Bram")], [hydra])).rolling(ScriptedDice([]))
    turn.do(Damaged("Hydra", 30, DamageType.SLASHING))
    assert [s for s in turn.steps if isinstance(s, Heads)] == [Heads("Hydra", 0, 1, False)]
    assert not turn.fight.monster("Hydra").current_hp  # dead


HYDRA = """\
title: The hydra's marsh
round: 1
heroes:
  - name: Bram
    class: fighter
    level: 11
    hp: 200
    ac: 18
    attacks:
      - {name: Greatsword, to_hit: 10, damage: 4d6+10 slashing}
  - name: Aria
    class: wizard
    level: 11
    hp: 150
    ac: 13
    scores: {int: 20}
    spells: [fire bolt]
monsters:
  - monster: Hydra
"""


def test_b8_cli_the_hydra_loses_a_head_grows_two_and_bites_with_each(tmp_path: Path) -> None:
    fight_file = tmp_path / "marsh.yaml"
    fight_file.write_text(HYDRA, encoding="utf-8")
    code, out = run("run", str(fight_file), "--seed", "2", "--rounds", "3", "--record")
    assert code == 0, out
    rounds = out.split("\nRound ")[1:]
    assert [r.count("\nHydra attacks") for r in rounds] == [5, 4, 6]  # a bite per head
    assert "One of Hydra's heads dies: 25 damage or more this turn; 4 heads" in rounds[0]
    assert "Hydra grows 2 heads for those it lost: 6 heads" in rounds[1]
    assert "Hydra regains 20 hit points (Multiple Heads: 2 heads regrown, B8)" in rounds[1]
    assert "Hydra takes fire damage: no head grows back at the end of its turn" in rounds[1]
    code, out = run("log", str(fight_file), "--verify")
    assert code == 0, out


def test_b8_cli_each_head_beyond_one_makes_an_opportunity_attack(tmp_path: Path) -> None:
    text = HYDRA.replace("  - name: Aria", "  - name: Cade").replace(
        "    spells: [fire bolt]\n", ""
    )
    fight_file = tmp_path / "leave.yaml"
    fight_file.write_text(text + "groups:\n  A: [Bram, Cade, Hydra]\n", encoding="utf-8")
    script = tmp_path / "leave.actions"
    script.write_text("round 1\nBram: leave\nCade: leave\n")
    code, out = run("run", str(fight_file), "--seed", "1", "--rounds", "1", "--script", str(script))
    assert code == 0, out
    assert out.count("Hydra, who makes an opportunity attack (M6)") == 2  # one reaction a round
