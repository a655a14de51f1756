"""docs/rules-coverage-portal.md names only tests that exist, and every rule row says the
boundary its tests assert, so the table cannot rot silently."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).parent.parent
TABLE = ROOT / "docs" / "rules-coverage-portal.md"
#: `file.py::test_name`, or `::test_name` continuing the file named before it on the line
REFERENCE = re.compile(r"`(test_\w+\.py)?::(test_\w+)")


def references(text: str) -> list[tuple[str, str]]:
    found = []
    for line in text.splitlines():
        current = ""
        for file, test in REFERENCE.findall(line):
            current = file or current
            found.append((current, test))
    return found


def test_every_test_the_portal_table_names_exists() -> None:
    refs = references(TABLE.read_text())
    assert len(refs) > 100
    defined: dict[str, set[str]] = {}
    for file, _ in refs:
        if file and file not in defined and (ROOT / "tests" / file).exists():
            tree = ast.parse((ROOT / "tests" / file).read_text())
            defined[file] = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
    assert [f"{f}::{t}" for f, t in refs if t not in defined.get(f, set())] == []


def test_every_portal_rule_row_states_its_boundary() -> None:
    lacking, in_rules = [], False
    for line in TABLE.read_text().splitlines():
        if line.startswith("| rule |"):
            in_rules = True
        elif not line.startswith("|"):
            in_rules = False
        elif in_rules and not line.startswith("|---"):
            cells = [cell.strip() for cell in line.strip("|").split(" | ")]
            if len(cells) != 3 or not all(cells):
                lacking.append(line)
    assert lacking == []
