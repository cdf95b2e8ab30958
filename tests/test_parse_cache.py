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
