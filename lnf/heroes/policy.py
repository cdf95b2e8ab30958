"""The hero policy: what a hero does when no player or script says (`lnf run`, `lnf odds`,
`auto`), played as a sensible player would, the same for the same fight:

1. **A dying ally first.** An ally at 0 hit points and still rolling death saves (D9) is healed
   by the first hero who can: Healing Word (a bonus action, F1) before the rest, so that the
   action still attacks; else a healing spell with a free slot, a potion, Lay on Hands.
2. **Bonus actions that matter.** A raging barbarian hits harder and takes less: Rage as soon
   as it fights; Second Wind at half hit points or less.
3. **The best action for the situation**, by the damage it can be expected to do now (the
   chance to hit against the AC or to fail the save, advantage and disadvantage included, R2's
   disadvantage from the front rank too), focused on the foe nearest to dropping (ties: the
   more dangerous, G3). Weapons and cantrips first; a slot only where it does a slot's work
   (F7, `spell_policy.best_option`): it drops a foe no free option would, or adds 5 damage per
   slot level; the lowest free slot, a higher one only when it drops more foes. An area spell
   takes two foes or more, whole groups first and no ally (E1, E3). A new concentration spell
   only where the one held holds nobody or fewer (F5). Extra Attack is `times`; Action Surge
   doubles it when the foe would outlast one action's blows; Sneak Attack on the first hit
   whenever 5e allows it (`attack_policy`). The spells that do more than damage (Spirit
   Guardians, Bless, Sleep, Hold Person, Faerie Fire, Web) are weighed in expected damage
   equivalents over three rounds (`effect_policy`, `spell_policy.save_worth`).
4. **Else close in**: a front-rank hero with a mêlée weapon and no foe beside it (unengaged, or
   its group's foes all in the back rank or the air) joins the most dangerous foe it can hit
   (M3, M5) where no foe takes an opportunity attack; a guarded caster stays in the back rank
   (R4, R5) and shoots, and a front-rank one whose best action is a shot at R2's disadvantage
   steps back there first where it may stand guarded (`_stand_back`).
5. **Dodge** only when nothing above is open.
6. **The bonus action beside the action** (F1): Flurry of Blows (with its Ki) or another
   bonus-action blow after the Attack action; a bonus-action spell (Spiritual Weapon) worth its
   slot, with only a cantrip for the action where that does more than the action's own spell;
   a Spiritual Weapon that is up, every turn (no slot); else Shield of Faith on the ally most
   attacked; else a rogue in the back rank whose attack gives its hiding away, or whose hiding
   is gone, hides again with Cunning Action (R4, `cunning`).

Under the AC-less variant (V-ACL) the chance is against the Hit DC, the damage counts after DR,
and every surge die goes on the damage of the first hit, as lnf's monsters spend theirs.

Heroes always take an opportunity attack when a foe leaves their group (M6), and a guard such
as Shield whenever it turns a hit and a slot is left (F1). In a chase they commit speed as
monsters do (`speed_policy`), and an escaper that kept its action hides from the pursuers it
has a point on (C5), as monsters do; heroes free to give chase do. The rules are written for a
DM in docs/policy.md.
"""

from __future__ import annotations

from lnf.engine.chasing import speed_policy
from lnf.engine.decisions import (
    ActionChoice,
    AttackChoice,
    BonusChoice,
    HealChoice,
    SimpleChoice,
    SpellChoice,
    TurnChoice,
)
from lnf.engine.hero_turn import turn_costs
from lnf.errors import Refused
from lnf.heroes.attack_policy import attack_choices, is_spell
from lnf.heroes.blow_policy import with_reckless, with_stun
from lnf.heroes.cunning import HIDE_AGAIN, hides_again
from lnf.heroes.effect_policy import effect_actions, effect_bonus, shield_of_faith
from lnf.heroes.inspire_policy import inspiration
from lnf.heroes.mark_policy import hunters_mark
from lnf.heroes.spell_policy import Option, Spend, best_option, save_options, worth_alone
from lnf.heroes.turn_policy import turn_options
from lnf.model import Action, Attack, BackReason, Cost, Fight, Guard, Hero, Monster, Rank
from lnf.model.plan import Mode
from lnf.model.steps import Moved
from lnf.rules.acl import acl
from lnf.rules.attacks import has_melee
from lnf.rules.chase import can_hide_from, escapers, in_chase
from lnf.rules.economy import verify_costs
from lnf.rules.effects import healing_barred
from lnf.rules.group_changes import moved
from lnf.rules.healing import verify_reaches
from lnf.rules.holds import wants_escape
from lnf.rules.legal import join_targets, verify_join, verify_rank
from lnf.rules.ranks import guarded_capacity
from lnf.rules.reactions import opportunity_attackers
from lnf.rules.resources import LAY_ON_HANDS, RAGE, SECOND_WIND, slot_for, verify_use
from lnf.rules.roster import downed, in_fight
from lnf.values import replace

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_ACTION = Cost.ACTION
_BONUS = Cost.BONUS
_DODGE = Action.DODGE
_ESCAPE = Action.ESCAPE
_HIDE = Action.HIDE


