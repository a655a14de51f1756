"""Live fan-out: who is told that a table has a new version. In-process by default.

A fan-out only carries table versions, never events: the feed of a table (`service.live`)
listens to it and reads the new events from the store itself. A Redis-backed one
(`service.redis_fanout`) carries the versions between processes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol
from uuid import UUID

#: told that a table may have moved: its newest version heard of, or None when the fan-out
#: lost track (look at the store)
Listener = Callable[[int | None], None]


class FanOut(Protocol):
    def publish(self, table_id: UUID, version: int) -> None: ...

    def version(self, table_id: UUID) -> int:
        """The newest version of the table this process has heard of (0: none)."""

    def listen(self, table_id: UUID, listener: Listener) -> None:
        """Tell `listener`, on the event loop, of each new version of the table, until
        `unlisten`: a callback, not a task per wait, since a process follows thousands."""

    def unlisten(self, table_id: UUID, listener: Listener) -> None: ...

    @property
    def poll_seconds(self) -> float | None:
        """How often a listener must look at the store itself (None: it is told of every
        move)."""


class InProcessFanOut:
    """Tells the listeners of this process; call from the event loop's thread."""

    poll_seconds: float | None = None

    def __init__(self) -> None:
        self._versions: dict[UUID, int] = {}
        self._listeners: dict[UUID, list[Listener]] = {}

    def version(self, table_id: UUID) -> int:
        """The newest version of the table this process has heard of (0: none)."""
        return self._versions.get(table_id, 0)

    def publish(self, table_id: UUID, version: int) -> None:
        if version <= self._versions.get(table_id, 0):
            return
        self._versions[table_id] = version
        for listener in self._listeners.get(table_id, ()):
            listener(version)

    def listen(self, table_id: UUID, listener: Listener) -> None:
        self._listeners.setdefault(table_id, []).append(listener)

    def unlisten(self, table_id: UUID, listener: Listener) -> None:
        listeners = self._listeners.get(table_id, [])
        listeners.remove(listener)
        if not listeners:
            del self._listeners[table_id]

    def lost_track(self) -> None:
        """Tell every listener to look at the store again."""
        for listeners in list(self._listeners.values()):
            for listener in list(listeners):
                listener(None)
