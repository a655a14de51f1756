"""PORTAL: attack against defence, weapons and the damage total [002:1090-1199]."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import InvalidCommand
from domain.portal.absorption import damage_through, toughness
from domain.portal.damage import damage_total, fumble_points, strike
from domain.portal.pool import Pool
from domain.portal.protection import protection_aces
from domain.portal.reading import ReadingSpec, read
from domain.portal.sheet import Choice, Drives, Sheet
from domain.portal.weapons import (
    WeaponDamage,
    large_weight,
    melee_weapon,
    ranged_weapon,
    weapon_damage,
)


def reading(pool: Pool, name: str, choice: Choice, aguante: bool = False) -> int:
    return read(pool, ReadingSpec(name=name, choice=choice, aguante=aguante)).result


def test_attack_above_defence_hits_with_the_excess_below_misses() -> None:
    """[002:1100-1101]."""
    hit = strike(7, 4, [6, 1, 1], "normal")
    assert (hit.outcome, hit.excess, hit.environment) == ("hit", 3, None)
    assert strike(3, 4, [6, 1, 1], "normal").outcome == "miss"


@pytest.mark.parametrize(("setting", "face"), [("controlled", 1), ("normal", 3), ("dangerous", 6)])
def test_a_tie_deals_the_attackers_raw_die_of_the_setting(setting: str, face: int) -> None:
    """[002:1102-1110]: LOW in a ring, MID in a tavern, HIGH on a moving train."""
    tie = strike(5, 5, [6, 3, 1], setting)  # type: ignore[arg-type]
    assert (tie.outcome, tie.excess, tie.environment) == ("tie", 0, face)


def test_p20_ariel_environment_damage_then_goes_through_toughness() -> None:
    """P20 [002:1157] with the Errata: 3,1,1 matches the goblin's defence 3; in a jungle the
    MID die, 1 (not lowered by the other 1), is compared with the goblin's aguante."""
    tie = strike(reading(Pool(basic=[3, 1, 1]), "attack", "HIGH"), 3, [3, 1, 1], "normal")
    assert tie.environment == 1
    assert damage_through(tie.environment, 0) == 1
    assert damage_through(tie.environment, 1) == 0


def test_p33_takeda_without_the_sweep_ties_and_the_ninja_escapes() -> None:
    """P33 [002:1543] with the Errata: 6,2,2 reads attack 6 against the ninja's defence 6: a
    tie; the environment's 2 does not pass the ninja's Aguante 4 ("escapado incólume")."""
    tie = strike(reading(Pool(basic=[6, 2, 2]), "attack", "HIGH"), 6, [6, 2, 2], "normal")
    assert tie.outcome == "tie" and tie.environment == 2
    assert damage_through(tie.environment, 4) == 0


def test_p18_brunak_axe_damage_fourteen_plus_the_excess() -> None:
    """P18 [002:1153]: attack 6 and damage die 6 (6,6,4, discomfort 6); the battle axe,
    HIGH + 2 (gigantic and sharp, as a greatsword [002:1145]), adds 8, its 6 raw: no six
    bonus, no discomfort. 14, and with an excess of 3, 17."""
    pool = Pool(basic=[6, 6, 4], discomfort=[6])
    axe = melee_weapon("gigantic", sharp=True)
    die = read(pool, ReadingSpec(name="damage", choice="HIGH"))
    total = damage_total(3, axe, pool.basic, die)
    assert (total.damage_die, total.weapon, total.total) == (6, 8, 17)


def test_p19_lamorak_errata_the_clamp_comes_after_the_excess() -> None:
    """P19 [002:1155] and its erratum: damage die -1, the cudgel's LOW die 1: "cero" before
    the excess; the hit's excess of 1 (attack 4 against defence 3) is the damage [002:1147]."""
    pool = Pool(basic=[4, 1, 1], discomfort=[3])
    hit = strike(reading(pool, "attack", "HIGH"), 3, pool.basic, "normal")
    die = read(pool, ReadingSpec(name="damage", choice="LOW"))
    total = damage_total(hit.excess, melee_weapon("small"), pool.basic, die)
    assert (total.damage_die, total.weapon, total.total) == (-1, 1, 1)


def test_damage_total_is_never_negative() -> None:
    """[002:1147]."""
    pool = Pool(basic=[1, 1, 1], discomfort=[6, 6, 6])
    die = read(pool, ReadingSpec(name="damage", choice="LOW"))
    assert damage_total(1, melee_weapon("bare"), pool.basic, die).total == 0


def test_a_ranged_hit_adds_no_damage_die_and_a_melee_one_needs_it() -> None:
    """[002:1161, 1167]."""
    bow = ranged_weapon("longbow")
    assert damage_total(2, bow, [5, 3, 1], None).total == 5
    with pytest.raises(InvalidCommand):
        damage_total(
            2, bow, [5, 3, 1], read(Pool(basic=[5, 3, 1]), ReadingSpec(name="d", choice="HIGH"))
        )
    with pytest.raises(InvalidCommand):
        damage_total(2, melee_weapon("small"), [5, 3, 1], None)


