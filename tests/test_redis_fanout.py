"""Live events across workers through Redis, over real HTTP on PostgreSQL.

Two apps (two workers: each its own `Tables` and fan-out) share one PostgreSQL schema and one
Redis key prefix. A stream on one receives what the other commits; the relay announces what
nobody announced; a stream resumed with Last-Event-ID loses and repeats nothing; with Redis
stopped, commands still succeed and streams fall back to polling the store, and all resumes
when Redis comes back. Deadlines are generous: a stream left to its own heartbeat would take
15 s, so an event within a few seconds shows the wake-up worked.
"""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from typing import Any

import httpx
import pytest
import redis

from domain.application import Tables
from domain.commands import AddSeat
from service.app import create_app
from service.redis_fanout import (
    ANNOUNCE,
    LEASE_MS,
    RELAY_EVERY,
    RELAY_IDLE_EVERY,
    RedisFanOut,
    relay_wait,
)
from service.settings import Settings
from tests.frontera_helpers import SERVER_KEY, in_memory_tables
from tests.live_server import TLS, free_port, serving
from tests.sse_reader import SseReader
from tests.workers import workers as worker_processes

pytestmark = [pytest.mark.postgres, pytest.mark.redis]

DEADLINE = 5.0


@contextmanager
def workers(env: dict[str, str], redis_url: str, count: int = 2) -> Iterator[list[str]]:
    """`count` apps on one store and one Redis prefix, served over HTTP; yields their URLs."""
    prefix = f"test-{uuid.uuid4().hex}:"
    with ExitStack() as stack:
        urls = []
        for _ in range(count):
            tables = Tables(env, server_key=SERVER_KEY)
            stack.callback(tables.close)
            fanout = RedisFanOut(redis_url, tables, prefix)
            app = create_app(Settings(), tables=tables, fanout=fanout)
            urls.append(stack.enter_context(serving(app)))
        yield urls


def new_table(url: str) -> tuple[str, dict[str, str], int]:
    created = httpx.post(
        f"{url}/tables", json={"title": "Relay", "mayor_name": "M"}, verify=TLS
    ).json()
    headers = {"Authorization": f"Bearer {created['credential']}"}
    return created["table_id"], headers, created["version"]


def seat(url: str, table: str, headers: dict[str, str], name: str) -> int:
    response = httpx.post(
        f"{url}/tables/{table}/seats", json={"name": name}, headers=headers, verify=TLS
    )
    assert response.status_code == 201, response.text
    version: int = response.json()["version"]
    return version


def test_a_stream_on_one_worker_receives_what_another_commits_and_resumes_exactly(
    postgres_env: dict[str, str], redis_url: str
) -> None:
    with workers(postgres_env, redis_url) as (first, second):
        table, mayor, version = new_table(first)
        stream_url = f"{second}/tables/{table}/stream"
        with SseReader(stream_url, mayor, last_event_id=version) as reader:
            assert reader.status_code == 200
            time.sleep(0.5)  # the stream is waiting now
            committed = seat(first, table, mayor, "Ann")
            assert reader.take(1, DEADLINE) == [committed]
        # while nobody listens, two more commands; the resumed stream gets each once, in order
        later = [seat(first, table, mayor, name) for name in ("Bob", "Cid")]
        with SseReader(stream_url, mayor, last_event_id=committed) as reader:
            assert reader.take(2, DEADLINE) == later
            assert reader.nothing_more(0.5)
            again = seat(first, table, mayor, "Dan")
            assert reader.take(1, DEADLINE) == [again]


def test_the_relay_announces_a_commit_nobody_announced(
    postgres_env: dict[str, str], redis_url: str
) -> None:
    with workers(postgres_env, redis_url) as (first, _):
        table, mayor, version = new_table(first)
        with SseReader(f"{first}/tables/{table}/stream", mayor, last_event_id=version) as reader:
            time.sleep(0.5)
            # a worker that commits and dies before announcing: here, an application that
            # has no fan-out at all
            silent = Tables(postgres_env, server_key=SERVER_KEY)
            try:
                outcome = silent.execute(uuid.UUID(table), "mayor", AddSeat(name="Ghost"))
            finally:
                silent.close()
            assert reader.take(1, DEADLINE) == [outcome.version]


def test_the_relay_looks_often_while_it_finds_moves_and_backs_off_while_it_finds_none() -> None:
    waits = [RELAY_EVERY]
    for _ in range(6):
        waits.append(relay_wait(waits[-1], found=False))
    assert waits == sorted(waits) and waits[1] == 2 * RELAY_EVERY
    assert waits[-1] == RELAY_IDLE_EVERY < LEASE_MS / 1000  # its lease outlives every wait
    assert relay_wait(RELAY_IDLE_EVERY, found=True) == RELAY_EVERY


