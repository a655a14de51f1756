"""The NDJSON exports over real HTTP, on SQLite (issue 14, exports).

A caller's `/events` as NDJSON, loaded with DuckDB, is exactly the concatenation of its JSON
pages (same events, order and content), for a player, the Mayor and the Mayor in audit, on a
Frontera table and on a dice system's; a player's export holds no card it may not see (the
hidden-card scan of tests/test_api_permissions.py) and no secret roll. The operator's export
holds the closed tables only, in the order they closed, each as every seat sees it once
closed, never a credential's digest, filtered by `since`; it is 404 without an operator token
configured, 401 without the token.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import UUID

import duckdb
import httpx
import pytest
from litestar import Litestar
from litestar.testing import TestClient

from domain.systems import RULE_SYSTEMS
from domain.table import Table as DomainTable
from service.app import create_app
from service.settings import Settings
from tests.api_helpers import bearer, ok
from tests.dice_http import new_table
from tests.frontera_helpers import in_memory_tables
from tests.frontera_support import SCRIPT, make_world
from tests.live_server import TLS, serving
from tests.permission_matrix import World
from tests.system_support import provided, rolls_secretly
from tests.test_api_permissions import forbidden_cards, playable
from tests.test_api_stepdice import character, roll_test, sheet

NDJSON = "application/x-ndjson"
TOKEN = "operator-token-for-tests-0123456789"
OPERATOR = bearer(TOKEN)
#: a page small enough for the session's log to take several
PAGE = 7


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Litestar, httpx.Client]]:
    """A server on a SQLite file, with an operator token."""
    settings = Settings(
        data_dir=tmp_path_factory.mktemp("exports"),
        operator_token=TOKEN,
        commands_per_second=0,
    )
    app = create_app(settings)
    with serving(app) as url, httpx.Client(base_url=url, timeout=30, verify=TLS) as client:
        yield app, client


@pytest.fixture(scope="module")
def http(served: tuple[Litestar, httpx.Client]) -> httpx.Client:
    return served[1]


def pages(client: httpx.Client, table: str, headers: dict[str, str], **params: Any) -> list[Any]:
    """The caller's log, page after page of `PAGE` events."""
    events: list[Any] = []
    after = params.pop("after", 0)
    while True:
        query = {**params, "after": after, "limit": PAGE}
        page = ok(client.get(f"/tables/{table}/events", params=query, headers=headers))
        events += page["events"]
        if page["next_after"] is None:
            return events
        after = page["next_after"]


def ndjson(client: httpx.Client, url: str, headers: dict[str, str], **params: Any) -> bytes:
    response = client.get(url, params=params, headers={**headers, "Accept": NDJSON})
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith(NDJSON)
    assert response.content == b"" or response.content.endswith(b"\n")
    return response.content


def log_ndjson(client: httpx.Client, table: str, headers: dict[str, str], **params: Any) -> bytes:
    return ndjson(client, f"/tables/{table}/events", headers, **params)


def loaded(path: Path, *extra: str) -> list[dict[str, Any]]:
    """The lines of an NDJSON file, as DuckDB reads them (`data` and `hidden` kept as JSON
    text, so that nothing of them is inferred away)."""
    columns = {
        **{name: "VARCHAR" for name in extra},
        "version": "BIGINT",
        "type": "VARCHAR",
        "actor": "VARCHAR",
        "at": "VARCHAR",
        "data": "JSON",
        "hidden": "JSON",
    }
    spec = ", ".join(f"'{name}': '{kind}'" for name, kind in columns.items())
    query = f"select * from read_ndjson('{path}', columns = {{{spec}}})"
    rows = duckdb.execute(query).fetchall()
    return [
        {
            **dict(zip(columns, row, strict=True)),
            "data": json.loads(row[len(extra) + 4]),
            "hidden": json.loads(row[len(extra) + 5]),
        }
        for row in rows
    ]


