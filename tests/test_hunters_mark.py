"""F7 Hunter's Mark: a bonus action, a 1st-level slot, concentration (F5), one foe marked; each
of the caster's weapon hits on it adds 1d6 (`rules.on_hit.marked_dice`), shown in `lnf show`
and taken back by `lnf undo`; a Hex written by hand (not in the SRD) the same way."""

from __future__ import annotations

import json
import re
from pathlib import Path

from lnf.formats.fight_file import parse_fight
from lnf.model import Cost
from lnf.values import replace
from tests.cli import run

RANGER = """
title: Ash and the gnolls
heroes:
  - name: Ash
    class: ranger
    level: 5
    scores: {str: 10, dex: 18, con: 14, int: 10, wis: 14, cha: 8}
    weapons: [longbow, shortsword]
    armor: [studded leather armor]
    spells: [hunter's mark, cure wounds]
    rank: back
    why: guarded
  - name: Kara
    class: paladin
    level: 5
    scores: {str: 18, dex: 10, con: 14, int: 8, wis: 10, cha: 14}
    weapons: [longsword]
    armor: [chain mail, shield]
  - name: Bram
    class: fighter
    level: 5
    scores: {str: 18, dex: 10, con: 14, int: 8, wis: 10, cha: 14}
    weapons: [longsword]
    armor: [chain mail, shield]
monsters:
  - {monster: gnoll, count: 2}
groups:
  A: [Kara, Bram, Gnoll 1]
"""
SPELLS = Path("/tmp/shared/data/5e-srd-5.1-spells.json")


def test_the_srd_text_gives_what_lnf_plays() -> None:
    """The SRD's Hunter's Mark, read: 1d6 on a weapon hit, a bonus action, 1st level,
    concentration; lnf's spell is those figures."""
    srd = next(
        s for s in json.loads(SPELLS.read_text(encoding="utf-8")) if s["name"] == "Hunter's Mark"
    )
    said = re.search(
        r"extra (\d+d\d+) damage to the target whenever you hit it with a weapon", srd["desc"][0]
    )
    assert said is not None
    ash = parse_fight(RANGER, "mark.yaml").hero("Ash")
    spell = next(a for a in ash.attacks if a.name == "Hunter's Mark")
    assert spell.effect is not None and str(spell.effect.mark) == said[1] == "1d6"
    assert spell.cost is Cost.BONUS and srd["casting_time"] == "1 bonus action"
    assert spell.slot == srd["level"] == 1 and spell.concentration and srd["concentration"]


def _ash_s_turn(tmp_path: Path) -> tuple[str, str]:
    path = tmp_path / "mark.yaml"
    path.write_text(RANGER, encoding="utf-8")
    out = run("next", str(path), "--seed", "4")[1]
    while "It is Ash's turn" not in out:
        out = run("next", str(path))[1]
    return str(path), out


def test_each_of_the_caster_s_hits_on_the_marked_foe_adds_1d6(tmp_path: Path) -> None:
    path, said = _ash_s_turn(tmp_path)
    assert "cast Hunter's Mark at Gnoll 1 or Gnoll 2 (a bonus action: +1d6 a hit)" in said
    words = "cast hunter's mark at Gnoll 2; attack Gnoll 2 with longbow"
    code, out = run("act", path, words, "--dice", "19,3,1,16,5,6")
    assert code == 0, out
    assert "Ash spends a 1st-level spell slot (3 of 4 left)." in out
    assert "1d8 (3) + 4 piercing + 1d6 (1) piercing = 8" in out
    assert "1d8 (5) + 4 piercing + 1d6 (6) piercing = 15" in out
    assert "Gnoll 2: Hunter's Mark ends: it is dead (F4)." in out  # F4: not on the dead
    shown = run("show", path)[1]
    assert "Ash: concentrating on Hunter's Mark (since round 1): 1 hour." in shown
    run("undo", path)
    shown = run("show", path)[1]
    assert "Hunter's Mark (by Ash" not in shown and "1st 4/4" in shown


def test_the_mark_is_refused_on_an_ally() -> None:
    fight = parse_fight(RANGER, "mark.yaml")
    from lnf.errors import Refused
    from lnf.heroes.words import parse_choice

    try:
        parse_choice(fight, fight.hero("Ash"), "cast hunter's mark at Kara")
    except Refused as e:
        assert "Hunter's Mark marks one foe in the fight" in str(e)
    else:
        raise AssertionError("a mark on an ally was taken")


def test_a_hex_written_by_hand_adds_necrotic_to_the_caster_s_hits_only() -> None:
    from lnf.rules.on_hit import marked_dice
    from lnf.values import replace

    hexed = RANGER.replace(
        "    spells: [hunter's mark, cure wounds]\n",
        "    spells: [cure wounds]\n    attacks:\n"
        "      - {name: Hex, slot: 1, cost: bonus action, concentration: true,\n"
        "         effect: {mark: 1d6 necrotic, lasting: 1 hour}}\n",
    )
    fight = parse_fight(hexed, "hex.yaml")
    from lnf.model import Effect, Lasting

    mark = Effect(1, "Gnoll 1", "Hex", Lasting(concentration="Ash"), 1, by="Ash")
    fight = replace(fight, effects=(mark,))
    ash, kara, gnoll = fight.hero("Ash"), fight.hero("Kara"), fight.monster("Gnoll 1")
    bow = next(a for a in ash.attacks if a.name == "Longbow")
    assert str(marked_dice(fight, ash, gnoll, bow)) == "1d6 necrotic"
    assert marked_dice(fight, kara, gnoll, kara.attacks[0]) is None  # not Kara's mark
    assert marked_dice(fight, ash, fight.monster("Gnoll 2"), bow) is None


