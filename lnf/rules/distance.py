"""Fighting at a distance: volley rounds (V1–V4), and the roll of an attack made now, with
the distance's reasons (V3 in a volley round, C4 across a chase pair's escape points).

What reaches across a chase's escape points is `rules.chase` (C4); the measures both rules
share are `rules.reach_steps`. Chase never imports this module.
"""

from __future__ import annotations

from lnf.errors import Refused
from lnf.model import Attack, AttackKind, Fight, Hero, Monster, PhaseKind, Rank, Terrain
from lnf.model.plan import Advantage, Mode, Order, Plan
from lnf.rules.ammunition import can_shoot
from lnf.rules.attacks import attack_roll, plan_targets, unseen
from lnf.rules.chase import chase_reach, pool
from lnf.rules.conditions import weakened_hinders
from lnf.rules.curses import cursed_hinders
from lnf.rules.darkness import unseen_in_dark
from lnf.rules.holds import held_advantage
from lnf.rules.reach_steps import far_reach, short
from lnf.rules.reckless import reckless_edges
from lnf.rules.roster import in_fight, monsters
from lnf.rules.traits import trait_advantages, trait_disadvantages
from lnf.rules.volley_state import check_no_groups_apart as check_no_groups_apart  # V3, moved

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_DISADVANTAGE = Advantage.DISADVANTAGE
_FRONT = Rank.FRONT
_MELEE = Mode.MELEE
_RANGED = Mode.RANGED
_VOLLEY = PhaseKind.VOLLEY

# V1: volley rounds by terrain, as dice whose total is divided by 6 and rounded down; a
# dungeon always has one volley round.
TERRAIN_DICE = {
    Terrain.ARCTIC: "6d6",
    Terrain.DESERT: "6d6",
    Terrain.FARMLAND: "6d6",
    Terrain.GRASSLAND: "6d6",
    Terrain.FOREST: "2d8",
    Terrain.SWAMP: "2d8",
    Terrain.WOODLAND: "2d8",
    Terrain.HILLS: "2d10",
    Terrain.WASTELAND: "2d10",
    Terrain.JUNGLE: "2d6",
    Terrain.MOUNTAINS: "4d10",
}


def volley_rounds(total: int) -> int:
    """V1: the terrain roll divided by 6, rounded down (zero is possible)."""
    return total // 6


def volley_reach(attack: Attack, n: int) -> Advantage | None:
    """V3 in volley round `n`: None if the attack does not reach, else its roll."""
    if attack.kind is AttackKind.MELEE or short(attack):
        return None
    if attack.kind is AttackKind.THROWN:
        return Advantage.NORMAL if n == 1 else None  # daggers, darts, javelins: only the last
    return far_reach(attack, n)


def who_reaches(fight: Fight) -> list[tuple[str, list[tuple[str, Advantage]]]]:
    """V3 this volley round: each standing combatant and the attacks that reach, with rolls."""
    n = fight.phase.volley
    return [
        (c.name, [(a.name, r) for a in c.attacks if (r := volley_reach(a, n)) is not None])
        for c in fight.everyone
        if in_fight(c)
    ]


def best_reaching(attacks: tuple[Attack, ...], reach: dict[Attack, Advantage]) -> Attack | None:
    """The attack to use: one without disadvantage if any, then the most damaging."""
    if not reach:
        return None
    return max(
        reach,
        key=lambda a: (
            reach[a] is not Advantage.DISADVANTAGE,
            a.damage.average * a.times,
            -attacks.index(a),
        ),
    )


def volley_attack(monster: Monster, n: int) -> Attack | None:
    reach = {
        a: r
        for a in monster.attacks
        if (r := volley_reach(a, n)) is not None and can_shoot(monster, a)  # B2
    }
    return best_reaching(monster.attacks, reach)


def volley_planned(fight: Fight) -> bool:
    """V4: in a volley round the monsters' plan is the volley plan (every monster that reaches
    shoots), not P1–P4's. The round engine, the plan command and the plan's title ask here."""
    return fight.phase.kind is PhaseKind.VOLLEY


