"""What a DM reads when lnf waits for the table: whose turn it is and what the hero can do, an
opportunity attack to take or pass, the round's end, and the commands that carry on."""

from __future__ import annotations

import shlex
from collections.abc import Iterable
from pathlib import Path

from lnf.errors import Refused
from lnf.model import Action, Attack, Condition, Cost, Fight, Guard, Hero, Monster, Rank
from lnf.rules.darts import sure_hit
from lnf.rules.economy import left_this_turn, verify_after_attack
from lnf.rules.hyrule import hyrule
from lnf.rules.inspiration import inspiration_die, verify_inspire
from lnf.rules.ki import PATIENT_DEFENSE, verify_ki_action
from lnf.rules.legal import MODE_WORDS, attack_modes, options
from lnf.rules.resources import BARDIC_INSPIRATION
from lnf.rules.roster import in_fight
from lnf.rules.spell_effects import effect_options
from lnf.rules.strike_order import up_next
from lnf.rules.wording import a_an, and_list, or_list
from lnf.views.effects_text import edges_said
from lnf.views.grid import sheet_line

# The actions open to every hero on its turn: said once, at the end of the list.
_EVERY_TURN = ("dash", "disengage", "dodge", "help", "hide", "use", "heal", "flee", "nothing")


def where(fight: Fight, hero: Hero) -> str:
    """ "front rank, group A against Orc 3, 27/44 hp"."""
    group = fight.group_of(hero.name)
    if group is None:
        place = "unengaged"
    else:
        foes = [m.name for m in fight.monsters_in(group) if in_fight(m)]
        place = f"group {group.label}" + (f" against {and_list(foes)}" if foes else "")
    rank = {Rank.FRONT: "front rank", Rank.BACK: "back rank", Rank.FREE_AIR: "free air"}
    hp = "heart points" if hyrule(fight) else "hp"  # V-HYR4
    return f"{rank[hero.rank]}, {place}, {hero.current_hp}/{hero.hp} {hp}"


def short_options(fight: Fight, hero: Hero) -> str:
    """What the hero may do, short: each attack with the foes it reaches, the moves, then the
    actions every turn has."""
    reached: dict[tuple[str, bool, str], list[str]] = {}
    for attack in hero.attacks:
        if attack.after_attack:
            continue  # F1: said after the action, by `follow_ups`
        for m in fight.monsters:
            modes = attack_modes(fight, hero, m, attack)
            if modes:
                times = f", {attack.times} attacks" if attack.times > 1 else ""  # F2, beams
                if sure_hit(attack):  # F7, B3: Magic Missile
                    times = f", {attack.times} darts that hit without a roll"
                key = (attack.name, attack.spell, MODE_WORDS[modes[0]] + times)
                reached.setdefault(key, []).append(m.name)
    attacks = [
        f"cast {name} at {or_list(foes)} ({mode})"
        if spell
        else f"attack {or_list(foes)} with {name} ({mode})"
        for (name, spell, mode), foes in reached.items()
    ]
    everything = options(fight, hero)
    spells = [o for o in everything if o.startswith("cast ") and o.endswith("save)")]
    spells += effect_options(fight, hero)  # F7: Bless, Sleep, an aura, a spell weapon
    moves = _joins_grouped(
        [o for o in everything if o.split()[0] not in {*_EVERY_TURN, "attack", "cast"}]
    )
    attacks += follow_ups(fight, hero, opened=False) + ki_options(fight, hero)
    attacks += inspire_options(fight, hero)
    every_turn = ", ".join(_EVERY_TURN)
    if not (attacks or spells or moves):
        return f"{every_turn} (no foe in reach, and no group to join or leave)"
    return "; ".join([*attacks, *spells, *moves, "or " + every_turn])


