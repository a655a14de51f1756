"""The core check: d10 + difficulty ≤ value [001:27-42].

The success level is value - d10, difficulty not counted [001:37-38]. A check that cannot
fail needs no die unless its success level matters [001:31,40]; one that cannot succeed is
not rolled [001:40]. A natural 1 is not a success, a natural 10 not a failure [001:41-42];
there are no fumbles [001:39].
"""

from __future__ import annotations

from domain.dice import Dice
from domain.errors import InvalidCommand
from domain.structs import Stored


class Term(Stored, kw_only=True):
    """One term of a difficulty: what it is and how much it adds."""

    name: str
    """What the term is: `base`, a combat table's modifier by name, `other`, `accumulation`,
    `precision`, `aim`, `wounds`, `dodge SL` or `attack SL`"""
    amount: int
    """What it adds to the difficulty (negative: easier)"""
    reason: str | None = None
    """Why it applies: the game master's reason for an `other` modifier, or the rules' (the target
    is on the ground); null otherwise"""


class CheckResult(Stored, kw_only=True):
    """A check as resolved: what was rolled against what, and how it went."""

    STORED_AS = "asaltos.CheckResult"

    value: int
    """The value rolled against: the skill's or the characteristic's (1 to 10)"""
    difficulty: int
    """The whole difficulty: the sum of the terms' amounts"""
    terms: list[Term]
    """The difficulty term by term, in the order the rules added them"""
    face: int | None
    """The d10 as it fell; null when the check needed no die"""
    success: bool
    """The check succeeded: face + difficulty at most the value, or a certain success"""
    sl: int | None
    """The success level (nivel de éxito): value - face, the difficulty not counted [001:37-38];
    null without a die"""
    certain: str | None = None
    """`success` or `failure` when the outcome was certain before the roll [001:40]; null
    otherwise"""


def certain_success(value: int, difficulty: int) -> bool:
    """Even a 10 succeeds [001:40]; value 10 at difficulty 0 is the book's case [001:31]."""
    return 10 + difficulty <= value


def certain_failure(value: int, difficulty: int) -> bool:
    """Even a 1 fails [001:40]."""
    return 1 + difficulty > value


def usable(value: int, what: str) -> int:
    """A value of 0 cannot be used at all [001:24]."""
    if value < 1:
        raise InvalidCommand(f"{what} is 0: it cannot be used", "skill_unusable")
    return value


def check(
    value: int,
    terms: list[Term],
    dice: Dice,
    *,
    need_sl: bool,
    purpose: str = "check",
    roll_failure: bool = False,
) -> CheckResult:
    """Resolve a check of `value` against the sum of `terms`.

    `need_sl`: roll a certain success anyway, for its success level [001:40];
    `roll_failure`: roll a certain failure anyway (an attack whose natural 1 may still be a
    critical, when the options let a failed attack crit)."""
    usable(value, "the value checked")
    difficulty = sum(term.amount for term in terms)
    sure, hopeless = certain_success(value, difficulty), certain_failure(value, difficulty)
    # a certain outcome rolls no die, unless its SL (or a failure's critical) is wanted
    face = (
        None
        if (hopeless and not roll_failure) or (sure and not need_sl)
        else dice.roll(10, purpose)
    )
    return CheckResult(
        value=value,
        difficulty=difficulty,
        terms=terms,
        face=face,
        success=sure if face is None else face + difficulty <= value,
        sl=None if face is None else value - face,
        certain="success" if sure else "failure" if hopeless else None,
    )


def opposed(a: CheckResult, b: CheckResult, tie_break: str = "none") -> int:
    """Who wins an opposed roll: 1 (a), 2 (b) or 0 (nobody / tie).

    The book compares success levels "provided both succeeded" [001:37]. GAP: a lone success
    wins; two failures, nobody; an SL tie is nobody, or (`tie_break="higher_value"`) the
    higher value, still tied when equal."""
    if a.success != b.success:
        return 1 if a.success else 2
    if not a.success:
        return 0
    sl_a, sl_b = a.sl or 0, b.sl or 0
    if sl_a != sl_b:
        return 1 if sl_a > sl_b else 2
    if tie_break == "higher_value" and a.value != b.value:
        return 1 if a.value > b.value else 2
    return 0
