"""Which combatant a DM or a player means: names as typed at a table ("goblin 1", "the wolf",
"Gob"), matched without regard to case, with "did you mean" for a typo. Every command and the
play words resolve names here, so they all forgive and refuse alike."""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence

from lnf.errors import Refused
from lnf.rules.wording import or_list

_ARTICLE = re.compile(r"^(?:the|a|an)\s+", re.IGNORECASE)


def match_name(text: str, names: Sequence[str]) -> str | None:
    """The one name `text` means: exactly, then ignoring case and a leading article, then as
    the start of a single name ("gob" for Goblin when there is one goblin); None otherwise."""
    if text in names:
        return text
    wanted = _ARTICLE.sub("", text.strip()).casefold()
    same = [n for n in names if n.casefold() == wanted]
    if len(same) == 1:
        return same[0]
    starting = [n for n in names if n.casefold().startswith(wanted)] if wanted else []
    return starting[0] if len(starting) == 1 else None


def suggestion(text: str, names: Sequence[str]) -> str:
    """ "did you mean 'Goblin 1'?" for a near miss, or the names that begin alike."""
    wanted = _ARTICLE.sub("", text.strip()).casefold()
    starting = [n for n in names if wanted and n.casefold().startswith(wanted)]
    if len(starting) > 1:
        return f"which one: {or_list(starting)}?"
    by_fold = {n.casefold(): n for n in names}
    close = difflib.get_close_matches(wanted, list(by_fold), n=1, cutoff=0.6)
    return f"did you mean {by_fold[close[0]]!r}?" if close else ""


def find_name(text: str, names: Sequence[str], what: str = "") -> str:
    """The name meant, or a refusal that says what is there and the nearest name."""
    found = match_name(text, names)
    if found is not None:
        return found
    near = suggestion(text, names)
    where = f" among {what}" if what else " in this fight"
    raise Refused(f"no {text!r}{where}" + (f"; {near}" if near else ""), options=names)
