"""B1, F4: a creature that saves against an action whose text says so ("If a creature's saving
throw is successful or the effect ends for it, the creature is immune to the dragon's
Frightful Presence for the next 24 hours") is immune to that monster's use of it for the rest
of the fight: an effect on the hero, logged and taken back by undo, that keeps the action from
reaching it (rules.action_immunity)."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from lnf.dice.roll import ScriptedDice
from lnf.engine.effects import Rolled, recorded
from lnf.engine.table import Table
from lnf.engine.turns import monster_attacks
from lnf.formats.fight_file import parse_fight
from lnf.model import Condition, Fight, Rank
from lnf.model.effects import Effect
from lnf.model.events import Recorded
from lnf.model.plan import Mode, Order, Plan
from lnf.model.steps import EffectEnded, EffectStarted
from lnf.rules.action_immunity import immune, immunity, immunity_lasting
from lnf.rules.explain import held_actions
from lnf.rules.moves import start_spot
from lnf.rules.multiattack_first import first_use
from lnf.rules.plan_check import check_plan
from lnf.rules.specials import action_named
from lnf.solver import solve_plan
from lnf.solver.troops import own_effects
from lnf.views.effects_text import effect_text
from tests.test_bestiary_whole import _block, _source, needs_data

_IMMUNE = re.compile(r"immune to (?:the|this) [^.]+? for the next 24 hours", re.I)
_KEYS = ("actions", "legendary_actions", "special_abilities", "reactions")


def _played_actions(block: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The actions a bestiary block plays, by name: its special actions and its legendary
    options' own actions (under the option's name, its cost left off)."""
    out = {a["name"]: a for a in block.get("actions", [])}
    for option in block.get("legendary", []):
        if "action" in option:
            out[option["name"]] = option["action"]
    return out


@needs_data
def test_every_action_that_makes_a_creature_immune_is_read_as_its_text_says() -> None:
    """B1, F4, over every SRD entry: an action lnf plays is `immune_after` exactly when its
    text says a creature becomes immune to it "for the next 24 hours" (the 21 dragons'
    and the tarrasque's Frightful Presence, the nalfeshnee's Horror Nimbus, the mummies'
    Dreadful Glare, the lich's Frightening Gaze and the rest); a trait that says so (Fear
    Aura) is no action it plays."""
    said = 0
    for m in _source("5e-srd-5.1-monsters.json"):
        played = _played_actions(_block(m["name"]))
        for key in _KEYS:
            for entry in m.get(key) or []:
                name = re.sub(r"\s*\(costs \d actions\)", "", entry["name"], flags=re.I)
                if name not in played:
                    continue
                says = _IMMUNE.search(entry.get("desc", "")) is not None
                said += says
                assert bool(played[name].get("immune_after")) is says, (m["name"], name)
    assert said == 30  # all 32 SRD entries but two traits (Fear Aura, Horrific Appearance)


_DRAGON = """\
title: An adult red dragon
round: 2
phase: melee
heroes:
  - {name: Ann, class: fighter, hp: 160, ac: 18, saves: {wis: 1}}
  - {name: Bo, class: cleric, hp: 150, ac: 18, saves: {wis: 7}}
monsters:
  - {monster: Adult Red Dragon, used: {Fire Breath: 1}}
groups:
  A: [Ann, Bo, Adult Red Dragon]
"""
DRAGON = "Adult Red Dragon"
ORDER = Order(DRAGON, Rank.FRONT, target="Ann", mode=Mode.MELEE)
# Ann's Wisdom save 2 (+1: fails DC 19), Bo's 20 (saves); then bite, claw, claw: natural 1s
FACES = [2, 20, 1, 1, 1]


def _turn(f: Fight) -> Rolled:
    dice = ScriptedDice(list(FACES))
    turn = Rolled.turn(f, DRAGON).rolling(dice)
    monster_attacks(turn, DRAGON, ORDER, dice, lambda *_: True)
    return turn


def test_a_hero_that_saves_is_immune_to_that_dragons_frightful_presence() -> None:
    """B1, F4: "If a creature's saving throw is successful …, the creature is immune to the
    dragon's Frightful Presence for the next 24 hours": Bo saves and is immune; the next turn
    the dragon's Multiattack uses it on nobody (Ann is frightened, Bo immune)."""
    f = parse_fight(_DRAGON, "dragon.yaml")
    turn = _turn(f)
    after = turn.fight
    said = [
        effect_text(d.step, d.before, d.after)
        for d in turn.done
        if isinstance(d.step, EffectStarted)
    ]
    assert f"Bo: immune to {DRAGON}'s Frightful Presence, 24 hours (F4)." in said
    bo = [e for e in after.effects if e.who == "Bo"]
    assert [(e.what, str(e.lasting), e.by) for e in bo] == [
        (immunity(DRAGON, "Frightful Presence"), "24 hours", DRAGON)
    ]
    dragon = after.monster(DRAGON)
    presence = action_named(dragon, "Frightful Presence")
    assert presence is not None and presence.immune_after
    assert immune(after, "Bo", dragon, presence)
    assert Condition.FRIGHTENED in after.hero("Ann").conditions
    assert first_use(after, dragon, start_spot(after, DRAGON), Rank.FRONT) is None


