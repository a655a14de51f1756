"""The app's OpenAPI document: what litestar builds from the routes, completed where their
types cannot say enough. `python -m service.openapi PATH` writes it (the committed one).

litestar describes a response from its Python type: an event of the log is a `RedactedEvent`
with an open `data`, and the stream an untyped body. The document completes it once, on the
way out (`Document.to_schema`, the one path of both `/schema/openapi.json` and this module):
- every event is `Event`, the union of one schema per event type that
  `projections.event_schema` generates from the redaction rules, discriminated by `type`;
- the stream's two bodies are strings, which a generated client returns as they are: its
  Server-Sent Events text and its NDJSON lines, each message described apart by the media
  type's `x-itemSchema` (after the `itemSchema` of OpenAPI 3.2): `StreamSseMessage` and
  `StreamMessage` (a union discriminated by `message`);
- a new table's body is one rule system's: its `system` and that system's `options`;
- `links` lead from a created table, seat or test to the operations that follow;
- every response header has its schema, and the errors their headers (`WWW-Authenticate`,
  `Retry-After`), which litestar's `ResponseSpec` cannot declare;
- each error response lists the problem codes it may carry (`x-problem-codes`, derived by
  `service.problem_codes`);
- the log's `type` filter lists the event types (the union's), which the route's `list[str]`
  cannot say;
- an NDJSON answer (`application/x-ndjson`: the whole log's, `exportEvents`, an operation of
  its own so that `listEvents` answers its JSON page alone; the operator's export) is a
  string whose lines `x-itemSchema` describes, as the text/event-stream of a sibling API
  would be: JSON Schema cannot describe lines of text;
- each operation has one tag, its rule system's for a system's commands (as
  `service/routes/<system>.py` registers them), else its resource's (`RESOURCE_TAGS`);
- every component is named, and titled, so that it is unique and says whose it is
  (`component_name`): a rule system's type's name begins with its system's, which its
  module says (`domain.<system>.…`, `projections.<system>.…`): `Test` is `StepdiceTest`.
  A generated client names a class after a component's title, and two `Test`s, or a `Cast`
  whose `from_dict` shadows `typing.cast`, break it;
- last, the shapes generated clients read (`service.openapi_shapes`): the former paths of
  renamed routes deprecated, no nullable parameter, integer bounds, masked fields typed,
  enums as components, the server's checks of a body, `info.contact`.
"""

from __future__ import annotations

import copy
import json
import sys
from collections import Counter
from dataclasses import fields
from functools import partial
from importlib import import_module
from pathlib import Path
from typing import Any

import msgspec
from litestar.openapi import OpenAPIConfig
from litestar.openapi.spec import OpenAPI

from projections.event_schema import REF, UNION, components
from service import ndjson
from service.descriptions import describe
from service.json_tree import rebuilt
from service.openapi_shapes import shape
from service.problem_codes import operation_codes
from service.problems import MEDIA_TYPE as PROBLEM
from service.schemas import SYSTEM_INFOS, CreateTable

#: litestar's component for the events' Python type, which `Event` replaces
UNTYPED_EVENT = REF.format(name="RedactedEvent")
STREAM_MESSAGE = "StreamMessage"
STREAM_SSE_MESSAGE = "StreamSseMessage"
STREAM_CLOSING = "StreamClosing"
SSE = "text/event-stream"
NDJSON = ndjson.MEDIA_TYPE
#: the operations that answer NDJSON: what a line holds, and the description of the 200
LOG = ("/tables/{table_id}/events", "get")
LOG_NDJSON = ("/tables/{table_id}/events/export", "get")
EXPORT = ("/export", "get")


def _ref(name: str) -> dict[str, str]:
    return {"$ref": REF.format(name=name)}


