"""The rules in a DM's words (`lnf rules`): a short glossary shipped with the package, one entry
per rule id that lnf cites, read from `lnf/glossary.txt`."""

from __future__ import annotations

import re

from lnf.formats.files import packaged_text
from lnf.model import RuleFamily
from lnf.values import value


@value
class Entry:
    rule: str
    title: str
    text: str


def glossary() -> list[Entry]:
    """Every entry, in the order of the rules reference."""
    raw = packaged_text("glossary.txt")
    entries = []
    for block in re.split(r"\n\s*\n", raw):
        lines = [line for line in block.strip().splitlines() if not line.startswith("#")]
        if not lines:
            continue
        rule, _, title = lines[0].partition(" ")
        entries.append(Entry(rule, title.strip(), " ".join(x.strip() for x in lines[1:])))
    return entries


def family(rule: str) -> RuleFamily | None:
    """The family a rule id belongs to (G, R, M… V-ACL), None for a word that is no id."""
    try:
        return RuleFamily.of(rule)
    except ValueError:
        return None


def lookup(words: list[str]) -> tuple[list[Entry], list[str]]:
    """The entries `words` name — ids (`K2`, `k2`), families (`K`) or words in a title
    (`guarded`) — and the words that name none."""
    entries = glossary()
    found: list[Entry] = []
    missing = []
    for word in words:
        wanted = word.strip().upper()
        hits = [e for e in entries if e.rule == wanted]
        named = family(wanted) if wanted in set(RuleFamily) else None  # a family alone, not an id
        hits = hits or [e for e in entries if named is not None and family(e.rule) is named]
        hits = hits or [e for e in entries if word.lower() in e.title.lower()]
        if not hits:
            missing.append(word)
        found += [e for e in hits if e not in found]
    return found, missing