def assert_export_is_the_pages(
    client: httpx.Client,
    table: str,
    headers: dict[str, str],
    tmp_path: Path,
    name: str,
    **params: Any,
) -> list[Any]:
    """The caller's NDJSON, loaded with DuckDB, is its JSON pages end to end."""
    expected = pages(client, table, headers, **params)
    path = tmp_path / f"{name}.ndjson"
    path.write_bytes(log_ndjson(client, table, headers, **params))
    lines = loaded(path, "table_id", "system")
    # each line leads with its table, as the operator's export's do
    system = ok(client.get(f"/tables/{table}", headers=headers))["system"]
    assert {(line["table_id"], line["system"]) for line in lines} <= {(table, system)}
    assert [strip(line) for line in lines] == expected, name
    # and as an analyst would read it, types inferred
    counted = duckdb.read_json(str(path), format="newline_delimited")
    by_type = dict(counted.aggregate("type, count(*)").fetchall())
    assert by_type == Counter(event["type"] for event in expected), name
    return expected


def frontera_session(client: httpx.Client) -> World:
    """Ann (A) has played a resolved test, Bob (B) has drawn for the open one: the log holds
    cards Bob alone has seen, and the face-down deck."""
    world = make_world(client, {"mode": "no_management", "scripted_order": SCRIPT})
    ok(world.post("mayor", "/start"))
    trait = {"character": "c1", "trait": "senses", "difficulty": 8}
    ok(world.post("mayor", "/tests/trait", trait), 201)
    drawn = ok(world.post("A", "/tests/draw", {"character": "c1"}))["cards"]
    ok(world.post("A", "/tests/choose", {"character": "c1", "cards": [playable(drawn)]}))
    trait = {"character": "c2", "trait": "senses", "difficulty": 8}
    ok(world.post("mayor", "/tests/trait", trait), 201)
    ok(world.post("B", "/tests/draw", {"character": "c2"}))
    return world


def test_a_callers_ndjson_log_is_its_json_pages_loaded_with_duckdb(
    http: httpx.Client, tmp_path: Path
) -> None:
    world = frontera_session(http)
    version = ok(world.get("mayor"))["version"]
    assert version > 2 * PAGE  # several pages
    logs = {}
    for who, params in (("A", {}), ("B", {}), ("mayor", {}), ("mayor", {"audit": True})):
        name = f"{who}{'-audit' if params else ''}"
        logs[name] = assert_export_is_the_pages(
            http, world.table, world.headers[who], tmp_path, name, **params
        )
        assert [event["version"] for event in logs[name]] == list(range(1, version + 1))
    # the channels differ as the seats do: Bob's open draw is his, and the audit's
    assert logs["A"] != logs["B"] and logs["mayor"] != logs["mayor-audit"]
    # the pages' filters too: by type, by seat, after a version, up to one
    filters: list[dict[str, Any]] = [
        {"type": ["CardsDrawn", "TestOpened"]},
        {"seat": "p1"},
        {"after": 5},
        {"to_version": version - 2},
        {"after": 3, "seat": "p2", "type": ["CardsDrawn"]},
    ]
    for params in filters:
        name = "A-" + "-".join(map(str, params))
        assert_export_is_the_pages(http, world.table, world.headers["A"], tmp_path, name, **params)


def test_json_stays_the_default_and_ndjson_is_only_on_request(http: httpx.Client) -> None:
    world = make_world(http, {"mode": "no_management"})
    for accept in (None, "*/*", "application/json", "text/html", "application/*"):
        headers = {**world.headers["A"], **({"Accept": accept} if accept else {})}
        response = http.get(f"/tables/{world.table}/events", headers=headers)
        assert response.headers["content-type"].startswith("application/json"), accept
        assert ok(response)["events"]
    preferred = {**world.headers["A"], "Accept": f"{NDJSON}, application/json;q=0.5"}
    response = http.get(f"/tables/{world.table}/events", headers=preferred)
    assert response.headers["content-type"].startswith(NDJSON)