def test_the_policy_marks_its_target_first_when_it_holds_no_concentration() -> None:
    """docs/policy.md (F7, F5): the bonus action before the blows, on the action's target."""
    from lnf.engine.decisions import AttackChoice, SpellChoice
    from lnf.heroes.policy import policy_choice
    from lnf.model import Effect, Lasting
    from lnf.values import replace

    fight = parse_fight(RANGER, "mark.yaml")
    choice = policy_choice(fight, fight.hero("Ash"))
    assert isinstance(choice.action, AttackChoice) and isinstance(choice.bonus_action, SpellChoice)
    assert choice.bonus_action.spell.name == "Hunter's Mark" and choice.bonus_first
    assert choice.bonus_action.targets == (choice.action.target,)
    assert choice.bonus_spend == (("slot 1", 1),)
    held = Effect(1, "Ash", "Hunter's Mark", Lasting(), 1, by="Ash", concentration=True)
    again = policy_choice(replace(fight, effects=(held,)), fight.hero("Ash"))
    assert again.bonus_action is None  # concentrating already: no second mark


def test_the_policy_keeps_at_the_marked_foe() -> None:
    """docs/policy.md: a weapon hit on the marked foe is weighed with the mark's dice."""
    from lnf.engine.decisions import AttackChoice
    from lnf.heroes.policy import policy_choice
    from lnf.model import Effect, Lasting
    from lnf.values import replace

    fight = parse_fight(RANGER, "mark.yaml")
    first = policy_choice(fight, fight.hero("Ash")).action
    assert isinstance(first, AttackChoice)
    other = "Gnoll 2" if first.target == "Gnoll 1" else "Gnoll 1"
    held = Effect(1, "Ash", "Hunter's Mark", Lasting(), 1, by="Ash", concentration=True)
    mark = Effect(2, other, "Hunter's Mark", Lasting(concentration="Ash"), 1, by="Ash")
    marked = replace(fight, effects=(held, mark))
    action = policy_choice(marked, marked.hero("Ash")).action
    assert isinstance(action, AttackChoice) and action.target == other


def test_an_opportunity_attack_on_the_marked_foe_adds_the_mark() -> None:
    """F7: "whenever you hit it with a weapon attack": the reaction's blow too (D10)."""
    from lnf.dice.roll import ScriptedDice
    from lnf.engine.turns import opportunity
    from lnf.model import Effect, Lasting
    from lnf.values import replace

    fight = parse_fight(RANGER.replace("A: [Kara, Bram, Gnoll 1]", "A: [Ash, Gnoll 1]"), "m.yaml")
    mark = Effect(1, "Gnoll 1", "Hunter's Mark", Lasting(concentration="Ash"), 1, by="Ash")
    marked = replace(fight, effects=(mark,))
    hit = opportunity(
        marked, marked.hero("Ash"), marked.monster("Gnoll 1"), ScriptedDice([15, 4, 5])
    )
    assert hit.damage_text == "1d6 (4) + 4 piercing + 1d6 (5) piercing = 13"


def test_no_mark_and_no_arrow_at_a_foe_they_cannot_hurt() -> None:
    """D6, F7 (docs/policy.md): the wererat is immune to nonmagical piercing; a mark adds the
    weapon's type (the engine's `with_extra`), so Ash neither marks it nor shoots it (nothing
    gets through), and dodges; against the gnolls he marks and shoots as before."""
    from lnf.engine.decisions import AttackChoice, SimpleChoice
    from lnf.heroes.policy import policy_choice
    from lnf.model import Action

    fight = parse_fight(RANGER, "mark.yaml")
    ash = policy_choice(fight, fight.hero("Ash"))
    assert isinstance(ash.action, AttackChoice) and ash.bonus_action is not None
    rats = parse_fight(
        RANGER.replace(
            "{monster: gnoll, count: 2}", '{monster: "wererat, hybrid form", name: Rat, count: 2}'
        ).replace("Gnoll 1]", "Rat 1]"),
        "rats.yaml",
    )
    ash = policy_choice(rats, rats.hero("Ash"))
    assert ash.bonus_action is None and ash.action == SimpleChoice(Action.DODGE)


def test_a_swing_after_a_kill_goes_at_a_foe_it_can_hurt() -> None:
    """F2, D6 (`engine.hero_turn.swing_target`): when the foe named is down, the next swing
    goes at a foe in reach whose defences let its damage through, before an immune one earlier
    in the order of danger: Ash's shortsword at the gnoll, not the wererat."""
    from lnf.engine.decisions import AttackChoice
    from lnf.engine.hero_turn import swing_target
    from lnf.model.plan import Mode

    text = RANGER.replace(
        "{monster: gnoll, count: 2}",
        '{monster: "wererat, hybrid form", name: Rat}\n  - {monster: gnoll, count: 2}',
    ).replace("A: [Kara, Bram, Gnoll 1]", "A: [Ash, Rat, Gnoll 1, Gnoll 2]")
    text = text.replace("    rank: back\n    why: guarded\n", "", 1)  # Ash in the front rank
    fight = parse_fight(text, "swing.yaml")
    fight = fight.with_combatant(replace(fight.monster("Gnoll 1"), damage=22))  # down
    ash = fight.hero("Ash")
    sword = next(a for a in ash.attacks if a.name == "Shortsword")
    swing = AttackChoice("Gnoll 1", sword, Mode.MELEE, times=2)
    target = swing_target(fight, ash, swing, 1)
    assert target is not None and target.name == "Gnoll 2"  # the Rat is first by danger (G3)
