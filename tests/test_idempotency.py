"""Idempotency keys over real HTTP: remembered per seat whatever the traffic, across restarts,
outside the table's snapshots, and never shown to anyone."""

from __future__ import annotations

import json
from pathlib import Path
from uuid import UUID

import httpx
from eventsourcing.domain import Snapshot

from domain.application import Tables
from service.app import create_app
from service.settings import Settings
from tests.api_helpers import Headers, ok, seat_player
from tests.frontera_helpers import in_memory_tables
from tests.live_server import TLS, serving
from tests.test_api_protocol import PROTAGONIST, event_count, new_table

#: more keyed commands than the table used to remember
FLOOD = 300


def _money(http: httpx.Client, table: str, mayor: Headers, index: int) -> None:
    body = {"character": "c1", "money": index, "reason": "payday"}
    keyed = mayor | {"Idempotency-Key": f"mayor-{index}"}
    ok(http.post(f"/tables/{table}/money", json=body, headers=keyed))


def test_no_amount_of_other_keyed_commands_makes_a_table_forget_a_key() -> None:
    app = create_app(Settings(commands_per_second=0), tables=in_memory_tables())
    with serving(app) as url, httpx.Client(base_url=url, timeout=10, verify=TLS) as http:
        table, mayor = new_table(http)
        _, player = seat_player(http, table, mayor, "Ann")
        keyed = player | {"Idempotency-Key": "ann-creates-her-hero"}
        body = {"name": "Ann's", **PROTAGONIST}
        created = http.post(f"/tables/{table}/characters", json=body, headers=keyed)
        first = ok(created, 201)
        assert first["id"] == "c1"
        assert "idempotent-replayed" not in created.headers
        for index in range(FLOOD):
            _money(http, table, mayor, index)
        count = event_count(http, table, mayor)

        again = http.post(f"/tables/{table}/characters", json=body, headers=keyed)

        assert ok(again, 201) == first
        assert again.headers["idempotent-replayed"] == "true"
        assert again.headers["location"] == created.headers["location"]
        assert event_count(http, table, mayor) == count
        characters = ok(http.get(f"/tables/{table}", headers=player))["characters"]
        assert [c["id"] for c in characters] == ["c1"]


def test_a_key_outlives_the_process_and_a_retry_after_a_restart_applies_nothing(
    tmp_path: Path,
) -> None:
    settings = Settings(data_dir=tmp_path, commands_per_second=0)
    with (
        serving(create_app(settings)) as url,
        httpx.Client(base_url=url, timeout=10, verify=TLS) as http,
    ):
        table, mayor = new_table(http)
        keyed = mayor | {"Idempotency-Key": "seat-ann"}
        first = ok(http.post(f"/tables/{table}/seats", json={"name": "Ann"}, headers=keyed), 201)
        count = event_count(http, table, mayor)

    with (
        serving(create_app(settings)) as url,
        httpx.Client(base_url=url, timeout=10, verify=TLS) as http,
    ):
        again = http.post(f"/tables/{table}/seats", json={"name": "Ann"}, headers=keyed)
        assert ok(again, 201) == first
        assert again.headers["idempotent-replayed"] == "true"
        assert event_count(http, table, mayor) == count


def test_keys_are_kept_outside_the_tables_snapshots_and_shown_to_nobody() -> None:
    tables = in_memory_tables()
    app = create_app(Settings(commands_per_second=0), tables=tables)
    with serving(app) as url, httpx.Client(base_url=url, timeout=10, verify=TLS) as http:
        table, mayor = new_table(http)
        _, player = seat_player(http, table, mayor, "Ann")
        body = {"name": "Ann's", **PROTAGONIST}
        keyed = player | {"Idempotency-Key": "the-players-secret-key"}
        ok(http.post(f"/tables/{table}/characters", json=body, headers=keyed), 201)
        for index in range(120):  # past a snapshot or more
            _money(http, table, mayor, index)
        reads = [
            http.get(f"/tables/{table}/events", params={"limit": 500, "audit": audit}, headers=who)
            for who in (mayor, player)
            for audit in (False, True)
        ]
        text = json.dumps([r.text for r in reads])
        assert "the-players-secret-key" not in text and "mayor-7" not in text
        assert "fingerprint" not in text

    snapshots = _snapshots(tables, UUID(table))
    assert snapshots, "the table was never snapshot: the test proves nothing"
    for snapshot in snapshots:
        state = json.dumps(snapshot.state, default=str)
        assert "the-players-secret-key" not in state and "mayor-119" not in state


def _snapshots(tables: Tables, table_id: UUID) -> list[Snapshot]:
    assert tables.snapshots is not None
    return [s for s in tables.snapshots.get(table_id) if isinstance(s, Snapshot)]
