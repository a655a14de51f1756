"""PORTAL: maneuvers and special attacks [002:1421-1553]."""

from __future__ import annotations

import pytest

from domain.errors import Conflict, InvalidCommand
from domain.portal.absorption import damage_through
from domain.portal.cast import Supporting
from domain.portal.maneuvers import maneuver_against_reflexes, opportunity_attack
from domain.portal.options import Options
from domain.portal.pool import Pool
from domain.portal.reading import ReadingSpec, read
from domain.portal.special_attacks import (
    LOCATED_STRIKE_DIFFICULTY,
    cancel_increment,
    coupled_cast_defences,
    coupled_protagonist_defence,
    immobilize,
    knee_strike,
    multiple_attack_increment,
    sweep,
)

DEFAULT = Options()


def test_a_maneuver_against_reflexes_replaces_them_better_or_worse() -> None:
    """[002:1439-1441] and the Errata: exceeding the enemy's reflexes gives an ace; the
    result becomes the new reflex value in every case [002:1067]."""
    won = maneuver_against_reflexes(6, 4)
    assert (won.succeeded, won.aces, won.reflexes) == (True, 1, 6)
    lost = maneuver_against_reflexes(4, 4)
    assert (lost.succeeded, lost.aces, lost.reflexes) == (False, 0, 4)


def test_opportunity_attacks_at_most_the_reflexes_per_turn() -> None:
    """[002:1549]."""
    assert opportunity_attack(1, 2) == 2
    with pytest.raises(Conflict):
        opportunity_attack(2, 2)


def test_p29_bronson_knee_shot_errata_follows_the_rule() -> None:
    """P29 [002:1465] (Errata CONTRA): a located strike is +2 to hit [002:1451]; 7 points on
    a fresh target make 3 discomfort dice and 2 wound dice by `absorb` [002:1242], so the 2
    wound dice are sequel points: a level 2 movement sequel, no wound die. The example's 3
    discomfort, level 3 sequel and a wound die is not followed."""
    assert LOCATED_STRIKE_DIFFICULTY == 2
    knee = knee_strike(0, 0, 7)
    assert (knee.discomfort, knee.sequel_level, knee.wound) == (3, 2, 0)


def test_a_knee_strike_turns_the_wound_dice_made_into_the_sequel() -> None:
    """[002:1459]: with a wound die held, 8 points make 2 more: a level 2 sequel, the wound
    die held stays; a target at 3 and 3 makes none, the points go unabsorbed."""
    knee = knee_strike(0, 1, 8)
    assert (knee.sequel_level, knee.wound) == (2, 1)
    assert knee_strike(0, 0, 12).sequel_level == 3
    full = knee_strike(3, 3, 2)
    assert (full.sequel_level, full.absorption.unabsorbed) == (0, 2)


def test_p30_lucio_immobilizes_salvio_by_three() -> None:
    """P30 [002:1481]: Lucio 6,5,3 (attack HIGH 6, strength LOW 3) against Salvio 4,2,1
    (defence LOW 1 + 1 for a one-handed gladius, strength HIGH 4): 6 - 2 = 4, 4 + 3 = 7
    against 4: immobilized by 3. The weapon's bonus does not touch the struggle."""
    lucio, salvio = Pool(basic=[6, 5, 3]), Pool(basic=[4, 2, 1])
    attack = read(lucio, ReadingSpec(name="attack", choice="HIGH")).result
    strength = read(lucio, ReadingSpec(name="strength", choice="LOW")).result
    defence = read(salvio, ReadingSpec(name="defence", choice="LOW")).result
    struggle = read(salvio, ReadingSpec(name="struggle", choice="HIGH")).result
    grapple = immobilize(attack, defence, strength, struggle, "one_hand", DEFAULT)
    assert (grapple.defence, grapple.struggle, grapple.margin) == (2, 7, 3)
    assert grapple.immobilized


