"""The committed OpenAPI document is a contract a generated client can trust: requests as
strict as the server, stable names, headers and errors described; and what it allows the
server accepts, what it forbids the server refuses (400 `/problems/invalid_request`)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from litestar.testing import TestClient

from domain.application import Tables
from service.app import create_app
from service.settings import Settings
from tests.frontera_helpers import SERVER_KEY

DOCUMENT: dict[str, Any] = json.loads(
    (Path(__file__).parent.parent / "openapi" / "openapi.json").read_text()
)
SCHEMAS: dict[str, Any] = DOCUMENT["components"]["schemas"]
#: Frontera's and the shared operations: `<verb><Thing>`, camelCase (README: operationIds)
OPERATION_ID = re.compile(r"^[a-z]+(?:[A-Z][a-z]*)*$")
PROBLEM = "application/problem+json"


def operations() -> Iterator[tuple[str, str, dict[str, Any]]]:
    for path, item in DOCUMENT["paths"].items():
        for method, operation in item.items():
            yield path, method, operation


def resolve(schema: dict[str, Any]) -> dict[str, Any]:
    if "$ref" in schema:
        return dict(SCHEMAS[schema["$ref"].rsplit("/", 1)[1]])
    return schema


def objects_in(schema: dict[str, Any], seen: set[str]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every object schema a request body may hold, by name, nested ones included."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[1]
        if name in seen:
            return
        seen.add(name)
        schema = SCHEMAS[name]
        if schema.get("type") == "object":
            yield name, schema
    for key in ("items", "additionalProperties"):
        if isinstance(schema.get(key), dict):
            yield from objects_in(schema[key], seen)
    # `anyOf`: a new table's options are one of the systems' (each of them closed)
    alternatives = [*schema.get("oneOf", []), *schema.get("anyOf", [])]
    for sub in [*alternatives, *schema.get("properties", {}).values()]:
        yield from objects_in(sub, seen)


def test_every_operation_has_a_stable_camel_case_id_and_declared_tags() -> None:
    declared = {tag["name"] for tag in DOCUMENT["tags"]}
    assert all(tag.get("description") for tag in DOCUMENT["tags"])
    ids = [operation["operationId"] for _, _, operation in operations()]
    assert len(ids) == len(set(ids))
    for path, method, operation in operations():
        assert OPERATION_ID.match(operation["operationId"]), f"{method} {path}"
        assert operation["tags"] and set(operation["tags"]) <= declared, f"{method} {path}"


def test_every_request_body_is_closed_and_states_no_default() -> None:
    checked = set()
    for _, _, operation in operations():
        body = operation.get("requestBody", {}).get("content", {}).get("application/json")
        for name, schema in objects_in(body["schema"], set()) if body else ():
            assert schema.get("additionalProperties") is False, name
            for field, prop in schema.get("properties", {}).items():
                assert "default" not in prop, f"{name}.{field}"
            checked.add(name)
    assert {
        "CreateTable",
        "FronteraOptions",
        "FronteraWeapon",
        "FronteraCreateCharacter",
        "FronteraPurchase",
    } <= checked


def test_header_parameters_are_never_nullable_and_state_their_bounds() -> None:
    for path, method, operation in operations():
        for parameter in operation.get("parameters", []):
            if parameter["in"] == "header":
                assert parameter["schema"]["type"] == "string", f"{method} {path}"
                assert "oneOf" not in parameter["schema"], f"{method} {path}"
                if parameter["name"] == "If-Match":
                    assert parameter["schema"]["pattern"]
                if parameter["name"] == "Idempotency-Key":
                    assert parameter["schema"]["maxLength"] == 255
    creation = DOCUMENT["paths"]["/tables"]["post"]["parameters"]
    assert [p["schema"]["minLength"] for p in creation if p["name"] == "Idempotency-Key"] == [16]


def test_headers_and_errors_are_described() -> None:
    for path, method, operation in operations():
        for status, response in operation["responses"].items():
            if status.startswith("201"):
                assert "Location" in response.get("headers", {}), f"{method} {path}"
            if status[0] in "45":
                assert list(response["content"]) == [PROBLEM], f"{method} {path} {status}"
            for name, header in response.get("headers", {}).items():
                assert "schema" in resolve_header(header), f"{method} {path} {status} {name}"
            assert ({"WWW-Authenticate"} if status == "401" else set()) | (
                {"Retry-After"} if status in ("429", "503") else set()
            ) <= set(response.get("headers", {})), f"{method} {path} {status}"
        if path.startswith("/tables/") and method == "post":
            assert {"400", "405", "415", "429", "500"} <= set(operation["responses"])
            success = next(r for s, r in operation["responses"].items() if s.startswith("2"))
            assert "ETag" in success["headers"], f"{method} {path}"
        assert operation["security"] in (
            [],
            [{"bearer": []}],
            [{"operator": []}],
            [{"operator": []}, {}],
        ), path
    public = {
        "listSystems",
        "createTable",
        "claimSeat",
        "getHealth",
        "getLiveness",
        "getReadiness",
        "getProblemType",
    }
    operator = {"exportClosedTables", "getClosedTablesStats"}
    #: the operator's once a token is configured, else open
    operator_if_configured = {"getMetrics"}
    for _, _, operation in operations():
        assert (operation["security"] == []) == (operation["operationId"] in public)
        assert (operation["security"] == [{"operator": []}]) == (
            operation["operationId"] in operator
        )
        assert (operation["security"] == [{"operator": []}, {}]) == (
            operation["operationId"] in operator_if_configured
        )


def test_the_operator_has_a_bearer_scheme_of_its_own() -> None:
    schemes = DOCUMENT["components"]["securitySchemes"]
    assert schemes["operator"]["type"] == schemes["bearer"]["type"] == "http"
    assert schemes["operator"]["scheme"] == schemes["bearer"]["scheme"] == "bearer"
    assert schemes["operator"]["description"] != schemes["bearer"]["description"]


def resolve_header(header: dict[str, Any]) -> dict[str, Any]:
    if "$ref" in header:
        return dict(DOCUMENT["components"]["headers"][header["$ref"].rsplit("/", 1)[1]])
    return header


def test_the_error_headers_are_typed_and_those_every_such_error_carries_required() -> None:
    headers = DOCUMENT["components"]["headers"]
    assert headers["Retry-After"]["schema"] == {"type": "integer", "minimum": 1}
    assert headers["WWW-Authenticate"]["schema"] == {"type": "string"}
    assert headers["Retry-After"]["required"] and headers["WWW-Authenticate"]["required"]
    # a 429 is the command budget's (with it) or a stream slot's (without)
    for name in ("RateLimit", "RateLimit-Policy"):
        assert not headers[name].get("required", False)
        assert headers[name]["schema"]["type"] == "string"


def test_the_stream_declares_last_event_id_as_an_optional_string() -> None:
    stream = DOCUMENT["paths"]["/tables/{table_id}/stream"]["get"]
    (header,) = [p for p in stream["parameters"] if p["name"] == "Last-Event-ID"]
    assert (header["in"], header["required"], header["schema"]["type"]) == (
        "header",
        False,
        "string",
    )


def test_ids_that_are_uuids_are_typed_as_uuids() -> None:
    for name, fields in (
        ("TableCreated", ["table_id"]),
        ("TableForked", ["table_id", "forked_from"]),
    ):
        for field in fields:
            assert SCHEMAS[name]["properties"][field]["format"] == "uuid"


#: the operations whose body the README's curl session shows
README_BODIES = {
    "createTable", "addSeat", "claimSeat", "createCharacter", "openTraitTest", "draw", "choose",
    "openOpposedTest", "openCombat", "startCombatTurn", "declareAction", "chooseAttacks",
    "sufferAccident", "openMedicalCare", "advanceTime", "drink", "faceThreat", "startHouseGame",
    "playHouseRound", "tryToStopGambling", "pickCards",
}  # fmt: skip


def test_the_readme_bodies_are_examples_that_keep_to_their_schemas() -> None:
    shown = set()
    for path, method, operation in operations():
        body = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
        for example in body.get("examples", {}).values():
            # the body's schema, its references resolved in the document's components
            schema = {**body["schema"], "components": DOCUMENT["components"]}
            errors = list(Draft202012Validator(schema).iter_errors(example["value"]))
            assert not errors, f"{method} {path}: {[error.message for error in errors]}"
            shown.add(operation["operationId"])
    assert shown == README_BODIES


# -- what the document allows is accepted, what it forbids is refused -----------------------


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient[Any]]:
    tables = Tables({"PERSISTENCE_MODULE": "eventsourcing.popo"}, server_key=SERVER_KEY)
    with TestClient(create_app(Settings(commands_per_second=0), tables=tables)) as client:
        yield client


def bounds(schema: str, field: str) -> dict[str, Any]:
    """A field's schema; of an optional field, the branch that is not null."""
    prop = dict(resolve(SCHEMAS[schema])["properties"][field])
    branches = [b for b in prop.get("oneOf", []) if b.get("type") != "null"]
    return {**prop, **branches[0]} if len(branches) == 1 else prop


