"""Legendary options read from their own words (B7): "The vampire makes one unarmed strike" is
its Unarmed Strike, taken at the end of a hero's turn where it has the most expected damage
it can reach (B6), as a tail attack is."""

from __future__ import annotations

from pathlib import Path

from lnf.formats.bestiary import srd
from lnf.formats.fight_file import load_fight
from lnf.model import LEGENDARY_ACTIONS, Fight, Legendary
from lnf.rules.legendary import legendary_choice
from lnf.values import replace


def _vampire(tmp_path: Path) -> Fight:
    path = tmp_path / "crypt.yaml"
    path.write_text(
        "heroes: [{name: Ann, class: fighter, hp: 60}, {name: Bo, class: cleric, hp: 60}]\n"
        "monsters: [{monster: 'vampire, vampire form'}]\n"
        "groups: {A: [Ann, Bo, 'Vampire, Vampire Form']}\n",
        encoding="utf-8",
    )
    return load_fight(path)


def test_the_vampires_legendary_unarmed_strike_is_its_unarmed_strike(tmp_path: Path) -> None:
    block = next(b for b in srd() if b["name"] == "Vampire, Vampire Form")
    strike = next(o for o in block["legendary"] if o["name"] == "Unarmed Strike")
    assert strike == {"name": "Unarmed Strike", "attack": "Unarmed Strike"}
    assert "legendary action Unarmed Strike" not in block["not_modelled"]
    f = _vampire(tmp_path)
    vampire = f.monster("Vampire, Vampire Form")
    assert Legendary(name="Unarmed Strike", attack="Unarmed Strike") in vampire.legendary
    pick = legendary_choice(f, vampire, "Bo")
    assert pick is not None and pick.targets == ("Bo",)
    assert pick.option.name == "Bite"  # 2 points: the bite's necrotic does more (B6)
    one = replace(
        vampire,
        resources=tuple(
            replace(r, used=r.total - 1) if r.name == LEGENDARY_ACTIONS else r
            for r in vampire.resources
        ),
    )
    pick = legendary_choice(f.with_combatant(one), one, "Bo")
    assert (
        pick is not None
        and pick.option.name == "Unarmed Strike"
        and pick.use.name == ("Unarmed Strike")
    )
