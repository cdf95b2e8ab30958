"""The players' page without a browser: what it shows and what it keeps from the players
(`lnf show --html`, lnf/views/page*.py). The browser tests are test_page_browser.py."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from dataclasses import replace
from html import escape
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

from lnf.engine.apply import apply
from lnf.formats.fight_file import load_fight
from lnf.model import Condition, Monster
from lnf.model.events import Recorded
from lnf.model.steps import Damaged
from lnf.rules.wording import names_its_kind
from lnf.session import open_fight
from lnf.views.page import page_data
from lnf.views.page_events import happenings
from lnf.views.page_hp import MonsterHp, health_word
from lnf.views.page_html import render_page
from tests.cli import run, stdout_of
from tests.page_server import expected_cells
from tests.test_plans_in_play import PARTY, TWINS

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))


class Cells(HTMLParser):
    """The grid's cells as the page writes them: (hero or monster, field[, monster]) → text."""

    def __init__(self) -> None:
        super().__init__()
        self.cells: dict[tuple[str, ...], str] = {}
        self.heroes: list[str] = []
        self.monsters: list[str] = []
        self._row: str | None = None
        self._key: tuple[str, ...] | None = None
        self._grid = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "table" and "grid" in a.get("class", ""):
            self._grid = True
        if not self._grid:
            return
        if tag == "tr":
            self._row = a.get("data-hero")
            if self._row is not None:
                self.heroes.append(self._row)
        if tag == "th" and "data-monster" in a:
            self.monsters.append(a["data-monster"])
        if tag in ("td", "th") and "data-field" in a:
            owner = self._row if self._row is not None else a["data-monster"]
            key = (owner, a["data-field"])
            if self._row is not None and "data-monster" in a:
                key = (*key, a["data-monster"])
            self._key = key
            self.cells[key] = ""

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th"):
            self._key = None
        if tag == "table":
            self._grid = False

    def handle_data(self, data: str) -> None:
        if self._key is not None:
            self.cells[self._key] += data


def page_cells(html: str) -> Cells:
    cells = Cells()
    cells.feed(html)
    return cells


def played(tmp_path: Path, example: Path, rounds: int = 1) -> Path:
    """A copy of the example with `rounds` played (lnf run --record): a fight under way."""
    fight = tmp_path / example.name
    shutil.copy(example, fight)
    code, out = run("run", str(fight), "--seed", "3", "--record", "--rounds", str(rounds))
    assert code == 0, out
    return fight


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_the_page_grid_is_show_json_cell_for_cell(example: Path, tmp_path: Path) -> None:
    for fight in (example, played(tmp_path, example)):
        shown = json.loads(stdout_of("show", "--json", str(fight)))
        page = page_cells(stdout_of("show", "--html", "--dm", str(fight)))
        assert page.heroes == [h["name"] for h in shown["heroes"]]
        assert page.monsters == [m["name"] for m in shown["monsters"]]
        hp_cells = {k for k in page.cells if k[1] == "hp"}
        assert {k: v for k, v in page.cells.items() if k not in hp_cells} == expected_cells(shown)
        for h in shown["heroes"]:  # a hero's hit points, as the players know them
            said = page.cells[(h["name"], "hp")].split()[0]
            assert said in (f"{h['hp']}/{h['hp_max']}", "dead")


def _monster_hp_leaks(fight_file: Path, html: str) -> list[str]:
    """Every monster's hit points written as numbers in `html` ("13/22", "9 damage")."""
    fight = load_fight(fight_file)
    leaks = [
        found[0]
        for m in fight.monsters
        for found in re.finditer(rf"\b\d+/{m.hp}\b(?! hp)", html)
        if not any(h.hp == m.hp for h in fight.heroes)  # a hero's own "n/max" is fine
    ]
    return leaks + re.findall(r"\d+ damage", html)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_players_never_see_monsters_hit_points(example: Path, tmp_path: Path) -> None:
    fight = played(tmp_path, example, rounds=2)
    players = stdout_of("show", "--html", str(fight))
    assert _monster_hp_leaks(fight, players) == []
    assert "AC " not in players and "Hit DC" not in players  # no Armor Class either
    assert "plan" not in players and "P3" not in players  # never the plan or its reasons
    words = {"unhurt", "hurt", "bloodied", "nearly dead", "down", "gone"}
    page = page_cells(players)
    assert {page.cells[(m, "hp")] for m in page.monsters} <= words
    dm = stdout_of("show", "--html", "--dm", str(fight))
    assert re.search(r"\d+/\d+ \(\d+ damage\)", dm)  # the DM's page has them all