def _sse_message(types: list[str]) -> dict[str, Any]:
    """One Server-Sent Events message of the stream (service/stream.py): each event of the
    log, and at the end a `problem` or a `closing`."""

    def message(title: str, event: dict[str, Any], data: str, **more: Any) -> dict[str, Any]:
        return {
            "title": title,
            "type": "object",
            "properties": {
                "event": {
                    **event,
                    "description": "The message's kind: an event's type, `problem` or `closing`",
                },
                "data": {
                    "type": "string",
                    "contentMediaType": "application/json",
                    "contentSchema": _ref(data),
                    "description": f"The JSON of a `{data}`",
                },
                **more,
            },
            "required": ["event", "data", *more],
        }

    version = {
        "type": "string",
        "pattern": "^[1-9][0-9]*$",
        "description": "The table version of the event: send it back as Last-Event-ID",
    }
    return {
        "description": "One message of the stream's Server-Sent Events: one per event of the "
        "caller's log, with `id` (the table version), `event` (its type) and `data` (the JSON "
        "of an `Event`). When the caller may no longer read the table (its seat removed, its "
        "credential replaced), a last `problem` message without `id` carries the "
        "problem+json, and the stream ends. When the server stops, a last `closing` message "
        "ends it: its `id` is where to resume from (`Last-Event-ID`, as an EventSource does "
        "by itself), and `retry` asks to wait a second first. Keep-alive comments come "
        "between messages. The same messages as `StreamMessage`'s NDJSON lines.",
        "oneOf": [
            message("StreamSseEvent", {"enum": types}, UNION, id=version),
            message("StreamSseProblem", {"const": "problem"}, "Problem"),
            message(
                "StreamSseClosing",
                {"const": "closing"},
                STREAM_CLOSING,
                id={
                    "type": "string",
                    "pattern": "^(0|[1-9][0-9]*)$",
                    "description": "Where to resume from: send it back as Last-Event-ID",
                },
                retry={
                    "type": "string",
                    "pattern": "^[0-9]+$",
                    "description": "Milliseconds to wait before reconnecting",
                },
            ),
        ],
    }


#: the NDJSON stream's lines, by their `message`: component, member, its schema, description
STREAM_LINES: dict[str, tuple[str, str | None, str, str]] = {
    "event": (
        "StreamEventMessage",
        "event",
        UNION,
        "An event of the caller's log, as the caller may see it; its `version` is where a "
        "reconnection resumes after (`after`)",
    ),
    "keep_alive": (
        "StreamKeepAliveMessage",
        None,
        "",
        "Nothing new: sent at least every 30 seconds between events, so that proxies keep the "
        "response open",
    ),
    "problem": (
        "StreamProblemMessage",
        "problem",
        "Problem",
        "The last line when the caller may no longer read the table (its seat removed, its "
        "credential replaced): why",
    ),
    "closing": (
        "StreamClosingMessage",
        "closing",
        STREAM_CLOSING,
        "The last line when the server stops: reconnect with `after=<closing.resume_after>`, "
        "a second later",
    ),
}


def _stream_lines() -> dict[str, dict[str, Any]]:
    """`StreamMessage`, a line of the NDJSON stream, and the schema of each kind of line:
    `message` names the kind, and the member of that name, if any, holds what the SSE
    message of that kind holds as its `data`."""
    lines: dict[str, dict[str, Any]] = {}
    for tag, (name, member, schema, description) in STREAM_LINES.items():
        properties: dict[str, Any] = {
            "message": {"type": "string", "const": tag, "description": "The line's kind"}
        }
        if member is not None:
            properties[member] = {**_ref(schema), "description": f"The line's `{schema}`"}
        lines[name] = {
            "title": name,
            "type": "object",
            "description": description,
            "properties": properties,
            "required": sorted(properties),
            "additionalProperties": False,
        }
    lines[STREAM_MESSAGE] = {
        "description": "One line of the stream as NDJSON (`Accept: application/x-ndjson`), "
        "one of four kinds by `message`: `event` (each event of the caller's log, in order, "
        "once), `keep_alive`, and at the end a `problem` or a `closing`. The same messages "
        "as the Server-Sent Events (`StreamSseMessage`) in the same order.",
        "oneOf": [_ref(name) for name, *_ in STREAM_LINES.values()],
        "discriminator": {
            "propertyName": "message",
            "mapping": {tag: REF.format(name=line[0]) for tag, line in STREAM_LINES.items()},
        },
    }
    return lines


def _stream_closing() -> dict[str, Any]:
    return {
        "type": "object",
        "description": "The data of a stream's `closing` message: the server stops, and the "
        "stream ends; reconnect with `Last-Event-ID: <resume_after>` (another worker, or this "
        "one back, sends every later event once).",
        "properties": {
            "resume_after": {
                "type": "integer",
                "minimum": 0,
                "description": "Every event up to this table version was sent, or is not the "
                "caller's to see",
            }
        },
        "required": ["resume_after"],
        "additionalProperties": False,
    }


