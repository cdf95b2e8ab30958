"""D6 (nonmagical attacks) and C3 (immune to exhaustion) on SRD stat blocks, judged by the SRD's
own text: a gargoyle resists "bludgeoning, piercing, and slashing from nonmagical weapons that
aren't adamantine"; a clay golem's "weapon attacks are magical" (Magic Weapons); a skeleton is
immune to exhaustion; a giant spider has Spider Climb; swarms and a ghost ignore guards."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from lnf.dice import DamageType, parse
from lnf.engine.chasing import commit_speeds, speed_policy
from lnf.engine.steps import apply_step
from lnf.formats.fight_file import parse_fight
from lnf.formats.fight_writer import dump_fight
from lnf.model import Attack, Fight, Flag, Pool, Rank
from lnf.model.plan import Advantage, Mode
from lnf.model.steps import Attacked, SpellCast
from lnf.rules import check_state
from lnf.rules.attacks import melee_rank
from lnf.rules.chase import needs_check
from lnf.rules.damage import after_defences, defence_factor, heal, magical
from lnf.rules.expected import dice_mean

SLASHING = DamageType.SLASHING
FILE = """
heroes:
  - name: Bram
    class: fighter
    hp: 30
    ac: 16
    attacks:
      - {name: Longsword, to_hit: 5, damage: 1d8+3 slashing}
      - {name: Flame Tongue, to_hit: 5, damage: 1d8+3 slashing, magic: true}
  - name: Cade
    class: fighter
    level: 3
    scores: {str: 16, dex: 12, con: 14, int: 10, wis: 10, cha: 10}
    weapons: [magic longsword, handaxe]
monsters:
  - monster: gargoyle
  - monster: clay golem
  - monster: skeleton
"""


def _fight() -> Fight:
    fight = parse_fight(FILE, "nonmagical.yaml")
    assert parse_fight(dump_fight(fight), "again.yaml") == fight  # `magic` written back
    return fight


def _hit(attacker: str, target: str, attack: str, amount: int) -> Attacked:
    return Attacked(
        attacker=attacker,
        target=target,
        attack=attack,
        mode=Mode.MELEE,
        roll=Advantage.NORMAL,
        reasons=(),
        faces=(15,),
        kept=15,
        bonus=5,
        ac=15,
        hit=True,
        damage=((SLASHING, amount),),
    )


def test_d6_the_srd_defence_from_nonmagical_weapons_is_read_as_such() -> None:
    fight = _fight()
    gargoyle = fight.monster("Gargoyle")
    assert SLASHING in gargoyle.resist  # "…from nonmagical weapons that aren't adamantine"
    assert not [n for n in gargoyle.not_modelled if "some attacks" in n]
    assert after_defences(gargoyle, {SLASHING: 11}) == (5, "resists slashing")
    assert after_defences(gargoyle, {SLASHING: 11}, magic=True) == (11, "")
    assert after_defences(gargoyle, {DamageType.POISON: 11}, magic=True)[0] == 0  # all attacks
    assert defence_factor(gargoyle, SLASHING, magic=True) == 1
    assert defence_factor(gargoyle, SLASHING) == Fraction(1, 2)


def test_d6_what_makes_an_attack_magical() -> None:
    fight = _fight()
    bram, cade = fight.hero("Bram"), fight.hero("Cade")
    golem, skeleton = fight.monster("Clay Golem"), fight.monster("Skeleton")
    by_name = {a.name: a for a in bram.attacks}
    assert not magical(bram, by_name["Longsword"]) and magical(bram, by_name["Flame Tongue"])
    assert [magical(cade, a) for a in cade.attacks] == [True, False]  # `magic longsword`
    assert all(magical(golem, a) for a in golem.attacks)  # "weapon attacks are magical"
    assert not any(magical(skeleton, a) for a in skeleton.attacks)
    spell = Attack(name="Fire Bolt", damage=parse("1d10 fire"), spell=True)
    assert magical(bram, spell)


def test_d6_at_the_table_a_magic_weapon_hits_a_gargoyle_in_full() -> None:
    fight = _fight()
    plain = apply_step(fight, _hit("Bram", "Gargoyle", "Longsword", 10)).after
    magic = apply_step(fight, _hit("Bram", "Gargoyle", "Flame Tongue", 10)).after
    assert plain.monster("Gargoyle").damage == 5  # halved: a nonmagical weapon
    assert magic.monster("Gargoyle").damage == 10


def test_d6_a_spell_gets_through_a_defence_from_nonmagical_attacks() -> None:
    fight = _fight()
    cast = SpellCast(
        caster="Bram",
        spell="Blade Ward",
        targets=("Gargoyle",),
        saves=(),
        damage=((SLASHING, 8),),
        damage_text="8",
    )
    assert apply_step(fight, cast).after.monster("Gargoyle").damage == 8


def test_b6_expected_damage_goes_through_the_same_defences() -> None:
    """B6 (1) computes through `defence_factor` with the attack's `magical`: a hero has no
    defence from nonmagical attacks only, so magic changes nothing against a hero."""
    fight = _fight()
    bram = fight.hero("Bram")
    dice = parse("2d6 slashing")
    assert dice_mean(dice, bram, magic=True) == dice_mean(dice, bram) == (7, 7)


def test_c3_a_creature_immune_to_exhaustion_dashes_without_checks() -> None:
    fight = _fight()
    skeleton = fight.monster("Skeleton")  # SRD: condition immunities exhaustion, poisoned
    assert "immune to exhaustion" not in skeleton.not_modelled
    tired = replace(skeleton, dashes=9)  # far past its 3 + Con free dashes
    assert needs_check(tired, 2) == 0
    assert needs_check(replace(fight.hero("Bram"), dashes=9), 2) == 2  # a hero is not immune
    f = replace(fight.with_combatant(tired), chase=(Pool("Skeleton", "Bram", 2),))
    assert speed_policy(f, tired) == 1  # it keeps dashing away: no dash costs it anything
    dashed = commit_speeds(f, lambda c: 2, _NoDice())
    assert dashed.checks == ()  # Bram has his 3 free dashes; the skeleton needs none
    after = apply_step(f, dashed).after.monster("Skeleton")
    assert after.exhaustion == 0 and after.dashes == 11


class _NoDice:
    """Dice that fail every check (a 1)."""

    def about(self, what: str) -> None:
        pass

    def face(self, sides: int) -> int:
        return 1


SPIDERS = """
heroes:
  - {name: F1, class: fighter, hp: 30}
  - {name: F2, class: fighter, hp: 30}
