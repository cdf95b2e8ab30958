"""`lnf schema`: the JSON Schema of the fight file, drawn from the same spec that reads it."""

from __future__ import annotations

from typing import Any

from lnf.formats.fight_spec import FIGHT


def fight_schema() -> dict[str, Any]:
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "lnf fight file",
        **FIGHT.json_schema(),
    }
    # A monster taken by name (`monster: bugbear`) gets its name and hit points from there.
    monster = schema["properties"]["monsters"]["items"]
    required = monster.pop("required", [])
    monster["anyOf"] = [{"required": ["monster"]}, {"required": required}]
    return schema