def _stream_body() -> dict[str, Any]:
    """The stream's bodies: Server-Sent Events text, or NDJSON lines.

    OpenAPI 3.1 describes a body as a whole: each is a string, which a generated client
    returns as it is, decoding to a sequence of messages (`_sequence`): never described as
    one message, which the body is not."""
    return {
        SSE: _sequence(
            SSE,
            _ref(STREAM_SSE_MESSAGE),
            "Server-Sent Events text: messages separated by a blank line (lines end in CRLF), "
            "each a `StreamSseMessage` (its `id`, `event`, `data` and `retry` fields), and "
            "keep-alive comments.",
        ),
        NDJSON: _ndjson("one `StreamMessage` a line", _ref(STREAM_MESSAGE)),
    }


def _sequence(media_type: str, item: dict[str, Any], description: str) -> dict[str, Any]:
    """A body of messages: a string, whose content (JSON Schema's `contentMediaType`)
    decodes to a sequence of `item`s (`contentSchema`, an annotation validators do not
    assert); `x-itemSchema` names the item as OpenAPI 3.2's `itemSchema` will."""
    return {
        "schema": {
            "type": "string",
            "description": description,
            "contentMediaType": media_type,
            "contentSchema": {"type": "array", "items": item},
        },
        "x-itemSchema": item,
    }


def _ndjson(lines: str, item: dict[str, Any]) -> dict[str, Any]:
    description = f"NDJSON: {lines}, each a JSON object and a newline (`\\n`)"
    return _sequence(NDJSON, item, description)


def _exported_event(types: list[str], *, closed: bool) -> dict[str, Any]:
    """A line of an export: an `Event` (whose schemas are closed) after two more fields; as
    every seat sees it once `closed`, with nothing hidden."""
    seen = (
        "as every seat sees it once its table is closed (`data` as the schema of its `type` "
        "says; nothing hidden)"
        if closed
        else "as the caller may see it (`data` as the schema of its `type` says)"
    )
    hidden: dict[str, Any] = {"type": "array", "items": {"type": "string"}}
    return {
        "type": "object",
        "title": "Exported event" if closed else "Logged event",
        "description": f"An `Event` {seen}, after its table's id and rule system.",
        "properties": {
            "table_id": {"type": "string", "format": "uuid"},
            "system": {"type": "string", "enum": sorted(SYSTEM_INFOS)},
            "version": {"type": "integer", "minimum": 1},
            "type": {"type": "string", "enum": types},
            "actor": {"type": "string"},
            "at": {"type": "string", "format": "date-time"},
            "data": {"type": "object"},
            "hidden": {**hidden, "maxItems": 0} if closed else hidden,
        },
        "required": ["table_id", "system", "version", "type", "actor", "at", "data", "hidden"],
        "additionalProperties": False,
    }


def _describe_ndjson(paths: dict[str, Any], types: list[str]) -> None:
    """The log's NDJSON, an operation of its own (`exportEvents`), so that the JSON page is
    the only answer of `listEvents` and a generated client's only type for it (issue 25,
    item 3: openapi-fetch types the answer of two media types as their union); the
    operator's export's, its only answer. `listEvents` still answers NDJSON on request,
    deprecated, and undocumented: OpenAPI cannot deprecate a media type."""
    log = paths[LOG[0]][LOG[1]]["responses"]["200"]
    log["description"] = "A page of the log"
    log["content"].pop(NDJSON, None)
    lines = paths[LOG_NDJSON[0]][LOG_NDJSON[1]]["responses"]["200"]
    lines["description"] = "The whole log, one `Event` a line after its `table_id` and `system`"
    lines["content"] = {
        NDJSON: _ndjson("one event a line", _exported_event(types, closed=False)),
        **_as_file(),
    }
    export = paths[EXPORT[0]][EXPORT[1]]["responses"]["200"]
    export["description"] = "The closed tables' events, one a line"
    export["content"] = {
        NDJSON: _ndjson("one event a line", _exported_event(types, closed=True)),
        **_as_file(),
    }
    export.pop("headers", None)


def _as_file() -> dict[str, Any]:
    """The same NDJSON lines as a file to save (`service.ndjson.answer`): a generator that
    reads no NDJSON (`openapi-python-client` by default) takes this one and gives the
    operation a call returning bytes, instead of dropping it."""
    return {
        ndjson.FILE_MEDIA_TYPE: {
            "schema": {
                "type": "string",
                "format": "binary",
                "description": "The same NDJSON lines, as a file to save "
                "(`Content-Disposition: attachment`)",
            }
        }
    }


