"""Frontera's projections, as the shared layer finds them."""

from __future__ import annotations

from typing import Any

from domain.frontera.state import FronteraState
from domain.table import Table
from projections.frontera import redaction, stats, views
from projections.registry import SystemProjection


def open_test_number(table: Table) -> int | None:
    """The open test (a combat turn's included: each turn is a test), by number: audit opens
    none of its draws and choices until it is resolved or cancelled."""
    state: FronteraState = table.game
    return state.test.number if state.test is not None else None


def event_test_number(event: Any) -> int | None:
    """The test an event belongs to, by number (an event that opens a test carries the whole
    test, all of it public, and belongs to none)."""
    test = getattr(event, "test", None)
    return test if isinstance(test, int) else None


FRONTERA = SystemProjection.of(
    "frontera",
    redaction,
    views,
    stats,
    open_moment=open_test_number,
    moment_of=event_test_number,
)
