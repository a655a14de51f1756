"""The permission matrix every rule system's tables are checked by (tests/test_api_permissions.py):
a table with its callers (a `World`), one cell per endpoint, and the check of a cell. Each
system brings its tables and cells (`tests/<system>_support.py`, tests/system_support.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tests.api_helpers import Headers, ok

CALLERS = ("none", "foreign", "A", "B", "mayor")
NDJSON = "application/x-ndjson"


@dataclass
class World:
    """A table with the Mayor, players A (p1, plays c1) and B (p2, plays c2), Billy (c3, NPC
    of the Mayor), and the credential of another table's Mayor."""

    #: a litestar TestClient, or an httpx.Client of a live server
    client: Any
    table: str
    headers: dict[str, Headers] = field(default_factory=dict)

    def post(self, who: str, path: str, body: Any = None, **kwargs: Any) -> Any:
        return self.client.post(
            f"/tables/{self.table}{path}", json=body, headers=self.headers[who], **kwargs
        )

    def get(self, who: str, path: str = "", **kwargs: Any) -> Any:
        return self.client.get(f"/tables/{self.table}{path}", headers=self.headers[who], **kwargs)


def closed(world: World) -> None:
    ok(world.post("mayor", "/close"))


def lobby(world: World) -> None:
    pass


@dataclass(frozen=True)
class Cell:
    prepare: Callable[[World], None]
    method: str
    path: str
    #: status for A, B and the Mayor; no or a foreign credential is always 401
    statuses: tuple[int, int, int]
    body: Any = None
    params: dict[str, Any] | None = None
    #: the media type asked for (`Accept`), if any
    accept: str | None = None


def check_cell(world: Any, cell: Any, caller: str) -> None:
    """One cell of a matrix: the caller's status; a refusal is problem+json, appends nothing,
    and a 401 names its scheme."""
    cell.prepare(world)
    before = ok(world.get("mayor", "/events", params={"limit": 500}))["version"]
    expected = dict(zip(("A", "B", "mayor"), cell.statuses, strict=True))
    expected.update(none=401, foreign=401)

    accept = {"Accept": cell.accept} if cell.accept else {}
    response = world.client.request(
        cell.method,
        f"/tables/{world.table}{cell.path}",
        json=cell.body,
        params=cell.params,
        headers={**world.headers[caller], **accept},
    )

    assert response.status_code == expected[caller], response.text
    if response.status_code < 300 and cell.accept:
        assert response.headers["content-type"].startswith(cell.accept)
    if response.status_code >= 400:
        assert response.headers["content-type"].startswith("application/problem+json")
        assert response.json()["status"] == response.status_code
        after = ok(world.get("mayor", "/events", params={"limit": 500}))["version"]
        assert after == before, "a rejected command appended events"
    if response.status_code == 401:
        assert response.headers["www-authenticate"].startswith("Bearer")
