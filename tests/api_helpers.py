"""Small pieces every HTTP test uses: a test client on an in-memory app, credentials, checks."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from litestar.testing import TestClient

from service.app import create_app
from tests.frontera_helpers import in_memory_tables

Headers = dict[str, str]


@contextmanager
def api_client() -> Iterator[TestClient[Any]]:
    with TestClient(create_app(tables=in_memory_tables())) as client:
        yield client


def bearer(credential: str) -> Headers:
    return {"Authorization": f"Bearer {credential}"}


def ok(response: Any, status: int = 200) -> Any:
    """The response's JSON body, once its status is the expected one."""
    assert response.status_code == status, response.text
    return response.json()


def seat_player(client: Any, table_id: str, mayor: Headers, name: str) -> tuple[str, Headers]:
    """Seat a player the way real clients do, returning its seat id and its own headers: the
    Mayor invites, the player claims the seat with the invitation and keeps the credential.

    `client` is anything with httpx's `post` (a litestar TestClient, an httpx.Client).
    """
    invited = ok(client.post(f"/tables/{table_id}/seats", json={"name": name}, headers=mayor), 201)
    return invited["seat"], claim_seat(client, table_id, invited["seat"], invited["invitation"])


def claim_seat(client: Any, table_id: str, seat: str, invitation: str) -> Headers:
    """Claim a seat with its invitation (at a fork, the seat's credential at the source)."""
    path = f"/tables/{table_id}/seats/{seat}/claim"
    claimed = ok(client.post(path, json={"invitation": invitation}), 201)
    return bearer(claimed["credential"])
