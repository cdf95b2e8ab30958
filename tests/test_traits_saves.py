"""B8: the traits that touch a monster's saving throws and the damage it takes, each by its SRD
text: advantage against what a save imposes (Fey Ancestry, Brave, Dark Devotion, Two Heads,
Duergar Resilience, Gnome Cunning, Sure-Footed), Steadfast, Evasion, Fey Ancestry against
Sleep, Relentless and the Absorptions (Lightning, Fire, Acid)."""

from __future__ import annotations

import json

import pytest

from lnf.dice import DamageType, parse
from lnf.dice.roll import ScriptedDice
from lnf.engine.apply import Steps, apply
from lnf.engine.effects import ride
from lnf.engine.resolve import roll_spell
from lnf.engine.steps import apply_step
from lnf.formats.fight_file import parse_fight
from lnf.formats.fight_writer import dump_fight
from lnf.formats.not_played import NO_MAP, UNSUPPORTED, why
from lnf.formats.srd import stat_block
from lnf.formats.srd_traits import read_trait
from lnf.formats.trait_forms import parse_trait, trait_form
from lnf.model import Ability, Attack, Condition, Flag, Lasting, Rider, Trait, TraitKind
from lnf.model.applied import Applied
from lnf.model.events import Recorded
from lnf.model.steps import Damaged, SaveRolled
from lnf.rules.damage import defence_factor
from lnf.rules.spell_effects import sleepers
from lnf.rules.trait_saves import save_edge
from lnf.values import replace
from lnf.views.effects_text import save_roll
from tests.builders import fight, hero, monster
from tests.test_bestiary import SOURCE
from tests.test_fight_file import MINIMAL

WIS = ((Ability.WIS, 0), (Ability.STR, 0), (Ability.DEX, 0))
FEAR = Rider(save=(Ability.WIS, 13), conditions=(Condition.FRIGHTENED,), lasting=Lasting(rounds=10))


def _notes(done: Applied) -> str:
    return " ".join(n for s in done.steps for n in s.notes)


def _with(kind: TraitKind) -> Trait:
    return Trait(kind)


def test_b8_each_save_trait_gives_advantage_against_what_its_text_names() -> None:
    def edge(kind: TraitKind, ability: Ability, *against: Condition, **kw: bool) -> str:
        return save_edge(monster("M", traits=(_with(kind),)), ability, against, **kw)

    frightened, charmed, prone = Condition.FRIGHTENED, Condition.CHARMED, Condition.PRONE
    assert edge(TraitKind.BRAVE, Ability.WIS, frightened) == "Brave (against frightened)"
    assert edge(TraitKind.BRAVE, Ability.WIS, charmed) == ""
    assert edge(TraitKind.DARK_DEVOTION, Ability.WIS, charmed) == "Dark Devotion (against charmed)"
    assert edge(TraitKind.FEY_ANCESTRY, Ability.WIS, charmed) == "Fey Ancestry (against charmed)"
    assert edge(TraitKind.FEY_ANCESTRY, Ability.WIS, frightened) == ""
    two = edge(TraitKind.TWO_HEADS, Ability.CON, Condition.STUNNED)
    assert two == "Two Heads (against stunned)"
    assert edge(TraitKind.TWO_HEADS, Ability.CON, Condition.PARALYZED) == ""
    # Sure-Footed: Strength and Dexterity saves against prone only
    assert edge(TraitKind.SURE_FOOTED, Ability.STR, prone) == "Sure-Footed (against prone)"
    assert edge(TraitKind.SURE_FOOTED, Ability.CON, prone) == ""
    # Duergar Resilience: poison, spells, charmed, paralyzed
    duergar = TraitKind.DUERGAR_RESILIENCE
    assert (
        edge(duergar, Ability.WIS, Condition.PARALYZED) == "Duergar Resilience (against paralyzed)"
    )
    assert edge(duergar, Ability.DEX, spell=True) == "Duergar Resilience (against a spell)"
    assert edge(duergar, Ability.CON, poison=True) == "Duergar Resilience (against poison)"
    assert edge(duergar, Ability.DEX) == ""
    # Gnome Cunning: Intelligence, Wisdom and Charisma saves against magic (spells)
    gnome = TraitKind.GNOME_CUNNING
    assert edge(gnome, Ability.WIS, spell=True) == "Gnome Cunning (a Wisdom save against a spell)"
    assert edge(gnome, Ability.DEX, spell=True) == ""
    assert edge(gnome, Ability.WIS) == ""
    assert save_edge(hero("Bram"), Ability.WIS, (frightened,)) == ""  # monsters' traits only


