"""The parse cache: reading an unchanged fight file again gives the same fight without a YAML
parse; any change, damage or switch-off means a fresh parse."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from lnf.formats import yaml_source as parse_cache
from lnf.formats.fight_file import load_fight, parse_fight

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.fixture
def fight(tmp_path: Path) -> Path:
    path = tmp_path / "x1.yaml"
    shutil.copy(EXAMPLES / "wight-and-skeletons.yaml", path)
    return path


def test_a_second_read_comes_from_the_cache_and_gives_the_same_fight(fight: Path) -> None:
    text = fight.read_text(encoding="utf-8")
    assert parse_cache.cached(fight, text) is None
    first = load_fight(fight)
    hit = parse_cache.cached(fight, text)
    assert hit is not None and hit.line(("heroes", 0, "name")) is not None
    assert load_fight(fight) == first == parse_fight(text, str(fight))


def test_a_changed_file_is_parsed_afresh(fight: Path) -> None:
    load_fight(fight)
    fight.write_text(fight.read_text().replace("hp: 45", "hp: 46"), encoding="utf-8")
    assert load_fight(fight).monster("Wight").hp == 46


def test_the_same_messages_with_lines_from_a_cached_parse(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("heroes:\n  - {name: A, class: fighter, hp: 10, rnak: front}\nmonsters: []\n")
    messages = []
    for _ in range(2):  # the first read parses, the second comes from the cache
        with pytest.raises(Exception) as info:
            load_fight(path)
        messages.append(str(info.value))
    assert messages[0] == messages[1] and ":2: heroes[0].rnak" in messages[0]


def test_a_damaged_entry_or_the_switch_means_a_fresh_parse(
    fight: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = load_fight(fight)
    entry = parse_cache._entry(fight)
    assert entry is not None and entry.exists()
    entry.write_text('{"format": 1, "path": [[[[', encoding="utf-8")
    assert parse_cache.cached(fight, fight.read_text()) is None
    assert load_fight(fight) == first
    monkeypatch.setenv("LNF_CACHE", "off")
    assert parse_cache._entry(fight) is None


def test_what_json_would_change_is_not_kept(tmp_path: Path) -> None:
    path = tmp_path / "dated.yaml"
    path.write_text("title: 2024-01-01\nheroes: []\nmonsters: []\n")
    with pytest.raises(Exception, match="title"):
        load_fight(path)  # a date is no title; and it is not cached either
    assert parse_cache.cached(path, path.read_text()) is None


def test_showing_a_cached_fight_loads_no_yaml(fight: Path) -> None:
    load_fight(fight)
    code = (
        "import sys; from pathlib import Path; from lnf.formats.fight_file import load_fight; "
        f"load_fight(Path({str(fight)!r})); print('yaml' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_the_cache_keeps_the_newest_entries_and_drops_leftovers(
    fight: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past MAX_ENTRIES the entries written longest ago go, never the one just written;
    first-format `*.json` entries and a crash's old temporary files go too."""
    import os

    monkeypatch.setattr(parse_cache, "MAX_ENTRIES", 5)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    folder = tmp_path / "cache" / "lnf" / "parsed"
    folder.mkdir(parents=True)
    for age in range(8):  # entry 0 the newest, 7 the oldest; all older than the one written
        old = folder / f"{age:016x}.marshal"
        old.write_bytes(b"x")
        os.utime(old, (1_000_000 - age, 1_000_000 - age))
    (folder / "05c45b35.json").write_text("{}")
    stale, fresh = folder / ".a.marshal.1.tmp", folder / ".b.marshal.2.tmp"
    stale.write_bytes(b"x")
    fresh.write_bytes(b"x")
    os.utime(stale, (1_000_000, 1_000_000))
    load_fight(fight)  # a parse: its entry is written, then the folder pruned
    left = sorted(p.name for p in folder.iterdir())
    written = [name for name in left if name.endswith(".marshal") and not name.startswith("000")]
    assert len(written) == 1  # the fight's own entry, kept
    assert left == sorted([*(f"{age:016x}.marshal" for age in range(4)), written[0], fresh.name])
    assert parse_cache.cached(fight, fight.read_text(encoding="utf-8")) is not None
