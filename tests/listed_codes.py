"""Every problem an operation answers carries a code its document lists on that response.

`service.problems.problem` builds every problem response (domain errors, malformed requests,
limits, failures); while a test runs, `recorded` wraps it to note each one's operation (the
route's path template and method), status and code. Once the test is over, each must be
listed by the committed document on that operation's response of that status
(`x-problem-codes`, derived by `service.problem_codes`). Answers outside the document's
operations (an unknown path, the replay page's files) are not checked. Every test runs under
it (tests/conftest.py), so whatever any HTTP test meets is checked, schemathesis's cases too.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from service import problems

DOCUMENT = Path(__file__).parent.parent / "openapi" / "openapi.json"
#: an answer met: method, path template, status, code
Met = tuple[str, str, int, str]


@cache
def listed() -> dict[tuple[str, str], dict[int, set[str]]]:
    """The codes each operation lists, by (method, path) and status."""
    paths = json.loads(DOCUMENT.read_text())["paths"]
    return {
        (method, path): {
            int(status): set(response.get("x-problem-codes", ()))
            for status, response in operation["responses"].items()
        }
        for path, operations in paths.items()
        for method, operation in operations.items()
    }


def unlisted(met: list[Met]) -> list[Met]:
    """The answers met whose code their operation does not list for their status."""
    documented = listed()
    return [
        (method, path, status, code)
        for method, path, status, code in met
        if (method, path) in documented and code not in documented[method, path].get(status, set())
    ]


@contextmanager
def recorded(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Met]]:
    """The problems answered while the block runs."""
    met: list[Met] = []
    original = problems.problem

    def problem(status: int, code: str, detail: str, request: Any, *more: Any, **kw: Any) -> Any:
        method = "get" if request.method == "HEAD" else request.method.lower()
        template = request.scope.get("path_template")
        if template is not None:
            met.append((method, template, status, code))
        return original(status, code, detail, request, *more, **kw)

    monkeypatch.setattr(problems, "problem", problem)
    yield met
