"""B6: "spells that neither attack a hero nor impose a condition on one are cast only when nothing
else is possible" — Invisibility and Greater Invisibility, which ten SRD stat blocks list, judged
by each spell's own SRD text, planned (solver, brute force and the validator agree), played
(F4, F5, F7: invisible until it attacks or casts), said, and taken back."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from lnf.engine.round_start import plan_in_phase
from lnf.formats.bestiary import srd
from lnf.formats.event_codec import event_from_json, event_to_json, step_to_json
from lnf.formats.fight_file import load_fight, parse_fight
from lnf.formats.fight_writer import dump_fight
from lnf.formats.spell_effects import SELF_SPELLS
from lnf.model import Condition, Effect, Fight, Lasting, Rank, Resource
from lnf.model.events import Recorded
from lnf.model.plan import Advantage, Order, Plan
from lnf.model.steps import EffectStarted
from lnf.rules.attacks import attack_roll
from lnf.rules.idle_casts import check_idle_cast, idle_spell, self_spell, with_idle_casts
from lnf.rules.plan_check import check_plan
from lnf.rules.plan_score import score
from lnf.rules.specials import usable
from lnf.solver import solve_plan
from tests.brute_force import best_plan
from tests.cli import stdout_of
from tests.srd import DATA, needs_data

LONGSWORD = "attacks: [{name: Longsword, to_hit: 5, damage: 1d8+3 slashing}]"
FLYING_ANN = f"{{name: Ann, class: fighter, hp: 30, ac: 15, fly: 60, rank: free-air, {LONGSWORD}}}"


def _srd_spell(name: str) -> dict[str, Any]:
    data: list[dict[str, Any]] = json.loads(
        (DATA / "5e-srd-5.1-spells.json").read_text(encoding="utf-8")
    )
    return next(s for s in data if s["name"] == name)


@needs_data
@pytest.mark.parametrize("name", ["Invisibility", "Greater Invisibility"])
def test_each_self_spell_is_what_its_own_srd_text_says(name: str) -> None:
    """F7: "becomes invisible until the spell ends"; Invisibility alone: "The spell ends for a
    target that attacks or casts a spell"; the duration and concentration are the entry's."""
    source = _srd_spell(name)
    text = " ".join(source["desc"]).lower()
    table = SELF_SPELLS[name.lower()]
    assert "becomes invisible" in text and table["effect"]["invisible"] is True
    ends = "the spell ends for a target that attacks or casts a spell" in text
    assert table["effect"].get("ends_on_attack", False) is ends
    assert source["duration"].lower() == f"up to {table['effect']['lasting']}"
    assert table["concentration"] is source["concentration"] is True


def _use_said(monster: str, action: dict[str, Any]) -> bool:
    """The test's own reading of the stat block's text: the line that names the spell says
    its use ("1/day each: …", "2nd level (3 slots): …", "… invisibility at will …")."""
    data = json.loads((DATA / "5e-srd-5.1-monsters.json").read_text(encoding="utf-8"))
    m = next(x for x in data if x["name"] == monster)
    trait = next(t for t in m["special_abilities"] if "spellcasting" in t)
    spell = action["name"].lower()
    lines = trait["desc"].lower().splitlines()
    line = next(x for x in lines if re.search(rf"(?<!greater )\b{spell}\b", x))
    if "per_day" in action:  # "1/day each: …", or the trait's name: "Innate Spellcasting (1/Day)"
        said = line + trait["name"].lower()
        if "/day" not in said and "at will" not in said:  # the text is silent: its figures
            spells = trait["spellcasting"]["spells"]
            (use,) = [x["usage"] for x in spells if x["name"] == action["name"]]
            return use == {"type": "per day", "times": action["per_day"]}
        return f"{action['per_day']}/day" in said
    if "slot" in action:
        return line.startswith(f"- {action['slot']}")
    return "at will" in line


@needs_data
def test_blur_is_what_its_own_srd_text_says() -> None:
    """F7: "any creature has disadvantage on attack rolls against you", 1 minute,
    concentration: the caster is blurred (B6)."""
    source = _srd_spell("Blur")
    text = " ".join(source["desc"]).lower()
    table = SELF_SPELLS["blur"]
    assert "disadvantage on attack rolls against you" in text
    assert table["effect"] == {"blurred": True, "lasting": "1 minute"}
    assert source["duration"].lower() == "up to 1 minute" and source["concentration"] is True


