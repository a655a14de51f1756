"""One test of a table, told from its events: who took part, what was played, the outcome."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec

from domain.frontera import events as fe
from projections.redaction import RedactedEvent, redact, withheld
from projections.visibility import Viewer


class TestRecord(msgspec.Struct, kw_only=True):
    number: int
    kind: str
    #: open, resolved or cancelled
    status: str
    opened_at: int
    #: the Mayor's rulings: participants, traits, skills, modifiers, difficulty
    opened: dict[str, Any]
    #: the cards each participant played, once revealed
    revealed: dict[str, list[str]] | None = None
    joker_suits: dict[str, str] | None = None
    #: combat: the target of each card played, by character, once revealed
    targets: dict[str, dict[str, str]] | None = None
    outcomes: dict[str, str] | None = None
    explanation: dict[str, str] | None = None
    #: every event of the test, as the caller may see it
    events: list[RedactedEvent] = []


def opened_at(state: Any, number: int) -> int:
    """The version to read a test's record from: where it opened, when the state remembers
    it (tables older than that index read from the start)."""
    versions = getattr(state, "test_versions", {})
    return int(versions.get(str(number), 1))


def test_record(
    events: Iterable[Any], number: int, viewer: Viewer, closed: bool
) -> TestRecord | None:
    record: TestRecord | None = None
    for event in events:
        if isinstance(event, fe.TestOpened) and event.test.number == number:
            record = TestRecord(
                number=number,
                kind=event.test.kind,
                status="open",
                opened_at=event.originator_version,
                opened=msgspec.to_builtins(event.test),
            )
        if record is None:
            continue
        if record.status != "open" and not isinstance(event, fe.CardsMoved):
            break  # the cards have been put away: the test is over
        if not withheld(event, viewer, closed):
            record.events.append(redact(event, viewer, closed))
        if isinstance(event, fe.CardsRevealed):
            record.revealed = dict(event.cards)
            record.joker_suits = {card: str(suit) for card, suit in event.joker_suits.items()}
            record.targets = dict(event.targets) if event.targets is not None else None
        elif isinstance(event, fe.TestResolved):
            record.status = "resolved"
            record.outcomes = dict(event.outcomes)
            record.explanation = dict(event.explanation)
        elif isinstance(event, fe.TestCancelled):
            record.status = "cancelled"
    return record
