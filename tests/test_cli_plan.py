"""`lnf plan` and `lnf check --plan` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli import run


def test_plan_x1_reads_like_a_dm(x1_path: Path) -> None:
    code, out = run("plan", str(x1_path))
    assert code == 0
    lines = out.splitlines()
    assert "Target order (T2): Wendy, Doris, Mike, Felix, Cecilia, Terry" in lines
    monsters = [
        line.split()[0:2]
        for line in lines
        if line.startswith("  Skeleton") or line.startswith("  Wight")
    ]
    assert [" ".join(m) if m[0] == "Skeleton" else m[0] for m in monsters] == [
        "Skeleton 3",
        "Skeleton 2",
        "Wight",
        "Skeleton 1",
    ]  # strike order (S2–S3)
    assert any(
        "Wight" in line and "attacks Doris in mêlée with Longsword ×2" in line for line in lines
    )
    assert any(line.startswith("  Wendy:") and "(R6)" in line for line in lines)
    assert any(line.startswith("  Felix:") and "(P3)" in line and "(K2)" in line for line in lines)
    assert (
        "Strike order (S2–S3): Skeleton 3, Terry; Felix, Doris, Skeleton 2, Wight; "
        "Cecilia, Skeleton 1; Mike, Wendy"
    ) in lines


def test_plan_json(x1_path: Path) -> None:
    code, out = run("plan", "--json", str(x1_path))
    data = json.loads(out)
    assert code == 0
    assert data["target_order"] == ["Wendy", "Doris", "Mike", "Felix", "Cecilia", "Terry"]
    by_name = {m["name"]: m for m in data["monsters"]}
    assert {k: by_name["Wight"][k] for k in ("rank", "move", "target", "mode", "roll")} == {
        "rank": "front",
        "move": "stay",
        "target": "Doris",
        "mode": "melee",
        "roll": "normal",
    }
    assert [u["hero"] for u in data["unattacked"]] == ["Wendy", "Mike", "Felix"]
    assert {r["rule"] for r in data["unattacked"][0]["reasons"]} == {"R3", "A2", "R6"}


def test_plan_fix_and_forbid(x1_path: Path) -> None:
    code, out = run("plan", "--json", "--fix", "Wight->Felix", str(x1_path))
    assert code == 0
    assert {m["name"]: m["target"] for m in json.loads(out)["monsters"]}["Wight"] == "Felix"
    code, out = run("plan", "--json", "--forbid", "Skeleton 2->Doris", str(x1_path))
    assert {m["name"]: m["target"] for m in json.loads(out)["monsters"]}["Skeleton 2"] != "Doris"


def test_plan_impossible_wish_names_the_rule(x1_path: Path) -> None:
    code, out = run("plan", "--fix", "Wight->Wendy", str(x1_path))
    assert code == 1 and "R6" in out
    code, out = run("plan", "--fix", "Wight->Nobody", str(x1_path))
    assert code == 2 and "'Nobody' is not a hero of this fight" in out
    code, out = run("plan", "--fix", "Wight", str(x1_path))
    assert code == 2 and "MONSTER->HERO" in out


def test_plan_on_an_illegal_state_reports_like_check() -> None:
    broken = Path(__file__).parent / "fights" / "broken" / "r7-free-air-without-wings.yaml"
    code, out = run("plan", str(broken))
    assert code == 1 and "R7" in out


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "plan.yaml"
    path.write_text(text)
    return str(path)


def test_check_plan_best(x1_path: Path, tmp_path: Path) -> None:
    plan = write(
        tmp_path, "Wight: Doris\nSkeleton 1: Cecilia\nSkeleton 2: Doris\nSkeleton 3: Terry\n"
    )
    code, out = run("check", str(x1_path), "--plan", plan)
    assert (code, out.strip()) == (0, "The plan is legal and as good as the best plan (P3, P4).")


def test_check_plan_legal_but_worse(x1_path: Path, tmp_path: Path) -> None:
    plan = write(
        tmp_path, "Wight: Doris\nSkeleton 1: Cecilia\nSkeleton 2: Felix\nSkeleton 3: Terry\n"
    )
    code, out = run("check", "--json", str(x1_path), "--plan", plan)
    data = json.loads(out)
    assert code == 0 and data["legal"] is True
    assert data["shortfall"] == ["Doris could get 2 attackers; your plan gives Doris 1 (P3)"]


def test_check_plan_illegal_names_every_rule(x1_path: Path, tmp_path: Path) -> None:
    plan = write(tmp_path, "Wight: {rank: back, target: Wendy}\nSkeleton 2: Mike\n")
    code, out = run("check", "--json", str(x1_path), "--plan", plan)
    data = json.loads(out)
    assert code == 1
    assert sorted(p["rule"] for p in data["problems"]) == ["A1", "R3", "R6"]


def test_check_plan_bad_file(x1_path: Path, tmp_path: Path) -> None:
    plan = write(tmp_path, "Wight: Doris\nSkeletn 3: Terry\nSkeleton 1: {move: jump}\n")
    code, out = run("check", str(x1_path), "--plan", plan)
    assert code == 2
    assert (
        "plan.yaml:2: Skeletn 3: 'Skeletn 3' is not a monster of this fight; "
        "did you mean 'Skeleton 3'?"
    ) in out
    assert "plan.yaml:3: Skeleton 1.move: bad move 'jump'" in out


def test_plan_workers_must_be_at_least_one(x1_path: Path) -> None:
    code, out = run("plan", "--workers", "0", str(x1_path))
    assert code == 2
    assert "--workers" in out and "x>=1" in out


def test_plan_with_two_workers_is_the_same_plan(x1_path: Path) -> None:
    assert run("plan", "--json", "--workers", "2", str(x1_path)) == run(
        "plan", "--json", str(x1_path)
    )


def test_p7_a_hand_written_plan_is_checked_against_p2_naming_every_broken_rule(
    x1_path: Path, tmp_path: Path
) -> None:
    """P7: every monster's order is checked (R, M, K and A of P2), and every rule each one
    breaks is named with who is involved and the line of its order in the plan file, not just
    the first; the Wight's order is legal."""
    plan = write(
        tmp_path,
        "Wight: Doris\n"
        "Skeleton 1: {move: join A, target: Felix}\n"  # K2: Cecilia's group is left empty
        "Skeleton 2: {target: Mike, mode: melee}\n"  # A1, R3: Mike is in the back rank
        "Skeleton 3: {rank: back, target: Terry, mode: reach}\n",  # A2 twice, R6
    )
    code, out = run("check", "--json", str(x1_path), "--plan", plan)
    assert code == 1
    found = [(p["rule"], p["who"][0], p["line"]) for p in json.loads(out)["problems"]]
    assert sorted(found) == [
        ("A1", "Skeleton 2", 3),
        ("A2", "Skeleton 3", 4),
        ("A2", "Skeleton 3", 4),
        ("K2", "Skeleton 1", 2),
        ("R3", "Skeleton 2", 3),
        ("R6", "Skeleton 3", 4),
    ]
    code, text = run("check", str(x1_path), "--plan", plan)
    assert code == 1 and text.startswith("6 rule violations:\n")
    assert "K2  plan.yaml:2: Skeleton 1 may not join group A" in text
    assert "R6  plan.yaml:4: Skeleton 3 in the back rank with 3 front-rank monsters for 4" in text
    assert "Wight" not in text


