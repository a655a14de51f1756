"""A table under test, whatever its rule system: what every system's tests do with one (run a
command, read the table and its game state, list its events, see a command refused, fold the
events again). Each system's helpers (`tests/<system>_helpers.py`) subclass `Session` naming
their game state's type, and add their own steps."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar, cast
from uuid import UUID

import msgspec
import pytest

from domain.application import Outcome, Tables
from domain.errors import DomainError
from domain.table import Table

State = TypeVar("State")
SERVER_KEY = bytes(range(32))


def in_memory_tables(**env: str) -> Tables:
    return Tables({"PERSISTENCE_MODULE": "eventsourcing.popo", **env}, server_key=SERVER_KEY)


def replayed(events: Iterable[Any]) -> Table:
    """The table folded from events alone (from the first), as a fresh reader would."""
    table: Any = None
    for event in events:
        table = event.mutate(table)
    assert isinstance(table, Table)
    return table


@dataclass
class Session(Generic[State]):
    """A table under test and the application that runs it."""

    app: Tables
    table_id: UUID
    #: the system's game state (`State`), checked by `state`
    state_type: ClassVar[type[Any]]

    def run(self, actor: str, command: Any) -> Outcome:
        return self.app.execute(self.table_id, actor, command)

    def table(self, version: int | None = None) -> Table:
        return self.app.read(self.table_id, lambda table: table, version)

    @property
    def state(self) -> State:
        game = self.table().game
        assert isinstance(game, self.state_type)
        return cast(State, game)

    @property
    def version(self) -> int:
        return self.table().version

    def events(self) -> list[Any]:
        return list(self.app.table_events(self.table_id))

    def refused(self, actor: str, command: Any) -> DomainError:
        """The error a command is refused with; asserts the refusal left the table as it was
        (no event appended, the same game state)."""
        version, state = self.version, msgspec.to_builtins(self.state)
        with pytest.raises(DomainError) as error:
            self.run(actor, command)
        assert self.version == version, "a refused command appended events"
        assert msgspec.to_builtins(self.state) == state, "a refused command changed the state"
        return error.value

    def replayed(self) -> Table:
        """The table folded from its stored events alone."""
        return replayed(self.events())
