"""Special attacks [002:1449-1543]: located strikes, immobilizing, multiple attacks and
sweeps. Each is read from the same rolls as a normal attack; here the results are combined.
"""

from __future__ import annotations

from typing import Literal

from domain.errors import InvalidCommand
from domain.portal.absorption import Absorption, absorb
from domain.portal.cast import Supporting
from domain.portal.damage import Setting, Strike, strike
from domain.portal.options import Options
from domain.structs import Stored

#: "UN GOLPE APUNTADO AUMENTA EN 2 LA DIFICULTAD" [002:1451]
LOCATED_STRIKE_DIFFICULTY = 2
#: extra difficulty per attack of a multiple attack, by weapon and by position [002:1510-1515]
WEAPON_INCREMENT: dict[str, int] = {"ready": 0, "most": 1, "heavy": 2}
POSITION_INCREMENT: dict[str, int] = {"adjacent": 0, "separated": 1, "opposite": 2}
#: a defender's long cutting weapon against an unarmed grab: +1 in one hand, +2 in two
#: [002:1477]
GRAB_WEAPON_BONUS: dict[str, int] = {"none": 0, "one_hand": 1, "two_hands": 2}


class KneeStrike(Stored, kw_only=True, forbid_unknown_fields=True):
    """A successful strike at a knee [002:1459-1467]: the wound dice the damage would have
    made are sequel points for movement rolls instead, never paid off with discomfort or
    luck [002:1461, 1467]. (The rest "past 3" [002:1461] cannot arise: the dice an attack
    makes are capped by the 3 a character may hold.)"""

    STORED_AS = "portal.KneeStrike"

    absorption: Absorption
    """How the damage would have been absorbed, point by point"""
    sequel_level: int
    """The level of the movement sequel: the wound dice the damage made (0: none)"""
    discomfort: int
    """The discomfort dice held after, 0..3"""
    wound: int
    """The wound dice held, unchanged: the ones the damage made are the sequel"""


def knee_strike(discomfort: int, wound: int, points: int) -> KneeStrike:
    """Errata on P29: Bronson's 7 points on a fresh target make 3 discomfort dice and 2 wound
    dice by `absorb` (validated by Brunak [002:1242]), so a level 2 sequel, where the example
    [002:1465] gives 3 and a wound die. The rule is followed."""
    absorption = absorb(discomfort, wound, points)
    return KneeStrike(
        absorption=absorption,
        sequel_level=absorption.wound - wound,
        discomfort=absorption.discomfort,
        wound=wound,
    )


class Grapple(Stored, kw_only=True, forbid_unknown_fields=True):
    """An attempt to immobilize [002:1473-1481]: the grab (attack against defence, the
    defender's weapon bonus included), then the struggle (the grab's margin plus the
    grabber's strength reading against the defender's struggle reading, no weapon bonus)."""

    STORED_AS = "portal.Grapple"

    defence: int
    """The defence against the grab: the defence result plus the weapon's bonus [002:1477]"""
    grabbed: bool
    """Whether the attack exceeded that defence (ties: the table's `immobilize_tie`)"""
    struggle: int | None = None
    """The grab's margin plus the grabber's strength; null when not grabbed"""
    immobilized: bool = False
    """Whether the struggle total exceeded the defender's struggle result"""
    margin: int | None = None
    """The struggle total less the defender's struggle result; null when not grabbed"""


def immobilize(
    attack: int,
    defence: int,
    strength: int,
    struggle: int,
    defender_weapon: Literal["none", "one_hand", "two_hands"],
    options: Options,
) -> Grapple:
    """Lucio (6 against Salvio's 1 + 1 for his gladius: 4; 4 + his strength 3 = 7 against
    Salvio's 4) immobilizes him by 3 [002:1481]. Ties are `Options.immobilize_tie` (GAP)."""
    guarded = defence + GRAB_WEAPON_BONUS[defender_weapon]
    grabber_wins_ties = options.immobilize_tie == "grabber"
    grabbed = attack > guarded or (grabber_wins_ties and attack == guarded)
    if not grabbed:
        return Grapple(defence=guarded, grabbed=False)
    total = attack - guarded + strength
    held = total > struggle or (grabber_wins_ties and total == struggle)
    return Grapple(
        defence=guarded, grabbed=True, struggle=total, immobilized=held, margin=total - struggle
    )