def _escape(path: str) -> str:
    """A path as a JSON pointer in a URI fragment (RFC 6901, RFC 3986)."""
    pointer = path.replace("~", "~0").replace("/", "~1")
    return pointer.replace("{", "%7B").replace("}", "%7D")


#: where each operation's answer leads: (method, path) of the source, its status, and for
#: each link, named after the target's operationId, the target and its parameters
TABLE = {"table_id": "$response.body#/table_id"}
SAME_TABLE = {"table_id": "$request.path.table_id"}
CLAIM = (
    ("post", "/tables/{table_id}/seats/{seat}/claim"),
    {**SAME_TABLE, "seat": "$response.body#/seat"},
    {"invitation": "$response.body#/invitation"},
)
AT_A_NEW_TABLE = {
    "getView": (("get", "/tables/{table_id}"), TABLE, None),
    "createCharacter": (("post", "/tables/{table_id}/characters"), TABLE, None),
    "addSeat": (("post", "/tables/{table_id}/seats"), TABLE, None),
    "listEvents": (("get", "/tables/{table_id}/events"), TABLE, None),
    "streamEvents": (("get", "/tables/{table_id}/stream"), TABLE, None),
    "startTable": (("post", "/tables/{table_id}/start"), TABLE, None),
    "closeTable": (("post", "/tables/{table_id}/close"), TABLE, None),
}
#: the commands that name one character (`character` in their body)
ONE_CHARACTER = {
    "openTraitTest": "/tests/trait",
    "openDeadMansHandTest": "/tests/dead-mans-hand",
    "openSurvivalTest": "/tests/survival",
    "draw": "/tests/draw",
    "changeCondition": "/conditions",
    "changeEquipment": "/equipment",
    "setMoney": "/money",
    "drink": "/drinks",
    "faceThreat": "/threats",
    "sufferAccident": "/accidents",
}


def _for_character(character: str) -> dict[str, Any]:
    """Links to the character's record and to each command naming one character, with the
    character an answer names at the pointer `character`."""
    expression = f"$response.body#{character}"
    return {
        "getCharacter": (
            ("get", "/tables/{table_id}/characters/{character_id}"),
            {**SAME_TABLE, "character_id": expression},
            None,
        ),
        **{
            operation: (
                ("post", f"/tables/{{table_id}}{path}"),
                SAME_TABLE,
                {"character": expression},
            )
            for operation, path in ONE_CHARACTER.items()
        },
    }


LINKS: dict[tuple[str, str, str], dict[str, Any]] = {
    ("post", "/tables", "201"): {
        **AT_A_NEW_TABLE,
        "forkTable": (("post", "/tables/{table_id}/fork"), TABLE, None),
        "verifyTable": (("get", "/tables/{table_id}/verify"), TABLE, None),
    },
    ("post", "/tables/{table_id}/fork", "201"): AT_A_NEW_TABLE,
    ("post", "/tables/{table_id}/seats", "201"): {"claimSeat": CLAIM},
    ("post", "/tables/{table_id}/seats/{seat}/invitation", "201"): {"claimSeat": CLAIM},
    ("post", "/tables/{table_id}/seats/{seat}/claim", "201"): {
        "getView": (("get", "/tables/{table_id}"), SAME_TABLE, None),
    },
    # the character just created, and the first one a view lists
    ("post", "/tables/{table_id}/characters", "201"): _for_character("/id"),
    ("get", "/tables/{table_id}", "200"): _for_character("/characters/0/id"),
    # the drawing character chooses among the cards it drew
    ("post", "/tables/{table_id}/tests/draw", "200"): {
        "choose": (
            ("post", "/tables/{table_id}/tests/choose"),
            SAME_TABLE,
            {"character": "$request.body#/character", "cards": "$response.body#/cards"},
        ),
    },
    ("post", "/tables/{table_id}/close", "200"): {
        "verifyTable": (("get", "/tables/{table_id}/verify"), SAME_TABLE, None),
    },
}
#: every command that opens a test answers with its number: the test's record follows
OPENED_TEST = REF.format(name="TestOpenedResult")
TEST_RECORD = (
    ("get", "/tables/{table_id}/tests/{number}"),
    {**SAME_TABLE, "number": "$response.body#/test"},
    None,
)


