"""A hero's turn in words, as a player types it or a script holds it:

    attack Skeleton 2 [with Shortsword] [sneak 2d6] [surge] [ko]    (hit, strike, stab, shoot)
    attack Ogre eye with Longbow [power 1] [force 2]     (AC-less variant: aim, surge dice)
    attack Bokoblin with Sword target      (Hyrule: a target strike, 2 stamina or disadvantage)
    defence | grapple Orc | shove Orc | tenacity 2 | speed 1    (AC-less variant)
    cast Guiding Bolt at Wight | heal Doris 1d8+3 [with Cure Wounds]
    join A | join Skeleton 1 | leave | front | back guarded | free-air
    dash | disengage | dodge | help Felix | hide | use potion of climbing | nothing
    attack Ogre with Shortbow; hide      (a rogue's Cunning Action: Dash, Disengage or Hide)
    use Second Wind | use Flurry of Blows | use Action Surge; attack Orc    (a feature by name)
    attack Gnoll; smite [2] [on a crit] | attack Orc; stun | …; reckless    (F2: blow_words)

Moves, an action and a bonus action, joined with `;` ("join A; attack Wight"): read here, and
asked of `lnf.rules.legal`, which refuses with the rule's id and the choices that are open.
"""

from __future__ import annotations

import difflib
import re

from lnf.dice import DiceExpr, parse
from lnf.engine.decisions import (
    ActionChoice,
    AttackChoice,
    BonusChoice,
    ContestChoice,
    HealChoice,
    SimpleChoice,
    SpellChoice,
    TurnChoice,
)
from lnf.engine.hero_turn import costs_bonus, verify_granted
from lnf.errors import Refused
from lnf.heroes.answer_words import answered_cast
from lnf.heroes.blow_words import BLOW_VERBS, blow_said, with_blows
from lnf.heroes.cunning import cunning_later, cunning_words
from lnf.heroes.effect_words import WEAPON_MODE as WM
from lnf.heroes.effect_words import cast_effect, effect_spell, weapon_attack
from lnf.heroes.feature_words import FEATURE_VERBS, INSPIRE_VERBS, feature_choice, inspire_choice
from lnf.heroes.flurry import BLOWS, flurry_words
from lnf.heroes.smite_words import SMITE_VERBS, smite_choice
from lnf.heroes.spell_words import (
    Spend,
    cast_heal,
    cast_save,
    dice_of,
    drunk,
    heal_choice,
    monster_named,
    name_meant,
    refuse_reactions,
    save_spell,
    slot_level,
    spell_as_verb,
)
from lnf.heroes.swing_words import later_targets, split_targets, turn_parts
from lnf.heroes.use_words import plainly
from lnf.heroes.variant_words import aimed, surge_count, target_strike
from lnf.model import Action, AttackKind, BackReason, Fight, Hero, Rank
from lnf.model.plan import Advantage, Mode
from lnf.model.steps import Moved
from lnf.rules.acl import verify_acl, verify_surge
from lnf.rules.attacks import UNARMED
from lnf.rules.conditions import attacks_on_its_turn
from lnf.rules.distance import roll_in_fight
from lnf.rules.group_changes import moved
from lnf.rules.holds import verify_escape
from lnf.rules.hyrule import verify_hyrule
from lnf.rules.legal import (
    attack_modes,
    join_targets,
    options,
    verify_attack,
    verify_flee,
    verify_group_changes,
    verify_join,
    verify_leave,
    verify_on_the_grid,
    verify_rank,
)
from lnf.rules.names import match_name, suggestion
from lnf.rules.resources import (
    ACTION_SURGE,
    RAGE,
    SECOND_WIND,
    SLOTTED_SPELL,
    SNEAK_ATTACK,
    cast_slot,
    sneak_attack_dice,
    surge_factor,
    tracked,
    verify_sneak,
    verify_use,
)
from lnf.rules.roster import in_fight
from lnf.rules.surprise import verify_actions

