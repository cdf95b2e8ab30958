"""B7 legendary actions: at the end of each hero's turn a legendary monster with points left
takes at most one option, the one with the most expected damage (B6) it reaches, at its
planned target if it reaches, else at the first hero in the target order (T2); points come
back as each round starts. Played in runs and at the table, logged, said, undone and carried
on after a stop. The dragon is built as an object from the SRD Adult Red Dragon's figures."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

from lnf.dice import parse
from lnf.engine.legendary import legendary_taker
from lnf.engine.monster_actions import SavesWait
from lnf.engine.runner import Runner
from lnf.engine.sides import TableHeroes
from lnf.engine.table import Table
from lnf.model import (
    LEGENDARY_ACTIONS,
    Ability,
    Area,
    Attack,
    Condition,
    Fight,
    Legendary,
    Monster,
    MonsterKind,
    Recharge,
    Resource,
    Rider,
    Shape,
    Side,
)
from lnf.model.applied import Applied
from lnf.model.events import Recorded, RoundStarted, Turn
from lnf.model.plan import Plan
from lnf.model.steps import Attacked, SpellCast, Used
from lnf.rules.legendary import legendary_choice
from lnf.solver import solve_plan
from lnf.views.page import page_data
from lnf.views.page_html import render_body
from lnf.views.transcript import describe
from tests.builders import fight, hero, monster
from tests.cli import run

ROOT = Path(__file__).resolve().parent.parent

BITE = Attack(name="Bite", to_hit=14, reach=10, damage=parse("2d10+8 piercing"))
CLAW = Attack(name="Claw", to_hit=14, damage=parse("2d6+8 slashing"))
TAIL = Attack(name="Tail", to_hit=14, reach=15, damage=parse("2d8+8 bludgeoning"))
WING = Attack(
    name="Wing Attack",
    save=(Ability.DEX, 22),
    damage=parse("2d6+8 bludgeoning"),
    area=Area(Shape.RADIUS, 10),
    riders=(Rider(conditions=(Condition.PRONE,)),),
)
DETECT = Legendary(name="Detect")
TAIL_ATTACK = Legendary(name="Tail Attack", attack="Tail")
WING_ATTACK = Legendary(name="Wing Attack", cost=2, action=WING)


ROLLED = TableHeroes(roll_saves=True)  # B3: lnf rolls the saves (lnf next --roll-saves)


def _dragon(points: int = 3, used: int = 0) -> Monster:
    return monster(
        "Adult Red Dragon",
        hp=256,
        ac=19,
        attacks=(BITE, CLAW, TAIL),
        multiattack=(("Bite", 1), ("Claw", 2)),
        legendary=(DETECT, TAIL_ATTACK, WING_ATTACK),
        resources=(Resource(LEGENDARY_ACTIONS, points, used, Recharge.ROUND),),
    )


def _lair(dragon: Monster | None = None) -> Fight:
    """Ann, Bo and Cy in group A with the dragon; Dee alone, unengaged."""
    heroes = [hero(n, hp=300, ac=16) for n in ("Ann", "Bo", "Cy", "Dee")]
    return fight(
        heroes,
        [dragon or _dragon()],
        {"A": ["Ann", "Bo", "Cy", "Adult Red Dragon"]},
        started=Side.MONSTERS,
    )


def _planner(f: Fight) -> Plan:
    return solve_plan(f, explain=False).plan


def _table_round(start: Fight, seed: int = 7) -> tuple[Table, Runner, list[Applied]]:
    """A round at the table, each hero's turn ended at once (lnf next), as the DM plays it."""
    table = Table(start)
    said: list[Applied] = []
    runner = Runner(table, ROLLED, _planner, said.append)
    runner.begin(seed)
    while runner.on_at_table(monster_turns=None) is None and table.fight.turns.order:
        if table.fight.turns.current is None and runner.round_over():
            break
    return table, runner, said


def _legendary(records: list[Applied]) -> list[tuple[str, Recorded]]:
    """(the hero whose turn it followed, the record) for each legendary action."""
    out = []
    for i, r in enumerate(records):
        if legendary_taker(r.event) is not None:
            assert isinstance(r.event, Recorded)
            before = [x.event for x in records[:i] if isinstance(x.event, Turn)]
            out.append((before[-1].who, r.event))
    return out


