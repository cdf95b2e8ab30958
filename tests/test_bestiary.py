"""The SRD bestiary, checked, not trusted: every one of its 334 entries, read back against the
numbers in the entry's own description (parsed here independently of `lnf.formats.srd`), a fight
file that takes stat blocks by name, a user's own file, and `lnf monsters`."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from lnf.dice import parse
from lnf.formats.bestiary import Bestiary, srd
from lnf.formats.fight_file import load_fight
from lnf.model import AltUse, AttackKind, Size
from lnf.rules.names import suggestion
from tests.cli import run

ROOT = Path(__file__).resolve().parent.parent
# Not shipped: the source sits beside the project (`../shared/data`), or beside the folder that
# holds a second checkout of it.
SOURCES = [up / "shared" / "data" / "5e-srd-5.1-monsters.json" for up in ROOT.parents[:2]]
SOURCE = next((p for p in SOURCES if p.exists()), SOURCES[0])

# The test's own reading of a description: "Melee Weapon Attack: +4 to hit, reach 5 ft., one
# target. Hit: 11 (2d8 + 2) piercing damage plus 3 (1d6) fire damage."
HEAD = re.compile(
    r"(Melee or Ranged|Melee|Ranged) (?:Weapon|Spell) Attack: \+?(-?\d+) to hit[^,]*, "
    r"(?:reach (\d+) ft\.)?(?: or )?(?:range (\d+)(?:/(\d+))? ft\.)?"
)
PART = re.compile(r"(?:\d+ \((\d+d\d+)(?: ([+-]) (\d+))?\)|\b(\d+)) (\w+)(?: or \w+)? damage")


def _described(desc: str) -> tuple[str, int, int | None, tuple[int, int] | None, list[str]]:
    head = HEAD.search(desc)
    assert head is not None, desc
    hit = desc.split("Hit:", 1)[1]
    first = re.split(r"\.(?:\s|$)|, and the target|, and the |; | If ", hit, maxsplit=1)[0]
    # The other form of a versatile or thrown weapon is not the hit's own damage.
    first = re.sub(r",? or \d+ \([^)]*\) \w+ damage[^,.]*", "", first)  # another form
    first = re.sub(r", \d+ \([^)]*\) \w+ damage if [^,.]*", "", first)  # one more ("if …")
    first = first.replace(" in melee", "")
    parts = []
    for m in PART.finditer(first):
        dice = m[1] + (f"{m[2]}{m[3]}" if m[2] else "") if m[1] else m[4]
        parts.append(f"{dice} {m[5]}")
    reach = int(head[3]) if head[3] else None
    far = (int(head[4]), int(head[5] or head[4])) if head[4] else None
    return head[1], int(head[2]), reach, far, parts


def test_the_bestiary_holds_every_srd_entry() -> None:
    blocks = srd()
    assert len(blocks) == 334
    assert len({b["name"] for b in blocks}) == 334


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_every_attack_agrees_with_its_own_description() -> None:
    """For all 334 entries: each attack lnf plays has the to-hit, reach, range and damage dice
    the entry's description prints; each attack described is played or listed as not
    modelled."""
    source = {m["name"]: m for m in json.loads(SOURCE.read_text(encoding="utf-8"))}
    checked = 0
    for block in srd():
        entry = source[block["name"]]
        limited = [a for a in block.get("actions", []) if "to_hit" in a]  # B2: the web
        played = {a["name"]: a for a in [*block["attacks"], *limited]}
        for action in entry.get("actions", []):
            desc = action["desc"].strip()
            if not HEAD.match(desc):
                continue
            name = action["name"].strip()
            if name not in played:
                assert any(name in n for n in block.get("not_modelled", [])), name
                continue
            if "Shillelagh" in block.get("before_combat", []) and "with shillelagh" in desc:
                continue  # B6: its shillelagh figures, cast before the fight (test_shillelagh)
            kind, to_hit, reach, far, parts = _described(desc)
            a = played[name]
            assert a["to_hit"] == to_hit, (block["name"], name)
            expected_kind = {"Melee": "melee", "Ranged": "ranged", "Melee or Ranged": "thrown"}
            assert a["kind"] == expected_kind[kind], (block["name"], name)
            if reach is not None:
                assert a.get("reach", 5) == max(5, reach), (block["name"], name)  # 0: a swarm
            if far is not None:
                assert parse_range(a["range"]) == far, (block["name"], name)
            if not parts or "Hit: The target must" in desc:  # F6: a hit without damage is
                assert "damage" not in a and a["riders"], (block["name"], name)  # its riders'
                said = [r["damage"] for r in a["riders"] if "damage" in r]  # the naga's save
                assert [_canonical(d) for d in said] == [_canonical(p) for p in parts]
                checked += 1
                continue
            assert _canonical(a["damage"]) == _canonical(" + ".join(parts)), (
                block["name"],
                name,
                a["damage"],
                parts,
            )
            checked += 1
    assert checked > 500


def parse_range(text: str) -> tuple[int, int]:
    normal, _, long = str(text).partition("/")
    return int(normal), int(long or normal)


def _canonical(text: str) -> str:
    return str(parse(text))


def test_the_stat_blocks_read_as_fight_file_entries() -> None:
    """Every block is a monster entry lnf reads (a fight of one of each would load)."""
    lines = ["heroes: [{name: Ann, class: fighter, hp: 10}]", "monsters:"]
    lines += [f"  - monster: {json.dumps(b['name'])}" for b in srd()]
    path = ROOT / "tests" / "fights" / ".all-srd.yaml"
    path.write_text("\n".join(lines), encoding="utf-8")
    try:
        fight = load_fight(path)
    finally:
        path.unlink()
    assert len(fight.monsters) == 334


def test_a_fight_file_takes_monsters_by_name(tmp_path: Path) -> None:
    path = tmp_path / "cave.yaml"
    path.write_text(
        """
