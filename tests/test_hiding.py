"""R4 and the 5e text ("Unseen Attackers and Targets": "If you are hidden—both unseen and
unheard—when you make an attack, you give away your location when the attack hits or
misses"): a hero hidden in the back rank gives itself away with its attack, steps into the
front rank as the next round starts unless it hides again (docs/choices.md, R4)."""

from __future__ import annotations

from lnf.dice import DamageType
from lnf.dice.roll import ScriptedDice
from lnf.engine.apply import apply
from lnf.engine.effects import Rolled, ride
from lnf.engine.round_start import opening
from lnf.formats.fight_file import parse_fight
from lnf.model import Action, BackReason, Fight, Rank, Turns
from lnf.model.events import Recorded
from lnf.model.plan import Advantage, Mode
from lnf.model.steps import Acted, Attacked, Moved
from lnf.rules.attacks import unseen
from lnf.rules.holds import swallowed_by
from lnf.values import replace
from tests.builders import BOW, fight, hero, monster
from tests.test_swallow import FIGHT as WORM_FIGHT

HIDDEN = BackReason.HIDDEN


def _den(level: int = 5, cls: str = "rogue") -> Fight:
    """Bex hidden in the back rank with a bow; Orla holds the ogre in group A."""
    bex = hero("Bex", cls, level=level, attacks=(BOW,), rank=Rank.BACK, why=HIDDEN)
    return fight([hero("Orla"), bex], [monster("Ogre", hp=59)], {"A": ["Orla", "Ogre"]})


def _shot(attacker: str, target: str, hit: bool = False) -> Attacked:
    damage = ((DamageType.PIERCING, 5),) if hit else ()
    return Attacked(
        attacker,
        target,
        "Bow",
        Mode.RANGED,
        Advantage.NORMAL,
        (),
        (9,),
        9,
        4,
        11,
        hit,
        False,
        damage,
    )


def _turn_of(f: Fight, who: str, spent: bool = False) -> Fight:
    used = frozenset({who}) if spent else frozenset()
    return replace(f, turns=Turns(order=("Orla", "Bex"), current=who, used_action=used))


def test_r4_a_hero_hidden_in_the_back_rank_gives_itself_away_by_its_attack() -> None:
    """Hit or miss, the reason `hidden` ends with the attack: it stands back until the next
    round starts (monsters that act later this round may shoot it), then the front rank."""
    for hit in (False, True):
        done = apply(_den(), Recorded((_shot("Bex", "Ogre", hit),)))
        bex = done.after.hero("Bex")
        assert (bex.rank, bex.why) == (Rank.BACK, None) and not unseen(bex)
        assert "Bex gave away where it hid (R4): it may be shot now" in done.steps[0].notes
    after = apply(_den(), Recorded((_shot("Bex", "Ogre"),))).after
    (stepped,) = opening(replace(after, turns=Turns()))
    assert isinstance(stepped, Recorded) and stepped.steps == (Moved("Bex", rank=Rank.FRONT),)


def test_r4_a_monster_hidden_in_the_back_rank_stays_hidden_after_its_attack() -> None:
    """R6: the round's plan counted it as hidden; its reason is kept (docs/choices.md R4)."""
    f = fight([hero("Orla")], [monster("Ogre"), monster("Gnoll", rank=Rank.BACK, why=HIDDEN)])
    after = apply(f, Recorded((_shot("Gnoll", "Orla"),))).after
    assert (after.monster("Gnoll").rank, after.monster("Gnoll").why) == (Rank.BACK, HIDDEN)


def test_f6_a_swallowed_hero_that_attacks_from_inside_stays_inside() -> None:
    turn = Rolled(parse_fight(WORM_FIGHT, "worm.yaml")).rolling(ScriptedDice([]))
    bite = next(a for a in turn.fight.monster("Purple Worm").attacks if a.name == "Bite")
    for rider in bite.riders:
        ride(turn, "Purple Worm", "Ann", "Bite", rider, ScriptedDice([2]))
    assert swallowed_by(turn.fight, "Ann") == "Purple Worm"
    swing = _shot("Ann", "Purple Worm")
    after = apply(turn.fight, Recorded((swing,))).after
    assert (after.hero("Ann").rank, after.hero("Ann").why) == (Rank.BACK, HIDDEN)


def test_r4_hiding_again_keeps_the_back_rank() -> None:
    """The Hide action that succeeds gives a back-rank hero whose reason is gone `hidden`
    again; one that fails leaves it to step forward; a guarded hero keeps `guarded`."""
    seen = apply(_den(), Recorded((_shot("Bex", "Ogre"),))).after
    hid = apply(seen, Recorded((Acted("Bex", Action.HIDE, "15 vs 8", True),))).after
    assert (hid.hero("Bex").rank, hid.hero("Bex").why) == (Rank.BACK, HIDDEN)
    failed = apply(seen, Recorded((Acted("Bex", Action.HIDE, "5 vs 8", False),))).after
    assert failed.hero("Bex").why is None
    guarded = seen.with_combatant(replace(seen.hero("Bex"), why=BackReason.GUARDED))
    kept = apply(guarded, Recorded((Acted("Bex", Action.HIDE, "15 vs 8", True),))).after
    assert kept.hero("Bex").why is BackReason.GUARDED
