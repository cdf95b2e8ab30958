"""Start-up (issue 24, goal 4): each shortcut that keeps a module unloaded by `lnf show` and
`lnf check` gives what the long way gives; the long way is Python's own here:
`bytes.decode("utf-8-sig")`, `unicodedata.category`, the ANSI pattern."""

from __future__ import annotations

import re
import unicodedata
from enum import StrEnum
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lnf.errors import InputError
from lnf.formats.files import decode_utf8_sig
from lnf.formats.spec import OutOfBounds, control_character
from lnf.views.style import visible_len

BOM = b"\xef\xbb\xbf"


def _decoded(decode: Any, raw: bytes) -> tuple[Any, ...]:
    try:
        return ("text", decode(raw))
    except UnicodeDecodeError as exc:  # the fight file's message uses its position (files.py)
        return ("error", exc.start, exc.end, exc.reason, exc.object)


@given(st.booleans(), st.binary(max_size=40) | st.text(max_size=20).map(str.encode))
def test_utf8_sig_without_its_codec_is_the_codec(bom: bool, body: bytes) -> None:
    raw = BOM + body if bom else body
    assert _decoded(decode_utf8_sig, raw) == _decoded(lambda r: r.decode("utf-8-sig"), raw)


@pytest.mark.parametrize(
    "raw", [BOM, BOM[:2], BOM + BOM + b"x", BOM + b"a\xffb", b"a\xffb", b"ab" + BOM + b"c"]
)
def test_utf8_sig_marks_and_errors(raw: bytes) -> None:
    assert _decoded(decode_utf8_sig, raw) == _decoded(lambda r: r.decode("utf-8-sig"), raw)


def _first_control(text: str) -> str | None:  # the slow path: every character looked up
    return next((c for c in text if unicodedata.category(c) in ("Cc", "Cf")), None)


@given(st.text(alphabet=st.characters(max_codepoint=0x7F)) | st.text())
def test_control_characters_found_as_by_unicodedata(text: str) -> None:
    assert control_character(text) == _first_control(text)


@pytest.mark.parametrize(
    "text", ["Wight", "a\x1bb", "\x7f", "tab\there", "A\u202eB", "é\x00", "Gòrag", "\u200b", "\xad"]
)
def test_control_characters_examples(text: str) -> None:
    assert control_character(text) == _first_control(text)


_SGR = st.lists(st.sampled_from("0123456789;"), max_size=4).map(lambda c: f"\x1b[{''.join(c)}m")


@given(st.lists(st.text(alphabet="ab[m;1\x1b ") | _SGR | st.text(max_size=5), max_size=8))
def test_visible_len_is_the_length_without_colour_codes(parts: list[str]) -> None:
    text = "".join(parts)
    assert visible_len(text) == len(re.sub(r"\x1b\[[0-9;]*m", "", text))


def test_b8_a_bad_trait_says_what_it_said_when_trait_forms_loaded_first(x1_path: Path) -> None:
    """`traits:` is read through a function that loads formats.trait_forms at the first trait:
    the message is trait_forms' own, then the examples it gave before (`expected`)."""
    from lnf.formats import trait_forms
    from lnf.formats.fight_file import parse_fight

    examples = trait_forms._EXAMPLES  # type: ignore[attr-defined]

    text = x1_path.read_text().replace("name: Wight\n", "name: Wight\n    traits: [pack tactic]\n")
    assert text != x1_path.read_text()
    with pytest.raises(InputError) as caught:
        parse_fight(text, "f.yaml")
    with pytest.raises(ValueError) as said:
        trait_forms.parse_trait("pack tactic")
    assert f"{said.value} (expected {examples})" in str(caught.value)
    assert examples.startswith("pack tactics, martial advantage 2d6")


_MONSTER = st.fixed_dictionaries(
    {},
    optional={
        "monster": st.sampled_from(["shield guardian", "Shield Guardian", "goblin", "nobody"])
        | st.integers(),
        "stored": st.sampled_from(["", "fireball", None]),
        "name": st.just("M"),
    },
)


@given(st.none() | st.lists(_MONSTER | st.integers() | st.text(max_size=2), max_size=4))
def test_b8_spell_storing_is_asked_only_where_it_could_say_something(monsters: Any) -> None:
    from lnf.formats.fight_file import _storing
    from lnf.formats.spell_storing import storing_warnings

    doc = {} if monsters is None else {"monsters": monsters}
    assert _storing(doc) == storing_warnings(doc)


# Digits (ASCII, Arabic-Indic, fullwidth), spaces (ASCII, em, ideographic), and what the forms
# hold around them: the slow path is the pattern each form was read with.
_NUMBERY = st.text(alphabet="0129٣４ \t\u2003\u3000/ft.x-+", max_size=12)