def multiple_attack_increment(
    weapons: Literal["ready", "most", "heavy"],
    position: Literal["adjacent", "separated", "opposite"],
) -> int:
    """The extra difficulty of every attack of a multiple attack [002:1508-1515]: several ready
    weapons, reach or automatic weapons +0, most weapons +1, heavy swung or slow-reload +2;
    adjacent targets +0, separated +1, opposite +2."""
    return WEAPON_INCREMENT[weapons] + POSITION_INCREMENT[position]


def cancel_increment(increment: int, aces: int = 0, levels: int = 0, reflexes: int = 0) -> int:
    """What is left of the increment once aces, applicable Fortaleza levels or reflex points
    cancel it 1:1 [002:1517] (the coupling bonus of the defences is never cancelled
    [002:1529])."""
    if min(aces, levels, reflexes) < 0:
        raise InvalidCommand("cancelling takes whole points", "invalid_attack")
    if aces + levels + reflexes > increment:
        raise InvalidCommand(
            f"only the increment of {increment} can be cancelled", "invalid_attack"
        )
    return increment - aces - levels - reflexes


def coupled_protagonist_defence(results: list[int], attacks_each: list[int]) -> int:
    """Protagonists and principal NPCs attacked together sum their defence results; one
    attacked n times multiplies its result by n [002:1497, 1500] (Omnium's 4 against three
    attacks: 12 [002:1504])."""
    if len(results) != len(attacks_each) or not results or min(attacks_each) < 1:
        raise InvalidCommand("each defender is attacked once or more", "invalid_attack")
    return sum(result * n for result, n in zip(results, attacks_each, strict=True))


def coupled_cast_defences(targets: list[tuple[Supporting, int, int]]) -> list[int]:
    """Supporting characters attacked together, each (character, its die, attacks on it)
    [002:1498, 1506]: a die below both its G and its Defence adds 1 to the other targets'
    defences, a die equal to its G adds its Defence; above either, nothing. One attacked
    several times takes its own bonus once per attack [002:1506]. Dorkar's goblins (G 2,
    Defence 2) roll 1, 3, 5: defences 2, 3, 3 [002:1525]."""
    bonuses = []
    for cast, roll, attacks in targets:
        if not 1 <= roll <= 6 or attacks < 1:
            raise InvalidCommand("one d6 per target, attacked once or more", "invalid_attack")
        defence = cast.value("defence")
        if roll == cast.current:
            bonuses.append(defence)
        elif roll < cast.current and roll < defence:
            bonuses.append(1)
        else:
            bonuses.append(0)
    defences = []
    for i, (cast, _, attacks) in enumerate(targets):
        others = sum(bonus for j, bonus in enumerate(bonuses) if j != i)
        own = bonuses[i] * attacks if attacks > 1 else 0
        defences.append(cast.value("defence") + others + own)
    return defences


class Sweep(Stored, kw_only=True, forbid_unknown_fields=True):
    """A sweep attack [002:1531-1543]: the damage total is worked out first and half of it,
    rounded down, joins the attack; a hit then deals the excess only (heavy weapons add
    their weapon damage again [002:1190])."""

    STORED_AS = "portal.Sweep"

    damage_total: int
    """The damage total worked out before the attack: the damage die and the weapon"""
    bonus: int
    """Half the damage total, rounded down, added to the attack [002:1533]"""
    strike: Strike
    """The attack with the bonus against the defence"""
    damage: int
    """A hit's damage: the excess only (heavy weapons add their weapon damage again
    [002:1190]); 0 otherwise"""


def sweep(
    attack: int,
    damage_total: int,
    defence: int,
    attacker_basic: list[int],
    setting: Setting,
    heavy_weapon: int = 0,
) -> Sweep:
    """P33 (CONTRA [002:1541]): Takeda's attack 6 and damage 14 make 6 + 7 = 13 against the
    ninja's 6, excess 7 (the book writes "5 + 7" and 6, though it reads the attack as 6)."""
    bonus = max(0, damage_total) // 2
    result = strike(attack + bonus, defence, attacker_basic, setting)
    damage = result.excess + heavy_weapon if result.outcome == "hit" else 0
    return Sweep(damage_total=damage_total, bonus=bonus, strike=result, damage=damage)
