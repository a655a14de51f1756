"""The JSON Schema of the log's events as `redact` shows them, generated from the rules.

One payload schema per registered event type, built from the event class's annotations and
its rule in `RULES` (never by hand, so that no event type or field goes undocumented): a
public field as declared; a secret field as declared or as its mask leaves it, with who may
see it; a field without a rule null until the table closes. Nothing here decides what is
shown: clients generate code from this description, and tests/test_event_schema.py checks
every redacted event of random sessions against it.
"""

from __future__ import annotations

import dataclasses
import inspect
import typing
from typing import Any

import msgspec

from projections.field_docs import field_docs, type_doc
from projections.log import TOPICS
from projections.redaction import ENVELOPE, NEVER_SHOWN, RULES, event_type
from projections.visibility import AUDIENCES, MASKS, NULLS, OWN_ENTRY, Rule, Secret

#: where the schemas live in the OpenAPI document
REF = "#/components/schemas/{name}"
#: the union of every event type; each type's payload is `Event.<type>`, and the domain's
#: Structs they carry `Event.<Struct>` (apart from the API's other components)
UNION = "Event"
PREFIX = "Event."
UNRULED = "No rule shows it: null to every seat until the table closes."


def _event_classes() -> dict[str, type]:
    """Every registered event type by its name in the log (as `projections.log` lists them)."""
    kinds = {event_type(kind): kind for kind in RULES}
    missing = set(TOPICS) - set(kinds)
    if missing:  # no rule at all: fails closed at runtime, and must not go undocumented
        raise LookupError(f"event types without a rule: {sorted(missing)}")
    return dict(sorted(kinds.items()))


def _data_struct(name: str, kind: type) -> type[msgspec.Struct]:
    """A Struct with the event's data fields, for msgspec to describe them as it encodes them."""
    hints = typing.get_type_hints(kind)
    fields = [
        (f.name, hints[f.name])
        for f in dataclasses.fields(kind)
        if f.name not in ENVELOPE and f.name not in NEVER_SHOWN
    ]
    return msgspec.defstruct(f"{name}Data", fields, module=__name__)


def _secret(schema: dict[str, Any], masked: dict[str, Any], why: str) -> dict[str, Any]:
    if not schema:  # any value already: the mask is one of them
        return {"description": why}
    return {"anyOf": [schema, masked], "description": why}


def _in_audit(secret: Secret) -> str:
    if callable(secret.audited):
        return f" and, in audit, the game master when {secret.audited.__doc__}"
    return " and, in audit, the game master" if secret.audited else ""


def _data(rule: Rule, properties: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The data fields as the caller may get them, and those that may be hidden."""
    shown: dict[str, Any] = {}
    maskable: list[str] = []
    for name, schema in properties.items():
        secret = rule.secret.get(name)
        if name in rule.public:
            shown[name] = schema
            continue
        maskable.append(name)
        if name == rule.own_entry:
            each = _secret(
                schema["additionalProperties"],
                NULLS,
                f"Secret: the seat named by the key sees its cards{_in_audit(OWN_ENTRY)}, and "
                "every seat once the table closes; to any other seat, a null for each card.",
            )
            shown[name] = {**schema, "additionalProperties": each}
        elif secret is None:
            shown[name] = _secret(schema, {"type": "null"}, UNRULED)
        else:
            masked, leaves = MASKS[secret.mask]
            shown[name] = _secret(
                schema,
                masked,
                f"Secret: shown to {AUDIENCES[secret.audience]}{_in_audit(secret)}, and to "
                f"every seat once the table closes; to any other seat, {leaves}. Named in "
                "`hidden` when masked.",
            )
    for name, part in rule.derived.items():
        masked, leaves = MASKS[part.mask]
        maskable += [] if name in maskable else [name]
        shown[name] = _secret(
            shown[name],
            masked,
            f"Derived from a hidden part of a sheet: shown whole to {AUDIENCES[part.audience]}; "
            f"to any other seat, {leaves}, until the table closes. Named in `hidden` when "
            "masked.",
        )
    return shown, maskable


def _described(schema: dict[str, Any], meaning: str | None) -> dict[str, Any]:
    """A field's schema led by what the field means; who may see it, if said, after."""
    if meaning is None:
        return schema
    said = schema.get("description")
    return {**schema, "description": f"{meaning}\n\n{said}" if said else meaning}


def _payload(name: str, kind: type, rule: Rule, data: dict[str, Any]) -> dict[str, Any]:
    properties, maskable = _data(rule, data.get("properties", {}))
    meanings = field_docs(kind)
    properties = {field: _described(s, meanings.get(field)) for field, s in properties.items()}
    hidden: dict[str, Any] = {"type": "array", "uniqueItems": True}
    if maskable:
        hidden["items"] = {"enum": maskable}
    else:  # nothing to mask: still an array of strings (generators refuse one without items)
        hidden |= {"items": {"type": "string"}, "maxItems": 0}
    return {
        "type": "object",
        "title": f"{name} event",
        **({"description": doc} if (doc := type_doc(kind)) else {}),
        "properties": {
            "type": {"type": "string", "const": name, "description": "The event's type"},
            "version": {"type": "integer", "minimum": 1, "description": "The table's version"},
            "actor": {"type": "string", "description": "The seat whose command it records"},
            "at": {
                "type": "string",
                "format": "date-time",
                "description": "When the server recorded it (UTC wall-clock time)",
            },
            "data": {
                "type": "object",
                "description": "What the event records, as the caller may see it",
                "properties": properties,
                "required": list(properties),
                "additionalProperties": False,
            },
            "hidden": {
                **hidden,
                "description": "The fields of `data` masked for the caller",
            },
        },
        "required": ["type", "version", "actor", "at", "data", "hidden"],
        "additionalProperties": False,
    }


def _scrub(schema: dict[str, Any]) -> dict[str, Any]:
    """A Struct's schema without the digests `redact` never shows."""
    if "description" in schema:
        schema = {**schema, "description": inspect.cleandoc(schema["description"])}
    properties = schema.get("properties")
    if not properties or not NEVER_SHOWN & properties.keys():
        return schema
    required = [name for name in schema.get("required", []) if name not in NEVER_SHOWN]
    shown = {k: v for k, v in properties.items() if k not in NEVER_SHOWN}
    return {**schema, "properties": shown, "required": required}


def components() -> dict[str, Any]:
    """The schemas of the log's events, by component name: `Event` (the union, discriminated
    by `type`), one `Event.<type>` per event type and the Structs they carry."""
    kinds = _event_classes()
    structs = [_data_struct(name, kind) for name, kind in kinds.items()]
    template = REF.format(name=PREFIX + "{name}")
    refs, found = msgspec.json.schema_components(structs, ref_template=template)
    # titled by component name: generators name classes by title, and the API's own
    # components keep the Structs' names (`Modifier` beside `Event.Modifier`)
    schemas = {
        f"{PREFIX}{name}": {**_scrub(schema), "title": f"{PREFIX}{name}"}
        for name, schema in found.items()
    }
    payloads = {}
    for (name, kind), ref in zip(kinds.items(), refs, strict=True):
        data = schemas.pop(ref["$ref"].rpartition("/")[2])
        payloads[f"{PREFIX}{name}"] = _payload(name, kind, RULES[kind], data)
    union = {
        "description": "An event of a table's log as the caller may see it; `type` names it.",
        "oneOf": [{"$ref": REF.format(name=name)} for name in payloads],
        "discriminator": {
            "propertyName": "type",
            "mapping": {name: REF.format(name=f"{PREFIX}{name}") for name in kinds},
        },
    }
    return {UNION: union, **payloads, **schemas}
