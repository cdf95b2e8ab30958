"""What a combatant may legally do on its turn, and why not: each choice has a `verify_…`
that raises `Refused` with the rule's id (and what is open instead), and a `can_…` or a list
of what is open. (The choices themselves, as values, are `lnf.engine.decisions`' `*Choice`.)

The words a player types (`lnf.heroes.words`), the hero policy, the runner and the DM's record
commands all ask these functions. Each rule they apply is decided in its family's module, which
raises the refusal (`rules.chase` for C1, C4, C6; `rules.damage` for D8, D9; `rules.distance`
for V3; `rules.moves` for M2, M4; `rules.ranks` for R7, R8; opportunity attacks, M6, are
`rules.reactions`); this module puts them together for each choice.
"""

from __future__ import annotations

from collections.abc import Sequence

from lnf.errors import Refused
from lnf.model import (
    Attack,
    BackReason,
    Cost,
    Fight,
    Flag,
    Hero,
    Monster,
    PhaseKind,
    Rank,
    School,
    Variant,
)
from lnf.model.plan import Mode
from lnf.model.steps import Moved
from lnf.rules.acl import acl
from lnf.rules.areas import check_area_targets, target_count
from lnf.rules.attacks import reach_ranks
from lnf.rules.catches import verify_close_reach
from lnf.rules.chase import (
    chase_mode,
    in_chase,
    verify_chase_reach,
    verify_may_flee,
    verify_off_the_chase,
    verify_still_here,
)
from lnf.rules.class_features import SCULPT_LEVEL, sculpts
from lnf.rules.conditions import fear_bars, spared, verify_can_move, verify_not_spared
from lnf.rules.damage import verify_healable, verify_hurtable
from lnf.rules.distance import verify_sides_met, verify_volley_reach, volley_reach
from lnf.rules.group_changes import moved
from lnf.rules.groups import verify_not_joined
from lnf.rules.holds import hold_to_escape, swallowed_by, verify_from_inside
from lnf.rules.magic_immunity import spell_proof, verify_some_affect, verify_spell_affects
from lnf.rules.moves import can_leave, is_fast, verify_can_leave, verify_one_group_change
from lnf.rules.ranks import can_fly_now, rank_choices, verify_rank_open
from lnf.rules.roster import in_fight, incapacitated, monsters, speed_now
from lnf.rules.spell_effects import effect_options, spell_reach
from lnf.rules.state_check import check_state
from lnf.rules.turning import CHANNEL_DIVINITY, channels, turn_attack, turn_candidates, turning
from lnf.rules.wording import and_list, or_list

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_APART = PhaseKind.APART
_BACK = Rank.BACK
_BACK_REASON_HIDDEN = BackReason.HIDDEN
_FLAG_HIDDEN = Flag.HIDDEN
_FREE_AIR = Rank.FREE_AIR
_FRONT = Rank.FRONT
_MODE_MELEE = Mode.MELEE
_PHASE_KIND_MELEE = PhaseKind.MELEE
_RANGED = Mode.RANGED
_REACH = Mode.REACH
_VOLLEY = PhaseKind.VOLLEY

MODE_WORDS = {Mode.MELEE: "mêlée", Mode.REACH: "reach", Mode.RANGED: "ranged"}

# --- acting at all -------------------------------------------------------------------------


def can_take_turn(c: Hero | Monster) -> bool:
    """A combatant acts unless out of the fight, at 0 hit points (a hero rolls death saves
    instead, D9) or incapacitated."""
    return in_fight(c) and c.current_hp > 0 and not incapacitated(c)


# --- attacks (A1–A3, V3, C4) ---------------------------------------------------------------


def unseen_monster(monster: Monster) -> bool:
    return monster.has(_FLAG_HIDDEN) or (
        monster.rank is _BACK and monster.why is _BACK_REASON_HIDDEN
    )


def attack_modes(fight: Fight, hero: Hero, monster: Monster, attack: Attack) -> list[Mode]:
    """The ways `hero` can use `attack` on `monster` now, best first. A spell with a saving
    throw makes no attack roll: it is cast at its targets (`verify_spell_reach`, E1–E4). F3:
    none at its charmer."""
    return _modes(fight, hero, _HeroNow(fight, hero), monster, attack)


