"""B8: traits that are a standing fact of the fight file's monster rather than a rule of their
own: a creature that sheds bright light holds a light (S3: its side strikes first in its group),
and one that "is invisible" starts the fight invisible (F3: attacks at it with disadvantage, its
own with advantage). Each is read from the trait's own text, so a trait that only seems to say
it is left in `not_modelled`.
"""

from __future__ import annotations

import re
from typing import Any

from lnf.model.enums import Condition

# S3 "holds light": the trait's text says the creature sheds bright light. The magmin's is
# lit by a bonus action ("can set itself ablaze"): lnf takes it as lit for the fight, as a fire
# creature that gains S3's first strike by it would be (docs/choices.md, S3).
_SHEDS = re.compile(r"\bsheds bright light in a (?:\d+-foot|5- to 20-foot) radius\b")
_LIGHT_NAMES = ("illumination", "ignited illumination", "variable illumination")
# F3: "The stalker is invisible." and nothing more (a trait that makes itself invisible by an
# action is an action, read elsewhere).
_INVISIBLE = re.compile(r"^The [\w' -]+ is invisible\.$")


def standing(m: dict[str, Any]) -> tuple[dict[str, Any], frozenset[str]]:
    """The fight file's fields these traits give (`light`, `conditions`) and the names of the
    traits so played."""
    fields: dict[str, Any] = {}
    names: set[str] = set()
    for x in m.get("special_abilities") or ():
        if not isinstance(x, dict):
            continue
        name, desc = str(x.get("name", "")), str(x.get("desc", ""))[:2000].strip()
        if name.lower() in _LIGHT_NAMES and _SHEDS.search(desc):
            fields["light"] = True
            names.add(name)
        elif name.lower() == "invisibility" and _INVISIBLE.match(desc):
            fields["conditions"] = [str(Condition.INVISIBLE)]
            names.add(name)
    return fields, frozenset(names)
