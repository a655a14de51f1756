"""From a hit to a wound level: location, damage roll, weapon code, armour [001:51-61,
126-134]."""

from __future__ import annotations

from domain.asaltos.options import Options
from domain.asaltos.sheet import (
    LOCATION_TABLE,
    Armour,
    Group,
    Location,
    Weapon,
    damage_modifier,
    parse_code,
)
from domain.dice import Dice
from domain.structs import Stored


def roll_location(dice: Dice) -> tuple[int, Location]:
    face = dice.roll(10, "location")
    return face, LOCATION_TABLE[face]


def highest_level(groups: list[Group]) -> int:
    """The most a code can do: its highest level that is not "-"."""
    return max(level for level, group in enumerate(groups, 1) if group is not None)


def lookup(groups: list[Group], result: int, options: Options) -> int:
    """The wound level (0: none) a damage result reaches in a code [001:127-129]; results
    outside every group follow the table's options (§1.4 GAP)."""
    levels = [(level, group) for level, group in enumerate(groups, 1) if group is not None]
    for level, (low, high) in levels:
        if low <= result <= high:
            return level
    lowest, (first, _) = levels[0]
    highest, (_, last) = levels[-1]
    if result < first:
        return lowest if options.damage_below_code == "lowest_level" else 0
    if result > last:
        return highest if options.damage_above_code == "highest_level" else 0
    below = max(level for level, (_, high) in levels if high < result)
    above = min(level for level, (low, _) in levels if low > result)
    return below if options.damage_in_gap == "lower_level" else above


class Damage(Stored, kw_only=True):
    """A damage roll as resolved, term by term."""

    STORED_AS = "asaltos.Damage"

    location: Location
    """The location hit, chosen or rolled: `PD`, `PI`, `BD`, `BI`, `A`, `P` or `C`"""
    location_face: int | None
    """The location d10 as it fell (1 to 10) [001:52-61]; null when the attacker chose the
    location"""
    face: int | None
    """The damage d10 as it fell; null for a critical, which rolls no damage die"""
    strength: int
    """The Fuerza (FUE) damage modifier added, -3 to +3 [001:11-19]; 0 when it does not apply (a
    projectile, or the table's options)"""
    sl: int
    """The attack's success level added to the damage; 0 when the table's options add none"""
    armour_roll: int
    """What the armour subtracts from the damage roll; 0 when it subtracts levels instead, does not
    protect there, or the hit is a critical"""
    total: int
    """The result looked up in the weapon's code: the die (10 for a critical) + strength + sl -
    armour_roll; 0 for a critical at the code's highest level"""
    code_level: int
    """The wound level the weapon's code gives the total (0: none), before armour that subtracts
    levels"""
    armour_levels: int
    """The wound levels the armour subtracts after the lookup; 0 when it subtracts from the roll
    instead or does not protect"""
    level: int
    """The wound level dealt: 0 none, 1 light, 2 serious, 3 incapacitated location, 4 amputated or
    destroyed"""
    critical: bool
    """A confirmed critical: maximum damage, armour ignored [001:39]"""


def adds_strength(weapon: Weapon, options: Options) -> bool:
    """The FUE modifier goes on melee damage [001:78], on thrown weapons per the options."""
    if not options.add_strength_modifier:
        return False
    return weapon.reach == "melee" or (
        weapon.reach == "thrown" and options.thrown_strength_modifier
    )


def resolve_damage(
    weapon: Weapon,
    fue: int,
    sl: int,
    *,
    critical: bool,
    chosen: Location | None,
    armour: Armour | None,
    options: Options,
    dice: Dice,
) -> Damage:
    """Roll the location (unless chosen [001:52]) and the damage; a critical does maximum
    damage and ignores armour [001:39]."""
    location_face, location = (None, chosen) if chosen is not None else roll_location(dice)
    groups = parse_code(weapon.code)
    strength = damage_modifier(fue) if adds_strength(weapon, options) else 0
    sl_term = sl if options.add_success_level else 0
    face = None if critical else dice.roll(10, "damage")
    protection = None
    if armour is not None and not critical and location in armour.covers:
        protection = armour.protection.get(weapon.type)
    armour_roll = protection.amount if protection and protection.mode == "roll" else 0
    armour_levels = protection.amount if protection and protection.mode == "levels" else 0
    if critical and options.critical_damage == "highest_level":
        total, code_level = 0, highest_level(groups)
    else:
        # a critical rolls no damage die: it counts as a 10 [001:39]
        total = (10 if face is None else face) + strength + sl_term - armour_roll
        code_level = lookup(groups, total, options)
    return Damage(
        location=location,
        location_face=location_face,
        face=face,
        strength=strength,
        sl=sl_term,
        armour_roll=armour_roll,
        total=total,
        code_level=code_level,
        armour_levels=armour_levels,
        level=max(0, code_level - armour_levels),
        critical=critical,
    )
