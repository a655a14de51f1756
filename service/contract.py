"""How the OpenAPI document describes request bodies: as strictly as the server reads them.

A Struct that forbids unknown fields is what a client sends (the domain's commands, the
service's bodies). Its schema is closed (`additionalProperties: false`), and a field with a
default is optional with the default stated in words, not as `default`: generators such as
openapi-typescript make a property with a `default` mandatory, which would oblige clients to
send what the server fills in. The constraints themselves come from the Structs' `msgspec.Meta`
(lengths, ranges), which decoding enforces, so the document and the server cannot disagree;
`extra_json_schema` in a Meta adds what litestar does not translate (an object's properties,
`uniqueItems`, `not`). The constraints are applied wherever the Meta sits, also inside an
optional field (`list[CardId] | None`), where litestar drops them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import msgspec
from litestar._openapi.schema_generation.plugins.struct import StructSchemaPlugin
from litestar.openapi.spec import Operation, Schema
from litestar.openapi.spec.enums import OpenAPIType

if TYPE_CHECKING:
    from litestar._openapi.schema_generation import SchemaCreator
    from litestar.typing import FieldDefinition

#: keys of `extra_json_schema` whose value is itself a schema (or a map of them)
_SUBSCHEMA = ("items", "propertyNames", "additionalProperties", "not")


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
    """What a Meta adds to its JSON schema beyond the title, description and examples
    litestar already takes."""
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


#: the JSON schema keywords of msgspec's constraints, per type
_LIMITS = {
    msgspec.inspect.StrType: {
        "min_length": "min_length",
        "max_length": "max_length",
        "pattern": "pattern",
    },
    msgspec.inspect.ListType: {"min_length": "min_items", "max_length": "max_items"},
    msgspec.inspect.DictType: {"min_length": "min_properties", "max_length": "max_properties"},
}


#: every keyword `_constrain` writes from msgspec's own constraints
_CONSTRAINTS = {
    "minimum",
    "maximum",
    "exclusive_minimum",
    "exclusive_maximum",
    *(keyword for limits in _LIMITS.values() for keyword in limits.values()),
}


def _constrain(schema: Schema, field_type: msgspec.inspect.Type) -> None:
    """Write on `schema` the constraints msgspec enforces on `field_type`: its Meta's extra
    keywords, exact integer bounds (litestar writes them as floats, which round 2**63 - 1 up,
    and drops a bound of 0), lengths and patterns, down to a list's items and into the one
    branch of an optional field that is not null."""
    for key, value in _extra(field_type).items():
        setattr(schema, schema.field_aliases().get(key, key), _value(key, value))
    if isinstance(field_type, msgspec.inspect.Metadata):
        _constrain(schema, field_type.type)
    elif isinstance(field_type, msgspec.inspect.IntType):
        schema.minimum = _bound(field_type.ge, field_type.gt, +1)
        schema.maximum = _bound(field_type.le, field_type.lt, -1)
    elif isinstance(field_type, msgspec.inspect.UnionType):
        types = [t for t in field_type.types if not isinstance(t, msgspec.inspect.NoneType)]
        branches = [
            branch
            for branch in schema.one_of or schema.any_of or []
            if isinstance(branch, Schema) and branch.type != OpenAPIType.NULL
        ]
        if len(types) == 1 and len(branches) == 1:
            # the constraints go to the branch they constrain, not beside the union
            for key in _CONSTRAINTS:
                setattr(schema, key, None)
            _constrain(branches[0], types[0])
    else:
        for constraint, keyword in _LIMITS.get(type(field_type), {}).items():
            if getattr(field_type, constraint) is not None:
                setattr(schema, keyword, getattr(field_type, constraint))
        if isinstance(field_type, msgspec.inspect.ListType) and isinstance(schema.items, Schema):
            _constrain(schema.items, field_type.item_type)


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
            _constrain(prop, field.type)
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