class PolicyHeroes:
    """The hero policy decides every hero's turn (lnf run, play's `auto`)."""

    at_table = False

    def choose(self, fight: Fight, hero: Hero) -> TurnChoice | None:
        return policy_choice(fight, hero)

    def takes_opportunity(self, fight: Fight, hero: Hero, foe: Monster) -> bool:
        return True

    def takes_guard(self, fight: Fight, hero: Hero, foe: Monster, guard: Guard) -> bool:
        return True  # F1, as monsters do: whenever it turns the hit

    def dashes(self, fight: Fight, hero: Hero) -> int:
        return speed_policy(fight, hero)

    def pursues(self, fight: Fight, hero: Hero, foe: Monster) -> bool:
        return True  # every hero free to give chase does (C1, rules.chase.free_to_pursue)

    def tells_to_flee(self, fight: Fight, monster: Monster) -> bool:
        return False


def policy_choice(fight: Fight, hero: Hero) -> TurnChoice:
    choice = _fitting(fight, hero, _choice(fight, hero))
    choice = with_reckless(fight, hero, with_stun(fight, hero, choice))  # F2
    if isinstance(choice.action, AttackChoice) and acl(fight) and hero.surge:
        # V-ACL6: like lnf's monsters, every surge die on the damage of the first hit
        choice = replace(choice, action=replace(choice.action, force=hero.surge))
    return choice


def _fitting(fight: Fight, hero: Hero, choice: TurnChoice) -> TurnChoice:
    """F1: the turn as chosen, if it fits what the turn has left (at the table, `auto` may
    come after a bonus action or a spell recorded this turn); else the action alone, only a
    cantrip after a bonus-action spell; else nothing."""
    try:
        verify_costs(fight, hero.name, turn_costs(hero, choice))
        return choice
    except Refused:
        pass
    bonus_spell = any(n == hero.name and c is Cost.BONUS for n, c, _ in fight.turns.cast)
    moves, now = _plan(fight, hero, cantrips_only=bonus_spell)
    alone = TurnChoice(moves, now.choice, spend=now.spend) if now is not None else NOTHING_DONE
    try:
        verify_costs(fight, hero.name, turn_costs(hero, alone))
        return alone
    except Refused:
        return NOTHING_DONE


NOTHING_DONE = TurnChoice()


def _choice(fight: Fight, hero: Hero) -> TurnChoice:
    """The turn: a dying ally's healing (1), else the bonus action's feature (2), then the
    action (3–5) and what the bonus action does beside it (6)."""
    heal = _heal_the_dying(fight, hero)
    if heal is not None and heal[0].cost is not _BONUS:
        return TurnChoice(action=heal[0], spend=heal[1])
    if hero.name in escapers(fight) and can_hide_from(fight, hero.name):
        return TurnChoice(action=SimpleChoice(_HIDE))  # C5, as `monster_chase_turn`
    if heal is None and wants_escape(fight, hero):  # F6: out of a hold that restrains it
        return TurnChoice(action=SimpleChoice(_ESCAPE), bonus=_bonus(fight, hero))
    feature = None if heal is not None else _bonus(fight, hero)
    moves, now = _plan(fight, hero, cantrips_only=heal is not None)
    action: ActionChoice = now.choice if now is not None else SimpleChoice(_DODGE)
    spend = now.spend if now is not None else ()
    choice = TurnChoice(moves, action, spend=spend, bonus=feature)
    if heal is not None:  # F1: Healing Word first, the action still attacks
        return replace(choice, bonus_action=heal[0], bonus_spend=heal[1])
    if feature is not None:
        return choice
    return _with_bonus_action(fight, hero, choice, now)


