"""The players' page in a real browser: headless Chromium (Debian's `chromium` and
`chromium-driver`) through Selenium. The grid read back from the DOM is `lnf show --json`'s,
a `lnf damage` shows on an open page within a second and after the server restarts, and the
narrow layout folds into cards. A screenshot of each example, wide and 390 px, is saved under
$LNF_ARTIFACTS (default tests/artifacts/), which the run prints.

Skipped only when the browser is missing on a developer's machine; with CI set (.ci/run
installs the browser), a missing browser fails the run instead."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.cli import run, stdout_of
from tests.page_server import expected_cells, served

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
ARTIFACTS = Path(os.environ.get("LNF_ARTIFACTS") or ROOT / "tests" / "artifacts")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
WIDE, NARROW = 1366, 390
FOLLOW = 1.0  # seconds: a command that writes the log shows on an open page within this
RESTART = 15.0  # seconds for a page to find a restarted server (the browser's own retry)


def _no_browser(why: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"the browser tests must run in CI: {why} (.ci/run installs it)")
    pytest.skip(why)


@pytest.fixture(scope="module")
def browser(request: pytest.FixtureRequest) -> Iterator[Any]:
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        _no_browser("selenium is not installed (pip install -e '.[dev]')")
    if CHROMIUM is None or DRIVER is None:
        _no_browser("chromium and chromium-driver are not installed (apt-get install them)")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write_line(f"\nlnf page screenshots: {ARTIFACTS}")
    options = webdriver.ChromeOptions()
    for flag in FLAGS:
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="lnf-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    options.binary_location = CHROMIUM
    driver = webdriver.Chrome(options=options, service=Service(DRIVER))
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


READ_GRID = """
const cells = {};
for (const el of document.querySelectorAll('table.grid [data-field]')) {
  const row = el.closest('tr').dataset.hero;
  const key = row === undefined ? [el.dataset.monster, el.dataset.field]
    : el.dataset.monster === undefined ? [row, el.dataset.field]
    : [row, el.dataset.field, el.dataset.monster];
  cells[JSON.stringify(key)] = el.textContent;
}
const heroes = [...document.querySelectorAll('table.grid tbody tr')].map(r => r.dataset.hero);
const monsters = [...document.querySelectorAll('table.grid thead th[data-monster]')]
  .map(th => th.dataset.monster);
