"""Each rule is decided in its family's module: a `Violation` or a `Refused` that cites a rule
id is built only in the module(s) of that id's family (RuleFamily), with the few exceptions
below said out loud. And the rules package has no import circle (the chase ↔ distance one is
gone)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from lnf.model import RuleFamily

LNF = Path(__file__).resolve().parent.parent / "lnf"

# Where each family's rules are decided (paths under lnf/).
HOMES: dict[RuleFamily, frozenset[str]] = {
    RuleFamily.GRID: frozenset({"rules/groups.py", "rules/healing.py"}),
    RuleFamily.RANKS: frozenset({"rules/ranks.py", "rules/back_rank.py"}),
    RuleFamily.MOVEMENT: frozenset(
        {"rules/moves.py", "rules/group_changes.py", "rules/reactions.py", "rules/reach_state.py"}
    ),
    RuleFamily.ATTACKS: frozenset({"rules/attacks.py", "rules/attack_data.py"}),
    RuleFamily.GANG_UP: frozenset({"rules/gangup.py"}),
    RuleFamily.TARGET_ORDER: frozenset({"rules/target_order.py"}),
    RuleFamily.PLAN: frozenset({"rules/plan_check.py", "rules/plan_score.py", "rules/turning.py"}),
    RuleFamily.STRIKE_ORDER: frozenset({"rules/strike_order.py"}),
    RuleFamily.VOLLEYS: frozenset({"rules/distance.py", "rules/volley_state.py"}),
    RuleFamily.CHASES: frozenset({"rules/chase.py", "rules/escapes.py"}),
    RuleFamily.AREAS: frozenset({"rules/areas.py"}),
    RuleFamily.STAT_BLOCKS: frozenset(
        {
            "rules/attacks.py",
            "rules/catches.py",
            "rules/limited.py",
            "rules/specials.py",
            "rules/multiattack_first.py",
            "rules/idle_casts.py",
            "rules/magic_immunity.py",
            "rules/mouther.py",
        }
    ),
    RuleFamily.DICE: frozenset(
        {"rules/damage.py", "rules/d20.py", "rules/surprise.py", "rules/healing.py"}
    ),
    RuleFamily.TURNS: frozenset(
        {
            "rules/resources.py",
            "rules/legal.py",
            "rules/economy.py",
            "rules/effects.py",
            "rules/conditions.py",
            "rules/concentration.py",
            "rules/spell_effects.py",
            "rules/holds.py",
            "rules/pulls.py",
            "rules/on_hit.py",
            "rules/stunning.py",
            "rules/reckless.py",
            "rules/ki.py",
            "rules/inspiration.py",
        }
    ),
    RuleFamily.AC_LESS: frozenset({"rules/acl.py"}),
    RuleFamily.HYRULE: frozenset({"rules/hyrule.py"}),
    RuleFamily.ENCOUNTER: frozenset({"rules/surprise.py"}),
    RuleFamily.D20: frozenset({"rules/d20.py"}),
    RuleFamily.EXAMPLES: frozenset(),
}

# The exceptions, each with its reason.
EXCEPTIONS: dict[str, frozenset[str]] = {
    # A1–A3 are stated through the ranks: who may strike from which rank (R2, R3, R7) and
    # whom a rank hides (R4). The plan check's attack checks name those ranks' rules.
    "rules/attacks.py": frozenset({"R2", "R3", "R4", "R7"}),
}

# Where refusals of the table's procedure (no turn under way, an answer nobody waits for) cite
# the rule they serve without deciding it, and where a player's words that do not parse point
# to the rule they misname: checked for Violation only.
WORDS_AND_TABLE = (
    "cli/",
    "heroes/words.py",
    "heroes/answer_words.py",
    "heroes/turn_words.py",
    "heroes/spell_words.py",
    "heroes/swing_words.py",
    "heroes/smite_words.py",
    "heroes/blow_words.py",
    "heroes/use_words.py",
    "heroes/flurry.py",
    "heroes/feature_words.py",
    "heroes/variant_words.py",
    "engine/",
)


def built(path: Path) -> Iterator[tuple[str, str, int]]:
    """(kind, rule id, line) for each Violation(…) or Refused(…) with a literal rule id."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        kind = node.func.id
        if kind not in ("Violation", "Refused"):
            continue
        position = 0 if kind == "Violation" else 1
        rule = next((k.value for k in node.keywords if k.arg == "rule"), None)
        if rule is None and len(node.args) > position:
            rule = node.args[position]
        if isinstance(rule, ast.Constant) and isinstance(rule.value, str) and rule.value:
            for one in rule.value.split(","):
                yield kind, one.strip(), node.lineno


