"""Playing rounds (S1–S4, P6): everyone acts in strike order; monsters follow the plan, heroes
follow whoever decides for them (a player, a script, the hero policy, or the table itself).
The runner only adds events to the `Table`, the state following from them: it can stop after
any event (a player quits, the process is killed) and carry on later from the log."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from lnf.dice.roll import DiceSource
from lnf.engine import replan as p6
from lnf.engine.apply import Steps
from lnf.engine.before_fight import roll_initiative
from lnf.engine.berserk import berserk_turn
from lnf.engine.chasing import (
    chase_note,
    commit_speeds,
    monster_chase_turn,
    speed_decider,
    speeds_due,
    speeds_to_say,
    speeds_waiting,
    verify_speeds,
)
from lnf.engine.confusion import confused_turn
from lnf.engine.decisions import TurnChoice
from lnf.engine.effects import Rolled, round_start_ends, stand_up, turn_edge
from lnf.engine.guards import Waits, land
from lnf.engine.hero_turn import flight, hero_steps, this_turn, verify_act
from lnf.engine.legendary import legendary_actions
from lnf.engine.resolve import roll_death_save
from lnf.engine.round_start import (
    Planner,
    opening,
    plan_in_phase,
    recharge_pending,
    recharge_rolls,
    round_number,
    surprise_round_start,
)
from lnf.engine.sanctuary_saves import opportunity_lands
from lnf.engine.sides import HeroSide, rewind
from lnf.engine.table import Table
from lnf.engine.turns import leaving_next, monster_attacks, monster_search, opportunity
from lnf.engine.volleys import roll_volleys
from lnf.errors import NoLegalPlan, RuleViolation
from lnf.model import Fight, Guard, Hero, Monster, PhaseKind, Side, TurnEdge
from lnf.model.applied import Applied
from lnf.model.events import Begun, Ended, Event, Planned, Recorded, RoundStarted, Turn, TurnStarted
from lnf.model.plan import Plan
from lnf.rules.chase import in_chase
from lnf.rules.escapes import attack_first, bites_first
from lnf.rules.group_changes import order_step
from lnf.rules.hyrule import hyrule
from lnf.rules.legal import can_take_turn
from lnf.rules.reactions import opportunity_attackers
from lnf.rules.roster import cannot_act, heroes_up, in_fight, monsters
from lnf.rules.state_check import plan_notes
from lnf.rules.strike_order import strike_order, up_next
from lnf.rules.surprise import actions_in_surprise_round, held_note, surprise_round_next

VOLLEYS = "the volley rounds"  # the dice that set them (V1), rolled once per fight


@dataclass
class Runner:
    table: Table
    heroes: HeroSide
    planner: Planner
    say: Callable[[Applied], None]  # each event as it happens, for the screen
    dice: Callable[[], DiceSource] | None = None  # the DM's own dice; else the log's seed
    progress: Callable[[str], None] | None = None  # where it stands, for a big fight's screen
    _plan: tuple[object, Plan] | None = None  # (state key, plan) for P6
    _told: str = ""  # the note of the last plan told (a count it cannot meet, P6)
    _waiting: Waits | None = None  # F1: the table's answer a monster's hit waits for
    legendary_waits: Waits | None = None  # B7, B3: a legendary action's saves, at the table
    _dry: bool = False  # a turn played to see what it would ask, never recorded
    own_orders_kept: bool = True  # P6's decision; False re-plans after any change (the check)
    _carried: Plan | None = None  # the plan in force before a monster carried out its order

    @property
    def fight(self) -> Fight:
        return self.table.fight

    # --- the whole fight -------------------------------------------------------------------

    def begin(self, seed: int) -> None:
        """A new fight gets its seed; a fight under way is picked up where it stopped."""
        if self.table.seed is None:
            self._add(Begun(seed))
        first_round = not self.fight.turns.order and self.fight.round <= 1
        if hyrule(self.fight) and self.fight.first is None and first_round:  # V-HYR1
            self._add(roll_initiative(self.fight, self._dice("initiative")))
        self.resume()

    def resume(self) -> None:
        """Carry on a round under way as if nothing had stopped: what follows its start (B2's
        dice, C2's speeds, the plan) is done now if it was not; the plan is the last logged."""
        self._legendary()  # B7: after the hero's turn that ended last, if not yet played
        later = p6.this_round(self.table.in_force)
        if later is None or self.round_over() or self.winner() is not None:
            return
        if recharge_pending(later) and (rolls := recharge_rolls(self.fight, self._dice)):
            self._add(rolls)  # B2: a stop came before the round's recharge dice
        if (number := speeds_due(self.table.in_force)) is not None:
            self._commit_speeds(number)
        if (logged := p6.logged_plan(later, kept=self.own_orders_kept)) is not None:
            self._plan, self._told, self._carried = logged  # P6: as it was when it stopped
        else:
            self._plan = None
            self._current_plan()

    def play(self, rounds: int | None = None) -> Side | None:
        """Play until the fight ends (returns the winning side), `rounds` rounds have been
        started, or the hero side stops (returns None)."""
        started = 0
        while (winner := self.winner()) is None:
            if self.round_over():
                if rounds is not None and started >= rounds:
                    return None
                self.start_round()
                started += 1
            if not self.next_turn():
                return None
        return self._close(winner)

    def on_at_table(self, *, monster_turns: int | None) -> Side | None:
        """`lnf next` (one monster's turn) and `lnf round` (all of them, None): the hero
        whose turn is under way is done; then turns are played in strike order until a hero's
        turn begins (lnf waits for the table), an opportunity attack waits for the table's
        answer, `monster_turns` monsters have acted, or the round ends. A round is started
        only when none was under way. Returns the winner once the fight is over."""
        carried_on = self.fight.turns.current is not None
        if carried_on:
            self.end_turn()
        played = 0
        while (winner := self.winner()) is None:
            if self.legendary_waits is not None:
                return None  # B7, B3: the players roll the legendary action's saves first
            if self.round_over():
                if carried_on or played:
                    return None  # the round's end is a place to stop: lnf plan, records
                self.start_round()
                carried_on = True
            if speeds_waiting(self.table.in_force):
                return None  # C2: the table says the heroes' speeds first (lnf speed)
            who = up_next(self.fight)
            monster = who is not None and isinstance(self.fight.combatant(who), Monster)
            if monster and monster_turns is not None and played >= monster_turns:
                return None
            if not self.next_turn():
                return None
            played += monster
        return self._close(winner)

    def _close(self, winner: Side) -> Side:
        if not any(isinstance(e, Ended) for e in self.table.events):
            self._add(Ended(winner))
        return winner

    def winner(self) -> Side | None:
        """The fight ends when one side is all down or gone."""
        ended = self.table.ended()  # (remembered as far as it was read: asked every turn)
        if ended is not None:
            return ended.winner
        fight = self.fight
        if not monsters(fight):  # (who is in the fight: worked out once per state)
            return Side.HEROES
        if not heroes_up(fight.heroes):
            return Side.MONSTERS
        return None

    # --- rounds ----------------------------------------------------------------------------

    def round_over(self) -> bool:
        return up_next(self.fight) is None

    def start_round(self) -> None:
        if surprise_round_next(self.fight):  # V-ENC1: only those named act, before round 1
            self._add(surprise_round_start(self.fight))
            self._plan = None
            self._current_plan()
            return
        number = round_number(self.fight)
        if self.fight.phase.kind is PhaseKind.APART:
            self._add(roll_volleys(self.fight, self._dice(VOLLEYS)))
        for event in opening(self.fight):  # V2, R4, R5: what the rules do first
            self._add(event)
        if ended := round_start_ends(self.fight, number):  # F4: what lasted in rounds
            self._add(Recorded(ended, by_rules=True))
        order = tuple(strike_order(self.fight))
        self._add(RoundStarted(number, order, self.fight.phase))
        if rolls := recharge_rolls(self.fight, self._dice):  # B2: before the plan
            self._add(rolls)
        if self.fight.chase:
            self._commit_speeds(number)
        self._plan = None
        self._current_plan()  # the plan is made as the round starts; P6 may change it

    def _commit_speeds(self, number: int, told: dict[str, int] | None = None) -> None:
        """C2: everyone's speed at once; at the table the heroes' wait for the DM's word."""
        if told is None and self.heroes.at_table and speeds_to_say(self.fight):
            return
        decide = speed_decider(self.fight, self.heroes.dashes, told or {})
        dashed = commit_speeds(self.fight, decide, self._dice(f"round {number}: speeds"))
        self._add(Recorded((dashed,), by_rules=True))

    def say_speeds(self, told: dict[str, int]) -> None:
        """`lnf speed`: the heroes' dashes as the DM says them; everyone's speed goes in (C2)."""
        number = speeds_due(self.table.in_force)
        verify_speeds(self.fight, told, number)
        self._commit_speeds(number or 0, told)

    def next_turn(self) -> bool:
        """The next combatant in strike order takes its turn; False if it stopped instead: the
        heroes' side quit, or the table is to say what a hero does or a reaction."""
        order = self.fight.turns.order
        who = up_next(self.fight)
        assert who is not None, "the round is over"
        if self.progress is not None:
            self.progress(
                f"round {self.fight.round}: turn {order.index(who) + 1} of {len(order)}, {who}"
            )
        c = self.fight.combatant(who)
        if isinstance(c, Monster):
            return self._monster_turn(c)
        return self._hero_turn(c)

    # --- monsters --------------------------------------------------------------------------

    def _current_plan(self) -> Plan:
        """P6: plan again whenever the grid changed since the last plan. The chase runs beside
        the grid: its members are left out of the plan."""
        grid = p6.grid_view(self.fight)
        key = p6.plan_key(grid)
        if self._plan is not None and p6.spent_from_under(grid, self._plan[1]):
            self._plan = (None, self._plan[1])  # P6: an order can no longer be carried out
        if self._plan is not None and self._plan[0] == key:
            if self._carried is not None:  # P6: the plan stays; told again as a new plan says it
                told, self._carried = self._carried, None
                self._plan = (key, p6.still_to_act(grid, self._plan[1]))
                self._tell(grid, told, self._plan[1], replan=True, kept=True)
            return self._plan[1]
        self._carried = None
        replan = self._plan is not None
        if self.progress is not None:
            self.progress(f"round {self.fight.round}: planning the monsters' moves (P6)")
        try:
            plan = plan_in_phase(grid, self.planner)  # V4 or P1–P4
        except (NoLegalPlan, RuleViolation) as exc:
            plan = Plan(())
            self._told = f"no legal plan: {exc}"
            self._add(Planned((), replan=replan, note=self._told))
            self._plan = (key, plan)
            return plan
        old = self._plan[1] if self._plan is not None else None
        if plan.orders or any(in_fight(m) for m in grid.monsters):
            self._tell(grid, old, plan, replan=replan)
        self._plan = (key, plan)
        return plan

    def _tell(
        self, grid: Fight, old: Plan | None, plan: Plan, *, replan: bool, kept: bool = False
    ) -> None:
        """A plan is told when its orders or its notes differ from the plan before it."""
        note = "; ".join(plan_notes(grid))
        if old is None or p6.orders_changed(old, plan) or note != self._told:
            self._add(Planned(plan.orders, replan=replan, note=note, kept=kept))
            self._told = note

    def _carry_out(self, before: Fight, after: Fight) -> None:
        """P6's decision: a monster carrying out its order is no change to the plan in force."""
        if not self.own_orders_kept or self._plan is None or self._plan[0] != p6.plan_key(before):
            return
        if (kept := p6.carried_out(before, after, self._plan[1])) is not None:
            self._carried = self._carried or self._plan[1]
            self._plan = (p6.plan_key(after), kept)

    def open_reactions(self) -> tuple[Monster, tuple[Hero, ...]] | None:
        """M6: the next monster leaving a group, and the heroes who may attack it as it goes."""
        return leaving_next(self.fight, self._current_plan())

    def unanswered(self) -> tuple[Monster, tuple[Hero, ...]] | None:
        """The opportunity attacks the table has still to take or pass before the next monster
        leaves its group (a side that decides when asked has none waiting)."""
        reactions = self.open_reactions() if self.heroes.at_table else None
        if reactions is None or self.legendary_waits is not None:  # B7: its saves are first
            return None
        foe, heroes = reactions
        asks = self.heroes.takes_opportunity
        waiting = tuple(h for h in heroes if asks(self.fight, h, foe) is None)
        return (foe, waiting) if waiting else None

    def waiting_guard(self) -> Waits | None:
        """F1: the reaction the next monster's hit waits for the table to take or pass: its
        turn is played to that hit, and nothing of it is recorded."""
        who = up_next(self.fight)
        if self.legendary_waits is not None or not self.heroes.at_table or who is None:
            return self.legendary_waits  # B7: a legendary action's saves wait first (B3)
        monster = self.fight.combatant(who)
        if not isinstance(monster, Monster) or self.unanswered() is not None:
            return None
        self._waiting, self._dry = None, True
        kept = self._plan, self._carried  # P6: a move played dry carries out no order
        try:
            self._monster_turn(monster)
        except _Dry:
            pass
        finally:
            self._dry = False
            self._plan, self._carried = kept
        return self._waiting

    def _monster_turn(self, monster: Monster) -> bool:
        dice = self._turn_dice(monster)
        turn = self._begin(monster.name, dice)  # F4: what ends, and saves, as it starts
        monster = turn.fight.monster(monster.name)
        if held := cannot_act(monster) or held_note(self.fight, monster.name):
            self._finish(turn, held)  # F3; D12, V-ENC1
            return True
        if in_chase(self.fight, monster.name):
            dashed = monster.name in self.fight.turns.dashed
            started = len(turn.done)
            monster_chase_turn(turn, monster, dice)
            self._finish(turn, "" if len(turn.done) > started else chase_note(dashed))
            return True
        if self.heroes.tells_to_flee(self.fight, monster):
            first = self._current_plan().order_for(monster.name) if bites_first(monster) else None
            if (order := attack_first(turn.fight, monster, first)) is not None:  # C1: bite, go
                monster_attacks(turn, monster.name, order, dice, self._ask_guard, self.heroes)
            flight(turn, monster, dice, self.heroes)
            self._finish(turn)
            return True
        order = self._current_plan().order_for(monster.name)
        if order is None:
            self._finish(turn, "has no order")
            return True
        if self.heroes.at_table and self.unanswered() is not None:
            return False  # the table says first whether its heroes strike as the monster goes
        turn = turn.again_on(self.fight).rolling(dice)  # the plan may have added an event
        stand_up(turn)
        if (order := berserk_turn(turn, monster.name, order, dice, self._ask_guard)) is None:
            self._finish(turn)  # B8: the berserk golem attacked the nearest creature
            return True
        leaving = order_step(turn.fight, order)
        for foe in opportunity_attackers(turn.fight, leaving) if leaving is not None else []:
            hero = turn.fight.hero(foe)
            if self.heroes.takes_opportunity(turn.fight, hero, monster):
                them = turn.fight.monster(monster.name)
                if opportunity_lands(turn, hero.name, them, dice):  # B6, F7: its wards
                    land(turn, opportunity(turn.fight, hero, them, dice), None, dice)
                if not in_fight(turn.fight.monster(monster.name)):
                    self._finish(turn)
                    return True
        move = order_step(turn.fight, order)
        kept = self._plan, self._carried  # P6: the move counts once the turn is recorded
        if move is not None:
            before = p6.grid_view(turn.fight)
            turn.do(move)
            self._carry_out(before, p6.grid_view(turn.fight))
            if actions_in_surprise_round(turn.fight, monster.name) == 1:
                self._finish(turn, "has only one action in the surprise round: it moved (V-ENC1)")
                return True
        if order.action or (order.target is not None and order.mode is not None):
            try:
                monster_attacks(turn, monster.name, order, dice, self._ask_guard, self.heroes)
            except Waits as waits:
                self._waiting = waits
                self._plan, self._carried = kept  # nothing of the turn is recorded yet
                rewind(self.heroes)  # B3: nor are the players' d20s it used
                if (
                    not self._dry
                    and self._plan is not None
                    and not p6.logged_for(
                        self.table.in_force, self.fight, kept=self.own_orders_kept
                    )
                ):
                    # P6: logged for what reads the log alone (the players' page, B3)
                    self._add(Planned(self._plan[1].orders, True, self._told, kept=True))
                return False  # the table says first whether the hero takes its reaction
        else:  # R4: no attack ordered, so it searches for any hero hidden from it
            monster_search(turn, monster.name, dice)
        self._finish(turn)
        return True

    # --- heroes ----------------------------------------------------------------------------

    def _hero_turn(self, hero: Hero) -> bool:
        at_table = self.heroes.at_table
        dice = self._turn_dice(hero) if not at_table else self._edge_dice(hero, TurnEdge.START)
        turn = self._begin(hero.name, dice)  # F4: what ends, and saves, as it starts
        hero = turn.fight.hero(hero.name)
        if hero.current_hp == 0 and in_fight(hero):
            if hero.stable:
                self._finish(turn, "is stable at 0 hit points")
            else:
                turn.do(roll_death_save(hero, dice))  # D9
                self._finish(turn)
            return True
        if not can_take_turn(hero):
            self._finish(turn, cannot_act(hero) or "cannot act")
            return True
        if held := held_note(self.fight, hero.name):  # D12, V-ENC1
            self._finish(turn, held)
            return True
        if hero.name in self.fight.turns.dashed:  # C2: its action went into speed
            self._finish(turn, chase_note(True))
            return True
        if confused := confused_turn(turn, hero, dice):  # F7 Confusion: its d10
            self._finish(turn, confused)
            return True
        if at_table:
            if self.fight.turns.current != hero.name:
                if turn.steps:  # what ended as its turn started, and the saves then
                    self._add(Recorded(turn.steps, by_rules=True))
                self._add(TurnStarted(hero.name))
            return False  # the DM records what the hero does; lnf next ends the turn
        begun = stand_up(turn)  # the hero as its turn starts (V-ACL6's surge dice)
        choice = self.heroes.choose(begun, begun.hero(hero.name))
        if choice is None:
            return False
        turn = turn.again_on(self.fight).rolling(dice)  # standing up (5e) is part of its turn
        hero_steps(turn, hero, choice, dice, self.heroes)
        self._finish(turn)
        return True

    def _ask_guard(self, hero: Hero, foe: Monster, guard: Guard) -> bool | None:
        ask = getattr(self.heroes, "takes_guard", None)  # a side without guards never asks
        return ask(self.fight, hero, foe, guard) if ask is not None else False

    def _begin(self, who: str, dice: DiceSource) -> Rolled:
        """A turn starts (F4): what lasted until its start ends, saves repeated then roll."""
        turn = Rolled.turn(self.fight, who).rolling(dice)
        turn_edge(turn, who, TurnEdge.START, dice)
        return turn

    # --- heroes at the table ---------------------------------------------------------------

    def end_turn(self) -> None:
        """`lnf next`: the hero's turn under way at the table ends (what it did is logged)."""
        who = self.fight.turns.current
        assert who is not None, "no hero's turn is under way"
        hero = self.fight.hero(who)
        turn = Rolled.turn(self.fight, who).rolling(self._edge_dice(hero, TurnEdge.END))
        self._finish(turn, "ends the turn")

    def act(self, choice: TurnChoice, dice: DiceSource | None = None) -> Applied:
        """`lnf act`: the hero whose turn it is does what the DM says, checked here (S1) and
        rolled here (by the dice given: the player's own, or the log's for this part of the
        turn). Returns the record of what happened."""
        so_far = this_turn([r.event for r in self.table.in_force])
        verify_act(self.fight, choice)
        hero = self.fight.turns.current
        assert hero is not None  # verify_act refuses otherwise
        part = sum(1 for e in so_far if isinstance(e, Recorded) and e.actor == hero)
        dice = dice or self._dice(f"round {self.fight.round}: {hero}'s turn, part {part + 1}")
        steps = Rolled(self.fight).rolling(dice)
        hero_steps(steps, self.fight.hero(hero), choice, dice, self.heroes)
        applied = self.table.add_applied(steps.finish(Recorded(steps.steps, actor=hero)))
        self.say(applied)
        return applied

    # --- plumbing --------------------------------------------------------------------------

    def _dice(self, key: str) -> DiceSource:
        """The dice for one event, by what it is: the same, whatever came between (undo…)."""
        return self.dice() if self.dice is not None else self.table.dice(key)

    def _turn_dice(self, c: Hero | Monster) -> DiceSource:
        return self._dice(f"round {self.fight.round}: {c.name}'s turn")

    def _edge_dice(self, c: Hero | Monster, edge: TurnEdge) -> DiceSource:
        """At the table a hero's turn's start and end each roll their saves' own dice (F4)."""
        return self._dice(f"round {self.fight.round}: {c.name}'s turn, the {edge}")

    def _add(self, event: Event) -> None:
        if self._dry:
            raise _Dry
        self.say(self.table.add(event))

    def _finish(self, turn: Steps, note: str = "") -> None:
        """The turn ends (F4: what lasted until its end ends; saves repeated then roll)."""
        assert turn.who is not None
        if self._dry:
            raise _Dry
        if isinstance(turn, Rolled) and turn.dice is not None and turn.who in self.fight:
            turn_edge(turn, turn.who, TurnEdge.END, turn.dice)
        applied = turn.finish(Turn(turn.who, turn.steps, note))
        self.say(self.table.add_applied(applied))
        self._legendary()

    def _legendary(self) -> None:
        """B7: the legendary actions due after a hero's turn (`engine.legendary`), logged."""
        self.legendary_waits = legendary_actions(self.table, self._dice, self.heroes, self.say)


class _Dry(Exception):
    """A turn played only to see what it would ask reached a record: it stops there."""
