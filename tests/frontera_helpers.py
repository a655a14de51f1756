"""Building blocks for Frontera tests: a table with seats and characters, in few lines."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from domain.application import Tables
from domain.commands import AddSeat, ClaimSeat
from domain.frontera import commands as cmd
from domain.frontera.state import FronteraState
from tests import session_helpers
from tests.session_helpers import SERVER_KEY as SERVER_KEY
from tests.session_helpers import in_memory_tables

MAYOR = "mayor"


@dataclass
class Session(session_helpers.Session[FronteraState]):
    state_type = FronteraState
    #: player name -> seat id
    seats: dict[str, str] = field(default_factory=dict)


def new_session(
    app: Tables | None = None, players: tuple[str, ...] = (), **options: Any
) -> Session:
    """A Frontera table with the Mayor seated and the named players added, not started."""
    app = app or in_memory_tables()
    table_id = app.create_table("frontera", "Test table", "The Mayor", options).table_id
    session = Session(app, table_id)
    for name in players:
        session.seats[name] = session.run(MAYOR, AddSeat(name=name)).result
    return session


def claimed(app: Tables, table_id: UUID, seat: str) -> str:
    """The credential a player gets by redeeming the seat's first invitation."""
    keys = app.keys(table_id)
    issued = app.execute(table_id, seat, ClaimSeat(invitation=keys.invitation(seat, 1))).result
    return keys.credential(seat, issued.number)


def protagonist(
    name: str, traits: dict[str, int], skills: list[str], seat: str | None = None
) -> cmd.CreateCharacter:
    return cmd.CreateCharacter(
        name=name,
        kind="protagonist",
        traits=traits,  # type: ignore[arg-type]
        skills=skills,  # type: ignore[arg-type]
        seat=seat,
    )


def npc(name: str, traits: dict[str, int], skills: list[str], **extra: Any) -> cmd.CreateCharacter:
    return cmd.CreateCharacter(
        name=name,
        kind=extra.pop("kind", "npc"),
        traits=traits,  # type: ignore[arg-type]
        skills=skills,  # type: ignore[arg-type]
        **extra,
    )
