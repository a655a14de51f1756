"""A table's moves, read once per process and handed to every stream of the table.

Each table with an open stream in this process has a `Feed`: the table's latest events (at
most `BUFFER`), its version and whether it is closed, and the viewer of each of its
readers (a credential and the audit flag), all as of that version. A move of this process
is handed to the feed as it is saved, with no read; when the fan-out tells of a move of
another process (through Redis), the feed reads the table once, on the read threads: the
viewers under the table's lock, as every read does, then the new events. Its streams redact
those events for their own viewer (the one policy, `projections.redaction`) and send them;
none of them reads the store, unless it is behind what the buffer holds (a resumption from
an old `Last-Event-ID`, a client slower than the table), and then only until it catches up.
A reader new to the feed has it read the table again (for every reader that joined
meanwhile at once), so that the next move finds its viewer there.

A reader whose credential stops working (its seat removed, the credential rotated out)
gets its `DomainError` as its viewer: the table changed for that to happen, so the feed
reads it at once, and the stream ends with the problem.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import threading
from collections import Counter, deque
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from eventsourcing.domain import DomainEventProtocol

from domain.application import Tables
from domain.errors import DomainError
from domain.keys import Bearer
from domain.table import Table
from projections.visibility import Viewer
from service.api import caller_viewer
from service.fanout import FanOut

log = logging.getLogger("saloon.live")

#: events a feed keeps: a stream further behind reads the store until it catches up
BUFFER = 256
#: how long a feed waits for the fan-out before reading the table anyway: a safety net only,
#: since every commit is announced (a fan-out that lost Redis says how often to poll instead)
FOLLOW_SECONDS = 300.0
#: how long a feed waits to read again after a read failed (the store unreachable)
RETRY_SECONDS = 1.0

#: who reads: a credential, and whether in audit mode
Reader = tuple[str, bool]
#: runs a read's work on the read threads
InReadThread = Callable[[Callable[[], Any]], Awaitable[Any]]


@dataclass
class Feed:
    """One table's latest events and what its readers may know, as of `version`."""

    table_id: UUID
    #: the table's version when last read (0: not read yet)
    version: int = 0
    closed: bool = False
    #: the table's events in (version - len(events), version], oldest first
    events: deque[DomainEventProtocol[UUID]] = field(default_factory=lambda: deque(maxlen=BUFFER))
    viewers: dict[Reader, Viewer | DomainError] = field(default_factory=dict)
    readers: Counter[Reader] = field(default_factory=Counter)
    #: whether a reader joined that the feed has read no viewer for
    joined: bool = False
    #: the streams waiting for the feed to move on (or to beat)
    waiters: set[asyncio.Future[bool]] = field(default_factory=set)
    #: the feed's next heartbeat, while streams wait
    beat: asyncio.TimerHandle | None = None
    #: the feed's own wait for news of the table (`LiveTables._next_move`): its result,
    #: whether to read the table whatever the fan-out's version says
    news: asyncio.Future[bool] | None = None
    task: asyncio.Task[None] | None = None

    @property
    def floor(self) -> int:
        """The version after which the buffer holds every event."""
        return self.version - len(self.events)

    def holds(self, after: int, reader: Reader) -> bool:
        """Whether the feed can tell `reader` everything after version `after`."""
        return self.version > 0 and self.floor <= after and reader in self.viewers

    def since(self, after: int) -> Iterator[DomainEventProtocol[UUID]]:
        """The buffered events after version `after`."""
        skip = after - self.floor
        for index, event in enumerate(self.events):
            if index >= skip:
                yield event

    def next_move(self, heartbeat: float) -> asyncio.Future[bool]:
        """What a stream with nothing new awaits: True once the feed moves on (a read for a
        new reader moves it too), False at the feed's next heartbeat, which comes at most
        `heartbeat` seconds after the wait began, drawn from the last fifth below it so that
        the tables' streams never beat together. A future a stream, and one timer a table,
        not a task: thousands of idle streams wait here, and what each wait leaves alive
        until the next move is what the collector walks. (A stream cancelled meanwhile
        leaves its future here until the next move or beat.)"""
        loop = asyncio.get_running_loop()
        waiter: asyncio.Future[bool] = loop.create_future()
        self.waiters.add(waiter)
        if self.beat is None:
            self.beat = loop.call_later(heartbeat * random.uniform(0.8, 1.0), self._beat)
        return waiter

    def _beat(self) -> None:
        self.beat = None
        self._wake_waiters(False)

    def move(self) -> None:
        """Wake every stream waiting for the feed to move on."""
        self._wake_waiters(True)

    def _wake_waiters(self, moved: bool) -> None:
        waiters, self.waiters = self.waiters, set()
        for waiter in waiters:
            _wake(waiter, moved)

    def stop(self) -> None:
        """Nobody follows the feed any longer."""
        if self.task is not None:
            self.task.cancel()
        if self.beat is not None:
            self.beat.cancel()

    def announced(self, version: int | None) -> None:
        """The fan-out's news of the table (None: it lost track): the feed wakes only for
        a version it was not handed already, so a move of this process (`saved`) costs the
        feed no wake-up of its own."""
        if self.news is not None and (version is None or version > self.version):
            _wake(self.news, version is None)

    def join(self) -> None:
        """A reader the feed has no viewer for: read the table again, for it too."""
        self.joined = True
        if self.news is not None:
            _wake(self.news, True)


