"""Checks FATE's handlers make before anything happens: the table takes the game master's
ruling, the roll is open, the sender may act for its roller, the roll is not secret where a
ruling would show it, and which aspects a seat may name (a hidden one only its owner's player
and the game master know [004:145])."""

from __future__ import annotations

from domain.errors import Conflict, Forbidden, NotFound
from domain.fate.state import AskedInvocation, FateCharacter, FateState, OpenRoll, SettledRoll
from domain.table import Table


def find_open_roll(state: FateState, roll: int) -> OpenRoll:
    found = state.open_rolls.get(str(roll))
    if found is None:
        raise NotFound(f"roll {roll} is no open roll of this table", "unknown_roll")
    return found


def find_asked(state: FateState, roll: int) -> tuple[OpenRoll, AskedInvocation]:
    """An open roll with the invocation its roller asked for, waiting for a ruling."""
    found = find_open_roll(state, roll)
    if found.asked is None:
        raise Conflict(f"no invocation is asked on roll {roll}", "nothing_asked")
    return found, found.asked


def find_settled_roll(table: Table, state: FateState, roll: int, doing: str) -> SettledRoll:
    """A settled roll another command reads (an opposed roll, a maneuver), public by now: a
    secret one waits until revealed (`require_not_secret`, `doing` names what would show it)."""
    found = state.settled_rolls.get(str(roll))
    if found is None:
        raise NotFound(f"roll {roll} is no settled roll", "unknown_roll")
    require_not_secret(table, found.roll, doing)
    return found


def require_roller(table: Table, actor: str, character: FateCharacter, roll: int) -> None:
    """Who invokes on an open roll and settles it: the character's player, who sees the dice;
    the game master for its own characters, and for a secret roll (a player's character's
    roll the player does not see: it decides nothing it cannot see)."""
    table.require_seat(actor)
    gm = table.gm_seat.id
    secret = roll in table.secret_rolls
    if actor == gm and (character.seat == gm or secret):
        return
    if actor == gm or character.seat != actor:
        raise Forbidden(
            f"{character.name} is played by seat {character.seat!r}: its player invokes on "
            "its rolls and settles them",
            "not_your_seat",
        )
    if secret:
        raise Conflict(
            f"roll {roll} is secret: the game master decides what follows until revealing it",
            "roll_secret",
        )


def require_not_secret(table: Table, roll: int, doing: str) -> None:
    """A ruling whose effect every seat would see (fate points, aspects in play) waits until a
    secret roll is revealed: it would tell its outcome."""
    if roll in table.secret_rolls:
        raise Conflict(
            f"roll {roll} is secret: {doing} would show it to every seat; reveal it first",
            "roll_secret",
        )


def require_no_open_roll(state: FateState, character: FateCharacter) -> None:
    """A character has one roll open at a time: its invocations and fate points are
    counted against that one."""
    for open_roll in state.open_rolls.values():
        if open_roll.character == character.id:
            raise Conflict(
                f"{character.name}'s roll {open_roll.roll} is still open: settle it first",
                "roll_open",
            )


def known_aspects(table: Table, state: FateState, owner: FateCharacter, seat: str) -> list[str]:
    """The aspects of `owner` a seat may name: its sheet's (the hidden ones only to its
    player and the game master [004:145]), its consequences [004:797], and the temporary
    aspects on it."""
    knows = seat in (owner.seat, table.gm_seat.id)
    sheet = owner.sheet
    return [
        *(a.name for a in sheet.aspects if knows or not a.hidden),
        *(c.aspect for c in sheet.consequences),
        *(a.name for a in state.aspects if a.target == owner.id),
    ]


def scene_aspects(state: FateState) -> list[str]:
    return [a.name for a in state.aspects if a.target is None]


def rollers_open_roll(
    table: Table, state: FateState, actor: str, roll: int
) -> tuple[OpenRoll, FateCharacter]:
    """An open roll its roller acts on (an invocation, the settlement), with its character:
    the actor is its roller (`require_roller`) and no invocation waits for a ruling."""
    found = find_open_roll(state, roll)
    character = state.characters[found.character]
    require_roller(table, actor, character, roll)
    if found.asked is not None:
        raise Conflict(
            f"the invocation of {found.asked.aspect!r} waits for the game master's ruling",
            "invocation_pending",
        )
    return found, character
