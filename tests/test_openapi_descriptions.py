"""Every property of every component, and every request body, says what it is: a generated
client documents each field in the rules' words (issue 25, item 9). The descriptions are the
docstrings under the fields (`projections.field_docs`), so a field left undescribed fails here,
under its rule system's name or `shared`."""

from functools import cache
from typing import Any

import pytest

from domain.systems import RULE_SYSTEMS
from projections.event_schema import PREFIX, _event_classes
from service.openapi import document

SHARED = "shared"


@cache
def _document() -> dict[str, Any]:
    return document()


def _owner(name: str) -> str:
    """The rule system a component belongs to (its name, or its event type's module), else
    `shared`."""
    kind = _event_classes().get(name.removeprefix(PREFIX))
    if kind is not None and name.startswith(PREFIX):
        parts = kind.__module__.split(".")
        return parts[1] if len(parts) > 2 and parts[1] in RULE_SYSTEMS else SHARED
    bare = name.removeprefix(PREFIX)
    return next((s for s in RULE_SYSTEMS if bare.startswith(s.capitalize())), SHARED)


def _undescribed(schema: dict[str, Any], where: str) -> list[str]:
    """The properties of a schema, and of the object schemas inside it, without a description."""
    missing: list[str] = []
    for field, property_ in schema.get("properties", {}).items():
        if not str(property_.get("description", "")).strip():
            missing.append(f"{where}.{field}")
        missing += _undescribed(property_, f"{where}.{field}")
    for key in ("items", "additionalProperties"):
        if isinstance(schema.get(key), dict):
            missing += _undescribed(schema[key], where)
    for key in ("anyOf", "oneOf", "allOf"):
        for part in schema.get(key, []):
            missing += _undescribed(part, where)
    return missing


@pytest.mark.parametrize("owner", [*RULE_SYSTEMS, SHARED])
def test_every_component_property_is_described(owner: str) -> None:
    schemas = _document()["components"]["schemas"]
    missing = [
        field
        for name, schema in schemas.items()
        if _owner(name) == owner
        for field in _undescribed(schema, name)
    ]
    assert missing == [], f"{len(missing)} properties without a description: {missing}"


def test_every_request_body_is_described() -> None:
    missing = [
        f"{method.upper()} {path}"
        for path, operations in _document()["paths"].items()
        for method, operation in operations.items()
        if "requestBody" in operation
        and not str(operation["requestBody"].get("description", "")).strip()
    ]
    assert missing == [], f"{len(missing)} request bodies without a description: {missing}"
