"""The rules-coverage table names only tests that exist and says for every rule the boundary
its tests assert, so it cannot rot silently; and the tests some rows name fail when the rule's
code is broken, so they are not true whatever the code does."""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

from tests.broken_rules import INTACT, STAND_INS

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


#: rows whose named tests are checked against their rule's code: each test must fail under
#: each broken stand-in (`tests/broken_rules.py`) of the code the row describes, and pass
#: without one. (the coverage table, the row's first cell, the test, the stand-ins)
BREAKABLE: list[tuple[str, str, str, tuple[str, ...]]] = [
    (
        "rules-coverage-asaltos.md",
        "sheets",
        "test_api_asaltos.py::test_another_player_reads_the_wounds_conditions_timers_shock_and_death_of_a_sheet",
        (
            "every_seat_knows_every_sheet",
            "others_read_no_public_part",
            "deadlines_shown_to_all",
            "logged_res_public",
        ),
    ),
    (
        "rules-coverage-asaltos.md",
        "sheets",
        "test_api_permissions.py::test_another_players_asaltos_sheet_is_its_public_part_only",
        ("every_seat_knows_every_sheet", "others_read_no_public_part", "deadlines_shown_to_all"),
    ),
    (
        "rules-coverage-asaltos.md",
        "sheets",
        "test_api_asaltos.py::test_a_characters_agility_is_hidden_from_other_players_in_every_step_it_acts_at",
        ("every_seat_knows_every_sheet", "step_agility_shown_to_all", "logged_step_agility_public"),
    ),
    (
        "rules-coverage-asaltos.md",
        "results in the view",
        "test_api_asaltos.py::test_no_seats_view_lists_a_roll_result_and_a_check_changes_nothing_in_it",
        ("a_failed_check_fells_its_character",),
    ),
    (
        "rules-coverage-stepdice.md",
        "healing",
        "test_stepdice_table.py::test_a_fuerte_healing_spell_heals_2_hearts_and_gets_a_downed_ally_up",
        ("healing_gives_1_heart", "healing_fills_the_hearts"),
    ),
]


def row(table: str, first_cell: str) -> str:
    """The one line of `docs/<table>` whose first cell is `first_cell`."""
    (line,) = [
        line
        for line in (ROOT / "docs" / table).read_text().splitlines()
        if line.startswith(f"| {first_cell} |")
    ]
    return line


def test_each_checked_row_names_its_tests_and_every_stand_in_is_used() -> None:
    """The list above follows the tables: each test it checks is one its row names (a row that
    stops naming it fails here), and no stand-in is left unused."""
    for table, first_cell, test, _ in BREAKABLE:
        file, _, name = test.partition("::")
        assert (file, name) in references(row(table, first_cell)), (table, first_cell, test)
    used = {name for *_, stand_ins in BREAKABLE for name in stand_ins}
    assert used == set(STAND_INS)


def test_a_checked_rows_tests_fail_when_its_rules_code_is_broken(tmp_path: Path) -> None:
    """A named test that passes whatever the rule's code does asserts nothing of the rule
    (issue 21): each runs, in one pytest process, intact (it passes) and under each of its
    stand-ins, where one of its own assertions must fail (an error elsewhere is no proof)."""
    wanted: dict[str, list[str]] = {}
    for _, _, test, stand_ins in BREAKABLE:
        wanted.setdefault(f"tests/{test}", []).extend(stand_ins)
    report = tmp_path / "outcomes.jsonl"
    env = {**os.environ, "BROKEN_RULES": json.dumps(wanted), "BROKEN_RULES_REPORT": str(report)}
    plugins = ["no:cacheprovider", "no:playwright", "no:schemathesis", "no:faker"]
    command = [sys.executable, "-m", "pytest", "-q", "-p", "tests.broken_rules", *wanted]
    for plugin in plugins:
        command += ["-p", plugin]
    run = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    lines = report.read_text().splitlines() if report.exists() else []
    found = {outcome["node"]: outcome["outcome"] for outcome in map(json.loads, lines)}
    expected = {
        f"{test}[{stand_in}]": "passed" if stand_in == INTACT else "failed"
        for test, stand_ins in wanted.items()
        for stand_in in (INTACT, *stand_ins)
    }
    assert found == expected, run.stdout[-3000:] + run.stderr[-3000:]
