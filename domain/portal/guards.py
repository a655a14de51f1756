"""Checks PORTAL's handlers make before anything happens: the table takes the game master's
ruling, the roll is open, the sender may act for its roller or its character, the character
holds character points, it holds no open roll, a secret roll's ruling shows on no sheet a seat
outside its audience reads."""

from __future__ import annotations

from domain.characters import alive, find_character
from domain.dice import Visibility
from domain.errors import Conflict, Forbidden, NotFound
from domain.portal.costs import PaidWith
from domain.portal.events import game
from domain.portal.state import OpenRoll, PortalCharacter, PortalState
from domain.table import Table


def find_open_roll(state: PortalState, roll: int) -> OpenRoll:
    found = state.open_rolls.get(str(roll))
    if found is None:
        raise NotFound(f"roll {roll} is no open roll of this table", "unknown_roll")
    return found


def rollers_roll(
    table: Table, actor: str, roll: int
) -> tuple[PortalState, OpenRoll, PortalCharacter]:
    """The state, an open roll and its character, for a sender that decides the roll
    (`require_roller`): a seat of the table first, then the roll, then who decides it."""
    state = game.open(table)
    table.require_seat(actor)
    rolled = find_open_roll(state, roll)
    character = find_character(state, rolled.character)
    require_roller(table, actor, character, roll)
    return state, rolled, character


def require_roller(table: Table, actor: str, character: PortalCharacter, roll: int) -> None:
    """Who decides an open roll's rerolls and settles it: the character's player, who sees
    the dice; the game master for its own characters, and for a secret roll until it is
    revealed (a `blind` one the player does not see, and decides nothing it cannot see; a
    `gm` or `self` one it sees, yet what follows is the game master's to rule)."""
    table.require_seat(actor)
    gm = table.gm_seat.id
    secret = roll in table.secret_rolls
    if actor == gm:
        if character.seat == gm or secret:
            return
        raise Forbidden(
            f"{character.name}'s player decides its rerolls and settles its rolls",
            "not_your_seat",
        )
    require_player(character, actor)
    if secret:
        raise Conflict(
            f"roll {roll} is secret: the game master decides what follows until revealing it",
            "roll_secret",
        )


def require_player(character: PortalCharacter, actor: str) -> None:
    """Only the character's own seat acts for it."""
    if character.seat != actor:
        raise Forbidden(
            f"{character.name} is played by seat {character.seat!r}, not by {actor!r}",
            "not_your_seat",
        )


def require_points_holder(character: PortalCharacter) -> None:
    """Character points are a protagonist's: a principal NPC holds none [002:647]."""
    if character.sheet.kind != "protagonist":
        raise Conflict("a principal NPC holds no character points [002:647]", "not_enough_points")


def require_no_open_roll(state: PortalState, character: PortalCharacter) -> None:
    """A roll is thrown from the dice the sheet holds, and settled against them: the sheet's
    dice do not change while the roll is open."""
    for open_roll in state.open_rolls.values():
        if open_roll.character == character.id:
            raise Conflict(
                f"{character.name}'s roll {open_roll.roll} is still open: settle it first",
                "roll_open",
            )


def roll_to_settle(table: Table, actor: str, roll: int) -> tuple[OpenRoll, PortalCharacter]:
    """An open roll a command settles and reads (a combat's, the last aguante roll a thorn
    called), and its character: alive, the sender its roller, the roll not secret (as the
    settlement refuses it, before its faces are read)."""
    rolled = find_open_roll(game.open(table), roll)
    character = alive(find_character(game(table), rolled.character))
    require_roller(table, actor, character, roll)
    if roll in table.secret_rolls:
        raise Conflict(f"roll {roll} is secret: reveal it first", "roll_secret")
    return rolled, character


def require_paid_unseen(
    table: Table,
    roll: int | None,
    visibility: Visibility,
    character: PortalCharacter,
    paid_with: PaidWith,
    doing: str,
) -> None:
    """A ruling on a secret roll (`roll`, or the one being called: None) is withheld from
    every seat outside the roll's audience; what it pays or hands out must not show on a sheet
    such a seat reads, or the sheet would tell the ruling: luck and harm (discomfort and
    wound dice) every seat reads; character points the character's player, outside a `blind`
    roll's audience; a principal NPC's pool the game master alone, who sees every roll he
    rules. Refused until the roll is revealed (or, for the roll being called, called where
    those seats see it)."""
    if visibility == "public" or (roll is not None and roll not in table.secret_rolls):
        return
    players_own = paid_with == "points" and (
        visibility != "blind" or character.seat == table.gm_seat.id
    )
    if paid_with == "pool" or players_own:
        return
    readers = "every seat" if paid_with in ("luck", "harm") else f"{character.name}'s player"
    until = "reveal it first" if roll is not None else "call the roll where they see it"
    raise Conflict(
        f"{doing} would show on {character.name}'s sheet ({paid_with}) to {readers}, who does "
        f"not see this {visibility} roll: {until}",
        "roll_secret",
    )