def follow_ups(fight: Fight, hero: Hero, *, opened: bool) -> list[str]:
    """F1: the bonus-action blows the Attack action grants (Martial Arts, Flurry of Blows), in
    the words that ask for them, with the foes they reach; `opened`: only those the turn's
    Attack action has opened already, else each with what opens it."""
    out = []
    for attack in hero.attacks:
        if not attack.after_attack:
            continue
        foes = [m.name for m in fight.monsters if attack_modes(fight, hero, m, attack)]
        if opened:
            try:
                verify_after_attack(fight, hero.name, attack, set())
            except Refused:
                continue
        if not foes:
            continue
        word = "flurry" if attack.name.lower().startswith("flurry") else None
        if word is None and attack.name.lower().startswith("martial arts"):
            word = "martial arts"
        said = (
            f"{word} at {or_list(foes)}" if word else f"attack {or_list(foes)} with {attack.name}"
        )
        cost = f", 1 {attack.spends}" if attack.spends else ""
        after = "" if opened else f" after the Attack action with {or_list(attack.after_attack)}"
        out.append(f"{said} (bonus action{cost}{after})")
    return out


def ki_options(fight: Fight, hero: Hero) -> list[str]:
    """F2: a monk's Patient Defense and Step of the Wind, while it has Ki and its bonus
    action (`rules.ki`)."""
    if Cost.BONUS not in left_this_turn(fight, hero.name):
        return []
    try:
        verify_ki_action(hero, PATIENT_DEFENSE, Action.DODGE)  # a monk with Ki left
    except Refused:
        return []
    return [
        "patient defense (a bonus-action Dodge, 1 Ki)",
        "step of the wind to disengage or to dash (bonus action, 1 Ki)",
    ]


def inspire_options(fight: Fight, hero: Hero) -> list[str]:
    """F2: a bard's Bardic Inspiration, to the allies that may have it now (`rules.inspiration`),
    while its bonus action is free."""
    if hero.resource(BARDIC_INSPIRATION) is None or hero.level is None:
        return []
    if Cost.BONUS not in left_this_turn(fight, hero.name):
        return []
    allies = []
    for h in fight.heroes:
        try:
            verify_inspire(fight, hero, h.name)
            allies.append(h.name)
        except Refused:
            continue
    faces = inspiration_die(hero.level)
    return [f"inspire {or_list(allies)} (bonus action: a d{faces} to add)"] if allies else []


def _joins_grouped(moves: list[str]) -> list[str]:
    """M1: "join Goblin 1" … "join Goblin 14" as one option, "join one of 14 Goblins (Goblin
    1–Goblin 14)", so a big fight's options stay readable; three or fewer stay apart."""
    kinds: dict[str, list[str]] = {}
    for move in moves:
        base, _, number = move.removeprefix("join ").rpartition(" ")
        if move.startswith("join ") and number.isdigit() and base:
            kinds.setdefault(base, []).append(move.removeprefix("join "))
    out: list[str] = []
    for move in moves:
        base, _, number = move.removeprefix("join ").rpartition(" ")
        names = kinds.get(base, []) if move.startswith("join ") and number.isdigit() else []
        if len(names) <= 3:
            out.append(move)
        elif move.removeprefix("join ") == names[0]:
            out.append(f"join one of {len(names)} {base}s ({names[0]}–{names[-1]})")
    return out


