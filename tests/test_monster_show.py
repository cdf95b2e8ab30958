"""B1, B2, B6: `lnf monsters show` says what each special action of the SRD bestiary does, in a
DM's words."""

from __future__ import annotations

from lnf.formats.bestiary import srd
from tests.cli import run


def test_every_special_action_shown_says_what_it_does() -> None:
    """B1, B2, B6: `lnf monsters show` says what each special action does, not only its name
    and uses; the wraith's Create Specter and the treant's Animate Trees once read "Create
    Specter:" and "Animate Trees: 1/day"."""
    from lnf.cli.monster_commands import _action_text

    bare = [
        (b["name"], text)
        for b in srd()
        for a in b.get("actions", [])
        if not (text := _action_text(a)).split(":", 1)[1].replace("1/day", "").strip(" ;")
    ]
    assert not bare
    code, out = run("monsters", "show", "wraith")
    said = " ".join(out.split())
    assert code == 0 and "Create Specter: a hero dead in this fight rises on its side" in said
    code, out = run("monsters", "show", "treant")
    assert "Animate Trees: 1/day; 2 trees join its side" in " ".join(out.split())


def test_f7_a_monsters_aura_spell_is_said_as_an_aura() -> None:
    """F7, B3: the priest's Spirit Guardians is an aura that catches the heroes of its group as
    their turns start, not a spell cast "on" a hero: `lnf monsters show` and the plan say so."""
    from lnf.formats.fight_file import parse_fight
    from lnf.model import Rank
    from lnf.model.plan import Order
    from lnf.views.action_words import order_words

    code, out = run("monsters", "show", "priest")
    said = " ".join(out.split())
    assert code == 0 and "an aura: each foe that starts its turn in its group saves (F7)" in said
    fight = parse_fight(
        "heroes: [{name: Quill, class: wizard, hp: 20}]\nmonsters: [{monster: priest}]\n", "p.yaml"
    )
    order = Order("Priest", Rank.FRONT, target="Quill", action="Spirit Guardians")
    assert order_words(fight, order) == (
        "casts Spirit Guardians (a 3rd-level spell slot): its aura catches Quill"
    )
    flame = Order("Priest", Rank.FRONT, target="Quill", action="Sacred Flame")
    assert order_words(fight, flame) == "casts Sacred Flame on Quill"