def _link(target: tuple[str, str], parameters: dict[str, str], body: Any) -> dict[str, Any]:
    method, path = target
    link = {"operationRef": f"#/paths/{_escape(path)}/{method}", "parameters": parameters}
    return link if body is None else {**link, "requestBody": body}


def _add_links(paths: dict[str, Any]) -> None:
    for path, operations in paths.items():
        for method, operation in operations.items():
            for status, response in operation["responses"].items():
                links = dict(LINKS.get((method, path, status), {}))
                schema = response.get("content", {}).get("application/json", {}).get("schema")
                if schema == {"$ref": OPENED_TEST}:
                    links["getTest"] = TEST_RECORD
                if links:
                    response["links"] = {name: _link(*link) for name, link in links.items()}


def _typed_event(part: Any) -> Any:
    return _ref(UNION) if part == {"$ref": UNTYPED_EVENT} else part


#: the schema of each response header: litestar's `ResponseHeader` gives none
HEADER_SCHEMAS: dict[str, dict[str, Any]] = {
    "ETag": {"type": "string", "pattern": '^"[0-9]+"$'},
    "Location": {"type": "string", "format": "uri-reference"},
    "Retry-After": {"type": "integer", "minimum": 1},
    "WWW-Authenticate": {"type": "string"},
    "Idempotent-Replayed": {"type": "string", "enum": ["true"]},
    "RateLimit": {"type": "string", "pattern": '^"seat";r=[0-9]+;t=[0-9]+$'},
    "RateLimit-Policy": {"type": "string", "pattern": '^"seat";q=[0-9]+;w=[0-9]+$'},
    "Deprecation": {"type": "string", "pattern": "^@[0-9]+$"},
}
#: the headers every error of a status carries (service/problems.py), in `components.headers`
RETRY_AFTER = {"description": "Seconds to wait before trying again", "required": True}
ERROR_HEADERS: dict[str, dict[str, dict[str, Any]]] = {
    "401": {
        "WWW-Authenticate": {
            "description": 'The scheme to authenticate with: `Bearer realm="saloon"`',
            "required": True,
        }
    },
    "429": {
        "Retry-After": RETRY_AFTER,
        "RateLimit": {
            "description": 'On `rate_limited`, the seat\'s command budget, empty: `"seat";r=0;'
            "t=<seconds until full>` (a stream refused is no command: none)",
        },
        "RateLimit-Policy": {
            "description": 'On `rate_limited`, the seat\'s command budget: `"seat";q=<burst>;'
            "w=<seconds to fill>`",
        },
    },
    "503": {"Retry-After": RETRY_AFTER},
}


def _add_headers(document: dict[str, Any]) -> None:
    shared = {name: h for headers in ERROR_HEADERS.values() for name, h in headers.items()}
    document["components"]["headers"] = {
        name: {**header, "schema": HEADER_SCHEMAS[name]} for name, header in shared.items()
    }
    for operations in document["paths"].values():
        for operation in operations.values():
            for status, response in operation["responses"].items():
                for name, header in response.get("headers", {}).items():
                    header.setdefault("schema", HEADER_SCHEMAS[name])
                for name in ERROR_HEADERS.get(status, {}):
                    response.setdefault("headers", {})[name] = {
                        "$ref": f"#/components/headers/{name}"
                    }


#: the operations whose `type` query parameter filters by event type
TYPE_FILTERS = (
    ("/tables/{table_id}/events", "get", "type"),
    ("/tables/{table_id}/events/export", "get", "type"),
)


def _type_filter(paths: dict[str, Any], types: list[str]) -> None:
    for path, method, name in TYPE_FILTERS:
        filters = [
            parameter
            for parameter in paths[path][method]["parameters"]
            if parameter["in"] == "query" and parameter["name"] == name
        ]
        if not filters:
            raise ValueError(f"no `{name}` parameter on {method} {path}")
        for parameter in filters:
            parameter["schema"] = {
                "description": parameter["schema"].get("description"),
                "type": "array",
                "items": {"type": "string", "enum": types},
            }