def _plan(
    fight: Fight, hero: Hero, cantrips_only: bool = False
) -> tuple[tuple[Moved, ...], Option | None]:
    """3, 4: the best action where the hero stands, or closing in first when that is worth
    more."""
    now = _best_action(fight, hero, cantrips_only=cantrips_only)
    closing = _close_in(fight, hero)
    if closing is not None and (now is None or closing[1].score > now.score):
        return closing
    back = _stand_back(fight, hero, now, cantrips_only)
    if back is not None:
        return back
    return (), now


def _stand_back(
    fight: Fight, hero: Hero, now: Option | None, cantrips_only: bool
) -> tuple[tuple[Moved, ...], Option] | None:
    """4 (R2, R3, R5): a front-rank hero whose best action shoots at R2's disadvantage steps
    back where it may stand guarded, and shoots from there, when that is worth more (out of
    mêlée reach too). A hero whose best action is a blow or a save spell stays in front."""
    if now is None or hero.rank is not Rank.FRONT:
        return None
    if not isinstance(now.choice, AttackChoice) or now.choice.mode is not Mode.RANGED:
        return None
    after = _moved(fight, Moved(hero.name, rank=Rank.BACK, why=BackReason.GUARDED))
    room = guarded_capacity(after)  # R5 first, as a count: the whole check costs more
    guarded = [h for h in after.heroes if h.rank is Rank.BACK and h.why is BackReason.GUARDED]
    if room is not None and room < len(guarded):
        return None
    try:
        move = verify_rank(fight, hero, Rank.BACK, BackReason.GUARDED)
    except Refused:
        return None  # R5: not guarded (two monsters a hero or more, too few guards)
    then = _best_action(after, after.hero(hero.name), cantrips_only=cantrips_only)
    return ((move,), then) if then is not None and then.score > now.score else None


def _close_in(fight: Fight, hero: Hero) -> tuple[tuple[Moved, ...], Option] | None:
    """4: a front-rank hero with a mêlée weapon and no foe beside it joins the most dangerous
    foe it can hit, and hits it — worth more than shooting at R2's disadvantage from where it
    stands. No foe beside it: unengaged, or (fast, M3) in a group whose foes all stand out of
    its mêlée (R3 back rank, R7 free air), leaving where none takes an opportunity attack (M6)."""
    if not fight.phase.kind.melee_possible or not has_melee(hero) or hero.rank is not Rank.FRONT:
        return None
    if in_chase(fight, hero.name) or not _nobody_beside(fight, hero):
        return None
    open_ = join_targets(fight, hero)  # M2: none for a slow hero in a group
    danger = [m.name for m in fight.monsters]
    for monster in sorted(_monsters_by_spot(fight, open_), key=danger.index):
        move = verify_join(fight, hero, monster)
        if opportunity_attackers(fight, move):
            continue
        after = _moved(fight, move)
        follow = _best_action(after, after.hero(hero.name), only=Mode.MELEE)
        if follow is not None:
            return (move,), follow
    return None


# --- 1. a dying ally ------------------------------------------------------------------------


def _heal_the_dying(fight: Fight, hero: Hero) -> tuple[HealChoice, Spend] | None:
    """1, D9: the ally nearest to death, healed by the first way the hero has that reaches
    (G5: a touch needs the group), a bonus-action spell (Healing Word) before the others, so
    that the action still attacks (F1); Lay on Hands last."""
    dying = [
        h
        for h in fight.heroes
        if h.name != hero.name
        and downed(h)
        and not h.stable
        and healing_barred(fight, h.name, "") is None  # F6: no healing wasted on mummy rot
    ]
    if not dying or hero.current_hp == 0:
        return None
    target = min(dying, key=lambda h: (-h.death_saves[1], h.name))  # the nearest to death
    for heal in sorted(hero.heals, key=lambda h: h.cost is not Cost.BONUS):
        try:
            verify_reaches(fight, hero, target.name, heal.name)  # G5: a touch needs the group
            if heal.slot:
                slot = slot_for(hero, heal.slot)
                spend: Spend = ((slot, 1),) if slot is not None else ()
            elif hero.resource(heal.name) is not None:
                spend = ((verify_use(hero, heal.name) or heal.name, 1),)
            else:
                continue  # a potion the sheet has none of
        except Refused:
            continue
        return HealChoice(target.name, heal.dice, heal.name, heal.cost, heal.slot), spend
    pool = hero.resource(LAY_ON_HANDS)
    if pool is not None and pool.left > 0:
        try:
            verify_reaches(fight, hero, target.name, LAY_ON_HANDS)
        except Refused:
            return None
        from lnf.dice import parse

        points = min(pool.left, target.hp)
        chosen = HealChoice(target.name, parse(str(points)), LAY_ON_HANDS)
        return chosen, ((pool.name, points),)
    return None