def test_b8_a_knights_save_against_a_fear_rider_rolls_two_dice() -> None:
    knight = monster("Knight", saves=WIS, traits=(_with(TraitKind.BRAVE),))
    ghost = monster("Ghost")
    bram = hero(
        "Bram", attacks=(Attack(name="Dread", to_hit=5, damage=parse("1d4"), riders=(FEAR,)),)
    )
    f = fight([bram], [knight, ghost], {"A": ["Bram", "Knight"]})
    turn = Steps.turn(f, "Bram")
    ride(turn, "Bram", "Knight", "Dread", FEAR, ScriptedDice([4, 15]))
    save = next(s for s in turn.steps if isinstance(s, SaveRolled)).save
    assert save.faces == (4, 15) and save.success and save.advantage == "Brave (against frightened)"
    said = "2d20 (4, 15, advantage, Brave (against frightened): keeps 15) + 0 = 15 vs DC 13"
    assert save_roll(save) == said
    assert Condition.FRIGHTENED not in turn.fight.monster("Knight").conditions
    # the same save for a plain monster: one die, a failure, frightened
    turn = Steps.turn(f, "Bram")
    ride(turn, "Bram", "Ghost", "Dread", FEAR, ScriptedDice([4]))
    save = next(s for s in turn.steps if isinstance(s, SaveRolled)).save
    assert save.faces == (4,) and not save.success


def test_b8_duergar_resilience_against_hold_person() -> None:
    hold = Attack(
        name="Hold Person",
        to_hit=0,
        damage=parse("0"),
        save=(Ability.WIS, 14),
        spell=True,
        riders=(Rider(conditions=(Condition.PARALYZED,), lasting=Lasting(rounds=10)),),
    )
    lys = hero("Lys", "wizard", attacks=(hold,))
    duergar = monster("Duergar", traits=(_with(TraitKind.DUERGAR_RESILIENCE),))
    cast = roll_spell(fight([lys], [duergar]), lys, hold, ["Duergar"], ScriptedDice([5, 16]))
    (save,) = cast.saves
    assert save.faces == (5, 16) and save.advantage.startswith("Duergar Resilience (against")


def test_b8_steadfast_cannot_be_frightened_while_it_sees_an_ally() -> None:
    devil = monster("Bearded Devil", saves=WIS, traits=(_with(TraitKind.STEADFAST),))
    imp = monster("Imp")
    bram = hero("Bram")
    for others, blind, afraid in (([imp], False, False), ([], False, True), ([imp], True, True)):
        state = frozenset({Condition.BLINDED}) if blind else frozenset()
        f = fight([bram], [replace(devil, conditions=state), *others])
        turn = Steps.turn(f, "Bram")
        ride(turn, "Bram", "Bearded Devil", "Dread", FEAR, ScriptedDice([2]))
        got = Condition.FRIGHTENED in turn.fight.monster("Bearded Devil").conditions
        assert got == afraid, (others, blind)


def test_b8_evasion_none_on_a_saved_dex_spell_and_half_on_a_failure() -> None:
    fireball = Attack(
        name="Fireball", to_hit=0, damage=parse("8d6 fire"), save=(Ability.DEX, 15), spell=True
    )
    lys = hero("Lys", "wizard", attacks=(fireball,))
    assassin = monster("Assassin", hp=78, traits=(_with(TraitKind.EVASION),))
    rat = monster("Rat", hp=78)
    f = fight([lys], [assassin, rat])
    for face, expected in ((18, 0), (2, 14)):  # 8d6 of 3s and 4s: 28
        cast = roll_spell(
            f, lys, fireball, ["Assassin", "Rat"], ScriptedDice([3, 4] * 4 + [face, 2])
        )
        done = apply_step(f, cast)
        assert done.after.monster("Assassin").damage == expected
        assert done.after.monster("Rat").damage == 28
        assert any("Evasion: Assassin takes" in n for n in done.notes)


def test_b8_fey_ancestry_magic_cannot_put_a_drow_to_sleep() -> None:
    drow = monster("Drow", hp=13, traits=(_with(TraitKind.FEY_ANCESTRY),))
    goblin = monster("Goblin", hp=7)
    f = fight([hero("Lys")], [drow, goblin])
    assert sleepers(f, ("Drow", "Goblin"), 40) == ("Goblin",)


def test_b8_relentless_leaves_a_boar_at_1_hit_point_once_a_fight() -> None:
    boar = monster("Boar", hp=11, damage=6, traits=(Trait(TraitKind.RELENTLESS, hp=7),))
    f = fight([hero("Bram")], [boar], {"A": ["Bram", "Boar"]})
    once = apply(f, Recorded((Damaged("Boar", 7, DamageType.SLASHING),)))
    assert once.after.monster("Boar").current_hp == 1
    assert once.after.monster("Boar").has(Flag.RELENTLESS)
    assert "drops to 1 hit point instead (Relentless" in _notes(once)
    twice = apply(once.after, Recorded((Damaged("Boar", 1, DamageType.SLASHING),)))
    assert twice.after.monster("Boar").current_hp == 0  # spent: it dies
    harder = apply(f, Recorded((Damaged("Boar", 8, DamageType.SLASHING),)))
    assert harder.after.monster("Boar").current_hp == 0  # more than 7: it dies


