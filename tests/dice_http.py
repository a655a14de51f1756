"""A dice system's table over real HTTP, and what a seat reads of a roll through each channel:
shared by the stepdice and asaltos tests (tests/test_api_stepdice.py, test_api_asaltos.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx

from tests.api_helpers import Headers, bearer, claim_seat, ok, seat_player
from tests.ndjson_stream import stream_events
from tests.test_api_protocol import read_events
from tests.test_event_schema import _validator

SEATS = ("gm", "p1", "p2")


@dataclass
class Table:
    """A dice system's table over HTTP: the game master and players p1 and p2, by seat."""

    http: httpx.Client
    id: str
    headers: dict[str, Headers] = field(default_factory=dict)

    def post(self, who: str, path: str, body: Any = None) -> httpx.Response:
        return self.http.post(f"/tables/{self.id}{path}", json=body, headers=self.headers[who])

    def get(self, who: str, path: str = "", **params: Any) -> httpx.Response:
        return self.http.get(f"/tables/{self.id}{path}", params=params, headers=self.headers[who])

    def command(self, who: str, path: str, body: Any = None, status: int = 200) -> Any:
        return ok(self.post(who, path, body), status)

    def view(self, who: str, **params: Any) -> Any:
        return ok(self.get(who, **params))

    def version(self) -> int:
        version: int = self.view("gm")["version"]
        return version

    def log(self, who: str, *types: str, **params: Any) -> list[dict[str, Any]]:
        params = {"limit": 500, **params}
        if types:
            params["type"] = list(types)
        page = ok(self.get(who, "/events", **params))
        assert page["next_after"] is None
        found: list[dict[str, Any]] = page["events"]
        for event in found:  # as the document's `Event` says, secret fields masked or not
            errors = [error.message for error in _validator("Event").iter_errors(event)]
            assert not errors, (who, event, errors)
        return found

    def rolled(self, who: str, roll: int) -> dict[str, dict[str, Any]]:
        """The events of a roll as a seat reads them, by type (each type once)."""
        return {e["type"]: e for e in self.log(who) if e["data"].get("roll") == roll}

    def stream(self, who: str, until: int) -> list[dict[str, Any]]:
        url = f"/tables/{self.id}/stream"
        return [
            json.loads(data) for _, _, data in read_events(self.http, url, self.headers[who], until)
        ]

    def stream_ndjson(self, who: str, until: int) -> list[dict[str, Any]]:
        url = f"/tables/{self.id}/stream"
        return stream_events(self.http, url, self.headers[who], until)


def new_table(http: httpx.Client, system: str, faces: list[int], **options: Any) -> Table:
    """A table of `system` with the given scripted faces; the game master seats two players,
    who claim their seats."""
    created = ok(
        http.post(
            "/tables",
            json={
                "title": system.capitalize(),
                "gm_name": "The GM",
                "system": system,
                "options": {"scripted_rolls": faces, **options},
            },
        ),
        201,
    )
    assert created["seat"] == "gm"
    table = Table(http, created["table_id"])
    table.headers["gm"] = bearer(created["credential"])
    for name in ("Ana", "Bea"):
        seat, headers = seat_player(http, table.id, table.headers["gm"], name)
        table.headers[seat] = headers
    assert set(table.headers) == set(SEATS)
    return table


def events_in(body: Any) -> Iterator[dict[str, Any]]:
    """Every event object anywhere in a body (a page, a stream message)."""
    if isinstance(body, dict):
        if {"type", "data", "hidden"} <= body.keys():
            yield body
        for value in body.values():
            yield from events_in(value)
    elif isinstance(body, list):
        for value in body:
            yield from events_in(value)


def shows(body: Any, roll: int, secret_fields: dict[str, set[str]]) -> bool:
    """Whether a body shows anything of a roll beyond its existence: a view's result for it,
    or any of the `secret_fields` (by event type) of an event that names it. Fails if such an
    event is there with a secret field neither shown nor listed as hidden."""
    results = body.get("results") if isinstance(body, dict) else None
    if isinstance(results, list) and any(result["roll"] == roll for result in results):
        return True
    for event in events_in(body):
        if event["data"].get("roll") != roll:
            continue
        secret = secret_fields.get(event["type"], set())
        if any(event["data"][name] is not None for name in secret):
            return True
        assert secret <= set(event["hidden"]), event
    return False


def logged(body: Any, roll: int, event_type: str) -> bool:
    """Whether the log holds the roll's event of `event_type` (masked or not)."""
    return any(
        event["type"] == event_type and event["data"]["roll"] == roll for event in events_in(body)
    )


def every_read(table: Table, who: str) -> dict[str, Any]:
    """Every read a seat has of a table, by channel: its view, its view at every version,
    the log (in pages too), the stream from the start (as SSE and as NDJSON), each character."""
    view = table.view(who)
    reads: dict[str, Any] = {"view": view}
    for version in range(1, view["version"] + 1):
        reads[f"view at {version}"] = table.view(who, version=version)
    reads["log"] = ok(table.get(who, "/events", limit=500))
    for after in range(0, view["version"], 2):
        reads[f"log after {after}"] = ok(table.get(who, "/events", after=after, limit=2))
    reads["log of p1"] = ok(table.get(who, "/events", seat="p1", limit=500))
    reads["stream"] = table.stream(who, until=view["version"])
    reads["stream as NDJSON"] = table.stream_ndjson(who, until=view["version"])
    for character_id in ("c1", "c2"):
        reads[f"character {character_id}"] = ok(table.get(who, f"/characters/{character_id}"))
    return reads


def fork_for_everyone(table: Table) -> Table:
    """A fork of the table now; each player claims its seat there with its source credential."""
    forked = table.command("gm", "/fork", {"version": table.version(), "title": "What if"}, 201)
    fork = Table(table.http, forked["table_id"], {"gm": bearer(forked["credential"])})
    assert sorted(forked["unclaimed"]) == ["p1", "p2"]
    for seat in forked["unclaimed"]:
        credential = table.headers[seat]["Authorization"].removeprefix("Bearer ")
        fork.headers[seat] = claim_seat(table.http, fork.id, seat, credential)
    return fork
