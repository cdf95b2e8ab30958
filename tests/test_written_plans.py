"""B9, P7: a plan the DM writes by hand may use special actions; it is read with clear errors
(file, line, field, rule), checked by the same rules as lnf's own plans (B1–B5, E via
`rules.plan_check`) and compared with the best plan. And the DM's wishes on the command line:
a weapon attack named as an action, a --fix and a --forbid that rule each other out."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from lnf.cli.plan_commands import own_conflicts, parse_wishes
from lnf.errors import InputError
from lnf.formats.written_orders import load_plan
from lnf.model import Area, Fight, Shape
from lnf.model.plan import LEAVE, Mode, Plan, Wish
from lnf.rules.plan_check import check_plan
from lnf.rules.plan_compare import shortfall
from tests.builders import fight, hero
from tests.cli import run
from tests.specials_monsters import POISON_BREATH, guard, without_charge, x6, young_green_dragon

DRAGON = "Young Green Dragon"
X6_FILE = Path(__file__).parent.parent / "examples" / "young-green-dragon.yaml"


def written(tmp_path: Path, f: Fight, text: str) -> Plan:
    path = tmp_path / "plan.yaml"
    path.write_text(text)
    return load_plan(path, f)


def problems(tmp_path: Path, f: Fight, text: str) -> list[tuple[int | None, str, str, str]]:
    """(line, field, rule, message) of every problem the reader finds in the plan."""
    with pytest.raises(InputError) as info:
        written(tmp_path, f, text)
    return [(p.line, p.path, p.rule, p.message) for p in info.value.problems]


def rules(f: Fight, plan: Plan) -> list[str]:
    return [v.rule for v in check_plan(f, plan)]


def with_breath(f: Fight, **area: object) -> Fight:
    """The fight with the dragon's breath of another shape or size."""
    breath = replace(POISON_BREATH, area=Area(**area))  # type: ignore[arg-type]
    return f.with_combatant(replace(f.monster(DRAGON), actions=(breath,)))


# --- reading (B9) -----------------------------------------------------------------------------


def test_b9_an_action_and_its_catch_are_read_the_action_matched_by_its_name(
    tmp_path: Path,
) -> None:
    """`target` takes a list: every hero the breath catches (B3); the action's name is matched
    as names are (case), and the order takes the action's own mode (B4: a 30 ft cone reaches
    as a ranged attack)."""
    plan = written(tmp_path, x6(), f"{DRAGON}: {{action: poison BREATH, target: [Dee, Ann, Bo]}}\n")
    (order,) = plan.orders
    assert (order.action, order.targets, order.mode) == (
        "Poison Breath",
        ("Dee", "Ann", "Bo"),
        Mode.RANGED,
    )
    assert rules(x6(), plan) == []


def test_b9_one_hero_or_none_and_weapon_orders_read_as_before(tmp_path: Path) -> None:
    (order,) = written(tmp_path, x6(), f"{DRAGON}: {{action: Poison Breath, target: Cy}}\n").orders
    assert (order.action, order.targets) == ("Poison Breath", ("Cy",))
    (order,) = written(tmp_path, x6(), f"{DRAGON}: {{move: leave, target: Dee}}\n").orders
    assert (order.action, order.targets, order.mode, order.move) == (
        "",
        ("Dee",),
        Mode.REACH,
        LEAVE,
    )
    (order,) = written(tmp_path, x6(), f"{DRAGON}: Ann\n").orders
    assert (order.action, order.targets, order.mode) == ("", ("Ann",), Mode.MELEE)


def test_b9_an_unknown_action_is_named_with_its_line_field_and_rule(tmp_path: Path) -> None:
    assert problems(
        tmp_path, x6(), f"# X6\n{DRAGON}: {{action: Posion Breath, target: Dee}}\n"
    ) == [
        (
            2,
            f"{DRAGON}.action",
            "B9",
            f"{DRAGON} has no action called 'Posion Breath'; did you mean 'Poison Breath'?",
        )
    ]
    f = fight([hero("Ann")], [guard("Guard")], {"A": ["Ann", "Guard"]})
    ((_, _, rule, message),) = problems(tmp_path, f, "Guard: {action: Fireball, target: Ann}\n")
    assert (rule, message) == ("B9", "Guard has no special actions or spells, so no 'Fireball'")


