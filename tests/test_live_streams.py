"""Streams fed once per table and process (`service/live.py`), over real HTTP: a move of
this process costs no store read however many streams watch the table, a heartbeat reads
nothing (and a table's streams beat together, on a timer drawn for the table), and a stream
behind the feed's buffer, or resuming from an old `Last-Event-ID`, receives every
event exactly once, in order, then follows the table live."""

from __future__ import annotations

import asyncio
import queue
import threading
import time
from collections.abc import Container, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from uuid import UUID, uuid4

import httpx
import pytest
from eventsourcing.domain import DomainEventProtocol

from domain.application import Tables
from domain.commands import AddSeat
from service import live as live_module
from service import stream as stream_module
from service.app import create_app
from tests.api_helpers import Headers, ok, seat_player
from tests.frontera_helpers import MAYOR, SERVER_KEY
from tests.live_server import TLS, serving
from tests.sse_reader import SseReader
from tests.test_api_protocol import new_table, version


class CountingTables(Tables):
    """The real in-memory store, counting the reads of a table's state and of its log."""

    def __init__(self) -> None:
        super().__init__({"PERSISTENCE_MODULE": "eventsourcing.popo"}, server_key=SERVER_KEY)
        self.store_reads = 0

    def read(self, table_id: UUID, view: Any, version: int | None = None) -> Any:
        self.store_reads += 1
        return super().read(table_id, view, version)

    def table_events(
        self,
        table_id: UUID,
        after: int = 0,
        upto: int | None = None,
        topics: Container[str] | None = None,
    ) -> Iterator[DomainEventProtocol[UUID]]:
        self.store_reads += 1
        return super().table_events(table_id, after, upto, topics)


class Listener:
    """An open stream read in a thread, message by message: each message's fields, and each
    comment (a keep-alive) as a message of its own."""

    def __init__(self, client: httpx.Client, path: str, who: Headers) -> None:
        self.messages: queue.Queue[dict[str, str]] = queue.Queue()
        self._thread = threading.Thread(target=self._read, args=(client, path, who), daemon=True)
        self._thread.start()

    def _read(self, client: httpx.Client, path: str, who: Headers) -> None:
        fields: dict[str, str] = {}
        try:
            with client.stream("GET", path, headers=who) as response:
                for line in response.iter_lines():
                    if line.startswith(":"):
                        self.messages.put({"comment": line[1:].strip()})
                    elif line:
                        name, _, value = line.partition(":")
                        fields[name] = value.strip()
                    elif fields:
                        self.messages.put(fields)
                        fields = {}
        except (httpx.HTTPError, RuntimeError):
            pass  # hung up by the test

    def next_id(self, timeout: float = 10) -> int:
        while True:
            message = self.messages.get(timeout=timeout)
            if "id" in message:
                return int(message["id"])

    def ids_through(self, last: int) -> list[int]:
        ids = [self.next_id()]
        while ids[-1] < last:
            ids.append(self.next_id())
        return ids

    def next_messages(self, count: int, timeout: float) -> list[dict[str, str]]:
        return [self.messages.get(timeout=timeout) for _ in range(count)]


@pytest.fixture
def served() -> Iterator[tuple[CountingTables, httpx.Client]]:
    tables = CountingTables()
    with (
        serving(create_app(tables=tables)) as url,
        httpx.Client(base_url=url, timeout=httpx.Timeout(5, read=30), verify=TLS) as http,
    ):
        yield tables, http


def _settle(tables: CountingTables) -> int:
    """The store reads once they stop moving (the feeds and streams done reading)."""
    last = -1
    while tables.store_reads != last:
        last = tables.store_reads
        time.sleep(0.3)
    return last


def _log_ids(http: httpx.Client, table: str, who: Headers) -> list[int]:
    page = ok(http.get(f"/tables/{table}/events", params={"limit": 500}, headers=who))
    return [event["version"] for event in page["events"]]


def test_streams_add_no_store_read_to_a_move_of_this_process(
    served: tuple[CountingTables, httpx.Client],
) -> None:
    """The events a command saved are handed to the table's feed with every reader's
    viewer (`LiveTables.saved`): one stream or four, a move reads what it reads with none."""
    tables, http = served
    table, mayor = new_table(http)
    players = [seat_player(http, table, mayor, f"P{n}")[1] for n in range(3)]
    path = f"/tables/{table}/stream"

    def one_move(listeners: list[Listener]) -> int:
        before = _settle(tables)
        ok(http.post(f"/tables/{table}/seats", json={"name": "Guest"}, headers=mayor), 201)
        moved_to = version(http, table, mayor)
        for listener in listeners:
            assert listener.next_id() == moved_to
        return _settle(tables) - before

    unwatched = one_move([])
    first = Listener(http, path, mayor)
    first.ids_through(version(http, table, mayor))
    assert one_move([first]) == unwatched
    others = [Listener(http, path, who) for who in players]
    for other in others:
        other.ids_through(version(http, table, mayor))
    assert one_move([first, *others]) == unwatched


