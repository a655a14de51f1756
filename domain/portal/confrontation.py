"""Confrontations [002:920-1012]: simple, extended, unequal, deferred, psychological and by
teams. The results come from rolls read elsewhere; here they are compared."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.errors import Conflict, InvalidCommand
from domain.portal.options import Options
from domain.structs import Stored

Side = Literal["first", "second"]
Winner = Literal["first", "second", "tie"]


class Confrontation(Stored, kw_only=True, forbid_unknown_fields=True):
    """Two results compared: the difference (first - second, advantage included) and who
    won."""

    STORED_AS = "portal.Confrontation"

    first: int
    second: int
    #: the game master's virtual advantage, on the difference only [002:948-950]
    advantage: int = 0
    difference: int
    winner: Winner
    #: a negative result is a fumble: an advantage cannot prevent it [002:950]
    first_fumbled: bool = False
    second_fumbled: bool = False


def confront(
    first: int,
    second: int,
    options: Options,
    advantage: int = 0,
    doubled: Side | None = None,
) -> Confrontation:
    """Compare two results [002:924]. `advantage` (to the first side; negative favours the
    second) is added to the difference, never to a result [002:948-950]; or the advantaged
    side's result is doubled [002:954]. A tie is `Options.confrontation_tie` (GAP)."""
    fumbles = first < 0, second < 0
    if doubled == "first":
        first *= 2
    elif doubled == "second":
        second *= 2
    difference = first - second + advantage
    winner: Winner = "first" if difference > 0 else "second" if difference < 0 else "tie"
    if winner == "tie" and options.confrontation_tie == "second":
        winner = "second"
    return Confrontation(
        first=first,
        second=second,
        advantage=advantage,
        difference=difference,
        winner=winner,
        first_fumbled=fumbles[0],
        second_fumbled=fumbles[1],
    )


def deferred_difficulty(first_result: int, factor: int = 1, bonus: int = 0) -> int:
    """A confrontation resolved at two moments: the first result, as the game master may
    transform it (doubled for Calvin's knot [002:962]), is the later roll's difficulty
    [002:958]."""
    if factor < 1:
        raise InvalidCommand("the factor is 1 or more", "invalid_confrontation")
    return max(0, first_result * factor + bonus)


class Extended(Stored, kw_only=True, forbid_unknown_fields=True):
    """An extended confrontation [002:932-942]: the game master's differential to reach, and
    the levels banked so far (positive: the first side's lead)."""

    STORED_AS = "portal.Extended"

    target: Annotated[int, msgspec.Meta(ge=1)]
    balance: int = 0

    @property
    def winner(self) -> Side | None:
        if self.balance >= self.target:
            return "first"
        if -self.balance >= self.target:
            return "second"
        return None


def exchange(state: Extended, first: int, second: int) -> Extended:
    """One exchange of rolls: the difference is banked [002:938]."""
    if state.winner is not None:
        raise Conflict("the confrontation is already won", "confrontation_over")
    return msgspec.structs.replace(state, balance=state.balance + first - second)


def buy_aces(state: Extended, side: Side, aces: int, options: Options) -> Extended:
    """Banked success levels spent on aces for a later roll [002:940], at
    `Options.levels_per_ace` (GAP); only the side ahead has levels to spend."""
    if aces < 1:
        raise InvalidCommand("buy one ace at least", "invalid_confrontation")
    cost = aces * options.levels_per_ace
    lead = state.balance if side == "first" else -state.balance
    if cost > lead:
        raise Conflict(
            f"{aces} aces cost {cost} banked levels and the {side} side has {max(lead, 0)}",
            "not_enough_levels",
        )
    shift = -cost if side == "first" else cost
    return msgspec.structs.replace(state, balance=state.balance + shift)


class Psychological(Stored, kw_only=True, forbid_unknown_fields=True):
    """A psychological confrontation [002:964-1006], after the manipulator paid one luck die
    (`luck.spend_luck`) [002:966]. The discomfort the victim takes for resisting is the game
    master's [002:972-986]."""

    STORED_AS = "portal.Psychological"

    influenced: bool
    margin: int
    #: the victim fumbled: the game master may dictate the behaviour [002:998]
    victim_dictated: bool
    #: the manipulator fumbled: he takes the discomfort he would have caused [002:1000]
    backfires: bool


def psychological(manipulator: int, victim: int) -> Psychological:
    margin = manipulator - victim
    return Psychological(
        influenced=margin > 0,
        margin=margin,
        victim_dictated=victim < 0,
        backfires=manipulator < 0,
    )


def teams(first: list[int], second: list[int]) -> tuple[int, Winner]:
    """Two groups: each side's results summed, the difference decides [002:1010]."""
    if not first or not second:
        raise InvalidCommand("each team has one member at least", "invalid_confrontation")
    difference = sum(first) - sum(second)
    return difference, "first" if difference > 0 else "second" if difference < 0 else "tie"