@needs_data
def test_a_blurred_monster_is_attacked_at_disadvantage(tmp_path: Path) -> None:
    """B6, F7 Blur, D4: the steam mephit out of reach in a volley round (its claws and its
    15-foot breath) blurs itself (1/day); a hero's
    attack on it then has disadvantage, with the reason said."""
    path = tmp_path / "mephit.yaml"
    hero = f"{{name: Ann, class: fighter, hp: 30, ac: 15, {LONGSWORD}}}"
    fight = f"phase: volley 3\nheroes: [{hero}]\nmonsters: [{{monster: steam mephit}}]\n"
    path.write_text(fight, "utf-8")
    f = load_fight(path)
    mephit = f.monster("Steam Mephit")
    blur = idle_spell(f, mephit)
    assert blur is not None and blur.name == "Blur" and blur.per_day == 1
    (order,) = plan_in_phase(f, lambda g: solve_plan(g, explain=False).plan).orders
    assert order.action == "Blur" and check_plan(f, Plan((order,))) == []
    blurred = replace(mephit, conditions=mephit.conditions | {Condition.BLURRED})
    roll = attack_roll(f.hero("Ann"), blurred, close=True, from_front=False)
    assert roll == (Advantage.DISADVANTAGE, ("Steam Mephit is blurred",))
    said = stdout_of("run", str(path), "--seed", "2", "--rounds", "1")
    assert "Steam Mephit casts Blur: nothing it can reach this round (B6)." in said
    assert "Steam Mephit is blurred: 1 minute, while Steam Mephit concentrates (F4)." in said


@needs_data
def test_every_stat_block_that_lists_them_has_them_as_its_own_spells() -> None:
    """B1, B2: every SRD stat block that lists a spell lnf casts on the monster's own side
    (`SELF_SPELLS`) has it as an action with the use its text says (a slot, a per-day use, at
    will), and none says it is not played any more."""
    found = []
    for block in srd():
        for action in block.get("actions", []):
            if action["name"].lower() not in SELF_SPELLS or not action.get("spell"):
                continue  # the imp's own Invisibility is no spell (test_idle_actions)
            found.append(block["name"])
            own = {k: v for k, v in action["effect"].items() if k != "mirror"}  # its own AC
            table = SELF_SPELLS[action["name"].lower()]["effect"]
            assert own == {k: v for k, v in table.items() if k != "mirror"}
            assert _use_said(block["name"], action), block["name"]
            said = [n for n in block["not_modelled"] if n.endswith(f": {action['name']}")]
            assert not said, block["name"]
    # ten Invisibility or Greater Invisibility, two Blur, five Fly, six Dispel Magic, two
    # Freedom of Movement, three Sanctuary, one Fire Shield, three Mirror Image, two Globe of
    # Invulnerability, one Enlarge/Reduce
    assert len(found) == 35, found


def _rakshasa(tmp_path: Path, hero: str = FLYING_ANN) -> Fight:
    path = tmp_path / "fight.yaml"
    # its Charm Person (3/day) spent: a charm reaches a flier (F3, played since)
    rakshasa = "{monster: rakshasa, used: {Charm Person: 3}}"
    path.write_text(f"heroes: [{hero}]\nmonsters: [{rakshasa}]\n", encoding="utf-8")
    fight = load_fight(path)
    assert parse_fight(dump_fight(fight), "again.yaml") == fight  # `effect:` written back
    return fight


@needs_data
def test_b6_a_monster_that_reaches_nobody_casts_invisibility(tmp_path: Path) -> None:
    """B6: the rakshasa has claws only and Ann flies (R7): nothing it can reach, so it casts
    its Invisibility (3/day); the solver, brute force and the validator agree."""
    f = _rakshasa(tmp_path)
    rakshasa = f.monster("Rakshasa")
    invisibility = next(a for a in rakshasa.actions if a.name == "Invisibility")
    assert self_spell(invisibility) and invisibility not in usable(f, rakshasa)  # no P3 option
    assert idle_spell(f, rakshasa) == invisibility
    plan = solve_plan(f, explain=False).plan
    (order,) = plan.orders
    assert (order.action, order.targets) == ("Invisibility", ())
    assert check_plan(f, plan) == []
    brute = best_plan(f)
    assert brute is not None and brute == plan and score(f, brute) == score(f, plan)


@needs_data
def test_b6_not_while_it_can_attack_nor_when_it_would_do_nothing(tmp_path: Path) -> None:
    """B6: with a hero on the ground it attacks her; invisible already, its next spell that
    does something is Fly (1/day); invisible and flying, or concentrating on something else
    (both spells need concentration), or with its uses spent, it casts nothing."""
    grounded = f"{{name: Ann, class: fighter, hp: 30, ac: 15, {LONGSWORD}}}"
    f = _rakshasa(tmp_path, grounded)
    (order,) = solve_plan(f, explain=False).plan.orders
    assert order.target == "Ann" and order.action == ""
    f = _rakshasa(tmp_path)
    me = f.monster("Rakshasa")
    hidden = f.with_combatant(replace(me, conditions=me.conditions | {Condition.INVISIBLE}))
    then = idle_spell(hidden, hidden.monster("Rakshasa"))
    assert then is not None and then.name == "Fly"
    both = hidden.with_combatant(
        replace(me, conditions=me.conditions | {Condition.INVISIBLE, Condition.FLYING})
    )
    assert idle_spell(both, both.monster("Rakshasa")) is None
    uses = (Resource("Invisibility", 3, 3), Resource("Fly", 1, 1), Resource("Charm Person", 3, 3))
    spent = f.with_combatant(replace(me, resources=uses))
    assert idle_spell(spent, spent.monster("Rakshasa")) is None
    held = Effect(1, "Rakshasa", "Fly", Lasting(rounds=100), 1, by="Rakshasa", concentration=True)
    holding = replace(f, effects=(held,))
    assert idle_spell(holding, holding.monster("Rakshasa")) is None
    (still,) = solve_plan(spent, explain=False).plan.orders
    assert still.action == "" and still.target is None