MOVE_VERBS = ("join", "leave", "front", "back", "free-air", "rank")
# What players say for an attack: "hit the wolf", "stab Orc 2" keep to mêlée (and join the foe
# first if they must); "shoot" keeps to ranged attacks, "throw" to thrown weapons.
ATTACK_WORDS = {
    "hit": "strike",
    "stab": "strike",
    "slash": "strike",
    "throw": "throw",  # keeps to thrown weapons, as "shoot" keeps to ranged attacks
    "defense": "defence",
}
ACTION_VERBS = (
    "attack",
    "strike",
    "shoot",
    "throw",
    "cast",
    "heal",
    "drink",
    "help",
    "pass",
    "grapple",
    "shove",
    *(a.value for a in Action),
)
SURGE_WORDS = ("tenacity", "speed")  # V-ACL6: surge dice spent outside an attack
SAID_VERBS = frozenset(  # every word a turn's part may start with, before a spell's name
    {*ACTION_VERBS, *MOVE_VERBS, *ATTACK_WORDS, *SURGE_WORDS, *SMITE_VERBS, *BLOW_VERBS, *BLOWS}
    | {"flee", "rage", "second", "defence", "escape", *FEATURE_VERBS}
)
SURGED = ("attack", "strike", "shoot", "throw", *ATTACK_WORDS)  # T1: what Action Surge doubles


def parse_choice(fight: Fight, hero: Hero, text: str) -> TurnChoice:
    """Read and check a hero's turn against the state `fight`."""
    moves: list[Moved] = []
    action: ActionChoice | None = None
    spend: Spend = []
    bonus: BonusChoice | None = None
    bonus_action: ActionChoice | None = None
    bonus_first = True
    bonus_spend: Spend = []  # F1: what the bonus action uses of the sheet
    moves_after: list[Moved] = []  # M5: after the action
    flee, blows_said = False, frozenset[str]()
    surges: list[tuple[str, int]] = []
    state = fight
    said = turn_parts(fight, text)
    for said_part in plainly(said, SURGED):
        part = spell_as_verb(state.hero(hero.name), said_part, SAID_VERBS)  # "fire bolt X"
        verb, _, rest = part.partition(" ")
        verb, rest = verb.lower(), rest.strip()
        verb = ATTACK_WORDS.get(verb, verb)
        if verb in BLOWS:  # F1, F2: `flurry [at Orc 1]`, after the Attack action
            me = state.hero(hero.name)
            verb, rest = "attack", flurry_words(state, me, verb, rest, action)
        if (verb, rest.lower()) in (("rage", ""), ("second", "wind")) or verb in INSPIRE_VERBS:
            if bonus is not None or bonus_action is not None:
                raise Refused("one bonus action a turn", rule="F1")
            me = state.hero(hero.name)  # F2: Bardic Inspiration to an ally
            inspired = verb in INSPIRE_VERBS
            bonus = inspire_choice(state, me, verb, rest) if inspired else _bonus(me, verb)
            continue
        if verb in SURGE_WORDS:
            dice = surge_count(rest, verb)
            verify_surge(state, state.hero(hero.name), dice + sum(n for _, n in surges), verb)
            surges.append((verb, dice))
            continue
        if verb in SMITE_VERBS:  # F2 Divine Smite: rides on the attack said before it
            action = smite_choice(state.hero(hero.name), rest, action)
            continue
        if verb in BLOW_VERBS:  # F2 Stunning Strike, Reckless Attack: the turn's blows
            blows_said = blow_said(verb, rest, blows_said)
            continue
        if verb == "flee":
            verify_flee(state, state.hero(hero.name))
            flee = True
            continue
        if verb in MOVE_VERBS:
            move = _move(state, state.hero(hero.name), verb, rest)
            verify_group_changes(hero, [*moves, *moves_after, move])
            state = moved(state, move)
            (moves_after if action is not None else moves).append(move)  # M5: after the action
            continue
        if (
            verb == "strike"
            and not moves
            and action is None
            and (join := _join_to_strike(state, hero, rest))
        ):
            verify_group_changes(hero, [join])  # "hit the troll" from afar: join, then strike
            state = moved(state, join)
            moves.append(join)
        spent = len(spend)
        done = _action(state, state.hero(hero.name), verb, rest, spend)
        if verb == "attack" and not moves:
            _ask_if_a_shot_is_worse(state, state.hero(hero.name), done, rest)
        hid_first = False  # F1: "hide; attack Ogre": Cunning Action's hide, then the attack
        if action is not None and not costs_bonus(hero, done):
            action, done, hid_first = cunning_words(hero, action, done)
            if hid_first:  # "disengage; leave; shoot Orc": the moves come before the action
                moves, moves_after = [*moves, *moves_after], []
        elif action is None:
            done = cunning_later(state, hero, done)
        if costs_bonus(hero, done):
            if bonus_action is not None or bonus is not None:
                raise Refused("one bonus action a turn", rule="F1")
            bonus_action, bonus_first = done, action is None or hid_first
            if not hid_first:  # F1: what these words spend is the bonus action's, as taken
                bonus_spend, spend[spent:] = spend[spent:], []
        elif action is not None:
            raise Refused("one action per turn; moves may come before it", rule="F1")
        else:
            action = done
    if flee and isinstance(action, AttackChoice | SpellChoice | HealChoice):
        raise Refused(
            "a hero who flees attacks in the chase rounds, by escape points (C4); "
            "with flee go disengage, dash, dodge or nothing",
            "C1",
        )
    acted = action is not None and action != SimpleChoice(Action.NOTHING)
    # V-ENC1: a rank switch needs no movement (R8, M1), so only a group change is the move
    moved_groups = any(m.changes_group for m in [*moves, *moves_after])
    verify_actions(state, hero.name, moved_groups, acted, bonus is not None)
    if blows_said:
        action, bonus_action = with_blows(state, hero.name, blows_said, action, bonus_action)
    action = action or SimpleChoice(Action.NOTHING)
    if bonus_action is not None:
        verify_granted(fight, hero.name, action, bonus_action, bonus_first)
    if isinstance(action, AttackChoice) and action.power + action.force:
        held = sum(n for _, n in surges) + action.power + action.force
        verify_surge(state, state.hero(hero.name), held, "the attack")
    return TurnChoice(
        tuple(moves),
        action,
        flee,
        tuple(spend),
        bonus,
        tuple(surges),
        bonus_action,
        bonus_first,
        tuple(moves_after),
        tuple(bonus_spend),
    )