# --- 2. bonus actions -------------------------------------------------------------------------


def _bonus(fight: Fight, hero: Hero) -> BonusChoice | None:
    """2: Rage as soon as the barbarian fights; Second Wind at half hit points or less; Bardic
    Inspiration to an ally."""
    try:
        if RAGE not in hero.effects and fight.group_of(hero.name) and hero.resource(RAGE):
            verify_use(hero, RAGE)
            return BonusChoice(RAGE)
        barred = healing_barred(fight, hero.name, SECOND_WIND) is not None  # F6
        if hero.resource(SECOND_WIND) and hero.current_hp * 2 <= hero.hp and not barred:
            verify_use(hero, SECOND_WIND)
            from lnf.dice import parse

            return BonusChoice(SECOND_WIND, parse(f"1d10+{hero.level or 1}"))
    except Refused:
        return None
    return inspiration(fight, hero)  # F2: a bard's die to an ally


def _with_bonus_action(
    fight: Fight, hero: Hero, choice: TurnChoice, now: Option | None
) -> TurnChoice:
    """6, F1: what the bonus action does beside the action. A bonus-action attack that is not
    a spell (Flurry of Blows with its Ki, an off-hand blow) follows the Attack action, at the
    foe the action leaves standing; a bonus-action spell (Spiritual Weapon) is cast first when
    it is worth its slot, and then the action casts only a cantrip — where that does more
    than the action's own slotted spell."""
    after = fight
    for move in choice.moves:
        after = _moved(after, move)
    me = after.hero(hero.name)
    weapon = isinstance(choice.action, AttackChoice) and not is_spell(choice.action.attack)
    dropped = ""  # the foe the action is expected to drop: the bonus action goes elsewhere
    if isinstance(choice.action, AttackChoice) and now is not None and now.drops:
        dropped = choice.action.target
    if weapon and now is not None:
        assert isinstance(choice.action, AttackChoice)
        opened = frozenset({choice.action.attack.name.lower()})  # F1: Martial Arts, Flurry
        chances = attack_choices(after, me, cost=Cost.BONUS, opened=opened)
        blows = [o for o in chances if not is_spell(_attack_of(o))]
        if blows:
            blow = max(blows, key=lambda o: (_target_of(o) != dropped, o.score))
            return replace(
                choice, bonus_action=blow.choice, bonus_spend=blow.spend, bonus_first=False
            )
    marked = hunters_mark(after, me, choice, dropped)  # F7: the mark before the blows
    if marked is not None:
        return marked
    spells = [
        o
        for o in _bonus_spells(after, me)
        if worth_alone(o) and (_target_of(o) != dropped or not o.level)  # a free blow: why not
    ]
    if not spells:  # F7: Shield of Faith when nothing better is open
        shield = shield_of_faith(after, me, _concentrates(choice))
        spells = [shield] if shield is not None else []
    if not spells:  # F1, R4: else a rogue hides again with Cunning Action
        hide = hides_again(after, me, choice.action)
        return replace(choice, bonus_action=HIDE_AGAIN, bonus_first=False) if hide else choice
    cast = best_option(spells)
    assert cast is not None
    spell_cast = is_spell(_attack_of(cast))  # F1, F7: a Spiritual Weapon that is up is none
    if spell_cast and now is not None and now.level and is_spell(_attack_of(now)):
        moves, alone = _plan(fight, hero, cantrips_only=True)  # F1: then only a cantrip
        if alone is None or cast.net + alone.net <= now.net:
            return choice
        choice = replace(choice, moves=moves, action=alone.choice, spend=alone.spend)
    return replace(choice, bonus_action=cast.choice, bonus_spend=cast.spend)


