"""The shapes of the document generated clients read (docs/contract.md, "Shapes every release
keeps"; issue 25, items 3, 5, 8 and 9): one media type per success answer, no nullable
parameter, integers a JavaScript client reads exactly, enums as components, no property
typed `null` alone, plural paths with the former ones deprecated and still answered."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from service.openapi_shapes import CHARACTER_ID, ENUMS, request_components
from service.routes import DEPRECATED_SUFFIX, RENAMED
from tests.api_helpers import api_client, ok

COMMITTED = Path(__file__).parent.parent / "openapi" / "openapi.json"
DOCUMENT: dict[str, Any] = json.loads(COMMITTED.read_text())
SCHEMAS: dict[str, Any] = DOCUMENT["components"]["schemas"]
SAFE_INTEGER = 2**53 - 1
NDJSON = "application/x-ndjson"
#: the one operation whose success answers two media types, both text
#: the NDJSON exports also answer their lines as a file (`application/octet-stream`), which a
#: generator that reads no NDJSON keeps
AS_FILE = {NDJSON, "application/octet-stream"}
TWO_BODIES = {
    "streamEvents": {"text/event-stream", NDJSON},
    "exportEvents": AS_FILE,
    "exportClosedTables": AS_FILE,
}


def operations() -> Iterator[tuple[str, str, dict[str, Any]]]:
    for path, methods in DOCUMENT["paths"].items():
        for method, operation in methods.items():
            yield path, method, operation


def nodes(node: Any, where: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every object of the document, with where it is."""
    if isinstance(node, dict):
        yield where, node
        for key, value in node.items():
            yield from nodes(value, f"{where}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from nodes(value, f"{where}/{index}")


def test_each_success_answers_one_media_type_and_the_log_page_is_json_only() -> None:
    for path, method, operation in operations():
        for status, response in operation["responses"].items():
            media = set(response.get("content", {}))
            if status.startswith("2") and len(media) > 1:
                assert TWO_BODIES.get(operation["operationId"]) == media, (
                    f"{method} {path} {status} answers {sorted(media)}"
                )
    log = DOCUMENT["paths"]["/tables/{table_id}/events"]["get"]["responses"]["200"]
    assert set(log["content"]) == {"application/json"}
    export = DOCUMENT["paths"]["/tables/{table_id}/events/export"]["get"]
    assert export["operationId"] == "exportEvents"
    assert set(export["responses"]["200"]["content"]) == AS_FILE


def test_no_parameter_is_nullable_and_integer_bounds_are_exact_safe_integers() -> None:
    """A client leaves a parameter out: none is nullable (the server refuses a query's `null`
    where it is not text: tests/test_query_nulls.py)."""
    for path, method, operation in operations():
        for parameter in operation.get("parameters", []):
            schema = parameter["schema"]
            text = json.dumps({k: v for k, v in schema.items() if k != "description"})
            assert "null" not in text, f"{method} {path}: {parameter['name']}"
    for where, node in nodes(DOCUMENT):
        for bound in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
            value = node.get(bound)
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                assert abs(value) <= SAFE_INTEGER, f"{where}: {bound} {value}"
                kinds = node.get("type")
                if kinds == "integer" or (isinstance(kinds, list) and "integer" in kinds):
                    assert isinstance(value, int), f"{where}: {bound} {value!r}"


def test_enums_a_client_names_are_components_and_none_is_inline_and_nullable() -> None:
    for name, values, _, _ in ENUMS:
        assert SCHEMAS[name]["enum"] == values
    for where, node in nodes(DOCUMENT["components"]):
        enum = node.get("enum")
        if isinstance(enum, list) and where.count("/") > 2:  # not an enum component itself
            kinds = node.get("type")
            assert None not in enum, f"{where}: a nullable inline enum"
            assert not (isinstance(kinds, list) and "null" in kinds), f"{where}: nullable"
        for key in ("anyOf", "oneOf"):
            members = node.get(key)
            if isinstance(members, list) and {"type": "null"} in members:
                assert not any("enum" in member for member in members), (
                    f"{where}: a nullable inline enum"
                )
    # one component for a step die, whatever the attribute
    attributes = SCHEMAS["StepdiceAttributes"]["properties"]
    assert {json.dumps(part.get("$ref")) for part in attributes.values()} == {
        '"#/components/schemas/StepdiceDie"'
    }


def test_no_property_is_typed_null_alone() -> None:
    """openapi-fetch's `Readable<>` drops such a property from a TypeScript type."""
    for where, node in nodes(DOCUMENT["components"]):
        for name, part in (node.get("properties") or {}).items():
            if isinstance(part, dict):
                assert part.get("type") != "null", f"{where}/properties/{name}"


def test_character_ids_of_command_bodies_are_never_empty() -> None:
    for name in request_components(DOCUMENT):
        for field, part in SCHEMAS[name].get("properties", {}).items():
            if field == "character" and part.get("type") == "string":
                assert {k: part.get(k) for k in CHARACTER_ID} == CHARACTER_ID, f"{name}.{field}"
    combatants = SCHEMAS["AsaltosStartCombat"]["properties"]["combatants"]
    assert combatants["uniqueItems"] is True


def test_renamed_paths_are_plural_and_their_former_paths_deprecated() -> None:
    table = "/tables/{table_id}"
    for new, old in RENAMED.items():
        for method, successor in DOCUMENT["paths"][f"{table}{new}"].items():
            former = DOCUMENT["paths"][f"{table}{old}"][method]
            assert former["deprecated"] is True
            assert former["operationId"] == f"{successor['operationId']}{DEPRECATED_SUFFIX}"
            body = former["requestBody"]["content"]["application/json"]
            assert (
                body["schema"] == successor["requestBody"]["content"]["application/json"]["schema"]
            )
            for status, response in former["responses"].items():
                if status.startswith("2"):
                    assert "Deprecation" in response["headers"], f"{old} {status}"
    # the former paths are the only deprecated operations, and no other path is singular
    formers = {f"{table}{old}" for old in RENAMED.values()}
    for path, method, operation in operations():
        assert bool(operation.get("deprecated")) == (path in formers), f"{method} {path}"
        if path not in formers:
            assert not {"test", "combat", "drinking-duel"} & set(path.split("/")), path
            assert not path.startswith(f"{table}/house"), path


@pytest.mark.parametrize("former", ["/fate/scene/end", "/fate/scenes/end"])
def test_a_former_path_answers_as_its_successor_with_deprecation(former: str) -> None:
    with api_client() as client:
        created = ok(
            client.post("/tables", json={"title": "t", "gm_name": "G", "system": "fate"}), 201
        )
        headers = {"Authorization": f"Bearer {created['credential']}"}
        answer = client.post(
            f"/tables/{created['table_id']}{former}",
            headers=headers,
            json={"breather": True, "reason": "a rest"},
        )
        assert answer.status_code == 200, answer.text
        deprecated = former in RENAMED.values()
        assert answer.headers.get("Deprecation") == ("@1795737600" if deprecated else None)


def test_the_log_as_ndjson_answers_on_its_own_operation_and_deprecated_on_listevents() -> None:
    with api_client() as client:
        created = ok(
            client.post("/tables", json={"title": "t", "gm_name": "G", "system": "fate"}), 201
        )
        headers = {"Authorization": f"Bearer {created['credential']}"}
        events = f"/tables/{created['table_id']}/events"
        exported = client.get(f"{events}/export", headers=headers)
        assert exported.status_code == 200
        assert exported.headers["content-type"].startswith(NDJSON)
        assert "Deprecation" not in exported.headers
        old = client.get(events, headers={**headers, "Accept": NDJSON})
        assert old.status_code == 200 and old.text == exported.text
        assert old.headers["Deprecation"] == "@1795737600"
        line = json.loads(exported.text.splitlines()[0])
        assert line["type"] == "TableCreated" and line["table_id"] == created["table_id"]
