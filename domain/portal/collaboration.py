"""Collaboration [002:884-918]: the game master lowers the difficulty by what he judges
(nothing, or even a rise [002:888]); everybody rolls; the success levels of those who reach
the difficulty are pooled [002:902]; each point a member falls short costs the pool 2
[002:904]; a member the group cannot or will not cover fails alone, or the whole task fails,
by the task's nature [002:906]. Only the team leader's Fortaleza rerolls may go to other
members' dice [002:914]."""

from __future__ import annotations

from domain.errors import Conflict, InvalidCommand
from domain.portal.options import Options
from domain.portal.outcome import Outcome, judge
from domain.portal.sheet import Label
from domain.structs import Stored

#: "REDUCE EN 2 PUNTOS EL NIVEL GLOBAL DE ÉXITO POR CADA PUNTO QUE LE FALTE" [002:904]
COST_PER_MISSING_POINT = 2
MAX_MEMBERS = 12


class Member(Stored, kw_only=True, forbid_unknown_fields=True):
    """One collaborator's result."""

    name: Label
    result: int


class MemberOutcome(Stored, kw_only=True, forbid_unknown_fields=True):
    """One collaborator's result and what became of it."""

    name: str
    result: int
    #: result - difficulty [002:902]
    margin: int
    #: raised to the difficulty with the pool's excess [002:912]
    covered: bool = False
    outcome: Outcome


class Collaboration(Stored, kw_only=True, forbid_unknown_fields=True):
    """A collaborative challenge resolved."""

    STORED_AS = "portal.Collaboration"

    difficulty: int
    members: list[MemberOutcome]
    #: the pooled success levels of those who reached the difficulty
    excess: int
    #: what covering everybody short would cost: 2 per missing point
    deficit: int
    #: the excess spent covering, and left over
    spent: int
    left: int
    #: a task the group cannot fail member by member fails with any member uncovered
    task_failed: bool


def collaborative_difficulty(difficulty: int, reduction: int) -> int:
    """The difficulty after the game master's reduction (negative raises it) [002:886-900]."""
    return max(0, difficulty - reduction)


def collaborate(
    members: list[Member],
    difficulty: int,
    cover: list[str],
    options: Options,
    shared_task: bool,
) -> Collaboration:
    """Pool the margins and cover the members named in `cover`, in that order (the group's
    choice, "no puede o no quiere" [002:906]). `shared_task` is the game master's: a task the
    group cannot fail member by member (the rock [002:912]). A covered member's outcome is
    `Options.covered_member` (GAP)."""
    if not 2 <= len(members) <= MAX_MEMBERS:
        raise InvalidCommand(
            f"a collaboration has 2..{MAX_MEMBERS} members", "invalid_collaboration"
        )
    names = [m.name for m in members]
    if len(set(names)) != len(names) or len(set(cover)) != len(cover):
        raise InvalidCommand("each member is named once", "invalid_collaboration")
    margins = {m.name: m.result - difficulty for m in members}
    excess = sum(margin for margin in margins.values() if margin > 0)
    deficit = sum(-margin * COST_PER_MISSING_POINT for margin in margins.values() if margin < 0)
    left = excess
    for name in cover:
        if name not in margins or margins[name] >= 0:
            raise InvalidCommand(
                f"{name!r} is no member short of the difficulty", "invalid_collaboration"
            )
        cost = -margins[name] * COST_PER_MISSING_POINT
        if cost > left:
            raise Conflict(
                f"covering {name!r} costs {cost} and the group has {left} left [002:904]",
                "not_enough_excess",
            )
        left -= cost
    outcomes = []
    for member in members:
        covered = member.name in cover
        if covered:
            outcome: Outcome = "success" if options.covered_member == "succeeds" else "partial"
        else:
            outcome = judge(member.result, difficulty).outcome
        outcomes.append(
            MemberOutcome(
                name=member.name,
                result=difficulty if covered else member.result,
                margin=margins[member.name],
                covered=covered,
                outcome=outcome,
            )
        )
    uncovered = any(o.outcome == "failure" for o in outcomes)
    return Collaboration(
        difficulty=difficulty,
        members=outcomes,
        excess=excess,
        deficit=deficit,
        spent=excess - left,
        left=left,
        task_failed=shared_task and uncovered,
    )


def may_reroll_for(roller: str, owner: str, leader: str) -> bool:
    """Whose dice a member's Fortaleza rerolls may touch: the leader's anyone's, the others'
    their own only [002:914]."""
    return roller in (owner, leader)
