"""The committed OpenAPI document is the app's schema (the one it serves), documents every
operation, types every event and links each creation to what follows."""

import json
from pathlib import Path
from urllib.parse import unquote

from service.openapi import render
from tests.api_helpers import api_client, ok

COMMITTED = Path(__file__).parent.parent / "openapi" / "openapi.json"
NDJSON = "application/x-ndjson"


def test_the_committed_openapi_document_matches_the_app() -> None:
    assert COMMITTED.read_text() == render(), "run `make openapi` and commit openapi/openapi.json"


def test_every_operation_has_a_summary_a_description_and_its_error_responses() -> None:
    document = json.loads(render())
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            assert operation.get("summary"), f"{method} {path} has no summary"
            assert operation.get("description"), f"{method} {path} has no description"
            if path.startswith("/tables/"):
                for status in ("401", "404"):
                    assert status in operation["responses"], f"{method} {path} lacks {status}"


def test_the_served_document_is_the_committed_one() -> None:
    with api_client() as client:
        assert ok(client.get("/schema/openapi.json")) == json.loads(COMMITTED.read_text())


def test_event_lists_and_the_stream_are_typed_with_the_union() -> None:
    document = json.loads(render())
    schemas = document["components"]["schemas"]
    assert "RedactedEvent" not in schemas
    event = {"$ref": "#/components/schemas/Event"}
    assert schemas["EventPage"]["properties"]["events"]["items"] == event
    assert schemas["FronteraTestRecord"]["properties"]["events"]["items"] == event
    ok_stream = document["paths"]["/tables/{table_id}/stream"]["get"]["responses"]["200"]
    # each body is a string (a generated client returns it as it is) decoding to a sequence
    # of messages (OpenAPI 3.2's `itemSchema`, as an extension), never described as one
    bodies = (("text/event-stream", "StreamSseMessage"), (NDJSON, "StreamMessage"))
    for media_type, message in bodies:
        body = ok_stream["content"][media_type]
        item = {"$ref": f"#/components/schemas/{message}"}
        assert body["x-itemSchema"] == item
        assert body["schema"]["type"] == "string"
        assert body["schema"]["contentMediaType"] == media_type
        assert body["schema"]["contentSchema"] == {"type": "array", "items": item}
    messages = schemas["StreamSseMessage"]["oneOf"]
    assert [m["properties"]["data"]["contentSchema"] for m in messages] == [
        event,
        {"$ref": "#/components/schemas/Problem"},
        {"$ref": "#/components/schemas/StreamClosing"},
    ]
    assert [m["properties"]["event"].get("const") for m in messages][1:] == [
        "problem",
        "closing",
    ]
    # an NDJSON line: a union discriminated by `message`, whose member of that name holds
    # what the SSE message's `data` holds
    lines = schemas["StreamMessage"]
    assert lines["discriminator"]["propertyName"] == "message"
    members = {
        tag: {
            name: {k: v for k, v in part.items() if k != "description"}
            for name, part in schemas[ref.rpartition("/")[2]]["properties"].items()
        }
        for tag, ref in lines["discriminator"]["mapping"].items()
    }
    assert members == {
        "event": {"message": {"type": "string", "const": "event"}, "event": event},
        "keep_alive": {"message": {"type": "string", "const": "keep_alive"}},
        "problem": {
            "message": {"type": "string", "const": "problem"},
            "problem": {"$ref": "#/components/schemas/Problem"},
        },
        "closing": {
            "message": {"type": "string", "const": "closing"},
            "closing": {"$ref": "#/components/schemas/StreamClosing"},
        },
    }


def test_every_link_leads_to_an_operation_with_the_parameters_it_sets() -> None:
    document = json.loads(render())
    found = []
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            for response in operation["responses"].values():
                for name, link in response.get("links", {}).items():
                    pointer = link["operationRef"].removeprefix("#/paths/")
                    target_path, _, target_method = pointer.rpartition("/")
                    target_path = unquote(target_path).replace("~1", "/").replace("~0", "~")
                    target = document["paths"][target_path][target_method]
                    # a link is named after the operation it leads to
                    assert target["operationId"] == name, (path, name)
                    names = {p["name"] for p in target.get("parameters", [])}
                    assert set(link["parameters"]) <= names, (path, name, link)
                    # the body fields it sets are the target's
                    if "requestBody" in link:
                        body = target["requestBody"]["content"]["application/json"]["schema"]
                        schema = document["components"]["schemas"][body["$ref"].rpartition("/")[2]]
                        assert set(link["requestBody"]) <= set(schema["properties"]), (path, name)
                    found.append((method, path, name))
    assert ("post", "/tables", "getView") in found
    assert ("post", "/tables/{table_id}/seats", "claimSeat") in found
    assert ("post", "/tables/{table_id}/tests/trait", "getTest") in found
    assert ("post", "/tables/{table_id}/characters", "openTraitTest") in found
    assert ("get", "/tables/{table_id}", "openTraitTest") in found
    assert ("post", "/tables/{table_id}/tests/draw", "choose") in found