def volley_plan(fight: Fight) -> Plan:
    """V4: every monster that can reach shoots, following P3 along the target order. With no
    gang-up limits and every reaching shot able to hit any seen hero, P3's lexicographic best
    is plain: each of them shoots the first hero in the target order."""
    n = fight.phase.volley
    targets = [h for h in plan_targets(fight) if not unseen(h) and in_fight(h)]
    orders = []
    for m in monsters(fight):
        shooting = volley_attack(m, n) is not None and targets and m.name not in fight.turns.acted
        target = targets[0].name if shooting else None
        orders.append(Order(m.name, m.rank, target=target, mode=Mode.RANGED if target else None))
    return Plan(tuple(o for o in orders if o.monster not in fight.turns.acted))


def volley_unshot(fight: Fight) -> list[tuple[str, list[tuple[str, str]]]]:
    """P5 for a volley round: each hero the volley plan leaves alone, and why."""
    n = fight.phase.volley
    targets = [h for h in plan_targets(fight) if not unseen(h) and in_fight(h)]
    shooters = [m for m in monsters(fight) if volley_attack(m, n) is not None]
    out = []
    for hero in plan_targets(fight):
        if unseen(hero):
            out.append((hero.name, [("R4", "hidden in the back rank: no monster can pick it")]))
        elif not shooters:
            out.append((hero.name, [("V3", f"no monster's attack reaches in volley round {n}")]))
        elif targets and hero is not targets[0]:
            first = targets[0].name
            out.append(
                (
                    hero.name,
                    [
                        (
                            "V4",
                            f"every monster that reaches shoots {first}, first in the target order",
                        )
                    ],
                )
            )
    return out


def roll_in_fight(
    fight: Fight, attacker: Hero | Monster, target: Hero | Monster, attack: Attack, mode: Mode
) -> tuple[Advantage, tuple[str, ...]]:
    """D4 for an attack made now: the grid's reasons (R2, conditions, Dodge, Help) and the
    distance's (V3 in a volley round, C4 across a chase pair's escape points)."""
    volley = fight.phase.kind is _VOLLEY
    shared = pool(fight, attacker.name, target.name)
    distance = shared.points if shared is not None else None  # C4: across escape points
    far = ""
    seen, unseen_by = unseen_in_dark(fight, attacker, target)  # B6, D4: Darkness Aura
    if volley and volley_reach(attack, fight.phase.volley) is _DISADVANTAGE:
        far = "a two-handed bow beyond volley round 2 (V3)"
    if distance is not None and chase_reach(attack, distance) is _DISADVANTAGE:
        far = f"a two-handed bow across {distance} escape points (C4)"
    held = held_advantage(fight, attacker, target.name, attack)  # F6
    return attack_roll(
        attacker,
        target,
        close=mode is _MELEE,
        from_front=mode is _RANGED
        and attacker.rank is _FRONT
        and not volley
        and distance is None,  # R2 is about the grid, not volleys or chases
        dodging=target.name in fight.turns.dodging,
        helped=attacker.name in fight.turns.helped,
        far=far,
        granted=trait_advantages(fight, attacker, target, attack.is_melee)  # B8
        + reckless_edges(fight, attacker, target, attack, mode is _MELEE)  # F2
        + ((held,) if held else ())
        + seen,
        hindered=trait_disadvantages(fight, attacker)
        + weakened_hinders(attacker, attack)
        + cursed_hinders(fight, attacker, target.name)  # F7 Bestow Curse
        + unseen_by,
        melee=mode is not _RANGED and not attack.spell,  # B8: Reckless
    )


# --- refused with V's rules (`rules.legal` asks) --------------------------------------------


def verify_sides_met(fight: Fight) -> None:
    """V3: groups and ranks exist only once the sides meet."""
    if not fight.phase.kind.melee_possible:
        raise Refused("no groups and no ranks before the sides meet", "V3")


def verify_volley_reach(fight: Fight, spell: Attack, target: str) -> None:
    """V3: in a volley round a save spell reaches as an attack would, by the round's number."""
    if volley_reach(spell, fight.phase.volley) is None:
        raise Refused(
            f"{spell.name} does not reach {target} in volley round {fight.phase.volley}", "V3"
        )
