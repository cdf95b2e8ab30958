"""What a combatant may do on its turn, and why not: each choice has a `verify_…` that
raises `Refused` with the rule's id (and what is open instead), and a `can_…` or a list of
what is open.

The words a player types (`lnf.heroes.words`), the hero policy, the runner and the DM's record
commands all ask these functions, so each of these rules is decided here once (A1–A3, C1, C4,
D9, E1–E4, M1–M5, R2–R8, V3; opportunity attacks, M6, are `lnf.rules.reactions`).
"""

from __future__ import annotations

from collections.abc import Sequence

from lnf.errors import Refused
from lnf.model import Attack, BackReason, Fight, Flag, Hero, Monster, PhaseKind, Rank, Variant
from lnf.model.events import Moved
from lnf.model.plan import Mode
from lnf.rules.acl import acl
from lnf.rules.areas import check_area_targets, target_count
from lnf.rules.attacks import reach_ranks
from lnf.rules.chase import chase_mode, in_chase
from lnf.rules.distance import volley_reach
from lnf.rules.group_changes import moved
from lnf.rules.moves import is_fast
from lnf.rules.ranks import can_fly_now
from lnf.rules.roster import held, in_fight, incapacitated, monsters, speed_now
from lnf.rules.state_check import check_state

MODE_WORDS = {Mode.MELEE: "mêlée", Mode.REACH: "reach", Mode.RANGED: "ranged"}

# --- acting at all -------------------------------------------------------------------------


def can_take_turn(c: Hero | Monster) -> bool:
    """A combatant acts unless out of the fight, at 0 hit points (a hero rolls death saves
    instead, D9) or incapacitated."""
    return in_fight(c) and c.current_hp > 0 and not incapacitated(c)


# --- attacks (A1–A3, V3, C4) ---------------------------------------------------------------


def unseen_monster(monster: Monster) -> bool:
    return monster.has(Flag.HIDDEN) or (
        monster.rank is Rank.BACK and monster.why is BackReason.HIDDEN
    )


def attack_modes(fight: Fight, hero: Hero, monster: Monster, attack: Attack) -> list[Mode]:
    """The ways `hero` can use `attack` on `monster` now, best first. A spell with a saving
    throw makes no attack roll: it is cast at its targets (`verify_spell_reach`, E1–E4)."""
    if not in_fight(monster) or unseen_monster(monster) or attack.save is not None:
        return []
    if fight.phase.kind is PhaseKind.VOLLEY:  # V3: shooting only, by the volley round
        return [Mode.RANGED] if volley_reach(attack, fight.phase.volley) is not None else []
    if fight.phase.kind is PhaseKind.APART:
        return []
    if in_chase(fight, hero.name) or in_chase(fight, monster.name):  # C4: by escape points
        found = chase_mode(fight, hero.name, monster.name, attack)
        return [found[0]] if found is not None else []
    modes: list[Mode] = []
    group = fight.group_of(hero.name)
    if attack.is_melee:
        together = group is not None and monster.name in group.members
        both_front = hero.rank is Rank.FRONT and monster.rank is Rank.FRONT
        both_air = hero.rank is Rank.FREE_AIR and monster.rank is Rank.FREE_AIR
        if together and (both_front or both_air):
            modes.append(Mode.MELEE)  # A1, R7
        elif group is None and hero.rank in reach_ranks(attack.reach, monster, can_fly_now(hero)):
            modes.append(Mode.REACH)  # A2
    if attack.is_ranged:
        modes.append(Mode.RANGED)  # A3 (R2: at disadvantage from the front rank)
    return modes


def attack_options(fight: Fight, hero: Hero) -> list[tuple[Monster, Attack, Mode]]:
    """Every (monster, attack, mode) open to the hero, monsters in danger order (G3)."""
    return [
        (m, a, mode)
        for m in monsters(fight)
        for a in hero.attacks
        for mode in attack_modes(fight, hero, m, a)
    ]


def verify_attack(
    fight: Fight, hero: Hero, target: Monster, attacks: Sequence[Attack]
) -> tuple[Attack, Mode]:
    """The first of `attacks` that reaches `target` now, and how (its best mode); refused
    with the rule that keeps them apart."""
    for attack in attacks:
        modes = attack_modes(fight, hero, target, attack)
        if modes:
            return attack, modes[0]
    raise Refused(
        f"{hero.name} cannot reach {target.name} with {' or '.join(a.name for a in attacks)}",
        _why_out_of_reach(fight, hero, target),
        [o for o in options(fight, hero) if o.startswith(("attack", "cast"))],
    )


