"""Event streams over real HTTP: a table's cap on open streams across its seats, the clean
end of a stream whose seat is removed, and of one asked to stop at a version (`until`)."""

from __future__ import annotations

import json
import queue
import threading
from collections.abc import Iterator
from contextlib import ExitStack

import httpx
import pytest

from service import stream as stream_module
from service.app import create_app
from service.schemas import MAX_VERSION
from service.settings import Settings
from tests.api_helpers import Headers, ok, seat_player
from tests.frontera_helpers import in_memory_tables
from tests.live_server import TLS, serving
from tests.test_api_protocol import assert_problem, new_table, version
from tests.test_limits import open_stream


def test_the_streams_of_a_table_are_capped_across_its_seats() -> None:
    settings = Settings(streams_per_seat=2, streams_per_table=3)
    with (
        serving(create_app(settings, tables=in_memory_tables())) as url,
        httpx.Client(base_url=url, timeout=5, verify=TLS) as http,
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
        httpx.Client(base_url=url, timeout=httpx.Timeout(5, read=30), verify=TLS) as http,
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


# -- `until`: a stream that ends by itself -------------------------------------------------------


@pytest.fixture
def http() -> Iterator[httpx.Client]:
    with (
        serving(create_app(tables=in_memory_tables())) as url,
        # a read timeout shorter than a heartbeat: a stream that does not end fails the test
        httpx.Client(base_url=url, timeout=httpx.Timeout(5, read=10), verify=TLS) as client,
    ):
        yield client


def stream_ids(
    http: httpx.Client, table: str, who: Headers, **params: int | str
) -> tuple[list[int], str]:
    """The ids of the events of a stream read to its end, and its body."""
    headers = dict(who)
    if "last_event_id" in params:
        headers["Last-Event-ID"] = str(params.pop("last_event_id"))
    response = http.get(f"/tables/{table}/stream", params=params, headers=headers)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/event-stream")
    ids = [int(line[3:]) for line in response.text.splitlines() if line.startswith("id:")]
    return ids, response.text


def a_table_at_version(http: httpx.Client, players: int) -> tuple[str, Headers, int]:
    table, mayor = new_table(http)
    for number in range(players):
        seat_player(http, table, mayor, f"Player {number}")
    return table, mayor, version(http, table, mayor)


def test_a_stream_until_a_version_sends_the_events_up_to_it_and_ends(
    http: httpx.Client,
) -> None:
    table, mayor, at = a_table_at_version(http, players=2)
    assert at >= 5
    assert stream_ids(http, table, mayor, until=3)[0] == [1, 2, 3]
    assert stream_ids(http, table, mayor, after=1, until=4)[0] == [2, 3, 4]
    assert stream_ids(http, table, mayor, last_event_id=2, until=at)[0] == list(range(3, at + 1))
    # an `until` past a table that is there: every event, then the end
    assert stream_ids(http, table, mayor, until=at)[0] == list(range(1, at + 1))
    assert version(http, table, mayor) == at


def test_a_stream_until_a_version_ends_there_across_batches(
    http: httpx.Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(stream_module, "BATCH", 2)  # the server runs in this process
    table, mayor, at = a_table_at_version(http, players=3)
    assert at >= 7
    assert stream_ids(http, table, mayor, until=5)[0] == [1, 2, 3, 4, 5]
    assert stream_ids(http, table, mayor, after=2, until=at)[0] == list(range(3, at + 1))


def test_a_stream_until_a_future_version_waits_for_it_live_then_ends(
    http: httpx.Client,
) -> None:
    table, mayor, at = a_table_at_version(http, players=0)
    until = at + 3
    found: list[tuple[list[int], str]] = []
    failures: list[BaseException] = []

    def listen() -> None:
        try:
            found.append(stream_ids(http, table, mayor, after=at, until=until))
        except BaseException as error:  # reported below
            failures.append(error)

    listener = threading.Thread(target=listen, daemon=True)
    listener.start()
    listener.join(timeout=0.5)
    assert listener.is_alive(), (found, failures)  # the table has not reached `until`
    seat_player(http, table, mayor, "Ann")  # two events: short of `until`
    seat_player(http, table, mayor, "Bob")  # two more: past it
    listener.join(timeout=10)
    assert not listener.is_alive(), "the stream did not end at `until`"
    assert not failures, failures
    assert version(http, table, mayor) > until
    assert found[0][0] == [at + 1, at + 2, until]  # and nothing after it


def test_a_stream_until_a_version_at_or_below_where_it_resumes_is_empty(
    http: httpx.Client,
) -> None:
    table, mayor, at = a_table_at_version(http, players=1)
    assert at >= 3
    for params in (
        {"after": 2, "until": 2},
        {"after": 3, "until": 1},
        {"last_event_id": 2, "until": 2},
        {"last_event_id": at + 5, "until": at + 1},  # a resume point past the table
    ):
        assert stream_ids(http, table, mayor, **params) == ([], ""), params


@pytest.mark.parametrize("until", ["0", "-1", str(MAX_VERSION + 1), "99999999999999999999999"])
def test_an_until_out_of_the_versions_range_is_400_before_the_stream_starts(
    http: httpx.Client, until: str
) -> None:
    table, mayor = new_table(http)
    refused = http.get(f"/tables/{table}/stream", params={"until": until}, headers=mayor)
    body = assert_problem(refused, 400, "invalid_request")
    assert "until" in body["detail"]