def _bonus(hero: Hero, verb: str) -> BonusChoice:
    """`rage` or `second wind`: a bonus action that spends a use of the sheet."""
    name = RAGE if verb == "rage" else SECOND_WIND
    if hero.resource(name) is None and not tracked(hero):
        raise Refused(f"{hero.name}'s sheet has no {name}: give the hero a level, or uses")
    verify_use(hero, name)
    return BonusChoice(name, parse(f"1d10+{hero.level or 1}") if name == SECOND_WIND else None)


def _action(fight: Fight, hero: Hero, verb: str, rest: str, spend: Spend) -> ActionChoice:
    if verb == "cast":
        refuse_reactions(hero, rest)  # F1: Hellish Rebuke waits for a hit that hurts the hero
    if verb == "cast" and (spell := effect_spell(hero, rest)) is not None:  # F7
        return cast_effect(fight, hero, spell, rest, spend)
    if verb == "cast" and (spell := save_spell(hero, rest)) is not None:
        return cast_save(fight, hero, spell, rest, spend)
    if verb == "cast" and (healing := cast_heal(hero, rest)) is not None:
        return heal_choice(fight, hero, healing, spend)
    if verb == "cast" and (answer := answered_cast(fight, hero, rest, spend)) is not None:
        return answer  # B8: a spell lnf leaves to the DM, answered by the target's trait
    if verb in ("attack", "strike", "cast", "shoot", "throw"):
        return _attack(fight, hero, verb, rest, spend)
    if verb == "heal":
        return heal_choice(fight, hero, rest, spend)
    if (feature := feature_choice(fight, hero, verb, rest, spend)) is not None:
        return feature  # F2: Turn Undead, Patient Defense, Step of the Wind
    if verb in ("use", "drink") and (potion := drunk(hero, rest)) is not None:
        return heal_choice(fight, hero, f"{hero.name} with {potion}", spend)  # F1: it heals
    verb = "use" if verb == "drink" else verb  # any other potion: the Use an Object action
    if verb == "use" and hero.resource(rest) is not None:
        name = verify_use(hero, rest)
        spend.append((name or rest, 1))
        return SimpleChoice(Action.USE, name or rest)
    if verb in ("grapple", "shove"):  # V-ACL8, 5e: a contest, in place of an attack
        target = monster_named(fight, rest)
        verify_attack(fight, hero, target, [a for a in hero.attacks if a.is_melee] or [UNARMED])
        return ContestChoice(verb, target.name)
    if verb == "defence":
        verify_acl(fight, "the Defence action (V-ACL7)")
        return SimpleChoice(Action.DEFENCE)
    if verb == "help":
        allies = [h.name for h in fight.heroes if in_fight(h) and h.name != hero.name]
        return SimpleChoice(Action.HELP, name_meant(rest, allies))
    if verb == "pass":
        return SimpleChoice(Action.NOTHING, rest)
    if verb == Action.ESCAPE:
        verify_escape(fight, hero.name)  # F6: something holds it
        return SimpleChoice(Action.ESCAPE)
    if verb in {a.value for a in Action}:
        return SimpleChoice(Action(verb), rest)
    near = difflib.get_close_matches(verb, [*ACTION_VERBS, *MOVE_VERBS, *ATTACK_WORDS], n=1)
    said = f"lnf does not know {verb!r}" + (f": did you mean {near[0]!r}?" if near else "")
    raise Refused(said, options=options(fight, hero))