def test_a_heartbeat_reads_nothing_from_the_store(
    served: tuple[CountingTables, httpx.Client], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(stream_module, "HEARTBEAT_SECONDS", 0.4)
    tables, http = served
    table, mayor = new_table(http)
    _, ann = seat_player(http, table, mayor, "Ann")
    at = version(http, table, mayor)
    listeners = [Listener(http, f"/tables/{table}/stream", who) for who in (mayor, ann, ann)]
    for listener in listeners:
        assert listener.ids_through(at)[-1] == at
    before = _settle(tables)
    for listener in listeners:
        assert listener.next_messages(3, timeout=5) == [{"comment": "keep-alive"}] * 3
    assert tables.store_reads == before


def test_a_tables_streams_share_one_heartbeat_each_table_its_own_jittered_one() -> None:
    """Thousands of idle streams never beat together: the streams of one table wait on one
    timer, and each table's next beat is drawn from the last fifth below the interval."""

    async def beats() -> tuple[float, float]:
        loop = asyncio.get_running_loop()
        feeds = [live_module.Feed(uuid4()) for _ in range(20)]
        start = loop.time()
        waits = [feed.next_move(10.0) for feed in feeds for _ in range(5)]
        timers = {id(feed.beat) for feed in feeds}
        assert len(timers) == len(feeds), "a timer for each table, not for each stream"
        when = [feed.beat.when() - start for feed in feeds if feed.beat is not None]
        for feed in feeds:
            feed.stop()
        for wait in waits:
            wait.cancel()
        return min(when), max(when)

    # a loop of its own, in a thread of its own: where a browser test ran before on this
    # worker, pytest-playwright's session keeps an event loop running in the main thread
    with ThreadPoolExecutor(1) as thread:
        earliest, latest = thread.submit(asyncio.run, beats()).result()
    assert earliest >= 8.0 and latest <= 10.0 + 0.5  # 0.5: the time the waits took to start
    # twenty draws from 2 s all within 0.5 s of each other: about once in 10^10 runs
    assert latest - earliest >= 0.5, "the tables beat together"


def test_a_stream_behind_the_buffer_gets_every_event_once_in_order(
    served: tuple[CountingTables, httpx.Client], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live_module, "BUFFER", 4)
    tables, http = served
    table, mayor = new_table(http)
    listener = Listener(http, f"/tables/{table}/stream", mayor)
    start = version(http, table, mayor)
    assert listener.ids_through(start) == _log_ids(http, table, mayor)
    _settle(tables)  # the feed has read the table: it is what the stream follows
    for number in range(live_module.BUFFER * 3):  # more than the buffer, announced to nobody
        tables.execute(UUID(table), MAYOR, AddSeat(name=f"Quiet {number}"))
    ok(http.post(f"/tables/{table}/seats", json={"name": "Loud"}, headers=mayor), 201)
    now = version(http, table, mayor)
    assert now - start > live_module.BUFFER
    assert listener.ids_through(now) == list(range(start + 1, now + 1))
    ok(http.post(f"/tables/{table}/seats", json={"name": "Live"}, headers=mayor), 201)
    assert listener.next_id() == now + 1  # and it follows the feed again


def test_a_stream_resuming_from_an_old_last_event_id_gets_every_event_once_in_order(
    served: tuple[CountingTables, httpx.Client], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live_module, "BUFFER", 4)
    _, http = served
    table, mayor = new_table(http)
    watcher = Listener(http, f"/tables/{table}/stream", mayor)  # keeps the table's feed going
    for number in range(12):
        ok(http.post(f"/tables/{table}/seats", json={"name": f"P{number}"}, headers=mayor), 201)
    now = version(http, table, mayor)
    watcher.ids_through(now)
    with SseReader(f"{http.base_url}/tables/{table}/stream", mayor, last_event_id=2) as resumed:
        assert resumed.take(now - 2, timeout=10) == list(range(3, now + 1))
        ok(http.post(f"/tables/{table}/seats", json={"name": "Late"}, headers=mayor), 201)
        assert resumed.take(1, timeout=10) == [now + 1]
        assert resumed.nothing_more(0.5)
