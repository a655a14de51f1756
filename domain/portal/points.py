"""Character points [002:568-601, 842-858, 880]: at most 5 in hand, the rest in the virtual
reserve until the end of the adventure [002:854-856]; what earns them and what they buy."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.errors import Conflict, InvalidCommand
from domain.portal.sheet import MAX_CP_IN_HAND, MAX_DICE, CharacterPoints, Sheet

#: what earns character points [002:574-579]; amounts beyond 1 are the game master's
Gain = Literal[
    "story_start",
    "story_end",
    "low_die_success",
    "roleplay",
    "table_conduct",
    "vital_drive",
    "ones_and_sixes_blocked",
]
#: gains of exactly one point [002:574-575, 579]; the others are "uno (o más)" [002:576-578]
SINGLE_GAINS = frozenset({"story_start", "story_end", "low_die_success", "ones_and_sixes_blocked"})
#: what character points buy in play [002:583-591]
Use = Literal[
    "remove_wound",
    "ace",
    "temporary_specialty",
    "block_ones_and_sixes",
    "background",
    "advancement",
    "action_past_limit",
    "heroic_action",
]


def gain(points: CharacterPoints, amount: int, reason: Gain) -> CharacterPoints:
    """Points earned: into the hand up to 5, the excess into the reserve [002:854]."""
    if amount < 1 or (reason in SINGLE_GAINS and amount != 1):
        raise InvalidCommand(
            f"{reason} earns {'one point' if reason in SINGLE_GAINS else 'one point or more'} "
            "[002:574-579]",
            "invalid_points",
        )
    in_hand = min(MAX_CP_IN_HAND, points.in_hand + amount)
    return CharacterPoints(
        in_hand=in_hand, reserve=points.reserve + points.in_hand + amount - in_hand
    )


def spend(points: CharacterPoints, amount: int, use: str) -> CharacterPoints:
    """Points spent from the hand only, for `use` (a `Use`, or what a cost is for): the
    reserve waits for the end of the adventure [002:854-856]."""
    if amount < 1:
        raise InvalidCommand("spending character points takes one at least", "invalid_points")
    if points.in_hand < amount:
        raise Conflict(
            f"{use} costs {amount} character points and {points.in_hand} are in hand",
            "not_enough_points",
        )
    return msgspec.structs.replace(points, in_hand=points.in_hand - amount)


def end_adventure(points: CharacterPoints) -> int:
    """At the end of the adventure the reserve returns to the hand, to buy improvements: the
    points available for advancement [002:844, 854]."""
    return points.in_hand + points.reserve


def start_adventure(available: int) -> CharacterPoints:
    """Whatever was saved, an adventure starts with at most 5 in hand [002:856]."""
    if available < 0:
        raise InvalidCommand("character points are never negative", "invalid_points")
    in_hand = min(MAX_CP_IN_HAND, available)
    return CharacterPoints(in_hand=in_hand, reserve=available - in_hand)


def new_adventure(points: CharacterPoints) -> CharacterPoints:
    """The adventure over: the reserve back in hand (`end_adventure`), and nothing bought,
    the next adventure starting with 5 in hand at most [002:854-856]."""
    return start_adventure(end_adventure(points))


def creation_leftover(unspent: int) -> int:
    """Points left unspent at creation, divided by 5 rounding down, for play [002:842]."""
    if unspent < 0:
        raise InvalidCommand("character points are never negative", "invalid_points")
    return unspent // 5


def remove_wound(sheet: Sheet) -> Sheet:
    """One point removes one wound die, whenever it was received [002:583]."""
    if sheet.wound < 1:
        raise Conflict("the character holds no wound die", "no_wound")
    return msgspec.structs.replace(
        sheet, wound=sheet.wound - 1, points=spend(sheet.points, 1, "remove_wound")
    )


def temporary_specialty(sheet: Sheet, fortaleza: str, has_applicable_specialty: bool) -> int:
    """Bought before a roll: the Fortaleza's level as a bonus [002:585, 850], not when a
    specialty already applies [002:597] (the game master says whether one does), nor on a
    Fortaleza of level 0, which takes no specialty [002:802]. Returns the bonus; the point is
    paid with `costs.pay`."""
    if has_applicable_specialty:
        raise Conflict(
            "a specialty already applies: a temporary one cannot be bought [002:597]",
            "specialty_applies",
        )
    level = sheet.fortaleza(fortaleza).level
    if level < 1:
        raise InvalidCommand(
            f"{fortaleza!r} is at level 0: only a Fortaleza of level 1 or more takes a "
            "specialty [002:802]",
            "no_specialty",
        )
    return level


def paid_healing(sheet: Sheet, wound_dice: int) -> Sheet:
    """Campaign option: healing between sessions costs 1 point per 2 wound dice [002:880]
    (the extra point given between sessions is a `gain` of the game master's); an odd die
    costs a whole point."""
    if not 1 <= wound_dice <= min(sheet.wound, MAX_DICE):
        raise Conflict(f"the character holds {sheet.wound} wound dice", "no_wound")
    cost = (wound_dice + 1) // 2
    return msgspec.structs.replace(
        sheet, wound=sheet.wound - wound_dice, points=spend(sheet.points, cost, "remove_wound")
    )
