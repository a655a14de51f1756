"""Live events across worker processes, through Redis streams.

Every committed event is announced on a Redis stream per table, `<prefix>table:<id>`, whose
entry id is the event's table version (`<version>-1`): announcing it again (the relay
catching up after a crash, two workers announcing one commit) cannot duplicate an entry,
because Redis refuses an id that is not above the stream's last one. Entries carry the
version and the event type, never the event itself: events and their secrets live in the
store alone, and every stream reads them from there, redacted for its seat.

- The worker that commits announces at once (best effort: a command never fails on Redis),
  the moves committed meanwhile together: one script call (one round trip) per batch of
  commits, not one per commit, and after each call a pause (`PAUSE_SECONDS`) before the
  next, so that however busy the worker, Redis costs it a few calls a second, not one a
  commit (a call through redis-py costs a worker about 0.1 ms of CPU).
- The relay, run by one worker at a time (a lease in Redis), follows the store's
  notification log from the position it keeps in Redis and announces whatever the workers
  did not (a worker killed between its commit and its announcement, Redis down meanwhile).
  It looks every 0.5 s while it finds moves, and backs off to every 2 s while it finds
  none: an idle deployment costs its workers a Redis call and one read of the store every
  2 s, and a move nobody announced reaches its streams within about 2 s.
- An announcement that Redis takes (its id is new on the table's stream) also goes, in the
  same script, on one stream of every move, `<prefix>moves`: each process reads that one
  stream from where it stopped and wakes the feeds of the tables it watches (they read the
  new events from the store, once per table). A wake-up costs what was published since
  the last one, however many tables the process watches; after a read that found moves,
  the same pause, so a busy deployment wakes each process a few times a second, for
  every move published meanwhile. The proxy sends every seat of a table to the worker
  that commits its moves, which wakes its own streams at once: the pauses delay only a
  move of another process (a hash change), by at most twice the pause, and never one
  after a quiet spell.
- Redis down: commands still succeed, waiting streams poll the store every second, and all
  of it resumes when Redis is back.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections import Counter
from collections.abc import Coroutine, Mapping
from functools import partial
from typing import Any
from uuid import UUID

import anyio
import redis.asyncio as aioredis
from redis.exceptions import RedisError

from domain.application import Tables
from domain.idempotency import CommandRecorded
from service.fanout import InProcessFanOut, Listener

log = logging.getLogger("saloon.fanout")

#: entries kept per table stream (streams only wake readers; the store keeps the events)
STREAM_LENGTH = 1000
#: entries kept on the stream of every move, about: minutes of moves at full load
MOVES_LENGTH = 100_000
#: moves a process reads at a time
MOVES_BATCH = 1000
#: for each table (KEYS[2..], ARGV from 3 in threes: entry id, version, table id) XADD on its
#: stream with the version as id; when Redis takes it (not announced yet), the move goes on
#: the stream of every move (KEYS[1]) too. How many were announced.
ANNOUNCE = """
local announced = 0
for i = 2, #KEYS do
  local at = 3 * (i - 2) + 2
  local added = redis.pcall('XADD', KEYS[i], 'MAXLEN', '~', ARGV[1], ARGV[at + 1],
    'version', ARGV[at + 2])
  if not (type(added) == 'table' and added.err) then
    redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[2], '*', 'table', ARGV[at + 3],
      'version', ARGV[at + 2])
    announced = announced + 1
  end
