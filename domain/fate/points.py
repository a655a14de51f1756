"""The fate-point economy [004:123-177, 339-347, 365-401, 811-815]: spending, refresh,
compels and their escalation, declarations, stunts and concessions.

Paying always takes the player's own points: at 0 nobody refuses a compel or avoids a
maneuver's aspect (Errata, [004:173, 369, 381, 847]).
"""

from __future__ import annotations

from typing import Literal

from domain.errors import Conflict, InvalidCommand
from domain.fate.options import Options
from domain.fate.sheet import Stunt
from domain.names import Name
from domain.structs import Stored


def spend(points: int, cost: int, what: str) -> int:
    """The points left after paying `cost` for `what`; refused past what is held."""
    if cost < 0:
        raise InvalidCommand("a cost is never negative", "invalid_points")
    if cost > points:
        raise Conflict(
            f"{what} costs {cost} fate points and only {points} are held", "not_enough_fate_points"
        )
    return points - cost


def refreshed(points: int, refresh: int) -> int:
    """Refresh tops the points up to the rate; more are kept ("Si tiene más puntos, no pasa
    nada" [004:167], Errata)."""
    return max(points, refresh)


def declared(points: int, accepted: bool) -> int:
    """A declaration costs 1 fate point when the GM accepts it; vetoed, it costs nothing
    [004:155-159]."""
    return spend(points, 1, "a declaration") if accepted else points


def activated(points: int, stunt: Stunt) -> int:
    """A stunt costs a fate point only when its description says so [004:151]."""
    return spend(points, 1, f"the stunt {stunt.name!r}") if stunt.costs_fate_point else points


CompelKind = Literal["offered", "off_screen", "accidental"]


class CompelSettled(Stored, kw_only=True, forbid_unknown_fields=True):
    """A compel as it ended: the aspect, the stake, accepted or refused, the points gained
    (negative when paid to refuse)."""

    STORED_AS = "fate.CompelSettled"

    aspect: Name
    """The name of the aspect compelled, one of the character's"""
    kind: CompelKind
    """`offered` (the player may refuse by paying a fate point), `off_screen` (the game master
    uses the aspect out of sight [004:377]) or `accidental` (played unprompted [004:395]);
    the last two cannot be refused"""
    stake: int
    """The fate points at stake: 1, more once the game master raises the compel [004:401]"""
    accepted: bool
    """The player accepted the compel; false: refused it"""
    delta: int
    """The fate points the player gained (negative: paid to refuse)"""


def compel(points: int, aspect: str, accepted: bool, kind: CompelKind = "offered") -> CompelSettled:
    """A compel's first point [004:173, 369, 381]: accepted, +1 (it becomes official);
    refused, the player pays 1 of their own. An off-screen compel (the nemesis as villain
    [004:377]) and an accidental one (played unprompted [004:395]) give 1 and cannot be
    refused."""
    if not accepted:
        if kind != "offered":
            raise Conflict(f"an {kind} compel cannot be refused [004:377, 395]", "cannot_refuse")
        spend(points, 1, "refusing a compel")
    return CompelSettled(
        aspect=aspect, kind=kind, stake=1, accepted=accepted, delta=1 if accepted else -1
    )


def escalated(
    points: int, aspect: str, accepted_stake: int, accepted: bool, options: Options
) -> CompelSettled:
    """The GM raises an accepted compel one point at a time [004:401]: from `accepted_stake`
    (already taken, at least the first point) to one more. `points` already hold what was
    taken. Accepting or refusing follows `Options.escalated_compel` (GAP): "total", the
    compel is worth the new stake in all (+1 now, or refusing leaves the player the stake
    below where they started); "added", the raise is an offer of its own (+stake, or pay it
    and keep what was taken)."""
    if accepted_stake < 1:
        raise Conflict(
            "a compel is raised only once its first point is accepted [004:401]",
            "compel_not_accepted",
        )
    stake = accepted_stake + 1
    if options.escalated_compel == "total":
        taken = accepted_stake
        delta = stake - taken if accepted else -stake - taken
    else:
        delta = stake if accepted else -stake
    if delta < 0:
        spend(points, -delta, "refusing a raised compel")
    return CompelSettled(aspect=aspect, kind="offered", stake=stake, accepted=accepted, delta=delta)


class ConcessionPoints(Stored, kw_only=True, forbid_unknown_fields=True):
    """The fate points a concession moves [004:815]."""

    STORED_AS = "fate.ConcessionPoints"

    conceder: int
    """The fate points the conceder gains: 1, or 0 when none move"""
    attacker: int
    """The fate points the attacker gains: -1, or 0 when none move (or it holds none)"""


def concession_points(
    attacker_points: int, reasonable: bool, accepted: bool, options: Options
) -> ConcessionPoints:
    """A concession the GM finds reasonable gives the conceder 1 fate point and costs the
    attacker 1 [004:815]: always when the attacker refuses it (Errata), when accepted as
    `Options.concession_points_when_accepted` says (GAP). An attacker with no points left
    loses none (the book is silent; points are never negative)."""
    moves = reasonable and (not accepted or options.concession_points_when_accepted)
    if not moves:
        return ConcessionPoints(conceder=0, attacker=0)
    return ConcessionPoints(conceder=1, attacker=-1 if attacker_points > 0 else 0)
