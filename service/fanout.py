"""Live fan-out: who is told that a table has a new version. In-process by default.

Streams wait on `wait()` and then read the new events from the store themselves, so a
fan-out only carries table versions, never events; a Redis-backed one can replace this.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Protocol
from uuid import UUID


class FanOut(Protocol):
    def publish(self, table_id: UUID, version: int) -> None: ...

    def version(self, table_id: UUID) -> int:
        """The newest version of the table this process has heard of (0: none)."""

    async def wait(self, table_id: UUID, after: int, timeout: float) -> None:
        """Return when the table passes version `after`, or after `timeout` seconds."""


class InProcessFanOut:
    """Wakes the streams of this process; call from the event loop's thread."""

    def __init__(self) -> None:
        self._versions: dict[UUID, int] = {}
        self._signals: dict[UUID, asyncio.Event] = {}

    def version(self, table_id: UUID) -> int:
        """The newest version of the table this process has heard of (0: none)."""
        return self._versions.get(table_id, 0)

    def publish(self, table_id: UUID, version: int) -> None:
        if version <= self._versions.get(table_id, 0):
            return
        self._versions[table_id] = version
        signal = self._signals.pop(table_id, None)
        if signal is not None:
            signal.set()

    def wake_all(self) -> None:
        """Wake every waiting stream, to look at the store again."""
        signals, self._signals = self._signals, {}
        for signal in signals.values():
            signal.set()

    async def wait(self, table_id: UUID, after: int, timeout: float) -> None:
        if self._versions.get(table_id, 0) > after:
            return
        signal = self._signals.setdefault(table_id, asyncio.Event())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(signal.wait(), timeout)
