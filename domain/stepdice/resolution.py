"""Resolving one test [003:59-73, 91-97, 316-330]: the die (stepped up by a helper), the
target, one roll, the outcome.

Outcomes: a 1 is a failure with a complication even against a low TN; the die's maximum is an
exceptional success (success and one extra benefit, the game master's to choose); otherwise
the TN decides. A TN pushed below 4 is "casi seguro" [003:88]: a success with no die, unless
the table rolls against a number of its own (`tn_below_ladder`). The solo variant rolls one d6
against a threshold.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from domain.dice import Dice
from domain.errors import Conflict
from domain.stepdice import solo
from domain.stepdice.ladder import Grade, step_up, target_number
from domain.stepdice.options import Options

Outcome = Literal["failure_complication", "failure", "success", "exceptional"]
FAILURES: frozenset[str] = frozenset({"failure_complication", "failure"})
SUCCESSES: frozenset[str] = frozenset({"success", "exceptional"})


@dataclass(frozen=True)
class Resolution:
    #: the die rolled (after a helper's step up); always 6 in solo; None when none was
    die: int | None
    #: the TN (standard) or the threshold (solo) the face had to reach; None below the ladder
    target: int | None
    face: int | None
    outcome: Outcome


#: "casi seguro, normalmente sin tirada" [003:88]: a success, and no die rolled for it
ALMOST_CERTAIN = Resolution(die=None, target=None, face=None, outcome="success")


def outcome(face: int, die: int, target: int, max_below_tn: str) -> Outcome:
    """A 1 fails with a complication [003:61, 70]; the maximum is exceptional [003:64, 71]
    (below the TN as the `max_below_tn` policy says); else ≥ TN succeeds [003:62-63]."""
    if face == 1:
        return "failure_complication"
    if face == die:
        if face >= target or max_below_tn == "exceptional":
            return "exceptional"
        return "success" if max_below_tn == "success" else "failure"
    return "success" if face >= target else "failure"


def solo_outcome(face: int, target: int, extremes: str) -> Outcome:
    """One d6 against a threshold; with `extremes` "as_main_game" a 1 and a 6 keep their
    meaning (a GAP of §3.7, a table option)."""
    if extremes == "as_main_game":
        return outcome(face, 6, target, "exceptional")
    return "success" if face >= target else "failure"


def helped_die(die: int, options: Options) -> int:
    """The die one helper steps up once [003:95-97]; on a d20 the `help_on_d20` policy."""
    stepped = step_up(die)
    if stepped is not None:
        return stepped
    if options.help_on_d20 == "refused":
        raise Conflict("a d20 cannot step up: help changes nothing here", "help_on_d20")
    return die


def standard_test(
    dice: Dice, die: int, grade: Grade, shift: int, helped: bool, options: Options, purpose: str
) -> Resolution:
    """Roll the attribute's die (stepped up if helped) against the shifted grade's TN; an
    almost certain test rolls nothing (a helper's step up has no die to change)."""
    target = target_number(grade, shift, options.tn_below_ladder, options.tn_above_ladder)
    if target is None:
        return ALMOST_CERTAIN
    rolled = helped_die(die, options) if helped else die
    face = dice.roll(rolled, purpose)
    return Resolution(rolled, target, face, outcome(face, rolled, target, options.max_below_tn))


def solo_test(
    dice: Dice,
    rank: solo.Rank,
    grade: Grade,
    shift: int,
    helped: bool,
    options: Options,
    purpose: str,
) -> Resolution:
    """Roll one d6 against the rank's threshold shifted by grade, shifts and help."""
    help_shift = options.solo_help_shift if helped else 0
    target = solo.threshold(rank, grade, shift, help_shift)
    face = dice.roll(6, purpose)
    return Resolution(6, target, face, solo_outcome(face, target, options.solo_extremes))
