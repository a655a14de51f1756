"""The committed document's `Event` describes every event exactly as `redact` shows it.

Random sessions of every Frontera mode (the property tests' driver) and of every registered
system (the `random_play` of tests/<system>_support.py); every event of their log, redacted
for every seat in play, for the game master in audit and after closing, validates against the
document's schema for its type: the union is what clients may trust.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema_rs
import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.commands import CloseTable
from domain.systems import RULE_SYSTEMS
from domain.table import Table
from projections.log import TOPICS
from projections.redaction import RedactedEvent, redact
from projections.viewers import viewer_for
from projections.visibility import Viewer
from tests.frontera_helpers import MAYOR
from tests.frontera_strategies import (
    Driver,
    cast_characters,
    no_management_options,
    normal_options,
    snapshotting_tables,
    start_session,
    wear_options,
)
from tests.system_support import provided

DOCUMENT = Path(__file__).parent.parent / "openapi" / "openapi.json"
Setup = tuple[int, dict[str, Any]]


@cache
def _components() -> dict[str, Any]:
    components: dict[str, Any] = json.loads(DOCUMENT.read_text())["components"]
    return components


@cache
def _validator(name: str) -> Any:
    schema = {"$ref": f"#/components/schemas/{name}", "components": _components()}
    return jsonschema_rs.Draft202012Validator(schema, validate_formats=True)


def _errors(event: RedactedEvent, schema: str = "Event") -> list[str]:
    encoded = msgspec.to_builtins(event)
    return [error.message for error in _validator(schema).iter_errors(encoded)]


def _viewers(table: Table) -> list[Viewer]:
    playing = [viewer_for(table, seat, audit=False) for seat in table.seats.values()]
    return [*playing, viewer_for(table, table.gm_seat, audit=True)]


def test_every_event_type_has_its_schema_in_the_union() -> None:
    union = _components()["schemas"]["Event"]
    mapping = union["discriminator"]["mapping"]
    assert union["discriminator"]["propertyName"] == "type"
    assert set(mapping) == set(TOPICS)
    assert sorted(ref["$ref"] for ref in union["oneOf"]) == sorted(mapping.values())
    for name, ref in mapping.items():
        payload = _components()["schemas"][ref.rpartition("/")[2]]
        assert payload["properties"]["type"]["const"] == name


def test_a_masked_card_list_keeps_its_length_and_is_named_hidden() -> None:
    cards_drawn = _components()["schemas"]["Event.CardsDrawn"]["properties"]
    cards = cards_drawn["data"]["properties"]["cards"]
    assert {"type": "array", "items": {"type": "null"}} in cards["anyOf"]
    assert "a null for each card" in cards["description"]
    assert cards_drawn["hidden"]["items"] == {"enum": ["cards"]}


def test_no_schema_of_the_log_names_a_digest_that_is_never_shown() -> None:
    schemas = json.dumps(
        {k: v for k, v in _components()["schemas"].items() if k.startswith("Event")}
    )
    assert "credential_hash" not in schemas and "invitation_hash" not in schemas


@pytest.mark.parametrize(
    "setup",
    [normal_options(), normal_options(skip_phase_1=True), no_management_options(), wear_options()],
    ids=["normal", "skip_phase_1", "no_management", "wear"],
)
@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_every_redacted_event_of_random_sessions_keeps_to_its_schema(
    setup: st.SearchStrategy[Setup], data: st.DataObject
) -> None:
    players, options = data.draw(setup)
    driver = Driver(data, start_session(snapshotting_tables(), players, **options))
    cast_characters(driver)
    driver.run(driver.number(5, 40, "steps"))
    session = driver.session
    table = session.table()
    if not table.closed:
        session.run(MAYOR, CloseTable())
    for event in session.app.table_events(session.table_id, 0):
        for viewer in _viewers(table):
            redacted = redact(event, viewer, closed=False)
            assert not _errors(redacted), (viewer, redacted, _errors(redacted))
            assert not _errors(redacted, f"Event.{redacted.type}")
        after_closing = redact(event, _viewers(table)[-1], closed=True)
        assert not _errors(after_closing), (after_closing, _errors(after_closing))


@pytest.mark.parametrize("system", list(RULE_SYSTEMS))
@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_every_redacted_event_of_every_systems_random_play_keeps_to_its_schema(
    system: str, data: st.DataObject
) -> None:
    """Every registered system's random play (`random_play` of tests/<system>_support.py, which
    tests/test_system_support.py requires of every system), each event redacted for every
    seat, the audit and after closing."""
    app = snapshotting_tables()
    game = provided(system, "random_play")(data, app)
    for _ in range(data.draw(st.integers(1, 30), label="steps")):
        game.step()
    table: Table = app.read(game.table_id, lambda table: table)
    if not table.closed:
        app.execute(game.table_id, table.gm_seat.id, CloseTable())
    for event in app.table_events(game.table_id, 0):
        for viewer in _viewers(table):
            redacted = redact(event, viewer, closed=False)
            assert not _errors(redacted), (viewer, redacted, _errors(redacted))
            assert not _errors(redacted, f"Event.{redacted.type}")
        after_closing = redact(event, _viewers(table)[-1], closed=True)
        assert not _errors(after_closing), (after_closing, _errors(after_closing))