def test_b8_absorption_heals_a_flesh_golem_struck_by_lightning() -> None:
    golem = monster(
        "Flesh Golem",
        hp=93,
        damage=20,
        immune=frozenset({DamageType.LIGHTNING}),
        traits=(Trait(TraitKind.ABSORPTION, stopped_by=frozenset({DamageType.LIGHTNING})),),
    )
    f = fight([hero("Lys")], [golem])
    zapped = apply(f, Recorded((Damaged("Flesh Golem", 9, DamageType.LIGHTNING),)))
    assert zapped.after.monster("Flesh Golem").damage == 11
    assert "Flesh Golem absorbs the lightning: it regains 9 hit points" in _notes(zapped)
    full = apply(f, Recorded((Damaged("Flesh Golem", 30, DamageType.LIGHTNING),)))
    assert full.after.monster("Flesh Golem").damage == 0  # never above its maximum
    cut = apply(f, Recorded((Damaged("Flesh Golem", 9, DamageType.SLASHING),)))
    assert cut.after.monster("Flesh Golem").damage == 29


def test_b8_the_new_traits_in_a_fight_file_round_trip_and_a_bad_one_is_refused() -> None:
    forms = [
        "fey ancestry",
        "brave",
        "dark devotion",
        "two heads",
        "duergar resilience",
        "gnome cunning",
        "sure-footed",
        "steadfast",
        "evasion",
        "relentless 7",
        "absorption (lightning)",
    ]
    for form in forms:
        assert trait_form(parse_trait(form)) == form
    text = MINIMAL.replace(
        "monsters:\n", f"monsters:\n  - {{name: Brute, hp: 9, traits: [{', '.join(forms)}]}}\n", 1
    )
    f = parse_fight(text, "f.yaml")
    assert len(f.monster("Brute").traits) == len(forms)
    assert (
        parse_fight(dump_fight(f), "again.yaml").monster("Brute").traits
        == f.monster("Brute").traits
    )
    for bad in ("relentless", "absorption", "absorption (wind)", "brave 3"):
        try:
            parse_trait(bad)
        except ValueError:
            continue
        raise AssertionError(bad)


NEW = {
    TraitKind.FEY_ANCESTRY: 2,
    TraitKind.BRAVE: 2,
    TraitKind.DARK_DEVOTION: 2,
    TraitKind.TWO_HEADS: 2,
    TraitKind.DUERGAR_RESILIENCE: 1,
    TraitKind.GNOME_CUNNING: 1,
    TraitKind.SURE_FOOTED: 3,
    TraitKind.STEADFAST: 1,
    TraitKind.EVASION: 1,
    TraitKind.RELENTLESS: 5,
    TraitKind.ABSORPTION: 4,
}


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_b8_every_srd_entry_with_these_traits_is_read_by_its_own_text() -> None:
    counts = dict.fromkeys(NEW, 0)
    for m in json.loads(SOURCE.read_text(encoding="utf-8")):
        block = stat_block(m)
        read = [parse_trait(f) for f in block.get("traits", [])]
        for x in m.get("special_abilities", []):
            name, desc = x["name"], x["desc"]
            trait = read_trait(name, desc)
            if trait is None or trait.kind not in NEW:
                continue
            counts[trait.kind] += 1
            if trait.kind is TraitKind.RELENTLESS:  # its figure and its use are its text's
                assert f"takes {trait.hp} damage or less" in desc
                assert x["usage"]["type"] == "recharge after rest"
            if trait.kind is TraitKind.ABSORPTION:  # one type, named by its name and its text
                (kind,) = trait.stopped_by
                assert name.lower() == f"{kind} absorption"
                assert f"subjected to {kind} damage, it takes no damage" in desc
            assert trait in read, (m["name"], name)
            assert f"{name} (trait)" not in block.get("not_modelled", [])
    assert counts == NEW
    # a text that says something else is not read
    assert read_trait("Brave", "The knight never flees.") is None
    assert (
        read_trait(
            "Fire Absorption",
            "Whenever the golem is subjected to acid damage, it "
            "takes no damage and instead regains a number of hit points equal to the "
            "acid damage dealt.",
        )
        is None
    )


def test_b8_traits_that_never_touch_a_fight_are_no_map() -> None:
    for item in (
        "Inscrutable (trait)",
        "Shielded Mind (trait)",
        "Wakeful (trait)",
        "Water Susceptibility (trait)",
    ):
        assert why(item) == NO_MAP, item
    assert why("Immutable Form (trait)") == UNSUPPORTED  # answers a spell the DM rules (F7)


def test_b8_an_absorbed_type_is_worth_nothing_to_a_heros_choice() -> None:
    mound = monster(
        "Mound", traits=(Trait(TraitKind.ABSORPTION, stopped_by=frozenset({DamageType.LIGHTNING})),)
    )
    assert defence_factor(mound, DamageType.LIGHTNING) == 0  # it heals: no hero aims it there
    assert defence_factor(mound, DamageType.FIRE) == 1
