"""The rule systems a client can discover, and a new table's options read as that system's."""

from __future__ import annotations

from litestar.testing import TestClient

from domain.systems import RULE_SYSTEMS
from service.app import create_app
from service.settings import Settings
from tests.frontera_helpers import in_memory_tables


def _client() -> TestClient:
    return TestClient(app=create_app(Settings(), tables=in_memory_tables()))


def test_every_registered_system_is_listed_with_its_default_options() -> None:
    with _client() as client:
        answer = client.get("/systems")
    assert answer.status_code == 200
    listed = {system["name"]: system for system in answer.json()}
    assert set(listed) == set(RULE_SYSTEMS)
    for name, system in RULE_SYSTEMS.items():
        assert listed[name]["gm_seat"] == system.gm_seat
        assert listed[name]["default_options"] == system.parse_options({})


def test_an_option_the_system_does_not_have_is_refused_as_malformed() -> None:
    body = {"title": "T", "mayor_name": "Ana", "options": {"mode": "normal", "dice": 3}}
    with _client() as client:
        answer = client.post("/tables", json=body)
        tables = client.app.state.tables
    assert answer.status_code == 400
    assert answer.json()["type"].endswith("/invalid_request")
    assert "dice" in answer.json()["detail"]
    assert tables.recorder.max_notification_id() in (0, None)


def test_each_system_lists_the_event_types_its_tables_log_and_the_log_filter_takes_them() -> None:
    """What a client needs for the log's `type` filter (the replay page's type list): every
    type a table of the system logs, each one the filter takes; none of another system."""
    with _client() as client:
        listed = {system["name"]: system["event_types"] for system in client.get("/systems").json()}
        for name, types in listed.items():
            assert {"TableCreated", "SeatJoined", "DiceRolled", "TableClosed"} <= set(types)
            qualified = {t.partition(".")[0] for t in types if "." in t}
            assert qualified <= {name}, name
            created = client.post(
                "/tables", json={"title": "T", "gm_name": "G", "system": name, "options": {}}
            )
            assert created.status_code == 201, created.text
            table, credential = created.json()["table_id"], created.json()["credential"]
            filtered = client.get(
                f"/tables/{table}/events",
                params={"type": types},
                headers={"Authorization": f"Bearer {credential}"},
            )
            assert filtered.status_code == 200, filtered.text
            assert [e["type"] for e in filtered.json()["events"]][:1] == ["TableCreated"]
    assert set(listed["frontera"]) & {"CardsDrawn", "TestOpened"}