def test_each_export_answers_its_lines_as_a_file_on_request(
    served: tuple[Litestar, httpx.Client],
) -> None:
    """`Accept: application/octet-stream`: the same bytes as the NDJSON answer, as a file to
    save (what a client generated by a tool that reads no NDJSON asks for)."""
    _, http = served
    world = frontera_session(http)
    ok(world.post("mayor", "/close"))
    for url, headers in (
        (f"/tables/{world.table}/events/export", world.headers["A"]),
        ("/export", OPERATOR),
    ):
        lines = ndjson(http, url, headers)
        as_file = http.get(url, headers={**headers, "Accept": "application/octet-stream"})
        assert as_file.status_code == 200, as_file.text
        assert as_file.headers["content-type"] == "application/octet-stream"
        assert as_file.headers["content-disposition"].startswith("attachment; filename=")
        assert as_file.headers["content-disposition"].endswith('.ndjson"')
        assert as_file.content == lines


def test_the_ndjson_log_refuses_as_the_json_page_does(http: httpx.Client) -> None:
    world = make_world(http, {"mode": "no_management"})
    url = f"/tables/{world.table}/events"
    for who, params, status in (
        ("none", {}, 401),
        ("foreign", {}, 401),
        ("A", {"audit": True}, 403),
        ("A", {"type": "NoSuchEvent"}, 422),
    ):
        response = http.get(url, params=params, headers={**world.headers[who], "Accept": NDJSON})
        assert response.status_code == status, response.text
        assert response.headers["content-type"].startswith("application/problem+json")


# -- the hidden-card scan, on a player's export -----------------------------------------------


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient[Any]]:
    """In memory: the scan reads the domain's state for the cards each seat may not see."""
    with TestClient(create_app(tables=in_memory_tables())) as test_client:
        yield test_client


def exports(world: World, who: str, audit: bool) -> str:
    """Every NDJSON read of the log a caller has, without TableStarted (the canonical initial
    order, public by construction; tests/test_api_permissions.py leaves it out too)."""
    url = f"/tables/{world.table}/events"
    headers = {**world.headers[who], "Accept": NDJSON}
    bodies = [
        world.client.get(url, headers=headers, params={"audit": audit, **params})
        for params in ({}, {"seat": "p1"}, {"seat": "p2"}, {"seat": "mayor"}, {"after": 4})
    ]
    lines = []
    for body in bodies:
        assert body.status_code == 200, body.text
        lines += [json.loads(line) for line in body.text.splitlines()]
    return json.dumps([line for line in lines if line["type"] != "TableStarted"])


def test_no_hidden_card_and_no_seed_in_a_players_export(client: TestClient[Any]) -> None:
    world = make_world(client, {"mode": "normal"})
    ok(world.post("mayor", "/start"))
    participants = [{"character": c, "trait": "senses"} for c in ("c1", "c2", "c3")]
    ok(world.post("mayor", "/tests/opposed", {"participants": participants}), 201)
    hands = {
        character: ok(world.post(who, "/tests/draw", {"character": character}))["cards"]
        for who, character in (("A", "c1"), ("B", "c2"))
    }
    seed = client.app.state.tables.keys(UUID(world.table)).reveal_seed()
    for who, seat in (("A", "p1"), ("B", "p2"), ("mayor", "mayor")):
        plain = exports(world, who, audit=False)
        assert seed not in plain
        forbidden = forbidden_cards(client, world, seat, audit=False)
        assert len(forbidden) > 40  # the face-down decks, and the other's draw
        for card in sorted(forbidden):
            assert card not in plain, f"{card} leaks to {who}"
    # positive control: a player's export holds its own draw, not the other's
    own = exports(world, "A", audit=False)
    assert all(card in own for card in hands["c1"])
    assert not any(card in own for card in hands["c2"])
    # the Mayor's audit: nothing of the open test, nothing face down
    audit = exports(world, "mayor", audit=True)
    for card in sorted(forbidden_cards(client, world, "mayor", audit=True)):
        assert card not in audit, f"{card} leaks to the Mayor's audit"
    assert not any(card in audit for card in hands["c1"] + hands["c2"])


# -- a dice system's table ------------------------------------------------------------------


