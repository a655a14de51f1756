"""Difficulty and outcome [002:85-149]: the game master may grant success or failure without a
roll; otherwise a result above the difficulty succeeds, equal to it is a partial success, below
it fails. The success level is the result minus the difficulty [002:902]."""

from __future__ import annotations

from typing import Literal

from domain.errors import InvalidCommand
from domain.portal.options import Options
from domain.structs import Stored

Outcome = Literal["success", "partial", "failure"]
#: "3 fácil … 4 medio … 5 difícil" [002:109-127]
EASY, MEDIUM, HARD = 3, 4, 5


class Verdict(Stored, kw_only=True, forbid_unknown_fields=True):
    """How a challenge ended: rolled (result, difficulty and level) or granted by the game
    master with no roll [002:85-89]. A negative level of an unfailable challenge is the price
    the character pays (the game master's) [002:145]."""

    STORED_AS = "portal.Verdict"

    outcome: Outcome
    """`success` (the result exceeds the difficulty), `partial` (equals it) or `failure` (falls
    below it); for an automatic outcome, the one granted"""
    automatic: bool = False
    """Whether the game master granted the outcome with no roll [002:85-89]"""
    difficulty: int | None = None
    """The difficulty the result was compared with; null for an automatic outcome"""
    result: int | None = None
    """The primary reading's result; null for an automatic outcome"""
    level: int | None = None
    """The success level, the result minus the difficulty [002:902] (negative in a failure); null
    for an automatic outcome"""


def checked_difficulty(difficulty: int, options: Options) -> int:
    """A difficulty runs 0..15, more in a superhero game [002:107]: the table's maximum."""
    if not 0 <= difficulty <= options.max_difficulty:
        raise InvalidCommand(
            f"a difficulty runs 0..{options.max_difficulty} at this table [002:107], "
            f"not {difficulty}",
            "invalid_difficulty",
        )
    return difficulty


def judge(result: int, difficulty: int) -> Verdict:
    """The difficulty must be exceeded, not matched [002:137]; matching it is a partial
    success [002:139]."""
    if result > difficulty:
        outcome: Outcome = "success"
    elif result == difficulty:
        outcome = "partial"
    else:
        outcome = "failure"
    return Verdict(outcome=outcome, difficulty=difficulty, result=result, level=result - difficulty)


def granted(outcome: Literal["success", "failure"]) -> Verdict:
    """The game master's automatic success or failure, no dice [002:85-89]."""
    return Verdict(outcome=outcome, automatic=True)
