"""Chases (C1–C6): escape points per escaper/pursuer pair, speeds, dashing and who can reach.

The chase runs beside the grid: its pairs are kept in `Fight.chase`, its members are out of
their mêlée groups, and the monsters' plan leaves them out.
"""

from __future__ import annotations

from lnf.errors import Refused
from lnf.model import Attack, AttackKind, Fight, Hero, Monster, Pool, TraitKind
from lnf.model.plan import Advantage, Mode
from lnf.rules.reach_steps import far_reach, short
from lnf.rules.roster import in_fight, incapacitated, speed_now
from lnf.values import replace


def start_pools(
    fight: Fight, escaper: str, pursuers: list[str], start: int | None = None
) -> tuple[Pool, ...]:
    """C1: a pool per pair, at 0 from mêlée, else at the current volley round number; at
    `start` when the escaper's magic set it (`rules.escapes.start_points`)."""
    points = start if start is not None else fight.phase.volley if fight.phase.volley else 0
    known = {(p.escaper, p.pursuer) for p in fight.chase}
    new = tuple(Pool(escaper, p, points) for p in pursuers if (escaper, p) not in known)
    return (*fight.chase, *new)


def in_chase(fight: Fight, name: str) -> bool:
    if not fight.chase:
        return False  # no chase (asked of every foe on every hero's turn)
    return any(name in (p.escaper, p.pursuer) for p in fight.chase)


def chasing(fight: Fight) -> set[str]:
    return {n for p in fight.chase for n in (p.escaper, p.pursuer)}


def escapers(fight: Fight) -> list[str]:
    if not fight.chase:
        return []  # asked on every hero's turn
    return list(dict.fromkeys(p.escaper for p in fight.chase))


def pursuers(fight: Fight) -> list[str]:
    return list(dict.fromkeys(p.pursuer for p in fight.chase))


def pool(fight: Fight, a: str, b: str) -> Pool | None:
    """The pool between two combatants, whichever of them flees."""
    if not fight.chase:
        return None  # asked of every attack roll
    return next((p for p in fight.chase if {p.escaper, p.pursuer} == {a, b}), None)


def chase_reach(attack: Attack, points: int) -> Advantage | None:
    """C4 across `points` escape points: mêlée only at 0; ranged weapons and spells up to 2
    (thrown weapons too), two-handed ranged up to 10, long spells by their range."""
    if attack.kind is AttackKind.MELEE:
        return Advantage.NORMAL if points == 0 else None
    if attack.kind is AttackKind.THROWN and points == 0:
        return Advantage.NORMAL  # still within arm's length: the mêlée use
    if short(attack):
        return Advantage.NORMAL if points == 0 else None
    return far_reach(attack, points)


def speed_change(escaper_speed: int, pursuer_speed: int) -> int:
    """C2: escaper faster +1, pursuer faster −1, tie 0."""
    return (escaper_speed > pursuer_speed) - (escaper_speed < pursuer_speed)


def chase_speed(c: Hero | Monster, dashes: int) -> int:
    """C2: each Dash (an action or a bonus action spent on speed) adds the speed again."""
    return speed_now(c) * (1 + dashes)


def free_dashes(c: Hero | Monster) -> int:
    """C3: 3 + Constitution modifier dashes per chase are free (never fewer than 0)."""
    return max(0, 3 + c.con)


def needs_check(c: Hero | Monster, dashes: int) -> int:
    """C3: how many of these dashes need a DC 10 Constitution check; none for a creature
    immune to exhaustion (B8): failing one could give it nothing, so it dashes freely."""
    if isinstance(c, Monster) and any(t.kind is TraitKind.EXHAUSTION_IMMUNE for t in c.traits):
        return 0
    free_left = max(0, free_dashes(c) - c.dashes)
    return max(0, dashes - free_left)


def after_speeds(fight: Fight, dashes: dict[str, int]) -> tuple[Pool, ...]:
    """C2: each pool moves by the comparison of the pair's speeds, never below 0."""
    out = []
    for p in fight.chase:
        esc = chase_speed(fight.combatant(p.escaper), dashes.get(p.escaper, 0))
        pur = chase_speed(fight.combatant(p.pursuer), dashes.get(p.pursuer, 0))
        out.append(replace(p, points=max(0, p.points + speed_change(esc, pur))))
    return tuple(out)


def chase_mode(
    fight: Fight, attacker: str, target: str, attack: Attack
) -> tuple[Mode, Advantage] | None:
    """C4: whether `attack` reaches across the pair's escape points, and how."""
    shared = pool(fight, attacker, target)
    if shared is None:
        return None
    roll = chase_reach(attack, shared.points)
    if roll is None:
        return None
    mode = Mode.MELEE if shared.points == 0 and attack.is_melee else Mode.RANGED
    return mode, roll


def can_hide_from(fight: Fight, escaper: str) -> list[str]:
    """C5: the pursuers an escaper has at least one escape point against."""
    return [p.pursuer for p in fight.chase if p.escaper == escaper and p.points >= 1]


