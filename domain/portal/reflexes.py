"""The initial combat roll [002:1018-1057]: one roll read for reflexes (the phases a character
acts in) and for cold blood (what the fight costs the nerves); and the order of a phase.

Phases run from 6 down to 1 [002:1024]. A reflex value above 6 gives an action in phase 6 and
another in the phase of the excess; an excess of 6 or more gives the second in phase 5 and a
third from the new excess, and so on (Billy's 16: phases 6, 5, 4, 1 [002:1028-1030]).
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.errors import InvalidCommand
from domain.portal.absorption import Absorption, absorb
from domain.portal.options import Options
from domain.portal.sheet import Label
from domain.structs import Stored

FIRST_PHASE = 6
#: the cold-blood difficulty of each kind of fight, the game master's pick [002:1044-1047]
FightKind = Literal["friendly_brawl", "port_riot", "balanced_shootout", "we_are_going_to_die"]
COLD_BLOOD_DIFFICULTY: dict[str, int] = {
    "friendly_brawl": 3,
    "port_riot": 4,
    "balanced_shootout": 5,
    "we_are_going_to_die": 6,
}


def phases(reflexes: int, options: Options) -> list[int]:
    """The phases a reflex value acts in, highest first [002:1024-1030]. A value of 0 or
    less is `Options.reflex_at_most_zero` (GAP); a value past 21 (an action in every phase)
    is `Options.reflex_overflow` (GAP)."""
    if reflexes <= 0:
        return [1] if options.reflex_at_most_zero == "phase_1" else []
    out: list[int] = []
    cap = FIRST_PHASE
    while reflexes > 0 and cap > 0:
        if reflexes > cap:
            out.append(cap)
            reflexes, cap = reflexes - cap, cap - 1
        else:
            out.append(reflexes)
            reflexes = 0
    if reflexes > 0 and options.reflex_overflow == "phase_1":
        out.append(1)
    return out


class Contender(Stored, kw_only=True, forbid_unknown_fields=True):
    """One character acting in a phase, with what breaks ties [002:1032-1034]. A supporting
    character's reflexes are never whole (G - 0.5 [002:1291]): it never ties a protagonist."""

    name: Label
    reflexes: float
    wound: Annotated[int, msgspec.Meta(ge=0, le=3)] = 0
    discomfort: Annotated[int, msgspec.Meta(ge=0, le=3)] = 0


def phase_order(contenders: list[Contender], seats: list[str], direction_die: int) -> list[str]:
    """Who acts first in a phase: higher reflexes, then fewer wound dice, then fewer
    discomfort dice [002:1032-1034]; a tie left is broken by the table's direction, fixed for
    the whole combat by one die: even to the right, odd to the left [002:1036]. `seats`
    lists every contender around the table going right from the game master."""
    if not 1 <= direction_die <= 6:
        raise InvalidCommand("the direction die is a d6", "invalid_order")
    if sorted(seats) != sorted(c.name for c in contenders) or len(set(seats)) != len(seats):
        raise InvalidCommand("the table order lists every contender once", "invalid_order")
    around = seats if direction_die % 2 == 0 else list(reversed(seats))
    ranked = sorted(
        contenders, key=lambda c: (-c.reflexes, c.wound, c.discomfort, around.index(c.name))
    )
    return [c.name for c in ranked]


class ColdBlood(Stored, kw_only=True, forbid_unknown_fields=True):
    """The cold-blood challenge paid [002:1049-1057]: each missing point is a lost turn, a
    discomfort die or a point of reflexes, as the player chooses point by point (Henry mixes
    all three [002:1057])."""

    STORED_AS = "portal.ColdBlood"

    difficulty: int
    """The cold-blood difficulty of the kind of fight, 3..6 [002:1044-1047]"""
    result: int
    """The `cold blood` reading's result"""
    missing: int
    """Points missing to reach the difficulty: a result equal to it costs nothing [002:1057]"""
    lost_turns: int = 0
    """Missing points paid as turns without acting [002:1051]"""
    reflexes: int
    """The reflex value after the reflex points paid [002:1053]"""
    discomfort: Absorption | None = None
    """The discomfort dice taken, absorbed as any given die [002:248]; null: none paid"""


def cold_blood(
    result: int,
    difficulty: int,
    reflexes: int,
    held: tuple[int, int],
    lost_turns: int = 0,
    discomfort: int = 0,
    reflex_points: int = 0,
) -> ColdBlood:
    """Pay the cold-blood challenge: the payments (`lost_turns`, `discomfort` dice,
    `reflex_points`) must add up to the missing points; `held` is the discomfort and wound
    dice held before."""
    missing = max(0, difficulty - result)
    if min(lost_turns, discomfort, reflex_points) < 0:
        raise InvalidCommand("payments are never negative", "invalid_cold_blood")
    if lost_turns + discomfort + reflex_points != missing:
        raise InvalidCommand(
            f"{missing} points are missing to reach {difficulty} [002:1049]: pay each once",
            "invalid_cold_blood",
        )
    return ColdBlood(
        difficulty=difficulty,
        result=result,
        missing=missing,
        lost_turns=lost_turns,
        reflexes=reflexes - reflex_points,
        discomfort=absorb(held[0], held[1], discomfort) if discomfort else None,
    )
