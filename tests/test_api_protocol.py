"""The HTTP protocol of the API: Idempotency-Key, If-Match and ETag, problem+json errors, and
the SSE stream resumed with Last-Event-ID against a real uvicorn server."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from litestar.testing import TestClient

from service.app import create_app
from tests.api_helpers import Headers, api_client, bearer, ok, seat_player
from tests.frontera_helpers import in_memory_tables
from tests.live_server import TLS, serving

SCRIPT = ["d0:3C", "d0:9D", "d0:10S", "d0:KS", "d0:5D", "d0:8H", "d0:AD", "d0:6D"]
PROTAGONIST = {
    "traits": {"hands": 3, "senses": 4, "muscle": 3, "head": 2},
    "skills": ["brawl", "strength", "knowledge", "cunning"],
}
PROBLEM = "application/problem+json"


@pytest.fixture
def client() -> Iterator[TestClient[Any]]:
    with api_client() as test_client:
        yield test_client


def new_table(client: Any, **options: Any) -> tuple[str, Headers]:
    body = ok(
        client.post("/tables", json={"title": "T", "mayor_name": "M", "options": options}), 201
    )
    return body["table_id"], bearer(body["credential"])


def seat(client: Any, table: str, mayor: Headers, name: str = "David") -> Headers:
    return seat_player(client, table, mayor, name)[1]


def version(client: Any, table: str, who: Headers) -> int:
    page = ok(client.get(f"/tables/{table}/events", params={"limit": 500}, headers=who))
    assert page["events"] == [] or page["events"][-1]["version"] == page["version"]
    v: int = page["version"]
    return v


def event_count(client: Any, table: str, who: Headers) -> int:
    page = ok(client.get(f"/tables/{table}/events", params={"limit": 500}, headers=who))
    return len(page["events"])


def assert_problem(response: Any, status: int, code: str | None = None) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith(PROBLEM)
    body: dict[str, Any] = response.json()
    assert {"type", "title", "status", "detail", "code"} <= set(body)
    assert body["status"] == status
    assert body["type"] == f"/problems/{body['code']}"
    assert isinstance(body["title"], str) and body["title"]
    assert isinstance(body["detail"], str) and body["detail"]
    if code is not None:
        assert body["code"] == code
    return body


# -- Idempotency-Key ----------------------------------------------------------------------------


def test_a_retried_command_returns_the_first_result_and_appends_nothing(
    client: TestClient[Any],
) -> None:
    table, mayor = new_table(client)
    key = {"Idempotency-Key": "seat-david-1"}
    first = client.post(f"/tables/{table}/seats", json={"name": "David"}, headers=mayor | key)
    body = ok(first, 201)
    count, at = event_count(client, table, mayor), version(client, table, mayor)
    assert body["version"] == at

    again = client.post(f"/tables/{table}/seats", json={"name": "David"}, headers=mayor | key)

    assert ok(again, 201) == body
    assert again.headers["etag"] == first.headers["etag"] == f'"{at}"'
    assert event_count(client, table, mayor) == count
    assert version(client, table, mayor) == at
    seats = ok(client.get(f"/tables/{table}", headers=mayor))["seats"]
    assert [s["id"] for s in seats] == ["mayor", "p1"]


def test_a_retried_draw_returns_the_same_cards(client: TestClient[Any]) -> None:
    table, mayor = new_table(client, mode="no_management", scripted_order=SCRIPT)
    player = seat(client, table, mayor)
    character = ok(
        client.post(
            f"/tables/{table}/characters", json={"name": "P", **PROTAGONIST}, headers=player
        ),
        201,
    )["id"]
    ok(client.post(f"/tables/{table}/start", headers=mayor))
    trait = {"character": character, "trait": "senses"}
    ok(client.post(f"/tables/{table}/tests/trait", json=trait, headers=mayor), 201)
    key = player | {"Idempotency-Key": "draw-1"}
    draw = {"character": character}
    first = ok(client.post(f"/tables/{table}/tests/draw", json=draw, headers=key))
    count = event_count(client, table, mayor)
    assert first["cards"] == SCRIPT[:4]
    assert ok(client.post(f"/tables/{table}/tests/draw", json=draw, headers=key)) == first
    assert event_count(client, table, mayor) == count


def test_the_same_key_for_another_command_is_a_conflict(client: TestClient[Any]) -> None:
    table, mayor = new_table(client)
    key = {"Idempotency-Key": "k-1"}
    ok(client.post(f"/tables/{table}/seats", json={"name": "David"}, headers=mayor | key), 201)
    count = event_count(client, table, mayor)

    other = client.post(f"/tables/{table}/seats", json={"name": "Eva"}, headers=mayor | key)
    assert_problem(other, 409, "idempotency_key_reused")
    start = client.post(f"/tables/{table}/start", headers=mayor | key)
    assert_problem(start, 409, "idempotency_key_reused")
    assert event_count(client, table, mayor) == count


def test_keys_belong_to_their_seat_so_no_seat_replays_or_blocks_another(
    client: TestClient[Any],
) -> None:
    table, mayor = new_table(client)
    player = seat(client, table, mayor)
    body = {"name": "P", **PROTAGONIST}
    key = {"Idempotency-Key": "shared-key"}
    created = ok(client.post(f"/tables/{table}/characters", json=body, headers=player | key), 201)

    # the Mayor's command with the same key is the Mayor's own: it runs, and gets no result
    # of the player's
    other = ok(client.post(f"/tables/{table}/seats", json={"name": "E"}, headers=mayor | key), 201)
    assert other["seat"] == "p2" and "id" not in other
    again = client.post(f"/tables/{table}/characters", json=body, headers=player | key)
    assert ok(again, 201) == created


def test_table_creation_with_the_same_key_returns_the_same_table(
    client: TestClient[Any],
) -> None:
    key = {"Idempotency-Key": str(uuid.uuid4())}
    body = {"title": "Dusty", "mayor_name": "Ana", "options": {"mode": "no_management"}}
    answer = client.post("/tables", json=body, headers=key)
    first = ok(answer, 201)
    assert "idempotent-replayed" not in answer.headers
    gm = bearer(first["credential"])
    # the table moves on, and the game master's credential is rotated: a retry still answers
    # as the first time, the version and the credential the creation gave, marked a replay
    ok(client.post(f"/tables/{first['table_id']}/seats", json={"name": "E"}, headers=gm), 201)
    ok(client.post(f"/tables/{first['table_id']}/credential", headers=gm))
    retried = client.post("/tables", json=body, headers=key)
    assert ok(retried, 201) == first
    assert (retried.headers["etag"], retried.headers["idempotent-replayed"]) == ('"1"', "true")
    assert retried.headers["location"] == answer.headers["location"]

    other = client.post("/tables", json={**body, "title": "Other"}, headers=key)
    assert_problem(other, 409, "idempotency_key_reused")
    # the document says a creation key has 16 to 255 characters: a shorter one breaks it
    short = client.post("/tables", json=body, headers={"Idempotency-Key": "short"})
    assert_problem(short, 400, "invalid_request")


# -- If-Match and ETag --------------------------------------------------------------------------


def test_if_match_guards_commands_and_etag_is_the_version(client: TestClient[Any]) -> None:
    table, mayor = new_table(client)
    view = client.get(f"/tables/{table}", headers=mayor)
    assert view.headers["etag"] == f'"{view.json()["version"]}"'
    current = view.headers["etag"]
    count = event_count(client, table, mayor)

    stale = client.post(
        f"/tables/{table}/seats", json={"name": "D"}, headers=mayor | {"If-Match": '"0"'}
    )
    body = assert_problem(stale, 412, "stale_version")
    assert body["type"] == "/problems/stale_version"
    assert event_count(client, table, mayor) == count

    fresh = client.post(
        f"/tables/{table}/seats", json={"name": "D"}, headers=mayor | {"If-Match": current}
    )
    added = ok(fresh, 201)
    assert fresh.headers["etag"] == f'"{added["version"]}"'
    assert added["version"] == version(client, table, mayor)

    # the old ETag is stale now; a weak tag and "*" are understood
    again = client.post(
        f"/tables/{table}/seats", json={"name": "E"}, headers=mayor | {"If-Match": current}
    )
    assert_problem(again, 412, "stale_version")
    weak = client.post(
        f"/tables/{table}/seats",
        json={"name": "E"},
        headers=mayor | {"If-Match": f'W/"{added["version"]}"'},
    )
    ok(weak, 201)
    ok(
        client.post(
            f"/tables/{table}/seats", json={"name": "F"}, headers=mayor | {"If-Match": "*"}
        ),
        201,
    )
    # the document gives If-Match a pattern: anything else breaks it
    bad = client.post(f"/tables/{table}/start", headers=mayor | {"If-Match": "nonsense"})
    assert_problem(bad, 400, "invalid_request")
    # a rewind answers as of the table now (tests/test_conditional_reads.py)
    rewound = client.get(f"/tables/{table}", params={"version": 1}, headers=mayor)
    now = version(client, table, mayor)
    assert rewound.headers["etag"] == f'"{now}"' and rewound.json()["version"] == 1


# -- problem+json -------------------------------------------------------------------------------


def test_errors_are_problem_json(client: TestClient[Any]) -> None:
    table, mayor = new_table(client, mode="no_management")
    player = seat(client, table, mayor)
    url = f"/tables/{table}"

    assert_problem(client.post(f"{url}/seats", json={"name": "x", "x": 1}, headers=mayor), 400)
    assert_problem(client.post(f"{url}/seats", json={"name": 5}, headers=mayor), 400)
    assert_problem(client.post(f"{url}/seats", content=b"{not json", headers=mayor), 400)
    assert_problem(client.post("/tables", json={"title": "T"}), 400, "invalid_request")
    assert_problem(client.get(url), 401)
    assert_problem(client.get(url, headers={"Authorization": "Basic abc"}), 401)
    assert_problem(client.get(url, headers=bearer("mayor.00")), 401, "invalid_credential")
    assert_problem(client.post(f"{url}/start", headers=player), 403, "not_game_master")
    assert_problem(client.get(f"/tables/{uuid.uuid4()}", headers=mayor), 404, "unknown_table")
    assert_problem(client.get(f"{url}/nope", headers=mayor), 404, "not_found")
    assert_problem(client.get("/nowhere"), 404, "not_found")
    assert_problem(client.get(url, params={"version": 999}, headers=mayor), 404)
    ok(client.post(f"{url}/start", headers=mayor))
    assert_problem(client.post(f"{url}/start", headers=mayor), 409, "already_started")
    assert_problem(client.post(f"{url}/tests/draw", json={"character": "c1"}, headers=mayor), 409)
    assert_problem(
        client.post(f"{url}/seats", json={"name": "  "}, headers=mayor), 400, "invalid_request"
    )
    assert_problem(
        client.post(f"{url}/seats", json={"name": "x"}, headers=mayor | {"If-Match": '"1"'}),
        412,
        "stale_version",
    )
    # a misspelt event type would silently match nothing: it is refused instead
    misspelt = client.get(
        f"{url}/events", params={"type": ["SeatJoined", "SeatJoind"]}, headers=mayor
    )
    assert_problem(misspelt, 422, "unknown_event_type")
    assert ok(client.get(f"{url}/events", params={"type": "SeatJoined"}, headers=mayor))["events"]


# -- SSE, resumed with Last-Event-ID -------------------------------------------------------------


@pytest.fixture
def server() -> Iterator[str]:
    with serving(create_app(tables=in_memory_tables())) as url:
        yield url


def read_events(
    http: httpx.Client, url: str, headers: Headers, until: int, last_event_id: int | None = None
) -> list[tuple[int, str, str]]:
    """(id, event type, data) of the stream's events up to version `until` (the stream ends
    there by itself: the caller may not know of the last events at all), then disconnect."""
    if last_event_id is not None:
        headers = headers | {"Last-Event-ID": str(last_event_id)}
    found: list[tuple[int, str, str]] = []
    fields: dict[str, str] = {}
    with http.stream("GET", url, params={"until": until}, headers=headers) as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        for line in response.iter_lines():
            if line.startswith(":"):
                continue
            if line == "":
                if "id" in fields:
                    found.append((int(fields["id"]), fields.get("event", ""), fields["data"]))
                    if found[-1][0] >= until:
                        break
                fields = {}
                continue
            name, _, value = line.partition(":")
            fields[name] = value.removeprefix(" ")
    return found


def test_the_stream_resumes_after_the_last_event_id_without_loss_or_repeat(server: str) -> None:
    timeout = httpx.Timeout(5.0)
    with httpx.Client(base_url=server, timeout=timeout, verify=TLS) as http:
        table, mayor = new_table(http, mode="no_management", scripted_order=SCRIPT)
        player = seat(http, table, mayor)
        seat(http, table, mayor, "Eva")
        ok(
            http.post(
                f"/tables/{table}/characters", json={"name": "P", **PROTAGONIST}, headers=player
            ),
            201,
        )
        ok(http.post(f"/tables/{table}/start", headers=mayor))
        at = version(http, table, mayor)
        assert at >= 5
        url = f"/tables/{table}/stream"

        first = read_events(http, url, player, until=3)
        assert [event_id for event_id, _, _ in first] == [1, 2, 3]
        assert [kind for _, kind, _ in first][1:] == ["SeatJoined", "CredentialIssued"]

        # more commands while disconnected
        trait = {"character": "c1", "trait": "senses"}
        ok(http.post(f"/tables/{table}/tests/trait", json=trait, headers=mayor), 201)
        drawn = ok(
            http.post(f"/tables/{table}/tests/draw", json={"character": "c1"}, headers=player)
        )
        now = version(http, table, mayor)
        assert now == drawn["version"]

        resumed = read_events(http, url, player, until=now, last_event_id=first[-1][0])
        ids = [event_id for event_id, _, _ in first + resumed]
        assert ids == list(range(1, now + 1)), ids

        # live: a reconnection at the end, then a new command, delivered once
        received: list[tuple[int, str, str]] = []

        def listen() -> None:
            received.extend(read_events(http, url, player, until=now + 1, last_event_id=now))

        listener = threading.Thread(target=listen, daemon=True)
        listener.start()
        time.sleep(0.3)
        choose = {"character": "c1", "cards": [drawn["cards"][0]]}
        ok(http.post(f"/tables/{table}/tests/choose", json=choose, headers=player))
        listener.join(timeout=5)
        assert not listener.is_alive()
        assert received and received[0][0] == now + 1
        assert [event_id for event_id, _, _ in received] == list(
            range(now + 1, now + 1 + len(received))
        )


def test_the_stream_redacts_other_seats_cards(server: str) -> None:
    with httpx.Client(base_url=server, timeout=httpx.Timeout(5.0), verify=TLS) as http:
        table, mayor = new_table(http, mode="no_management", scripted_order=SCRIPT)
        player = seat(http, table, mayor)
        other = seat(http, table, mayor, "Eva")
        ok(
            http.post(
                f"/tables/{table}/characters", json={"name": "P", **PROTAGONIST}, headers=player
            ),
            201,
        )
        ok(http.post(f"/tables/{table}/start", headers=mayor))
        trait = {"character": "c1", "trait": "senses"}
        ok(http.post(f"/tables/{table}/tests/trait", json=trait, headers=mayor), 201)
        drawn = ok(
            http.post(f"/tables/{table}/tests/draw", json={"character": "c1"}, headers=player)
        )
        url = f"/tables/{table}/stream"
        own = read_events(http, url, player, until=drawn["version"])
        theirs = read_events(http, url, other, until=drawn["version"])
        assert [e[0] for e in own] == [e[0] for e in theirs]
        (own_draw,) = [data for _, kind, data in own if kind == "CardsDrawn"]
        (their_draw,) = [data for _, kind, data in theirs if kind == "CardsDrawn"]
        assert '"d0:3C"' in own_draw
        assert '"d0:3C"' not in their_draw and '"hidden":["cards"]' in their_draw