def _wake(waiter: asyncio.Future[bool], moved: bool) -> None:
    if not waiter.done():
        waiter.set_result(moved)


@dataclass(frozen=True)
class _Read:
    version: int
    closed: bool
    viewers: dict[Reader, Viewer | DomainError]
    events: list[DomainEventProtocol[UUID]]


class LiveTables:
    """The feeds of the tables this process streams. On the event loop, but for `saved`,
    which the thread that saved a table calls."""

    def __init__(self, tables: Tables, fanout: FanOut, in_read_thread: InReadThread) -> None:
        self.tables, self.fanout, self._in_read_thread = tables, fanout, in_read_thread
        self._loop = asyncio.get_running_loop()
        self._feeds: dict[UUID, Feed] = {}
        #: guards the readers of every feed, which `saved` reads from another thread
        self._readers = threading.Lock()
        #: set when the process stops: every stream ends with a `closing` message
        self.closing = False
        tables.observers.append(self.saved)

    @contextlib.contextmanager
    def following(self, table_id: UUID, reader: Reader) -> Iterator[Feed]:
        """The table's feed, followed for `reader` while the block runs."""
        feed = self._feeds.get(table_id)
        if feed is None:
            feed = self._feeds[table_id] = Feed(table_id)
            feed.task = self._loop.create_task(self._follow(feed))
        with self._readers:
            feed.readers[reader] += 1
        if reader not in feed.viewers:
            feed.join()  # its first move then reads nothing more
        try:
            yield feed
        finally:
            with self._readers:
                feed.readers[reader] -= 1
                if not feed.readers[reader]:
                    del feed.readers[reader]
            if not feed.readers:
                del self._feeds[table_id]
                feed.stop()

    def saved(self, table: Table, events: Sequence[DomainEventProtocol[UUID]]) -> None:
        """A table this process just saved, on the thread that saved it and under its lock:
        its new events and each reader's viewer go to its feed as they are, with no read
        of the store. It never raises: the events are saved, and a failure here must not make
        the command look failed (and run again); the feed then reads the store instead."""
        feed = self._feeds.get(table.id)
        if feed is None:
            return
        try:
            with self._readers:
                readers = list(feed.readers)
            read = _Read(table.version, table.closed, _viewers(table, readers), list(events))
            self._loop.call_soon_threadsafe(self._handed, feed, read)
        except Exception:
            log.exception("handing table %s's move to its streams failed", table.id)

    def _handed(self, feed: Feed, read: _Read) -> None:
        after = read.events[0].originator_version - 1
        if feed.version == after and feed.version:  # else the feed reads the store
            _moved(feed, read, after)

    def close(self) -> None:
        """The process stops: every stream is to end now, so that the server need not wait
        for them (uvicorn waits for every response to end before it stops)."""
        self.closing = True
        for feed in self._feeds.values():
            feed.move()

    def close_soon(self) -> None:
        """`close`, from a signal handler or another thread."""
        self._loop.call_soon_threadsafe(self.close)

    async def stop(self) -> None:
        """Stop following every table (the process stops)."""
        self.tables.observers.remove(self.saved)
        feeds, self._feeds = list(self._feeds.values()), {}
        for feed in feeds:
            feed.stop()

    async def _follow(self, feed: Feed) -> None:
        self.fanout.listen(feed.table_id, feed.announced)
        try:
            while True:
                try:
                    await self._read(feed)
                except Exception:  # the store unreachable: its streams keep their heartbeats
                    log.exception("reading table %s for its streams failed", feed.table_id)
                    await asyncio.sleep(RETRY_SECONDS)
                    continue
                await self._next_move(feed)
        finally:
            self.fanout.unlisten(feed.table_id, feed.announced)

    async def _next_move(self, feed: Feed) -> None:
        """Wait until the fan-out tells of a version past the feed's (not one `saved`
        handed it meanwhile), a new reader joins, or the fan-out's poll comes due. One
        future and one timer a wait, not a task: a process follows thousands of tables, and
        what a wait leaves alive until the next move is what the collector walks."""
        while not feed.joined and self.fanout.version(feed.table_id) <= feed.version:
            news = feed.news = self._loop.create_future()
            timer = self._loop.call_later(
                self.fanout.poll_seconds or FOLLOW_SECONDS, _wake, news, True
            )
            try:
                if await news:
                    return
            finally:
                timer.cancel()
                feed.news = None

    async def _read(self, feed: Feed) -> None:
        with self._readers:
            readers = list(feed.readers)
            feed.joined = False  # the read is for every reader so far
        after = feed.version
        read: _Read = await self._in_read_thread(lambda: self._read_table(feed, after, readers))
        _moved(feed, read, after)

    def _read_table(self, feed: Feed, after: int, readers: list[Reader]) -> _Read:
        def plan(table: Table) -> tuple[int, bool, dict[Reader, Viewer | DomainError]]:
            return table.version, table.closed, _viewers(table, readers)

        version, closed, viewers = self.tables.read(feed.table_id, plan)
        if not after:  # a new feed starts at the table's version: streams behind it catch up
            return _Read(version, closed, viewers, [])  # from the store, as any resumption
        start = max(after, version - BUFFER)
        events = list(self.tables.table_events(feed.table_id, start, version))
        return _Read(version, closed, viewers, events)