def test_a_stepdice_export_is_its_pages_and_keeps_a_blind_roll_secret(
    http: httpx.Client, tmp_path: Path
) -> None:
    table = new_table(http, "stepdice", [10, 1, 5, 5])
    character(table, "p1", "Rogue", attributes=sheet())
    answer = table.command("gm", "/stepdice/tests", roll_test("c1", "agilidad", visibility="blind"))
    ruling = {"roll": answer["roll"], "benefit": "extra_benefit", "description": "EXPORT-MARK"}
    table.command("gm", "/stepdice/benefits", ruling)
    table.command("gm", "/stepdice/tests", roll_test("c1", "agilidad"))
    for who in ("p1", "p2", "gm"):
        assert_export_is_the_pages(http, table.id, table.headers[who], tmp_path, who)
    assert b"EXPORT-MARK" in log_ndjson(http, table.id, table.headers["gm"])
    for player in ("p1", "p2"):
        assert b"EXPORT-MARK" not in log_ndjson(http, table.id, table.headers[player])
    table.command("gm", "/close")
    assert b"EXPORT-MARK" in log_ndjson(http, table.id, table.headers["p2"])
    exported = [line for line in export(http) if line["table_id"] == table.id]
    assert {line["system"] for line in exported} == {"stepdice"}
    assert "EXPORT-MARK" in json.dumps(exported)
    assert [strip(line) for line in exported] == pages(http, table.id, table.headers["p2"])


# -- the operator's export ------------------------------------------------------------------


def export(client: httpx.Client, **params: Any) -> list[dict[str, Any]]:
    body = ndjson(client, "/export", OPERATOR, **params)
    return [json.loads(line) for line in body.decode().splitlines()]


def strip(line: dict[str, Any]) -> dict[str, Any]:
    """An exported line without its table's fields: an event of the log."""
    return {k: v for k, v in line.items() if k not in ("table_id", "system")}


def closing_time(client: httpx.Client, table: str, headers: dict[str, str]) -> str:
    (closed,) = pages(client, table, headers, type=["TableClosed"])
    at: str = closed["at"]
    return at


def test_the_operator_exports_the_closed_tables_only_in_the_order_they_closed(
    served: tuple[Litestar, httpx.Client], tmp_path: Path
) -> None:
    app, http = served
    first = frontera_session(http)
    still_open = frontera_session(http)
    second = frontera_session(http)
    ok(second.post("mayor", "/close"))
    ok(first.post("mayor", "/close"))  # closes after the second: comes after it

    lines = export(http)
    tables = [line["table_id"] for line in lines]
    assert still_open.table not in tables
    ours = [table for table in dict.fromkeys(tables) if table in (first.table, second.table)]
    assert ours == [second.table, first.table]
    path = tmp_path / "export.ndjson"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    for world in (first, second):
        # contiguous, in version order, each event as every seat sees it after closing
        rows = [row for row in loaded(path, "table_id", "system") if row["table_id"] == world.table]
        start = tables.index(world.table)
        assert tables[start : start + len(rows)] == [world.table] * len(rows)
        assert {row["system"] for row in rows} == {"frontera"}
        logged = pages(http, world.table, world.headers["B"])
        assert [strip(row) for row in rows] == logged
        assert all(not row["hidden"] for row in rows)
    # never a credential's or invitation's digest, nor its name
    text = json.dumps(lines)
    assert "credential_hash" not in text and "invitation_hash" not in text
    for world in (first, second):
        table: DomainTable = app.state.tables.read(UUID(world.table), lambda t: t)
        digests = [seat.credential_hash for seat in table.seats.values()]
        assert digests and not any(digest in text for digest in digests)

    # since: the tables closed at or after it
    since = closing_time(http, first.table, first.headers["A"])
    later = {line["table_id"] for line in export(http, since=since)}
    assert first.table in later and second.table not in later and still_open.table not in later
    assert not export(http, since="2999-01-01T00:00:00Z")
    assert {line["table_id"] for line in export(http, since="2000-01-01T00:00:00+02:00")} >= {
        first.table,
        second.table,
    }
    response = http.get("/export", params={"since": "yesterday"}, headers=OPERATOR)
    assert response.status_code == 400
    assert response.headers["content-type"].startswith("application/problem+json")