@needs_data
def test_b6_the_validator_takes_only_the_idle_cast(tmp_path: Path) -> None:
    """B6: an order casting it names no hero, is the first spell that does something now,
    and has a use left; each other case is named with its rule."""
    f = _rakshasa(tmp_path)
    me = f.monster("Rakshasa")
    cast = Order("Rakshasa", Rank.FRONT, action="Invisibility")
    assert check_plan(f, Plan((cast,))) == []
    aimed = replace(cast, target="Ann")
    assert [v.rule for v in check_idle_cast(f, me, aimed)] == ["B6"]
    spent = f.with_combatant(replace(me, resources=(Resource("Invisibility", 3, 3),)))
    assert [v.rule for v in check_plan(spent, Plan((cast,)))] == ["B2"]
    hidden = f.with_combatant(replace(me, conditions=me.conditions | {Condition.INVISIBLE}))
    (v,) = check_plan(hidden, Plan((cast,)))
    assert v.rule == "B6" and "invisible already" in v.message
    assert with_idle_casts(f, Plan((replace(cast, action=""),))) == Plan((cast,))
    assert with_idle_casts(f, Plan((aimed,))) == Plan((aimed,))  # it attacks: no cast


@needs_data
def test_the_djinni_turns_invisible_in_the_volley_and_it_ends_as_it_attacks(
    tmp_path: Path,
) -> None:
    """B6, V3, F4, F5, F7 played: out of reach in volley round 3, the djinni casts its 1/day
    Invisibility (said with B6's reason); invisible, its first attack has advantage (the
    attacker unseen), and then the spell ends ("The spell ends for a target that attacks")."""
    path = tmp_path / "djinni.yaml"
    hero = f"{{name: Ann, class: fighter, hp: 30, ac: 15, {LONGSWORD}}}"
    path.write_text(
        f"phase: volley 3\nheroes: [{hero}]\nmonsters: [{{monster: djinni}}]\n", encoding="utf-8"
    )
    said = stdout_of("run", str(path), "--seed", "1", "--rounds", "4")
    assert "plan (P3): Djinni casts Invisibility: nothing it can reach this round (B6)." in said
    spent = "Djinni spends a daily use of Invisibility (0 of 1 left).\n"
    assert spent + "Djinni casts Invisibility.\n" in said
    assert "Djinni is invisible: 1 hour, while Djinni concentrates or until it attacks" in said
    first, rest = said.split("Djinni attacks Ann", 2)[1:]
    assert "[Djinni is unseen" in first.splitlines()[0]
    assert "Invisibility ends" in first.splitlines()[1]
    assert "Djinni is no longer invisible." in first.splitlines()[2]
    assert "unseen" not in rest


def test_the_effect_ending_on_an_attack_is_logged_and_read_back() -> None:
    """The log keeps `until_attack` (a later field, left out at its default)."""
    effect = Effect(3, "Djinni", "invisible", Lasting(rounds=600), 1, by="Djinni")
    effect = replace(effect, condition=Condition.INVISIBLE, until_attack=True)
    event = Recorded((EffectStarted(effect),), by_rules=True)
    assert event_from_json(event_to_json(event), "log") == event
    plain = EffectStarted(replace(effect, until_attack=False))
    assert "until_attack" not in step_to_json(plain)["effect"]


@needs_data
def test_at_the_table_the_cast_is_logged_shown_and_undone(tmp_path: Path) -> None:
    """B6 at the table: `lnf next` plays the rakshasa's Invisibility (its use, concentration
    and the condition shown under Effects); `lnf undo` takes the whole cast back."""
    path = tmp_path / "rakshasa.yaml"
    rakshasa = "{monster: rakshasa, used: {Charm Person: 3}}"  # its charm spent (F3)
    path.write_text(f"heroes: [{FLYING_ANN}]\nmonsters: [{rakshasa}]\n", "utf-8")
    said = stdout_of("next", str(path))
    spent = "Rakshasa spends a daily use of Invisibility (2 of 3 left).\n"
    assert spent + "Rakshasa casts Invisibility." in said
    shown = stdout_of("show", str(path))
    assert "Rakshasa: invisible (since round 1): 1 hour, while Rakshasa concentrates" in shown
    took = [stdout_of("undo", str(path)) for _ in range(2)]  # Ann's turn begun, then the cast
    assert "Rakshasa casts Invisibility" in took[1]
    assert "invisible" not in stdout_of("show", str(path)).split("Not modelled")[0]