class _HeroNow:
    """What `attack_modes` asks of the hero alone, asked once for all its foes and attacks:
    whom it spares (F3), who swallowed it (F6), whether it is in a chase (C4), its group."""

    __slots__ = ("chased", "group", "inside", "spared")

    def __init__(self, fight: Fight, hero: Hero) -> None:
        self.spared = spared(fight, hero)
        self.inside = swallowed_by(fight, hero.name)
        self.chased = in_chase(fight, hero.name)
        self.group = fight.group_of(hero.name)


def _modes(fight: Fight, hero: Hero, now: _HeroNow, monster: Monster, attack: Attack) -> list[Mode]:
    if not _open_foe(now, monster):
        return []
    return _attack_modes(fight, hero, now, monster, attack, in_chase(fight, monster.name))


def _open_foe(now: _HeroNow, monster: Monster) -> bool:
    """What `_modes` asks of the foe alone: in the fight, seen, not the hero's charmer (F3)."""
    return in_fight(monster) and not unseen_monster(monster) and monster.name not in now.spared


def _attack_modes(
    fight: Fight, hero: Hero, now: _HeroNow, monster: Monster, attack: Attack, chased: bool
) -> list[Mode]:
    """`_modes` at a foe `_open_foe` lets through (`chased`: the foe is in a chase, C4)."""
    if attack.save is not None or spell_proof(monster, attack):
        return []  # B8: nor a spell it cannot affect (Limited Magic Immunity)
    if (inside := now.inside) is not None:  # F6: from inside, it alone
        return [_MODE_MELEE] if monster.name == inside and attack.is_melee else []
    if (reached := spell_reach(attack)) is not None:  # F7: Bless, Sleep; Spiritual Weapon
        return [reached] if reached is _MODE_MELEE and fight.phase.kind is _PHASE_KIND_MELEE else []
    if fight.phase.kind is _VOLLEY:  # V3: shooting only, by the volley round
        return [_RANGED] if volley_reach(attack, fight.phase.volley) is not None else []
    if fight.phase.kind is _APART:
        return []
    if now.chased or chased:  # C4: by escape points
        found = chase_mode(fight, hero.name, monster.name, attack)
        return [found[0]] if found is not None else []
    modes: list[Mode] = []
    group = now.group
    if attack.is_melee:
        together = group is not None and monster.name in group.members
        both_front = hero.rank is _FRONT and monster.rank is _FRONT
        both_air = hero.rank is _FREE_AIR and monster.rank is _FREE_AIR
        if together and (both_front or both_air):
            modes.append(_MODE_MELEE)  # A1, R7
        elif group is None and hero.rank in reach_ranks(attack.reach, monster, can_fly_now(hero)):
            modes.append(_REACH)  # A2
    if attack.is_ranged:
        modes.append(_RANGED)  # A3 (R2: at disadvantage from the front rank)
    return modes


def attack_options(
    fight: Fight, hero: Hero, opened: frozenset[str] = frozenset()
) -> list[tuple[Monster, Attack, Mode]]:
    """Every (monster, attack, mode) open to the hero as its action, monsters in danger order
    (G3); not the bonus-action blows the Attack action grants (F1: Martial Arts, Flurry), but
    those an Attack action with one of `opened` (lower-case attack names) would grant. What
    `_modes` asks of the foe alone is asked once per foe."""
    now = _HeroNow(fight, hero)
    attacks = [
        a
        for a in hero.attacks
        if not a.after_attack or opened & {n.lower() for n in a.after_attack}
    ]
    out = []
    for m in monsters(fight):
        if not _open_foe(now, m):
            continue
        chased = in_chase(fight, m.name)
        for a in attacks:
            for mode in _attack_modes(fight, hero, now, m, a, chased):
                out.append((m, a, mode))
    return out


def verify_weapon(fight: Fight, hero: Hero, target: Monster, attack: Attack) -> None:
    """F7 Spiritual Weapon: it strikes a foe in the fight, in a mêlée round."""
    if not attack_modes(fight, hero, target, attack):
        raise Refused(f"{attack.name} strikes a foe in the fight in a mêlée round", rule="F7")


