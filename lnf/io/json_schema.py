"""`lnf schema`: the JSON Schema of the fight file, drawn from the same spec that reads it."""

from __future__ import annotations

from typing import Any

from lnf.io.fight_spec import FIGHT


def fight_schema() -> dict[str, Any]:
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "lnf fight file",
        **FIGHT.json_schema(),
    }
