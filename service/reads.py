"""How reads share a process with its command thread.

eventsourcing is synchronous, and the GIL lets one thread run Python at a time: a read that
decodes thousands of events keeps the command thread waiting for the GIL, up to a switch
interval (5 ms) at every turn, and four clients reading a long log made another table's
commands thirty times slower. So the work of reads runs on `READ_THREADS` threads at a time
(the rest wait on the event loop, holding nothing), and a scan of the log decodes
`SCAN_PAGE` events at a time, sleeping `SCAN_PAUSE` between pages: the sleep releases the
GIL, and a command waiting for it runs then (`make bench` shows the other table's latency).
A filter by type is applied to the stored rows, so the events it skips are never decoded.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Container, Iterator
from typing import Any, TypeVar
from uuid import UUID

import anyio
from eventsourcing.domain import DomainEventProtocol
from litestar import Litestar, Request

from domain.application import Tables

T = TypeVar("T")

READ_THREADS = 1
SCAN_PAGE = 20
SCAN_PAUSE = 0.0002


def start(app: Litestar) -> None:
    """At start-up, on the app's event loop: the limiter of read threads."""
    app.state.read_threads = anyio.CapacityLimiter(READ_THREADS)


async def in_read_thread(request: Request[Any, Any, Any], read: Callable[[], T]) -> T:
    """Run a read's work off the event loop, on one of the read threads."""
    limiter: anyio.CapacityLimiter = request.app.state.read_threads
    return await anyio.to_thread.run_sync(read, limiter=limiter)


def scan(
    tables: Tables, table_id: UUID, after: int, upto: int, topics: Container[str] | None = None
) -> Iterator[DomainEventProtocol[UUID]]:
    """The table's events in (after, upto] (of these topics only, if given), read
    `SCAN_PAGE` versions at a time with a pause between reads."""
    while after < upto:
        end = min(upto, after + SCAN_PAGE)
        yield from tables.table_events(table_id, after, end, topics)
        after = end
        time.sleep(SCAN_PAUSE)