def complete(document: dict[str, Any]) -> dict[str, Any]:
    """The document litestar built, with the events typed, the stream described, links and
    the headers' schemas."""
    events = components()
    schemas = document["components"]["schemas"]
    types = list(events[UNION]["discriminator"]["mapping"])
    stream = {
        STREAM_SSE_MESSAGE: _sse_message(types),
        STREAM_CLOSING: _stream_closing(),
        **_stream_lines(),
    }
    taken = (events.keys() | stream.keys()) & schemas.keys()
    if taken:
        raise ValueError(f"components named twice: {sorted(taken)}")
    del schemas[UNTYPED_EVENT.rpartition("/")[2]]
    document["components"]["schemas"] = dict(sorted({**schemas, **events, **stream}.items()))
    document = rebuilt(document, _typed_event)
    describe(document, partial(component_type, classes=_classes()))
    for operations in document["paths"].values():
        for operation in operations.values():
            for response in operation["responses"].values():
                if SSE in response.get("content", {}):
                    response["content"] = _stream_body()
    _table_per_system(document)
    _type_filter(document["paths"], types)
    _describe_ndjson(document["paths"], types)
    _add_links(document["paths"])
    _add_headers(document)
    _add_problem_codes(document)
    _tag(document)
    return shape(_rename_components(document))


def _add_problem_codes(document: dict[str, Any]) -> None:
    """Each error response lists the problem codes it may carry (`x-problem-codes`, derived
    by `service.problem_codes`), and `Problem` says where each is documented."""
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            responses = operation["responses"]
            problems = {
                int(status)
                for status, response in responses.items()
                if PROBLEM in response.get("content", {})
            }
            codes = operation_codes(path, method, operation, problems)
            for status, listed in codes.items():
                responses[str(status)]["x-problem-codes"] = listed
    properties = document["components"]["schemas"]["Problem"]["properties"]
    properties["code"]["description"] = (
        "The problem's stable name: each error response of an operation lists those it may "
        "carry (`x-problem-codes`); `GET /problems/<code>` says what each means"
    )
    properties["type"]["description"] = "`/problems/<code>`: the page documenting the code"


def _table_per_system(document: dict[str, Any]) -> None:
    """A new table's body is one of each rule system's: `system` says which, and `options`
    are that system's (the body's Struct reads them as an object and checks them against the
    system's). The default system's body keeps the name `CreateTable` and may leave `system`
    out; every other system's is `Create<System>Table` and names its system."""
    schemas = document["components"]["schemas"]
    base = schemas["CreateTable"]
    _game_master_name(base)
    default = next(f.default for f in msgspec.structs.fields(CreateTable) if f.name == "system")
    bodies = []
    for name, info in SYSTEM_INFOS.items():
        body = copy.deepcopy(base)
        options = schemas[info.__name__]["properties"]["default_options"]
        body["properties"]["options"] = {**options, "description": f"The {name} table's options."}
        body["properties"]["system"] = {
            "type": "string",
            "const": name,
            "description": f"The table's rule system: `{name}`.",
        }
        if name == default:
            body["properties"]["system"]["description"] = (
                f'Optional; when absent, `"{name}"`, the system of every table created before '
                "a second system came, for the clients written then: a new client names it."
            )
            component = "CreateTable"
        else:
            body["required"] = sorted({*body["required"], "system"})
            component = f"Create{name.capitalize()}Table"
        schemas[component] = {**body, "title": component}
        bodies.append(_ref(component))
    if len(bodies) > 1:
        # anyOf: the bodies exclude one another by `system`, which the default system's may
        # leave out, so a linter cannot see that they do
        content = document["paths"]["/tables"]["post"]["requestBody"]["content"]
        content["application/json"]["schema"] = {"anyOf": bodies}


def _game_master_name(body: dict[str, Any]) -> None:
    """`gm_name` is required. Its former name `mayor_name` is left out of the document: the
    body's Struct still takes it in `gm_name`'s place (never with it) for the clients written
    before a second rule system came, but a document listing both would call valid a body
    naming both, which the server refuses."""
    properties = body["properties"]
    gm_name = {key: value for key, value in properties["gm_name"].items() if key != "oneOf"}
    properties["gm_name"] = {
        "type": "string",
        **gm_name,
        "description": "The game master's name (the seat's id is the system's word for the "
        "game master: `GET /systems`). Clients written before it was named so send it as "
        "`mayor_name`, which the server still takes in its place.",
    }
    del properties["mayor_name"]
    body["required"] = sorted({*body["required"], "gm_name"})