def hero_turn_lines(fight: Fight, hero: Hero, fight_file: Path) -> list[str]:
    """A hero's turn has begun at the table: lnf waits for what the DM records, told what the
    turn has left (F1)."""
    f = shlex.quote(str(fight_file))
    left = [a_an(str(c)) for c in left_this_turn(fight, hero.name) if c is not Cost.REACTION]
    if Cost.ACTION not in left_this_turn(fight, hero.name):
        more = f" ({and_list(left)} left)" if left else ""
        still = (
            follow_ups(fight, hero, opened=True)
            + ki_options(fight, hero)
            + inspire_options(fight, hero)
            if Cost.BONUS in left_this_turn(fight, hero.name)
            else []
        )
        can = [f"  {hero.name} can still: {'; '.join(still)}."] if still else []
        return [
            f"It is {hero.name}'s turn (round {fight.round}; {where(fight, hero)}); "
            f"{hero.name}'s action is spent{more}.",
            *can,
            f'  Record anything more (lnf act {f} "join …", lnf damage/heal/move/mark), then '
            f"lnf next {f}.",
        ]
    sheet = sheet_line(hero)
    who = shlex.quote(hero.name)
    prone = (  # F3: the DM records standing up (choices.md), so the turn says how
        [
            f"  {hero.name} is prone: lnf mark {f} {who} prone --off stands it up (half its "
            "movement); from the ground its attacks have disadvantage (F3)."
        ]
        if Condition.PRONE in hero.conditions
        else []
    )
    return [
        f"It is {hero.name}'s turn (round {fight.round}; {where(fight, hero)}).",
        *prone,
        f"  {hero.name} can: {short_options(fight, hero)}.",
        f"  Left: {and_list(left)}" + (f"; {sheet}." if sheet else "."),
        f'  Record it: lnf act {f} "attack …" (lnf rolls; --dice for the player\'s own), or '
        f"lnf damage/heal/move/mark; then lnf next {f}.",
    ]


def reaction_lines(
    foe: Monster, heroes: tuple[Hero, ...], fight_file: Path, engaged: bool = True
) -> list[str]:
    """M6: a monster's order takes it out of a group (or, `engaged` False, away from a hero
    that last hit it with reach); the heroes it moves away from may strike first."""
    f = shlex.quote(str(fight_file))
    names = and_list(h.name for h in heroes)
    may = "may" if len(heroes) == 1 else "may each"
    first = shlex.quote(heroes[0].name)
    going = "leave its group" if engaged else "move away"
    return [
        f"{foe.name} is about to {going} (its plan): {names} {may} take an opportunity "
        "attack as it goes (M6).",
        f"  Say so: lnf react {f} {first} (lnf rolls it as {foe.name} leaves) or lnf react {f} "
        f"{first} --pass; then lnf next {f}.",
    ]


def save_lines(
    foe: str,
    action: Attack,
    heroes: tuple[str, ...],
    fight_file: Path,
    said: Iterable[str] = (),
    edges: Iterable[tuple[str, str]] = (),
) -> list[str]:
    """B3: a monster's action waits for the players' own d20s for their heroes' saves; `said`:
    the heroes whose d20s this command was given, short of the others (nothing was played);
    `edges`: who rolls two d20s and keeps one (D4)."""
    f = shlex.quote(str(fight_file))
    ability, dc = action.save if action.save is not None else (None, 0)
    save = f"{a_an(ability.word)} save" if ability is not None else "a save"
    faces = ",".join(f"{h}=N" for h in heroes)
    rolls = "each rolls" if len(heroes) > 1 else "rolls"  # "on Ilsa: rolls a … save"
    given = [h for h in heroes if h in set(said)]
    short = (
        [
            f"  --saves said {and_list(given)}'s but not "
            f"{and_list(h for h in heroes if h not in given)}'s: nothing of {foe}'s turn was "
            "played; say every hero's d20 at once."
        ]
        if given
        else []
    )
    two = edges_said(edges)
    return [
        f"{foe} uses {action.name} on {and_list(heroes)}: {rolls} {save} (DC {dc}) (B3)."
        + (f" {two}" if two else ""),
        *short,
        f"  Say the d20s: lnf next {f} --saves {shlex.quote(faces)} (the d20 as rolled; with "
        f"advantage or disadvantage the one kept), or lnf next {f} --roll-saves to let lnf "
        "roll them (lnf round takes the same).",
    ]