def _range_by_pattern(value: Any) -> tuple[int, int]:  # parse_range as it was
    match = re.fullmatch(r"\s*(\d+)\s*(?:/\s*(\d+))?\s*(?:ft\.?)?\s*", str(value))
    if match is None:
        raise ValueError(f"bad range {value!r}")
    normal = int(match[1])
    long = int(match[2]) if match[2] else normal
    if not 0 < normal <= 10_000 or not 0 < long <= 10_000:
        raise ValueError(f"range {value!r} out of bounds")
    return normal, long


def _hp_by_pattern(value: Any) -> tuple[int, int | None]:  # parse_hp as it was
    match = re.fullmatch(r"\s*(\d+)\s*(?:/\s*(\d+))?\s*", str(value))
    if match is None:
        raise ValueError(f"bad hit points {value!r}")
    if match[2] is None:
        maximum, current = int(match[1]), None
    else:
        current, maximum = int(match[1]), int(match[2])
    if not 1 <= maximum <= 100_000:
        raise ValueError("the hit point maximum must be at least 1")
    if current is not None and current > maximum:
        raise OutOfBounds(
            f"{current} of {maximum} hit points: a hero never has more than its maximum",
            f"write {maximum} for a hero at full hit points, or raise the maximum",
        )
    return maximum, (None if current == maximum else current)


def _said(parse: Any, value: Any) -> Any:
    try:
        return parse(value)
    except ValueError as exc:  # OutOfBounds too
        return type(exc), str(exc), getattr(exc, "hint", None)


@given(_NUMBERY | st.integers(-5, 20_000) | st.text(max_size=6))
def test_ranges_and_hit_points_read_as_their_patterns_read_them(value: Any) -> None:
    from lnf.formats.short_forms import numbers, parse_hp, parse_range

    text = str(value)
    match = re.fullmatch(r"\s*(\d+)\s*(?:/\s*(\d+))?\s*", text)
    assert numbers(text) == (None if match is None else match.groups())
    assert _said(parse_range, value) == _said(_range_by_pattern, value)
    assert _said(parse_hp, value) == _said(_hp_by_pattern, value)


@pytest.mark.parametrize(
    "value",
    ["80/320", "120", " 5 ft. ", "5ft", "5 ft ..", "5ftft", "ft", "5/", "/5", "5/6/7", "٣/４", 30],
)
def test_range_examples(value: Any) -> None:
    from lnf.formats.short_forms import parse_range

    assert _said(parse_range, value) == _said(_range_by_pattern, value)


_PHASES = ["volley", "Volley", " volley", "melee", "chase", "apart", "volle", "Mêlée"]


def _phase_by_pattern(value: str) -> str:  # parse_phase as it was, as its text
    text = value.strip().lower().replace("mêlée", "melee")
    match = re.fullmatch(r"volley\s+(\d+)", text)
    if match:
        return f"volley {int(match[1])}" if 1 <= int(match[1]) <= 100 else "bad"
    return text if text in ("melee", "chase", "apart") else "bad"


def _phase(value: str) -> str:
    from lnf.formats.short_forms import parse_phase

    try:
        return str(parse_phase(value))
    except ValueError:
        return "bad"


@given(st.sampled_from(_PHASES), _NUMBERY)
def test_a_phase_reads_as_before(word: str, rest: str) -> None:
    for value in (word, word + rest):
        assert _phase(value) == _phase_by_pattern(value)


@pytest.mark.parametrize(
    "value", ["volley 3", "volley\t3", "volley\u20033", "VOLLEY  ٣", "volley 0", "volley 101"]
)
def test_phase_examples(value: str) -> None:
    assert _phase(value) == _phase_by_pattern(value)


def _enums() -> list[type[StrEnum]]:
    from lnf.model import enums

    found = {e for e in vars(enums).values() if isinstance(e, type) and issubclass(e, StrEnum)}
    return sorted(found - {StrEnum}, key=lambda e: e.__name__)


@given(st.sampled_from(_enums()), st.data())
def test_one_of_reads_a_spelling_as_the_walk_through_the_enum_did(
    enum: type[StrEnum], data: st.DataObject
) -> None:
    from lnf.formats.spec import Checker, OneOf
    from lnf.formats.yaml_source import Located

    spelling = st.sampled_from([e.value for e in enum])
    word = data.draw(
        spelling.map(str.upper)
        | spelling.map(str.title)
        | spelling.map(lambda w: f" {w} ")
        | spelling
        | st.text(max_size=6)
    )
    spec = OneOf(enum)
    assert spec.words == [e.value for e in enum] and type(spec.words) is list
    ck = Checker(Located({}, {}), "f.yaml")
    got = spec.read(word, ("x",), ck)
    walked = next((e for e in enum if e.value.lower() == word.strip().lower()), None)
    assert got is walked if walked is not None else ck.problems
