"""Ranks (R4–R7): who may stand off the front rank, guarding, and free air."""

from __future__ import annotations

from lnf.errors import Refused, Violation
from lnf.model import BackReason, Condition, Fight, Flag, Hero, Monster, Rank, TraitKind
from lnf.rules.chase import in_chase
from lnf.rules.roster import downed, fly_speed, held, heroes, in_fight, incapacitated, monsters
from lnf.rules.wording import and_list, plural

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_BACK = Rank.BACK
_CONJURED = Flag.CONJURED
_ENTERS_SPACES = Flag.ENTERS_SPACES
_FREE_AIR = Rank.FREE_AIR
_FRONT = Rank.FRONT
_GUARDED = BackReason.GUARDED
_HIDDEN_REASON = BackReason.HIDDEN
_HIDING = Flag.HIDDEN
_INCORPOREAL = Flag.INCORPOREAL
_PRONE = Condition.PRONE
_SWARM = Flag.SWARM

R6_EXEMPT_FLAGS = frozenset({Flag.CAN_LEVITATE, Flag.CAN_HIDE, Flag.HIDDEN})


def hiding_as_placed(rank: Rank, why: BackReason | None, flags: frozenset[Flag]) -> frozenset[Flag]:
    """R4, 5e "Hiding" (docs/choices.md, R4): a combatant the fight file places in the back rank
    as hidden is hiding as the fight starts, as if it had hidden before it: its first attack
    is unseen (`attacks.attack_roll`) and gives it away (`hiding.given_away`); a monster's
    Search contests a hero's passive Stealth (`hiding.search_against`). Its standing flags,
    with `hidden` where it is placed so."""
    return flags | {_HIDING} if rank is _BACK and why is _HIDDEN_REASON else flags


def guards_allowed(fight: Fight) -> bool:
    """R5: guarding works only while there are fewer than two monsters per hero."""
    return len(monsters(fight)) < 2 * len(heroes(fight))


def can_guard(hero: Hero) -> bool:
    """R5: a front-rank hero that can stand in the way; conjured creatures cannot guard."""
    return (
        hero.rank is _FRONT
        and in_fight(hero)
        and not hero.has(_CONJURED)
        and not downed(hero)
        and not incapacitated(hero)
    )


def guards(fight: Fight) -> tuple[Hero, ...]:
    return tuple(h for h in fight.heroes if can_guard(h))


def guarded_capacity(fight: Fight) -> int | None:
    """R5: how many heroes may be guarded now; None means every back-rank hero (R5 b)."""
    if not guards_allowed(fight):
        return 0
    n_guards = len(guards(fight))
    if n_guards >= 3 * len(monsters(fight)):
        return None
    return n_guards // 2


def monster_needs_count(monster: Monster, sunlight: bool = False) -> bool:
    """R6: a monster that can hide, climb out of reach (Spider Climb, B8: up the walls and onto
    the ceiling) or levitate does not need the count; a shadow can hide (Shadow Stealth, B8:
    "While in dim light or darkness, the shadow can take the Hide action as a bonus action")
    in a fight not in `sunlight` (lnf's fights are dim or dark unless the file says sun)."""
    if monster.why in (BackReason.LEVITATING, BackReason.HIDDEN, BackReason.OUT_OF_REACH):
        return False
    if any(t.kind is TraitKind.SPIDER_CLIMB for t in monster.traits):
        return False
    if not sunlight and monster.trait(TraitKind.SHADOW_STEALTH) is not None:
        return False
    return not (monster.flags & R6_EXEMPT_FLAGS)


def front_rank_counts(fight: Fight) -> tuple[int, int]:
    """(front-rank heroes, front-rank monsters) among those in the fight (R6)."""
    front_heroes = sum(1 for h in heroes(fight) if h.rank is _FRONT)
    front_monsters = sum(1 for m in monsters(fight) if m.rank is _FRONT)
    return front_heroes, front_monsters


def count_met(front_monsters: int, front_heroes: int) -> bool:
    """R6: counted monsters may stand in the back rank only with at least one front-rank monster
    for every front-rank hero. The state check, the plan check and P6's decision ask here."""
    return front_monsters >= front_heroes


def can_fly_now(c: Hero | Monster) -> bool:
    """R7: free air needs a flying speed and not prone, restrained, grappled or speed 0."""
    return fly_speed(c) > 0 and not held(c) and _PRONE not in c.conditions


def check_rank_order(monster: Monster, rank: Rank) -> list[Violation]:
    """R7, R8 for the rank a plan gives a monster."""
    name = monster.name
    if rank is not monster.rank and held(monster):
        return [
            Violation("R8", f"{name} cannot switch ranks while restrained or grappled", (name,))
        ]
    if rank is Rank.FREE_AIR and not can_fly_now(monster):
        return [Violation("R7", f"{name} cannot take to free air (no flying speed now)", (name,))]
    return []


