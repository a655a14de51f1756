"""Combat maneuvers [002:1439-1441, 1545-1549]: a maneuver roll that exceeds an enemy's
current reflexes gives an ace on the next attack, and its result becomes the new reflex
value, better or worse, whether it succeeds or not [002:1067, 1441] (Errata); opportunity
attacks, at most the current reflexes per turn. (Total defence, preparing an attack and
neglecting defence [002:1425-1447] are aces and penalties the table grants over a turn.)
"""

from __future__ import annotations

from domain.errors import Conflict
from domain.structs import Stored


class ReflexManeuver(Stored, kw_only=True, forbid_unknown_fields=True):
    """A maneuver against an enemy's current reflexes [002:1439-1441]."""

    STORED_AS = "portal.ReflexManeuver"

    result: int
    """The maneuver reading's result"""
    enemy_reflexes: int
    """The enemy's current reflex value it must exceed"""
    succeeded: bool
    """Whether the result exceeds the enemy's reflexes [002:1441]"""
    aces: int
    """Aces on the next attack: 1 when it succeeds, else 0"""
    reflexes: int
    """The new reflex value: the maneuver's result replaces the old one in every case
    (Errata)"""


def maneuver_against_reflexes(result: int, enemy_reflexes: int) -> ReflexManeuver:
    succeeded = result > enemy_reflexes
    return ReflexManeuver(
        result=result,
        enemy_reflexes=enemy_reflexes,
        succeeded=succeeded,
        aces=int(succeeded),
        reflexes=result,
    )


def opportunity_attack(made_this_turn: int, reflexes: int) -> int:
    """One more opportunity attack, at most the current reflexes per turn [002:1549]: how
    many have been made after it."""
    if made_this_turn >= reflexes:
        raise Conflict(
            f"{made_this_turn} opportunity attacks already, as many as the reflexes "
            f"{reflexes} allow [002:1549]",
            "no_opportunity_left",
        )
    return made_this_turn + 1