def _at_the_wing_attack() -> tuple[Table, Runner]:
    """The lair at the table (seed 7), played to the first hero's turn's end, where the Wing
    Attack's saves wait (B7, B3)."""
    table = Table(_lair())
    runner = Runner(table, TableHeroes(), _planner, lambda _: None)
    runner.begin(7)
    for _ in range(6):
        if runner.on_at_table(monster_turns=None) is None and runner.legendary_waits:
            break
    return table, runner


def test_b7_b3_at_the_table_a_legendary_actions_saves_wait_for_the_players_d20s() -> None:
    """B7, B3: after the first hero's turn the Wing Attack waits for its players' d20s as a
    breath on the dragon's turn does: nothing of it logged, the table stops (no monster's
    turn is played past it); with their faces said (lnf next --saves) it is played with them."""
    table, runner = _at_the_wing_attack()
    waits = runner.waiting_guard()
    assert isinstance(waits, SavesWait) and waits.action.name == "Wing Attack"
    assert waits.foe == "Adult Red Dragon" and len(waits.heroes) == 2
    assert not _legendary(list(table.in_force))
    logged = len(table.in_force)
    runner.on_at_table(monster_turns=None)  # lnf next again, no --saves: still waiting
    assert len(table.in_force) == logged and runner.unanswered() is None
    faces = dict(zip(waits.heroes, (20, 1), strict=True))
    Runner(table, TableHeroes(faces), _planner, lambda _: None).begin(7)
    (_, wing), *_ = _legendary(list(table.in_force))
    cast = next(s for s in wing.steps if isinstance(s, SpellCast))
    assert [(s.who, s.faces) for s in cast.saves] == [(h, (f,)) for h, f in faces.items()]


def test_b7_wing_attack_then_tail_attack_then_no_points_left() -> None:
    """Three points: Wing Attack (2, the most expected damage: two heroes caught) after the
    first hero's turn, Tail Attack (1) after the second, nothing after the third (B7)."""
    table, _, said = _table_round(_lair())
    taken = _legendary(said)
    heroes = [e.who for e in table.events if isinstance(e, Turn) and e.who != "Adult Red Dragon"]
    assert [h for h, _ in taken] == heroes[:2]
    wing, tail = (r for _, r in taken)
    assert wing.steps[0] == Used("Adult Red Dragon", LEGENDARY_ACTIONS, 2)
    cast = next(s for s in wing.steps if isinstance(s, SpellCast))
    assert cast.spell == "Wing Attack" and len(cast.targets) == 2  # E1: radius 10 → 2
    assert tail.steps[0] == Used("Adult Red Dragon", LEGENDARY_ACTIONS, 1)
    swings = [s for s in tail.steps if isinstance(s, Attacked)]
    assert len(swings) == 1 and swings[0].attack == "Tail"  # one roll
    left = next(r for r in table.fight.monster("Adult Red Dragon").resources)
    assert left.left == 0  # none beyond the round's points


def test_b7_the_points_come_back_as_the_next_round_starts() -> None:
    table, runner, _ = _table_round(_lair())
    runner.on_at_table(monster_turns=None)  # round 2 starts and goes to the first hero
    starts = [i for i, r in enumerate(table.in_force) if isinstance(r.event, RoundStarted)]
    assert table.in_force[starts[-1]].after.monster("Adult Red Dragon").resources[0].left == 3
    while runner.on_at_table(monster_turns=None) is None and not runner.round_over():
        pass
    second = _legendary(list(table.in_force[starts[-1] :]))
    assert [r.steps[0] for _, r in second] == [
        Used("Adult Red Dragon", LEGENDARY_ACTIONS, 2),
        Used("Adult Red Dragon", LEGENDARY_ACTIONS, 1),
    ]


