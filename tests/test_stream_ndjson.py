"""The live stream as NDJSON (`Accept: application/x-ndjson`) over real HTTP: the same events
as its Server-Sent Events, in the same order, redacted alike, for every seat of a table of
every registered system that rolls secretly (two secret rolls made) and of Frontera's
scripted session; each kind of line as the document's `StreamMessage` describes it; resumed
with `after` or `Last-Event-ID`; ended by a `problem` line when the seat is removed, and by a
`closing` line when the server stops."""

from __future__ import annotations

import json
import queue
import threading
from typing import Any

import httpx
import pytest

from service import stream as stream_module
from service.app import create_app
from service.problems import Problem
from tests.api_helpers import Headers, ok, seat_player
from tests.dice_http import SEATS
from tests.frontera_helpers import in_memory_tables
from tests.live_server import TLS, serving
from tests.ndjson_stream import NDJSON, stream_events, stream_lines
from tests.system_support import SecretRolls, provided
from tests.test_api_protocol import new_table, read_events
from tests.test_api_stepdice import http as http  # the module's live server
from tests.test_event_schema import _validator
from tests.test_hidden_rolls import SECRET_ROLLERS


@pytest.mark.parametrize("system", SECRET_ROLLERS)
def test_each_seat_reads_the_same_events_in_both_encodings(http: httpx.Client, system: str) -> None:
    rolls: SecretRolls = provided(system, "secret_rolls")
    table = rolls.table(http)
    version = table.version()
    url = f"/tables/{table.id}/stream"
    for who in SEATS:
        for audit in [False, True] if who == "gm" else [False]:
            audited = f"{url}?audit={str(audit).lower()}"
            sse = read_events(http, audited, table.headers[who], version)
            ndjson = stream_events(http, audited, table.headers[who], version)
            assert [json.loads(data) for _, _, data in sse] == ndjson, (system, who, audit)
            assert [event["version"] for event in ndjson] == [i for i, _, _ in sse]


def test_every_kind_of_line_is_a_stream_message_of_the_document() -> None:
    validator = _validator("StreamMessage")
    problem = Problem(type="/problems/x", title="X", status=401, detail="gone", code="x")
    lines = [
        stream_module.as_ndjson(stream_module.KEEP_ALIVE),
        stream_module.as_ndjson(problem),
        stream_module.as_ndjson(stream_module.Closing(7)),
    ]
    assert json.loads(lines[0]) == {"message": "keep_alive"}
    assert json.loads(lines[2]) == {"message": "closing", "closing": {"resume_after": 7}}
    for line in lines:
        assert line.endswith(b"\n") and line.count(b"\n") == 1
        errors = [error.message for error in validator.iter_errors(json.loads(line))]
        assert not errors, (line, errors)


def test_the_event_lines_of_a_stream_are_stream_messages_and_resume_after_a_version() -> None:
    validator = _validator("StreamMessage")
    with (
        serving(create_app(tables=in_memory_tables())) as url,
        httpx.Client(base_url=url, timeout=httpx.Timeout(5), verify=TLS) as http,
    ):
        table, mayor = new_table(http)
        for name in ("Ann", "Bob", "Cy"):
            seat_player(http, table, mayor, name)
        last = ok(http.get(f"/tables/{table}", headers=mayor))["version"]
        stream = f"/tables/{table}/stream"
        lines = stream_lines(http, stream, mayor, last)
        for line in lines:
            assert not [error.message for error in validator.iter_errors(line)], line
        versions = [line["event"]["version"] for line in lines]
        assert versions == list(range(1, last + 1))
        # resumed after version 3, by the query or by the header: every later event, once
        after = stream_events(http, stream, mayor, last, after=3)
        assert [event["version"] for event in after] == versions[3:]
        header = stream_events(http, stream, {**mayor, "Last-Event-ID": "3"}, last)
        assert header == after


def _listen(http: httpx.Client, url: str, who: Headers, into: queue.Queue[Any]) -> None:
    """Each line of an NDJSON stream into `into`, then None when it ends."""
    try:
        with http.stream("GET", url, headers={**who, "Accept": NDJSON}) as response:
            assert response.status_code == 200
            for line in response.iter_lines():
                if line:
                    into.put(json.loads(line))
    finally:
        into.put(None)


def test_a_removed_seats_stream_ends_with_a_problem_line_and_a_stopping_server_with_closing() -> (
    None
):
    app = create_app(tables=in_memory_tables())
    with (
        serving(app) as url,
        httpx.Client(base_url=url, timeout=httpx.Timeout(5, read=30), verify=TLS) as http,
    ):
        table, mayor = new_table(http)
        seat, ann = seat_player(http, table, mayor, "Ann")
        seated_at = ok(http.get(f"/tables/{table}", headers=mayor))["version"]
        stream = f"/tables/{table}/stream"
        hers: queue.Queue[Any] = queue.Queue()
        his: queue.Queue[Any] = queue.Queue()
        for who, into in ((ann, hers), (mayor, his)):
            threading.Thread(target=_listen, args=(http, stream, who, into), daemon=True).start()
            for expected in range(1, seated_at + 1):
                assert into.get(timeout=5)["event"]["version"] == expected

        removal = {"seat": seat, "reason": "left the game"}
        removed = ok(http.post(f"/tables/{table}/seats/remove", json=removal, headers=mayor))
        last = hers.get(timeout=10)
        assert last["message"] == "problem", last
        assert last["problem"]["type"] == "/problems/invalid_credential"
        assert hers.get(timeout=5) is None, "the stream went on after its problem"

        assert his.get(timeout=10)["event"]["version"] == removed["version"]
        app.state.live.close_soon()  # the server stops: where to resume from, and the end
        assert his.get(timeout=10) == {
            "message": "closing",
            "closing": {"resume_after": removed["version"]},
        }
        assert his.get(timeout=5) is None