def verify_hide(fight: Fight, name: str) -> None:
    """C5 in a chase: only an escaper hides, and only from a pursuer it has a point on."""
    if not in_chase(fight, name):
        return
    if name not in escapers(fight):
        raise Refused(f"{name} gives chase: in a chase only an escaper hides", rule="C5")
    if not can_hide_from(fight, name):
        raise Refused(
            f"{name} has no escape point on any pursuer yet: nobody to hide from (a dash "
            "gains one, C2)",
            rule="C5",
        )


def settle(fight: Fight, was_escaping: list[str]) -> tuple[Fight, list[str]]:
    """C6: a pair ends when either side drops (a dropped escaper is caught); an escaper with
    no pursuer left gets away and is gone from the fight."""
    notes: list[str] = []
    kept = []
    for p in fight.chase:
        esc, pur = fight.combatant(p.escaper), fight.combatant(p.pursuer)
        if not in_fight(esc) or esc.current_hp == 0:
            notes.append(f"{pur.name} has caught {esc.name} (C6)")
        elif in_fight(pur) and pur.current_hp > 0:
            kept.append(p)
    fight = _dashes_counted_per_chase(replace(fight, chase=tuple(kept)))
    for name in was_escaping:
        c = fight.combatant(name)
        if in_fight(c) and c.current_hp > 0 and not any(p.escaper == name for p in kept):
            fight = fight.with_combatant(replace(c, escaped=True))
            notes.append(f"{name} gets away (C6)")
    return fight, notes


def _dashes_counted_per_chase(fight: Fight) -> Fight:
    """C3: the free dashes are counted per chase, so whoever is in no chase any more (caught,
    got away, lost) starts its next chase with none taken; exhaustion stays (a short rest)."""
    for c in fight.everyone:
        if c.dashes and not in_chase(fight, c.name):
            fight = fight.with_combatant(replace(c, dashes=0))
    return fight


def free_to_pursue(fight: Fight, pursuer: Hero | Monster, escaper: Hero | Monster) -> bool:
    """C1, as lnf settles who may give chase: a foe of the escaper, standing and able to act,
    not in a chase already, and not held by another standing foe in its own mêlée group."""
    if pursuer.side is escaper.side or not in_fight(pursuer) or pursuer.current_hp == 0:
        return False
    if incapacitated(pursuer) or in_chase(fight, pursuer.name):
        return False
    group = fight.group_of(pursuer.name)
    members = group.members if group is not None else ()
    holding = [
        n
        for n in members
        if n != escaper.name
        and (c := fight.combatant(n)).side is escaper.side
        and in_fight(c)
        and c.current_hp > 0
    ]
    return not holding


def free_pursuers(fight: Fight, escaper: Hero | Monster) -> list[str]:
    """C1: everyone free to give chase to `escaper` (heroes in file order, monsters in danger
    order); who of them does is the pursuers' choice (lnf's for monsters: all of them)."""
    return [c.name for c in fight.everyone if free_to_pursue(fight, c, escaper)]


# --- what a combatant may do, refused with C's rules (`rules.legal` asks) -------------------


def verify_still_here(c: Hero | Monster) -> None:
    """C6: one who got away is out of the fight: no damage, no healing."""
    if c.escaped:
        raise Refused(f"{c.name} got away and is out of the fight", "C6")


def verify_off_the_chase(fight: Fight, c: Hero | Monster) -> None:
    """C1: the chase runs beside the grid; its members have no group and no rank there."""
    if in_chase(fight, c.name):
        raise Refused(f"{c.name} is in a chase, away from the groups", "C1")


def verify_may_flee(fight: Fight, c: Hero | Monster) -> None:
    """C1: a standing combatant may flee, once: not while it is in a chase already."""
    if c.escaped:
        raise Refused(f"{c.name} has got away already", "C6")
    if not in_fight(c) or c.current_hp == 0:
        raise Refused(f"{c.name} is not standing", "C1")
    if in_chase(fight, c.name):
        fleeing = any(p.escaper == c.name for p in fight.chase)
        raise Refused(
            f"{c.name} is {'fleeing' if fleeing else 'giving chase'} already: one chase at a time",
            "C1",
        )


def verify_chase_reach(fight: Fight, caster: str, target: str, spell: Attack) -> None:
    """C4: in a chase a spell reaches only across the caster's own escape points with the
    target."""
    if chase_mode(fight, caster, target, spell) is None:
        raise Refused(f"{spell.name} does not reach {target} across the chase", "C4")


def aggressive(fight: Fight, c: Hero | Monster) -> bool:
    """Aggressive (SRD: "As a bonus action, the orc can move up to its speed toward a hostile
    creature that it can see"), in a chase (C2: a bonus action spent on speed): a pursuer's
    first dash is its bonus action toward its quarry, so its action is left to attack (C4). On
    the grid it changes nothing: a creature of speed 25 ft or more may already join any group
    (M3), and dashing does not make it faster there (M4)."""
    return (
        isinstance(c, Monster)
        and c.trait(TraitKind.AGGRESSIVE) is not None
        and c.name in pursuers(fight)
    )


def spends_action(fight: Fight, c: Hero | Monster, dashes: int) -> bool:
    """C2: whether `dashes` spend the creature's action (then it does nothing else this chase
    round): any dash does, but an Aggressive pursuer's first (its bonus action)."""
    return dashes > (1 if aggressive(fight, c) else 0)
