"""HEAD over real HTTP: every read answers as GET would, without the body (RFC 9110 9.3.2),
and changes nothing."""

from __future__ import annotations

import httpx

from service.app import create_app
from service.settings import Settings
from tests.frontera_helpers import in_memory_tables
from tests.live_server import TLS, serving
from tests.test_api_protocol import assert_problem, new_table, version

#: headers a HEAD must repeat from the GET of the same resource
SAME = ("content-type", "content-length", "etag")


def test_head_answers_every_read_like_get_without_a_body() -> None:
    with (
        serving(create_app(tables=in_memory_tables())) as url,
        # the API's document is built on its first request: seconds on a busy machine
        httpx.Client(base_url=url, timeout=60, verify=TLS) as http,
    ):
        table, mayor = new_table(http)
        before = version(http, table, mayor)
        for path in (
            f"/tables/{table}",
            f"/tables/{table}/events",
            f"/tables/{table}?version=1",
            "/health/live",
            "/schema/openapi.json",
        ):
            got, head = http.get(path, headers=mayor), http.head(path, headers=mayor)
            assert (head.status_code, got.status_code) == (200, 200), (path, head.text)
            assert head.content == b""
            for name in SAME:
                assert head.headers.get(name) == got.headers.get(name), (path, name)
        # an error is the same problem, headers only
        refused = http.head(f"/tables/{table}")
        assert refused.status_code == 401 and refused.content == b""
        assert refused.headers["content-type"].startswith("application/problem+json")
        assert version(http, table, mayor) == before


def test_head_on_the_stream_answers_at_once_and_gives_its_slot_back() -> None:
    app = create_app(Settings(streams_per_seat=1), tables=in_memory_tables())
    with serving(app) as url, httpx.Client(base_url=url, timeout=5, verify=TLS) as http:
        table, mayor = new_table(http)
        stream = f"/tables/{table}/stream"
        for _ in range(3):  # one slot: each HEAD must have released it
            head = http.head(stream, headers=mayor)
            assert head.status_code == 200 and head.content == b""
            assert head.headers["content-type"].startswith("text/event-stream")
        with http.stream("GET", stream, headers=mayor) as response:
            assert response.status_code == 200
            assert_problem(http.get(stream, headers=mayor), 429, "too_many_streams")
        assert version(http, table, mayor) == 1
