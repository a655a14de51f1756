"""The shapes of the OpenAPI document that generated clients read (issue 25, items 3, 5, 8, 9):
the last pass of `service.openapi.complete`, once every component has its final name.

- each renamed path's former path (`service.routes.RENAMED`) is its successor's operation,
  `deprecated`, its id followed by `Deprecated`, answering `Deprecation` (RFC 9745);
- no parameter is nullable: a client leaves it out (of a text, `null` is the text "null";
  of an integer, a time or an enum the server refuses it: `service.query_nulls`), and an
  integer's bounds are integers (litestar writes `ge=1` as `1.0`);
- a masked field is never typed only `null`, which openapi-fetch's `Readable<>` drops from
  a TypeScript type: it is `<the field's type> | null`, described as the shown field is
  (the mask's own description says when it is null);
- an enum a client names (a hit location, a die, a roll's visibility; `ENUMS`) is one
  component, referenced wherever it appears, nullable or not: inline, each property's
  would be a class of its own, and a nullable one three (`type: [string, null]`);
- what the server checks of a body and a schema can say (item 5): character ids 1 to 20
  characters, free text it checks as a name without control characters, each character once
  in an array that names several (`uniqueItems`, or `x-unique-by` for an array of objects,
  which JSON Schema cannot say);
- `info.contact`, which Spectral's `spectral:oas` asks for.
"""

from __future__ import annotations

import copy
from typing import Any

from domain.names import TEXT_PATTERN
from projections.event_schema import REF
from service.named_enums import SHARED_ENUMS, NamedEnum
from service.routes import DEPRECATED_SUFFIX, DEPRECATION, RENAMED, SYSTEM_ENUMS

#: the release that deprecated the former paths, and the first that may remove them
DEPRECATED_IN = "0.3.0"
REMOVED_FROM = "0.4.0"
#: RFC 9745's header, as the document declares it
DEPRECATION_HEADER = {
    "description": DEPRECATION.description,
    "required": True,
    "schema": {"type": "string", "pattern": "^@[0-9]+$"},
}
NULL = {"type": "null"}
BOUNDS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")


def shape(document: dict[str, Any]) -> dict[str, Any]:
    """The document with the shapes above; every other part as it was."""
    document.setdefault("info", {}).setdefault(
        "contact",
        {"name": "The operator of this server (GET /health; the problems' pages: /problems)"},
    )
    _former_paths(document["paths"])
    for operations in document["paths"].values():
        for operation in operations.values():
            for parameter in operation.get("parameters", []):
                if "schema" in parameter:
                    parameter["schema"] = not_null(parameter["schema"])
    document = integer_bounds(document)
    server_checks(document)
    schemas = document["components"]["schemas"]
    for name, schema in schemas.items():
        if name.startswith("Event."):
            schemas[name] = _unmasked(schema, schemas)
    return _named_enums(document)


def _former_paths(paths: dict[str, Any]) -> None:
    table = "/tables/{table_id}"
    for new, old in RENAMED.items():
        successors, formers = paths[f"{table}{new}"], paths[f"{table}{old}"]
        for method, operation in successors.items():
            former = copy.deepcopy(operation)
            former["operationId"] = f"{operation['operationId']}{DEPRECATED_SUFFIX}"
            former["deprecated"] = True
            for body in former.get("requestBody", {}).get("content", {}).values():
                body.pop("examples", None)  # the successor's show what to send
            former["description"] = (
                f"Deprecated in release {DEPRECATED_IN}: `{operation['operationId']}` "
                f"(`{method.upper()} {table}{new}`) replaces it, and this path answers as it "
                f"does, with a `Deprecation` header, until release {REMOVED_FROM} at the "
                "earliest and at least 90 days (docs/contract.md). "
                f"{operation.get('description', '')}"
            ).strip()
            for status, response in former["responses"].items():
                if status.startswith("2"):
                    response.setdefault("headers", {})["Deprecation"] = DEPRECATION_HEADER
            formers[method] = former