def text_cases(schema: str, field: str) -> list[tuple[str, bool]]:
    """Strings at the field's length bounds (accepted) and just past them (refused)."""
    prop = bounds(schema, field)
    low, high = prop["minLength"], prop["maxLength"]
    return [("x" * low, True), ("x" * high, True), ("x" * (high + 1), False)] + (
        [("", False)] if low == 1 else []
    )


def number_cases(schema: str, field: str) -> list[tuple[int, bool]]:
    prop = bounds(schema, field)
    low, high = prop["minimum"], prop.get("maximum")
    cases = [(low, True), (low - 1, False)]
    return cases + ([(high, True), (high + 1, False)] if high is not None else [])


def create(client: TestClient[Any], body: dict[str, Any], **headers: str) -> Any:
    names = {} if "mayor_name" in body else {"gm_name": "Ana"}  # the deprecated name, alone
    return client.post("/tables", json={"title": "T", **names, **body}, headers=headers)


def assert_verdict(response: Any, accepted: bool) -> None:
    if accepted:
        assert response.status_code != 400, response.text
    else:
        assert response.status_code == 400, response.text
        assert response.json()["type"] == "/problems/invalid_request"


@pytest.mark.parametrize(("value", "accepted"), text_cases("CreateTable", "title"))
def test_a_title_at_its_bounds_is_accepted_and_past_them_refused(
    client: TestClient[Any], value: str, accepted: bool
) -> None:
    assert_verdict(create(client, {"title": value}), accepted)