monsters:
  - {monster: giant spider, rank: back}
  - {monster: giant wolf spider, name: Wolf Spider, rank: back, traits: []}
"""


def test_r6_spider_climb_climbs_out_of_reach_without_the_count() -> None:
    """R6: "a monster that can … climb out of reach … does not need the count": the SRD's
    Spider Climb ("can climb difficult surfaces, including upside down on ceilings"); the same
    spider without its traits is counted."""
    fight = parse_fight(SPIDERS, "spiders.yaml")
    spider = fight.monster("Giant Spider")
    assert "spider climb" in [str(t.kind) for t in spider.traits]
    assert "Spider Climb (trait)" not in spider.not_modelled
    assert [(v.rule, v.who) for v in check_state(fight)] == [("R6", ("Wolf Spider",))]


SWARMS = """
heroes:
  - {name: F1, class: fighter, hp: 30}
  - {name: F2, class: fighter, hp: 30}
  - {name: F3, class: fighter, hp: 30}
  - {name: Wiz, class: wizard, hp: 12, rank: back, why: guarded}
monsters:
  - monster: swarm of rats
  - monster: ghost
"""


def test_r5_swarm_and_incorporeal_movement_ignore_guards() -> None:
    """R5: "Guarding does not stop swarms or incorporeal monsters": the SRD's Swarm ("can
    occupy another creature's space and vice versa") and Incorporeal Movement ("can move
    through other creatures and objects") read as the flags R5 plays."""
    fight = parse_fight(SWARMS, "swarms.yaml")
    rats, ghost = fight.monster("Swarm of Rats"), fight.monster("Ghost")
    assert rats.has(Flag.SWARM) and ghost.has(Flag.INCORPOREAL)
    assert "Swarm (trait)" not in rats.not_modelled
    assert "Incorporeal Movement (trait)" not in ghost.not_modelled
    wizard = fight.hero("Wiz")
    assert melee_rank(rats, wizard) is Rank.FRONT and melee_rank(ghost, wizard) is Rank.FRONT
    plain = replace(rats, flags=frozenset())
    assert melee_rank(plain, wizard) is None  # R3: a guarded hero is out of others' reach


def test_b8_a_swarm_regains_no_hit_points() -> None:
    """Swarm: "The swarm can't regain hit points or gain temporary hit points"."""
    rats = replace(parse_fight(SWARMS, "swarms.yaml").monster("Swarm of Rats"), damage=10)
    healed, notes = heal(rats, 5)
    assert healed.damage == 10 and "regains no hit points" in notes[0]
    assert heal(replace(rats, flags=frozenset()), 5)[0].damage == 5
