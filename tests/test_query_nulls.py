"""A query's `null` of a parameter that is not text is refused (issue 25, item 8), and any
refused parameter is named as the request names it.

The document types an integer, time or enum query parameter without `null`: a client leaves
it out. Litestar would read `?version=null` as `version` left out; the server refuses it as a
wrong value instead (400 `invalid_request`, the parameter named in `errors`), before anything
runs. Every such parameter of every GET operation of the document is tried (derived from the
document, not listed here); a text parameter's `null` is still text (`?text=null` filters the
log by that word).

A refused parameter, of any wrong value, is named in `errors` (and the `detail`) by the
document's name (`from`, `If-Match`, `Last-Event-ID`), never the handler's argument
(`since`, `if_match`), so that a client can tell which of its parameters was wrong; a
command sent without a body is told so.
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
from tests.live_server import TLS, serving

DOCUMENT = json.loads((Path(__file__).parent.parent / "openapi" / "openapi.json").read_text())
TOKEN = "operator-token-for-tests-0123456789"


def typed_query_parameters(scalar: bool = False) -> Iterator[tuple[str, str]]:
    """(path, name) of every GET operation's query parameter that is not text: an integer, a
    boolean, a time, an enum or a list of them; `scalar`, only an integer or a time (what a
    word is no value of, whatever the operation makes of an unknown name)."""
    for path, operations in DOCUMENT["paths"].items():
        for parameter in operations.get("get", {}).get("parameters", []):
            schema = parameter["schema"]
            text = schema.get("type") == "string" and not {"format", "enum"} & schema.keys()
            numbered = schema.get("type") == "integer" or schema.get("format") == "date-time"
            if parameter["in"] == "query" and not text and (numbered or not scalar):
                yield path, parameter["name"]


#: the integer and time parameters among them
SCALAR = set(typed_query_parameters(scalar=True))


@pytest.fixture(scope="module")
def http(tmp_path_factory: pytest.TempPathFactory) -> Iterator[httpx.Client]:
    settings = Settings(
        data_dir=tmp_path_factory.mktemp("nulls"), operator_token=TOKEN, commands_per_second=0
    )
    with (
        serving(create_app(settings)) as url,
        httpx.Client(base_url=url, timeout=30, verify=TLS) as client,
    ):
        yield client


def _refused_parameters(answer: httpx.Response) -> list[str]:
    assert answer.status_code == 400, answer.text
    problem = answer.json()
    assert problem["code"] == "invalid_request", problem
    names = [part["parameter"] for part in problem["errors"]]
    assert all(f"({name})" in problem["detail"] for name in names), problem
    return names


@pytest.mark.parametrize(("path", "name"), sorted(set(typed_query_parameters())))
def test_a_null_or_wrong_typed_parameter_is_refused_by_its_documented_name(
    http: httpx.Client, path: str, name: str
) -> None:
    table = new_table(http, "stepdice", [4])
    # a table's reads as its game master, the server's as its operator
    headers = table.headers["gm"] if "{table_id}" in path else bearer(TOKEN)
    url = path.replace("{table_id}", table.id).replace("{number}", "1")
    before = ok(http.get(f"/tables/{table.id}/events", headers=table.headers["gm"]))
    assert _refused_parameters(http.get(url, params={name: "null"}, headers=headers)) == [name]
    if (path, name) in SCALAR:  # nor is a word an integer or a time: named alike
        wrong = http.get(url, params={name: "soon"}, headers=headers)
        assert _refused_parameters(wrong) == [name]
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


def test_a_mode_that_is_no_modes_name_is_refused(http: httpx.Client) -> None:
    """The operator's figures filter by a game mode's name (letters, digits, `_`, `-`):
    anything else, a NUL say (which PostgreSQL's read model would fail on), is refused."""
    for mode in ("a\x00b", "no management", ""):
        answer = http.get("/stats", params={"mode": mode}, headers=bearer(TOKEN))
        assert _refused_parameters(answer) == ["mode"], mode
    assert http.get("/stats", params={"mode": "no_management"}, headers=bearer(TOKEN)).is_success