def test_b9_a_weapon_attack_named_as_an_action_says_to_leave_action_out(tmp_path: Path) -> None:
    path = tmp_path / "plan.yaml"
    path.write_text(f"{DRAGON}: {{action: bite, target: Ann}}\n")
    with pytest.raises(InputError) as info:
        load_plan(path, x6())
    (said,) = info.value.problems
    assert said.message == f"Bite is {DRAGON}'s weapon attack, not a special action"
    assert said.hint == "leave `action` out: the order attacks with its weapons"
    path.write_text(f"{DRAGON}: {{action: Multiattack, target: Ann}}\n")
    with pytest.raises(InputError, match="Multiattack is Young Green Dragon's weapon attacks"):
        load_plan(path, x6())


def test_b9_every_problem_of_a_target_list_is_named_at_once(tmp_path: Path) -> None:
    found = problems(
        tmp_path,
        x6(),
        f"{DRAGON}: {{action: Poison Breath, target: [Dee, Bob, Dee], also: [Cy]}}\n",
    )
    assert [(line, field) for line, field, _, _ in found] == [
        (1, f"{DRAGON}.also"),
        (1, f"{DRAGON}.target[2]"),
        (1, f"{DRAGON}.target[1]"),
    ]
    messages = {field: message for _, field, _, message in found}
    assert messages[f"{DRAGON}.target[2]"] == "Dee is listed twice"
    assert messages[f"{DRAGON}.target[1]"] == "'Bob' is not a hero of this fight"
    assert problems(tmp_path, x6(), f"{DRAGON}: {{target: []}}\n") == [
        (1, f"{DRAGON}.target", "", "names no hero")
    ]


# --- checked by the same rules (P7: every broken rule named) ---------------------------------


def test_p7_a_breath_on_a_hero_out_of_its_reach_breaks_b4(tmp_path: Path) -> None:
    """A 15 ft cone reaches only the dragon's own group (B4): Ann and Bo, not Dee."""
    f = with_breath(x6(), shape=Shape.CONE, size=15)
    reached = written(tmp_path, f, f"{DRAGON}: {{action: Poison Breath, target: [Ann, Bo]}}\n")
    assert rules(f, reached) == []
    far = written(tmp_path, f, f"{DRAGON}: {{action: Poison Breath, target: [Ann, Dee]}}\n")
    (broken,) = check_plan(f, far)
    assert broken.rule == "B4" and "does not reach Dee" in broken.message


def test_p7_an_uncharged_breath_breaks_b2(tmp_path: Path) -> None:
    f = without_charge(x6(), DRAGON, "Poison Breath")
    plan = written(tmp_path, f, f"{DRAGON}: {{action: Poison Breath, target: [Dee, Ann, Bo]}}\n")
    (broken,) = check_plan(f, plan)
    assert broken.rule == "B2" and "Poison Breath" in broken.message


def test_p7_a_catch_that_splits_two_groups_breaks_e3_and_names_the_ally_to_spare_b5(
    tmp_path: Path,
) -> None:
    """Group B holds a guard, who must be spared (B5): B is hit only in part, and so is A."""
    f = with_breath(
        fight(
            [hero("Ann"), hero("Bo"), hero("Cy"), hero("Dee")],
            [young_green_dragon(), guard("Guard")],
            {"A": ["Ann", "Bo", DRAGON], "B": ["Cy", "Dee", "Guard"]},
        ),
        shape=Shape.CONE,
        size=60,
    )
    plan = written(tmp_path, f, f"{DRAGON}: {{action: Poison Breath, target: [Ann, Cy]}}\n")
    (broken,) = check_plan(f, plan)
    assert broken.rule == "E3" and "Guard must be spared (B5)" in broken.hint
    assert (
        rules(
            f, written(tmp_path, f, f"{DRAGON}: {{action: Poison Breath, target: [Ann, Bo, Cy]}}\n")
        )
        == []
    )


def test_p7_too_many_heroes_and_a_second_hero_without_an_action_are_named(
    tmp_path: Path,
) -> None:
    f = x6()
    four = written(
        tmp_path, f, f"{DRAGON}: {{action: Poison Breath, target: [Dee, Ann, Bo, Cy]}}\n"
    )
    assert rules(f, four) == ["E1"]
    bites = written(tmp_path, f, f"{DRAGON}: {{target: [Ann, Bo], mode: melee}}\n")
    assert rules(f, bites) == ["P2"]  # one hero a round without an area or split action


