"""Attack against defence and the damage total [002:1090-1147].

One roll gives the attack and the character's damage die; one gives the defence and the
aguante [002:1092]. An attack above the defence hits with the difference as excess; below,
it misses; equal, it misses but the defender takes damage from the environment: the
attacker's raw LOW, MID or HIGH basic die by how dangerous the setting is [002:1100-1110].
Every damage, the environment's included, is then compared with the aguante (Errata;
`absorption.damage_through`).
"""

from __future__ import annotations

from typing import Literal

from domain.errors import InvalidCommand
from domain.portal.reading import Reading, raw_die
from domain.portal.sheet import Choice
from domain.portal.weapons import WeaponDamage, weapon_damage
from domain.structs import Stored

#: a boxing ring, a tavern brawl, a moving train [002:1106-1108]
Setting = Literal["controlled", "normal", "dangerous"]
ENVIRONMENT_DIE: dict[str, Choice] = {"controlled": "LOW", "normal": "MID", "dangerous": "HIGH"}


class Strike(Stored, kw_only=True, forbid_unknown_fields=True):
    """An attack against a defence."""

    STORED_AS = "portal.Strike"

    attack: int
    """The attack's result"""
    defence: int
    """The defence's result"""
    outcome: Literal["hit", "miss", "tie"]
    """`hit` (attack above defence), `miss` (below) or `tie` (equal: the environment's damage)"""
    excess: int = 0
    """Attack less defence on a hit [002:1100]; 0 otherwise"""
    environment: int | None = None
    """On a tie, the attacker's raw die of the setting [002:1102-1110]; null otherwise"""


def strike(attack: int, defence: int, attacker_basic: list[int], setting: Setting) -> Strike:
    if attack > defence:
        return Strike(attack=attack, defence=defence, outcome="hit", excess=attack - defence)
    if attack < defence:
        return Strike(attack=attack, defence=defence, outcome="miss")
    environment = raw_die(attacker_basic, ENVIRONMENT_DIE[setting])
    return Strike(attack=attack, defence=defence, outcome="tie", environment=environment)


class DamageTotal(Stored, kw_only=True, forbid_unknown_fields=True):
    """A hit's damage total, step by step."""

    STORED_AS = "portal.DamageTotal"

    excess: int
    """The hit's excess: attack less defence [002:1100]"""
    damage_die: int | None = None
    """The character's damage die reading, melee only; it may be negative [002:1118-1120];
    null for a ranged weapon"""
    weapon: int
    """The weapon's raw basic dice and bonus [002:1122-1133]"""
    total: int
    """The damage total, never negative once the excess is added [002:1147]"""


def damage_total(
    excess: int, weapon: WeaponDamage, basic: list[int], damage_die: Reading | None
) -> DamageTotal:
    """Melee: excess + damage die + the weapon's raw dice and bonus [002:1118-1133]; ranged:
    excess + the weapon's dice only [002:1161-1167]. The clamp at 0 comes after the excess
    (Errata on P19 [002:1147])."""
    if weapon.melee != (damage_die is not None):
        raise InvalidCommand(
            "a melee hit reads the character's damage die, a ranged one does not [002:1161]",
            "invalid_damage",
        )
    if damage_die is not None and damage_die.aguante:
        raise InvalidCommand("the damage die is not an aguante reading", "invalid_damage")
    die = damage_die.result if damage_die is not None else None
    from_weapon = weapon_damage(weapon, basic)
    total = max(0, excess + (die or 0) + from_weapon)
    return DamageTotal(excess=excess, damage_die=die, weapon=from_weapon, total=total)


def fumble_points(result: int) -> int:
    """Each negative point of an attack or defence result in combat is a fumble penalty, the
    game master picking each (a discomfort die, a lost turn, an ace for the rival, a
    narrative blow) [002:1555-1562]: Buggo's -2 is a double fumble [002:613]."""
    return max(0, -result)


#: "O BIEN INCREMENTAR EN 5 EL DAÑO TOTAL" [002:1455]
HEAD_DAMAGE_BONUS = 5
#: what a head hit does, the game master's choice with the weapon [002:1455-1457]
HeadEffect = Literal["damage", "stun"]


class HeadStrike(Stored, kw_only=True, forbid_unknown_fields=True):
    """A successful strike at the head [002:1455]: either +5 to the damage total, or the
    rival stunned as many turns as the damage points the attack makes (the points through
    the toughness, as "genera 7 puntos de daño" counts them in Bronson's example [002:1465]),
    those points absorbed as usual."""

    STORED_AS = "portal.HeadStrike"

    effect: HeadEffect
    """`damage` (+5 to the damage total) or `stun`"""
    bonus: int
    """What joined the damage total: 5 for `damage`, 0 for `stun`"""
    stunned_turns: int
    """Whole turns the rival is stunned, from the next turn on: the points through for
    `stun`; 0 for `damage`"""


def head_bonus(effect: HeadEffect) -> int:
    """What a head hit adds to the damage total before the toughness [002:1455]."""
    return HEAD_DAMAGE_BONUS if effect == "damage" else 0


def head_strike(effect: HeadEffect, through: int) -> HeadStrike:
    """The head hit once the damage went through: its bonus, or its stunned turns."""
    stunned = through if effect == "stun" else 0
    return HeadStrike(effect=effect, bonus=head_bonus(effect), stunned_turns=stunned)