def test_damage_taken_instead_of_words_where_the_dm_prefers(tmp_path: Path) -> None:
    fight = tmp_path / "ghouls.yaml"
    shutil.copy(ROOT / "examples" / "ghouls-in-the-crypt.yaml", fight)
    assert run("damage", str(fight), "ghoul 3", "9")[0] == 0
    cells = page_cells(stdout_of("show", "--html", "--monster-hp", "damage", str(fight))).cells
    assert cells[("Ghoul 3", "hp")] == "9 damage"  # G6: as the paper grid counts it
    assert cells[("Ghoul 1", "hp")] == "0 damage"
    words = page_cells(stdout_of("show", "--html", str(fight))).cells
    assert words[("Ghoul 3", "hp")] == "hurt"  # 13 of 22 left


@pytest.mark.parametrize(
    ("damage", "word"),
    [
        *[(0, "unhurt"), (1, "hurt"), (10, "hurt"), (11, "bloodied"), (16, "bloodied")],
        *[(17, "nearly dead"), (21, "nearly dead"), (22, "down"), (30, "down")],
    ],
)
def test_health_words(damage: int, word: str) -> None:
    fight = load_fight(ROOT / "examples" / "ghouls-in-the-crypt.yaml")
    ghoul = replace(fight.monsters[0], damage=damage)
    assert isinstance(ghoul, Monster) and ghoul.hp == 22
    assert health_word(ghoul) == word


def _with_a_hidden_monster(tmp_path: Path) -> Path:
    spec = yaml.safe_load((ROOT / "examples" / "ghouls-in-the-crypt.yaml").read_text())
    spec["monsters"].append(
        {**spec["monsters"][0], "name": "Lurker", "count": 1, "flags": ["hidden"]}
    )
    spec["monsters"][-1].pop("count")
    fight = tmp_path / "lurker.yaml"
    fight.write_text(yaml.safe_dump(spec, sort_keys=False))
    return fight


def test_hidden_monsters_and_dm_notes_stay_off_the_players_page(tmp_path: Path) -> None:
    fight = _with_a_hidden_monster(tmp_path)
    players = stdout_of("show", "--html", str(fight))
    assert "Lurker" not in players
    assert "Lurker" in stdout_of("show", "--html", "--dm", str(fight))
    start = load_fight(fight)
    note = apply(start, Recorded((Damaged("Ghoul 1", 3),), note="the ghouls serve a vampire"))
    for dm in (False, True):
        data = page_data(note.after, [note], dm=dm, hp=MonsterHp.WORDS)
        assert ("vampire" in render_page(data)) is dm
        assert ("Ghoul 1 takes damage; Ghoul 1 is hurt." in data["recent"]) is not dm


def test_html_to_a_file_and_never_over_the_fight(tmp_path: Path) -> None:
    fight = tmp_path / "ghouls.yaml"
    shutil.copy(ROOT / "examples" / "ghouls-in-the-crypt.yaml", fight)
    page = tmp_path / "page.html"
    code, out = run("show", str(fight), "--html", "-o", str(page))
    assert code == 0 and "Wrote" in out
    assert page.read_text().startswith("<!doctype html>")
    assert run("show", str(fight), "--html", "-o", str(page))[0] == 0  # a page is remade
    before = fight.read_bytes()
    code, out = run("show", str(fight), "--html", "-o", str(fight))
    assert code == 2 and "not an HTML page" in out
    assert fight.read_bytes() == before
    for wrong in (["-o", str(page)], ["--dm"], ["--monster-hp", "damage"], ["--html", "--json"]):
        code, out = run("show", str(fight), *wrong)
        assert code == 2 and "--html" in out, wrong


