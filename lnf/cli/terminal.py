"""What lnf sends to a terminal: text that any terminal and any encoding can take.

- Characters the output's encoding lacks (→, ●, │, – on a Latin-1 or ASCII console) become
  plain ASCII stand-ins instead of a UnicodeEncodeError.
- Control characters in text lnf did not write itself (a path typed on the command line) are
  shown escaped, never sent raw: a name could otherwise move the cursor or recolour the screen.
"""

from __future__ import annotations

import codecs
import sys

STAND_INS = {
    "→": "->",
    "←": "<-",
    "–": "-",
    "—": "-",
    "−": "-",
    "·": ".",
    "●": "*",
    "○": "o",
    "│": "|",
    "─": "-",
    "┼": "+",
    "×": "x",
    "÷": "/",
    "…": "...",
    "⌊": "floor(",
    "⌋": ")",
    "≥": ">=",
    "≤": "<=",
    "’": "'",
    "‘": "'",
    "“": '"',
    "”": '"',
    "⁴⁰⁰": "^400",
}


def _stand_in(error: UnicodeError) -> tuple[str, int]:
    assert isinstance(error, UnicodeEncodeError)
    import unicodedata  # here, not at the top: most output never needs it (start-up time)

    out = []
    for ch in error.object[error.start : error.end]:
        plain = STAND_INS.get(ch)
        if plain is None:  # a letter with an accent keeps its letter: ê → e
            plain = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode() or "?"
        out.append(plain)
    return "".join(out), error.end


codecs.register_error("lnf-stand-ins", _stand_in)


def use_stand_ins() -> None:
    """Let stdout and stderr write what their encoding lacks as ASCII stand-ins."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and (stream.encoding or "").lower() not in ("utf-8", "utf8"):
            reconfigure(errors="lnf-stand-ins")


def escaped(text: str) -> str:
    """`text` with its control characters (but new lines and tabs) shown as escapes."""
    import unicodedata  # here, not at the top: only messages and status lines (start-up time)

    out = []
    for ch in text:
        if ch not in "\n\t" and unicodedata.category(ch) in ("Cc", "Cf"):
            out.append(repr(ch)[1:-1])
        else:
            out.append(ch)
    return "".join(out)


class StatusLine:
    """A line on stderr that says where a long command stands, written over itself; only on a
    terminal (never in a pipe or a file), and cleared before anything else is printed."""

    def __init__(self) -> None:
        self.shown = False

    def __call__(self, text: str) -> None:
        sys.stderr.write(f"\r\x1b[K{escaped(text)[:120]}")
        sys.stderr.flush()
        self.shown = True

    def clear(self) -> None:
        if self.shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
            self.shown = False
