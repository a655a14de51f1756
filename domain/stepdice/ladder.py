"""Step dice and the target-number ladder [003:57, 75-97]: the dice an attribute can have, the
step up a helper gives, the grades of difficulty and how they shift.

A grade shift moves the TN along the ladder 4 ↔ 6 ↔ 8 ↔ 12, never adds to the roll [003:77].
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.errors import Conflict, InvalidCommand
from domain.names import Reason
from domain.structs import Stored

#: the attribute dice, smallest first [003:9, 97]
Die = Literal[6, 8, 10, 12, 20]
DICE: tuple[int, ...] = (6, 8, 10, 12, 20)
LARGEST_DIE = 20

#: the grades of difficulty: Fácil 4, Normal 6, Difícil 8 [003:57]; 12 is the boss's TN
#: [003:222] and Gran poder's [003:255], "Heroico" in the solo variant [003:340]
Grade = Literal["facil", "normal", "dificil", "heroico"]
GRADES: tuple[Grade, ...] = ("facil", "normal", "dificil", "heroico")
LADDER: dict[Grade, int] = {"facil": 4, "normal": 6, "dificil": 8, "heroico": 12}

#: one shift is one grade, or two when something is "extremadamente" hard or easy [003:84]
MAX_SHIFT = 2
#: reasons a command may give (conditions, range, several opponents, …)
MAX_SHIFTS = 8


class Shift(Stored, kw_only=True, forbid_unknown_fields=True):
    """The game master's grade shift with its reason: +1 for worse conditions (cover,
    darkness, time pressure …), -1 for better (preparation, tools, position …) [003:79-84]."""

    STORED_AS = "stepdice.Shift"

    grades: Annotated[int, msgspec.Meta(ge=-MAX_SHIFT, le=MAX_SHIFT)]
    """The grades the TN moves: +1 (or +2, extremely) for worse conditions, -1 (or -2) for
    better; never 0"""
    reason: Reason
    """The game master's reason for the shift: cover, darkness, time pressure, preparation,
    tools, position, …"""


Shifts = Annotated[list[Shift], msgspec.Meta(max_length=MAX_SHIFTS)]


def total_shift(shifts: list[Shift]) -> int:
    """The grades all shifts add up to; each must move 1 or 2 grades."""
    for shift in shifts:
        if shift.grades == 0 or abs(shift.grades) > MAX_SHIFT:
            raise InvalidCommand(
                f"a shift moves 1 or 2 grades, up or down, not {shift.grades}", "invalid_shift"
            )
    return sum(shift.grades for shift in shifts)


def step_up(die: int) -> int | None:
    """The next die up: d6 → d8 → d10 → d12 → d20 [003:97]; None above a d20."""
    position = DICE.index(die)
    return DICE[position + 1] if position + 1 < len(DICE) else None


def target_number(
    grade: Grade, shift: int, below_ladder: int | None, above_ladder: int | None
) -> int | None:
    """The TN of `grade` moved `shift` whole grades along 4 ↔ 6 ↔ 8 ↔ 12 [003:77-84, 223].

    Past the ends the book gives no number [003:88-89]. Below 4 is "casi seguro (normalmente
    sin tirada)": None, a success with no die, unless the table's option gives a TN to roll
    against. Above 12 is "casi imposible": the table's TN, or the roll is refused
    (`almost_impossible`: it needs a plan or another approach)."""
    position = GRADES.index(grade) + shift
    if position < 0:
        return below_ladder
    if position >= len(GRADES):
        if above_ladder is None:
            raise Conflict(
                "the TN rises above 12: almost impossible, it needs a plan or another "
                "approach [003:89]",
                "almost_impossible",
            )
        return above_ladder
    return LADDER[GRADES[position]]
