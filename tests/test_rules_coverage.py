"""The rules-coverage table names only tests that exist, so it cannot rot silently."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).parent.parent
TABLE = ROOT / "docs" / "rules-coverage.md"
#: `file.py::test_name`, or `::test_name` continuing the file named before it on the line;
#: a name ending in `_*` stands for every test that starts with it
REFERENCE = re.compile(r"`(test_\w+\.py)?::(test_\w+|\*)")


def references(text: str) -> list[tuple[str, str]]:
    found = []
    for line in text.splitlines():
        current = ""
        for file, test in REFERENCE.findall(line):
            current = file or current
            found.append((current, test))
    return found


@cache
def defined_in(file: str) -> frozenset[str]:
    tree = ast.parse((ROOT / "tests" / file).read_text())
    return frozenset(node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef))


def missing(text: str) -> list[str]:
    absent = []
    for file, test in references(text):
        if not file or not (ROOT / "tests" / file).exists():
            absent.append(f"{file}::{test}")
            continue
        names = defined_in(file)
        if test != "*" and not any(name == test or name.startswith(test) for name in names):
            absent.append(f"{file}::{test}")
    return absent


def test_every_test_the_rules_coverage_table_names_exists() -> None:
    text = TABLE.read_text()
    assert len(references(text)) > 100
    assert missing(text) == []


def test_a_reference_to_a_test_that_does_not_exist_is_caught() -> None:
    line = "| r | `test_frontera_modes.py::test_no_such_rule`, `::test_skip_phase_1_deals_every` |"
    assert missing(line) == ["test_frontera_modes.py::test_no_such_rule"]
