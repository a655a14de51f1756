"""Combat maneuvers [002:1439-1441, 1545-1549]: a maneuver roll that exceeds an enemy's
current reflexes gives an ace on the next attack, and its result becomes the new reflex
value, better or worse, whether it succeeds or not [002:1067, 1441] (Errata); opportunity
attacks, at most the current reflexes per turn; total defence, preparing an attack and
neglecting defence [002:1425-1447], and a multiple attack's neglected defence [002:1493]: a
contender's standing aces and penalty over a turn (`Standing`).
"""

from __future__ import annotations

from typing import Literal

from domain.errors import Conflict
from domain.structs import Stored

#: what a neglected defence takes off every defence result for the rest of the turn
#: [002:1447], declared or by a multiple attack [002:1493]
NEGLECTED_DEFENCE = -2
#: what a stunned character's defence rolls take off [002:1075, 1246]
STUNNED_DEFENCE = -2
DeclaredManeuver = Literal["total_defence", "prepare_attack", "neglect_defence"]
StandingCause = Literal["total_defence", "prepare_attack", "neglect_defence", "multiple_attack"]


class Standing(Stored, kw_only=True, forbid_unknown_fields=True):
    """What a contender's maneuver leaves standing [002:1425-1447, 1493]: aces on its defence
    rolls or a penalty on their results for the rest of the turn, an ace on its next attack
    (or maneuver) roll."""

    STORED_AS = "portal.Standing"

    cause: StandingCause
    """`total_defence` (an ace on every defence roll this turn [002:1427]), `prepare_attack`
    (an ace on the next attack against the target [002:1433]), `neglect_defence` (an ace on
    this turn's attack or maneuver, -2 on defence [002:1447]), `multiple_attack` (-2 on
    defence this turn [002:1493])"""
    turn: int
    """The combat turn it was taken in: the defence's aces and penalty last to its end"""
    defence_aces: int
    """Aces on each of the contender's defence rolls this turn"""
    defence: int
    """Points on each of the contender's defence results this turn: -2 or 0"""
    attack_aces: int
    """Aces on the contender's next attack roll (a neglected defence's: or maneuver roll, this
    turn)"""
    target: str | None
    """The id of the contender a prepared attack's ace is against; null for the others"""


def standing(cause: StandingCause, turn: int, target: str | None = None) -> Standing:
    """Total defence and preparing an attack give up the attack for an ace [002:1427, 1433];
    neglecting defence trades -2 on defence for an ace on the attack [002:1447]; a multiple
    attack counts as neglecting defence, its -2 alone [002:1493]."""
    neglected = cause in ("neglect_defence", "multiple_attack")
    return Standing(
        cause=cause,
        turn=turn,
        defence_aces=int(cause == "total_defence"),
        defence=NEGLECTED_DEFENCE if neglected else 0,
        attack_aces=int(cause in ("prepare_attack", "neglect_defence")),
        target=target,
    )


def defence_aces(held: list[Standing], turn: int) -> int:
    """The aces on a defence roll called in `turn`: one per total defence taken in it (each
    one an action [002:1429])."""
    return sum(s.defence_aces for s in held if s.turn == turn)


def defence_modifier(held: list[Standing], turn: int, stunned: bool) -> int:
    """What a defence result read in `turn` takes off: a neglected defence once, whether
    declared or by a multiple attack (the same neglect [002:1493]); stunned, -2 more
    [002:1075]."""
    neglected = any(s.defence for s in held if s.turn == turn)
    return (NEGLECTED_DEFENCE if neglected else 0) + (STUNNED_DEFENCE if stunned else 0)


def attack_aces(held: list[Standing], turn: int, target: str | None, attack: bool) -> int:
    """The aces on the contender's next attack roll against `target` (`attack`), or maneuver
    roll: a prepared attack's against its target, on an attack only, whenever it comes
    [002:1435]; a neglected defence's in its own turn [002:1447]."""
    prepared = sum(
        s.attack_aces for s in held if s.cause == "prepare_attack" and attack and s.target == target
    )
    neglected = sum(s.attack_aces for s in held if s.cause == "neglect_defence" and s.turn == turn)
    return prepared + neglected


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
