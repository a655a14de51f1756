"""The Redis fan-out's pace: a busy process calls Redis a few times a second, not once a move.

A steady trickle of commits is announced in one call per `PAUSE_SECONDS`, each table's
newest version; the moves published meanwhile are read in one read per pause; a move after a
quiet spell goes at once (with a pause of a minute, it is announced within seconds); the
commits of the last pause are announced when the process stops.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
import redis

from service import redis_fanout
from service.redis_fanout import ANNOUNCE, PAUSE_SECONDS, RedisFanOut
from tests.frontera_helpers import in_memory_tables

pytestmark = [pytest.mark.redis]

#: how long each trickle lasts, and the time between two of its moves
TRICKLE_SECONDS = 10 * PAUSE_SECONDS
EVERY = PAUSE_SECONDS / 10


def run_in_own_loop(work: Callable[[], Awaitable[None]]) -> None:
    """A loop of its own, whatever ran before on this thread."""

    async def main() -> None:
        await work()

    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, main()).result()


def counting(fanout: RedisFanOut, sent: list[str]) -> None:
    """Append to `sent` the name of each command the fan-out sends Redis from now on."""
    execute = fanout.redis.execute_command

    async def counted(*args: Any, **kwargs: Any) -> Any:
        sent.append(str(args[0]).upper())
        return await execute(*args, **kwargs)

    fanout.redis.execute_command = counted  # type: ignore[method-assign]


def moves_of(client: redis.Redis, fanout: RedisFanOut) -> list[tuple[bytes, bytes]]:
    entries: Any = client.xrange(fanout.moves)
    return [(fields[b"table"], fields[b"version"]) for _, fields in entries]


def test_a_trickle_of_commits_is_announced_once_a_pause_and_a_quiet_ones_at_once(
    redis_url: str,
) -> None:
    fanout = RedisFanOut(redis_url, in_memory_tables(), prefix=f"test-{uuid.uuid4().hex}:")
    table_id = uuid.uuid4()
    client = redis.Redis.from_url(redis_url)
    sent: list[str] = []
    lasted: list[float] = []

    async def trickle() -> None:
        await fanout.redis.script_load(ANNOUNCE)
        counting(fanout, sent)
        commits = int(TRICKLE_SECONDS / EVERY)
        start = time.monotonic()
        for version in range(1, commits + 1):
            fanout.publish(table_id, version)
            await asyncio.sleep(EVERY)
        lasted.append(time.monotonic() - start)  # longer than planned on a busy machine
        while fanout._tasks:
            await asyncio.sleep(0.01)
        calls = len(sent)
        fanout.publish(table_id, commits + 1)  # after a quiet spell: one call
        while (
            not client.xlen(fanout.moves)
            or moves_of(client, fanout)[-1][1] != str(commits + 1).encode()
        ):
            await asyncio.sleep(0.001)
        sent.append(f"quiet: {len(sent) - calls}")
        while fanout._tasks:
            await asyncio.sleep(0.01)
        await fanout.redis.aclose()

    try:
        run_in_own_loop(trickle)
        announcing = [name for name in sent if name == "EVALSHA"]
        # one call a pause at most (the first at once), not one a commit (50)
        assert 2 <= len(announcing) <= lasted[0] / PAUSE_SECONDS + 3
        versions = [int(version) for _, version in moves_of(client, fanout)]
        assert versions == sorted(versions) and versions[-1] == int(TRICKLE_SECONDS / EVERY) + 1
        assert "quiet: 1" in sent
    finally:
        client.delete(fanout.moves, fanout.stream(table_id))
        client.close()


def test_moves_published_meanwhile_are_read_once_a_pause(redis_url: str) -> None:
    """Another process's trickle of moves wakes this one's listener for the newest version,
    with a read of the moves a pause at most, not one a move."""
    fanout = RedisFanOut(redis_url, in_memory_tables(), prefix=f"test-{uuid.uuid4().hex}:")
    other = RedisFanOut(redis_url, in_memory_tables(), prefix=fanout.prefix)
    table_id = uuid.uuid4()
    heard: list[int | None] = []
    sent: list[str] = []
    lasted: list[float] = []
    moves = int(TRICKLE_SECONDS / EVERY)

    async def trickle() -> None:
        counting(fanout, sent)
        fanout.listen(table_id, heard.append)
        fanout._spawn(fanout._read_forever())
        await asyncio.sleep(0.2)  # reading from the newest move
        start = time.monotonic()
        for version in range(1, moves + 1):
            await other.announce({table_id: version})
            await asyncio.sleep(EVERY)
        lasted.append(time.monotonic() - start)  # longer than planned on a busy machine
        deadline = time.monotonic() + 5
        while heard[-1:] != [moves] and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        await fanout.stop()
        await other.redis.aclose()

    client = redis.Redis.from_url(redis_url)
    try:
        run_in_own_loop(trickle)
        versions = [version for version in heard if version is not None]
        assert versions == heard == sorted(versions) and versions[-1] == moves
        reads = [name for name in sent if name == "XREAD"]
        assert len(reads) <= lasted[0] / PAUSE_SECONDS + 4  # not one a move (50)
    finally:
        client.delete(fanout.moves, fanout.stream(table_id))
        client.close()


def test_the_commits_of_the_last_pause_are_announced_when_the_process_stops(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(redis_fanout, "PAUSE_SECONDS", 60.0)  # the stop comes in the pause
    fanout = RedisFanOut(redis_url, in_memory_tables(), prefix=f"test-{uuid.uuid4().hex}:")
    first, second = uuid.uuid4(), uuid.uuid4()
    client = redis.Redis.from_url(redis_url)
    pending: list[list[tuple[bytes, bytes]]] = []

    async def stop_in_a_pause() -> None:
        fanout.publish(first, 1)  # announced at once, then the pause
        deadline = time.monotonic() + 5  # far below the pause
        while not client.xlen(fanout.moves):
            assert time.monotonic() < deadline, "a commit after a quiet spell waits no pause"
            await asyncio.sleep(0.001)
        fanout.publish(second, 1)  # waits for the pause to end
        await asyncio.sleep(0.05)
        pending.append(moves_of(client, fanout))
        await fanout.stop()

    try:
        run_in_own_loop(stop_in_a_pause)
        one, two = (str(first).encode(), b"1"), (str(second).encode(), b"1")
        assert pending == [[one]]
        assert moves_of(client, fanout) == [one, two]
    finally:
        client.delete(fanout.moves, fanout.stream(first), fanout.stream(second))
        client.close()