def _viewers(table: Table, readers: list[Reader]) -> dict[Reader, Viewer | DomainError]:
    """What each reader may see of the table, or why it may not read it."""
    viewers: dict[Reader, Viewer | DomainError] = {}
    for reader in readers:
        try:
            viewers[reader] = caller_viewer(table, Bearer(reader[0]), reader[1])
        except DomainError as error:
            viewers[reader] = error
    return viewers


def _moved(feed: Feed, read: _Read, after: int) -> None:
    """The feed, read (or handed a move) from version `after` on, moves to `read`."""
    if read.version < feed.version:
        return  # a read older than what the feed was handed meanwhile
    if read.version - after > len(read.events):
        feed.events.clear()  # a gap: the buffer starts again at the new events
    feed.events.extend(e for e in read.events if e.originator_version > feed.version)
    viewers = {
        reader: _kept(feed.viewers.get(reader), viewer) for reader, viewer in read.viewers.items()
    }
    feed.version, feed.closed, feed.viewers = read.version, read.closed, viewers
    feed.move()


def _kept(old: Viewer | DomainError | None, new: Viewer | DomainError) -> Viewer | DomainError:
    """The reader's viewer as it was when the move changed nothing of it: what a feed keeps
    from move to move is what the collector walks, so an equal new one is let go at once."""
    return old if old == new else new