return {cells, heroes, monsters};
"""


def _shoot(driver: Any, name: str, width: int) -> Path:
    """A full-page screenshot at `width`; where it was saved."""
    driver.set_window_size(width, 900)
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(width, min(max(height + 120, 600), 4000))
    path = ARTIFACTS / f"{name}-{width}.png"
    driver.save_screenshot(str(path))
    return path


def _played(tmp_path: Path, example: Path) -> Path:
    fight = tmp_path / example.name
    shutil.copy(example, fight)
    code, out = run("run", str(fight), "--seed", "5", "--record", "--rounds", "1")
    assert code == 0, out
    return fight


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_each_example_reads_back_as_show_json(browser: Any, example: Path, tmp_path: Path) -> None:
    for fight, name in (
        (example, example.stem),
        (_played(tmp_path, example), example.stem + "-r1"),
    ):
        page = ARTIFACTS / f"{name}.html"
        assert run("show", str(fight), "--html", "-o", str(page))[0] == 0
        browser.set_window_size(WIDE, 900)
        browser.get(page.as_uri())
        shown = json.loads(stdout_of("show", "--json", str(fight)))
        grid = browser.execute_script(READ_GRID)
        assert grid["heroes"] == [h["name"] for h in shown["heroes"]]
        assert grid["monsters"] == [m["name"] for m in shown["monsters"]]
        cells = {tuple(json.loads(k)): v for k, v in grid["cells"].items()}
        hp = {k for k in cells if k[1] == "hp"}
        assert {k: v for k, v in cells.items() if k not in hp} == expected_cells(shown)
        _accessible(browser)
        _fits(browser, name)
        _shoot(browser, name, WIDE)
        _narrow(browser, name)


def _fits(driver: Any, name: str) -> None:
    """At a TV's 1366 px the whole grid is in view: a table that scrolls sideways hides the
    monsters on its right from a room that cannot scroll it (G3: the columns are the monsters)."""
    scroll = driver.find_element("css selector", ".grid-wrap .scroll")
    table = driver.find_element("css selector", "table.grid")
    wide, room = table.get_property("scrollWidth"), scroll.get_property("clientWidth")
    assert wide <= room, f"{name}: the grid is {wide} px wide in {room} px"


def _accessible(driver: Any) -> None:
    """A real table with headers; the whose-turn line announced (a polite live region)."""
    turn = driver.find_element("id", "turn")
    assert turn.get_attribute("aria-live") == "polite" and turn.get_attribute("role") == "status"
    assert driver.find_elements("css selector", "table.grid caption")
    assert driver.find_elements("css selector", "table.grid tbody th[scope=row]")
    assert driver.find_elements("css selector", "table.grid thead th[scope=col]")


def _narrow(driver: Any, name: str) -> None:
    """At 390 px the columns fold into cards: no table, nothing wider than the screen."""
    _shoot(driver, name, NARROW)
    assert not driver.find_element("css selector", "table.grid").is_displayed()
    cards = driver.find_elements("css selector", ".cards .card")
    assert cards and all(c.is_displayed() for c in cards)
    width = driver.execute_script("return document.documentElement.scrollWidth")
    inner = driver.execute_script("return window.innerWidth")
    assert width <= inner, f"{name}: the page is {width} px wide on a {inner} px screen"


def _lnf(*args: str) -> None:
    """An lnf command as the DM types it, in its own process."""
    done = subprocess.run([sys.executable, "-m", "lnf", *args], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr + done.stdout


def _hp_cell(driver: Any, monster: str) -> str:
    cells = driver.execute_script(READ_GRID)["cells"]
    return str(cells.get(json.dumps([monster, "hp"], separators=(",", ":")), ""))


def _wait(driver: Any, seconds: float, test: Any, what: str) -> float:
    """Poll `test` until it holds; how long it took (fails after `seconds`)."""
    from selenium.webdriver.support.ui import WebDriverWait

    start = time.monotonic()
    WebDriverWait(driver, seconds, poll_frequency=0.02).until(lambda d: test(d), what)
    return time.monotonic() - start


def test_an_open_page_follows_the_log_and_a_restart(browser: Any, tmp_path: Path) -> None:
    fight = tmp_path / "ghouls.yaml"
    shutil.copy(ROOT / "examples" / "ghouls-in-the-crypt.yaml", fight)
    browser.set_window_size(WIDE, 900)
    with served(fight) as server:
        port = server.port
        browser.get(server.url)
        _wait(
            browser,
            10,
            lambda d: d.find_element("tag name", "body").get_attribute("data-version"),
            "the page never heard from the server",
        )
        browser.execute_script("window.lnfNoReload = true")
        assert _hp_cell(browser, "Ghoul 3") == "unhurt"
        _lnf("damage", str(fight), "ghoul 3", "9")
        took = _wait(browser, FOLLOW, lambda d: _hp_cell(d, "Ghoul 3") == "hurt", "no damage")
        _lnf("next", str(fight), "--seed", "7")
        _wait(browser, FOLLOW, lambda d: "Cade" in d.find_element("id", "turn").text, "no turn")
        html = browser.page_source
        assert "13/22" not in html and "9 damage" not in html  # the players' page
        assert browser.execute_script("return window.lnfNoReload === true")  # no reload
    _shoot(browser, "live-ghouls", WIDE)
    with served(fight, port=port):  # the server comes back on its port; the page finds it
        _lnf("damage", str(fight), "ghoul 3", "4")
        _wait(browser, RESTART, lambda d: _hp_cell(d, "Ghoul 3") == "bloodied", "no restart")
        assert browser.execute_script("return window.lnfNoReload === true")
        live = browser.find_element("id", "live").text
        assert live.startswith("Live")
    print(f"the page followed lnf damage in {took:.2f} s")


CROWDED = """\
title: A crowded crypt
round: 1
phase: melee
started: monsters
heroes:
  - {name: Bram, class: fighter, hp: 44, attacks: [{name: Longsword, to_hit: 7, damage: 1d8+4}]}
  - {name: Ilsa, class: cleric, hp: 38, attacks: [{name: Mace, to_hit: 5, damage: 1d6+2}]}
  - {name: Quill, class: wizard, hp: 0/32, rank: back, why: guarded,
     attacks: [{name: Dagger, to_hit: 5, damage: 1d4+2}]}
  - {name: Nix, class: rogue, hp: 38, attacks: [{name: Rapier, to_hit: 7, damage: 1d8+4}]}
