"""The redaction policy fails closed: every event type and every field has a rule, and what
has none is hidden from every seat, the Mayor's audit included, until the table closes."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from typing import Any
from uuid import uuid4

import pytest

from domain.frontera import events as fe
from domain.table import Table
from projections.log import TOPICS
from projections.redaction import ENVELOPE, NEVER_SHOWN, RULES, event_type, redact
from projections.visibility import Viewer

PLAYER = Viewer(seat="p1", is_gm=False)
AUDIT = Viewer(seat="mayor", is_gm=True, audit=True)


def _registered() -> list[type]:
    """Every event class a table's log can hold, of every rule system."""
    found: list[type] = [Table.Created]
    pending = list(Table.Event.__subclasses__())
    while pending:
        kind = pending.pop()
        pending.extend(kind.__subclasses__())
        if "TOPIC" in kind.__dict__ and not kind.__module__.startswith("tests."):
            found.append(kind)
    return found


@pytest.mark.parametrize("kind", _registered(), ids=event_type)
def test_every_event_type_and_every_field_has_a_rule(kind: type) -> None:
    topic = event_type(kind)
    rule = RULES.get(kind)
    assert rule is not None, f"{topic} has no redaction rule: it is hidden from everyone"
    fields = {f.name for f in dataclasses.fields(kind)} - set(ENVELOPE) - set(NEVER_SHOWN)
    covered = rule.public | set(rule.secret) | ({rule.own_entry} if rule.own_entry else set())
    assert fields - covered == set(), f"{topic}: no rule for {fields - covered}"
    assert covered - fields == set(), f"{topic}: rules for fields it lacks"


def test_the_log_filter_knows_exactly_the_registered_types() -> None:
    assert {event_type(kind) for kind in _registered()} == set(TOPICS)


class Unruled(Table.Event):
    """An event type somebody added without a rule."""

    TOPIC = "tests.Unruled"
    cards: list[str]


def _stamp(event_class: type, **fields: Any) -> Any:
    return event_class(
        originator_id=uuid4(),
        originator_version=7,
        timestamp=datetime.now(UTC),
        actor="p1",
        **fields,
    )


@pytest.mark.parametrize("viewer", [PLAYER, AUDIT], ids=["player", "mayor's audit"])
def test_an_event_type_without_a_rule_is_hidden_until_closing(viewer: Viewer) -> None:
    event = _stamp(Unruled, cards=["d0:AS"])
    hidden = redact(event, viewer, closed=False)
    assert hidden.data == {"cards": None} and hidden.hidden == ["cards"]
    assert redact(event, viewer, closed=True).data == {"cards": ["d0:AS"]}


@pytest.mark.parametrize("viewer", [PLAYER, AUDIT], ids=["player", "mayor's audit"])
def test_a_field_without_a_rule_is_hidden_until_closing(viewer: Viewer) -> None:
    event = _stamp(fe.TestCancelled, test=1, reason="the storm")
    object.__setattr__(event, "peeked", ["d0:KH"])  # a field added to a type, not to its rule
    shown = redact(event, viewer, closed=False)
    assert shown.data == {"test": 1, "reason": "the storm", "peeked": None}
    assert shown.hidden == ["peeked"]
    assert redact(event, viewer, closed=True).data["peeked"] == ["d0:KH"]
