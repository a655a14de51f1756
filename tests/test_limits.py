"""Limits against abuse, each answered with problem+json: the body size (413), commands per
seat whatever its credential (429 with Retry-After, reads never limited), page sizes (400)
and open streams per seat (429 before streaming)."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import httpx
import pytest
from litestar.testing import TestClient

from service.app import create_app
from service.limits import RateLimiter
from service.settings import Settings
from tests.api_helpers import Headers, bearer, ok
from tests.frontera_helpers import in_memory_tables
from tests.live_server import TLS, serving
from tests.test_api_protocol import assert_problem, event_count, new_table, seat


def client_with(**settings: Any) -> TestClient[Any]:
    return TestClient(create_app(Settings(**settings), tables=in_memory_tables()))


def test_the_limits_come_from_the_environment() -> None:
    defaults = Settings.from_env({})
    assert defaults.max_body_bytes == 64 * 1024
    assert defaults.streams_per_seat == 4
    assert defaults.streams_per_table == 32
    assert defaults.commands_per_second > 0 and defaults.commands_burst >= 1
    configured = Settings.from_env(
        {
            "SALOON_MAX_BODY_BYTES": "1000",
            "SALOON_COMMANDS_PER_SECOND": "2.5",
            "SALOON_COMMANDS_BURST": "7",
            "SALOON_STREAMS_PER_SEAT": "2",
            "SALOON_STREAMS_PER_TABLE": "9",
        }
    )
    assert (
        configured.max_body_bytes,
        configured.commands_per_second,
        configured.commands_burst,
        configured.streams_per_seat,
        configured.streams_per_table,
    ) == (1000, 2.5, 7, 2, 9)


# -- body size -----------------------------------------------------------------------------


def test_a_body_over_the_limit_is_413_and_changes_nothing() -> None:
    with client_with(max_body_bytes=1024) as client:
        table, mayor = new_table(client)
        count = event_count(client, table, mayor)
        padded = {"name": "D", "padding": "x" * 2000}
        body = assert_problem(
            client.post(f"/tables/{table}/seats", json=padded, headers=mayor), 413, "body_too_large"
        )
        assert body["type"] == "/problems/body_too_large"
        big_table = {"title": "T" * 2000, "mayor_name": "M"}
        assert_problem(client.post("/tables", json=big_table), 413, "body_too_large")
        assert event_count(client, table, mayor) == count
        # just under the limit is read (and judged by the rules as usual)
        ok(client.post(f"/tables/{table}/seats", json={"name": "D" * 40}, headers=mayor), 201)


def test_a_chunked_body_without_length_is_cut_at_the_limit_too() -> None:
    with (
        serving(create_app(Settings(max_body_bytes=1024), tables=in_memory_tables())) as url,
        httpx.Client(base_url=url, timeout=5, verify=TLS) as http,
    ):
        table, mayor = new_table(http)
        count = event_count(http, table, mayor)

        def chunks() -> Iterator[bytes]:
            yield b'{"name": "D", "padding": "'
            for _ in range(10):
                yield b"x" * 500
            yield b'"}'

        response = http.post(
            f"/tables/{table}/seats",
            content=chunks(),
            headers=mayor | {"content-type": "application/json"},
        )
        assert "content-length" not in response.request.headers
        assert_problem(response, 413, "body_too_large")
        assert event_count(http, table, mayor) == count


# -- commands per seat -----------------------------------------------------------------------


class ManualClock:
    """The limiter's clock, moved by the test: a slow machine cannot refill a bucket."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_commands_past_the_burst_are_429_with_retry_after_and_reads_never_are() -> None:
    with client_with(commands_per_second=2, commands_burst=3) as client:
        clock = ManualClock()
        client.app.state.rate_limiter = RateLimiter(2, 3, clock=clock)
        table, mayor = new_table(client)
        # table creation has no credential yet and is not limited
        for name in ("A", "B"):
            ok(client.post(f"/tables/{table}/seats", json={"name": name}, headers=mayor), 201)
        assert_problem(
            client.post(f"/tables/{table}/seats", json={"name": " "}, headers=mayor), 400
        )
        count = event_count(client, table, mayor)

        refused = client.post(f"/tables/{table}/seats", json={"name": "C"}, headers=mayor)
        assert_problem(refused, 429, "rate_limited")
        assert refused.json()["type"] == "/problems/rate_limited"
        assert 1 <= int(refused.headers["retry-after"]) <= 1
        # the empty budget, and when it is full again: 3 tokens at 2 a second
        assert refused.headers["ratelimit"] == '"seat";r=0;t=2'
        assert refused.headers["ratelimit-policy"] == '"seat";q=3;w=2'
        assert event_count(client, table, mayor) == count

        for _ in range(30):  # reads are never limited
            ok(client.get(f"/tables/{table}", headers=mayor))
        # a forged credential is a plain 401, never a 429
        forged = bearer("mayor." + "0" * 64)
        for _ in range(5):
            assert_problem(client.post(f"/tables/{table}/start", headers=forged), 401)

        clock.now += 0.5  # 2 a second: a token is back
        ok(client.post(f"/tables/{table}/seats", json={"name": "C"}, headers=mayor), 201)
        assert_problem(
            client.post(f"/tables/{table}/seats", json={"name": "E"}, headers=mayor), 429
        )