def test_a_hero_frightened_is_immune_once_the_effect_ends() -> None:
    """B1, F4: "… or the effect ends for it": Ann failed and is frightened; with the fear
    taken off, the dragon's Frightful Presence still does not reach her."""
    f = parse_fight(_DRAGON, "dragon.yaml")
    after = _turn(f).fight
    fear = next(e for e in after.effects if e.who == "Ann" and e.condition is not None)
    cured = Rolled(after)
    cured.do(EffectEnded(fear.key, "the DM takes it off"))
    dragon = cured.fight.monster(DRAGON)
    assert Condition.FRIGHTENED not in cured.fight.hero("Ann").conditions
    assert first_use(cured.fight, dragon, start_spot(cured.fight, DRAGON), Rank.FRONT) is None
    # B1, F4: an immunity that ends is said as a DM says it, not "Ann: immune to … ends"
    mine = next(e for e in cured.fight.effects if e.who == "Ann" and e.what.startswith("immune"))
    gone = Rolled(cured.fight)
    done = gone.do(EffectEnded(mine.key, "it is dead"))
    assert effect_text(done.step, done.before, done.after) == (
        f"Ann is no longer immune to {DRAGON}'s Frightful Presence: it is dead (F4)."
    )


def test_an_immunity_is_a_logged_effect_that_undo_takes_back() -> None:
    """F4: the immunity is an effect begun in the record (EffectStarted); undo gives back
    the fight before the dragon's turn, Bo not immune."""
    f = parse_fight(_DRAGON, "dragon.yaml")
    table = Table(f)
    before = table.fight
    dice = ScriptedDice(list(FACES))
    applied = recorded(
        before, dice, lambda s: monster_attacks(s, DRAGON, ORDER, dice, lambda *_: True)
    )
    assert isinstance(applied.event, Recorded)
    started = [s for s in applied.event.steps if isinstance(s, EffectStarted)]
    assert {s.effect.what for s in started} >= {immunity(DRAGON, "Frightful Presence")}
    table.add_applied(applied)
    dragon = table.fight.monster(DRAGON)
    presence = action_named(dragon, "Frightful Presence")
    assert presence is not None and immune(table.fight, "Bo", dragon, presence)
    table.undo()
    assert table.fight == before
    assert not immune(table.fight, "Bo", dragon, presence)


def test_another_dragon_may_still_frighten_a_hero_immune_to_the_first() -> None:
    """B1: the immunity is to "the dragon's" Frightful Presence: the one that used it."""
    two = _DRAGON.replace(
        "  - {monster: Adult Red Dragon, used: {Fire Breath: 1}}\n",
        "  - {monster: Adult Red Dragon, name: Ember, used: {Fire Breath: 1}}\n"
        "  - {monster: Adult Red Dragon, name: Cinder, used: {Fire Breath: 1}}\n",
    ).replace("Bo, Adult Red Dragon]", "Bo, Ember, Cinder]")
    f = parse_fight(two, "dragons.yaml")
    dice = ScriptedDice(list(FACES))
    turn = Rolled.turn(f, "Ember").rolling(dice)
    monster_attacks(
        turn,
        "Ember",
        Order("Ember", Rank.FRONT, target="Ann", mode=Mode.MELEE),
        dice,
        lambda *_: True,
    )
    cinder = turn.fight.monster("Cinder")
    used = first_use(turn.fight, cinder, start_spot(turn.fight, "Cinder"), Rank.FRONT)
    assert used is not None and used[1] == ("Bo",)


def test_p5_says_frightful_presence_is_held_back_because_every_hero_is_immune() -> None:
    """B1, P5: once both heroes have faced it, the dragon holds back its Frightful Presence
    because they are immune, not because they are out of its 120 ft radius (B4)."""
    after = _turn(parse_fight(_DRAGON, "dragon.yaml")).fight
    held = dict(held_actions(after, Plan((ORDER,))))[DRAGON]
    assert ("B1", "every hero is immune to Frightful Presence (a save against it, 24 hours)") in (
        held
    )


_HARPIES = """\
title: Two harpies
round: 2
phase: melee
heroes:
  - {name: Ann, class: fighter, hp: 40, ac: 18}
  - {name: Bo, class: cleric, hp: 40, ac: 18}
monsters:
  - {monster: harpy, count: 2}
"""


def test_twins_sing_to_the_hero_only_the_one_she_did_not_face_can_reach() -> None:
    """B1, F4, P2: Ann and Bo faced Harpy 2's Luring Song (immune to it), not Harpy 1's. The
    twins form no troop (`solver.troops.own_effects`): the plan gives the song to Harpy 1 and
    passes the validator. Before, the troop's song went to its second member, Harpy 2: a plan
    the validator refuses, now saying why (B1: they faced her song and are immune to it)."""
    f = parse_fight(_HARPIES, "harpies.yaml")
    song = immunity("Harpy 2", "Luring Song")
    faced = tuple(
        Effect(k + 1, who, song, immunity_lasting(), 1, by="Harpy 2")
        for k, who in enumerate(("Ann", "Bo"))
    )
    f = replace(f, effects=faced, effects_begun=2)
    assert {(e.who, e.what) for e in own_effects(f, "Harpy 2")} == {
        ("Ann", "immune to 's Luring Song"),
        ("Bo", "immune to 's Luring Song"),
    }
    assert own_effects(f, "Harpy 1") == frozenset()
    plan = solve_plan(f, explain=False).plan
    assert check_plan(f, plan) == []
    singing = [o.monster for o in plan.orders if o.action == "Luring Song"]
    assert singing == ["Harpy 1"]
    song_at = Order("Harpy 2", Rank.FRONT, target="Ann", mode=Mode.RANGED, also=("Bo",))
    wrong = Plan((replace(song_at, action="Luring Song"),))
    said = [(v.rule, v.message) for v in check_plan(f, wrong)]
    immune_said = "Ann and Bo faced Harpy 2's Luring Song and are immune to it"
    assert [r for r, m in said if m.startswith(immune_said)] == ["B1"]
