"""No masked value crashes a system's fold: every field of every event of the system in its
session, nulled as a mask nulls it (the field, each item of a list, each entry of an object,
one level deeper too), folds and shapes into figures, and so does the event after it. (The
shared table's and dice's events are the shared fold's: `projections.stats`.) Every registered
system is folded, from the session its figures' tests play (tests/system_support.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from uuid import uuid4

import msgspec
import pytest

from domain.commands import CloseTable
from domain.systems import RULE_SYSTEMS
from projections.redaction import SHARED_RULES, RedactedEvent, event_type
from projections.stats import fold, table_stats
from projections.tally import Tally
from tests.stats_helpers import logged
from tests.system_support import provided

SHARED = {event_type(kind) for kind in SHARED_RULES}


def masks(value: Any, depth: int = 2) -> Iterator[Any]:
    """What a mask may leave of a value: null; nulls for a list's items; an object with its
    entries nulled, all or one at a time (and so on, `depth` levels down)."""
    yield None
    if isinstance(value, list):
        yield [None] * len(value)
    if isinstance(value, dict):
        yield dict.fromkeys(value)
        if depth > 1:
            for name, inner in value.items():
                for masked in masks(inner, depth - 1):
                    yield {**value, name: masked}


def closed_log(system: str) -> list[RedactedEvent]:
    """The system's scripted session of its figures' tests (`SystemSupport.figures_session`),
    closed, as its game master reads it."""
    session, gm = provided(system, "figures_session")()
    session.run(gm, CloseTable())
    return logged(session.app, session.table_id, gm)


def copy(tally: Tally) -> Tally:
    return msgspec.structs.replace(tally, counts=dict(tally.counts), labels=dict(tally.labels))


@pytest.mark.parametrize("system", list(RULE_SYSTEMS))
def test_every_masked_field_folds(system: str) -> None:
    events = closed_log(system)
    table_id = uuid4()
    before = Tally()
    for index, event in enumerate(events):
        following = events[index + 1 : index + 2]
        for name, value in event.data.items() if event.type not in SHARED else ():
            for masked in masks(value):
                tally = copy(before)
                shown = msgspec.structs.replace(event, data={**event.data, name: masked})
                for each in [shown, *following]:
                    fold(tally, each, each.version)
                table_stats(table_id, tally, closed=True)
        fold(before, event, event.version)
    assert table_stats(table_id, before, closed=True).events == len(events)
