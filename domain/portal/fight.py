"""What the fights beside the strike share with it [002:1090-1248]: the multiple attack
(`special_handlers`) and the supporting characters' fights (`cast_handlers`) read an attack
roll, work out a strike's damage and meet a defender's toughness as the strike does."""

from __future__ import annotations

from domain.errors import InvalidCommand
from domain.portal.absorption import Toughness, damage_through, toughness
from domain.portal.combat_handlers import AGUANTE, ATTACK, DAMAGE, _reading
from domain.portal.damage import DamageTotal, Setting, Strike, damage_total, strike
from domain.portal.reading import Reading
from domain.portal.sheet import Armour
from domain.portal.state import CombatRoll
from domain.portal.weapons import WeaponDamage


def attack_read(rolled: CombatRoll, weapon: WeaponDamage) -> tuple[Reading, Reading | None]:
    """The attack roll's `attack` reading and, for a melee weapon, its damage die, refused
    when a melee attack's roll is not read for damage [002:1118]."""
    attack = _reading(rolled.readings, ATTACK)
    assert attack is not None
    damage_die = _reading(rolled.readings, DAMAGE) if weapon.melee else None
    if weapon.melee and damage_die is None:
        raise InvalidCommand(
            f"roll {rolled.roll} is not read for damage: a melee hit reads it [002:1118]",
            "invalid_readings",
        )
    return attack, damage_die


def struck(
    attack: int,
    defence: int,
    rolled: CombatRoll,
    setting: Setting,
    weapon: WeaponDamage,
    damage_die: Reading | None,
) -> tuple[Strike, DamageTotal | None, int]:
    """The strike, a hit's damage total, and the points that meet the aguante: the hit's
    total, a tie's environment die (Errata), 0 on a miss [002:1100-1147]."""
    blow = strike(attack, defence, rolled.basic, setting)
    if blow.outcome != "hit":
        return blow, None, blow.environment or 0
    total = damage_total(blow.excess, weapon, rolled.basic, damage_die)
    return blow, total, total.total


def toughness_through(points: int, defence: CombatRoll, armour: Armour) -> tuple[Toughness, int]:
    """The defender's toughness, its defence roll's aguante reading plus its armour's raw die
    [002:1199, 1224-1236], and the damage points past it, absorbed [002:1238]."""
    aguante = _reading(defence.readings, AGUANTE)
    assert aguante is not None  # a defence roll is kept read for aguante too
    tough = toughness(aguante, defence.basic, armour)
    return tough, damage_through(points, tough.total)
