"""A refused parameter is named as the request names it: the document's name (`from`,
`If-Match`, `Last-Event-ID`), never the handler's argument (`since`, `if_match`), so that a
client can tell which of its parameters was wrong; a command sent without a body is told so.

Every query parameter with a typed value of every GET operation is tried (derived from the
document), with a value of the wrong type.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from service.app import create_app
from service.settings import Settings
from tests.api_helpers import bearer
from tests.dice_http import new_table
from tests.live_server import serving

DOCUMENT = json.loads((Path(__file__).parent.parent / "openapi" / "openapi.json").read_text())
TOKEN = "operator-token-for-tests-0123456789"


def typed_query_parameters() -> Iterator[tuple[str, str]]:
    """(path, name) of every GET operation's query parameter whose value is a number or a
    time: a word is no value of either."""
    for path, operations in DOCUMENT["paths"].items():
        for parameter in operations.get("get", {}).get("parameters", []):
            schema = parameter["schema"]
            typed = schema.get("type") == "integer" or schema.get("format") == "date-time"
            if parameter["in"] == "query" and typed:
                yield path, parameter["name"]


@pytest.fixture(scope="module")
def http(tmp_path_factory: pytest.TempPathFactory) -> Iterator[httpx.Client]:
    settings = Settings(
        data_dir=tmp_path_factory.mktemp("names"), operator_token=TOKEN, commands_per_second=0
    )
    with serving(create_app(settings)) as url, httpx.Client(base_url=url, timeout=30) as client:
        yield client


def _refused_parameters(answer: httpx.Response) -> list[str]:
    assert answer.status_code == 400, answer.text
    problem = answer.json()
    assert problem["code"] == "invalid_request", problem
    names = [part["parameter"] for part in problem["errors"]]
    assert all(f"({name})" in problem["detail"] for name in names), problem
    return names


@pytest.mark.parametrize(("path", "name"), sorted(set(typed_query_parameters())))
def test_a_wrong_query_parameter_is_named_as_the_document_names_it(
    http: httpx.Client, path: str, name: str
) -> None:
    table = new_table(http, "stepdice", [4])
    headers = table.headers["gm"] if "{table_id}" in path else bearer(TOKEN)
    url = path.replace("{table_id}", table.id).replace("{number}", "1")
    assert _refused_parameters(http.get(url, params={name: "soon"}, headers=headers)) == [name]


def test_a_wrong_header_is_named_as_the_document_names_it(http: httpx.Client) -> None:
    table = new_table(http, "stepdice", [4])
    gm = table.headers["gm"]
    start = http.post(f"/tables/{table.id}/start", headers={**gm, "If-Match": "soon"})
    assert _refused_parameters(start) == ["If-Match"]
    stream = http.get(f"/tables/{table.id}/stream", headers={**gm, "Last-Event-ID": "soon"})
    assert _refused_parameters(stream) == ["Last-Event-ID"]


def test_a_command_sent_without_its_body_is_told_so(http: httpx.Client) -> None:
    answer = http.post("/tables", headers={"Content-Type": "application/json"})
    assert answer.status_code == 400, answer.text
    problem = answer.json()
    assert problem["code"] == "invalid_request"
    assert problem["errors"] == [{"detail": problem["detail"], "pointer": ""}]
    assert "body" in problem["detail"]