# --- moves ---------------------------------------------------------------------------------


def _move(fight: Fight, hero: Hero, verb: str, rest: str) -> Moved:
    verify_on_the_grid(fight, hero)
    if verb == "rank":
        verb, _, rest = rest.partition(" ")
        verb, rest = verb.lower(), rest.strip()
    if verb == "leave":
        return verify_leave(fight, hero)
    if verb == "join":
        names = [*join_targets(fight, hero), *(g.label for g in fight.groups)]
        return verify_join(
            fight, hero, name_meant(rest, [*names, *(m.name for m in fight.monsters)])
        )
    if verb not in {r.value for r in Rank}:
        raise Refused(f"no rank called {verb!r}: front, back or free-air", "R1")
    rank = Rank(verb)
    why = None
    if rank is Rank.BACK:
        try:
            why = BackReason(rest.lower() or "guarded")
        except ValueError:
            reasons = ", ".join(r.value for r in BackReason)
            raise Refused(f"why may {hero.name} stand back? say one of {reasons}", "R4") from None
    return verify_rank(fight, hero, rank, why)


# --- actions -------------------------------------------------------------------------------


def _attack(fight: Fight, hero: Hero, verb: str, rest: str, spend: Spend) -> AttackChoice:
    """`attack TARGET [with ATTACK] [sneak DICE] [surge] [ko]` (or hit, strike, stab; `shoot`
    for ranged attacks only) or `cast SPELL at TARGET`."""
    extra: DiceExpr | None = None
    sneak = False
    big = ""
    factor = 1
    ko = False
    surge = {"power": 0, "force": 0}
    strike = False
    pattern = (  # in any order, commas or "and" between: "with Longsword and action surge"
        r"[\s,](?:and\s+)?(ko|(?:action\s+)?surge|target|(power|force)\s+(\d+)"
        r"|sneak(?:\s+(?:attack\s+)?(\d\S*))?(?:\s+attack)?)\s*$"
    )
    while found := re.search(pattern, " " + rest, re.IGNORECASE):
        rest = re.sub(r",$|\s+with$", "", (" " + rest)[: found.start()].strip())  # "with sneak"
        word = found[1].lower()
        if found[2]:  # V-ACL6: surge dice on the roll (power) or the damage (force)
            surge[found[2].lower()] += int(found[3])
        elif word == "ko":
            ko = True
        elif word == "target":  # V-HYR2
            verify_hyrule(fight, "a target strike (V-HYR2)")
            strike = True
        elif word.endswith("surge"):  # T1: the action's swings doubled, or a second action
            factor, big = surge_factor(fight, hero.name), big or ACTION_SURGE
            if (name := verify_use(hero, ACTION_SURGE)) is not None:
                spend.append((name, 1))
        else:
            extra = sneak_attack_dice(hero, dice_of(found[4]) if found[4] else None)
            sneak, big = True, SNEAK_ATTACK
    level = None
    if verb == "cast":
        rest, level = slot_level(rest)  # F7: `at 4th`
        pieces = re.split(r"\s+(?:at|on)\s+", rest, maxsplit=1, flags=re.IGNORECASE)
        if len(pieces) != 2:
            raise Refused("say which spell at whom: cast SPELL at MONSTER")
        wanted, target_text = pieces
        if not any(a.spell and a.name.lower() == wanted.strip().lower() for a in hero.attacks):
            spells = [a.name for a in hero.attacks if a.spell]  # the spell before its target
            said = _near(f"{hero.name} has no spell called {wanted.strip()!r}", wanted, spells)
            raise Refused(said, options=spells)
    else:
        pieces = re.split(r"\s+with\s+", rest, maxsplit=1, flags=re.IGNORECASE)
        target_text, wanted = (pieces[0], pieces[1]) if len(pieces) == 2 else (rest, "")
        if len(pieces) == 1 and (aimed_at := weapon_at(hero, rest)) is not None:
            wanted, target_text = aimed_at  # "throw a dart at Orc 2", "shoot my bow at Orc"
    target_text, *more = split_targets(fight, target_text.strip())
    target_text, part = aimed(fight, target_text)
    target = monster_named(fight, target_text)
    usable = [a for a in hero.attacks if a.spell or verb != "cast"]
    if verb == "shoot":
        usable = [a for a in usable if a.is_ranged]
    if verb == "throw":  # and a ranged weapon named: darts are thrown (SRD: ranged, thrown)
        usable = [a for a in usable if a.kind is AttackKind.THROWN or (wanted and a.is_ranged)]
    if verb == "strike":
        usable = [a for a in usable if a.is_melee]
    wanted = re.sub(r"^(?:my|the|a|an)\s+", "", wanted.strip(), flags=re.IGNORECASE)
    attacks = [a for a in usable if not wanted or a.name.lower() == wanted.lower()]
    if not wanted and any(not a.after_attack for a in attacks):  # F1: Flurry only when said
        attacks = [a for a in attacks if not a.after_attack]
    if not attacks:
        what = {
            "cast": "spell",
            "shoot": "ranged attack",
            "throw": "thrown weapon",
            "strike": "mêlée attack",
        }.get(verb, "attack")
        called = f" called {wanted.strip()!r}" if wanted.strip() else ""
        names = [a.name for a in usable]
        raise Refused(_near(f"{hero.name} has no {what}{called}", wanted, names), options=names)
    weapon = weapon_attack(fight, hero, target, attacks[0])  # F7: Spiritual Weapon
    attack, mode = verify_attack(fight, hero, target, attacks) if weapon is None else (weapon, WM)
    if sneak and tracked(hero):  # 5e's conditions, for a hero whose sheet lnf counts
        verify_sneak(
            fight, hero, target, attack, roll_in_fight(fight, hero, target, attack, mode)[0]
        )
    slot, at = (None, 0)
    if attack.slot or level is not None:
        slot, at = cast_slot(hero, attack.name, attack.slot, level)
    if slot is not None:
        spend.append((slot, 1))
    cast = attack.at_slot(at)  # F7: upcast, Magic Missile's darts more
    times = attacks_on_its_turn(hero, cast.times * (factor or 1))  # F3: slowed, one attack
    surged = times - attacks_on_its_turn(hero, cast.times) if factor else times  # T1: its own
    then = later_targets(fight, hero, cast, mode, more, times)
    if attack.spends and (name := verify_use(hero, attack.spends)) is not None:
        spend.append((name, 1))  # Ki: one use for the whole of it (Flurry's two blows)
    big = big or (SLOTTED_SPELL if attack.slot else "")
    ko = ko and mode is Mode.MELEE
    paid = target_strike(fight, hero, target, attack, mode, spend) if strike else ""
    return AttackChoice(
        target.name,
        cast,
        mode,
        extra,
        big,
        times,
        ko,
        part,
        surge["power"],
        surge["force"],
        paid,
        then,
        at if at > attack.slot else 0,
        surged,
    )