def not_null(schema: dict[str, Any]) -> dict[str, Any]:
    """A parameter's schema without null: absent is how a client leaves it out."""
    schema = dict(schema)
    for key in ("oneOf", "anyOf"):
        if key in schema:
            members = [member for member in schema[key] if member != NULL]
            del schema[key]
            if len(members) == 1:
                schema = {**members[0], **schema}
            else:
                schema[key] = members
    if isinstance(schema.get("type"), list):
        types = [kind for kind in schema["type"] if kind != "null"]
        schema["type"] = types[0] if len(types) == 1 else types
    if "enum" in schema:
        schema["enum"] = [value for value in schema["enum"] if value is not None]
    if schema.get("default", 0) is None:
        del schema["default"]
    return schema


def integer_bounds(node: Any) -> Any:
    """Every integer schema's bounds written as integers (`500`, not `500.0`)."""
    if isinstance(node, list):
        return [integer_bounds(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: integer_bounds(value) for key, value in node.items()}
    kinds = node.get("type")
    if kinds == "integer" or (isinstance(kinds, list) and "integer" in kinds):
        for bound in BOUNDS:
            value = node.get(bound)
            if isinstance(value, float) and value.is_integer():
                node[bound] = int(value)
    return node


def _deref(schema: dict[str, Any], schemas: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = schemas[schema["$ref"].rpartition("/")[2]]
    return schema


def _unmasked(node: Any, schemas: dict[str, Any]) -> Any:
    """An event's schema whose masks type each hidden field as its own type or null."""
    if isinstance(node, list):
        return [_unmasked(item, schemas) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: _unmasked(value, schemas) for key, value in node.items()}
    members = node.get("anyOf")
    if isinstance(members, list) and len(members) == 2 and "properties" in members[1]:
        node["anyOf"] = [members[0], _nullable_parts(members[1], members[0], schemas)]
    return node


def _nullable_parts(
    masked: dict[str, Any], shown: dict[str, Any], schemas: dict[str, Any]
) -> dict[str, Any]:
    """A mask's object (its hidden parts `null`) with each hidden part `<its type> | null`,
    its type being the shown object's part of the same name."""
    whole = _deref(shown, schemas).get("properties", {})
    parts: dict[str, Any] = {}
    for name, part in masked["properties"].items():
        original = whole.get(name)
        if original is None:
            parts[name] = part
            continue
        if part == NULL:
            nullable = NULL in original.get("anyOf", []) or original == NULL
            parts[name] = original if nullable else {"anyOf": [original, NULL]}
        elif "properties" in part:
            parts[name] = _nullable_parts(part, original, schemas)
        else:
            parts[name] = part
        meaning = original.get("description") or _deref(original, schemas).get("description")
        if meaning and "description" not in parts[name]:
            # what the field is, as the shown object says; the mask's says when it is null
            parts[name] = {**parts[name], "description": meaning}
    return {**masked, "properties": parts}


#: the enums a client names: the shared layer's and every rule system's (`NamedEnum`)
ENUMS: list[NamedEnum] = [*SHARED_ENUMS, *SYSTEM_ENUMS]


def _enum_schema(values: list[Any], description: str, name: str) -> dict[str, Any]:
    kind = "integer" if all(isinstance(value, int) for value in values) else "string"
    return {"title": name, "description": description, "type": kind, "enum": values}


def _named_enums(document: dict[str, Any]) -> dict[str, Any]:
    """Each of `ENUMS` one component, referenced wherever its values are an enum."""
    schemas = document["components"]["schemas"]
    by_values = {frozenset(values): (name, only) for name, values, _, only in ENUMS}
    used: set[str] = set()

    def named(node: dict[str, Any], field: str | None) -> dict[str, Any] | None:
        values = [value for value in node["enum"] if value is not None]
        found = by_values.get(frozenset(values))
        if found is None or len(values) != len(set(values)):
            return None
        name, only = found
        if only is not None and field not in only:
            return None
        used.add(name)
        nullable = None in node["enum"] or "null" in (node.get("type") or [])
        rest = {key: value for key, value in node.items() if key not in ("enum", "type")}
        ref = {"$ref": REF.format(name=name)}
        if not nullable:
            return {**ref, **rest}
        return {"anyOf": [ref, NULL], **rest}

    def walk(node: Any, field: str | None = None) -> Any:
        if isinstance(node, list):
            return [walk(item, field) for item in node]
        if not isinstance(node, dict):
            return node
        if isinstance(node.get("enum"), list):
            replaced = named(node, field)
            if replaced is not None:
                return replaced
        walked: dict[str, Any] = {}
        for key, value in node.items():
            if key == "properties" and isinstance(value, dict):
                walked[key] = {name: walk(part, name) for name, part in value.items()}
            elif key in ("enum", "const", "examples", "example", "default"):
                walked[key] = value
            else:
                walked[key] = walk(value, field)
        return walked

    taken = {name for name, *_ in ENUMS} & schemas.keys()
    if taken:
        raise ValueError(f"enum components named as others: {sorted(taken)}")
    document = {key: walk(value) for key, value in document.items()}
    document["components"]["schemas"] = dict(
        sorted(
            {
                **document["components"]["schemas"],
                **{
                    name: _enum_schema(values, description, name)
                    for name, values, description, _ in ENUMS
                    if name in used
                },
            }.items()
        )
    )
    return document


#: what the server checks of a command's body that a schema can say (issue 25, item 5), by
#: component: the properties naming a character (an id as `domain.characters.CharacterId`
#: has it: 1 to 20 characters; an empty one is no character), those of free text the server
#: checks as a name (`domain.names.checked_name`: `TEXT_PATTERN`), the arrays of character
#: ids that name each once, and the arrays of objects that name each character once
CHARACTER_ID = {"minLength": 1, "maxLength": 20}
CHARACTER_FIELDS = frozenset(
    {
        "character",
        "characters",
        "targets",
        "healer",
        "patient",
        "challenged",
        "challenger",
        "provoked",
        "provoker",
        "winner",
        "loser",
        "cheater",
        "cheaters",
        "participants",
        "partner",
        "leaving",
        "released",
        "resting",
        "between",
        "tied",
        "combatants",
    }
)
CHECKED_NAMES = {"PortalReadingCall": ("name",), "PortalNameSequel": ("kind",)}
UNIQUE_IDS = {"AsaltosStartCombat": ("combatants",)}
UNIQUE_BY_CHARACTER = {
    "FronteraOpenCombat": ("combatants",),
    "FronteraOpenOpposedTest": ("participants",),
    "FronteraStartSkillGame": ("participants",),
}


def request_components(document: dict[str, Any]) -> set[str]:
    """The components a request body may hold, however deep."""
    schemas = document["components"]["schemas"]
    pending = [
        operation["requestBody"]
        for operations in document["paths"].values()
        for operation in operations.values()
        if "requestBody" in operation
    ]
    found: set[str] = set()
    while pending:
        node = pending.pop()
        if isinstance(node, list):
            pending.extend(node)
        elif isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith(REF.format(name="")):
                name = ref.rpartition("/")[2]
                if name not in found:
                    found.add(name)
                    pending.append(schemas[name])
            pending.extend(node.values())
    return found


def _character_ids(node: dict[str, Any]) -> dict[str, Any]:
    """A schema naming characters, each id bounded as a character's: a string, a nullable
    one, or arrays of them."""
    if node.get("type") == "string" and not ({"minLength", "enum", "pattern"} & node.keys()):
        return {**node, **CHARACTER_ID}
    node = dict(node)
    if isinstance(node.get("items"), dict):
        node["items"] = _character_ids(node["items"])
    if isinstance(node.get("prefixItems"), list):
        node["prefixItems"] = [_character_ids(item) for item in node["prefixItems"]]
    for key in ("anyOf", "oneOf"):
        if isinstance(node.get(key), list):
            node[key] = [_character_ids(member) for member in node[key]]
    return node


def server_checks(document: dict[str, Any]) -> None:
    """The checks above, in the request bodies' components."""
    schemas = document["components"]["schemas"]
    for name in request_components(document):
        properties = schemas[name].get("properties", {})
        for field in CHARACTER_FIELDS & properties.keys():
            properties[field] = _character_ids(properties[field])
    for name, fields in CHECKED_NAMES.items():
        for field in fields:
            schemas[name]["properties"][field]["pattern"] = TEXT_PATTERN
    for name, fields in UNIQUE_IDS.items():
        for field in fields:
            schemas[name]["properties"][field]["uniqueItems"] = True
    for name, fields in UNIQUE_BY_CHARACTER.items():
        for field in fields:
            schemas[name]["properties"][field]["x-unique-by"] = ["character"]
