"""B8: Sunlight Sensitivity, a fight-level fact (a fight in sunlight)."""

from __future__ import annotations

from dataclasses import replace

from lnf.formats.fight_file import parse_fight
from lnf.formats.fight_writer import dump_fight
from lnf.model import Trait, TraitKind
from lnf.model.plan import Advantage, Mode
from lnf.rules.distance import roll_in_fight
from tests.builders import fight, hero, monster
from tests.test_fight_file import MINIMAL
from tests.test_traits import BITE


def test_b8_sunlight_sensitivity_disadvantage_in_a_fight_in_sunlight() -> None:
    kobold = monster("Kobold", traits=(Trait(TraitKind.SUNLIGHT_SENSITIVITY),), attacks=(BITE,))
    bram = hero("Bram")
    dark = fight([bram], [kobold], {"A": ["Bram", "Kobold"]})
    assert roll_in_fight(dark, kobold, bram, BITE, Mode.MELEE) == (Advantage.NORMAL, ())
    sunny = replace(dark, sunlight=True)
    how, why = roll_in_fight(sunny, kobold, bram, BITE, Mode.MELEE)
    assert how is Advantage.DISADVANTAGE
    assert why == ("Sunlight Sensitivity: Kobold is in sunlight (B8)",)
    plain = monster("Orc", attacks=(BITE,))
    assert roll_in_fight(sunny, plain, bram, BITE, Mode.MELEE)[0] is Advantage.NORMAL


def test_b8_sunlight_is_a_fight_level_field_written_back() -> None:
    text = "sunlight: true\n" + MINIMAL.replace("monsters:\n", "monsters:\n  - {monster: kobold}\n")
    f = parse_fight(text, "f.yaml")
    assert f.sunlight and f.monster("Kobold").trait(TraitKind.SUNLIGHT_SENSITIVITY) is not None
    assert parse_fight(dump_fight(f), "again.yaml").sunlight
    assert not parse_fight(MINIMAL, "f.yaml").sunlight