class Document(OpenAPI):
    def to_schema(self) -> dict[str, Any]:
        return complete(super().to_schema())


class DocumentConfig(OpenAPIConfig):
    """litestar's OpenAPI configuration, whose document is completed by `complete`."""

    def to_openapi_schema(self) -> OpenAPI:
        built = super().to_openapi_schema()
        return Document(**{field.name: getattr(built, field.name) for field in fields(built)})


def document() -> dict[str, Any]:
    from domain.application import Tables
    from service.app import create_app

    tables = Tables({"PERSISTENCE_MODULE": "eventsourcing.popo"}, server_key=bytes(32))
    schema: dict[str, Any] = create_app(tables=tables).openapi_schema.to_schema()
    return schema


def render() -> str:
    return json.dumps(document(), indent=2, sort_keys=True) + "\n"


if __name__ == "__main__":
    Path(sys.argv[1]).write_text(render())


#: the operations' tags: by resource, and each rule system's commands by their system
RESOURCE_TAGS: dict[str, str] = {
    "tables": "A game table: the rule systems, creating, viewing, forking, closing and "
    "verifying a table, its characters, and revealing the secret rolls of the dice systems.",
    "seats": "A table's seats and credentials: seating a player, invitations, claiming a "
    "seat, rotating a credential, removing a seat.",
    "log": "What a seat may read of a table's events: its log (a page, or NDJSON) and its live "
    "stream (Server-Sent Events or NDJSON).",
    "figures": "Figures and exports: a table's statistics, the closed tables' statistics, and, "
    "with the operator's token, the export of the closed tables' events.",
    "operations": "For whoever runs the server: liveness, readiness, metrics, and the "
    "problem types' documentation.",
}
#: a shared operation's resource tag, by the first segment of its path after the table's
#: (`/tables/{table_id}/<segment>…`), or by its whole path outside a table
TAG_BY_SEGMENT = {"seats": "seats", "credential": "seats", "events": "log", "stream": "log"}
TAG_BY_PATH = {"/stats": "figures", "/export": "figures", "/tables/{table_id}/stats": "figures"}
OPERATIONS_PATHS = ("/health", "/metrics", "/problems")


def system_operations() -> dict[str, str]:
    """Each rule system's operations (operationId to system), from its registration in
    `service/routes/<system>.py`."""
    owners: dict[str, str] = {}
    for system in SYSTEM_INFOS:
        for handler in import_module(f"service.routes.{system}").ROUTES:
            owners[str(handler.operation_id)] = system
    return owners


def _resource_tag(path: str) -> str:
    if path in TAG_BY_PATH:
        return TAG_BY_PATH[path]
    if path.startswith(OPERATIONS_PATHS):
        return "operations"
    segments = path.split("/")
    if path.startswith("/tables/{table_id}/") and segments[3] in TAG_BY_SEGMENT:
        return TAG_BY_SEGMENT[segments[3]]
    return "tables"


def _tag(document: dict[str, Any]) -> None:
    """One tag for each operation: its rule system's for a system's commands, else its
    resource's; and the tags' descriptions."""
    systems = system_operations()
    for path, operations in document["paths"].items():
        for operation in operations.values():
            tag = systems.get(operation["operationId"]) or _resource_tag(path)
            operation["tags"] = [tag]
    document["tags"] = [
        *({"name": name, "description": text} for name, text in RESOURCE_TAGS.items()),
        *(
            {
                "name": system,
                "description": f"The commands of the {system} rule system (`GET /systems`), "
                "as it registers them, and any read of its own; its table's view, log, stream "
                "and figures are the shared operations'.",
            }
            for system in SYSTEM_INFOS
        ),
    ]


#: the shared components whose class names say nothing of whose they are: a command's answer
SHARED_NAMES = {"Accepted": "AcceptedResult", "Created": "CreatedResult"}
#: the components the event schemas generate (projections.event_schema): `Event.<name>`
EVENT_PREFIX = f"{UNION}."


def owner(module: str) -> str | None:
    """The rule system a module belongs to: `domain.<system>.…` or `projections.<system>.…`."""
    parts = module.split(".")
    if len(parts) > 2 and parts[0] in ("domain", "projections") and parts[1] in SYSTEM_INFOS:
        return parts[1]
    return None


