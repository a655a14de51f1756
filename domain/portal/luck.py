"""Luck dice and Tempt luck [002:316-356, 966, 1281].

Luck dice are added before the roll [002:322]; each beaten by the kept die adds 1 [002:324]
(see `reading.read`). Afterwards a kept 6 keeps all the luck used [002:326], a luck die
showing the kept face comes back unless that face is a 1, when all luck goes [002:328], and
every other luck die is spent [002:330]. Tempt luck takes one lost die back into a roll as a
discomfort die [002:340-344] and wins it back on any of three conditions [002:348-352].
"""

from __future__ import annotations

import msgspec

from domain.errors import Conflict, InvalidCommand
from domain.portal.sheet import Sheet


def luck_kept(face: int, luck: list[int]) -> set[int]:
    """The luck dice (by place) that return to the reserve when `face` is kept."""
    if face == 6:
        return set(range(len(luck)))
    if face == 1:
        return set()
    return {i for i, die in enumerate(luck) if die == face}


def tempt_recovered(face: int, tempt: int, result: int, difficulty: int | None) -> bool:
    """Whether the tempt die returns to the reserve [002:348-352]: the result exceeds the
    challenge's difficulty (in an opposed roll the handler passes the opponent's result:
    Errata GAP), or a 6 is kept, or the kept face matches the tempt die unless both are 1s."""
    exceeds = difficulty is not None and result > difficulty
    return exceeds or face == 6 or (tempt == face and face != 1)


def spend_luck(sheet: Sheet, dice: int, purpose: str) -> Sheet:
    """Luck paid for something other than a roll: the right to a psychological confrontation
    (1 die [002:966]) or a minimal action past the damage limit (1 die each [002:1281]).
    The dice are lost: only Tempt luck or the game master brings them back."""
    if dice < 1:
        raise InvalidCommand("spending luck takes one die at least", "invalid_luck")
    if sheet.kind == "principal":
        raise Conflict("a principal NPC uses no luck dice [002:647]", "no_luck")
    if sheet.luck_held < dice:
        raise Conflict(
            f"{purpose} costs {dice} luck dice and {sheet.luck_held} are held", "not_enough_luck"
        )
    return msgspec.structs.replace(
        sheet, luck_held=sheet.luck_held - dice, luck_lost=sheet.luck_lost + dice
    )


def recover_luck(sheet: Sheet, dice: int) -> Sheet:
    """Lost luck the game master gives back, e.g. for fulfilling a drive [002:556-560]: only
    the character's own lost dice [002:338]."""
    if not 1 <= dice <= sheet.luck_lost:
        raise Conflict(
            f"{sheet.luck_lost} luck dice are lost: {dice} cannot come back", "no_lost_luck"
        )
    return msgspec.structs.replace(
        sheet, luck_held=sheet.luck_held + dice, luck_lost=sheet.luck_lost - dice
    )