@pytest.mark.parametrize(
    ("field", "value", "accepted"),
    [
        (field, value, accepted)
        # the name, and its former name (undocumented, taken in its place with its bounds)
        for field in ("gm_name", "mayor_name")
        for value, accepted in text_cases("CreateTable", "gm_name")
    ],
)
def test_a_name_at_its_bounds_is_accepted_and_past_them_refused(
    client: TestClient[Any], field: str, value: str, accepted: bool
) -> None:
    assert_verdict(create(client, {field: value}), accepted)


@pytest.mark.parametrize(
    ("field", "value", "accepted"),
    [
        (field, value, accepted)
        for field in ("jokers_per_deck", "decks", "removed_at_random")
        for value, accepted in number_cases("FronteraOptions", field)
    ],
)
def test_numeric_options_at_their_bounds_are_accepted_and_past_them_refused(
    client: TestClient[Any], field: str, value: int, accepted: bool
) -> None:
    assert_verdict(create(client, {"options": {field: value}}), accepted)


@pytest.mark.parametrize(
    ("mode", "accepted"),
    [*((mode, True) for mode in bounds("FronteraOptions", "mode")["enum"]), ("poker", False)],
)
def test_every_mode_the_document_lists_is_accepted_and_no_other(
    client: TestClient[Any], mode: str, accepted: bool
) -> None:
    assert_verdict(create(client, {"options": {"mode": mode}}), accepted)


def test_an_unknown_field_is_refused_as_the_closed_schema_says(client: TestClient[Any]) -> None:
    assert_verdict(create(client, {"colour": "red"}), False)
    assert_verdict(create(client, {"options": {"mode": "normal", "colour": "red"}}), False)


def test_the_readme_body_without_the_optional_fields_is_accepted(client: TestClient[Any]) -> None:
    response = create(client, {"options": {"mode": "no_management"}})
    assert response.status_code == 201
    assert response.headers["location"] == f"/tables/{response.json()['table_id']}"


@pytest.mark.parametrize(
    ("key", "accepted"),
    [("k" * 16, True), ("k" * 255, True), ("k" * 15, False), ("k" * 256, False)],
)
def test_a_creation_key_within_its_declared_lengths_is_accepted(
    client: TestClient[Any], key: str, accepted: bool
) -> None:
    assert_verdict(create(client, {}, **{"Idempotency-Key": key}), accepted)