seed: 4
heroes: [{name: Ann, class: fighter, hp: 20}]
monsters:
  - monster: bugbear
  - {monster: Goblin, name: Goblin archer, count: 2, rank: back, hp: roll}
  - {monster: adult red dragon, ac: 20}
""",
        encoding="utf-8",
    )
    fight = load_fight(path)
    bugbear = fight.monster("Bugbear")
    assert (bugbear.ac, bugbear.hp, bugbear.size, bugbear.cr, bugbear.xp) == (
        16,
        27,
        Size.MEDIUM,
        "1",
        200,
    )
    javelin = next(a for a in bugbear.attacks if a.name == "Javelin")
    assert javelin.kind is AttackKind.THROWN and javelin.range == (30, 120)
    assert javelin.alt_when is AltUse.AT_RANGE and str(javelin.alt_damage) == "1d6+2 piercing"
    # B8: Brute is in its attacks' dice (2d8 + 2); Surprise Attack is played
    assert "Brute (trait)" not in bugbear.not_modelled
    assert str(bugbear.attacks[0].damage) == "2d8+2 piercing"
    assert "Surprise Attack (trait)" not in bugbear.not_modelled
    archers = [fight.monster("Goblin archer 1"), fight.monster("Goblin archer 2")]
    assert {a.kind for a in archers} == {"Goblin"}
    assert all(2 <= a.hp <= 12 for a in archers)  # 2d6, rolled with the seed
    assert load_fight(path).monster("Goblin archer 1").hp == archers[0].hp  # same seed, same hp
    dragon = fight.monster("Adult Red Dragon")
    assert dragon.ac == 20 and dict(dragon.multiattack) == {"Bite": 1, "Claw": 2}
    assert dragon.fly == 80 and dragon.longest_reach == 15


def test_an_unknown_monster_and_a_bad_own_bestiary_are_named(tmp_path: Path) -> None:
    path = tmp_path / "f.yaml"
    path.write_text(
        "heroes: [{name: Ann, class: fighter, hp: 20}]\nmonsters:\n  - monster: bugbare\n",
        encoding="utf-8",
    )
    code, out = run("check", str(path))
    assert code == 2 and "f.yaml:3: monsters[0].monster: no monster 'bugbare'" in out
    assert "did you mean 'Bugbear'?" in out
    own = tmp_path / "mine.json"
    own.write_text(json.dumps([{"name": "Grue", "size": "Medium"}]), encoding="utf-8")
    path.write_text(
        "bestiary: mine.json\nheroes: [{name: Ann, class: fighter, hp: 20}]\n"
        "monsters:\n  - monster: grue\n",
        encoding="utf-8",
    )
    code, out = run("check", str(path))
    assert code == 2 and "mine.json: entry 1 (Grue), strength: missing" in out


def test_lnf_monsters_lists_and_shows() -> None:
    code, out = run("monsters", "gob")
    assert code == 0 and "Goblin" in out and "Hobgoblin" in out and "1/4" in out
    code, out = run("monsters", "show", "bugbear")
    assert code == 0 and out.startswith("Bugbear — medium humanoid (goblinoid), CR 1 (200 XP)")
    assert "Javelin: mêlée or thrown, +4 to hit, reach 5 ft or range 30/120 ft" in out
    assert "Never matters without a map (B8):\n" in out and "Not played by lnf" not in out
    assert "senses: darkvision 60 ft." in out
    assert "Traits, as lnf plays them (B8): surprise attack 2d6" in out
    assert "System Reference Document 5.1" in out  # the SRD's attribution, as its licence asks
    code, out = run("monsters", "--help")
    assert "Creative Commons Attribution 4.0" in out
    code, out = run("monsters", "show", "bugbare")
    assert code == 2 and "did you mean 'Bugbear'?" in out


HOMEBREW = ROOT / "tests" / "fights" / "bestiary" / "homebrew.json"


def _own(tmp_path: Path, change: object, raw: str = "") -> tuple[int, str]:
    """`lnf monsters --bestiary` on the homebrew file with its first entry changed."""
    entries = json.loads(HOMEBREW.read_text(encoding="utf-8"))
    assert callable(change)
    change(entries[0])
    text = json.dumps(entries)
    if raw:
        text = text.replace('"@raw"', raw, 1)
    path = tmp_path / "mine.json"
    path.write_text(text, encoding="utf-8")
    return run("monsters", "--bestiary", str(path), "show", "mire troll")


@pytest.mark.parametrize(
    ("change", "raw", "said"),
    [
        # the five ways a user's bestiary reached a bug exit, each now named
        (lambda m: m.update(speed="@raw"), "[" * 3000 + "]" * 3000, "nested far more than 40"),
        (lambda m: m.update(speed="@raw"), "[" * 45 + "]" * 45, "entry 1 (Mire Troll), speed"),
        (lambda m: m.update(hit_points="@raw"), "9" * 5000, "mine.json:1: a number thousands"),
        (
            lambda m: m["special_abilities"].append("Bog Stench"),
            "",
            "entry 1 (Mire Troll), special_abilities[2]: expected an object, got 'Bog Stench'",
        ),
        (
            lambda m: m.update(damage_vulnerabilities="@raw"),
            "Infinity",
            "entry 1 (Mire Troll), damage_vulnerabilities: inf is not a figure",
        ),
        (
            lambda m: m.update(armor_class=[{"type": "armor", "value": 15, "armor": [{}]}]),
            "",
            "entry 1 (Mire Troll), armor_class[0].armor[0].index: missing",
        ),
        # and the figures a stat block holds, bounded
        (lambda m: m.update(strength=99), "", "strength: 99 is out of range (1 to 30)"),
        (lambda m: m.update(challenge_rating="@raw"), "NaN", "challenge_rating: nan is not"),
        (lambda m: m.update(size="Colossal"), "", "size: 'colossal' is no size"),
        (lambda m: m.update(hit_points_roll="lots"), "", "'lots' is not dice like 5d8+5"),
        (lambda m: m.update(name="A" * 300), "", "name: a name of 1 to 100 characters"),
    ],
)
def test_a_bad_own_bestiary_names_the_entry_and_the_field(
    tmp_path: Path, change: object, raw: str, said: str
) -> None:
    code, out = _own(tmp_path, change, raw)
    assert code == 2 and said in out, out
    assert "bug in lnf" not in out


def test_names_from_a_bestiary_never_reach_the_terminal_raw(tmp_path: Path) -> None:
    """OSC 0 sets the terminal's title, OSC 52 writes the clipboard: refused in the file, and
    `lnf monsters` escapes what it prints from any file all the same."""
    osc = "\x1b]52;c;SGVsbG8=\x07"
    code, out = _own(tmp_path, lambda m: m.update(name=f"Mire Troll{osc}"))
    assert code == 2 and "name: holds a control character ('\\x1b')" in out
    assert "\x1b" not in out and "\x07" not in out
    from lnf.cli.monster_commands import stat_block_text
    from lnf.cli.terminal import escaped

    block = {**srd()[0], "name": f"Aboleth{osc}"}
    assert "\x1b" not in escaped(stat_block_text(block, 80))


def test_the_homebrew_bestiary_reads_as_written() -> None:
    """The fuzzing's seed file itself: every field read, none refused."""
    from lnf.formats.bestiary import user_file

    troll, warden, wyrmling = user_file(HOMEBREW)
    assert (troll["ac"], troll["hp"], troll["reach"], troll["multiattack"]) == (
        14,
        68,
        10,
        {"Bite": 1, "Claws": 1},
    )
    assert troll["vulnerable"] == ["fire"] and troll["saves"]["con"] == 6
    assert warden["dr"] == 5 and warden["cr"] == "1/2"  # chain shirt 3 and shield 2 (V-ACL4)
    assert [a["name"] for a in warden["attacks"]] == ["Spear", "Lantern Hook", "Sling"]
    assert wyrmling["fly"] == 50 and "immune to exhaustion" in wyrmling["traits"]  # C3