def test_b7_wing_attack_needs_two_points() -> None:
    """With one point left the dragon takes Tail Attack, though Wing Attack deals more."""
    f = _lair(_dragon(used=2))
    pick = legendary_choice(f, f.monster("Adult Red Dragon"), "Ann")
    assert pick is not None and pick.option == TAIL_ATTACK and pick.targets == ("Ann",)
    full = _lair()
    best = legendary_choice(full, full.monster("Adult Red Dragon"), "Ann")
    assert best is not None and best.option == WING_ATTACK and best.targets == ("Ann", "Bo")
    assert legendary_choice(_lair(_dragon(used=3)), _dragon(used=3), "Ann") is None


def test_b7_tail_attack_at_the_planned_target_else_the_first_it_reaches() -> None:
    """P2 does not bind it: Dee, unengaged, is out of the tail's reach (A1: the dragon is in
    a group; A2: reach only from no group), so a planned Dee gives way to the first hero in
    T2 it reaches; Bo planned is Bo."""
    tail_only = replace(_dragon(), legendary=(DETECT, TAIL_ATTACK))
    f = _lair(tail_only)
    me = f.monster("Adult Red Dragon")
    assert legendary_choice(f, me, "Bo").targets == ("Bo",)  # type: ignore[union-attr]
    assert legendary_choice(f, me, "Dee").targets == ("Ann",)  # type: ignore[union-attr]
    assert legendary_choice(f, me, None).targets == ("Ann",)  # type: ignore[union-attr]


def test_b7_an_option_without_attack_or_action_is_never_taken() -> None:
    detect_only = replace(_dragon(), legendary=(DETECT,))
    f = _lair(detect_only)
    assert legendary_choice(f, f.monster("Adult Red Dragon"), "Ann") is None
    prone = replace(_dragon(), conditions=frozenset({Condition.STUNNED}))
    assert legendary_choice(_lair(prone), prone, "Ann") is None  # F3: incapacitated


def test_b7_said_like_a_dm() -> None:
    tail_only = replace(_dragon(points=1), legendary=(TAIL_ATTACK,))
    table, _, said = _table_round(_lair(tail_only))
    (hero_name, record), *_ = _legendary(said)
    applied = next(r for r in table.in_force if r.event == record)
    lines = describe(applied)
    assert lines[0] == (
        f"At the end of {hero_name}'s turn, Adult Red Dragon uses a legendary action (B7): "
        f"Tail Attack at Ann."
    )
    assert lines[1] == (
        "Adult Red Dragon spends 1 legendary action point (0 of 1 left this round) (B7)."
    )
    assert lines[2].startswith("Adult Red Dragon attacks Ann with Tail")


def test_b7_wing_attack_is_used_not_cast() -> None:
    _, _, said = _table_round(_lair())
    wing = next(r for r in said if legendary_taker(r.event) is not None)
    assert "Adult Red Dragon uses Wing Attack (10 ft radius, 2 targets) on Ann and Bo" in (
        "\n".join(describe(wing))
    )


def test_b7_undo_takes_a_legendary_action_back() -> None:
    table, _, _ = _table_round(_lair())
    while legendary_taker(table.in_force[-1].event) is None:
        table.undo()
    before = table.in_force[-1].before
    table.undo()
    assert table.fight == before


def test_b7_a_fight_stopped_after_a_heros_turn_carries_on_with_its_legendary_action() -> None:
    """The log is the fight: stopped between a hero's turn and the legendary action after it,
    the fight picked up from its log plays that legendary action, die for die."""
    table, _, _ = _table_round(_lair())
    events = table.events
    cut = next(i for i, e in enumerate(events) if legendary_taker(e) is not None)
    again = Table(_lair())
    for event in events[:cut]:
        again.replay(event)
    runner = Runner(again, ROLLED, _planner, lambda _: None)
    runner.begin(0)  # the seed is in the log already: this carries on
    assert again.events[cut] == events[cut]


