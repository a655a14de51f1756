"""Live events across worker processes, through Redis streams.

Every committed event is announced on a Redis stream per table, `<prefix>table:<id>`, whose
entry id is the event's table version (`<version>-1`): announcing it again (the relay
catching up after a crash, two workers announcing one commit) cannot duplicate an entry,
because Redis refuses an id that is not above the stream's last one. Entries carry the
version and the event type, never the event itself: events and their secrets live in the
store alone, and every stream reads them from there, redacted for its seat.

- The worker that commits announces at once (best effort: a command never fails on Redis).
- The relay, run by one worker at a time (a lease in Redis), follows the store's
  notification log from the position it keeps in Redis and announces whatever the workers
  did not (a worker killed between its commit and its announcement, Redis down meanwhile).
- Streams wait on their table's Redis stream: one reader per process blocks on every table
  its streams watch, then wakes them; they read the new events from the store.
- Redis down: commands still succeed, waiting streams poll the store every second, and all
  of it resumes when Redis is back.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections import Counter
from collections.abc import Coroutine
from functools import partial
from typing import Any
from uuid import UUID

import anyio
import redis.asyncio as aioredis
from redis.exceptions import RedisError, ResponseError

from domain.application import Tables
from domain.idempotency import CommandRecorded
from service.fanout import InProcessFanOut

log = logging.getLogger("saloon.fanout")

#: entries kept per table stream (streams only wake readers; the store keeps the events)
STREAM_LENGTH = 1000
#: how long a stream waits before polling the store while Redis is unreachable
POLL_SECONDS = 1.0
#: how long one blocking read waits, so that newly watched tables join soon
READ_BLOCK_MS = 200
LEASE_MS = 5000
RELAY_EVERY = 0.5
RELAY_BATCH = 500
#: with no relay position in Redis (a new or restarted Redis), where the relay starts: this
#: many notifications back (older ones have no stream to wake)
BACKFILL = 1000


def entry_id(version: int) -> str:
    return f"{version}-1"


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


class RedisFanOut:
    """A `FanOut` for several worker processes; start it on the app's start-up."""

    def __init__(self, url: str, tables: Tables, prefix: str = "saloon:") -> None:
        self.redis = aioredis.Redis.from_url(
            url, socket_connect_timeout=0.5, socket_timeout=5, health_check_interval=10
        )
        self.tables = tables
        self.prefix = prefix
        self.available = True
        self._local = InProcessFanOut()
        self._watching: Counter[UUID] = Counter()
        self._node = uuid.uuid4().hex
        self._tasks: set[asyncio.Task[None]] = set()

    def stream(self, table_id: UUID) -> str:
        return f"{self.prefix}table:{table_id}"

    # -- lifecycle ---------------------------------------------------------------------

    async def start(self) -> None:
        self._spawn(self._read_forever())
        self._spawn(self._relay_forever())

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.redis.aclose()

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- announcing ------------------------------------------------------------------------

    def publish(self, table_id: UUID, version: int) -> None:
        """A commit of this process: wake its own streams now, announce to the others."""
        self._local.publish(table_id, version)
        self._spawn(self._announce(table_id, version))

    async def _announce(self, table_id: UUID, version: int) -> None:
        try:
            await self.redis.xadd(
                self.stream(table_id),
                {"version": version},
                id=entry_id(version),
                maxlen=STREAM_LENGTH,
            )
        except ResponseError:
            pass  # already announced, or a later version was: nothing to add
        except RedisError as error:
            self._lost(error)

    # -- waiting -------------------------------------------------------------------------

    def version(self, table_id: UUID) -> int:
        return self._local.version(table_id)

    async def wait(self, table_id: UUID, after: int, timeout: float) -> None:
        self._watching[table_id] += 1
        try:
            limit = timeout if self.available else min(timeout, POLL_SECONDS)
            await self._local.wait(table_id, after, limit)
        finally:
            self._watching[table_id] -= 1
            if not self._watching[table_id]:
                del self._watching[table_id]

    async def _read_forever(self) -> None:
        """One blocking read over every watched table; wakes the streams of this process."""
        while True:
            watched = list(self._watching)
            if not watched:
                await asyncio.sleep(READ_BLOCK_MS / 1000)
                continue
            since = {self.stream(t): entry_id(self._local.version(t)) for t in watched}
            try:
                replies: Any = await self.redis.xread(since, block=READ_BLOCK_MS)  # type: ignore[arg-type]
            except RedisError as error:
                self._lost(error)
                await asyncio.sleep(POLL_SECONDS)
                continue
            self._back()
            for name, entries in replies or []:
                table_id = UUID(_text(name).rpartition(":")[2])
                newest = max(int(_text(entry[0]).partition("-")[0]) for entry in entries)
                self._local.publish(table_id, newest)

    # -- the relay -------------------------------------------------------------------------

    async def _relay_forever(self) -> None:
        while True:
            try:
                if await self._lead():
                    await self._catch_up()
                self._back()
            except RedisError as error:
                self._lost(error)
            await asyncio.sleep(RELAY_EVERY)

    async def _lead(self) -> bool:
        """Hold the relay's lease: take it when free, renew it when ours."""
        lease = f"{self.prefix}relay:lease"
        if await self.redis.set(lease, self._node, nx=True, px=LEASE_MS):
            return True
        holder = await self.redis.get(lease)
        if holder is not None and _text(holder) == self._node:
            await self.redis.pexpire(lease, LEASE_MS)
            return True
        return False

    async def _catch_up(self) -> None:
        """Announce every notification after the relay's position, in order."""
        key = f"{self.prefix}relay:position"
        recorder = self.tables.recorder
        stored = await self.redis.get(key)
        if stored is None:
            newest = await anyio.to_thread.run_sync(recorder.max_notification_id) or 0
            position = max(0, newest - BACKFILL)
        else:
            position = int(stored)
        while True:
            notifications = await anyio.to_thread.run_sync(
                partial(
                    recorder.select_notifications,
                    position,
                    RELAY_BATCH,
                    inclusive_of_start=False,
                )
            )
            if not notifications:
                return
            pipe = self.redis.pipeline(transaction=False)
            for notification in notifications:
                if notification.topic == CommandRecorded.TOPIC:
                    continue  # a command's idempotency record, not an event of a table
                pipe.xadd(
                    self.stream(UUID(str(notification.originator_id))),
                    {"version": notification.originator_version},
                    id=entry_id(notification.originator_version),
                    maxlen=STREAM_LENGTH,
                )
            await pipe.execute(raise_on_error=False)  # refused ids were announced already
            position = notifications[-1].id
            await self.redis.set(key, position)
            if len(notifications) < RELAY_BATCH:
                return

    # -- Redis coming and going ----------------------------------------------------------------

    def _lost(self, error: Exception) -> None:
        if self.available:
            log.warning("redis unreachable, streams poll the store: %s", error)
            self._local.wake_all()  # they wait for Redis no longer: they poll from now on
        self.available = False

    def _back(self) -> None:
        if not self.available:
            log.warning("redis reachable again")
        self.available = True