def verify_attack(
    fight: Fight, hero: Hero, target: Monster, attacks: Sequence[Attack]
) -> tuple[Attack, Mode]:
    """The first of `attacks` that reaches `target` now, and how (its best mode); refused
    with the rule that keeps them apart (F3: not its charmer)."""
    verify_not_spared(fight, hero, target.name)
    verify_some_affect(target, attacks)  # B8: Limited Magic Immunity
    for attack in attacks:
        modes = attack_modes(fight, hero, target, attack)
        if modes:
            return attack, modes[0]
    raise Refused(
        f"{hero.name} cannot reach {target.name} with {or_list(a.name for a in attacks)}",
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
    (a spell of 15 ft reaches nobody there); on the grid, anyone (E1–E4 count the area), but
    one under 30 ft from the caster only its own group (B4, as a monster's)."""
    chasing = in_chase(fight, caster.name)
    for name in targets:
        verify_not_spared(fight, caster, name)  # F3
        verify_from_inside(fight, caster.name, name)  # F6: a swallowed caster
        if fight.phase.kind is PhaseKind.VOLLEY:
            verify_volley_reach(fight, spell, name)
        elif chasing or in_chase(fight, name):
            verify_chase_reach(fight, caster.name, name, spell)
        else:
            verify_close_reach(fight, caster, spell, name)  # B4: under 30 ft, its own group
    verify_spell_affects(fight, spell, targets)  # B8: Limited Magic Immunity


def turned_at(fight: Fight, hero: Hero) -> tuple[str, ...]:
    """F2, B4: the undead a cleric's Turn Undead catches now: every one in the fight that sees
    or hears the cleric and that 30 ft reaches (on the grid anyone; in a volley round only at
    n = 1, in a chase only at 0 escape points: a thrown weapon's reach). None without a use of
    Channel Divinity left or a DC."""
    uses = hero.resource(CHANNEL_DIVINITY)
    if not channels(hero) or uses is None or uses.left == 0:
        return ()
    try:
        attack = turn_attack(hero)
    except Refused:
        return ()
    near = [m for m in turn_candidates(fight, hero) if can_reach_with_spell(fight, hero, attack, m)]
    return tuple(m.name for m in near)


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


def verify_sculpt(hero: Hero, spell: Attack, level: int, spared: Sequence[str]) -> None:
    """F2, E3: Sculpt Spells (SRD 5.1, the School of Evocation, wizard level 2: "When you cast
    an evocation spell … you can choose a number of them equal to 1 + the spell's level"): only
    a wizard of the 2nd level or higher spares allies (the SRD's one wizard tradition), with an
    evocation spell (one whose school is not said is the DM's), at most 1 + the level it is
    cast at; a wizard written without a level is taken to have it (the DM's own sheet)."""
    if not spared:
        return
    if not sculpts(hero.cls, hero.level or SCULPT_LEVEL, hero.subclass):
        why = "a wizard's from the 2nd level, the School of Evocation"
        raise Refused(f"{hero.name} has no Sculpt Spells ({why}): allies caught take it", "F2")
    if spell.school not in (None, School.EVOCATION):  # "When you cast an evocation spell"
        said = f"Sculpt Spells shapes evocation spells; {spell.name} is {spell.school.value}"
        raise Refused(f"{said}: allies caught take it", "F2")
    if len(spared) > 1 + level:
        raise Refused(
            f"Sculpt Spells spares 1 + the spell's level: {1 + level} at a {level}-level "
            f"{spell.name}, not {len(spared)}",
            "F2",
        )


def verify_heal(fight: Fight, who: str, revive: bool = False) -> None:
    """D9: healing wakes a downed hero; a dead hero comes back only when the DM says so (a
    revival); the dead monsters and those who got away are beyond it."""
    c = fight.combatant(who)
    verify_still_here(c)
    verify_healable(c, revive)


def verify_damage(fight: Fight, who: str) -> None:
    """D8, D9: damage is for those still in the fight; a downed hero takes it (a failed
    death save, D9), the dead and those who got away do not."""
    c = fight.combatant(who)
    verify_still_here(c)
    verify_hurtable(c)


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
    return [w for w in labels + lone if not fear_bars(fight, c, w)]  # F3: not toward its fear


def verify_on_the_grid(fight: Fight, c: Hero | Monster) -> None:
    """Groups and ranks exist only once the sides meet (V3) and not in a chase (C1)."""
    verify_sides_met(fight)
    verify_off_the_chase(fight, c)


def verify_leave(fight: Fight, c: Hero | Monster) -> Moved:
    verify_on_the_grid(fight, c)
    verify_can_leave(fight, c)
    return Moved(c.name, leave=True)


def verify_join(fight: Fight, c: Hero | Monster, where: str) -> Moved:
    """M1–M5: `where` is a group's label, an unengaged foe, or a foe in a group (its group);
    F3: not toward the source of its fear."""
    verify_on_the_grid(fight, c)
    verify_not_joined(fight, c, where)  # G5
    open_ = join_targets(fight, c)
    theirs = fight.group_of(where) if where in fight else None
    into = theirs.label if theirs is not None and theirs.label in open_ else where
    toward = theirs.label if theirs is not None else where
    if into not in open_ and (source := fear_bars(fight, c, toward)):
        why = f"{c.name} is frightened of {source}: it cannot move closer to it"
        raise Refused(why, "F3", [f"join {w}" for w in open_])
    if into not in open_:
        rule = "M2" if fight.group_of(c.name) is not None else "M4"
        raise Refused(f"{c.name} cannot join {where} now", rule, [f"join {w}" for w in open_])
    return Moved(c.name, join=into)


def verify_rank(
    fight: Fight, c: Hero | Monster, rank: Rank, why: BackReason | None = None
) -> Moved:
    """R7, R8: the rank must be open to `c`; R4–R6: standing there must be legal after."""
    verify_on_the_grid(fight, c)
    verify_rank_open(fight, c, rank)
    step = Moved(c.name, rank=rank, why=why if rank is Rank.BACK else None)
    after = moved(fight, step)
    broken = [v for v in check_state(after) if c.name in v.who and v.rule != "K2"]
    if broken:
        raise Refused(broken[0].message, broken[0].rule)
    return step


def verify_group_changes(c: Hero | Monster, moves: Sequence[Moved]) -> None:
    """M2: a slow combatant changes group once a round, into a group or out of one."""
    verify_one_group_change(c, moves)


def verify_flee(fight: Fight, c: Hero | Monster) -> None:
    """C1: a standing combatant may flee, once: not while it is in a chase already."""
    verify_may_flee(fight, c)
    verify_can_move(c)  # F3: speed 0


# --- everything open -----------------------------------------------------------------------


def _rank_words(rank: Rank) -> str:
    return "back guarded" if rank is Rank.BACK else rank.value


def _may_stand(fight: Fight, hero: Hero, rank: Rank) -> bool:
    """R4–R8: a rank switch is offered only where `verify_rank` would take it (R5: a guarded
    hero needs its guards), so what the options say is what `lnf act` accepts."""
    try:
        verify_rank(fight, hero, rank, BackReason.GUARDED)
    except Refused:
        return False
    return True


def options(fight: Fight, hero: Hero) -> list[str]:
    """Everything the hero may do now, as it would type it."""
    out: list[str] = []
    for m in fight.monsters:
        for a in hero.attacks:
            modes = attack_modes(fight, hero, m, a) if not a.after_attack else []  # F1
            if modes:
                verb = f"cast {a.name} at {m.name}" if a.spell else f"attack {m.name} with {a.name}"
                out.append(f"{verb} ({MODE_WORDS[modes[0]]})")
    for spell in hero.attacks:
        if spell.save is None or spell_reach(spell) is not None or spell.cost is Cost.REACTION:
            continue  # F1: Hellish Rebuke is cast as a hit hurts the hero, not on its turn
        reached = [m.name for m in monsters(fight) if can_reach_with_spell(fight, hero, spell, m)]
        if reached:
            where = f"{spell.area}: " if spell.area is not None else ""
            out.append(f"cast {spell.name} at {or_list(reached)} ({where}save)")
    out += effect_options(fight, hero)  # F7
    if caught := turned_at(fight, hero):  # F2: Channel Divinity
        out.append(f"{(turning(hero) or '').lower()} ({and_list(caught)}: Wisdom save)")
    if (hold := hold_to_escape(fight, hero.name)) is not None:  # F6
        out.append(f"escape (DC {hold.escape}, from {hold.by})")
    out += [f"join {w}" for w in join_targets(fight, hero)]
    if can_leave(fight, hero):
        out.append("leave")
    out += [_rank_words(r) for r in rank_choices(fight, hero) if _may_stand(fight, hero, r)]
    if acl(fight):  # V-ACL5–8
        held = f" (holds {hero.surge})" if hero.surge else ""
        out += [
            "aim: attack MONSTER eye|head|arm|… with ATTACK",
            f"surge dice{held}: power N, force N after an attack; tenacity N; speed N",
            "defence",
            "grapple MONSTER",
            "shove MONSTER",
        ]
    if Variant.HYRULE in fight.variants:  # V-HYR2
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
