"""The example fights under examples/ are replayed against their golden transcripts.

Each `examples/NAME.actions` script needs `examples/NAME.golden.txt`, whose first line is the
command that made it (`$ lnf run examples/NAME.yaml --seed N --script examples/NAME.actions`).
A missing golden fails. To write the goldens after a deliberate change in wording or rules:

    LNF_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_play_examples.py
"""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from tests.cli import run, stdout_of
from tests.golden import check_golden

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
SCRIPTS = sorted(EXAMPLES.glob("*.actions"))


def command_in(script: Path) -> list[str]:
    """The script's own first comment names its command (seed included)."""
    head = script.read_text(encoding="utf-8").splitlines()[0]
    start = head.index("`lnf run ") + 1
    return shlex.split(head[start : head.index("`", start)])[1:]


def test_there_are_at_least_three_example_fights() -> None:
    assert len(SCRIPTS) >= 3


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_example_replays_its_golden_transcript(
    script: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    args = command_in(script)
    # stdout only: a note on stderr (a log beside the example) is no part of the transcript
    out = stdout_of(*args)
    text = f"$ lnf {' '.join(shlex.quote(a) for a in args)}\n{out}"
    check_golden(script.with_suffix(".golden.txt"), text)


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_same_seed_same_fight_and_json_matches(
    script: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    args = command_in(script)
    first, second = run(*args, "--json"), run(*args, "--json")
    assert first == second and first[0] == 0


# What each example is there to show (issue: X1 to its end; a hero who drops and rolls death
# saves; an opportunity attack and a re-plan mid-round). A golden rewritten without it fails.
SHOWS = {
    "cave-ambush": [
        "uses Action Surge",
        "(Sneak Attack)",
        "spends a 1st-level spell slot",
        "with Healing Word",
        "uses Second Wind",
        "The heroes win.",
    ],
    # F3–F6: a ghoul paralyses a hero, a repeat save ends it, a concentration breaks and the
    # target order (T2) turns the plan with it (P6).
    # F2, F7: a level-5 party from sheets by SRD name: Extra Attack with Action Surge, a
    # Fireball over four foes, a spell cast higher, Spiritual Weapon cast and swung again.
    "bugbear-hall": [
        "Bram uses Action Surge (0 of 1 left).",
        "Quill casts Fireball (20 ft sphere, 4 targets) on Bugbear 2, Goblin 2, Goblin 4 and "
        "Goblin 5",
        "Ilsa steps to the back rank (guarded).",  # R2, R5: to cast without disadvantage
        "Ilsa attacks Bugbear 1 with Guiding Bolt at range: 1d20 (19) + 7 = 26 vs AC 16: hit;",
        "Ilsa: Spiritual Weapon, 1 minute (F4).",
        "Ilsa attacks Goblin 6 with Spiritual Weapon in mêlée: 1d20 (15) + 7 = 22 vs AC 15: hit; "
        "1d8 (4) + 4 force = 8;",  # a later turn's bonus action: no slot
    ],
    "ghouls-grasp": [
        "Pell's Constitution save against Ghoul 3's Claws: 1d20 (4) + 1 = 5 vs DC 10: failure.",
        "Pell is paralyzed (by Ghoul 3): 1 minute",
        "Pell cannot act: paralyzed.\nPell's Constitution save against paralyzed",
        "Pell is no longer paralyzed: the save succeeded (F4).",
        "Maren's concentration ends: the Constitution save failed (F5).",
        "Maren's C dot goes with it (F5).",
        "New plan (P6), the grid has changed: Ghoul 2 attacks Tovin in mêlée.",
    ],
    # F3–F7: Bless's d4, Faerie Fire's advantage, Hold Person's critical hits and its end by
    # a new concentration, Spiritual Weapon again without a slot, Spirit Guardians' aura.
    "shrine-of-the-spells": [
        "Bram attacks Bandit 1 with Longsword in mêlée: 1d20 (",
        "+ 1d4 (",
        "Bandit 2 is outlined (by Sen): 1 minute, while Sen concentrates (F4).",
        "[Bandit 2 is outlined by Faerie Fire]",
        "Maren's concentration ends: it begins concentrating on Hold Person (F5).",
        "in mêlée [Thug is paralyzed]: 2d20 (16, 1, advantage: keeps 16) + 7 = 23 vs AC 11: "
        "critical hit",
        "Maren: Spiritual Weapon, 1 minute (F4).",
        "Bandit 4's Wisdom save against Maren's Spirit Guardians",
        "radiant = 14, half on the save",
    ],
    # V-ACL: an aimed strike and its Wound Save, surge dice, DR against slashing and fire.
    "ogre-at-the-bridge": [
        "vs Hit DC 20 (eye): hit",
        "Wound Save for the eye (V-ACL5)",
        "the eye is wounded",
        "has a wounded eye (V-ACL5)",
        "+ surge",
        "slashing + 2d6 (6, 1) fire = 16 + surge 2 = 18 − DR 2 (V-ACL3) = 16",
        "spends 2 surge dice on tenacity (V-ACL6)",
        "tries to shove Goblin 2",
        "stands up",
    ],
    # D12 in the default layer: surprised heroes and a surprised monster.
    "bandits-on-the-road": [
        "Tamsin is surprised (D12).",
        "Bandit 2 is surprised (D12): no order",
        "The heroes win.",
    ],
    # V-HYR: initiative, target strikes both ways, two-weapon dice, heart points.
    "bokoblin-camp": [
        "Group initiative, Wisdom checks (V-HYR1)",
        "(median 9.5)",
        "spends 2 stamina points on a target strike (2 of 4 left, V-HYR2)",
        "1d8 (8) + 3 slashing = 11 [a target strike: every die at its maximum (V-HYR2)]",
        "makes a target strike (V-HYR2)]: 2d20",
        "1d6 (2) + 3 slashing + 1d6 (4) slashing = 9 [with Handaxe's dice",
        "heart points",
    ],
    # V-ENC: the surprise round, a unit, ties to the foe.
    "goblin-kennels": [
        "Surprise round (V-ENC1)",
        "Who acts (V-ENC1): Wolf (3 actions), Goblin 1 (1 action).",
        "Goblin 2 does not act in the surprise round (V-ENC1): no order",
        "has only one action in the surprise round: it moved (V-ENC1)",
        "Strike order (S2, S3): Wolf, Goblin 2, Garm;",
    ],
    # V-D20: favor, Bless and Bane, bonus types, the minimum of 1.
    "crypt-of-the-clay-guardian": [
        "a miss by 1 made good by favor (V-D20-1): hit",
        "- 1d4 (",
        "+ 1d4 (",
        "+ 2 (bonuses)",
        "at least 1 (V-D20-4): 1",
    ],
    # Three variants at once.
    "lizalfos-ruins": [
        "vs Hit DC 14 (arm): hit",
        "[a target strike: every die at its maximum (V-HYR2)] − DR 3 (V-ACL3)",
        "Wound Save for the arm",
        "V-HYR3",
        "+ 1d4 (",
        "heart points",
    ],
    # X6 played out (B2–B5, A2): the breath on Dee, Ann and Bo; the recharge die said; a round
    # with the breath spent, the dragon leaving group A to bite Dee with reach; breathing again.
    "young-green-dragon": [
        "Young Green Dragon uses Poison Breath (30 ft cone, 3 targets) on Dee, Ann and Bo:",
        "Dee's CON save 1d20 (13) + 1 = 14 vs DC 14: saves",
        "Young Green Dragon rolls 1 for Poison Breath (5–6): still spent (B2).",
        "The monsters' plan (P3): Young Green Dragon leaves its group, attacks Dee with reach.",
        "Young Green Dragon moves away from Bo, who makes an opportunity attack (M6)",
        "Young Green Dragon attacks Dee with Bite with reach",
        "Young Green Dragon rolls 5 for Poison Breath (5–6): charged again (B2).",
        "Young Green Dragon uses Poison Breath (30 ft cone, 3 targets) on Dee, Bo and Cy:",
    ],
    # X7 played out (B1, B3, B5, B6, B10): Cone of Cold with the one 5th-level slot, then
    # Fireball at 3rd level; Shield as a reaction when +5 turns a hit into a miss.
    "mage-behind-its-guards": [
        "Mage spends a 5th-level spell slot (0 of 1 left).",
        "Mage casts Cone of Cold (60 ft cone, up to 6 targets) on Ann, Bo and Cy:",
        "Mage spends a 3rd-level spell slot (2 of 3 left).",
        "Mage casts Fireball (20 ft sphere, up to 4 targets) on Ann, Bo and Cy:",
        "Mage spends a 1st-level spell slot (2 of 4 left).",
        "Mage takes a reaction, Shield (+5 AC), against Bo's hit (F1).",
        "Bo attacks Mage with Mace in mêlée: 1d20 (11) + 6 = 17 vs AC 20: miss.",
        "Mage: Shield (+5 AC) ends: it lasted until the start of Mage's turn (F4).",
    ],
    # B8: Martial Advantage's 2d6 when another hobgoblin stands in the target's group.
    "hobgoblin-shieldwall": [
        "Hobgoblin 4 attacks Ilsa with Longsword in mêlée: 1d20 (18) + 3 = 21 vs AC 16: hit; "
        "1d8 (5) + 1 slashing = 6; Ilsa 18/24 hp.",  # alone with its target: none
        "1d8 (6) + 1 slashing + 2d6 (6, 6) slashing = 19 (Martial Advantage +2d6: Hobgoblin 4 "
        "is in the group); Ilsa 0/24 hp.",
        "Hobgoblin 1 attacks Ilsa with Longbow at range",
        "1d8 (7) + 1 piercing + 2d6 (5, 6) piercing = 19 (Martial Advantage +2d6: Hobgoblin 4 "
        "is in the group)",
    ],
    # B8: the troll regenerates as a round starts, until fire stops it (Lys's Fire Bolt).
    "troll-at-the-gate": [
        "Troll regenerates 10 hit points (B8); Troll 84/84 hp (0 damage).",
        "Lys attacks Troll with Fire Bolt at range: 1d20 (12) + 7 = 19 vs AC 15: hit; 2d10 (2, 7) "
        "fire = 9; Troll 75/84 hp (9 damage).\n\nRound 3",
    ],
    "wight-and-skeletons": ["Round 7", "The heroes win.", "O dot", "(P6)"],
    "goblin-ambush": ["falls unconscious (D8)", "rolls a death save", "wakes up (D9)"],
    "orcs-at-the-ford": [
        "opportunity attack (M6)",
        "New plan (P6)",
        "disengages",
        "Kara gets an O dot",
    ],
    "raiders-on-the-grassland": [
        "Grassland: 6d6",
        "→ 2 volley rounds (V1)",
        "(volley 2)",
        "The sides meet: mêlée groups can form (V2).",
        "casts Burning Hands (15 ft cone, up to 2 targets)",  # B4: on its own group
        "Gnoll 3 flees; Quill gives chase (C1)",
        "Speeds in the chase (C2)",
        "Escape points: Gnoll 3–Quill 3",
        "tries to hide (C5)",
        "got away (C6)",
    ],
}


@pytest.mark.parametrize("name", sorted(SHOWS))
def test_example_shows_what_it_is_for(name: str) -> None:
    golden = (EXAMPLES / f"{name}.golden.txt").read_text(encoding="utf-8")
    for marker in SHOWS[name]:
        assert marker in golden, f"{name}: {marker!r}"