def _why_out_of_reach(fight: Fight, hero: Hero, target: Monster) -> str:
    if in_chase(fight, hero.name) or in_chase(fight, target.name):
        return "C1, C4"  # only across a chase pair's own escape points
    if not fight.phase.kind.melee_possible:
        return "V3"
    group = fight.group_of(hero.name)
    if group is not None and target.name in group.members:
        return "A1, R3"  # together, but one of them is not in the front rank
    return "A1, A2" if group is None else "A1"


def verify_spell_reach(fight: Fight, caster: Hero, spell: Attack, targets: Sequence[str]) -> None:
    """V3, C4: a save spell reaches its targets as an attack would: in a volley round by the
    round's number, in a chase only across the caster's own escape points with each target
    (a spell of 15 ft reaches nobody there); on the grid, anyone (E1–E4 count the area)."""
    chasing = in_chase(fight, caster.name)
    for name in targets:
        if fight.phase.kind is PhaseKind.VOLLEY:
            if volley_reach(spell, fight.phase.volley) is None:
                raise Refused(
                    f"{spell.name} does not reach {name} in volley round {fight.phase.volley}",
                    "V3",
                )
        elif (chasing or in_chase(fight, name)) and chase_mode(
            fight, caster.name, name, spell
        ) is None:
            raise Refused(f"{spell.name} does not reach {name} across the chase", "C4")


def can_reach_with_spell(fight: Fight, hero: Hero, spell: Attack, monster: Monster) -> bool:
    try:
        verify_spell_reach(fight, hero, spell, [monster.name])
    except Refused:
        return False
    return True


def verify_area(fight: Fight, spell: Attack, targets: Sequence[str], spared: Sequence[str]) -> int:
    """E1–E4 for an area spell: at most its target count (fewer is fine), mêlée groups hit
    whole before the next, Sculpt Spells sparing only allies among the targets. Returns the
    target count."""
    assert spell.area is not None
    count = target_count(spell.area)
    broken = check_area_targets(fight, list(targets), count)
    if broken:
        hint = f"; {broken[0].hint}" if broken[0].hint else ""
        raise Refused(broken[0].message + hint, broken[0].rule)
    wrong = [s for s in spared if s not in targets or not isinstance(fight.combatant(s), Hero)]
    if wrong:
        raise Refused(f"Sculpt Spells spares allies among the targets, not {', '.join(wrong)}")
    return count


def verify_heal(fight: Fight, who: str, revive: bool = False) -> None:
    """D9: healing wakes a downed hero; a dead hero comes back only when the DM says so (a
    revival); the dead monsters and those who got away are beyond it."""
    c = fight.combatant(who)
    if c.escaped:
        raise Refused(f"{who} got away and is out of the fight", "C6")
    if isinstance(c, Monster):
        if not in_fight(c):
            raise Refused(f"{who} is dead: a dead monster is off the grid", "D8")
        if revive:
            raise Refused(f"{who} is not dead: there is nothing to bring back", "D9")
        return
    if c.dead and not revive:
        raise Refused(
            f"{who} is dead: healing does not bring a hero back; if a spell or the DM does, "
            "say so with --revive",
            "D9",
        )
    if revive and not c.dead:
        raise Refused(f"{who} is not dead: there is nothing to bring back", "D9")


def verify_damage(fight: Fight, who: str) -> None:
    """D8, D9: damage is for those still in the fight; a downed hero takes it (a failed
    death save, D9), the dead and those who got away do not."""
    c = fight.combatant(who)
    if c.escaped:
        raise Refused(f"{who} got away and is out of the fight", "C6")
    if isinstance(c, Monster) and not in_fight(c):
        raise Refused(f"{who} is dead: damage to it changes nothing", "D8")
    if isinstance(c, Hero) and c.dead:
        raise Refused(f"{who} is dead: damage to it changes nothing", "D9")


# --- moves (M1–M5, R4–R8, V3, C1) ---------------------------------------------------------


def join_targets(fight: Fight, c: Hero | Monster) -> list[str]:
    """M1–M4: the groups (labels) and unengaged foes (names) `c` can move into now."""
    if speed_now(c) == 0 or not fight.phase.kind.melee_possible or in_chase(fight, c.name):
        return []
    own = fight.group_of(c.name)
    if own is not None and not is_fast(c):
        return []  # M2: a slow combatant in a group may only leave it this round
    labels = [g.label for g in fight.groups if g is not own]
    foes = fight.monsters if isinstance(c, Hero) else fight.heroes
    lone = [
        f.name
        for f in foes
        if in_fight(f) and fight.group_of(f.name) is None and not in_chase(fight, f.name)
    ]
    return labels + lone


def can_leave(fight: Fight, c: Hero | Monster) -> bool:
    return fight.group_of(c.name) is not None and speed_now(c) > 0