def weapon_at(hero: Hero, rest: str) -> tuple[str, str] | None:
    """`WEAPON at TARGET` (`throw a dart at Orc 2`): the attack and the target, when the words
    before "at" name one of the hero's attacks; else None."""
    said, at, target = rest.partition(" at ")
    said = re.sub(r"^(?:my|the|a|an)\s+", "", said.strip(), flags=re.IGNORECASE).lower()
    names = {a.name.lower() for a in hero.attacks}
    if at and (said in names or said.removesuffix("s") in names):  # "daggers", "darts"
        return said if said in names else said.removesuffix("s"), target
    return None


def _join_to_strike(fight: Fight, hero: Hero, rest: str) -> Moved | None:
    """S1, M1: "hit the troll" from out of reach: join it and strike, when joining is open."""
    target_text = re.split(r"\s+with\s+", rest, maxsplit=1, flags=re.IGNORECASE)[0].strip()
    target_text, _ = aimed(fight, target_text)
    standing = [m.name for m in fight.monsters if in_fight(m)]
    name = match_name(target_text, standing)
    if name is None or fight.group_of(hero.name) is not None:
        return None  # an engaged hero leaving its group is asked for in words (M6)
    melee = [a for a in hero.attacks if a.is_melee] or [UNARMED]
    foe = fight.monster(name)
    if any(m is not Mode.RANGED for a in melee for m in attack_modes(fight, hero, foe, a)):
        return None  # it reaches already (a handaxe thrown is no strike: R2's disadvantage)
    try:
        return verify_join(fight, hero, name)
    except Refused:
        return None  # the strike's own refusal says why it cannot reach


def _ask_if_a_shot_is_worse(fight: Fight, hero: Hero, action: ActionChoice, rest: str) -> None:
    """A2, R2: "attack the troll" as a shot at disadvantage, join-and-strike open: ask."""
    if not isinstance(action, AttackChoice) or action.mode is not Mode.RANGED or " with " in rest:
        return
    target = fight.monster(action.target)
    advantage, why = roll_in_fight(fight, hero, target, action.attack, action.mode)
    if advantage is not Advantage.DISADVANTAGE or not any(a.is_melee for a in hero.attacks):
        return
    if _join_to_strike(fight, hero, action.target) is None:
        return
    raise Refused(
        f"{hero.name} would shoot {target.name} with {action.attack.name} at disadvantage "
        f"({', '.join(why)}): say which is meant",
        "A3, R2",
        [f"hit {target.name} (join and strike)", f"shoot {target.name} (at disadvantage)"],
    )


def _near(said: str, wanted: str, names: list[str]) -> str:
    """A refusal with "did you mean" for a misspelt attack or spell ("longsord")."""
    near = suggestion(wanted, names) if wanted.strip() else ""
    return f"{said}; {near}" if near else said
