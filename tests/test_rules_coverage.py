"""The rules-coverage table names only tests that exist and says for every rule the boundary
its tests assert, so it cannot rot silently."""

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


def rows_without_a_boundary(text: str) -> list[str]:
    """Rule rows (under a `| rule | tests | boundary asserted |` header) missing a cell."""
    lacking, in_rules = [], False
    for line in text.splitlines():
        if line.startswith("| rule |"):
            in_rules = line == "| rule | tests | boundary asserted |"
            if not in_rules:
                lacking.append(line)
        elif not line.startswith("|"):
            in_rules = False
        elif in_rules and not line.startswith("|---"):
            cells = [cell.strip() for cell in line.strip("|").split(" | ")]
            if len(cells) != 3 or not all(cells):
                lacking.append(line)
    return lacking


def test_every_rule_row_states_the_boundary_its_tests_assert() -> None:
    text = TABLE.read_text()
    assert text.count("| rule | tests | boundary asserted |") >= 7
    assert rows_without_a_boundary(text) == []


def test_a_row_without_a_boundary_is_caught() -> None:
    table = "| rule | tests | boundary asserted |\n|---|---|---|\n| r | `t.py::test_x` |  |\n"
    assert rows_without_a_boundary(table) == ["| r | `t.py::test_x` |  |"]
    assert rows_without_a_boundary("| rule | tests |\n") == ["| rule | tests |"]


def test_a_reference_to_a_test_that_does_not_exist_is_caught() -> None:
    line = "| r | `test_frontera_modes.py::test_no_such_rule`, `::test_skip_phase_1_deals_every` |"
    assert missing(line) == ["test_frontera_modes.py::test_no_such_rule"]


def test_every_test_the_threat_model_names_exists() -> None:
    """docs/threat-model.md names the test of each knowledge and authority rule."""
    text = (ROOT / "docs" / "threat-model.md").read_text()
    assert len(references(text)) > 30
    assert missing(text) == []
