"""Event streams over real HTTP: a table's cap on open streams across its seats."""

from __future__ import annotations

from contextlib import ExitStack

import httpx

from service.app import create_app
from service.settings import Settings
from tests.api_helpers import seat_player
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
