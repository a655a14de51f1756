"""Event streams over real HTTP: a table's cap on open streams across its seats, and the clean
end of a stream whose seat is removed."""

from __future__ import annotations

import json
import queue
import threading
from contextlib import ExitStack

import httpx

from service.app import create_app
from service.settings import Settings
from tests.api_helpers import Headers, ok, seat_player
from tests.frontera_helpers import in_memory_tables
from tests.live_server import serving
from tests.test_api_protocol import assert_problem, new_table, version
from tests.test_limits import open_stream


def test_the_streams_of_a_table_are_capped_across_its_seats() -> None:
    settings = Settings(streams_per_seat=2, streams_per_table=3)
    with (
        serving(create_app(settings, tables=in_memory_tables())) as url,
        httpx.Client(base_url=url, timeout=5) as http,
    ):
        table, mayor = new_table(http)
        _, ann = seat_player(http, table, mayor, "Ann")
        _, bob = seat_player(http, table, mayor, "Bob")
        stream = f"/tables/{table}/stream"
        before = version(http, table, mayor)
        with ExitStack() as stack:
            open_stream(stack, http, stream, mayor)
            open_stream(stack, http, stream, mayor)
            open_stream(stack, http, stream, ann)
            # Bob holds none of his own two, but the table's three are taken
            refused = http.get(stream, headers=bob)
            body = assert_problem(refused, 429, "too_many_table_streams")
            assert body["type"] == "/problems/too_many_table_streams"
            assert int(refused.headers["retry-after"]) >= 1
            # another table is counted apart
            other, other_mayor = new_table(http)
            open_stream(stack, http, f"/tables/{other}/stream", other_mayor)
        assert version(http, table, mayor) == before
        with ExitStack() as stack:  # closed streams gave the table's slots back
            open_stream(stack, http, stream, bob)


def read_messages(response: httpx.Response, into: queue.Queue[dict[str, str] | None]) -> None:
    """Each SSE message of the response as its fields; None once the response ended cleanly."""
    fields: dict[str, str] = {}
    for line in response.iter_lines():  # an exception here is a stream cut, not an end
        if line == "":
            if fields:
                into.put(fields)
            fields = {}
        elif not line.startswith(":"):
            name, _, value = line.partition(":")
            fields[name] = value.removeprefix(" ")
    into.put(None)


def test_a_removed_seats_stream_ends_cleanly_with_the_problem() -> None:
    with (
        serving(create_app(tables=in_memory_tables())) as url,
        httpx.Client(base_url=url, timeout=httpx.Timeout(5, read=30)) as http,
    ):
        table, mayor = new_table(http)
        seat, ann = seat_player(http, table, mayor, "Ann")
        seated_at = version(http, table, mayor)
        messages: queue.Queue[dict[str, str] | None] = queue.Queue()
        failures: list[BaseException] = []

        def listen(who: Headers) -> None:
            try:
                with http.stream("GET", f"/tables/{table}/stream", headers=who) as response:
                    assert response.status_code == 200
                    read_messages(response, messages)
            except BaseException as error:  # reported below
                failures.append(error)
                messages.put(None)

        listener = threading.Thread(target=listen, args=(ann,), daemon=True)
        listener.start()
        for expected in range(1, seated_at + 1):  # what was there when it opened
            message = messages.get(timeout=5)
            assert message is not None and message["id"] == str(expected), (message, failures)

        removal = {"seat": seat, "reason": "left the game"}
        removed = ok(http.post(f"/tables/{table}/seats/remove", json=removal, headers=mayor))

        last = messages.get(timeout=10)
        assert last is not None, failures
        assert last["event"] == "problem" and "id" not in last
        problem = json.loads(last["data"])
        assert problem["type"] == "/problems/invalid_credential"
        assert problem["status"] == 401
        assert messages.get(timeout=5) is None, "the stream went on after its problem"
        listener.join(timeout=5)
        assert not failures, failures
        assert version(http, table, mayor) == removed["version"] == seated_at + 1
