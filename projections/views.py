"""A seat's view of a table, whatever its rule system: each system's view, found by name.

The API answers with the union of every registered system's view Struct; each says its
system in `system`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Union

from domain.errors import NotFound
from domain.table import Table
from projections.systems import PROJECTIONS
from projections.visibility import Viewer

if TYPE_CHECKING:
    TableView = Any
    CharacterView = Any
else:
    TableView = Union[tuple(p.view_type for p in PROJECTIONS.values())]  # noqa: UP007
    CharacterView = Union[tuple(p.character_type for p in PROJECTIONS.values())]  # noqa: UP007


def table_view(table: Table, viewer: Viewer) -> Any:
    return PROJECTIONS[table.system].view(table, viewer)


def character_view(table: Table, character_id: str, viewer: Viewer) -> Any:
    found = PROJECTIONS[table.system].character_view(table, character_id, viewer)
    if found is None:
        raise NotFound(f"there is no character {character_id!r}", "unknown_character")
    return found
