"""4dF read from four d6 [004:65-73], the effort [004:75] and the outcome of simple and
opposed actions [004:87, 565-567, 589-601].

The table rolls four d6; each face 1-2 is [-], 3-4 [ ], 5-6 [+]. Shifts (*aumentos*) are
never negative [004:567]; 3 or more are a critical success [004:857].
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.errors import InvalidCommand
from domain.fate.options import Options
from domain.names import Name
from domain.structs import Stored

DICE = 4
#: a critical success is "tres o más aumentos" [004:857]
CRITICAL_SHIFTS = 3

Face = Annotated[int, msgspec.Meta(ge=1, le=6)]
Outcome = Literal["success", "failure", "tie"]


def fudge(face: int) -> int:
    """A d6 face as a Fudge die: 1-2 → -1, 3-4 → 0, 5-6 → +1 [004:67-71]."""
    if not 1 <= face <= 6:
        raise InvalidCommand(f"a d6 shows 1..6, not {face}", "invalid_dice")
    return (face - 1) // 2 - 1


class FateDice(Stored, kw_only=True, forbid_unknown_fields=True):
    """The four d6 as rolled and the Fudge values they read as."""

    STORED_AS = "fate.Dice"

    faces: list[int]
    """The four d6 as rolled, 1-6 each"""
    values: list[int]
    """Each die read as a Fudge die, in the order of `faces`: 1-2 → -1, 3-4 → 0, 5-6 → +1"""

    @property
    def total(self) -> int:
        return sum(self.values)


def read_dice(faces: list[int]) -> FateDice:
    """Exactly four d6 [004:65], each read as a Fudge die."""
    if len(faces) != DICE:
        raise InvalidCommand(f"a FATE roll is {DICE} dice, not {len(faces)}", "invalid_dice")
    return FateDice(faces=list(faces), values=[fudge(face) for face in faces])


class FateModifier(Stored, kw_only=True, forbid_unknown_fields=True):
    """A named modifier to an effort: a fate point's +1, a secondary action's -1, full
    defence's +2, combined skills, … (§4.3)."""

    STORED_AS = "fate.Modifier"

    name: Name
    """What modifies the effort: `fate point`, `full defence`, `secondary action`, `combined
    skills`, or the aspect invoked for +2"""
    value: int
    """What it adds to the effort (negative: a penalty)"""


def effort(rating: int, dice: FateDice, modifiers: list[FateModifier]) -> int:
    """Skill + dice + modifiers: the *esfuerzo* [004:75]."""
    return rating + dice.total + sum(modifier.value for modifier in modifiers)


class FateVerdict(Stored, kw_only=True, forbid_unknown_fields=True):
    """An effort judged against a difficulty or an opposing effort."""

    STORED_AS = "fate.Verdict"

    effort: int
    """The effort (esfuerzo): skill + dice + modifiers [004:75]"""
    against: int
    """The game master's difficulty, or the opposing effort"""
    outcome: Outcome
    """`success`, `failure`, or `tie` (an opposed tie, when the table's option `opposed_tie` is
    `nobody`)"""
    shifts: int
    """The shifts (aumentos): on a success, the effort over what it was judged against;
    otherwise 0, never negative [004:567]"""
    critical: bool
    """A critical success: 3 shifts or more [004:857]"""


def _verdict(effort: int, against: int, outcome: Outcome) -> FateVerdict:
    shifts = effort - against if outcome == "success" else 0
    return FateVerdict(
        effort=effort,
        against=against,
        outcome=outcome,
        shifts=shifts,
        critical=shifts >= CRITICAL_SHIFTS,
    )


def simple_action(effort: int, difficulty: int) -> FateVerdict:
    """Equal or exceed the difficulty to succeed, shifts = the excess; below it is a failure
    with no shifts, never negative ones [004:87, 565-567]."""
    return _verdict(effort, difficulty, "success" if effort >= difficulty else "failure")


def opposed_action(effort: int, opposing: int, options: Options) -> FateVerdict:
    """The higher effort wins, shifts = the difference [004:591, 601]; the acting side's
    verdict. A tie follows `Options.opposed_tie` (GAP)."""
    if effort == opposing and options.opposed_tie == "nobody":
        return _verdict(effort, opposing, "tie")
    return simple_action(effort, opposing)
