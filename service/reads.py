"""How reads share a process with its command thread.

eventsourcing is synchronous, and the GIL lets one thread run Python at a time: a read that
decodes thousands of events keeps the command thread waiting for the GIL, up to a switch
interval (5 ms) at every turn, and four clients reading a long log made another table's
commands thirty times slower. So the work of reads runs on `READ_THREADS` threads at a time
(the rest wait on the event loop, holding nothing), and a scan of the log decodes
`SCAN_PAGE` events at a time, sleeping `SCAN_PAUSE` between pages: the sleep releases the
GIL, and a command waiting for it runs then (`make bench` shows the other table's latency).
A filter by type is applied to the stored rows, so the events it skips are never decoded.

A read that folds a whole long log (a table's figures) runs it as one job of the read
threads per page (`in_read_pages`): between two pages the thread goes to whichever read
waited first, so another table's read waits for a page or two, never for the whole fold.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable, Container, Iterable, Iterator
from contextlib import asynccontextmanager
from functools import partial
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
#: versions a job of `in_read_pages` reads: about as long as a short table's view takes
JOB_PAGE = 5


def start(app: Litestar) -> None:
    """At start-up, on the app's event loop: the limiter of read threads."""
    app.state.read_threads = anyio.CapacityLimiter(READ_THREADS)


async def in_read_thread(request: Request[Any, Any, Any], read: Callable[[], T]) -> T:
    """Run a read's work off the event loop, on one of the read threads."""
    limiter: anyio.CapacityLimiter = request.app.state.read_threads
    return await anyio.to_thread.run_sync(read, limiter=limiter)


async def in_read_pages(
    request: Request[Any, Any, Any],
    table_id: UUID,
    after: int,
    upto: int,
    read: Callable[[Iterable[DomainEventProtocol[UUID]]], object],
) -> None:
    """Hand the table's events in (after, upto] to `read`, `JOB_PAGE` versions at a time,
    each page a job of its own on the read threads."""
    tables: Tables = request.app.state.tables
    while after < upto:
        end = min(upto, after + JOB_PAGE)
        await in_read_thread(request, partial(_read_page, read, tables, table_id, after, end))
        after = end


def _read_page(
    read: Callable[[Iterable[DomainEventProtocol[UUID]]], object],
    tables: Tables,
    table_id: UUID,
    after: int,
    upto: int,
) -> None:
    read(tables.table_events(table_id, after, upto))


class Turns:
    """Reads of a kind that take turns per table: however many clients ask at once, one
    such read of a table is in the read threads' queue at a time, so readers of other
    tables wait behind one of its jobs at most. On the event loop only."""

    def __init__(self) -> None:
        #: each table's lock and how many reads hold it or wait for it
        self._tables: dict[UUID, tuple[asyncio.Lock, int]] = {}

    @asynccontextmanager
    async def of(self, table_id: UUID) -> AsyncIterator[None]:
        lock, users = self._tables.get(table_id, (asyncio.Lock(), 0))
        self._tables[table_id] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._tables[table_id]
            if users == 1:
                del self._tables[table_id]
            else:
                self._tables[table_id] = (lock, users - 1)


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
