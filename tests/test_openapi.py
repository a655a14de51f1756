"""The committed OpenAPI document is the app's schema, and documents every operation."""

import json
from pathlib import Path

from service.openapi import render

COMMITTED = Path(__file__).parent.parent / "openapi" / "openapi.json"


def test_the_committed_openapi_document_matches_the_app() -> None:
    assert COMMITTED.read_text() == render(), "run `make openapi` and commit openapi/openapi.json"


def test_every_operation_has_a_summary_and_its_error_responses() -> None:
    document = json.loads(render())
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            assert operation.get("summary"), f"{method} {path} has no summary"
            if path.startswith("/tables/"):
                for status in ("401", "404"):
                    assert status in operation["responses"], f"{method} {path} lacks {status}"
