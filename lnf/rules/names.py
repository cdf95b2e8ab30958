"""Which combatant a DM or a player means: names as typed at a table ("goblin 1", "the wolf",
"Gob", "the dragon" for the only dragon, "green dragon" for Young Green Dragon), matched without
regard to case or spaces ("gnoll2"), with "did you mean" for a typo; "the wolves" for every
wolf where several may be named. Every command and the play words resolve names here, so they
all forgive and refuse alike."""

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
    spaced = [n for n in names if _squeezed(n) == _squeezed(wanted)]
    if len(spaced) == 1:  # "gnoll2", "goblin-archer 1": the spaces typed otherwise
        return spaced[0]
    starting = [n for n in names if n.casefold().startswith(wanted)] if wanted else []
    if len(starting) == 1:
        return starting[0]
    holding = _holding(wanted, names) if not starting else []
    return holding[0] if len(holding) == 1 else None


def leading_name(words: Sequence[str], names: Sequence[str]) -> int:
    """How many of `words`, typed without quotes before something else (`Gnoll 2 prone`),
    are the name: the most that spell one name exactly (any case, spaces aside), leaving at
    least one word; else the first word alone (matched as any name is, `match_name`)."""
    for n in range(len(words) - 1, 1, -1):
        text = _squeezed(" ".join(words[:n]))
        if sum(_squeezed(name) == text for name in names) == 1:
            return n
    return 1


def _squeezed(text: str) -> str:
    return re.sub(r"[\s_-]+", "", text.casefold())


def match_names(text: str, names: Sequence[str]) -> list[str]:
    """Every name a plural means ("the wolves", "goblins": each name that holds the word
    "wolf" or "goblin"); [] when `text` is no plural of a word in the names."""
    wanted = _ARTICLE.sub("", text.strip()).casefold()
    *before, last = wanted.split() or [""]
    for one in _singulars(last):
        words = [*before, one]
        found = _holding(" ".join(words), names)
        if found:  # "goblins": Goblin 1 and Goblin 2 before the Goblin Boss, if there are any
            return [n for n in found if _words(n) == words] or found
    return []


def _words(name: str) -> list[str]:
    return [w for w in re.split(r"[\s_-]+", name.casefold()) if w and not w.isdigit()]


def _holding(wanted: str, names: Sequence[str]) -> list[str]:
    """The names that hold every word of `wanted` ("green dragon" in Young Green Dragon)."""
    words = _words(wanted)
    if not words:
        return []
    return [n for n in names if all(w in _words(n) for w in words)]


def _singulars(word: str) -> list[str]:
    """What a plural may be the plural of: wolves → wolf, harpies → harpy, goblins → goblin."""
    if len(word) < 3 or not word.endswith("s"):
        return []
    out = [word[:-1]]
    if word.endswith("es"):
        out.append(word[:-2])
    if word.endswith("ves"):
        out += [word[:-3] + "f", word[:-3] + "fe"]
    if word.endswith("ies"):
        out.append(word[:-3] + "y")
    return out


def suggestion(text: str, names: Sequence[str]) -> str:
    """ "did you mean 'Goblin 1'?" for a near miss, or the names that begin alike."""
    wanted = _ARTICLE.sub("", text.strip()).casefold()
    starting = [n for n in names if wanted and n.casefold().startswith(wanted)]
    if len(starting) < 2 and not re.search(r"\d", wanted):  # or hold its every word ("naga":
        starting = _holding(wanted, names)  # Guardian, Spirit Naga; "Skeleton 9": no, a typo)
    if len(starting) > 1:  # a name with a comma in it ("Vampire, Bat Form") quoted whole
        return f"which one: {or_list([repr(n) if ',' in n else n for n in starting])}?"
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
