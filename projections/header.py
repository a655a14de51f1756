"""What every rule system's view of a table starts with: the table itself and its seats, and
who knows what is a seat's own."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol, TypeVar

import msgspec

from domain.table import GM, Table
from projections.visibility import Viewer


class SeatView(msgspec.Struct, kw_only=True):
    id: str
    name: str
    role: str
    active: bool


class TableHeader(msgspec.Struct, kw_only=True):
    """The shared part of a view; each system's view Struct extends it."""

    id: str
    title: str
    system: str
    version: int
    you: str
    role: str
    closed: bool
    seed_commitment: str
    seed: str | None
    lineage: dict[str, Any] | None
    options: dict[str, Any]
    seats: list[SeatView]
    #: rolls of dice so far, and those the game master has revealed since
    rolls: int = 0
    revealed_rolls: list[int] = []


def header(table: Table, viewer: Viewer) -> dict[str, Any]:
    """The fields of `TableHeader` for this table and viewer, for a system's view to extend."""
    return {
        "id": str(table.id),
        "title": table.title,
        "system": table.system,
        "version": table.version,
        "you": viewer.seat,
        "role": GM if viewer.is_gm else "player",
        "closed": table.closed,
        "seed_commitment": table.seed_commitment,
        "seed": table.seed,
        "lineage": msgspec.to_builtins(table.lineage) if table.lineage else None,
        "options": table.options,
        "seats": [
            SeatView(id=s.id, name=s.name, role=s.role, active=s.active)
            for s in table.seats.values()
        ],
        "rolls": table.rolls,
        "revealed_rolls": list(table.revealed_rolls),
    }


def knows(table: Table, seat: str, viewer: Viewer) -> bool:
    """Whether the viewer knows what is `seat`'s own (its characters' whole sheets): it is
    that seat or the game master, or the table is closed."""
    return viewer.is_gm or viewer.seat == seat or table.closed


SheetView = TypeVar("SheetView", bound=msgspec.Struct)


def with_own(table: Table, seat: str, viewer: Viewer, shown: SheetView, **own: Any) -> SheetView:
    """A character's view: what every seat sees of it (`shown`), and to whoever knows what
    is `seat`'s own (`knows`) its private parts (`own`) as well."""
    return msgspec.structs.replace(shown, **own) if knows(table, seat, viewer) else shown


class Rolled(Protocol):
    @property
    def roll(self) -> int: ...


RolledT = TypeVar("RolledT", bound=Rolled)


def seen_rolls(kept: Iterable[RolledT], viewer: Viewer) -> list[RolledT]:
    """What a table keeps by roll (a result, an open roll, a ruling owed), oldest first, but
    what belongs to a roll the viewer may not see (`Viewer.hidden_rolls`)."""
    return sorted(
        (item for item in kept if item.roll not in viewer.hidden_rolls), key=lambda i: i.roll
    )