def test_a_command_answer_tells_its_seats_budget_and_a_read_does_not() -> None:
    with client_with(commands_per_second=2, commands_burst=3) as client:
        clock = ManualClock()
        client.app.state.rate_limiter = RateLimiter(2, 3, clock=clock)
        table, mayor = new_table(client)
        budgets = []
        for name in ("A", "B"):
            answer = client.post(f"/tables/{table}/seats", json={"name": name}, headers=mayor)
            ok(answer, 201)
            assert answer.headers["ratelimit-policy"] == '"seat";q=3;w=2'
            budgets.append(answer.headers["ratelimit"])
        # 2 of 3 spent at 2 a second: a token's half-second per token to fill up
        assert budgets == ['"seat";r=2;t=1', '"seat";r=1;t=1']
        clock.now += 0.5
        later = client.post(f"/tables/{table}/seats", json={"name": "C"}, headers=mayor)
        ok(later, 201)
        assert later.headers["ratelimit"] == '"seat";r=1;t=1'
        read = client.get(f"/tables/{table}", headers=mayor)
        assert "ratelimit" not in read.headers and "ratelimit-policy" not in read.headers


def test_each_seat_has_its_own_bucket() -> None:
    with client_with(commands_per_second=1, commands_burst=2) as client:
        client.app.state.rate_limiter = RateLimiter(1, 2, clock=ManualClock())
        table, mayor = new_table(client)
        player = seat(client, table, mayor)
        ok(client.post(f"/tables/{table}/seats", json={"name": "Eva"}, headers=mayor), 201)
        assert_problem(
            client.post(f"/tables/{table}/seats", json={"name": "F"}, headers=mayor), 429
        )
        character = {
            "name": "P",
            "traits": {"hands": 3, "senses": 4, "muscle": 3, "head": 2},
            "skills": ["brawl", "strength", "knowledge", "cunning"],
        }
        ok(client.post(f"/tables/{table}/characters", json=character, headers=player), 201)
        # another table's Mayor is another credential
        other, other_mayor = new_table(client)
        ok(client.post(f"/tables/{other}/seats", json={"name": "G"}, headers=other_mayor), 201)


CHARACTER = {
    "name": "P",
    "traits": {"hands": 3, "senses": 4, "muscle": 3, "head": 2},
    "skills": ["brawl", "strength", "knowledge", "cunning"],
}
BURST = 6


@contextmanager
def limited_server() -> Iterator[httpx.Client]:
    """A real server whose buckets never refill (its clock stands still) and hold `BURST`."""
    app = create_app(Settings(), tables=in_memory_tables())
    app.state.rate_limiter = RateLimiter(1, BURST, clock=ManualClock())
    with serving(app) as url, httpx.Client(base_url=url, timeout=5, verify=TLS) as http:
        yield http


def accepted_until_429(send: Callable[[], httpx.Response], most: int = 4 * BURST) -> int:
    """How many commands `send` gets accepted before the first 429."""
    for accepted in range(most):
        response = send()
        if response.status_code == 429:
            assert_problem(response, 429, "rate_limited")
            return accepted
        assert response.status_code in (200, 201), response.text
    raise AssertionError(f"{most} commands and no 429")


def test_rotating_the_credential_leaves_the_seat_its_bucket() -> None:
    with limited_server() as http:
        table, mayor = new_table(http)
        steady = seat(http, table, mayor, "Steady")
        rotating = seat(http, table, mayor, "Rotating")
        characters = f"/tables/{table}/characters"
        without_rotation = accepted_until_429(
            lambda: http.post(characters, json=CHARACTER, headers=steady)
        )
        turns = itertools.cycle(("command", "rotate"))
        rotations = 0

        def command_then_rotate() -> httpx.Response:
            nonlocal rotating, rotations
            if next(turns) == "command":
                return http.post(characters, json=CHARACTER, headers=rotating)
            response = http.post(f"/tables/{table}/credential", headers=rotating)
            if response.status_code == 200:
                rotating, rotations = bearer(response.json()["credential"]), rotations + 1
            return response

        assert accepted_until_429(command_then_rotate) == without_rotation == BURST
        assert rotations == BURST // 2


