"""A query's `null` of a parameter that is not text is refused (issue 25, item 8).

The document types an integer, time or enum query parameter without `null`: a client leaves
it out. Litestar would read `?version=null` as `version` left out; the server refuses it as a
wrong value instead (400 `invalid_request`, the parameter named in `errors`), before anything
runs. Every such parameter of every GET operation of the document is tried (derived from the
document, not listed here); a text parameter's `null` is still text (`?text=null` filters the
log by that word).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from service.app import create_app
from service.settings import Settings
from tests.api_helpers import bearer, ok
from tests.dice_http import new_table
from tests.live_server import serving

DOCUMENT = json.loads((Path(__file__).parent.parent / "openapi" / "openapi.json").read_text())
TOKEN = "operator-token-for-tests-0123456789"


def typed_query_parameters() -> Iterator[tuple[str, str]]:
    """(path, name) of every GET operation's query parameter that is not text: an integer, a
    boolean, a time, an enum or a list of them."""
    for path, operations in DOCUMENT["paths"].items():
        for parameter in operations.get("get", {}).get("parameters", []):
            schema = parameter["schema"]
            text = schema.get("type") == "string" and not {"format", "enum"} & schema.keys()
            if parameter["in"] == "query" and not text:
                yield path, parameter["name"]


@pytest.fixture(scope="module")
def http(tmp_path_factory: pytest.TempPathFactory) -> Iterator[httpx.Client]:
    settings = Settings(
        data_dir=tmp_path_factory.mktemp("nulls"), operator_token=TOKEN, commands_per_second=0
    )
    with serving(create_app(settings)) as url, httpx.Client(base_url=url, timeout=30) as client:
        yield client


@pytest.mark.parametrize(("path", "name"), sorted(set(typed_query_parameters())))
def test_null_of_a_parameter_that_is_not_text_is_refused(
    http: httpx.Client, path: str, name: str
) -> None:
    table = new_table(http, "stepdice", [4])
    # a table's reads as its game master, the server's as its operator
    headers = table.headers["gm"] if "{table_id}" in path else bearer(TOKEN)
    url = path.replace("{table_id}", table.id).replace("{number}", "1")
    before = ok(http.get(f"/tables/{table.id}/events", headers=table.headers["gm"]))
    answer = http.get(url, params={name: "null"}, headers=headers)
    assert answer.status_code == 400, answer.text
    problem = answer.json()
    assert problem["code"] == "invalid_request"
    assert [part["parameter"] for part in problem["errors"]] == [name]
    after = ok(http.get(f"/tables/{table.id}/events", headers=table.headers["gm"]))
    assert after == before


def test_the_parameters_tried_are_those_that_are_not_text() -> None:
    names = {name for _, name in typed_query_parameters()}
    assert {"version", "to_version", "after", "until", "since", "from", "to", "system"} <= names


def test_a_text_parameters_null_is_text(http: httpx.Client) -> None:
    table = new_table(http, "stepdice", [4])
    log = f"/tables/{table.id}/events"
    page = http.get(log, params={"text": "null"}, headers=table.headers["gm"])
    assert page.status_code == 200, page.text
