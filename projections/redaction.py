"""The one visibility policy: every event of every rule system, as a given viewer may see it.

Views, the log, rewind, test records and the stream all go through `redact`; nothing else
decides visibility. The rules are the shared table's and dice's (here) and each rule system's
(`projections/<system>/redaction.py`, gathered by `projections.systems`), written in the
words of `projections.visibility`. Credential and invitation hashes are never shown; an event
type or field without a rule is hidden from every seat until closing.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.dice import DiceRolled, RollsRevealed
from domain.systems import RULE_SYSTEMS
from domain.table import (
    CommandRecorded,
    CredentialIssued,
    GameCopied,
    InvitationIssued,
    SeatJoined,
    SeatRemoved,
    Table,
    TableClosed,
)
from projections.systems import PROJECTIONS
from projections.visibility import (
    ROLLED,
    Rule,
    Secret,
    Viewer,
    nobody,
    opaque,
    public,
    sees,
    sender,
)

SHARED_RULES: dict[type, Rule] = {
    Table.Created: public("system", "title", "options", "gm", "seed_commitment", "lineage"),
    SeatJoined: public("seat"),
    SeatRemoved: public("seat", "reason"),
    InvitationIssued: public("seat", "number"),
    CredentialIssued: public("seat", "number", "reason"),
    GameCopied: public(game=Secret(nobody, opaque)),
    TableClosed: public("seed"),
    CommandRecorded: public(
        key=Secret(sender, opaque, audited=False),
        command=Secret(sender, opaque, audited=False),
        fingerprint=Secret(sender, opaque, audited=False),
        result=Secret(sender, opaque, audited=False),
    ),
    DiceRolled: public("roll", "roller", "visibility", dice=ROLLED),
    RollsRevealed: public("rolls", "reason"),
}
RULES: dict[type, Rule] = {
    **SHARED_RULES,
    **{kind: rule for system in PROJECTIONS.values() for kind, rule in system.rules.items()},
}
#: digests of secrets, never shown to anyone, even after closing
NEVER_SHOWN = ("credential_hash", "invitation_hash")
ENVELOPE = ("originator_id", "originator_version", "timestamp", "originator_topic", "actor")


def event_type(event: Any) -> str:
    """An event's name in the log: its topic (`stepdice.TestRolled`), bare for the shared
    table's and dice's events and a system that keeps bare names (`qualified_event_types`)."""
    prefix, _, name = str(event.TOPIC).rpartition(".")
    system = RULE_SYSTEMS.get(prefix)
    return str(event.TOPIC) if system is not None and system.qualified_event_types else name


def _scrub(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _scrub(v) for k, v in value.items() if k not in NEVER_SHOWN}
    if isinstance(value, list):
        return [_scrub(v) for v in value]
    return value


class RedactedEvent(msgspec.Struct, kw_only=True):
    """One event of the log as the caller may see it."""

    version: int
    type: str
    actor: str
    at: str
    data: dict[str, Any]
    #: fields whose card identities (or other secrets) the caller may not see
    hidden: list[str]


def redact(event: Any, viewer: Viewer, closed: bool) -> RedactedEvent:
    data = {k: v for k, v in vars(event).items() if k not in ENVELOPE and k not in NEVER_SHOWN}
    rule = RULES.get(type(event), Rule())
    hidden: list[str] = []
    sealed = viewer.open_test is not None and getattr(event, "test", None) == viewer.open_test
    revealed = getattr(event, "roll", None) in viewer.revealed_rolls
    for name, value in data.items():
        if name in rule.public:
            continue
        secret = rule.secret.get(name)
        if name == rule.own_entry:
            shown = {k: v for k, v in value.items() if sees(viewer, frozenset({k}), closed)}
            if len(shown) < len(value):
                hidden.append(name)
            data[name] = {k: shown.get(k, [None] * len(v)) for k, v in value.items()}
        elif secret is None:
            if not closed:
                data[name] = None
                hidden.append(name)
        elif secret is ROLLED and revealed:
            continue
        elif not sees(viewer, secret.audience(event), closed, sealed or not secret.audited):
            data[name] = secret.mask(value)
            hidden.append(name)
    return RedactedEvent(
        version=event.originator_version,
        type=event_type(event),
        actor=event.actor,
        at=event.timestamp.isoformat(),
        data=_scrub(msgspec.to_builtins(data)),
        hidden=hidden,
    )


def involves(event: Any, seat: str) -> bool:
    """Whether an event is about a seat: it acted, or it saw or received something."""
    if event.actor == seat or getattr(event, "seat", None) == seat:
        return True
    if isinstance(event, SeatJoined):
        return event.seat.id == seat
    seen_by = getattr(event, "seen_by", None)
    return seen_by is not None and seat in seen_by