def check_ranks(fight: Fight) -> list[Violation]:
    """R4, R5, R6 and R7 as checks on a state."""
    found: list[Violation] = []
    found += check_hero_back_rank(fight)
    found += _check_monster_back_rank(fight)
    for c in fight.everyone:
        if not in_fight(c):
            continue
        if c.rank is Rank.FREE_AIR and not can_fly_now(c):
            why = "has no flying speed" if fly_speed(c) <= 0 else "cannot fly while prone or held"
            found.append(
                Violation(
                    "R7",
                    f"{c.name} is in free air but {why}",
                    (c.name,),
                    "put it in the front rank (flying low is the front rank)",
                )
            )
    return found


def check_hero_back_rank(fight: Fight) -> list[Violation]:
    """R4 and R5 as checks on a state: a back-rank hero's reason, guarding."""
    found: list[Violation] = []
    back = [h for h in heroes(fight) if h.rank is _BACK]
    for hero in back:
        if hero.why is None:
            found.append(
                Violation(
                    "R4",
                    f"{hero.name} is in the back rank without a reason",
                    (hero.name,),
                    "give why: guarded, levitating, hidden or out-of-reach, or move it to the "
                    "front",
                )
            )
    guarded = [h for h in back if h.why is _GUARDED]
    if not guarded:
        return found
    names = tuple(h.name for h in guarded)
    n_heroes, n_monsters = len(heroes(fight)), len(monsters(fight))
    if not guards_allowed(fight):
        found.append(
            Violation(
                "R5",
                f"{and_list(names)} cannot be guarded: {plural(n_monsters, 'monster')} against "
                f"{plural(n_heroes, 'hero', 'heroes')} is two or more per hero",
                names,
                "with that many monsters a back-rank hero needs another reason (R4) or the front",
            )
        )
        return found
    capacity = guarded_capacity(fight)
    if capacity is not None and len(guarded) > capacity:
        n_guards = len(guards(fight))
        found.append(
            Violation(
                "R5",
                f"{and_list(names)} {'needs' if len(names) == 1 else 'need'} "
                f"{2 * len(guarded)} front-rank guards; there "
                f"{'is' if n_guards == 1 else 'are'} {n_guards}",
                names,
                "each guard guards one hero; conjured, downed or incapacitated heroes cannot "
                f"guard; three front-rank heroes per monster ({3 * n_monsters}) would guard all",
            )
        )
    return found


def _check_monster_back_rank(fight: Fight) -> list[Violation]:
    found: list[Violation] = []
    front_heroes, front_monsters = front_rank_counts(fight)
    for monster in monsters(fight):
        if monster.why is BackReason.GUARDED:
            found.append(
                Violation(
                    "R6",
                    f"{monster.name} is marked guarded, but monsters never need guards",
                    (monster.name,),
                    "remove why: guarded",
                )
            )
    counted = [
        m.name
        for m in monsters(fight)
        if m.rank is Rank.BACK and monster_needs_count(m, fight.sunlight)
    ]
    if counted and not count_met(front_monsters, front_heroes):
        found.append(
            Violation(
                "R6",
                f"{and_list(counted)} in the back rank, but only "
                f"{plural(front_monsters, 'front-rank monster')} "
                f"face{'s' if front_monsters == 1 else ''} "
                f"{plural(front_heroes, 'front-rank hero', 'front-rank heroes')}",
                tuple(counted),
                "a monster may take the back rank only with at least one front-rank monster per "
                "front-rank hero, unless it can hide, climb out of reach or levitate",
            )
        )
    return found


# --- rank switches asked for, refused with R's rules (`rules.legal` asks) ------------------


def rank_choices(fight: Fight, c: Hero | Monster) -> list[Rank]:
    """R7, R8: the ranks `c` may switch to (not while restrained, grappled or mired — B8,
    speed 0; V3: no ranks before the sides meet)."""
    stuck = held(c) or Condition.MIRED in c.conditions
    if stuck or not fight.phase.kind.melee_possible or in_chase(fight, c.name):
        return []
    ranks = [Rank.FRONT, Rank.BACK] + ([Rank.FREE_AIR] if can_fly_now(c) else [])
    return [r for r in ranks if r is not c.rank]


def verify_rank_open(fight: Fight, c: Hero | Monster, rank: Rank) -> None:
    """R7, R8: the rank must be one `c` may switch to now (not the one it stands in)."""
    if rank not in rank_choices(fight, c):
        if c.rank is rank:
            raise Refused(f"{c.name} is in the {rank} rank already", "R8")
        raise Refused(f"{c.name} cannot switch to the {rank} rank now", "R7, R8")


def melee_rank(monster: Monster, hero: Hero) -> Rank | None:
    """A1, R5, R7: the rank a monster needs to attack `hero` in normal mêlée, if any."""
    if hero.rank is _FRONT:
        return _FRONT
    if hero.rank is _FREE_AIR:
        return _FREE_AIR if can_fly_now(monster) else None
    if hero.why is _GUARDED and breaks_guards(monster):
        return _FRONT  # R5: swarms and incorporeal monsters ignore guards
    return None


def breaks_guards(monster: Monster) -> bool:
    """R5: guards do not stop swarms and incorporeal monsters, nor (B8) an elemental whose
    Air, Water or Fire Form "can enter a hostile creature's space and stop there", as a
    swarm "can occupy another creature's space"."""
    return any(monster.has(f) for f in (_SWARM, _INCORPOREAL, _ENTERS_SPACES))