def test_the_snapshot_needs_no_network_and_no_web_server() -> None:
    """Self-contained: nothing fetched (no src=, no href= to elsewhere, no script); and
    `lnf show --html` imports neither the web server nor OR-Tools."""
    html = stdout_of("show", "--html", str(ROOT / "examples" / "ghouls-in-the-crypt.yaml"))
    assert not re.search(r"\b(src|href)=", html) and "<script" not in html
    assert "@import" not in html and "url(" not in html
    probe = (
        "import sys; from lnf.cli import main\n"
        "try:\n    main(['show', '--html', sys.argv[1]])\nexcept SystemExit:\n    pass\n"
        "bad = [m for m in ('starlette', 'uvicorn', 'ortools') if m in sys.modules]\n"
        "sys.stderr.write(repr(bad))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, str(ROOT / "examples" / "ghouls-in-the-crypt.yaml")],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stderr.strip().endswith("[]"), done.stderr


def test_serve_without_its_extra_says_how_to_get_it() -> None:
    probe = (
        "import sys; sys.modules['uvicorn'] = None\n"
        "from lnf.cli import main\n"
        "main(['serve', sys.argv[1]])"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, str(ROOT / "examples" / "ghouls-in-the-crypt.yaml")],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2
    assert "pip install 'lnf[serve]'" in done.stderr and "Traceback" not in done.stderr


def test_the_surprise_round_is_named_not_numbered(tmp_path: Path) -> None:
    """V-ENC1: the round before round 1 is the surprise round, on the page as in lnf show."""
    fight = played(tmp_path, ROOT / "examples" / "goblin-kennels.yaml")
    html = stdout_of("show", "--html", str(fight))
    assert "Round 0" not in html and "round 0" not in html
    assert "The surprise round is over." in html


def test_the_page_says_a_spell_on_allies_and_the_slot_it_spent(tmp_path: Path) -> None:
    """F7 on the players' page: Bless is cast *on* the allies, and the slot is said as the
    transcript says it (not `slot 1`)."""
    shrine = tmp_path / "shrine.yaml"
    shutil.copy(ROOT / "examples" / "shrine-of-the-spells.yaml", shrine)
    assert run("round", str(shrine))[0] == 0
    assert run("next", str(shrine))[0] == 0  # Bram's turn ends; Maren's begins
    code, out = run("act", str(shrine), "cast bless on Bram, Sen and Maren")
    assert code == 0, out
    page = tmp_path / "page.html"
    assert run("show", str(shrine), "--html", "-o", str(page))[0] == 0
    html = page.read_text(encoding="utf-8")
    assert "Maren casts Bless on Bram, Sen and Maren." in html
    assert "Maren spends a 1st-level spell slot." in html


def test_a_copy_is_not_told_its_stat_block_again() -> None:
    """G3: "Ghoul 3" says it is a ghoul; "Goblin archer 1" (a goblin) and "Boss" do not."""
    assert names_its_kind("Ghoul 3", "Ghoul")
    assert names_its_kind("Young Green Dragon", "young green dragon")
    assert not names_its_kind("Goblin archer 1", "Goblin")
    assert not names_its_kind("Boss", "Bugbear")
    ghouls = stdout_of("show", "--html", str(ROOT / "examples" / "ghouls-in-the-crypt.yaml"))
    assert '<span class="kind">Ghoul</span>' not in ghouls
    cave = stdout_of("show", "--html", str(ROOT / "examples" / "cave-ambush.yaml"))
    assert 'Goblin archer 1<span class="kind">Goblin</span>' in cave


def test_a_breath_is_told_once(tmp_path: Path) -> None:
    """B2 on the players' page: the dragon's breath is said as it is breathed, not once more as a
    use spent (the DM's transcript tells the recharge)."""
    fight = played(tmp_path, ROOT / "examples" / "young-green-dragon.yaml")
    with open_fight(fight, record=False) as session:
        lines = happenings(session.table.in_force, dm=False, hp=MonsterHp.WORDS)
    breath = [line for line in lines if "Poison Breath" in line]
    assert breath and breath[0].startswith("Young Green Dragon uses Poison Breath on ")
    assert "Young Green Dragon uses Poison Breath." not in lines


def test_a_dead_hero_s_card_says_dead_and_a_downed_one_down() -> None:
    """D8, D9 on a phone's card, in words: `dead` (not `dead hp`), and `0/28 hp · down`."""
    fight = load_fight(ROOT / "examples" / "ghouls-in-the-crypt.yaml")
    brenna, cade = fight.hero("Brenna"), fight.hero("Cade")
    fight = fight.with_combatant(replace(brenna, hp_now=0))
    fight = fight.with_combatant(replace(cade, hp_now=0, dead=True))
    html = render_page(page_data(fight))
    assert "<p>0/28 hp · down · front" in html
    assert "<p>dead · front" in html and "dead hp" not in html


def test_a_card_says_its_conditions() -> None:
    """F3 on a phone's card: a restrained hero and a paralysed ghoul say so where they stand,
    not only under In effect, far below."""
    fight = load_fight(ROOT / "examples" / "ghouls-in-the-crypt.yaml")
    brenna, ghoul = fight.hero("Brenna"), fight.monsters[0]
    fight = fight.with_combatant(replace(brenna, conditions=frozenset({Condition.RESTRAINED})))
    held = frozenset({Condition.PARALYZED, Condition.PRONE})
    fight = fight.with_combatant(replace(ghoul, conditions=held))
    html = render_page(page_data(fight))
    assert re.search(r"<p>28/28 hp · front · [^<]*<b[^>]*>\w</b> · restrained[ ·<]", html)
    assert re.search(r"<p>[a-z]+ · front · [^<]*<b[^>]*>\w</b> · paralyzed, prone</p>", html)


def test_a_hero_who_drops_is_said_to_be_down(tmp_path: Path) -> None:
    """D8 in what just happened: a hero at 0 hit points `is down (0/28 hp)`, not a bare count."""
    start = load_fight(ROOT / "examples" / "ghouls-in-the-crypt.yaml")
    blow = apply(start, Recorded((Damaged("Brenna", 28),)))
    data = page_data(blow.after, [blow])
    assert data["recent"][-1] == "Brenna takes damage; Brenna is down (0/28 hp)."


def test_a_card_says_its_dots_as_dots() -> None:
    """T1 on a phone, where the grid's legend is not shown: `O dot`, `N dot`, not a bare letter."""
    fight = load_fight(ROOT / "examples" / "ghouls-in-the-crypt.yaml")
    fight = fight.with_combatant(replace(fight.hero("Brenna"), o_dot=True, n_dot=True))
    html = render_page(page_data(fight))
    assert 'group <b class="tag g0">A</b> · O dot, N dot</p>' in html


def test_the_page_says_whose_saves_the_table_waits_for(tmp_path: Path) -> None:
    """B3 on the players' page, live and as a snapshot: while `lnf next` waits for the players'
    d20s, the whose-turn line (a live region: a screen reader says it) tells them to roll."""
    from lnf.cli.serve_commands import Watcher

    fight = tmp_path / "dragon.yaml"
    shutil.copy(ROOT / "examples" / "young-green-dragon.yaml", fight)
    assert "--saves Dee=N,Ann=N,Bo=N" in stdout_of("next", str(fight), "--seed", "7")
    roll = (
        "Young Green Dragon's Poison Breath: Dee, Ann and Bo — each roll a Constitution save, "
        "DC 14."
    )
    log = fight.with_suffix(".log.jsonl").read_text()
    page = stdout_of("show", "--html", str(fight))
    assert 'aria-live="polite" aria-atomic="true">' + escape(roll) + "</p>" in page
    state = Watcher(fight, dm=False, hp=MonsterHp.WORDS).read()
    assert state is not None and state[1]["turn"] == roll
    assert fight.with_suffix(".log.jsonl").read_text() == log  # the page records nothing
    stdout_of("next", str(fight), "--saves", "Dee=3,Ann=12,Bo=20")
    assert "roll a Constitution save" not in stdout_of("show", "--html", str(fight))


def test_the_page_says_the_reaction_the_table_waits_for(tmp_path: Path) -> None:
    """M6 on the players' page: while `lnf next` waits for the table to take or pass an
    opportunity attack, the whose-turn line (a live region) says whose it is, and the leaving
    monster acts now; the page records nothing."""
    fight = tmp_path / "crypt.yaml"
    shutil.copy(ROOT / "examples" / "ghouls-in-the-crypt.yaml", fight)
    stdout_of("next", str(fight), "--seed", "7")
    stdout_of("act", str(fight), "attack", "Ghoul 3", "with", "Mace")
    assert "Cade may take an opportunity attack" in stdout_of("next", str(fight))
    log = fight.with_suffix(".log.jsonl").read_text()
    page = stdout_of("show", "--html", str(fight))
    asked = "Ghoul 3 is leaving its group: Cade may take an opportunity attack (M6)."
    assert 'aria-live="polite" aria-atomic="true">' + escape(asked) + "</p>" in page
    assert fight.with_suffix(".log.jsonl").read_text() == log
    stdout_of("react", str(fight), "Cade", "--pass")
    stdout_of("next", str(fight))
    assert "opportunity attack" not in stdout_of("show", "--html", str(fight)).split("<h2")[0]


def test_the_page_asks_a_guard_as_the_terminal_does() -> None:
    """F1, F2: a Shield that would turn a hit, Uncanny Dodge that would halve it, Deflect
    Missiles that would lessen it; a hidden foe unnamed."""
    from lnf.model import Guard
    from lnf.views.page import Asked, asked_line

    shield = Asked("Wraith", ("Quill",), Guard("Shield", 5, slot=1, lasts=True))
    said = "Wraith hits Quill: does Quill take Shield (+5 AC), turning it into a miss (F1)?"
    assert asked_line(shield, set()) == said
    dodge = Asked("Wraith", ("Nix",), Guard("Uncanny Dodge", 0, halves=True), 14)
    said = "Wraith hits Nix for 14 damage: does Nix take Uncanny Dodge, halving it (F2)?"
    assert asked_line(dodge, set()) == said
    assert asked_line(dodge, {"Wraith"}).startswith("A foe hits Nix for 14 damage")
    deflect = Asked("Scout", ("Sen",), Guard("Deflect Missiles", 0, deflects=9), 8)
    said = (
        "Scout hits Sen for 8 damage: does Sen take Deflect Missiles, taking 1d10 + 9 off it (F2)?"
    )
    assert asked_line(deflect, set()) == said
    two = Asked("Ogre", ("Bram", "Ann"))
    said = "Ogre is leaving its group: Bram and Ann may each take an opportunity attack (M6)."
    assert asked_line(two, set()) == said


def test_the_page_never_plans_where_the_log_holds_no_plan(tmp_path: Path) -> None:
    """B3 and the house's "commands that do not solve do not load OR-Tools": a DM's mark while
    the breath waits changes the grid (P6), so only `lnf next` may plan again; the page says
    no saves meanwhile, loads no solver, and records nothing."""
    fight = tmp_path / "dragon.yaml"
    shutil.copy(ROOT / "examples" / "young-green-dragon.yaml", fight)
    stdout_of("next", str(fight), "--seed", "7")
    stdout_of("mark", str(fight), "Dee", "prone")
    log = fight.with_suffix(".log.jsonl").read_text()
    probe = (
        "import sys; from lnf.cli import main\n"
        "try:\n    main(['show', '--html', sys.argv[1]])\nexcept SystemExit:\n    pass\n"
        "sys.stderr.write(repr('ortools' in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, str(fight)], capture_output=True, text=True, check=True
    )
    assert done.stderr.strip().endswith("False"), done.stderr
    assert "roll a Constitution save" not in done.stdout and "<html" in done.stdout
    assert fight.with_suffix(".log.jsonl").read_text() == log


def test_a_downed_hero_shows_its_death_saves_in_words() -> None:
    """D9 on the grid and a card, in words, and to a screen reader: `down — 1 success, 2
    failures`; `stable` after three successes; none rolled yet: `down` alone."""
    start = load_fight(ROOT / "examples" / "ghouls-in-the-crypt.yaml")
    brenna = replace(start.hero("Brenna"), hp_now=0)
    fight = start.with_combatant(replace(brenna, death_saves=(1, 2)))
    html = render_page(page_data(fight))
    assert "<p>0/28 hp · down — 1 success, 2 failures · front" in html
    assert 'aria-label="Brenna, down — 1 success, 2 failures"' in html
    assert '0/28<span class="dying">1 success, 2 failures</span></td>' in html
    stable = render_page(page_data(start.with_combatant(replace(brenna, stable=True))))
    assert "<p>0/28 hp · down — stable · front" in stable
    assert "<p>0/28 hp · down · front" in render_page(page_data(start.with_combatant(brenna)))


def test_a_turn_of_saves_alone_says_why_first_as_the_transcript_does(tmp_path: Path) -> None:
    """F4, S1: a charmed hero's turn is only its end (its repeated save): the page, like the
    transcript, says "Nix cannot act." before the save, not after it."""
    fight = tmp_path / "harpies.yaml"
    fight.write_text(f"title: Harpies\n{PARTY}{TWINS['harpies']}", encoding="utf-8")
    code, out = run("run", str(fight), "--seed", "2", "--record", "--rounds", "1")
    assert code == 0, out
    with open_fight(fight, record=False) as session:
        lines = happenings(session.table.in_force, dm=False, hp=MonsterHp.WORDS)
    idle = [k for k, line in enumerate(lines) if line.endswith(" cannot act: incapacitated.")]
    assert idle  # the song held someone (charmed by it, and incapacitated)
    for k in idle:
        who = lines[k].removesuffix(" cannot act: incapacitated.")
        assert "save" in lines[k + 1] and lines[k + 1].startswith(who), lines[k : k + 2]
        assert lines[k] in out.splitlines()  # the transcript's own line
