"""A chase round for the runner (C2–C5): speeds first, then attacks and hiding by escape points.

What monsters do in a chase is decided here (the system decides, as for the plan): escapers
dash while their free dashes last, then try to hide; pursuers attack the escaper highest in
the target order they can reach, and dash to close in when they cannot.
"""

from __future__ import annotations

from collections.abc import Callable

from lnf.dice.roll import DiceSource, roll_d20
from lnf.engine.apply import Steps
from lnf.engine.resolve import roll_attack
from lnf.errors import Refused
from lnf.model import Attack, Fight, Hero, Monster
from lnf.model.applied import Applied
from lnf.model.events import Event, Recorded, RoundStarted
from lnf.model.plan import Advantage, Mode
from lnf.model.steps import Dashed, Hid, Saved
from lnf.rules.chase import (
    aggressive,
    can_hide_from,
    chase_mode,
    chasing,
    escapers,
    needs_check,
)
from lnf.rules.d20 import passes
from lnf.rules.roster import in_fight, incapacitated
from lnf.rules.target_order import target_order

DASH_DC = 10  # C3
MAX_DASHES = 2  # C2: the action and the bonus action (Cunning Action and the like)


def speed_policy(fight: Fight, c: Hero | Monster) -> int:
    """How many dashes a combatant commits when nobody decides for it (C2, C3): an escaper
    dashes while its free dashes last; a pursuer dashes when it cannot reach anyone to attack
    and has a free dash left (one immune to exhaustion always has, C3); an Aggressive pursuer
    dashes with its bonus action while a free dash is left, and with its action too when it
    cannot reach anyone and another is free."""
    free_left = 1 if needs_check(c, 1) == 0 else 0
    if aggressive(fight, c) and free_left:  # B8: its bonus action's dash, its action left
        free_too = needs_check(c, 2) == 0
        return 2 if free_too and chase_target(fight, c) is None else 1
    if c.name in escapers(fight):
        return 1 if free_left > 0 else 0
    if chase_target(fight, c) is not None:
        return 0
    return 1 if free_left > 0 else 0


def speeds_due(records: list[Applied]) -> int | None:
    """The round under way, if it started in a chase and nobody's speed is in yet (C2)."""
    starts = [i for i, r in enumerate(records) if isinstance(r.event, RoundStarted)]
    if not starts or not records[starts[-1]].after.chase:
        return None
    if any(speeds_committed(r.event) for r in records[starts[-1] + 1 :]):
        return None
    return records[starts[-1]].after.round


def speed_decider(
    fight: Fight, heroes: Callable[[Fight, Hero], int], told: dict[str, int]
) -> Callable[[Hero | Monster], int]:
    """C2: who decides each speed: what the table said, the heroes' side, the system."""

    def decide(c: Hero | Monster) -> int:
        if c.name in told:
            return told[c.name]
        return heroes(fight, c) if isinstance(c, Hero) else speed_policy(fight, c)

    return decide


def speeds_to_say(fight: Fight) -> list[Hero]:
    """C2 at the table: the heroes in the chase whose speed the DM says (every hero able to
    spend an action on it), in the fight's order."""
    names = chasing(fight)
    return [
        h
        for h in fight.heroes
        if h.name in names and not incapacitated(h) and h.current_hp > 0 and in_fight(h)
    ]


def speeds_waiting(records: list[Applied]) -> list[Hero]:
    """C2 at the table: the heroes whose speed the chase round under way waits for."""
    return speeds_to_say(records[-1].after) if speeds_due(records) is not None else []


def verify_speeds(fight: Fight, told: dict[str, int], due_in: int | None) -> None:
    """C2: the table names every hero in the chase at once (secretly, then revealed), each
    with 0, 1 (the action) or 2 dashes (the bonus action too: Cunning Action and the like),
    while the chase round under way waits for them (`due_in`, from `speeds_due`)."""
    if due_in is None:
        raise Refused("no chase round waits for the heroes' speeds now", rule="C2")
    due = [h.name for h in speeds_to_say(fight)]
    for name, n in told.items():
        if name not in due:
            raise Refused(f"{name} has no speed to commit in this chase round", rule="C2")
        if not 0 <= n <= MAX_DASHES:
            raise Refused(
                f"{name} dashes {n} times: 0, 1 (the action) or 2 (the bonus action too)",
                rule="C2",
            )
    if missing := [n for n in due if n not in told]:
        raise Refused(f"say every hero's speed at once: {', '.join(missing)} not said", rule="C2")


