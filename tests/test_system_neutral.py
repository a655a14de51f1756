"""The shared layers name no rule system (design.md, "Rule systems"): what differs per system is
a hook each states in its own places. A new table's game master is `gm_name` for every system;
`mayor_name`, its name before a second system came, is still accepted (deprecated), and a
body without `system` still creates a table of the default system."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from litestar.testing import TestClient

from domain.systems import DEFAULT_SYSTEM, RULE_SYSTEMS
from projections.systems import PROJECTIONS
from service.app import create_app
from service.settings import Settings
from tests.frontera_helpers import in_memory_tables

ROOT = Path(__file__).parent.parent
#: the shared layers' modules; each system's own places (`domain/<system>/`,
#: `projections/<system>/`, `service/routes/<system>.py`) are folders of their own, and the
#: registration modules (`domain/systems.py`, `projections/systems.py`) import each system
SHARED = [
    path
    for layer in ("domain", "projections", "service")
    for path in sorted((ROOT / layer).glob("*.py"))
    if path.name != "systems.py"
]


@pytest.mark.parametrize("path", SHARED, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_no_shared_module_names_a_system_in_its_code(path: Path) -> None:
    """No literal names a registered system, and no system's module is imported (words in
    docstrings and the API's descriptions may cite a system as an example)."""
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            assert node.value not in RULE_SYSTEMS, f"{path}:{node.lineno}"
        if isinstance(node, ast.ImportFrom) and node.module:
            parts = set(node.module.split("."))
            assert not parts & set(RULE_SYSTEMS), f"{path}:{node.lineno}: {node.module}"


def test_every_system_states_how_its_events_are_named_and_what_seals_them() -> None:
    for system in RULE_SYSTEMS.values():
        assert isinstance(system.qualified_event_types, bool), system.name
    assert set(PROJECTIONS) == set(RULE_SYSTEMS)


def _create(body: dict[str, Any]) -> tuple[int, dict[str, Any], Any]:
    with TestClient(app=create_app(Settings(), tables=in_memory_tables())) as client:
        answer = client.post("/tables", json={"title": "T", **body})
        created = answer.json()
        table = None
        if answer.status_code == 201:
            tables = client.app.state.tables
            table = tables.read(UUID(created["table_id"]), lambda table: table)
    return answer.status_code, created, table


@pytest.mark.parametrize("system", sorted(RULE_SYSTEMS))
def test_the_game_master_is_named_by_gm_name_for_every_system(system: str) -> None:
    status, created, table = _create({"gm_name": "Gea", "system": system})
    assert status == 201, created
    assert (table.system, table.gm_seat.name) == (system, "Gea")
    assert created["seat"] == RULE_SYSTEMS[system].gm_seat


def test_mayor_name_is_still_accepted_in_its_place() -> None:
    status, created, table = _create({"mayor_name": "Ana"})
    assert status == 201, created
    assert (table.system, table.gm_seat.name) == (DEFAULT_SYSTEM, "Ana")


@pytest.mark.parametrize(
    "names", [{}, {"gm_name": "Ana", "mayor_name": "Ana"}, {"gm_name": None}, {"gm_name": ""}]
)
def test_the_game_masters_name_is_sent_once(names: dict[str, Any]) -> None:
    status, answer, _ = _create(names)
    assert status == 400, answer
    assert answer["type"].endswith("/invalid_request")
