"""F7, what the common spells do besides damage, each decided here once: Bless's d4, whom an
ally spell may take, whom Sleep puts to sleep, whom Spirit Guardians' aura catches, whether a
Spiritual Weapon is up, what a damage wakes, whom a power word overwhelms and what ends
Invisibility. Read through LNF: no map, so "within 5
feet" is the mêlée group (A1) and a spell's range is the fight (docs/spell-effects.md)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from lnf.errors import Refused
from lnf.model import Attack, Combatant, Condition, Effect, Fight, Hero, Monster
from lnf.model.plan import Mode
from lnf.rules.creature_limits import kind_why
from lnf.rules.roster import in_fight
from lnf.rules.trait_saves import sleepless
from lnf.rules.wording import and_list, or_list

SLEEP = "Sleep"  # its own words limit whom it affects (`rules.creature_limits`)


def boons(fight: Fight, c: Combatant) -> tuple[int, ...]:
    """F7 Bless: +1 for each d4 the effects on `c` add to its attack rolls and saves (−1 for
    one they take). The same spell twice on one creature counts once (5e: effects of the same
    spell do not combine)."""
    seen: dict[str, int] = {}
    for e in fight.effects:
        if e.who == c.name and e.d4:
            seen.setdefault(e.what, e.d4)
    return tuple(seen.values())


def verify_targets(
    fight: Fight, caster: str, spell: Attack, targets: tuple[str, ...], said: str
) -> None:
    """F7: whom the words name for a spell with an effect: an aura nobody (`said` is what
    followed "at" or "on"), an ally spell its allies, Sleep whom its area holds."""
    assert spell.effect is not None
    if spell.effect.aura and said.strip():
        raise Refused(f"{spell.name} is an aura on {caster}: say cast {spell.name}", rule="F7")
    if spell.effect.allies:
        verify_allies(fight, caster, spell, targets)
    elif spell.effect.mark is not None:  # F7 Hunter's Mark, Hex: one foe in the fight
        foe = [n for n in targets if fight.combatant(n).side is not fight.combatant(caster).side]
        if len(targets) != 1 or len(foe) != 1 or not in_fight(fight.combatant(foe[0])):
            raise Refused(
                f"{spell.name} marks one foe in the fight: cast {spell.name} at NAME", "F7"
            )
    elif not spell.effect.aura and not targets:
        raise Refused(f"say whom its area holds: cast {spell.name} at NAME[, NAME…]", rule="F7")


def verify_allies(fight: Fight, caster: str, spell: Attack, targets: tuple[str, ...]) -> None:
    """F7: Bless and Shield of Faith take up to their count of creatures of the caster's side
    (the caster may be one), each in the fight, none twice; refused otherwise."""
    assert spell.effect is not None
    most = spell.effect.allies
    side = fight.combatant(caster).side
    if not targets:
        raise Refused(f"say whom: cast {spell.name} on NAME[, NAME…]", rule="F7")
    if len(targets) > most:
        raise Refused(
            f"{spell.name} takes up to {most} creature{'s' if most > 1 else ''} "
            f"({len(targets)} named)",
            rule="F7",
        )
    if len(set(targets)) != len(targets):
        raise Refused(f"{spell.name} takes each creature once", rule="F7")
    for name in targets:
        c = fight.combatant(name)
        if c.side is not side:
            raise Refused(f"{spell.name} is for {caster}'s side: {name} is a foe", rule="F7")
        if not in_fight(c):
            raise Refused(f"{name} is out of the fight", rule="F7")


def sleepers(fight: Fight, targets: tuple[str, ...], pool: int) -> tuple[str, ...]:
    """F7 Sleep: of the creatures in the area, lowest current hit points first (ties: in the
    order named), each whose hit points are at most what is left of the pool falls asleep and
    takes its hit points off the pool; undead, charm-immune, unconscious and downed creatures
    are passed over, and so is one with Fey Ancestry (B8: "magic can't put the drow to
    sleep"). The SRD stops at the first creature the rest cannot cover."""
    asleep: list[str] = []
    left = pool
    able = [fight.combatant(n) for n in targets if _can_sleep(fight.combatant(n))]
    for c in sorted(able, key=lambda c: c.current_hp):
        if c.current_hp > left:
            break
        asleep.append(c.name)
        left -= c.current_hp
    return tuple(asleep)


def _can_sleep(c: Hero | Monster) -> bool:
    if not in_fight(c) or c.current_hp == 0 or Condition.UNCONSCIOUS in c.conditions:
        return False
    if isinstance(c, Monster):
        # F7: "Undead and creatures immune to being charmed aren't affected"; B8: Fey Ancestry
        return not kind_why(c, SLEEP) and not sleepless(c)
    return True


def auras_on(fight: Fight, who: str) -> list[Effect]:
    """F7 Spirit Guardians (decision, no map): the auras that catch `who` as its turn starts:
    those of a foe in `who`'s mêlée group. A creature that joins the group during its turn is
    not caught until its next turn starts there."""
    me = fight.combatant(who)
    group = fight.group_of(who)
    if group is None or not in_fight(me):
        return []
    out = []
    for e in fight.effects:
        if not e.aura or e.who not in group.members or e.who == who:
            continue
        bearer = fight.combatant(e.who)
        if bearer.side is not me.side and in_fight(bearer):
            out.append(e)
    return out


def weapon_up(fight: Fight, who: str, attack: Attack) -> Effect | None:
    """F7 Spiritual Weapon: the weapon `who` cast with `attack`, while it lasts; a use of the
    attack then is the weapon's bonus-action attack, not a new casting (no slot, no spell)."""
    if attack.effect is None or not attack.effect.weapon:
        return None
    return next(
        (e for e in fight.effects if e.who == who and e.weapon and e.what == attack.name), None
    )


def overwhelmed(fight: Fight, spell: Attack, targets: Sequence[str]) -> list[str]:
    """F7 Power Word Stun ("If the target has 150 hit points or fewer, it is stunned.
    Otherwise, the spell has no effect"): the targets whose hit points now are at most the
    word's; no save when it is cast."""
    word = spell.effect.word if spell.effect is not None else 0
    return [t for t in targets if t in fight and fight.combatant(t).current_hp <= word]


def word_kills(spell: Attack, hero: Hero) -> Fraction | None:
    """B6, F7 Power Word Kill: what it is worth against `hero` — the whole hero, its hit points
    now, as a drop is (docs/choices.md B6), when they are at most the word's, else nothing;
    None for a spell that is no such word."""
    e = spell.effect
    if e is None or not e.kills:
        return None
    return Fraction(hero.current_hp) if hero.current_hp <= e.word else Fraction(0)


def unhidden(fight: Fight, who: str) -> list[Effect]:
    """B6, F7 Invisibility: what ends when `who` attacks or casts a spell ("The spell ends for
    a target that attacks or casts a spell")."""
    return [e for e in fight.effects if e.who == who and e.until_attack]


def woken(fight: Fight, who: str) -> list[Effect]:
    """F7 Sleep: what ends when `who` takes damage."""
    return [e for e in fight.effects if e.who == who and e.until_hurt]


def spell_reach(attack: Attack) -> Mode | None:
    """F7, how a spell with an effect meets a foe: Spiritual Weapon's weapon in mêlée beside
    any foe (decision: no map, a spell of 60 ft reaches anyone on the grid) — `Mode.MELEE`;
    `Mode.RANGED` stands for "never by an attack roll" (Bless, Sleep, an aura: cast on whom
    the words name); None for any other attack."""
    e = attack.effect
    if e is None:
        return None
    return Mode.MELEE if e.weapon else Mode.RANGED


def effect_options(fight: Fight, hero: Hero) -> list[str]:
    """F7: the spells with an effect the hero may cast now, as it would type them."""
    out = []
    side = [h.name for h in fight.heroes if in_fight(h)]
    foes = [m.name for m in fight.monsters if in_fight(m)]
    for a in hero.attacks:
        e = a.effect
        if e is None:
            continue
        if e.allies and len(side) <= e.allies:  # F7: all the side it can take, named
            out.append(f"cast {a.name} on {and_list(side)}")
        elif e.allies == 1:  # Shield of Faith: one of them
            out.append(f"cast {a.name} on {or_list(side)}")
        elif e.allies:
            out.append(f"cast {a.name} on up to {e.allies} of {', '.join(side)}")
        elif e.aura:
            out.append(f"cast {a.name} (an aura on {hero.name})")
        elif e.mark is not None:  # F7 Hunter's Mark, Hex: a bonus action, one foe
            out.append(f"cast {a.name} at {or_list(foes)} (a bonus action: +{e.mark} a hit)")
        elif e.sleep is not None:  # F7: not at a foe it cannot affect (undead)
            where = f" ({a.area})" if a.area is not None else ""
            if sleepy := [n for n in foes if not kind_why(fight.combatant(n), a.name)]:
                out.append(f"cast {a.name} at {or_list(sleepy)}{where}")
        elif e.weapon and weapon_up(fight, hero.name, a) is not None:
            out.append(f"attack {or_list(foes)} with {a.name} (the weapon, bonus action)")
    return out


# F7: spells whose target saves with advantage while the caster's side is fighting it — in a
# fight lnf plays, always (SRD Charm Person: "it does so with advantage if you or your
# companions are fighting it").
_FOUGHT = frozenset({"charm person"})


def fought_advantage(what: str, spell: bool) -> str:
    """F7: why a save against the spell `what` has advantage in a fight ("" for none)."""
    return "it is being fought" if spell and what.lower() in _FOUGHT else ""


def calm_ends(
    fight: Fight, attacked: str, spelled: Sequence[str], hurt: Sequence[str]
) -> list[tuple[Effect, str]]:
    """F7 Calm Emotions: "This indifference ends if the target is attacked or harmed by a
    spell or if it witnesses any of its friends being harmed" — each indifference that ends,
    with why, when `attacked` is the target of an attack roll, `spelled` failed a save against
    a spell, and `hurt` took damage. Without a map everyone in the fight sees everyone: a
    friend is anyone on its side."""
    out: list[tuple[Effect, str]] = []
    for e in fight.effects:
        if e.condition is not Condition.INDIFFERENT or e.who not in fight:
            continue
        side = fight.combatant(e.who).side
        friends = [n for n in hurt if n in fight and n != e.who and fight.combatant(n).side is side]
        if e.who == attacked:
            out.append((e, "it is attacked"))
        elif e.who in spelled or e.who in hurt:
            out.append((e, "it is harmed"))
        elif friends:
            out.append((e, f"it sees {friends[0]} harmed"))
    return out
