"""The parse cache's entries are marshal's (built in: reading one loads no module, where `json`
cost about a millisecond of every `lnf show`); what an entry gives back is what the JSON entries
gave back, value for value and type for type, and nothing JSON could not keep is kept."""

from __future__ import annotations

import json
import marshal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import lnf
from lnf.formats import yaml_source as parse_cache
from lnf.formats.yaml_source import Located


def _same(a: Any, b: Any) -> bool:
    """Equal, and of the same types all the way down (True is no 1, 1.0 no 1)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b or (a != a and b != b))


_PLAIN = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=20,
)


@given(_PLAIN, st.text(max_size=30))
def test_a_cached_parse_is_what_json_kept(tmp_path_factory: Any, data: Any, text: str) -> None:
    """The parse cache's entries were JSON: what an entry gives back now is what JSON gave
    back, value for value and type for type, lines included."""
    path = tmp_path_factory.mktemp("fight") / "f.yaml"
    lines = {(): 1, ("heroes", 0, "name"): 3}
    parse_cache.remember(path, text, Located(data, lines))
    hit = parse_cache.cached(path, text)
    assert hit is not None
    assert _same(hit.data, json.loads(json.dumps(data)))
    assert hit.lines == lines and all(type(k) is tuple for k in hit.lines)
    assert parse_cache.cached(path, text + " ") is None


def test_an_alias_read_from_the_cache_is_a_copy_as_from_json(tmp_path: Path) -> None:
    """YAML's `*alias` puts one object in two places; read back from JSON, each place had its
    own, and so it has from the cache (a fight's stat blocks are expanded in place)."""
    shared = {"name": "Skeleton", "hp": 13}
    path = tmp_path / "f.yaml"
    parse_cache.remember(path, "t", Located({"monsters": [shared, shared]}, {(): 1}))
    hit = parse_cache.cached(path, "t")
    assert hit is not None
    first, second = hit.data["monsters"]
    assert first == second == shared and first is not second


def test_what_json_cannot_keep_is_not_kept(tmp_path: Path) -> None:
    path = tmp_path / "f.yaml"
    parse_cache.remember(path, "t", Located({"hp": float("nan")}, {(): 1}))
    assert parse_cache.cached(path, "t") is None


@pytest.mark.parametrize(
    ("text", "hashed"),
    [("", 0xCBF29CE484222325), ("a", 0xAF63DC4C8601EC8C), ("foobar", 0x85944171F73967E8)],
)
def test_the_entry_name_is_fnv1a(text: str, hashed: int) -> None:
    """The published FNV-1a 64-bit test vectors (a different hash would only rename the
    entries, but a broken one could name every path alike)."""
    assert parse_cache._fnv1a(text) == hashed


def test_an_entry_not_of_this_shape_means_a_fresh_parse(tmp_path: Path) -> None:
    path = tmp_path / "f.yaml"
    parse_cache.remember(path, "t", Located({}, {(): 1}))
    entry = parse_cache._entry(path)
    assert entry is not None and parse_cache.cached(path, "t") is not None
    body = parse_cache._unsealed(entry.read_bytes())
    assert body is not None
    raw = marshal.loads(body)
    for other in (
        {**raw, "lines": [[[], 1]]},  # the shape of a JSON entry's lines
        {**raw, "format": 1},
        [raw],
    ):
        entry.write_bytes(parse_cache._sealed(marshal.dumps(other, 2)))
        assert parse_cache.cached(path, "t") is None
    entry.write_bytes(body)  # not sealed
    assert parse_cache.cached(path, "t") is None


def test_a_damaged_entry_is_never_read_by_marshal(tmp_path: Path) -> None:
    """Every byte of an entry changed in turn, and the entry cut short at every length: a fresh
    parse each time. `marshal` trusts the lengths it reads (a damaged one made it allocate
    gigabytes for twenty seconds), so the entry's seal is checked first."""
    path = tmp_path / "f.yaml"
    parse_cache.remember(path, "heroes: []", Located({"heroes": [1, "x" * 9]}, {(): 1}))
    entry = parse_cache._entry(path)
    assert entry is not None
    whole = entry.read_bytes()
    damaged = [whole[:n] for n in range(len(whole))]
    damaged += [whole[:i] + bytes([whole[i] ^ 0x40]) + whole[i + 1 :] for i in range(len(whole))]
    for data in damaged:
        assert parse_cache._unsealed(data) is None
    entry.write_bytes(damaged[-1])
    assert parse_cache.cached(path, "heroes: []") is None
    entry.write_bytes(whole)
    assert parse_cache.cached(path, "heroes: []") is not None


def test_an_entry_of_another_reader_means_a_fresh_parse(tmp_path: Path) -> None:
    """An entry kept by another lnf, or by this one before its reader changed (its limits,
    its refusals), is not trusted: several venvs share ~/.cache."""
    path = tmp_path / "f.yaml"
    parse_cache.remember(path, "t", Located({}, {(): 1}))
    assert parse_cache.cached(path, "t") is not None
    entry = parse_cache._entry(path)
    assert entry is not None
    body = parse_cache._unsealed(entry.read_bytes())
    assert body is not None
    raw = marshal.loads(body)
    assert raw["reader"].startswith(lnf.__version__ + " ")
    for other in ("0.0.1 " + raw["reader"].split()[1], raw["reader"].split()[0] + " 0" * 16):
        entry.write_bytes(parse_cache._sealed(marshal.dumps({**raw, "reader": other}, 2)))
        assert parse_cache.cached(path, "t") is None


@given(st.binary(min_size=62, max_size=400), st.data())
def test_two_bytes_swapped_are_seen(body: bytes, data: Any) -> None:
    """Damage of two bytes: any two different bytes swapped, at any distance (61 apart kept
    a checksum modulo 2**61 - 1)."""
    i = data.draw(st.integers(0, len(body) - 2))
    j = data.draw(st.sampled_from(sorted({min(i + 61, len(body) - 1), len(body) - 1})))
    if body[i] == body[j]:
        body = body[:i] + bytes([body[i] ^ 1]) + body[i + 1 :]
    swapped = bytearray(body)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    sealed = parse_cache._sealed(body)
    assert parse_cache._unsealed(sealed[: -len(body)] + bytes(swapped)) is None
