"""A JSON value (objects, arrays and scalars, as decoded) rebuilt with some of its parts
replaced: what a strict check reads of a body, the document's references and event lists."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def rebuilt(value: Any, part: Callable[[Any], Any]) -> Any:
    """The value with each of its parts as `part` gives it, from the whole down: a part that
    `part` gives back as it is (the same object) is looked into, one it replaces is not."""
    replaced = part(value)
    if replaced is not value:
        return replaced
    if isinstance(value, dict):
        return {key: rebuilt(item, part) for key, item in value.items()}
    if isinstance(value, list):
        return [rebuilt(item, part) for item in value]
    return value