def misplaced(root: Path = LNF) -> list[str]:
    found = []
    for path in sorted(root.rglob("*.py")):
        module = path.relative_to(root).as_posix()
        for kind, rule, line in built(path):
            if kind == "Refused" and module.startswith(WORDS_AND_TABLE):
                continue
            family = RuleFamily.of(rule)
            if module in HOMES[family] or rule in EXCEPTIONS.get(module, ()):
                continue
            found.append(f"lnf/{module}:{line}: {kind} of {rule} ({family.heading})")
    return found


def test_every_violation_is_built_in_its_familys_module() -> None:
    assert misplaced() == []


def test_the_scan_finds_a_violation_built_in_the_wrong_module(tmp_path: Path) -> None:
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "plan_check.py").write_text(
        'Violation("P1", "fine here")\nViolation("K2", "too many")\nViolation(rule, "x")\n'
    )
    (tmp_path / "rules" / "attacks.py").write_text('Violation("R3", "an exception")\n')
    (tmp_path / "rules" / "legal.py").write_text('Refused("no", rule="C3")\n')
    (tmp_path / "cli").mkdir()
    (tmp_path / "cli" / "x.py").write_text('Refused("no turn", rule="S1")\nViolation("M6", "x")\n')
    assert misplaced(tmp_path) == [
        "lnf/cli/x.py:2: Violation of M6 (Movement between groups)",
        "lnf/rules/legal.py:1: Refused of C3 (Chases)",
        "lnf/rules/plan_check.py:2: Violation of K2 (Gang-up limits)",
    ]


def test_every_home_exists_and_every_family_is_mapped() -> None:
    assert set(HOMES) == set(RuleFamily)
    for modules in HOMES.values():
        for module in modules:
            assert (LNF / module).is_file(), module
    for module in EXCEPTIONS:
        assert (LNF / module).is_file(), module


@pytest.mark.parametrize(
    ("rule", "family"),
    [
        ("K2", RuleFamily.GANG_UP),
        ("V3", RuleFamily.VOLLEYS),
        ("V-ACL6", RuleFamily.AC_LESS),
        ("V-D20-1", RuleFamily.D20),
        ("v-hyr", RuleFamily.HYRULE),
        ("D12", RuleFamily.DICE),
    ],
)
def test_a_rule_id_names_its_family(rule: str, family: RuleFamily) -> None:
    assert RuleFamily.of(rule) is family


def test_a_word_is_no_rule_id() -> None:
    with pytest.raises(ValueError, match="no rule id"):
        RuleFamily.of("guarded")


def imports_of(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("lnf."):
            names.add(node.module)
    return names


def test_the_rules_modules_import_no_circle() -> None:
    """Every import, inside functions too: a module of rules/ never reaches itself again."""
    rules = {f"lnf.rules.{p.stem}": imports_of(p) for p in (LNF / "rules").glob("*.py")}

    def reaches(start: str) -> set[str]:
        seen: set[str] = set()
        todo = [start]
        while todo:
            for name in rules.get(todo.pop(), ()):
                if name not in seen:
                    seen.add(name)
                    todo.append(name)
        return seen

    circles = sorted(name for name in rules if name in reaches(name))
    assert circles == []
