"""Conditional reads: every read of a table answers with the table's version as its ETag, and
an `If-None-Match` that still names it gets 304 with no body, for every registered system's
reads (the GET cells of its permission matrix, tests/<system>_support.py), once the caller is
authenticated: a 304 tells nothing to a caller the read would refuse."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from litestar.testing import TestClient

from tests.api_helpers import api_client, ok
from tests.permission_matrix import Cell, World
from tests.system_support import MISSING, cases, provided

DOCUMENT = json.loads((Path(__file__).parent.parent / "openapi" / "openapi.json").read_text())
#: the live stream is no representation to hold: it follows the table
LIVE = "/tables/{table_id}/stream"


def _reads(matrix: Any) -> list[str]:
    """The matrix's cells that read, and that the game master may read."""
    return [
        name
        for name, cell in matrix.endpoints.items()
        if cell.method == "GET" and cell.statuses[2] == 200 and "/stream" not in cell.path
    ]


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient[Any]]:
    """One app for the module: each test reads tables of its own (an ETag is its table's
    version, a rate limit its seat's), and an app built per test was most of their time."""
    with api_client() as test_client:
        yield test_client


def _read(world: World, cell: Cell, headers: dict[str, str] | None = None) -> Any:
    accept = {"Accept": cell.accept} if cell.accept else {}
    return world.client.get(
        f"/tables/{world.table}{cell.path}",
        params=cell.params,
        headers={**world.headers["mayor"], **accept, **(headers or {})},
    )


def _version(world: World) -> int:
    version: int = ok(world.get("mayor", "/events", params={"limit": 1}))["version"]
    return version


@pytest.mark.parametrize(("system", "endpoint"), cases("permissions", _reads))
def test_a_read_is_not_modified_while_the_table_stays_at_its_etag(
    client: TestClient[Any], system: str, endpoint: str
) -> None:
    assert endpoint != MISSING, f"{system} gives no permission matrix"
    matrix = provided(system, "permissions")
    cell: Cell = matrix.endpoints[endpoint]
    world = matrix.world(client, cell)
    cell.prepare(world)

    first = _read(world, cell)
    assert first.status_code == 200, first.text
    tag = first.headers["etag"]
    assert tag == f'"{_version(world)}"'

    again = _read(world, cell, {"If-None-Match": tag})
    assert (again.status_code, again.content, again.headers["etag"]) == (304, b"", tag)
    listed = _read(world, cell, {"If-None-Match": f'"0", W/{tag}'})
    assert listed.status_code == 304
    assert _read(world, cell, {"If-None-Match": "*"}).status_code == 304
    # an empty list names no ETag (RFC 9110's `#entity-tag`), an older one another version
    assert _read(world, cell, {"If-None-Match": ""}).status_code == 200
    assert _read(world, cell, {"If-None-Match": '"0"'}).status_code == 200
    # a 304 is only for whom the read would answer: no credential is still 401
    anonymous = world.client.get(
        f"/tables/{world.table}{cell.path}", params=cell.params, headers={"If-None-Match": tag}
    )
    assert anonymous.status_code == 401

    moved = world.post("mayor", "/seats", {"name": "Newcomer"})
    if moved.status_code == 409:  # a closed table never changes: its reads stay as they were
        assert _read(world, cell, {"If-None-Match": tag}).status_code == 304
        return
    ok(moved, 201)  # the table moves on
    changed = _read(world, cell, {"If-None-Match": tag})
    assert changed.status_code == 200, changed.text
    assert changed.headers["etag"] == f'"{_version(world)}"' != tag


def test_a_rewind_answers_as_of_the_table_now(client: TestClient[Any]) -> None:
    """What a seat may see of a past version changes with the table (a reveal, the closing):
    a rewind's ETag is the table's version now, never the version rewound to."""
    created = ok(client.post("/tables", json={"title": "T", "gm_name": "M"}), 201)
    mayor = {"Authorization": f"Bearer {created['credential']}"}
    table = created["table_id"]
    ok(client.post(f"/tables/{table}/seats", json={"name": "Ann"}, headers=mayor), 201)
    rewound = client.get(f"/tables/{table}", params={"version": 1}, headers=mayor)
    assert rewound.json()["version"] == 1 and rewound.headers["etag"] == '"2"'
    ok(client.post(f"/tables/{table}/close", headers=mayor))
    after = client.get(
        f"/tables/{table}", params={"version": 1}, headers=mayor | {"If-None-Match": '"2"'}
    )
    assert after.status_code == 200 and after.headers["etag"] == '"3"'


def test_every_read_of_a_table_but_the_live_stream_takes_if_none_match() -> None:
    for path, item in DOCUMENT["paths"].items():
        read = item.get("get")
        if not path.startswith("/tables/{table_id}") or read is None or path == LIVE:
            continue
        names = {parameter["name"] for parameter in read.get("parameters", [])}
        assert "If-None-Match" in names, path
        assert "304" in read["responses"], path
        assert "ETag" in read["responses"]["200"].get("headers", {}), path