def test_immobilize_ties_favour_the_defender_unless_the_option_says() -> None:
    """GAP `immobilize_tie` [002:1475-1481]."""
    assert not immobilize(3, 3, 5, 1, "none", DEFAULT).grabbed
    assert not immobilize(4, 3, 2, 3, "none", DEFAULT).immobilized
    grabber = Options(immobilize_tie="grabber")
    assert immobilize(3, 3, 5, 1, "none", grabber).immobilized
    assert immobilize(4, 3, 2, 3, "none", grabber).immobilized
    assert not immobilize(4, 2, 2, 3, "two_hands", DEFAULT).grabbed


def test_p31_omnium_triple_defence_multiplies() -> None:
    """P31 [002:1504]: 4,3,3 HIGH is 4, x3 = 12; three discomfort dice not beaten: 1 x 3 =
    3; a luck die beaten: 5 x 3 = 15."""
    assert coupled_protagonist_defence([4], [3]) == 12
    hurt = read(Pool(basic=[4, 3, 3], discomfort=[5, 6, 4]), ReadingSpec(name="d", choice="HIGH"))
    assert coupled_protagonist_defence([hurt.result], [3]) == 3
    lucky = read(Pool(basic=[4, 3, 3], luck=[2]), ReadingSpec(name="d", choice="HIGH"))
    assert coupled_protagonist_defence([lucky.result], [3]) == 15
    assert coupled_protagonist_defence([4, 2], [1, 1]) == 6  # two defenders sum [002:1497]


def test_p32_dorkar_against_three_goblins() -> None:
    """P32 [002:1521-1529]: goblins G 2, Defence 2; one behind (+2 to every attack); sword,
    dagger and kick are ready weapons (+0). Dice 1, 3, 5: the 1 adds 1 to the others'
    defence: difficulties 5, 5, 4. Lowering reflexes 4 to 2 cancels the +2; two sword attacks
    would add 1 more, cancelled down to reflexes 1; the coupling bonus never."""
    goblins = [
        (Supporting(name=f"goblin {n}", generic=2), roll, 1) for n, roll in enumerate([3, 5, 1])
    ]
    increment = multiple_attack_increment("ready", "opposite")
    assert increment == 2
    assert [d + increment for d in coupled_cast_defences(goblins)] == [5, 5, 4]
    assert cancel_increment(increment, reflexes=2) == 0
    assert cancel_increment(multiple_attack_increment("most", "opposite"), reflexes=3) == 0
    with pytest.raises(InvalidCommand):
        cancel_increment(increment, reflexes=3)


def test_same_supporting_character_attacked_several_times() -> None:
    """[002:1506]: one die; below G and Defence +1 per attack, equal to G its Defence per
    attack, above nothing."""
    ogre = Supporting(name="ogre", generic=4, defence=5)
    assert coupled_cast_defences([(ogre, 2, 3)]) == [5 + 3]
    assert coupled_cast_defences([(ogre, 4, 2)]) == [5 + 10]
    assert coupled_cast_defences([(ogre, 6, 2)]) == [5]


def test_p33_takeda_sweep_follows_the_rule_not_the_example() -> None:
    """P33 [002:1541] (CONTRA): 6,2,2, attack HIGH 6; damage 14 (nodachi HIGH + 2 = 8 and
    his damage die 6) adds 7: 13 against the ninja's 6, an excess of 7, and the damage is
    the excess alone: 3 pass his Aguante 4. The book writes "5 + 7", 6 and 2."""
    attack = read(Pool(basic=[6, 2, 2]), ReadingSpec(name="attack", choice="HIGH")).result
    result = sweep(attack, 14, 6, [6, 2, 2], "normal")
    assert (result.bonus, result.strike.attack, result.strike.excess) == (7, 13, 7)
    assert result.damage == 7
    assert damage_through(result.damage, 4) == 3


def test_heavy_weapons_add_their_damage_again_on_a_sweep() -> None:
    """[002:1190, 1535-1537]: half the total, rounded down; a heavy weapon's damage again."""
    result = sweep(3, 9, 6, [3, 2, 1], "normal", heavy_weapon=4)
    assert (result.bonus, result.strike.excess, result.damage) == (4, 1, 5)
    assert sweep(1, 5, 6, [3, 2, 1], "normal").damage == 0