def test_announcing_a_version_twice_or_an_older_one_adds_nothing_anywhere(redis_url: str) -> None:
    """Also when one call announces several tables: each is judged on its own stream."""
    fanout = RedisFanOut(redis_url, in_memory_tables(), prefix=f"test-{uuid.uuid4().hex}:")
    first, second = uuid.uuid4(), uuid.uuid4()
    client = redis.Redis.from_url(redis_url)

    async def announce(*calls: dict[uuid.UUID, int]) -> None:
        for moves in calls:
            await fanout.announce(moves)
        await fanout.redis.aclose()

    calls = [{first: 3}, {first: 3, second: 1}, {first: 2, second: 2}, {second: 2, first: 4}]
    try:
        with ThreadPoolExecutor(1) as thread:  # a loop of its own, whatever ran before
            thread.submit(asyncio.run, announce(*calls)).result()
        for table_id, versions in ((first, [b"3", b"4"]), (second, [b"1", b"2"])):
            entries: Any = client.xrange(fanout.stream(table_id))
            assert [fields[b"version"] for _, fields in entries] == versions
        entries = client.xrange(fanout.moves)
        moves = [(fields[b"table"], fields[b"version"]) for _, fields in entries]
        one, two = str(first).encode(), str(second).encode()
        assert moves == [(one, b"3"), (two, b"1"), (two, b"2"), (one, b"4")]
    finally:
        client.delete(fanout.stream(first), fanout.stream(second), fanout.moves)
        client.close()


def test_commits_published_together_are_announced_in_one_round_trip_each_tables_newest(
    redis_url: str,
) -> None:
    """A burst of commits (a batch of commands) costs one call to Redis (one round trip), not
    one per commit nor per table, and announces each table's newest version once: what a
    stream needs to read every event after its position from the store."""
    fanout = RedisFanOut(redis_url, in_memory_tables(), prefix=f"test-{uuid.uuid4().hex}:")
    tables = [uuid.uuid4() for _ in range(3)]
    client = redis.Redis.from_url(redis_url)
    round_trips: list[int] = []

    async def burst() -> None:
        await fanout.redis.script_load(ANNOUNCE)  # as after the first announcement of a run
        execute = fanout.redis.execute_command

        async def counted(*args: Any, **kwargs: Any) -> Any:
            round_trips.append(1)
            return await execute(*args, **kwargs)

        fanout.redis.execute_command = counted  # type: ignore[method-assign]
        for version in range(1, 6):  # five commits on each table in one go of the loop
            for table_id in tables:
                fanout.publish(table_id, version)
        while fanout._tasks:
            await asyncio.sleep(0.01)
        await fanout.redis.aclose()

    try:
        with ThreadPoolExecutor(1) as thread:
            thread.submit(asyncio.run, burst()).result()
        assert round_trips == [1]
        entries: Any = client.xrange(fanout.moves)
        moves = [(fields[b"table"], fields[b"version"]) for _, fields in entries]
        assert moves == [(str(table_id).encode(), b"5") for table_id in tables]
    finally:
        client.delete(fanout.moves, *(fanout.stream(table_id) for table_id in tables))
        client.close()


# -- Redis stopped and started again ------------------------------------------------------------


class PrivateRedis:
    """A redis-server of the test's own on a free port, to stop and start at will."""

    def __init__(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.skip("redis-server is not installed")
        self.binary = binary
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while True:
            try:
                redis.Redis.from_url(self.url).ping()
                return
            except redis.ConnectionError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(timeout=10)
            self.process = None


@pytest.fixture
def private_redis(redis_url: str) -> Iterator[PrivateRedis]:
    server = PrivateRedis()
    server.start()
    try:
        yield server
    finally:
        server.stop()


def test_with_redis_stopped_commands_succeed_streams_poll_and_all_resumes(
    postgres_env: dict[str, str], private_redis: PrivateRedis
) -> None:
    with workers(postgres_env, private_redis.url) as (first, second):
        table, mayor, version = new_table(first)
        stream_url = f"{second}/tables/{table}/stream"
        with SseReader(stream_url, mayor, last_event_id=version) as reader:
            time.sleep(0.5)
            private_redis.stop()
            down = [seat(first, table, mayor, name) for name in ("Ann", "Bob")]
            assert reader.take(2, DEADLINE + 2) == down  # by polling the store
            private_redis.start()
            time.sleep(1.5)  # the workers notice Redis is back
            back = seat(first, table, mayor, "Cid")
            assert reader.take(1, DEADLINE) == [back]
            assert reader.nothing_more(0.5)


def test_two_worker_processes_a_stream_on_the_second_receives_what_the_first_commits(
    postgres_env: dict[str, str], redis_url: str
) -> None:
    prefix = {"SALOON_REDIS_PREFIX": f"test-{uuid.uuid4().hex}:"}
    with worker_processes(2, postgres=postgres_env, redis_url=redis_url, env=prefix) as w:
        table, mayor, version = new_table(w.url(0))
        stream_url = f"{w.url(1)}/tables/{table}/stream"
        with SseReader(stream_url, mayor, last_event_id=version) as reader:
            time.sleep(0.5)
            committed = seat(w.url(0), table, mayor, "Ann")
            assert reader.take(1, DEADLINE) == [committed]
        later = [seat(w.url(0), table, mayor, name) for name in ("Bob", "Cid")]
        with SseReader(stream_url, mayor, last_event_id=committed) as reader:
            assert reader.take(2, DEADLINE) == later
            assert reader.nothing_more(0.5)