@pytest.mark.parametrize(
    "moment",
    ["9999-12-31T23:59:59-23:59", "0001-01-01T00:00:00+23:59", "1700000000"],
)
@pytest.mark.parametrize(
    ("path", "key"), [("/stats", "from"), ("/stats", "to"), ("/export", "since")]
)
def test_every_operator_date_filter_refuses_a_time_outside_years_1_to_9999_in_utc_with_400(
    http: httpx.Client, path: str, key: str, moment: str
) -> None:
    response = http.get(path, params={key: moment}, headers=OPERATOR)
    assert response.status_code == 400, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    problem = response.json()
    assert problem["type"] == "/problems/invalid_request"
    assert f"({key})" in problem["detail"]


def test_the_export_refuses_every_credential_but_the_operators(http: httpx.Client) -> None:
    world = make_world(http, {"mode": "no_management"})
    for headers in (
        {},
        bearer("not-the-token"),
        bearer(TOKEN + "x"),
        {"Authorization": f"Basic {TOKEN}"},
        world.headers["mayor"],
        world.headers["A"],
    ):
        response = http.get("/export", headers=headers)
        assert response.status_code == 401, response.text
        assert response.headers["www-authenticate"].startswith("Bearer")
        assert response.headers["content-type"].startswith("application/problem+json")
        assert response.json()["code"] == "invalid_operator_token"
    # and the operator's token is no seat's credential
    assert http.get(f"/tables/{world.table}", headers=OPERATOR).status_code == 401


def test_without_an_operator_token_the_export_is_absent(tmp_path: Path) -> None:
    app = create_app(Settings(data_dir=tmp_path), tables=in_memory_tables())
    with serving(app) as url, httpx.Client(base_url=url, verify=TLS) as http:
        for headers in ({}, OPERATOR, bearer("not-the-token")):
            response = http.get("/export", headers=headers)
            assert response.status_code == 404, response.text
            assert response.headers["content-type"].startswith("application/problem+json")
            assert "www-authenticate" not in response.headers


# -- the README's snippets ------------------------------------------------------------------


def readme_snippets(section: str) -> list[str]:
    """The Python blocks of the README's `section`, as written."""
    text = (Path(__file__).parents[1] / "README.md").read_text()
    body = text.split(f"\n## {section}\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", body, flags=re.DOTALL)


def test_the_readmes_pandas_and_duckdb_snippets_run_as_written_on_every_systems_export(
    http: httpx.Client, tmp_path: Path
) -> None:
    """A closed table of every registered system in the operator's export (so `data` varies
    as a real export's does), a Mayor's log beside it: each snippet runs, and reads the
    cards drawn from the pile and the time each table played."""
    frontera = frontera_session(http)
    drawn_from_pile = sum(
        len(event["data"]["cards"])
        for event in pages(http, frontera.table, frontera.headers["mayor"], type=["CardsDrawn"])
        if event["data"]["source"] == "pile"
    )
    (tmp_path / "table.ndjson").write_bytes(
        log_ndjson(http, frontera.table, frontera.headers["mayor"])
    )
    ok(frontera.post("mayor", "/close"))
    rollers = [system for system in RULE_SYSTEMS if rolls_secretly(system)]
    for system in rollers:
        provided(system, "secret_rolls").table(http).command("gm", "/close")
    (tmp_path / "closed.ndjson").write_bytes(ndjson(http, "/export", OPERATOR))

    snippets = readme_snippets("Analytics exports")
    assert len(snippets) == 2
    for snippet in snippets:
        ran = subprocess.run(
            [sys.executable, "-W", "error", "-c", snippet],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert ran.returncode == 0, ran.stderr
        for system in ("frontera", *rollers):
            assert system in ran.stdout
        # the pile's draws, counted from `data`: the same number from both libraries
        rows = [line.split() for line in ran.stdout.splitlines() if frontera.table in line]
        assert any(str(drawn_from_pile) in row for row in rows), ran.stdout