def guard_lines(
    hero: str,
    foe: str,
    guard: Guard,
    fight_file: Path,
    saves: dict[str, int] | None = None,
    damage: int = 0,
) -> list[str]:
    """F1: a monster's hit would land; the hero's reaction (Shield) would turn it, or halve its
    `damage` (Uncanny Dodge, F2) or lessen it (Deflect Missiles, F2). `saves`:
    the players' d20s said for the same turn's saves (B3), to say again with `lnf next`: the
    turn is recorded only once the reaction is answered."""
    f = shlex.quote(str(fight_file))
    who = shlex.quote(hero)
    said = saves_option(saves)
    would = (
        f"{foe} hits {hero} for {damage} damage; {guard.name} would halve it to {damage // 2} (F2)"
        if guard.halves
        else f"{foe} hits {hero} for {damage} damage; {guard.name} would take 1d10 + "
        f"{guard.deflects} off it (F2)"
        if guard.deflects
        else f"{foe} hurts {hero} for {damage} damage; {hero} may cast {guard.name} at {foe}"
        if guard.rebukes
        else f"{foe} hits {hero}, but {guard.name} (+{guard.ac} AC) would turn it into a miss"
    )
    lines = [
        f"{would}: does {hero} take that reaction (F1)?",
        f"  Say so: lnf react {f} {who}{said} (it does) or lnf react {f} {who} --pass{said}; "
        f"then lnf next {f}{said}.",
    ]
    if said:  # B3: the saves' d20s come with each command until the turn is recorded
        lines.append(
            "  (The saves' d20s again each time: the turn is recorded once it is answered.)"
        )
    return lines


def speed_lines(fight: Fight, heroes: list[Hero], fight_file: Path) -> list[str]:
    """C2: a chase round waits for the heroes' speeds, said all at once (the monsters' are
    chosen by lnf, and shown with them)."""
    f = shlex.quote(str(fight_file))
    lines = [
        f"Chase round {fight.round}: everyone commits speed first, then all is revealed (C2). "
        "Say the heroes' dashes:"
    ]
    for h in heroes:
        pools = [p for p in fight.chase if h.name in (p.escaper, p.pursuer)]
        ahead = and_list(
            f"{p.points} escape point{'s' if p.points != 1 else ''} "
            + (f"ahead of {p.pursuer}" if p.escaper == h.name else f"behind {p.escaper}")
            for p in pools
        )
        free = max(0, 3 + h.con)
        lines.append(
            f"  {h.name}: {ahead}; {h.dashes} of {free} free dashes used (C3). 0 keeps the "
            "action to attack (C4) or hide (C5); 1 dashes with the action; 2 with the bonus "
            "action too."
        )
    said = " ".join(shlex.quote(f"{h.name}=1") for h in heroes)
    lines.append(f"  Say so: lnf speed {f} {said} (or =0, =2); then lnf next {f}.")
    return lines


def saves_option(saves: dict[str, int] | None) -> str:
    """B3: the players' d20s said again on a command line (" --saves Dee=13,Ann=7"), or ""."""
    again = ",".join(f"{h}={n}" for h, n in (saves or {}).items())
    return f" --saves {shlex.quote(again)}" if again else ""


def next_up_line(fight: Fight, fight_file: Path, saves: dict[str, int] | None = None) -> str:
    """Who acts next, or that the round is over, with the command that carries on; `saves`:
    the players' d20s said for the turn still to be recorded (B3: after `lnf react --saves`),
    said again with it."""
    f = shlex.quote(str(fight_file))
    f += saves_option(saves)
    who = up_next(fight)
    if who is None:
        return (
            f"Round {fight.round} is over: lnf next {f} starts round {fight.round + 1} "
            f"(lnf plan {f} previews it)."
            if fight.turns.order
            else f"The fight has not started: lnf next {f} starts round {fight.round}."
        )
    c = fight.combatant(who)
    if isinstance(c, Monster):
        return f"Next: {who}. lnf next {f} plays its turn; lnf round {f} plays on to a hero's."
    return f"Next: {who}'s turn. lnf next {f} begins it."
