"""Bad input over real HTTP, against a real SQLite store: numbers past what the store holds,
bodies that are not UTF-8 JSON, bodies of another media type. Each is a 4xx problem+json
that appends nothing, never a 500 nor a stream cut by an exception."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from domain.application import Tables
from service.app import create_app
from service.settings import Settings
from tests.api_helpers import Headers, api_client
from tests.frontera_helpers import SERVER_KEY
from tests.live_server import TLS, serving
from tests.test_api_protocol import assert_problem, new_table, seat, version

#: far past a signed 64-bit integer, the widest the store's version column holds
HUGE = 99999999999999999999999
JSON = {"content-type": "application/json"}


@dataclass
class Live:
    http: httpx.Client
    table: str
    mayor: Headers

    def version(self) -> int:
        return version(self.http, self.table, self.mayor)


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Live]:
    store = tmp_path_factory.mktemp("bad-input") / "saloon.sqlite3"
    tables = Tables(
        {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(store)},
        server_key=SERVER_KEY,
    )
    app = create_app(Settings(commands_per_second=0), tables=tables)
    with serving(app) as url, httpx.Client(base_url=url, timeout=10, verify=TLS) as http:
        table, mayor = new_table(http)
        yield Live(http, table, mayor)


def refused(
    live: Live, send: Callable[[], httpx.Response], status: int, code: str
) -> dict[str, Any]:
    """What `send` answers is the problem `code`, and the table did not move."""
    before = live.version()
    body = assert_problem(send(), status, code)
    assert body["type"] == f"/problems/{code}"
    assert live.version() == before
    return body


def body_url(live: Live, command: bool) -> tuple[str, Headers]:
    """A command of the table (the Mayor's), or the creation of a table (no credential)."""
    return (f"/tables/{live.table}/money", live.mayor) if command else ("/tables", {})


@pytest.mark.parametrize(
    ("path", "params"),
    [
        ("", {"version": HUGE}),
        ("/events", {"after": HUGE}),
        ("/events", {"to_version": HUGE}),
        ("/stream", {"after": HUGE}),
        ("/stream", {"until": HUGE}),
    ],
)
def test_a_version_past_the_stores_integers_is_400(
    live: Live, path: str, params: dict[str, int]
) -> None:
    url = f"/tables/{live.table}{path}"
    body = refused(
        live, lambda: live.http.get(url, params=params, headers=live.mayor), 400, "invalid_request"
    )
    assert next(iter(params)) in body["detail"]


@pytest.mark.parametrize("at", [2**63, HUGE])
def test_a_fork_at_a_version_past_the_stores_integers_is_400(live: Live, at: int) -> None:
    fork = {"version": at, "title": "Elsewhere"}
    body = refused(
        live,
        lambda: live.http.post(f"/tables/{live.table}/fork", json=fork, headers=live.mayor),
        400,
        "invalid_request",
    )
    assert "version" in body["detail"]


@pytest.mark.parametrize(
    ("last", "status", "code"),
    [
        # digits past the largest version: the document's pattern cannot say it
        ("9" * 19, 422, "invalid_last_event_id"),
        # what the document's pattern refuses: no version at all
        (str(HUGE), 400, "invalid_request"),
        ("", 400, "invalid_request"),
        ("-1", 400, "invalid_request"),
        ("+3", 400, "invalid_request"),
    ],
)
def test_a_last_event_id_that_is_no_table_version_is_refused_before_the_stream_starts(
    live: Live, last: str, status: int, code: str
) -> None:
    headers = live.mayor | {"Last-Event-ID": last}

    def stream() -> httpx.Response:
        with live.http.stream("GET", f"/tables/{live.table}/stream", headers=headers) as response:
            response.read()  # a stream cut by an exception would raise here
        return response

    refused(live, stream, status, code)


@pytest.mark.parametrize("command", [True, False], ids=["command", "create-table"])
def test_a_body_that_is_not_utf8_is_400(live: Live, command: bool) -> None:
    url, headers = body_url(live, command)
    content = b'{"title": "\xff\xfe", "mayor_name": "\xc3\x28"}'
    body = refused(
        live,
        lambda: live.http.post(url, content=content, headers=headers | JSON),
        400,
        "invalid_json",
    )
    assert "UTF-8" in body["detail"]


@pytest.mark.parametrize("command", [True, False], ids=["command", "create-table"])
def test_json_nested_1100_deep_is_400(live: Live, command: bool) -> None:
    url, headers = body_url(live, command)
    deep = '{"title": "T", "mayor_name": "M", "options": ' + "[" * 1100 + "]" * 1100 + "}"
    body = refused(
        live, lambda: live.http.post(url, content=deep, headers=headers | JSON), 400, "invalid_json"
    )
    assert "deep" in body["detail"]


@pytest.mark.parametrize("depth", [490, 700, 900])
@pytest.mark.parametrize("command", [True, False], ids=["command", "create-table"])
def test_json_nested_below_the_decoders_limit_is_refused_as_any_wrong_body(
    live: Live, command: bool, depth: int
) -> None:
    """Deeper than the strict check walks (about 480 levels), shallower than the decoder
    refuses (about 1,000): a body no command takes, refused as one (it was a 500)."""
    url, headers = body_url(live, command)
    deep = '{"title": "T", "mayor_name": "M", "options": ' + "[" * depth + "]" * depth + "}"
    refused(
        live,
        lambda: live.http.post(url, content=deep, headers=headers | JSON),
        400,
        "invalid_request",
    )


def test_a_malformed_body_is_400_invalid_json(live: Live) -> None:
    url, headers = body_url(live, True)
    refused(
        live,
        lambda: live.http.post(url, content=b'{"title": ', headers=headers | JSON),
        400,
        "invalid_json",
    )


@pytest.mark.parametrize(
    "media_type", ["text/plain", "application/x-www-form-urlencoded", "application/xml"]
)
@pytest.mark.parametrize("command", [True, False], ids=["command", "create-table"])
def test_a_body_of_another_media_type_is_415(live: Live, media_type: str, command: bool) -> None:
    url, headers = body_url(live, command)
    content = b'{"title": "Plain", "mayor_name": "M"}'  # JSON, but not labelled so
    body = refused(
        live,
        lambda: live.http.post(
            url, content=content, headers=headers | {"content-type": media_type}
        ),
        415,
        "unsupported_media_type",
    )
    assert "application/json" in body["detail"]


@pytest.mark.parametrize(
    "headers",
    [
        {"content-type": "application/json; charset=utf-8"},
        {"content-type": "application/x+json"},
        {},
    ],
    ids=["parameters", "suffix", "none"],
)
def test_json_media_types_and_none_are_read(live: Live, headers: Headers) -> None:
    """JSON under any JSON media type, or with none at all (RFC 9110 lets the server look)."""
    content = b'{"title": "Labelled", "mayor_name": "M"}'
    created = live.http.post("/tables", content=content, headers=headers)
    assert created.status_code == 201, created.text


def test_a_body_is_held_to_its_documented_types_without_coercion() -> None:
    """0 is no boolean and "3" no integer: the document says so, and so does the server."""
    with api_client() as client:
        for options in ({"skip_phase_1": 0}, {"decks": "1"}):
            body = {"title": "T", "mayor_name": "M", "options": options}
            refused = client.post("/tables", json=body)
            assert refused.status_code == 400, refused.text
            assert refused.json()["type"] == "/problems/invalid_request"
        accepted = {"title": "T", "mayor_name": "M", "options": {"skip_phase_1": False}}
        assert client.post("/tables", json=accepted).status_code == 201


@pytest.fixture
def seated(live: Live) -> Live:
    """A table of its own on the live server, with a player's seat (`p1`): a body-less command
    that slipped through would start, close or rotate it, not the shared one."""
    table, mayor = new_table(live.http)
    seat(live.http, table, mayor)
    return Live(live.http, table, mayor)


#: the commands that take no body, by path under the table
BODILESS = ["/credential", "/start", "/close", "/seats/p1/invitation"]


@pytest.mark.parametrize("path", BODILESS)
@pytest.mark.parametrize(
    "content",
    [b'{"unknown": 1}', b'{"seat": "p1"}', b"[]", b"null", b'"x"', b"0"],
    ids=["unknown-field", "a-fields-name", "array", "null", "string", "number"],
)
def test_a_body_with_an_unknown_field_is_refused_and_changes_nothing(
    seated: Live, path: str, content: bytes
) -> None:
    """A command without fields takes no body (or an empty object): any other is refused
    before it runs, whatever the command (the Mayor's credential still reads the table)."""
    url = f"/tables/{seated.table}{path}"
    body = refused(
        seated,
        lambda: seated.http.post(url, content=content, headers=seated.mayor | JSON),
        400,
        "invalid_request",
    )
    assert "Expected `object`" in body["detail"] or "unknown field" in body["detail"]


@pytest.mark.parametrize("path", ["/start", "/close"])
@pytest.mark.parametrize("content", [b"", b"{}", b" { } "], ids=["none", "empty", "spaced"])
def test_a_command_without_fields_runs_with_no_body_or_an_empty_object(
    seated: Live, path: str, content: bytes
) -> None:
    before = seated.version()
    url = f"/tables/{seated.table}{path}"
    answer = seated.http.post(url, content=content, headers=seated.mayor | JSON)
    assert answer.status_code == 200, answer.text
    assert seated.version() > before


@pytest.mark.parametrize(
    ("path", "content", "key"),
    [
        ("/seats", b'{"name": "a", "name": "b"}', "name"),
        ("/seats/remove", b'{"seat": "p1", "seat": "p1"}', "seat"),
        ("/start", b'{"a": 1, "a": 1}', "a"),
    ],
    ids=["two-values", "the-same-value-twice", "bodiless"],
)
def test_a_json_object_naming_a_key_twice_is_refused_and_changes_nothing(
    seated: Live, path: str, content: bytes, key: str
) -> None:
    url = f"/tables/{seated.table}{path}"
    body = refused(
        seated,
        lambda: seated.http.post(url, content=content, headers=seated.mayor | JSON),
        400,
        "duplicate_key",
    )
    assert repr(key) in body["detail"]


def test_a_key_named_twice_in_a_nested_object_is_refused(live: Live) -> None:
    content = b'{"title": "T", "mayor_name": "M", "options": {"mode": "normal", "mode": "wear"}}'
    answer = live.http.post("/tables", content=content, headers=JSON)
    body = assert_problem(answer, 400, "duplicate_key")
    assert "'mode'" in body["detail"]


# -- what a malformed request breaks, part by part ---------------------------------------------


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        ({"title": "", "gm_name": "Ana"}, "/title"),
        ({"title": "T", "gm_name": "Ana", "stray": 1}, "/stray"),
        ({"title": "T", "gm_name": "Ana", "options": {"mode": 3}}, "/options/mode"),
        ({"title": "T", "gm_name": "Ana", "options": {"weapons": {"Colt": {}}}}, "/options"),
        (["not", "an", "object"], ""),
    ],
)
def test_a_malformed_body_names_the_member_it_breaks(live: Live, body: Any, pointer: str) -> None:
    """RFC 9457's `errors`: each part of the request that breaks the document, a member of the
    body by its JSON Pointer, so that a program can mark the field."""
    refused_ = assert_problem(live.http.post("/tables", json=body), 400, "invalid_request")
    (part,) = refused_["errors"]
    assert part["pointer"].startswith(pointer) and part["detail"] == refused_["detail"]


def test_a_malformed_parameter_is_named_with_where_it_is(live: Live) -> None:
    url = f"/tables/{live.table}/events"
    body = refused(
        live,
        lambda: live.http.get(url, params={"limit": 0}, headers=live.mayor),
        400,
        "invalid_request",
    )
    assert body["errors"] == [
        {"detail": "Expected `int` >= 1", "parameter": "limit", "location": "query"}
    ]


def test_a_refusal_by_the_rules_names_no_part(live: Live) -> None:
    """A rule's refusal is about the table, not a member of the request: no `errors`."""
    body = refused(
        live,
        lambda: live.http.post("/tables", json={"title": "T", "gm_name": "A", "system": "nope"}),
        400,
        "invalid_request",
    )
    assert body["errors"][0]["pointer"] == "/system"
    money = {"character": "c99", "money": 1, "reason": "payday"}
    url = f"/tables/{live.table}/money"
    rule = refused(
        live, lambda: live.http.post(url, json=money, headers=live.mayor), 404, "unknown_character"
    )
    assert "errors" not in rule
