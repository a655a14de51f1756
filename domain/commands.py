"""Commands every rule system shares, and the base of all command Structs.

Command Structs are what a client sends: the service decodes HTTP bodies straight into
them, and the application hands them to the handler the rule system registers for them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from domain.keys import TableKeys
from domain.table import Table


class Command(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Base of every command Struct."""


#: a handler validates a command against a table and triggers its events; it returns
#: what the acting seat gets back (an id, the cards it drew, …)
Handler = Callable[[Table, str, Any, TableKeys], Any]


class AddSeat(Command):
    name: str


class RemoveSeat(Command):
    seat: str
    reason: str


class CloseTable(Command):
    pass


def _add_seat(table: Table, actor: str, command: AddSeat, keys: TableKeys) -> str:
    return table.add_seat(actor, command.name, keys)


def _remove_seat(table: Table, actor: str, command: RemoveSeat, _: TableKeys) -> None:
    table.remove_seat(actor, command.seat, command.reason)


def _close(table: Table, actor: str, _: CloseTable, keys: TableKeys) -> None:
    table.close(actor, keys)


SHARED_HANDLERS: dict[type, Handler] = {
    AddSeat: _add_seat,
    RemoveSeat: _remove_seat,
    CloseTable: _close,
}