monsters:
  - {monster: young green dragon}
  - {monster: mage}
  - {monster: ghoul, count: 4}
  - {monster: hobgoblin, count: 2}
groups:
  A: [Bram, Ilsa, Ghoul 1, Ghoul 2, Hobgoblin 1]
  B: [Nix, Ghoul 3, Ghoul 4, Young Green Dragon]
"""


def test_a_crowded_grid_fits_a_tv_and_a_downed_card_still_reads(
    browser: Any, tmp_path: Path
) -> None:
    """Eight monsters, one with a long name, fit 1366 px (G3); a downed hero (D8) is crossed out
    by name only, so a phone's card still reads, and says `down` in words, as the grid does to
    a screen reader."""
    fight = tmp_path / "crowded.yaml"
    fight.write_text(CROWDED)
    page = ARTIFACTS / "crowded.html"
    assert run("show", str(fight), "--html", "-o", str(page))[0] == 0
    browser.set_window_size(WIDE, 900)
    browser.get(page.as_uri())
    assert len(browser.execute_script(READ_GRID)["monsters"]) == 8
    _fits(browser, "crowded")
    _shoot(browser, "crowded", WIDE)
    _narrow(browser, "crowded")
    card = browser.find_element("css selector", ".cards .card.down")
    assert "Quill" in card.find_element("tag name", "h3").text
    crossed = "return getComputedStyle(arguments[0]).textDecorationLine"
    assert browser.execute_script(crossed, card.find_element("tag name", "h3")) == "line-through"
    facts = card.find_element("tag name", "p")
    assert facts.text.startswith("0/32 hp · down · back (guarded)")  # in words, not a line
    assert browser.execute_script(crossed, facts) == "none"
    colour = "return getComputedStyle(arguments[0]).color"
    name = _rgb(browser.execute_script(colour, card.find_element("tag name", "h3")))
    page = _rgb(browser.execute_script("return getComputedStyle(document.body).backgroundColor"))
    assert _contrast(name, page) >= 4.5, "a downed name must read on the phone's page (WCAG AA)"
    browser.set_window_size(WIDE, 900)
    quill = browser.find_element("css selector", 'tr[data-hero="Quill"] th')
    assert quill.accessible_name == "Quill, down"  # a screen reader hears what is crossed out
    bram = browser.find_element("css selector", 'tr[data-hero="Bram"] th')
    assert bram.accessible_name == "Bram"


def _rgb(css: str) -> tuple[float, ...]:
    return tuple(float(x) for x in css[css.index("(") + 1 : -1].split(",")[:3])


def _contrast(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """WCAG's contrast ratio of two sRGB colours."""

    def lum(c: tuple[float, ...]) -> float:
        lin = [x / 255 / 12.92 if x <= 10.3 else ((x / 255 + 0.055) / 1.055) ** 2.4 for x in c]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)