REACH = """
title: reach
heroes:
  - {name: Grak, class: barbarian, hp: 50, ac: 14,
     attacks: [{name: Greataxe, to_hit: 7, damage: 1d12+4 slashing}]}
  - {name: Sen, class: monk, hp: 38, ac: 16,
     attacks: [{name: Shortsword, to_hit: 7, damage: 1d6+4 piercing}]}
  - {name: Mor, class: warlock, hp: 38, ac: 13,
     attacks: [{name: Dagger, to_hit: 5, damage: 1d4+2 piercing}]}
monsters:
  - monster: bearded devil
  - {monster: hell hound, count: 2}
groups:
  A: [Grak, Hell Hound 1]
  B: [Sen, Hell Hound 2]
"""


def test_a_reach_attack_reads_with_its_weapon(tmp_path: Path) -> None:
    """A2: the bearded devil's 10-ft glaive reaches Grak from outside his group; the plan says
    it as the transcript does ("attacks Grak with Glaive with reach"), not "with reach, Glaive"."""
    path = tmp_path / "reach.yaml"
    path.write_text(REACH)
    code, out = run("plan", str(path))
    assert code == 0, out
    devil = next(line for line in out.splitlines() if line.startswith("  Bearded Devil"))
    assert devil.endswith(
        "Stays unengaged, in the front rank; attacks Grak with Glaive with reach (A2)."
    )
