"""What each field of a type means, as its attribute docstring says: the string right under
the field (PEP 257), as pydantic's `use_attribute_docstrings` reads it.

A field is described once, beside its declaration, in the rules' words; every schema built
from the type (the API's components, the log's event payloads) carries it as the property's
`description`, so a client's generated code documents what the rules say.
"""

from __future__ import annotations

import inspect
from functools import cache

import msgspec
from docstring_parser.attrdoc import AttributeDocstrings


@cache
def _own_docs(cls: type) -> dict[str, str]:
    try:
        found = AttributeDocstrings().get_attr_docs(cls)
    except (OSError, TypeError):  # no source: a built-in, or a type made at run time
        return {}
    return {name: inspect.cleandoc(text) for name, (text, _, _) in found.items()}


def field_docs(cls: type) -> dict[str, str]:
    """Each documented field's description, by the name it has on the wire (a Struct's
    `encode_name`), its own class's docstring winning over an inherited one."""
    docs: dict[str, str] = {}
    for base in reversed(cls.__mro__):
        docs.update(_own_docs(base))
    if isinstance(cls, type) and issubclass(cls, msgspec.Struct):
        wire = {f.name: f.encode_name for f in msgspec.structs.fields(cls)}
        return {wire.get(name, name): text for name, text in docs.items()}
    return docs


def type_doc(cls: type) -> str | None:
    """The type's own docstring: not a base's, nor the signature dataclasses write where
    there is none (an eventsourcing event is a dataclass made of the class as written, of
    the same name, whose docstring is the written one's)."""
    for kind in cls.__mro__:
        if kind.__name__ != cls.__name__:
            break
        doc = vars(kind).get("__doc__")
        if doc and not doc.startswith(f"{kind.__name__}("):
            return inspect.cleandoc(doc)
    return None