def test_p7_a_legal_breath_plan_is_as_good_as_lnfs_and_a_worse_one_says_why(
    tmp_path: Path,
) -> None:
    """X6 round 1: lnf breathes on Dee, Ann and Bo; the DM's breath on Dee alone leaves Ann
    unattacked (P3)."""
    plan = tmp_path / "plan.yaml"
    plan.write_text(f"{DRAGON}: {{action: Poison Breath, target: [Dee, Ann, Bo]}}\n")
    code, out = run("check", str(X6_FILE), "--plan", str(plan))
    assert (code, out.strip()) == (0, "The plan is legal and as good as the best plan (P3, P4).")
    plan.write_text(f"{DRAGON}: {{action: Poison Breath, target: Dee}}\n")
    code, out = run("check", "--json", str(X6_FILE), "--plan", str(plan))
    data = json.loads(out)
    assert (code, data["legal"]) == (0, True)
    assert data["shortfall"] == ["Ann could get 1 attacker; your plan gives Ann 0 (P3)"]


def test_p7_a_bite_where_lnf_breathes_falls_short_in_p3(tmp_path: Path) -> None:
    f = x6()
    best = written(tmp_path, f, f"{DRAGON}: {{action: Poison Breath, target: [Dee, Ann, Bo]}}\n")
    bite = written(tmp_path, f, f"{DRAGON}: {{move: leave, target: Dee}}\n")
    assert rules(f, bite) == []
    assert shortfall(f, bite, best) == ["Ann could get 1 attacker; your plan gives Ann 0 (P3)"]
    assert shortfall(f, best, best) == []


def test_p7_the_command_names_a_broken_rule_of_a_breath_and_a_bad_action(tmp_path: Path) -> None:
    plan = tmp_path / "plan.yaml"
    plan.write_text(f"{DRAGON}: {{action: Poison Breath, target: [Dee, Ann, Bo, Cy]}}\n")
    code, out = run("check", "--json", str(X6_FILE), "--plan", str(plan))
    assert code == 1
    assert [p["rule"] for p in json.loads(out)["problems"]] == ["E1"]
    plan.write_text(f"{DRAGON}: {{action: Poison Bresth, target: Dee}}\n")
    code, out = run("check", str(X6_FILE), "--plan", str(plan))
    assert code == 2
    assert (
        f"plan.yaml:1: {DRAGON}.action: {DRAGON} has no action called 'Poison Bresth'; "
        "did you mean 'Poison Breath'? (B9)"
    ) in out


# --- the DM's wishes on the command line (B9) -------------------------------------------------


def test_b9_a_weapon_attack_is_pinned_without_an_action() -> None:
    with pytest.raises(InputError) as info:
        parse_wishes(x6(), (f"{DRAGON}->Ann:Bite",), True, "--fix")
    (said,) = info.value.problems
    assert said.rule == "B9"
    assert said.message == (
        f"Bite is {DRAGON}'s weapon attack, not a special action; weapon attacks are pinned "
        f'without :ACTION (--fix "{DRAGON}->Ann")'
    )
    with pytest.raises(InputError, match="without :ACTION, rules out every attack"):
        parse_wishes(x6(), (f"{DRAGON}->Ann:claws",), False, "--forbid")


def test_b9_a_fix_and_a_forbid_of_the_same_pairing_are_the_dms_own_conflict() -> None:
    fix = Wish(DRAGON, "Ann", True, "Poison Breath")
    (said,) = own_conflicts([fix, Wish(DRAGON, "Ann", False, "Poison Breath")])
    assert said.rule == "B9" and "your own wishes conflict, not the rules" in said.message
    assert len(own_conflicts([fix, Wish(DRAGON, "Ann", False)])) == 1  # every attack on Ann
    assert own_conflicts([Wish(DRAGON, "Ann", True), replace(fix, fixed=False)]) == []
    assert own_conflicts([fix, Wish(DRAGON, "Bo", False, "Poison Breath")]) == []


def test_b9_the_command_says_the_wishes_conflict_before_solving() -> None:
    code, out = run(
        "plan",
        str(X6_FILE),
        "--fix",
        f"{DRAGON}->Ann:Poison Breath",
        "--forbid",
        f"{DRAGON}->ann:poison breath",
    )
    assert code == 2
    assert "your own wishes conflict, not the rules" in out
    assert "the rules forbid every such plan" not in out