def _classes() -> dict[str, list[type]]:
    """The classes of the project's modules by their `__qualname__`, and by their module's
    path then qualname (how litestar and the event schemas name two of one qualname)."""
    found: set[type] = set()
    for name, module in list(sys.modules.items()):
        if name.partition(".")[0] in ("domain", "projections", "service"):
            found.update(
                value
                for value in vars(module).values()
                if isinstance(value, type) and value.__module__ == name
            )
    pending: list[type] = [msgspec.Struct]
    seen: set[type] = set()
    while pending:
        subclasses: list[type] = pending.pop().__subclasses__()
        for subclass in subclasses:
            if subclass not in seen:
                seen.add(subclass)
                pending.append(subclass)
    found |= seen
    by_name: dict[str, list[type]] = {}
    for cls in found:
        for key in (cls.__qualname__, f"{cls.__module__}.{cls.__qualname__}"):
            by_name.setdefault(key, []).append(cls)
    return by_name


def _fields(cls: type) -> set[str] | None:
    if issubclass(cls, msgspec.Struct):
        return {field.encode_name for field in msgspec.structs.fields(cls)}
    return None


def component_module(name: str, schema: dict[str, Any], classes: dict[str, list[type]]) -> str:
    """The module of the type a component describes ("" for none: the document's own), told
    apart by its properties when two types share its name."""
    key = name.removeprefix(EVENT_PREFIX)
    candidates = classes.get(key, [])
    modules = {cls.__module__ for cls in candidates}
    if len({owner(module) for module in modules}) > 1:
        properties = set(schema.get("properties", {}))
        modules = {cls.__module__ for cls in candidates if _fields(cls) == properties}
    if len({owner(module) for module in modules}) > 1:
        raise ValueError(f"component {name}: which of {sorted(modules)} is it?")
    return min(modules, default="")


def component_type(
    name: str, schema: dict[str, Any], classes: dict[str, list[type]]
) -> type | None:
    """The type a component describes (None for the document's own)."""
    module = component_module(name, schema, classes)
    candidates = [
        c for c in classes.get(name.removeprefix(EVENT_PREFIX), []) if c.__module__ == module
    ]
    properties = set(schema.get("properties", {}))
    matching = [c for c in candidates if _fields(c) in (properties, None)]
    return next(iter(matching or candidates), None)


def component_name(
    name: str, schema: dict[str, Any], classes: dict[str, list[type]], *, long: bool = False
) -> str:
    """A component's name, which says whose it is: a rule system's type's begins with its
    system's name (`FronteraTest`, `AsaltosCheck`); an event schema's part keeps `Event.`.
    `long`, when that name is another type's: the system's, then its module's last part's
    (`PortalSheetFortaleza`)."""
    if name in SHARED_NAMES:
        return SHARED_NAMES[name]
    module = component_module(name, schema, classes)
    system = owner(module)
    event = name.startswith(EVENT_PREFIX)
    if system is None or (event and schema.get("title", "").endswith(" event")):
        return name
    short = name.removeprefix(EVENT_PREFIX).rpartition(".")[2]
    prefix = system.capitalize()
    if long:
        prefix += module.rpartition(".")[2].title().replace("_", "")
    elif short.startswith(prefix):
        return name
    return f"{EVENT_PREFIX if event else ''}{prefix}{short}"


def _rename_components(document: dict[str, Any]) -> dict[str, Any]:
    """Every component named so that it is unique and says whose it is (`component_name`),
    its `title` the same, and every reference to it rewritten."""
    schemas = document["components"]["schemas"]
    classes = _classes()
    names = {name: component_name(name, schema, classes) for name, schema in schemas.items()}
    taken = Counter(names.values())
    names = {
        name: component_name(name, schemas[name], classes, long=True)
        if taken[new] > 1 and new != name
        else new
        for name, new in names.items()
    }
    if len(set(names.values())) != len(names):
        clashes = sorted(n for n in names.values() if list(names.values()).count(n) > 1)
        raise ValueError(f"components named twice: {clashes}")
    renamed: dict[str, Any] = {}
    for name, schema in schemas.items():
        new = names[name]
        renamed[new] = {**schema, "title": new} if schema.get("title") == name else schema
    document["components"]["schemas"] = dict(sorted(renamed.items()))
    references = {REF.format(name=old): REF.format(name=new) for old, new in names.items()}

    def rewrite(part: Any) -> Any:
        return references.get(part, part) if isinstance(part, str) else part

    return rebuilt(document, rewrite)