def _bonus_spells(fight: Fight, hero: Hero) -> list[Option]:
    """Bonus-action spells that deal damage: attack spells and save spells (F1), and
    Spiritual Weapon, cast or up (F7, `effect_policy.weapon_options`)."""
    attacks = [o for o in attack_choices(fight, hero, cost=_BONUS) if is_spell(_attack_of(o))]
    bonus = [a for a in hero.attacks if a.cost is _BONUS]
    return attacks + list(save_options(fight, hero, bonus)) + effect_bonus(fight, hero)


def _concentrates(choice: TurnChoice) -> bool:
    """F5: the turn's action casts a concentration spell."""
    a = choice.action
    return isinstance(a, (AttackChoice, SpellChoice)) and _spell_of(a).concentration


def _spell_of(c: AttackChoice | SpellChoice) -> Attack:
    return c.attack if isinstance(c, AttackChoice) else c.spell


def _attack_of(option: Option) -> Attack:
    c = option.choice
    return c.attack if isinstance(c, AttackChoice) else c.spell


def _target_of(option: Option) -> str:
    c = option.choice
    return c.target if isinstance(c, AttackChoice) else ",".join(c.targets)


# --- 3. the best action -----------------------------------------------------------------------


def _best_action(
    fight: Fight, hero: Hero, only: Mode | None = None, cantrips_only: bool = False
) -> Option | None:
    """3: the most damaging thing the hero can do with its action now, free options first and
    a slot only where it does a slot's work (`spell_policy.best_option`). `cantrips_only`
    (F1): a bonus-action spell is cast this turn, so no other spell but a cantrip."""
    options = [] if only is not None or cantrips_only else turn_options(fight, hero)  # F2
    options += list(attack_choices(fight, hero, only))
    if only is None:
        actions = [a for a in hero.attacks if a.cost is _ACTION]
        options += list(save_options(fight, hero, actions))
        options += effect_actions(fight, hero)  # F7: Spirit Guardians, Bless, Sleep
    if cantrips_only:
        options = [o for o in options if not (o.level and is_spell(_attack_of(o)))]
    if any(a.after_attack for a in hero.attacks):
        options = _with_blows(fight, hero, options)
    return best_option(options)


def _with_blows(fight: Fight, hero: Hero, options: list[Option]) -> list[Option]:
    """F1, F2: an Attack action with a weapon that opens bonus-action blows (a monk's Martial
    Arts and Flurry of Blows) is worth the best of them too, so the monk does not throw darts
    where its sword would bring its blows (docs/policy.md)."""
    blows: dict[str, float] = {}
    out = []
    for option in options:
        action = option.choice
        if not isinstance(action, AttackChoice) or is_spell(action.attack):
            out.append(option)
            continue
        name = action.attack.name.lower()
        if name not in blows:
            opened = attack_choices(fight, hero, cost=_BONUS, opened=frozenset({name}))
            granted = [o.score for o in opened if _attack_of(o).after_attack]
            blows[name] = max(granted, default=0.0)
        out.append(replace(option, score=option.score + blows[name]) if blows[name] else option)
    return out


# The grid after a move, the last one remembered by the fight's identity and the move: closing
# in (4) weighs the blow after joining, and the bonus action (6) is weighed on that same grid.
# Exact: a fight is a frozen value, and the one asked about is kept beside the answer.
_LAST_MOVED: dict[str, tuple[Fight, Moved, Fight]] = {}


def _moved(fight: Fight, move: Moved) -> Fight:
    """`rules.group_changes.moved`, remembered."""
    seen = _LAST_MOVED.get("last")  # one read: another thread may remember meanwhile
    if seen is not None and seen[0] is fight and seen[1] == move:
        return seen[2]
    after = moved(fight, move)
    _LAST_MOVED["last"] = (fight, move, after)
    return after


def _nobody_beside(fight: Fight, hero: Hero) -> bool:
    """No foe in the hero's group stands in its rank (A1: a front-rank foe to strike)."""
    group = fight.group_of(hero.name)
    if group is None:
        return True
    return not any(
        m.rank is hero.rank and in_fight(m)
        for name in group.members
        if isinstance(m := fight.combatant(name), Monster)
    )


def _monsters_by_spot(fight: Fight, open_: list[str]) -> list[str]:
    names = []
    for m in fight.monsters:
        group = fight.group_of(m.name)
        if (group is not None and group.label in open_) or m.name in open_:
            names.append(m.name)
    return names