end
return announced
"""
#: the least time between two announcing calls of a process, and between two of its reads
#: of the moves that found some
PAUSE_SECONDS = 0.05
#: how long a stream waits before polling the store while Redis is unreachable
POLL_SECONDS = 1.0
#: how long one blocking read of the moves waits (it returns as soon as one comes); under
#: the client's socket timeout (5 s), and only an idle process reaches it
READ_BLOCK_MS = 2000
#: take the relay's lease when free, renew it when ours: 1 when this node (ARGV[1]) holds it
LEASE = """
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0
"""
#: how long the lease outlives its holder's last renewal: above `RELAY_IDLE_EVERY`
LEASE_MS = 5000
#: how often the relay looks while it finds moves; it backs off, doubling, to
#: `RELAY_IDLE_EVERY` while it finds none
RELAY_EVERY = 0.5
RELAY_IDLE_EVERY = 2.0
#: notifications the relay reads at a time: under load a look finds a few thousand, and each
#: page costs an announcing call over every table it names
RELAY_BATCH = 2000
#: with no relay position in Redis (a new or restarted Redis), where the relay starts: this
#: many notifications back (older ones have no stream to wake)
BACKFILL = 1000


def entry_id(version: int) -> str:
    return f"{version}-1"


def relay_wait(previous: float, found: bool) -> float:
    """How long the relay waits after a look that found moves or not, having waited
    `previous` before it: `RELAY_EVERY` while it finds some, doubling to `RELAY_IDLE_EVERY`
    while it finds none."""
    return RELAY_EVERY if found else min(2 * previous, RELAY_IDLE_EVERY)


def as_uuid(originator_id: UUID | str) -> UUID:
    """A notification's table id: a UUID from PostgreSQL already, text from SQLite."""
    return originator_id if isinstance(originator_id, UUID) else UUID(originator_id)


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
        #: the tables this process's feeds listen to, as the moves name them (`str(id)`,
        #: encoded): a move of a table nobody here watches costs one set lookup
        self._watching: Counter[bytes] = Counter()
        self._node = uuid.uuid4().hex
        self._tasks: set[asyncio.Task[None]] = set()
        #: the newest version of each table committed here and not announced yet
        self._unannounced: dict[UUID, int] = {}
        self._announcing = False
        self._announce_script = self.redis.register_script(ANNOUNCE)
        self._lease_script = self.redis.register_script(LEASE)
        self.moves = f"{prefix}moves"

    def stream(self, table_id: UUID | str) -> str:
        return f"{self.prefix}table:{table_id}"

    async def announce(self, moves: Mapping[UUID, int]) -> None:
        """Announce that each table reached its version, in one call (one round trip, one
        command for redis-py to pack, however many tables); announcing a version again, or
        an older one, adds nothing anywhere."""
        if not moves:
            return
        keys = [self.moves]
        args: list[str | int] = [STREAM_LENGTH, MOVES_LENGTH]
        for table_id, version in moves.items():
            name = str(table_id)
            keys.append(self.stream(name))
            args += [entry_id(version), version, name]
        await self._announce_script(keys, args)

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
        if self.available:  # the commits of the last pause: announced now, not by the relay
            with contextlib.suppress(RedisError):
                await self.announce(self._unannounced)
        await self.redis.aclose()

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- announcing ------------------------------------------------------------------------

    def publish(self, table_id: UUID, version: int) -> None:
        """A commit of this process: wake its own streams now, announce to the others."""
        self._local.publish(table_id, version)
        if version > self._unannounced.get(table_id, 0):
            self._unannounced[table_id] = version
        if not self._announcing:
            self._announcing = True
            self._spawn(self._announce_unannounced())

    async def _announce_unannounced(self) -> None:
        """Announce the commits not announced yet, one call at a time, until none is left; a
        table's newest version is enough (the streams read every event after it from the
        store). On a failure of Redis, those of the failed call are the relay's."""
        try:
            while self._unannounced:
                moves, self._unannounced = self._unannounced, {}
                await self.announce(moves)
                await asyncio.sleep(PAUSE_SECONDS)  # the commits meanwhile go in one call
        except RedisError as error:
            self._lost(error)
        finally:
            self._announcing = False

    # -- waiting -------------------------------------------------------------------------

    def version(self, table_id: UUID) -> int:
        return self._local.version(table_id)

    @property
    def poll_seconds(self) -> float | None:
        """None while Redis tells of every move; else how often a feed reads the store."""
        return None if self.available else POLL_SECONDS

    def listen(self, table_id: UUID, listener: Listener) -> None:
        self._watching[str(table_id).encode()] += 1
        self._local.listen(table_id, listener)

    def unlisten(self, table_id: UUID, listener: Listener) -> None:
        self._local.unlisten(table_id, listener)
        watched = str(table_id).encode()
        self._watching[watched] -= 1
        if not self._watching[watched]:
            del self._watching[watched]

    async def _read_forever(self) -> None:
        """Read the stream of every move from where this process stopped; wake the feeds of
        the tables it watches."""
        last: str | None = None
        while True:
            try:
                if last is None:  # from the newest move: older ones were read from the store
                    newest: Any = await self.redis.xrevrange(self.moves, count=1)
                    last = _text(newest[0][0]) if newest else "0-0"
                replies: Any = await self.redis.xread(
                    {self.moves: last}, count=MOVES_BATCH, block=READ_BLOCK_MS
                )
            except RedisError as error:
                self._lost(error)
                await asyncio.sleep(POLL_SECONDS)
                continue
            self._back()
            for _, entries in replies or []:
                for _, fields in entries:
                    table = fields[b"table"]
                    if table in self._watching:
                        self._local.publish(UUID(_text(table)), int(fields[b"version"]))
                if entries:
                    last = _text(entries[-1][0])
            if replies:
                await asyncio.sleep(PAUSE_SECONDS)  # the moves meanwhile come in one read

    # -- the relay -------------------------------------------------------------------------

    async def _relay_forever(self) -> None:
        wait = RELAY_EVERY
        while True:
            found = False
            try:
                found = await self._lead() and await self._catch_up()
                self._back()
            except RedisError as error:
                self._lost(error)
            wait = relay_wait(wait, found)
            await asyncio.sleep(wait)

    async def _lead(self) -> bool:
        """Hold the relay's lease: take it when free, renew it when ours."""
        lease = f"{self.prefix}relay:lease"
        return bool(await self._lease_script([lease], [self._node, LEASE_MS]))

    async def _catch_up(self) -> bool:
        """Announce every notification after the relay's position, in order; whether there
        was any."""
        key = f"{self.prefix}relay:position"
        stored = await self.redis.get(key)
        if stored is None:
            newest = await anyio.to_thread.run_sync(self.tables.last_notification_id)
            position = max(0, newest - BACKFILL)
        else:
            position = int(stored)
        found = False
        while True:
            notifications = await anyio.to_thread.run_sync(
                partial(
                    self.tables.notifications,
                    position,
                    RELAY_BATCH,
                    inclusive_of_start=False,
                )
            )
            if not notifications:
                return found
            found = True
            reached: dict[UUID, int] = {}  # a table's newest version is enough to announce
            for notification in notifications:
                if notification.topic == CommandRecorded.TOPIC:
                    continue  # a command's idempotency record, not an event of a table
                table_id = as_uuid(notification.originator_id)
                reached[table_id] = max(reached.get(table_id, 0), notification.originator_version)
            await self.announce(reached)
            position = notifications[-1].id
            await self.redis.set(key, position)
            if len(notifications) < RELAY_BATCH:
                return found

    # -- Redis coming and going ----------------------------------------------------------------

    def _lost(self, error: Exception) -> None:
        if self.available:
            log.warning("redis unreachable, streams poll the store: %s", error)
            self._local.lost_track()  # they wait for Redis no longer: they poll from now on
        self.available = False

    def _back(self) -> None:
        if not self.available:
            log.warning("redis reachable again")
        self.available = True