def test_traits_are_the_four_declared_keys_within_their_range(client: TestClient[Any]) -> None:
    table = create(client, {}).json()
    mayor = {"Authorization": f"Bearer {table['credential']}"}
    url = f"/tables/{table['table_id']}/characters"
    traits = bounds("FronteraCreateCharacter", "traits")
    top = {name: prop["maximum"] for name, prop in traits["properties"].items()}
    sheet = {"name": "Grizzly", "kind": "npc", "skills": []}
    assert client.post(url, json={**sheet, "traits": top}, headers=mayor).status_code == 201
    for bad in ({**top, "hands": top["hands"] + 1}, {**top, "luck": 1}, {"hands": 1}):
        assert_verdict(client.post(url, json={**sheet, "traits": bad}, headers=mayor), False)


@pytest.mark.parametrize(
    ("tag", "accepted"), [('"1"', True), ('W/"1"', True), ("*", True), ("x", False)]
)
def test_if_match_follows_its_declared_pattern(
    client: TestClient[Any], tag: str, accepted: bool
) -> None:
    table = create(client, {}).json()
    headers = {"Authorization": f"Bearer {table['credential']}", "If-Match": tag}
    response = client.post(
        f"/tables/{table['table_id']}/seats", json={"name": "D"}, headers=headers
    )
    assert_verdict(response, accepted)


def test_the_server_decodes_every_example_it_shows(client: TestClient[Any]) -> None:
    """Past decoding, each example meets a table that does not exist (404), or none at all
    for a credential (401): never 400, the answer to a body the server cannot read."""
    table = "00000000-0000-4000-8000-000000000000"
    for path, method, operation in operations():
        body = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
        for example in body.get("examples", {}).values():
            url = path.replace("{table_id}", table).replace("{seat}", "s1")
            response = client.request(
                method, url, json=example["value"], headers={"Authorization": "Bearer x"}
            )
            assert response.status_code in (201, 401, 404), (path, response.text)


def test_metrics_answer_one_exact_content_type(client: TestClient[Any]) -> None:
    assert (
        client.get("/metrics").headers["content-type"] == "text/plain; version=1.0.0; charset=utf-8"
    )


@pytest.mark.parametrize(
    ("script", "accepted"),
    [(["d0:AS", "d0:10H", "d0:JK1"], True), (["d0:1S"], False), (["d0:AS", "d0:AS"], None)],
)
def test_a_scripted_order_keeps_to_the_card_id_pattern_of_its_optional_list(
    client: TestClient[Any], script: list[str], accepted: bool | None
) -> None:
    """litestar drops a Meta on the items of an optional list: the document states it."""
    items = bounds("FronteraOptions", "scripted_order")
    assert items["uniqueItems"] is True
    pattern = re.compile(items["items"]["pattern"])
    assert all(pattern.search(card) for card in script) is (accepted is not False)
    response = create(client, {"options": {"mode": "no_management", "scripted_order": script}})
    if accepted is None:  # twice the same card: the document's uniqueItems, refused by the rules
        assert response.status_code == 422
        assert response.json()["code"] == "invalid_options"
    else:
        assert_verdict(response, accepted)


def test_an_optional_integer_states_its_bounds_in_its_branch(client: TestClient[Any]) -> None:
    """A bound of 0 on an optional integer (litestar drops it) is in the document, and the
    server keeps to it."""
    prop = bounds("FronteraCreateCharacter", "fixed_draw")
    low, high = prop["minimum"], prop["maximum"]
    assert (low, high) == (0, 20)
    created = create(client, {}).json()
    mayor = {"Authorization": f"Bearer {created['credential']}"}
    sheet = {
        "name": "Hired gun",
        "kind": "henchman",
        "traits": {"hands": 3, "senses": 3, "muscle": 3, "head": 3},
        "skills": ["aim"],
    }
    path = f"/tables/{created['table_id']}/characters"
    for value, accepted in ((low, True), (high, True), (low - 1, False), (high + 1, False)):
        response = client.post(path, json={**sheet, "fixed_draw": value}, headers=mayor)
        assert_verdict(response, accepted)
        assert response.status_code == 201 or not accepted, response.text
