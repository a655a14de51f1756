"""Weapon damage [002:1116-1197]: a weapon adds raw basic dice of the attack's roll (never
modified by sixes, ones or other dice [002:1122]) and a flat bonus.

Melee weapons climb a ladder by size, nothing < LOW < MID < HIGH < HIGH + 1; improvised ones
step down, special ones up; sharp ones add 1 [002:1126-1145]. Ranged weapons add only their
own dice, never the character's damage die [002:1161-1171]; firearms add two or three dice
[002:1182-1185]; a large weight thrown takes the thrower's damage-die category one step
down, dropped from above one step up [002:1172-1174] (Boris [002:1178]).
"""

from __future__ import annotations

from typing import Literal

from domain.portal.reading import raw_die
from domain.portal.sheet import Choice, WeaponDamage

MeleeSize = Literal["bare", "small", "medium", "large", "gigantic"]
#: the melee ladder: each rung's dice and bonus [002:1126-1131]
MELEE_LADDER: tuple[tuple[tuple[Choice, ...], int], ...] = (
    ((), 0),
    (("LOW",), 0),
    (("MID",), 0),
    (("HIGH",), 0),
    (("HIGH",), 1),
)
SIZES: tuple[MeleeSize, ...] = ("bare", "small", "medium", "large", "gigantic")
RangedKind = Literal[
    "improvised",  # nothing [002:1165]
    "light",  # throwing knives, shuriken, short bows, slings [002:1169]
    "longbow",  # longbows, throwing axes [002:1170]
    "crossbow",  # crossbows, javelins [002:1171]
    "light_firearm",  # low calibre handguns [002:1182]
    "shotgun",  # shotguns, large calibre handguns [002:1183]
    "rifle",  # heavy calibre, rifles, submachine guns [002:1184]
    "military",  # heavy military or high-tech weapons [002:1185]
]
RANGED_DICE: dict[str, tuple[Choice, ...]] = {
    "improvised": (),
    "light": ("LOW",),
    "longbow": ("MID",),
    "crossbow": ("HIGH",),
    "light_firearm": ("LOW", "MID"),
    "shotgun": ("LOW", "HIGH"),
    "rifle": ("MID", "HIGH"),
    "military": ("LOW", "MID", "HIGH"),
}
CATEGORY_ORDER: tuple[Choice, ...] = ("LOW", "MID", "HIGH")
#: a large weight thrown, or dropped from above [002:1172]
WeightUse = Literal["thrown", "dropped"]


def melee_weapon(
    size: MeleeSize, sharp: bool = False, improvised: bool = False, special: bool = False
) -> WeaponDamage:
    """A melee weapon's damage: scissors (small, improvised, sharp) add 1 only; a hammer
    (medium, improvised) the LOW die; a katana in two hands (large, sharp) HIGH + 1; a
    greatsword (gigantic, sharp) HIGH + 2 [002:1137-1145]. Special steps up past gigantic
    stay at the top rung (the book has none higher)."""
    rung = SIZES.index(size) - int(improvised) + int(special)
    dice, bonus = MELEE_LADDER[max(0, min(rung, len(MELEE_LADDER) - 1))]
    return WeaponDamage(dice=list(dice), bonus=bonus + int(sharp))


def ranged_weapon(kind: RangedKind, black_powder: bool = False) -> WeaponDamage:
    """A ranged weapon's own dice [002:1165-1185]; black powder is -1 to attack [002:1186]."""
    return WeaponDamage(dice=list(RANGED_DICE[kind]), melee=False, attack_penalty=int(black_powder))


def large_weight(damage_die: Choice, dropped: bool) -> WeaponDamage:
    """A large weight: the thrower's damage-die category one down if thrown, one up if
    dropped from above; an ace on damage if it cannot rise, +1 difficulty if it cannot fall
    [002:1172-1174]. Boris (HIGH): a table thrown is MID, a barrel dropped HIGH and an ace
    [002:1178]."""
    step = CATEGORY_ORDER.index(damage_die) + (1 if dropped else -1)
    if step >= len(CATEGORY_ORDER):
        return WeaponDamage(dice=["HIGH"], melee=False, damage_aces=1)
    if step < 0:
        return WeaponDamage(dice=["LOW"], melee=False, attack_penalty=1)
    return WeaponDamage(dice=[CATEGORY_ORDER[step]], melee=False)


def weapon_damage(weapon: WeaponDamage, basic: list[int]) -> int:
    """The weapon's part of a damage total: its raw dice summed (the digest's reading of
    "emplean el dado X y Y") and its bonus."""
    return sum(raw_die(basic, choice) for choice in weapon.dice) + weapon.bonus