@pytest.mark.parametrize(
    ("weapon", "dice", "bonus"),
    [
        (melee_weapon("small", sharp=True, improvised=True), [], 1),  # scissors
        (melee_weapon("small"), ["LOW"], 0),  # brass knuckles
        (melee_weapon("medium", improvised=True), ["LOW"], 0),  # hammer, wrench
        (melee_weapon("medium", sharp=True), ["MID"], 1),  # katana, one hand
        (melee_weapon("large", sharp=True), ["HIGH"], 1),  # katana, two hands
        (melee_weapon("large", improvised=True), ["MID"], 0),  # bat, two hands
        (melee_weapon("medium", improvised=True), ["LOW"], 0),  # bat, one hand
        (melee_weapon("gigantic", sharp=True), ["HIGH"], 2),  # greatsword, nodachi
        (melee_weapon("gigantic"), ["HIGH"], 1),  # tetsubo
        (melee_weapon("bare"), [], 0),  # bare hands
        (melee_weapon("large", special=True), ["HIGH"], 1),  # a magic large weapon
    ],
)
def test_melee_weapon_examples(weapon: WeaponDamage, dice: list[str], bonus: int) -> None:
    """[002:1126-1145]."""
    assert (weapon.dice, weapon.bonus, weapon.melee) == (dice, bonus, True)


def test_firearms_add_their_raw_dice_summed() -> None:
    """[002:1182-1186]: a shotgun LOW + HIGH; a blunderbuss -1 to attack."""
    assert weapon_damage(ranged_weapon("shotgun"), [5, 3, 2]) == 7
    assert weapon_damage(ranged_weapon("military"), [5, 3, 2]) == 10
    assert ranged_weapon("rifle", black_powder=True).attack_penalty == 1


def test_p21_boris_table_stone_and_barrel() -> None:
    """P21 [002:1178]: Boris's damage die is HIGH: a table thrown is MID; a stone is a light
    projectile, LOW; a barrel from a roof cannot rise past HIGH: HIGH and an ace."""
    boris = Sheet(name="Boris", drives=Drives(names=["Romper cosas"]), damage_die="HIGH")
    assert boris.damage_die is not None
    assert large_weight(boris.damage_die, dropped=False).dice == ["MID"]
    assert ranged_weapon("light").dice == ["LOW"]
    barrel = large_weight("HIGH", dropped=True)
    assert (barrel.dice, barrel.damage_aces) == (["HIGH"], 1)
    thrown_by_a_weakling = large_weight("LOW", dropped=False)
    assert (thrown_by_a_weakling.dice, thrown_by_a_weakling.attack_penalty) == (["LOW"], 1)


def test_p22_toughness_with_armour_against_a_hit() -> None:
    """[002:1199, 1226-1238]: a hit of 9 against Brunak's aguante 5 (his HIGH aguante die
    [002:1242]) in mail (MID raw 3): 1 point through."""
    brunak = Sheet(
        name="Brunak", drives=Drives(names=["Luchar"]), aguante_die="HIGH", armour="medium"
    )
    assert brunak.aguante_die is not None
    pool = Pool(basic=[5, 3, 2], discomfort=[6])
    aguante = read(pool, ReadingSpec(name="aguante", choice=brunak.aguante_die, aguante=True))
    assert damage_through(9, toughness(aguante, pool.basic, brunak.armour).total) == 1


def test_p8_buggo_minus_two_is_a_double_fumble() -> None:
    """[002:613, 1555-1562]: each negative point of an attack or defence is a fumble."""
    parry = read(Pool(basic=[1, 1, 1], discomfort=[6]), ReadingSpec(name="defence", choice="HIGH"))
    assert parry.result == -2
    assert fumble_points(parry.result) == 2
    assert fumble_points(0) == 0 and fumble_points(3) == 0


def test_p6_vorok_shield_gives_two_aces_against_melee() -> None:
    """P6 [002:512]: Vorok's shield, 2 aces on defence (a medium shield against melee
    [002:1213]); none against a bullet."""
    assert protection_aces(melee=True, shield="medium") == 2
    assert protection_aces(melee=False, shield="medium") == 0


@pytest.mark.parametrize(
    ("melee", "kwargs", "aces"),
    [
        (False, {"cover": "partial"}, 1),  # [002:1207]
        (False, {"cover": "full"}, 2),  # [002:1208]
        (False, {"shield": "large"}, 2),  # full cover for every purpose [002:1212]
        (False, {"shield": "large", "cover": "full"}, 2),  # not added to itself
        (True, {"shield": "small", "sharp_weapon": True}, 2),  # buckler and sword [002:1219-1220]
        (True, {"trapping_weapon": True, "long_weapon": True}, 2),  # [002:1221-1222]
        (False, {"sharp_weapon": True, "long_weapon": True}, 0),  # melee only
    ],
)
def test_protection_aces(melee: bool, kwargs: dict[str, Any], aces: int) -> None:
    assert protection_aces(melee, **kwargs) == aces
