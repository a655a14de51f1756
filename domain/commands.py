"""Commands every rule system shares, and the base of all command Structs.

Command Structs are what a client sends: the service decodes HTTP bodies straight into
them, and the application hands them to the handler the rule system registers for them.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from domain.dice import reveal_rolls
from domain.keys import TableKeys
from domain.names import Name, Reason, checked_reason
from domain.registry import Handler
from domain.table import Table


class Command(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Base of every command Struct."""


class AddSeat(Command):
    """The game master seats a player: a new seat, with its first invitation."""

    name: Name
    """The new seat's name as the table shows it (the player's)"""


class InviteSeat(Command):
    """The game master's new invitation for a seat."""

    seat: str


class ClaimSeat(Command):
    """Take a seat by redeeming its invitation (at a fork: the seat's credential at the table
    forked from). The acting seat is the seat claimed: the invitation is the proof."""

    invitation: str
    """The invitation the game master handed the player (at a fork: the seat's credential at the
    table forked from)"""


class RotateCredential(Command):
    pass


class Issued(msgspec.Struct, kw_only=True):
    """An invitation or credential handed out: whose, and its number (the service derives
    the secret itself from the number, so no secret is ever stored)."""

    seat: str
    number: int


class RemoveSeat(Command):
    """The game master removes a player's seat: it stays in the table, inactive, and its
    credential stops working."""

    seat: str
    """The id of the player's seat to remove"""
    reason: Reason
    """The game master's reason for removing it"""


class CloseTable(Command):
    pass


class RevealRolls(Command):
    """The game master shows secret rolls (gm, blind or self) to every seat."""

    rolls: Annotated[
        list[Annotated[int, msgspec.Meta(ge=1)]],
        msgspec.Meta(
            min_length=1,
            max_length=100,
            # litestar drops a Meta on a list's items: the document takes it from here
            extra_json_schema={"items": {"type": "integer", "minimum": 1}},
        ),
    ]
    """The numbers of the secret rolls to reveal (1 to 100 of them)"""
    reason: Reason
    """The game master's reason for revealing them"""


def _add_seat(table: Table, actor: str, command: AddSeat, keys: TableKeys) -> str:
    return table.add_seat(actor, command.name, keys)


def _invite(table: Table, actor: str, command: InviteSeat, keys: TableKeys) -> Issued:
    return Issued(seat=command.seat, number=table.invite(actor, command.seat, keys))


def claim_seat(
    table: Table, actor: str, command: ClaimSeat, keys: TableKeys, source_hash: str | None = None
) -> Issued:
    """`source_hash`: for a fork's seat, the hash of its player's credential at the table
    forked from, now (the application looks it up there)."""
    return Issued(seat=actor, number=table.claim(actor, command.invitation, keys, source_hash))


def _rotate(table: Table, actor: str, _: RotateCredential, keys: TableKeys) -> Issued:
    return Issued(seat=actor, number=table.rotate_credential(actor, keys))


def _remove_seat(table: Table, actor: str, command: RemoveSeat, _: TableKeys) -> None:
    table.remove_seat(actor, command.seat, command.reason)


def _close(table: Table, actor: str, _: CloseTable, keys: TableKeys) -> None:
    table.close(actor, keys)


def _reveal(table: Table, actor: str, command: RevealRolls, _: TableKeys) -> None:
    reveal_rolls(table, actor, command.rolls, checked_reason(command.reason))


SHARED_HANDLERS: dict[type, Handler] = {
    AddSeat: _add_seat,
    InviteSeat: _invite,
    ClaimSeat: claim_seat,
    RotateCredential: _rotate,
    RemoveSeat: _remove_seat,
    CloseTable: _close,
    RevealRolls: _reveal,
}