def commit_speeds(
    fight: Fight, decide: Callable[[Hero | Monster], int], dice: DiceSource
) -> Dashed:
    """C2: everyone in the chase commits speed at once; C3: a check for each dash past the
    free ones (DC 10 Constitution; failing gives a level of exhaustion)."""
    dashes: list[tuple[str, int]] = []
    checks: list[Saved] = []
    for name in sorted(chasing(fight), key=_order(fight)):
        c = fight.combatant(name)
        n = 0 if incapacitated(c) or c.current_hp == 0 else decide(c)
        dashes.append((name, n))
        for _ in range(needs_check(c, n)):
            dice.about(f"{name}'s Constitution check for a dash past the free ones: DC {DASH_DC}")
            check = roll_d20(dice, c.con)
            passed = passes(fight, check, check.total, DASH_DC)  # V-D20-5: not a skill check
            checks.append(Saved(name, check.faces, c.con, DASH_DC, passed))
    return Dashed(tuple(dashes), tuple(checks))


def _order(fight: Fight) -> Callable[[str], int]:
    index = {c.name: i for i, c in enumerate(fight.everyone)}
    return lambda name: index[name]


def chase_target(fight: Fight, c: Hero | Monster) -> tuple[str, Attack, Mode, Advantage] | None:
    """C4: whom a pursuer attacks: heroes in target order, monsters in danger order; the best
    attack that reaches across the pair's escape points (no disadvantage first)."""
    partners = [p.escaper for p in fight.chase if p.pursuer == c.name]
    if isinstance(c, Monster):
        ranked = [h.name for h in target_order(fight) if h.name in partners]
    else:
        ranked = [m.name for m in fight.monsters if m.name in partners]
    for name in ranked:
        if not in_fight(fight.combatant(name)):
            continue
        reach = {a: found for a in c.attacks if (found := chase_mode(fight, c.name, name, a))}
        if reach:
            best = max(
                reach,
                key=lambda a: (
                    reach[a][1] is not Advantage.DISADVANTAGE,
                    a.damage.average * a.times,
                ),
            )
            mode, roll = reach[best]
            return name, best, mode, roll
    return None


def monster_chase_turn(turn: Steps, monster: Monster, dice: DiceSource) -> None:
    """A monster's turn in a chase: nothing after dashing; an escaper hides (C5); a pursuer
    attacks (C4)."""
    if monster.name in turn.fight.turns.dashed:
        return
    if monster.name in escapers(turn.fight):
        hid = hide_from_pursuers(turn.fight, monster, dice)
        if hid is not None:
            turn.do(hid)
        return
    found = chase_target(turn.fight, monster)
    if found is None:
        return
    target, attack, mode, _ = found
    for _ in range(attack.times):
        hero = turn.fight.combatant(target)
        if not in_fight(hero):
            break
        me = turn.fight.monster(monster.name)
        turn.do(roll_attack(turn.fight, me, hero, attack, mode, dice))


def hide_from_pursuers(fight: Fight, c: Hero | Monster, dice: DiceSource) -> Hid | None:
    """C5: one Dexterity (Stealth) check against the passive Perception of every pursuer the
    escaper has at least one escape point on; each one it beats has lost it for good."""
    against = {p: fight.combatant(p).perception for p in can_hide_from(fight, c.name)}
    if not against:
        return None
    dice.about(f"{c.name} tries to hide from its pursuers: Stealth {c.stealth:+d}")
    check = roll_d20(dice, c.stealth)
    return Hid(c.name, check.faces, c.stealth, tuple(against.items()))


def speeds_committed(event: Event) -> bool:
    """The chase's speeds of a round (C2), recorded as the round starts."""
    return isinstance(event, Recorded) and any(isinstance(s, Dashed) for s in event.steps)


def chase_note(dashed: bool) -> str:
    return "runs flat out (C2)" if dashed else "finds nothing to do in the chase"
