"""The committed document's names, as generated clients use them: every component's class
name (its `title`, else its name) is unique and says whose it is, and each operation has one
tag, by resource or by rule system, which a generated client makes its module's folder."""

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

from service.openapi import (
    EVENT_PREFIX,
    RESOURCE_TAGS,
    _classes,
    _rename_components,
    component_module,
    owner,
    system_operations,
)
from service.routes import DEPRECATED_SUFFIX
from service.schemas import SYSTEM_INFOS

DOCUMENT = json.loads((Path(__file__).parent.parent / "openapi" / "openapi.json").read_text())
SCHEMAS: dict[str, Any] = DOCUMENT["components"]["schemas"]
REF = "#/components/schemas/"
#: the names issue 25 met in a generated client, which said nothing of whose they were
GENERIC = {"Test", "Check", "Other", "Options", "Created", "Accepted", "Cast", "Hit", "Step"}


def class_name(name: str, schema: dict[str, Any]) -> str:
    """The class a generator makes of a component, compared without case or punctuation
    (openapi-python-client: `Event.Hit` is `EventHit`)."""
    return re.sub(r"[^0-9a-z]", "", str(schema.get("title", name)).lower())


def test_no_two_components_share_a_class_name() -> None:
    names = Counter(class_name(name, schema) for name, schema in SCHEMAS.items())
    assert [name for name, count in names.items() if count > 1] == []


def test_a_rule_systems_component_names_its_system() -> None:
    """A component named after a type of `domain.<system>` or `projections.<system>` (its
    qualname, or the system's name before it) begins with the system's name: a component
    of a new system's type left bare fails here."""
    classes = _classes()
    owned = 0
    for name, schema in SCHEMAS.items():
        if schema.get("title", "").endswith(" event"):
            continue  # an event type's schema: `asaltos.CheckMade event`
        system = owner(component_module(name, schema, classes))
        if system is None:
            continue
        owned += 1
        prefix = system.capitalize()
        assert name.removeprefix(EVENT_PREFIX).startswith(prefix), f"{name} is {system}'s"
        assert schema.get("title", name).removeprefix(EVENT_PREFIX).startswith(prefix), name
    assert owned > 100
    bare = {name.removeprefix(EVENT_PREFIX) for name in SCHEMAS}
    assert not bare & GENERIC


def test_the_renaming_derives_the_system_from_the_types_module_and_rewrites_references() -> None:
    """`Test` (domain.stepdice.commands) and `Options` (domain.frontera.state) become
    `StepdiceTest` and `FronteraOptions`, their titles too, and each `$ref` follows; `Created`
    is the command's answer's; a shared type keeps its name."""
    schemas = {name: {"title": name, "type": "object"} for name in ("Test", "Options", "Problem")}
    schemas["Created"] = {"title": "Created", "type": "object"}
    body = {"$ref": f"{REF}Test"}
    document = {
        "paths": {"/x": {"post": {"requestBody": body}}},
        "components": {"schemas": {**schemas, "Both": {"oneOf": [{"$ref": f"{REF}Options"}]}}},
    }
    renamed = _rename_components(document)
    assert renamed["components"]["schemas"].keys() == {
        "StepdiceTest",
        "FronteraOptions",
        "Problem",
        "CreatedResult",
        "Both",
    }
    assert renamed["components"]["schemas"]["StepdiceTest"]["title"] == "StepdiceTest"
    assert renamed["paths"]["/x"]["post"]["requestBody"] == {"$ref": f"{REF}StepdiceTest"}
    both = renamed["components"]["schemas"]["Both"]
    assert both == {"oneOf": [{"$ref": f"{REF}FronteraOptions"}]}


def references(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value} if value.startswith(REF) else set()
    if isinstance(value, dict):
        return set().union(*map(references, value.values()))
    if isinstance(value, list):
        return set().union(*map(references, value))
    return set()


def test_every_reference_and_discriminator_mapping_names_a_component() -> None:
    found = references(DOCUMENT)
    assert {ref.removeprefix(REF) for ref in found} <= SCHEMAS.keys()
    assert len(found) > 400


def test_each_operation_has_one_tag_its_systems_or_its_resources() -> None:
    declared = {tag["name"]: tag["description"] for tag in DOCUMENT["tags"]}
    assert declared.keys() == {*RESOURCE_TAGS, *SYSTEM_INFOS}
    systems = system_operations()
    tagged: Counter[str] = Counter()
    for operations in DOCUMENT["paths"].values():
        for operation in operations.values():
            (tag,) = operation["tags"]
            tagged[tag] += 1
            # a former path's operation (deprecated) is its successor's, and tagged as it is
            name = operation["operationId"].removesuffix(DEPRECATED_SUFFIX)
            if name in systems:
                assert tag == systems[name], operation["operationId"]
            else:
                assert tag in RESOURCE_TAGS, operation["operationId"]
    assert set(tagged) == declared.keys()  # no tag without an operation
    # no folder of a generated client holds most of the operations
    assert max(tagged.values()) < sum(tagged.values()) / 2
