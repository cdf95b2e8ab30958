"""Mutants of fight files for fuzzing: the example fights and the broken test files, bent the
ways a careless or a hostile hand bends a file (wrong types, YAML tags, deep nesting, alias
bombs, huge values, odd numbers, other encodings, control characters) and at the byte level
(flips, cuts, duplicated lines). Used by tests/test_fuzz.py (a few hundred, every run) and
bench/fuzz.py (as many as asked, with time and memory watched).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = sorted(
    [*(ROOT / "examples").glob("*.yaml"), *(ROOT / "tests/fights/broken").glob("*.yaml")]
)

Mutator = Callable[[bytes, random.Random], bytes]

_VALUE = re.compile(rb"(:\s*)([^\s\[\]{},#][^\n,}\]#]*)")  # a scalar after a key


def _some_value(data: bytes, rng: random.Random, new: Callable[[random.Random], bytes]) -> bytes:
    spots = list(_VALUE.finditer(data))
    if not spots:
        return data
    m = rng.choice(spots)
    return data[: m.start(2)] + new(rng) + data[m.end(2) :]


def tag(data: bytes, rng: random.Random) -> bytes:
    tags = [b'!!float "x"', b"!!int abc", b"!!bool maybe", b"!!binary zz", b"!custom 1", b"!!str 3"]
    return _some_value(data, rng, lambda r: r.choice(tags))


def wrong_type(data: bytes, rng: random.Random) -> bytes:
    values = [b"[1, 2]", b"{a: 1}", b"null", b"true", b"~", b"''", b'"  "', b"2024-01-01", b"3.5"]
    return _some_value(data, rng, lambda r: r.choice(values))


def odd_number(data: bytes, rng: random.Random) -> bytes:
    numbers = [b".nan", b".inf", b"-.inf", b"1e300", b"1" + b"0" * 300, b"-5", b"0", b"-0", b"0x1F"]
    numbers += [b"1_000_000", b"99999999999999999999", b"1e-300", b"+7"]
    return _some_value(data, rng, lambda r: r.choice(numbers))


def deep(data: bytes, rng: random.Random) -> bytes:
    depth = rng.choice([30, 45, 300, 3000])
    nest = b"[" * depth + b"1" + b"]" * depth
    if rng.random() < 0.5:
        nest = b"{a: " * depth + b"1" + b"}" * depth
    return _some_value(data, rng, lambda r: nest)


def alias_bomb(data: bytes, rng: random.Random) -> bytes:
    levels = rng.choice([3, 6, 9])
    lines = [b"x0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for k in range(1, levels):
        refs = b", ".join([b"*a%d" % (k - 1)] * 10)
        lines.append(b"x%d: &a%d [%s]" % (k, k, refs))
    bomb = b"\n".join(lines) + b"\n"
    return bomb + _some_value(data, rng, lambda r: b"*a%d" % (levels - 1))


def long_value(data: bytes, rng: random.Random) -> bytes:
    size = rng.choice([201, 5000, 1_000_000])
    return _some_value(data, rng, lambda r: b"A" * size)


def control(data: bytes, rng: random.Random) -> bytes:
    odd = [b'"Ann\\e[2J"', b'"\\x00"', b'"a\\u202eb"', b'"\\x9b31m"', b"\x00", b"\x1b[31m"]
    return _some_value(data, rng, lambda r: r.choice(odd))


def encoding(data: bytes, rng: random.Random) -> bytes:
    text = data.decode("utf-8", "replace")
    choice = rng.randrange(5)
    if choice == 0:
        return b"\xef\xbb\xbf" + data
    if choice == 1:
        return text.encode("utf-16")
    if choice == 2:
        return text.replace("e", "é").encode("latin-1", "replace")
    if choice == 3:
        return text.encode("utf-32")
    return data.replace(b"\n", b"\r\n")


def flip(data: bytes, rng: random.Random) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 10)):
        if out:
            out[rng.randrange(len(out))] = rng.randrange(256)
    return bytes(out)


def cut(data: bytes, rng: random.Random) -> bytes:
    return data[: rng.randrange(len(data) + 1)]


def lines(data: bytes, rng: random.Random) -> bytes:
    rows = data.split(b"\n")
    i = rng.randrange(len(rows))
    how = rng.randrange(3)
    if how == 0:
        rows.insert(i, rows[i])
    elif how == 1:
        del rows[i]
    else:
        j = rng.randrange(len(rows))
        rows[i], rows[j] = rows[j], rows[i]
    return b"\n".join(rows)


MUTATORS: list[Mutator] = [
    tag,
    wrong_type,
    odd_number,
    deep,
    alias_bomb,
    long_value,
    control,
    encoding,
    flip,
    cut,
    lines,
]


def mutants(count: int, seed: int) -> list[tuple[str, bytes]]:
    """`count` mutants, the same for the same seed: (how it was made, the file's bytes). A
    mutant gets one to three mutations."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        source = rng.choice(CORPUS)
        data = source.read_bytes()
        made = []
        for _ in range(rng.choice([1, 1, 2, 3])):
            mutate = rng.choice(MUTATORS)
            data = mutate(data, rng)
            made.append(mutate.__name__)
        out.append((f"{source.stem}: {' + '.join(made)}", data))
    return out


# --- a user's own bestiary (5e-database JSON) ---------------------------------------------

BESTIARY_CORPUS = sorted((ROOT / "tests/fights/bestiary").glob("*.json"))
BESTIARY_NAMES = ["Mire Troll", "Lantern Warden", "Ash Wyrmling"]
RAW = "@@raw@@"  # a value the JSON writer cannot write (a 5,000-digit number): put in after

# What a hostile or careless hand puts where a field's value was: bytes written as they are.
HOSTILE: list[bytes] = [
    b"Infinity",
    b"-Infinity",
    b"NaN",
    b"1" * 5000,
    b"-1",
    b"0",
    b"1e308",
    b"-1e400",
    b"99999999999999999999",
    b"3.5",
    b"null",
    b"true",
    b'""',
    b"[]",
    b"{}",
    b'"x"',
    b'"Ann\\u001b]0;owned\\u0007"',
    b'"\\u001b]52;c;SGVsbG8=\\u0007"',
    b'"\\u009b31m"',
    b'"\\u202eevil"',
    b'"' + b"A" * 20_000 + b'"',
    b"[" * 3000 + b"]" * 3000,
    b"[" * 45 + b"1" + b"]" * 45,
    b'{"a":' * 60 + b"1" + b"}" * 60,
    b"[" + b"1," * 5000 + b"1]",
    b'"Gigantic"',
    b'"1d0"',
    b'"999d999"',
    b'"Melee Weapon Attack: +'
    + b"9" * 5000
    + b' to hit, reach 5 ft., one target. Hit: 1 fire damage."',
    b'"Melee Weapon Attack: +4 to hit, reach 5 ft., one target. Hit: 7 (1d10 + 2) slime damage."',
]


def _nodes(data: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every place in parsed JSON: the path of keys and indexes to it."""
    out: list[tuple[object, ...]] = [path]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _nodes(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _nodes(v, (*path, i))
    return out


def _at(data: object, path: tuple[object, ...]) -> object:
    for part in path:
        data = data[part]  # type: ignore[index]
    return data


def structure(data: bytes, rng: random.Random) -> bytes:
    """A JSON-aware mutation: a field's value made hostile, a field dropped, an item of a list
    made a string, a list repeated."""
    import json

    try:
        doc = json.loads(data)
    except (ValueError, RecursionError):
        return flip(data, rng)
    places = [p for p in _nodes(doc) if p]
    if not places:
        return data
    path = rng.choice(places)
    parent, key = _at(doc, path[:-1]), path[-1]
    how = rng.randrange(5)
    raw = b""
    if how == 0 and isinstance(parent, dict):
        del parent[key]
    elif how == 1:
        parent[key] = rng.choice(["a special ability", 7, None, ["x"]])  # type: ignore[index]
    elif how == 2 and isinstance(parent, list):
        parent.extend([parent[key]] * rng.choice([2, 50]))  # type: ignore[index]
    else:
        parent[key] = RAW  # type: ignore[index]
        raw = rng.choice(HOSTILE)
    text = json.dumps(doc, ensure_ascii=False).encode("utf-8")
    return text.replace(f'"{RAW}"'.encode(), raw, 1) if raw else text


BESTIARY_MUTATORS: list[Mutator] = [structure] * 6 + [flip, cut, lines, encoding, control]


def bestiary_mutants(count: int, seed: int) -> list[tuple[str, bytes]]:
    """`count` mutated bestiaries, the same for the same seed: one to three mutations each,
    mostly of the JSON's structure."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        source = rng.choice(BESTIARY_CORPUS)
        data = source.read_bytes()
        made = []
        for _ in range(rng.choice([1, 1, 2, 3])):
            mutate = rng.choice(BESTIARY_MUTATORS)
            data = mutate(data, rng)
            made.append(mutate.__name__)
        out.append((f"{source.stem}: {' + '.join(made)}", data))
    return out


def bestiary_fight(bestiary: Path) -> str:
    """A fight file that takes its monsters from `bestiary` by name."""
    return (
        f"bestiary: {bestiary.name}\n"
        "heroes:\n  - {name: Ann, class: fighter, hp: 20, attacks: [{name: Sword, to_hit: 5, "
        "damage: 1d8+3 slashing}]}\n"
        "monsters:\n" + "".join(f"  - monster: {name}\n" for name in BESTIARY_NAMES)
    )
