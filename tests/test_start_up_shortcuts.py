"""Start-up (issue 24, goal 4): each shortcut that keeps a module unloaded by `lnf show` and
`lnf check` gives what the long way gives; the long way is Python's own here:
`bytes.decode("utf-8-sig")`, `unicodedata.category`, the ANSI pattern."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lnf.errors import InputError
from lnf.formats.files import decode_utf8_sig
from lnf.formats.spec import control_character
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

    text = x1_path.read_text().replace("name: Wight\n", "name: Wight\n    traits: [pack tactic]\n")
    assert text != x1_path.read_text()
    with pytest.raises(InputError) as caught:
        parse_fight(text, "f.yaml")
    with pytest.raises(ValueError) as said:
        trait_forms.parse_trait("pack tactic")
    assert f"{said.value} (expected {trait_forms._EXAMPLES})" in str(caught.value)
    assert trait_forms._EXAMPLES.startswith("pack tactics, martial advantage 2d6")


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
