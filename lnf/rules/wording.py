"""Small helpers so that rule messages read like a DM talking."""

from __future__ import annotations

from collections.abc import Iterable


def and_list(names: Iterable[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    items = list(names)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def or_list(names: Iterable[str]) -> str:
    """ "A", "A or B", "A, B or C"."""
    items = list(names)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def plural(n: int, word: str, many: str | None = None) -> str:
    """ "1 monster", "3 monsters", "1 hit point"; `many` for the irregular ("heroes")."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


_SMALL_WORDS = frozenset(
    {"a", "an", "and", "at", "by", "for", "from", "in", "of", "on", "the", "to"}
)


def title(name: str) -> str:
    """A spell or item named as the books print it: "Cone of Cold", "Wall of Fire" (never
    str.title's "Cone Of Cold"); the first word is always capitalized."""
    words = name.split()
    return " ".join(
        w if i and w.lower() in _SMALL_WORDS else w[:1].upper() + w[1:] for i, w in enumerate(words)
    )


# Letters whose names begin with a vowel sound: "an O dot", "an N dot", "a C dot".
_VOWEL_LETTERS = frozenset("AEFHILMNORSX")


def a_an(word: str) -> str:
    """ "a C dot", "an O dot", "an orc", "a goblin": the article as it is said."""
    if word[:1].isdigit():  # "an 8th", "an 11th", "a 1st"
        return f"{'an' if word.startswith(('8', '11', '18')) else 'a'} {word}"
    if len(word) == 1 or (word[:1].isupper() and word[1:2] in ("", " ", "-")):
        article = "an" if word[:1].upper() in _VOWEL_LETTERS else "a"
    else:
        article = "an" if word[:1].lower() in "aeiou" else "a"
    return f"{article} {word}"


def copy_names(name: str, count: int) -> list[str]:
    """G3: `count` copies of one entry are "Name 1".."Name n"; one alone is "Name"."""
    return [name] if count == 1 else [f"{name} {n}" for n in range(1, count + 1)]


def names_its_kind(name: str, kind: str) -> bool:
    """G3: the name says the stat block already: "Ghoul", or a copy of it, "Ghoul 3"."""
    entry, _, number = name.rpartition(" ")
    said = entry if number.isdigit() else name
    return said.casefold() == kind.casefold()
