"""The read model over HTTP: the operator's figures of closed tables, a closed table's
figures served from it, and its lag as a metric."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any
from uuid import UUID

import msgspec
import pytest
from litestar.testing import TestClient

from projections.stats import table_stats
from service.analytics import Analytics
from service.app import create_app
from service.settings import Settings
from tests.api_helpers import bearer, ok, seat_player
from tests.frontera_helpers import in_memory_tables

TOKEN = "an-operators-token-for-analytics-tests"
OPERATOR = bearer(TOKEN)


@pytest.fixture
def client() -> Iterator[TestClient[Any]]:
    app = create_app(Settings(operator_token=TOKEN, commands_per_second=0), in_memory_tables())
    with TestClient(app) as client:
        yield client


def new_table(client: TestClient[Any], body: dict[str, Any]) -> tuple[str, dict[str, str]]:
    created = ok(client.post("/tables", json={"title": "T", "mayor_name": "M", **body}), 201)
    table, gm = created["table_id"], bearer(created["credential"])
    seat_player(client, table, gm, "Judit")
    return table, gm


def lag(client: TestClient[Any]) -> float:
    text = client.get("/metrics", headers=OPERATOR).text
    found = re.search(r"^saloon_analytics_lag_events ([0-9.e+]+)$", text, re.M)
    assert found, "no analytics lag in the metrics"
    return float(found.group(1))


def caught_up(client: TestClient[Any]) -> None:
    deadline = time.monotonic() + 10
    while lag(client) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert lag(client) == 0


def test_the_operator_adds_up_closed_tables_only_per_system_and_mode(
    client: TestClient[Any],
) -> None:
    tables = {
        "quiet": new_table(client, {"options": {"mode": "no_management"}}),
        "normal": new_table(client, {"options": {"mode": "normal"}}),
        "dice": new_table(client, {"system": "stepdice"}),
        "open": new_table(client, {"options": {"mode": "no_management"}}),
    }
    for name in ("quiet", "normal", "dice"):
        table, gm = tables[name]
        ok(client.post(f"/tables/{table}/close", json={}, headers=gm))
    ok(
        client.post(
            f"/tables/{tables['open'][0]}/seats", json={"name": "Eva"}, headers=tables["open"][1]
        ),
        201,
    )
    caught_up(client)
    figures = {
        name: ok(client.get(f"/tables/{table}/stats", headers=gm))
        for name, (table, gm) in tables.items()
    }

    everything = ok(client.get("/stats", headers=OPERATOR))
    assert everything["tables"] == 3
    by_group = {(t["system"], t["mode"]): t for t in everything["totals"]}
    assert set(by_group) == {
        ("frontera", "no_management"),
        ("frontera", "normal"),
        ("stepdice", None),
    }
    for name, group in (
        ("quiet", ("frontera", "no_management")),
        ("normal", ("frontera", "normal")),
        ("dice", ("stepdice", None)),
    ):
        assert by_group[group]["tables"] == 1
        assert by_group[group]["events"] == figures[name]["events"]
        assert by_group[group]["commands"] == figures[name]["commands"]
    # the open table's figures are nowhere: its mode's total is the closed table's alone
    assert figures["open"]["events"] > 0
    assert "seats" not in by_group[("frontera", "no_management")]

    assert ok(client.get("/stats", params={"system": "stepdice"}, headers=OPERATOR))["tables"] == 1
    assert ok(client.get("/stats", params={"mode": "normal"}, headers=OPERATOR))["tables"] == 1
    future = {"from": "2999-01-01T00:00:00Z"}
    assert ok(client.get("/stats", params=future, headers=OPERATOR)) == {"tables": 0, "totals": []}
    past = {"to": "2000-01-01T00:00:00+02:00"}
    assert ok(client.get("/stats", params=past, headers=OPERATOR))["tables"] == 0
    assert client.get("/stats", params={"from": "1700000000"}, headers=OPERATOR).status_code == 400
    assert client.get("/stats", headers=tables["quiet"][1]).status_code == 401


def test_a_closed_tables_figures_come_from_the_read_model_and_equal_its_log(
    client: TestClient[Any],
) -> None:
    table, gm = new_table(client, {"options": {"mode": "no_management"}})
    ok(client.post(f"/tables/{table}/close", json={}, headers=gm))
    caught_up(client)
    analytics: Analytics = client.app.state.analytics
    (stored,) = analytics.view.rows([UUID(table)]).values()
    served = ok(client.get(f"/tables/{table}/stats", headers=gm))
    as_json = msgspec.json.decode(
        msgspec.json.encode(table_stats(stored.table_id, stored.tally, closed=True))
    )
    assert served == as_json
    assert served["complete"] is True and served["closed"] is True
    assert served["events"] == stored.tally.version


def test_without_an_operator_token_the_operators_figures_are_absent() -> None:
    with TestClient(create_app(Settings(), in_memory_tables())) as client:
        answer = client.get("/stats", headers=OPERATOR)
        assert answer.status_code == 404
        assert answer.headers["content-type"].startswith("application/problem+json")