def test_a_rotated_out_credential_cannot_drain_its_seats_bucket() -> None:
    with limited_server() as http:
        table, mayor = new_table(http)
        leaked = seat(http, table, mayor)
        fresh = bearer(ok(http.post(f"/tables/{table}/credential", headers=leaked))["credential"])
        characters = f"/tables/{table}/characters"
        ok(http.post(characters, json=CHARACTER, headers=fresh), 201)
        for _ in range(3 * BURST):  # the old credential is refused, never counted
            rotated_out = http.post(characters, json=CHARACTER, headers=leaked)
            assert_problem(rotated_out, 401, "invalid_credential")
        seat_and_number = fresh["Authorization"].removeprefix("Bearer ").rpartition(".")[0]
        forged = bearer(f"{seat_and_number}.{'0' * 64}")
        for _ in range(3 * BURST):  # nor is a forged one
            assert_problem(http.post(characters, json=CHARACTER, headers=forged), 401)
        send = lambda: http.post(characters, json=CHARACTER, headers=fresh)  # noqa: E731
        assert accepted_until_429(send) == BURST - 2  # the rotation and one character spent


def test_no_limit_when_the_rate_is_zero() -> None:
    with client_with(commands_per_second=0, commands_burst=1) as client:
        table, mayor = new_table(client)
        for index in range(10):
            name = {"name": f"S{index}"}
            ok(client.post(f"/tables/{table}/seats", json=name, headers=mayor), 201)


def test_the_token_bucket_refills_at_its_rate_up_to_its_burst() -> None:
    now = [0.0]
    bucket = RateLimiter(rate=4, burst=2, clock=lambda: now[0])
    assert [bucket.take("k"), bucket.take("k")] == [0, 0]
    assert bucket.take("k") == pytest.approx(0.25)
    assert bucket.take("other") == 0
    now[0] = 10.0  # a long pause saves up the burst, not more
    assert [bucket.take("k"), bucket.take("k")] == [0, 0]
    assert bucket.take("k") > 0


# -- page sizes ------------------------------------------------------------------------------


def test_the_event_page_is_at_most_500() -> None:
    with client_with() as client:
        table, mayor = new_table(client)
        url = f"/tables/{table}/events"
        ok(client.get(url, params={"limit": 500}, headers=mayor))
        for limit in (501, 100_000, 0, -1):
            body = assert_problem(
                client.get(url, params={"limit": limit}, headers=mayor), 400, "invalid_request"
            )
            assert "limit" in body["detail"]


# -- streams per seat ------------------------------------------------------------------------


def open_stream(stack: ExitStack, http: httpx.Client, url: str, who: Headers) -> None:
    """A stream that has answered (and so holds its slot) until the stack closes."""
    response = stack.enter_context(http.stream("GET", url, headers=who))
    assert response.status_code == 200, response.read()
    lines = response.iter_lines()
    assert next(lines).startswith("id: ")  # the first event came: the slot is taken
    stack.callback(lambda: lines)  # a dropped line iterator would close the response


def test_a_seat_past_its_open_streams_gets_429_before_streaming() -> None:
    with (
        serving(create_app(Settings(), tables=in_memory_tables())) as url,
        httpx.Client(base_url=url, timeout=5, verify=TLS) as http,
    ):
        table, mayor = new_table(http)
        player = seat(http, table, mayor)
        stream = f"/tables/{table}/stream"
        with ExitStack() as stack:
            for _ in range(4):
                open_stream(stack, http, stream, player)
            refused = http.get(stream, headers=player)
            body = assert_problem(refused, 429, "too_many_streams")
            assert body["type"] == "/problems/too_many_streams"
            assert int(refused.headers["retry-after"]) >= 1
            # another seat is counted apart, and so is the same seat at another table
            open_stream(stack, http, stream, mayor)
            other, other_mayor = new_table(http)
            open_stream(stack, http, f"/tables/{other}/stream", other_mayor)
        # closed streams give their slots back
        deadline = time.monotonic() + 5
        while True:
            with ExitStack() as stack:
                response = stack.enter_context(http.stream("GET", stream, headers=player))
                if response.status_code == 200:
                    break
            assert time.monotonic() < deadline, "the closed streams kept their slots"
            time.sleep(0.05)