def test_p6_a_legendary_action_is_no_change_unless_it_brings_one() -> None:
    """P6: a Tail Attack that only hurts leaves the plan in force (no new plan is made); a
    Wing Attack that knocks heroes prone changes the grid (a condition), so the monsters are
    planned again before the dragon's turn."""

    def planned(dragon: Monster) -> int:
        calls: list[Fight] = []

        def planner(f: Fight) -> Plan:
            calls.append(f)
            return _planner(f)

        table = Table(_lair(dragon))
        runner = Runner(table, ROLLED, planner, lambda _: None)
        runner.begin(7)
        while runner.on_at_table(monster_turns=None) is None and not runner.round_over():
            pass
        assert _legendary(list(table.in_force))  # it took one
        return len(calls)

    assert planned(replace(_dragon(points=1), legendary=(TAIL_ATTACK,))) == 1
    assert planned(_dragon()) == 2


def test_b7_in_a_run_with_the_hero_policy() -> None:
    """Runs (`lnf run`, odds) play legendary actions as the table does."""
    from lnf.heroes.policy import PolicyHeroes

    table = Table(_lair())
    runner = Runner(table, PolicyHeroes(), _planner, lambda _: None)
    runner.begin(3)
    runner.play(rounds=1)
    taken = _legendary(list(table.in_force))
    assert taken and all(h in ("Ann", "Bo", "Cy", "Dee") for h, _ in taken)
    spent = sum(r.steps[0].amount for _, r in taken if isinstance(r.steps[0], Used))
    assert spent <= 3 * table.fight.round


def test_b7_odds_count_the_heroes_uses_not_the_dragons_points() -> None:
    """`lnf odds`' uses spent are the heroes' sheets' (a monster's points are no hero's)."""
    from lnf.odds.fights import play_fight

    lair = _lair()
    weak = replace(lair, monsters=(replace(lair.monsters[0], hp=60),))
    outcome = play_fight(weak, 1, 5, MonsterKind.LNF, None, _planner)
    assert LEGENDARY_ACTIONS not in dict(outcome.spent)


def test_b7_the_players_page_says_a_legendary_action_without_the_dms_note() -> None:
    from lnf.views.page_events import happenings
    from lnf.views.page_hp import MonsterHp

    table, _, _ = _table_round(_lair())
    lines = happenings(table.in_force, dm=False, hp=MonsterHp.WORDS)
    assert "Adult Red Dragon takes a legendary action." in lines
    assert not any("legendary action (B7)" in line for line in lines)  # the rules' note: DM's


def test_b7_b3_at_the_table_lnf_next_asks_the_wing_attacks_saves_and_act_says_so(
    tmp_path: Path,
) -> None:
    """B7, B3 from the command line: after Nix's turn the adult black dragon's Wing Attack at
    Bram waits for his player's d20 (`lnf next` says how); `lnf act` meanwhile names the wait,
    not the ghoul that goes after it; `--saves` plays it with that d20."""
    fight = tmp_path / "lair.yaml"
    shutil.copy(ROOT / "tests" / "fights" / "table" / "dragon-lair.yaml", fight)
    run("next", str(fight), "--seed", "3")
    run("act", str(fight), "dodge")
    code, out = run("next", str(fight))
    wait = "Adult Black Dragon uses Wing Attack on Bram: rolls a Dexterity save (DC 19) (B3)."
    assert code == 0 and wait in out and "--saves Bram=N" in out
    code, out = run("act", str(fight), "dodge")
    assert code == 2 and "Wing Attack (a legendary action) waits for Bram's save first" in out
    code, out = run("next", str(fight), "--saves", "Bram=20")
    assert code == 0 and "Bram's DEX save 1d20 (20) + 2 = 22 vs DC 19: saves, takes 0" in out


def test_b7_s1_while_a_legendary_actions_saves_wait_the_page_marks_the_dragon_now() -> None:
    """B7, S1: between two turns the Wing Attack's saves wait. Before, the page's strike
    order marked the next combatant "next" as if its turn came at once; now the dragon acts
    now and nobody is marked next until the saves are said."""
    table, runner = _at_the_wing_attack()
    waits = runner.waiting_guard()
    assert isinstance(waits, SavesWait) and table.fight.turns.current is None
    data = page_data(table.fight, waits=waits)
    assert (data["current"], data["next"]) == ("Adult Red Dragon", None)
    html = render_body(data)
    assert "Adult Red Dragon — legendary action, now" in html and "— next" not in html
    assert page_data(table.fight)["next"] is not None  # with no wait, the next turn is marked
