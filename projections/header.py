"""What every rule system's view of a table starts with: the table itself and its seats, and
who knows what is a seat's own."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol, TypeVar

import msgspec

from domain.table import GM, Table
from projections.visibility import Viewer


class SeatView(msgspec.Struct, kw_only=True):
    """A seat of the table: who plays there, in which role, and whether it still sits."""

    id: str
    """The seat's id: the game master's (`gm`; `mayor` in frontera), or `p1`, `p2`, … for players"""
    name: str
    """The seat's name as the table shows it"""
    role: str
    """The seat's role: `gm` (the game master) or `player`"""
    active: bool
    """Whether the seat still sits at the table; `false` once removed"""


class TableHeader(msgspec.Struct, kw_only=True):
    """The shared part of a view; each system's view Struct extends it."""

    id: str
    """The table's id, as in its paths"""
    title: str
    """The table's title, as given at its creation"""
    system: str
    """The table's rule system: `frontera`, `asaltos`, `stepdice`, `portal` or `fate`"""
    version: int
    """The table's version: the number of events in its log"""
    you: str
    """The seat id of the caller"""
    role: str
    """The caller's role at the table: `gm` (the game master) or `player`"""
    closed: bool
    """The table is closed: it takes no more commands, and its seed is revealed"""
    seed_commitment: str
    """The SHA-256 of the table's random seed, in hex, published at creation so that the seed
    revealed at closing can be checked"""
    seed: str | None
    """The table's random seed in hex, revealed when the table closes; null until then"""
    lineage: dict[str, Any] | None
    """Where a forked table comes from: the `table_id` and `version` it was forked from; null:
    not a fork"""
    options: dict[str, Any]
    """The table's options as given at its creation: its rule system's policies for the book's
    silences, scripted rolls"""
    seats: list[SeatView]
    """Every seat of the table, the game master's and the players', removed ones included
    (`active` false)"""
    rolls: int = 0
    """Rolls of dice made at the table so far (the number of the last one)"""
    revealed_rolls: list[int] = []
    """The numbers of the secret rolls the game master has revealed"""


class CharacterHeader(msgspec.Struct, kw_only=True):
    """What every dice system's view of a character starts with: which character it is, and
    whose."""

    id: str
    """The character's id at the table (`c1`, `c2`, …)"""
    name: str
    """The character's name as the table shows it"""
    seat: str
    """The seat id of the character's player (the game master's seat for an NPC)"""


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


def header_and_characters(
    table: Table, viewer: Viewer, character_view: Callable[[Table, Any, Viewer], Any]
) -> dict[str, Any]:
    """What every system's view starts with: the fields of `TableHeader`, and the table's
    characters (every system's state keeps them by id, in the order created) as
    `character_view` shows each to the viewer."""
    characters = table.game.characters.values()
    return {
        **header(table, viewer),
        "characters": [character_view(table, c, viewer) for c in characters],
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


ViewT = TypeVar("ViewT", bound=msgspec.Struct)


def shown_as(value: msgspec.Struct, kind: type[ViewT]) -> ViewT:
    """A part of the state as the view's Struct of the same fields shows it."""
    return msgspec.convert(msgspec.to_builtins(value), kind)


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
