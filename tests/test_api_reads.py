"""Reads of a table's log, over real HTTP: they never hold up a command, and each request
examines a bounded number of events, however long the log and however rare the match."""

from __future__ import annotations

import threading
from collections.abc import Container, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from uuid import UUID

import httpx
from eventsourcing.domain import DomainEventProtocol

from domain.application import Tables
from domain.commands import CloseTable
from service.api import MAX_EXAMINED
from service.app import create_app
from service.settings import Settings
from tests.api_helpers import bearer, ok, seat_player
from tests.frontera_helpers import MAYOR, SERVER_KEY, in_memory_tables
from tests.live_server import TLS, serving
from tests.test_storage import sqlite_env, start_playing

UNLIMITED = Settings(commands_per_second=0)


class PausedScans(Tables):
    """The real application, except that a scan of one table's log stops inside its read of
    the store until released: a read as slow as a long log can make it."""

    def __init__(self, env: Mapping[str, str], *, server_key: bytes) -> None:
        super().__init__(env, server_key=server_key)
        self.paused: UUID | None = None
        self.scanning = threading.Event()
        self.release = threading.Event()

    def table_events(
        self,
        table_id: UUID,
        after: int = 0,
        upto: int | None = None,
        topics: Container[str] | None = None,
    ) -> Iterator[DomainEventProtocol[UUID]]:
        if table_id == self.paused:
            self.scanning.set()
            self.release.wait(timeout=30)
        yield from super().table_events(table_id, after, upto, topics)


def new_table(http: httpx.Client) -> tuple[str, dict[str, str]]:
    created = ok(http.post("/tables", json={"title": "T", "mayor_name": "M"}), 201)
    return created["table_id"], bearer(created["credential"])


def test_a_read_stuck_in_its_scan_holds_up_no_command_of_any_table(tmp_path: Path) -> None:
    app = PausedScans(sqlite_env(tmp_path / "tables.sqlite3"), server_key=SERVER_KEY)
    with (
        serving(create_app(UNLIMITED, tables=app)) as url,
        httpx.Client(base_url=url, timeout=5, verify=TLS) as http,
        httpx.Client(base_url=url, timeout=30, verify=TLS) as reader,
        ThreadPoolExecutor(1) as background,
    ):
        slow, slow_mayor = new_table(http)
        other, other_mayor = new_table(http)
        seat_player(http, slow, slow_mayor, "David")
        before = ok(http.get(f"/tables/{slow}", headers=slow_mayor))["version"]
        app.paused = UUID(slow)
        read = background.submit(reader.get, f"/tables/{slow}/events", headers=slow_mayor)
        assert app.scanning.wait(10), "the read never reached its scan"
        try:
            # the read is inside its scan: commands of another table and of the table being
            # read go through all the same (one command thread serves every table)
            # (a seat added, not claimed: a claim reads the seat's log, judging seat authority)
            for table, mayor in ((other, other_mayor), (slow, slow_mayor), (other, other_mayor)):
                ok(
                    http.post(f"/tables/{table}/seats", json={"name": "Drifter"}, headers=mayor),
                    201,
                )
            assert not read.done(), "the read finished before the commands: nothing was shown"
        finally:
            app.release.set()
        page = ok(read.result(timeout=30))
    # the read shows the table as it was when it began, in full
    assert page["version"] == before
    assert [event["version"] for event in page["events"]] == list(range(1, before + 1))
    assert page["next_after"] is None


def test_a_filter_that_matches_late_examines_a_bounded_number_of_events_per_request() -> None:
    app = in_memory_tables()
    play = start_playing(app)
    play.play_until(MAX_EXAMINED + 100)
    closed = app.execute(play.table_id, MAYOR, CloseTable()).version
    mayor = bearer(app.keys(play.table_id).credential(MAYOR, 0))  # the first, at creation
    with (
        serving(create_app(UNLIMITED, tables=app)) as url,
        httpx.Client(base_url=url, verify=TLS) as http,
    ):

        def page(after: int) -> Any:
            query: dict[str, str | int] = {"type": "TableClosed", "after": after}
            return ok(http.get(f"/tables/{play.table_id}/events", params=query, headers=mayor))

        first = page(0)
        # nothing matched among the first events examined: the client goes on from there
        assert (first["events"], first["next_after"]) == ([], MAX_EXAMINED)
        second = page(first["next_after"])
        assert [event["version"] for event in second["events"]] == [closed]
        assert second["next_after"] is None
