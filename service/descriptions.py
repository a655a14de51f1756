"""The document's descriptions, from the types it describes: each component's and each of
its properties' (`projections.field_docs`: the docstring under each field), and each request
body's (its component's). Written once beside the code, so a generated client documents
every field in the rules' words; tests/test_openapi_descriptions.py fails on any left out."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from projections.field_docs import field_docs, type_doc

#: the component a request body's JSON is, if it is one
BODY_REF = "#/components/schemas/"


def _tag(kind: type) -> dict[str, str]:
    """A tagged Struct's tag field, which msgspec declares and no class body holds."""
    config = getattr(kind, "__struct_config__", None)
    if config is None or config.tag_field is None:
        return {}
    return {config.tag_field: f"Always `{config.tag}`: which type of the union this is"}


def describe(
    document: dict[str, Any], type_of: Callable[[str, dict[str, Any]], type | None]
) -> None:
    """Describe, in place, what the document leaves undescribed and the types say;
    `type_of` is the type a component describes (None for the document's own)."""
    schemas: dict[str, Any] = document["components"]["schemas"]
    for name, schema in schemas.items():
        kind = type_of(name, schema)
        if kind is None:
            continue
        if "description" not in schema and (doc := type_doc(kind)):
            schema["description"] = doc
        meanings = {**_tag(kind), **field_docs(kind)}
        for field, property_ in schema.get("properties", {}).items():
            if "description" not in property_ and field in meanings:
                property_["description"] = meanings[field]
    for operations in document["paths"].values():
        for operation in operations.values():
            body = operation.get("requestBody") if isinstance(operation, dict) else None
            if body is None or "description" in body:
                continue
            for content in body.get("content", {}).values():
                ref = content.get("schema", {}).get("$ref", "")
                said = schemas.get(ref.removeprefix(BODY_REF), {}).get("description")
                if ref.startswith(BODY_REF) and said:
                    body["description"] = said
                    break
