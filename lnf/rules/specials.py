"""A monster's special actions and spells in the plan (B1–B6): which it may use now, how many
heroes each catches and whom it reaches from where, an action's expected damage at a hero (an
order's is `rules.order_damage`'s) and the resource it spends.

The solver, the validator (`rules.plan_check`), the score (`rules.plan_score`) and the round
engine all ask here; each rule is decided in one function below.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from lnf.errors import Violation
from lnf.model import (
    SLOT,
    Attack,
    Cost,
    Fight,
    Hero,
    Monster,
    PhaseKind,
    Rank,
    Resource,
)
from lnf.model.plan import Mode
from lnf.rules.action_immunity import immune
from lnf.rules.areas import target_count
from lnf.rules.attacks import (
    beyond_reach,
    has_melee,
    out_of_melee_reach,
    plan_targets,
    reach_ranks,
    roll_for,
    unseen,
    used_damage,
)
from lnf.rules.chase import chase_reach, in_chase, pool
from lnf.rules.damage import magical
from lnf.rules.darts import shield_stops, sure_hit
from lnf.rules.distance import volley_reach
from lnf.rules.expected import attack_mean, dice_mean, riders_mean, save_fails, saved
from lnf.rules.moves import Spot, hero_spot
from lnf.rules.ranks import can_fly_now, melee_rank
from lnf.rules.reach_steps import SHORT, far_reach
from lnf.rules.roster import in_fight
from lnf.rules.spell_effects import word_kills
from lnf.rules.telekinesis import gripped_chance
from lnf.rules.wording import and_list
from lnf.values import by_identity

# --- B1, B2: what it may use now ---------------------------------------------------------------


def resource_of(monster: Monster, action: Attack) -> Resource | None:
    """B2: what is left of a limited action: the resource it `spends` (a dragon's breath
    options share "Breath Weapons"), else the one named as the action (recharge, per day),
    else a slotted spell's "slot N"; None when the action is at will or the monster's file
    counts no such resource (then it is taken as fully charged)."""
    name = use_name(action)
    if name is None:
        return None
    return next((r for r in monster.resources if r.name.lower() == name.lower()), None)


def use_name(action: Attack) -> str | None:
    """B2, B6: the name of what one use of `action` spends (`resource_of`'s): the resource it
    `spends`, else its own name (recharge, per day), else a slot of its own level; None at will."""
    if action.spends:
        return action.spends
    if action.recharge or action.per_day:
        return action.name
    return f"{SLOT}{action.slot}" if action.slot else None  # B6: its own level, never upcast


def charged(monster: Monster, action: Attack) -> bool:
    """B2: a recharge action is charged, a per-day use or the spell's slot is left."""
    left = resource_of(monster, action)
    return left is None or left.left > 0


def attacks_a_hero(action: Attack) -> bool:
    """B6: an action that deals damage or imposes a condition on a hero (its riders, Sleep's
    hit points). Spells that do neither (Mage Armor, Misty Step) are no option of the plan:
    the plan orders attacks (P1), and with nothing else possible a monster casting them would
    attack nobody — the DM may cast them."""
    if action.damage.maximum > 0:
        return True
    if any(
        r.conditions or r.damage is not None or r.push or r.drops or r.armor for r in action.riders
    ):
        return True  # F6: a push out of its group, corroded armor count as a condition imposed
    e = action.effect
    return e is not None and (e.sleep is not None or e.kills)  # F7 Sleep, Power Word Kill


def usable(fight: Fight, monster: Monster) -> tuple[Attack, ...]:
    """B1, B2: the special actions and spells `monster` may use as its action now, in its
    stat block's order: an action (not a bonus action or reaction, B10), charged or with a use
    or its slot left, that attacks a hero or imposes a condition (B6)."""
    del fight  # what is left is the monster's own (B2); the fight is asked for symmetry
    return tuple(
        a
        for a in monster.actions
        if a.cost is Cost.ACTION
        and charged(monster, a)
        and attacks_a_hero(a)
        and a.name != monster.multiattack_held  # B1: the chuul's tentacles, with its pincers
    )


def action_named(monster: Monster, name: str) -> Attack | None:
    """The special action or spell of that name in the monster's stat block (B1)."""
    return next((a for a in monster.actions if a.name.lower() == name.lower()), None)


def check_usable(monster: Monster, name: str) -> list[Violation]:
    """B1, B2 for an order that names an action: the monster has it, as an action, and it is
    charged or has a use or slot left."""
    who = (monster.name,)
    action = action_named(monster, name)
    if action is None:
        have = and_list([a.name for a in monster.actions]) or "none"
        return [Violation("B1", f"{monster.name} has no action called {name} (it has {have})", who)]
    if action.cost is not Cost.ACTION:
        return [Violation("B1", f"{action.name} is {monster.name}'s {action.cost}, no action", who)]
    if action.name == monster.multiattack_held:
        said = f"{action.name} is used only with {monster.name}'s Multiattack, on one it grapples"
        return [Violation("B1", said, who)]
    if not charged(monster, action):
        return [Violation("B2", f"{monster.name}'s {action.name} is {spent_words(action)}", who)]
    if not attacks_a_hero(action):
        return [
            Violation(
                "B6", f"{action.name} neither harms a hero nor imposes a condition on one", who
            )
        ]
    return []


def spent_words(action: Attack) -> str:
    """B2 in a DM's words: why a limited action cannot be used now."""
    if action.recharge:
        return "not charged"
    if action.per_day:
        return "used up for the day"
    return f"out of {SLOT.strip()}s of level {action.slot}"


# --- B3, E1: how many it catches -----------------------------------------------------------

EVERY_HERO = 1000  # B3: "creatures of its choice" without an E1 shape: every hero it reaches


def is_split(action: Attack) -> bool:
    """B3: its darts, rays or beams (`times`) may each go at a different hero."""
    return action.times > 1 and action.area is None


def is_area(action: Attack) -> bool:
    """B3, E1: an area that catches whole groups first (E3); an area of the user's choice
    (Frightful Presence) is aimed at each hero instead."""
    return action.area is not None and not action.choice


def catch_count(action: Attack) -> int:
    """B3, E1: how many it catches: an area's E1 count, a split action's darts, rays or
    beams, every hero it reaches for creatures of its choice without a shape, else one."""
    if action.area is not None:
        return target_count(action.area)
    if action.choice:
        return EVERY_HERO
    return max(1, action.times)


# --- B4: whom it reaches -------------------------------------------------------------------

STRIKE = "strike"  # an attack roll in mêlée (A1, A2)
SHOT = "shot"  # a ranged attack roll (A3, R2): Fire Bolt, Scorching Ray
CLOSE = "close"  # B4: under 30 ft from its user, or a touch: its own group only
THROWN = "thrown"  # B4: 30–59 ft from its user: as a ranged attack, as a thrown weapon in V3/C4
SPELL = "spell"  # B4: a range, or 60 ft or more from its user: as a spell
FAR = 60  # B4: from its user, this far or more reaches as a spell


def rolls_to_hit(action: Attack) -> bool:
    """An action with an attack roll (Fire Bolt, Scorching Ray): not a save, not sure darts,
    not a power word (F7: no roll, by hit points)."""
    e = action.effect
    rolled = e is None or not (e.word > 0 or e.contest is not None)  # F7: Telekinesis, a contest
    return action.save is None and not sure_hit(action) and rolled


def reach_kind(action: Attack) -> str:
    """B4: how an action reaches. An attack roll as an attack does (A1–A3); without one (a
    save, a breath, sure darts) by its range (under 30 ft: a touch) or, starting at its user,
    by its area's size: under 30 ft its own group, 30–59 ft as a ranged attack, 60 ft or more
    as a spell; with neither, its own group."""
    if rolls_to_hit(action):
        return SHOT if action.is_ranged else STRIKE
    if action.range is not None:
        return CLOSE if action.range[1] < SHORT else SPELL
    if action.area is None or action.area.size < SHORT:
        return CLOSE
    return THROWN if action.area.size < FAR else SPELL


def action_mode(action: Attack, spot: Spot) -> Mode:
    """The mode an order with this action carries: a mêlée attack roll is mêlée in a group
    and reach when unengaged (A2); an action that reaches only its own group is mêlée; any
    other (shots, spells, breaths of 30 ft or more) is ranged."""
    return kind_mode(reach_kind(action), spot)


def kind_mode(kind: str, spot: Spot) -> Mode:
    """`action_mode` of an action that reaches as `kind` (`reach_kind`)."""
    if kind == STRIKE:
        return Mode.MELEE if spot is not None else Mode.REACH
    return Mode.MELEE if kind == CLOSE else Mode.RANGED


def _volley_reach(action: Attack, kind: str, n: int) -> bool:
    """B4 through V3 in volley round `n`: as a spell (far_reach), 30–59 ft as a thrown weapon
    (the last round only), a shot as a ranged weapon; mêlée and close actions never."""
    if kind == SPELL:
        return far_reach(action, n) is not None
    if kind == THROWN:
        return n == 1
    return kind == SHOT and volley_reach(action, n) is not None


def _chase_reach(action: Attack, kind: str, points: int) -> bool:
    """B4 through C4 across a pair's escape points: as a spell (far_reach, and at arm's
    length), a shot as a ranged weapon; anything else only at 0 (30–59 ft as a thrown weapon)."""
    if kind == SPELL:
        return points == 0 or far_reach(action, points) is not None
    if kind == SHOT:
        return chase_reach(action, points) is not None
    return points == 0


def reaches(
    fight: Fight,
    monster: Monster,
    action: Attack,
    spot: Spot,
    rank: Rank,
    hero: Hero,
    kind: str | None = None,
) -> bool:
    """B4 (and A1–A3, R2 for an attack roll, V3, C4): whether `action`, used from `spot` in
    `rank`, reaches `hero`. A hidden hero is never picked (R4), nor one immune to it (B1, F4:
    its save against this monster's Frightful Presence made). `kind`: `reach_kind(action)`,
    if worked out already."""
    if unseen(hero) or not in_fight(hero) or immune(fight, hero.name, monster, action):
        return False
    if action.only_on is not None and action.only_on not in hero.conditions:
        return False  # B4: the sea hag's Death Glare, at a frightened creature only
    kind = reach_kind(action) if kind is None else kind
    if fight.phase.kind is PhaseKind.VOLLEY:  # V3: no groups, no ranks
        return _volley_reach(action, kind, fight.phase.volley)
    if not fight.phase.kind.melee_possible:
        return False
    if in_chase(fight, monster.name) or in_chase(fight, hero.name):  # C4: a pair's points
        shared = pool(fight, monster.name, hero.name)
        return shared is not None and _chase_reach(action, kind, shared.points)
    if kind == STRIKE:
        if spot is not None:  # A1, R3, R5, R7
            together = spot == hero_spot(fight, hero)
            return together and melee_rank(monster, hero) is rank and not out_of_melee_reach(hero)
        return rank in reach_ranks(action.reach, hero, can_fly_now(monster))  # A2
    if kind == SHOT:
        return rank is not Rank.FRONT or not has_melee(monster)  # A3, R2
    if kind == CLOSE:
        return spot is not None and spot == hero_spot(fight, hero) and not beyond_reach(hero)
    return True  # B4: 30 ft or more, as a ranged attack or a spell: a save is no shot (R2)


@by_identity
def remembered(fight: Fight) -> dict[object, object]:
    """What is worked out for the last fight asked about (the solver asks for every troop,
    spot and rank of one fight in turn): a fresh store for each fight, never stale."""
    return {}


# T2's heroes of the last fight asked about, worked out once for all its monsters and spots.
plan_heroes = by_identity(plan_targets)


def reach_of(
    fight: Fight, monster: Monster, action: Attack, spot: Spot, rank: Rank
) -> tuple[str, ...]:
    """B4: the heroes (names, in target order) `action` reaches from `spot` in `rank`."""
    return tuple(
        h.name for h in plan_heroes(fight) if reaches(fight, monster, action, spot, rank, h)
    )


def split_darts(action: Attack, targets: Sequence[str]) -> tuple[tuple[str, int], ...]:
    """B3: a split action's darts, rays or beams go one at each hero named, round and round
    in the order named (three darts at two heroes: two at the first)."""
    if not targets:
        return ()
    if not is_split(action):
        return tuple((t, 1) for t in targets)
    darts = action.times
    return tuple(
        (t, darts // len(targets) + (i < darts % len(targets))) for i, t in enumerate(targets)
    )


# --- B6 (1): expected damage at a hero ------------------------------------------------------------


def action_mean(
    fight: Fight, monster: Monster, action: Attack, hero: Hero, mode: Mode, rank: Rank
) -> Fraction:
    """B6 (1) for one dart, ray, beam or the whole action at one hero: a sure dart its mean,
    a save its fail chance × the mean plus its success chance × half, an attack roll as any."""
    if (killed := word_kills(action, hero)) is not None:  # F7 Power Word Kill
        return killed
    if sure_hit(action):  # F1, F7: nothing at a hero whose Shield is up
        if shield_stops(fight, hero.name, action):
            return Fraction(0)
        return dice_mean(action.damage, hero, magic=magical(monster, action))[0]
    if not rolls_to_hit(action):
        magic = magical(monster, action)  # D6
        mean, _ = dice_mean(action.damage, hero, magic=magic)
        landed = save_fails(hero, action.save) if action.save is not None else Fraction(1)
        landed = gripped_chance(action, hero, landed)  # F7 Telekinesis: a contest instead
        # F6: what comes with a failed save (Hold Person's paralysis) by the chance it fails
        riders = riders_mean(action, hero, magic)
        base = saved(mean, action.save, action.half, hero)
        return base + landed * riders if riders else base
    roll, _ = roll_for(monster, hero, mode, rank)
    used = used_damage(action, mode, monster, hero)
    return attack_mean(used, hero, roll, mode, magic=magical(monster, action))


# --- B6 (2): the resource spent --------------------------------------------------------------


def resource_rank(monster: Monster, action: str) -> int:
    """B6 (2): at will (weapons, "") 0 < recharge 1 < per day 2 < a slot: 3 + its level."""
    found = action_named(monster, action) if action else None
    if found is None:
        return 0
    if found.per_day:
        return 2
    if found.slot:
        return 3 + found.slot
    return 1 if found.recharge else 0


def action_index(monster: Monster, action: str) -> int:
    """B6's last tie-break: the stat block's order of actions (weapons first, 0)."""
    names = [a.name.lower() for a in monster.actions]
    return 1 + names.index(action.lower()) if action and action.lower() in names else 0
