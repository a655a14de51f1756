"""One test of a table, told from its events: who took part, what was played, the outcome."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec

from domain.frontera import events as fe
from projections.redaction import RedactedEvent, redact, withheld
from projections.visibility import Viewer


class TestRecord(msgspec.Struct, kw_only=True):
    """One test of a table, told from its events: what the Mayor ruled, what was played, the
    outcome."""

    number: int
    """The test's number at the table"""
    kind: str
    """The test's kind: `trait`, `opposed`, `dead_mans_hand` or `combat`"""
    status: str
    """`open`, `resolved` or `cancelled`"""
    opened_at: int
    """The table version of the event that opened the test"""
    opened: dict[str, Any]
    """The test as opened: the Mayor's rulings (participants, traits, skills, modifiers, difficulty,
    purpose, stakes)"""
    revealed: dict[str, list[str]] | None = None
    """The card ids each participant played, by character id, once revealed; null before"""
    joker_suits: dict[str, str] | None = None
    """The suit declared for each Joker played, by card id, once revealed; null before"""
    targets: dict[str, dict[str, str]] | None = None
    """Combat: the id of the character each played card attacks, by attacker's character id then
    card id, once revealed; null before and in other tests"""
    outcomes: dict[str, str] | None = None
    """Each participant's outcome, by character id, in the rules' words (`success`, `victory`,
    `hit`, the better label …); null until resolved"""
    explanation: dict[str, str] | None = None
    """Why each participant got its outcome, in words, by character id; null until resolved"""
    events: list[RedactedEvent] = []
    """Every event of the test, from its opening until its cards are put away, redacted for the
    caller"""


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
