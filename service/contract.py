"""How the OpenAPI document describes request bodies: as strictly as the server reads them.

A Struct that forbids unknown fields is what a client sends (the domain's commands, the
service's bodies). Its schema is closed (`additionalProperties: false`), and a field with a
default is optional with the default stated in words, not as `default`: generators such as
openapi-typescript make a property with a `default` mandatory, which would oblige clients to
send what the server fills in. The constraints themselves come from the Structs' `msgspec.Meta`
(lengths, ranges), which decoding enforces, so the document and the server cannot disagree;
`extra_json_schema` in a Meta adds what litestar does not translate (an object's properties).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import msgspec
from litestar._openapi.schema_generation.plugins.struct import StructSchemaPlugin
from litestar.openapi.spec import Operation, Schema

if TYPE_CHECKING:
    from litestar._openapi.schema_generation import SchemaCreator
    from litestar.typing import FieldDefinition

#: keys of `extra_json_schema` whose value is itself a schema (or a map of them)
_SUBSCHEMA = ("items", "propertyNames", "additionalProperties")


def _value(key: str, value: Any) -> Any:
    """The value of a JSON schema keyword, with the schemas in it as litestar's `Schema`."""
    if key == "properties":
        return {name: _schema(sub) for name, sub in value.items()}
    if key in _SUBSCHEMA and isinstance(value, dict):
        return _schema(value)
    return value


def _schema(value: dict[str, Any]) -> Schema:
    """A JSON schema written as a dict, as litestar's `Schema`."""
    aliases = Schema().field_aliases()
    return Schema(**{aliases.get(key, key): _value(key, item) for key, item in value.items()})


def _extra(field_type: Any) -> dict[str, Any]:
    """What a field's Meta adds to its JSON schema beyond the title, description and examples
    litestar already takes (of an optional field's type too)."""
    if isinstance(field_type, msgspec.inspect.UnionType):
        types = [t for t in field_type.types if not isinstance(t, msgspec.inspect.NoneType)]
        field_type = types[0] if len(types) == 1 else field_type
    if isinstance(field_type, msgspec.inspect.Metadata) and field_type.extra_json_schema:
        return {
            key: value
            for key, value in field_type.extra_json_schema.items()
            if key not in ("title", "description", "examples")
        }
    return {}


def _bound(inclusive: int | None, exclusive: int | None, step: int) -> int | None:
    """An integer's inclusive bound, from msgspec's `ge`/`le` or `gt`/`lt`."""
    return inclusive if inclusive is not None else None if exclusive is None else exclusive + step


class RequestStructSchemaPlugin(StructSchemaPlugin):
    """Struct schemas as litestar writes them, closed and without `default` for requests."""

    def to_openapi_schema(
        self, field_definition: FieldDefinition, schema_creator: SchemaCreator
    ) -> Schema:
        schema = super().to_openapi_schema(field_definition, schema_creator)
        struct = field_definition.type_
        if not struct.__struct_config__.forbid_unknown_fields:
            return schema
        schema.additional_properties = False
        info: msgspec.inspect.StructType = msgspec.inspect.type_info(struct)  # type: ignore[assignment]
        for field in info.fields:
            prop = (schema.properties or {}).get(field.encode_name)
            if not isinstance(prop, Schema):
                continue
            for key, value in _extra(field.type).items():
                setattr(prop, prop.field_aliases().get(key, key), _value(key, value))
            if isinstance(field.type, msgspec.inspect.IntType):
                # litestar writes integer bounds as floats, which round 2**63 - 1 up: the
                # document takes them from the Meta itself
                prop.minimum = _bound(field.type.ge, field.type.gt, +1)
                prop.maximum = _bound(field.type.le, field.type.lt, -1)
            prop.default = None
            if field.default not in (msgspec.NODEFAULT, msgspec.UNSET, None):
                said = f"Optional; when absent, `{json.dumps(field.default)}`."
                prop.description = f"{prop.description} {said}" if prop.description else said
        return schema


@dataclass
class PublicOperation(Operation):
    """An operation that takes no credential says so, `security: []`, rather than saying
    nothing (litestar leaves an empty `security` out)."""

    def __post_init__(self) -> None:
        self.security = []