def rank_choices(fight: Fight, c: Hero | Monster) -> list[Rank]:
    """R7, R8: the ranks `c` may switch to (not while restrained or grappled; V3: no ranks
    before the sides meet)."""
    if held(c) or not fight.phase.kind.melee_possible or in_chase(fight, c.name):
        return []
    ranks = [Rank.FRONT, Rank.BACK] + ([Rank.FREE_AIR] if can_fly_now(c) else [])
    return [r for r in ranks if r is not c.rank]


def verify_on_the_grid(fight: Fight, c: Hero | Monster) -> None:
    """Groups and ranks exist only once the sides meet (V3) and not in a chase (C1)."""
    if not fight.phase.kind.melee_possible:
        raise Refused("no groups and no ranks before the sides meet", "V3")
    if in_chase(fight, c.name):
        raise Refused(f"{c.name} is in a chase, away from the groups", "C1")


def verify_leave(fight: Fight, c: Hero | Monster) -> Moved:
    verify_on_the_grid(fight, c)
    if not can_leave(fight, c):
        raise Refused(f"{c.name} is in no group or cannot move", "M4")
    return Moved(c.name, leave=True)


def verify_join(fight: Fight, c: Hero | Monster, where: str) -> Moved:
    """M1–M5: `where` is a group's label, an unengaged foe, or a foe in a group (its group)."""
    verify_on_the_grid(fight, c)
    open_ = join_targets(fight, c)
    theirs = fight.group_of(where) if where in fight else None
    into = theirs.label if theirs is not None and theirs.label in open_ else where
    if into not in open_:
        rule = "M2" if fight.group_of(c.name) is not None else "M4"
        raise Refused(f"{c.name} cannot join {where} now", rule, [f"join {w}" for w in open_])
    return Moved(c.name, join=into)


def verify_rank(
    fight: Fight, c: Hero | Monster, rank: Rank, why: BackReason | None = None
) -> Moved:
    """R7, R8: the rank must be open to `c`; R4–R6: standing there must be legal after."""
    verify_on_the_grid(fight, c)
    if rank not in rank_choices(fight, c):
        raise Refused(f"{c.name} cannot switch to the {rank} rank now", "R7, R8")
    step = Moved(c.name, rank=rank, why=why if rank is Rank.BACK else None)
    after = moved(fight, step)
    broken = [v for v in check_state(after) if c.name in v.who and v.rule != "K2"]
    if broken:
        raise Refused(broken[0].message, broken[0].rule)
    return step


def verify_group_changes(c: Hero | Monster, moves: Sequence[Moved]) -> None:
    """M2: a slow combatant changes group once a round, into a group or out of one."""
    if sum(1 for m in moves if m.changes_group) > 1 and not is_fast(c):
        raise Refused(f"{c.name} is slow: one group change per round, into a group or out", "M2")


def verify_flee(fight: Fight, c: Hero | Monster) -> None:
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


# --- everything open -----------------------------------------------------------------------


def options(fight: Fight, hero: Hero) -> list[str]:
    """Everything the hero may do now, as it would type it."""
    out: list[str] = []
    for m in fight.monsters:
        for a in hero.attacks:
            modes = attack_modes(fight, hero, m, a)
            if modes:
                verb = f"cast {a.name} at {m.name}" if a.spell else f"attack {m.name} with {a.name}"
                out.append(f"{verb} ({MODE_WORDS[modes[0]]})")
    for spell in hero.attacks:
        if spell.save is None:
            continue
        reached = [m.name for m in monsters(fight) if can_reach_with_spell(fight, hero, spell, m)]
        if reached:
            where = f"{spell.area}: " if spell.area is not None else ""
            out.append(f"cast {spell.name} at {' or '.join(reached)} ({where}save)")
    out += [f"join {w}" for w in join_targets(fight, hero)]
    if can_leave(fight, hero):
        out.append("leave")
    out += [r.value if r is not Rank.BACK else "back guarded" for r in rank_choices(fight, hero)]
    if acl(fight):  # V-ACL5–8
        held = f" (holds {hero.surge})" if hero.surge else ""
        out += [
            "aim: attack MONSTER eye|head|arm|… with ATTACK",
            f"surge dice{held}: power N, force N after an attack; tenacity N; speed N",
            "defence",
            "grapple MONSTER",
            "shove MONSTER",
        ]
    if Variant.HYR in fight.variants:  # V-HYR2
        out.append("target strike: attack … target (2 stamina or disadvantage)")
    out += [
        "heal ALLY DICE",
        "dash",
        "disengage",
        "dodge",
        "help ALLY",
        "hide",
        "use ITEM",
        "flee",
        "nothing",
    ]
    return out
