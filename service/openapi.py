"""`python -m service.openapi PATH`: write the app's OpenAPI document (the committed one)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any


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