def test_which_one_quotes_names_that_hold_a_comma() -> None:
    """A DM's "vampire" begins four SRD names, three with a comma in them: each is quoted whole,
    so the list reads as four names, not seven. "naga" begins none, but two hold the word."""
    names = ["Vampire, Vampire Form", "Vampire, Bat Form", "Vampire, Mist Form", "Vampire Spawn"]
    assert suggestion("vampire", names) == (
        "which one: 'Vampire, Vampire Form', 'Vampire, Bat Form', 'Vampire, Mist Form' or "
        "Vampire Spawn?"
    )
    assert suggestion("gnoll", ["Gnoll 1", "Gnoll 2"]) == "which one: Gnoll 1 or Gnoll 2?"
    nagas = ["Guardian Naga", "Spirit Naga", "Nalfeshnee"]  # each holding the word
    assert suggestion("naga", nagas) == "which one: Guardian Naga or Spirit Naga?"
    skeletons = ["Skeleton 1", "Skeleton 2", "Skeleton 3"]  # a number typed: a near miss
    assert suggestion("Skeleton 9", skeletons).startswith("did you mean 'Skeleton ")


def test_a_vampire_is_its_own_form_and_a_werewolf_still_a_question(tmp_path: Path) -> None:
    """G3: "vampire" is the SRD's "Vampire, Vampire Form" (the form named after the creature),
    called Vampire in the fight; "Vampire Spawn" stays itself; a werewolf has no such form,
    so "werewolf" asks which of its three is meant."""
    bestiary = Bestiary.open()
    assert bestiary.find("vampire")["name"] == "Vampire, Vampire Form"
    assert bestiary.find("Vampire Spawn")["name"] == "Vampire Spawn"
    path = tmp_path / "crypt.yaml"
    path.write_text(
        "heroes:\n  - {name: Ann, class: fighter, hp: 30, ac: 16, attacks: "
        "[{name: Sword, to_hit: 5, damage: 1d8}]}\nmonsters:\n  - monster: vampire\n"
        "  - {monster: vampire spawn, count: 2}\n  - {monster: Vampire, name: Strahd}\n"
        "groups:\n  G: [Ann, Vampire, Vampire Spawn 1]\n",
        encoding="utf-8",
    )
    fight = load_fight(path)
    assert [m.name for m in fight.monsters] == [
        "Vampire",
        "Vampire Spawn 1",
        "Vampire Spawn 2",
        "Strahd",
    ]
    assert fight.monster("Vampire").stat_block == "Vampire, Vampire Form"
    with pytest.raises(Exception, match=r"which one: 'Werewolf, Human Form'"):
        bestiary.find("werewolf")
