"""The one visibility policy: every event of every rule system, as a given viewer may see it.

Views, the log, rewind, test records and the stream all go through `redact`; nothing else
decides visibility. The rules are the shared table's and dice's (here) and each rule system's
(`projections/<system>/redaction.py`, gathered by `projections.systems`), written in the
words of `projections.visibility`. Credential and invitation hashes are never shown; an event
type or field without a rule is hidden from every seat until closing.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import cache
from typing import Any, cast
from uuid import UUID

import msgspec
from eventsourcing.utils import resolve_topic

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
    OWN_ENTRY,
    ROLLED,
    Rule,
    Secret,
    Viewer,
    announcing,
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
    DiceRolled: announcing(public("roll", "roller", "roller_seat", "visibility", dice=ROLLED)),
    RollsRevealed: public("rolls", "reason"),
}
RULES: dict[type, Rule] = {
    **SHARED_RULES,
    **{kind: rule for system in PROJECTIONS.values() for kind, rule in system.rules.items()},
}


def event_types(system: str) -> list[str]:
    """The names every event of a table of `system` may have in its log: the shared table's
    and dice's, and the system's own, sorted."""
    own = PROJECTIONS[system].rules
    return sorted(event_type(kind) for kind in (*SHARED_RULES, *own))


#: the moment of play each system's event belongs to (its system's `moment_of`); the shared
#: table's and dice's events belong to none
MOMENT_OF: dict[type, Callable[[Any], Hashable | None]] = {
    kind: system.moment_of for system in PROJECTIONS.values() for kind in system.rules
}
#: digests of secrets, never shown to anyone, even after closing
NEVER_SHOWN = ("credential_hash", "invitation_hash")
_NEVER_SHOWN_BYTES = tuple(name.encode() for name in NEVER_SHOWN)
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
    if isinstance(value, list) and value and isinstance(value[0], (dict, list)):
        return [_scrub(v) for v in value]
    return value  # lists hold one kind of thing: a list of words or numbers holds no secret


class RedactedEvent(msgspec.Struct, kw_only=True):
    """One event of the log as the caller may see it."""

    version: int
    type: str
    actor: str
    at: str
    data: dict[str, Any]
    #: fields whose card identities (or other secrets) the caller may not see
    hidden: list[str]


def withheld(event: Any, viewer: Viewer, closed: bool) -> bool:
    """Whether the viewer may not know that the event happened at all: it names a roll the
    viewer may not see, and derives from it (a ruling, a consequence) rather than announcing
    it. Every reader of events leaves such an event out (the log, the figures)."""
    if closed or getattr(event, "roll", None) not in viewer.hidden_rolls:
        return False
    return not RULES.get(type(event), Rule()).announces_roll


def redact(event: Any, viewer: Viewer, closed: bool) -> RedactedEvent:
    data = {k: v for k, v in vars(event).items() if k not in ENVELOPE and k not in NEVER_SHOWN}
    hidden: list[str] = []
    if closed:  # closing shows everything to everybody: no field needs judging
        return _logged(event, data, hidden)
    rule = RULES.get(type(event), Rule())
    sealed = viewer.open_moment is not None and _moment(event) == viewer.open_moment
    roll_hidden = getattr(event, "roll", None) in viewer.hidden_rolls
    for name, value in data.items():
        if name in rule.public:
            continue
        secret = rule.secret.get(name)
        if name == rule.own_entry:
            entry = OWN_ENTRY
            seen = {k for k in value if sees(viewer, entry.audience(k), closed, not entry.audited)}
            if len(seen) < len(value):
                hidden.append(name)
            data[name] = {k: v if k in seen else entry.mask(v) for k, v in value.items()}
        elif secret is None:
            if not closed:
                data[name] = None
                hidden.append(name)
        elif secret is ROLLED:
            if roll_hidden:
                data[name] = secret.mask(value)
                hidden.append(name)
        elif not sees(
            viewer, secret.audience(event), closed, sealed or not secret.opened_by_audit(event)
        ):
            data[name] = secret.mask(value)
            hidden.append(name)
    for name, part in rule.derived.items():
        if name not in hidden and not sees(viewer, part.audience(event), closed):
            data[name] = part.mask(data[name])
            hidden.append(name)
    return _logged(event, data, hidden)


def _moment(event: Any) -> Hashable | None:
    moment_of = MOMENT_OF.get(type(event))
    return None if moment_of is None else moment_of(event)


def _logged(event: Any, data: dict[str, Any], hidden: list[str]) -> RedactedEvent:
    return RedactedEvent(
        version=event.originator_version,
        type=event_type(event),
        actor=event.actor,
        at=event.timestamp.isoformat(),
        data=_scrubbed(msgspec.to_builtins(data)),
        hidden=hidden,
    )


def _scrubbed(data: dict[str, Any]) -> dict[str, Any]:
    encoded = msgspec.json.encode(data)
    if any(name in encoded for name in _NEVER_SHOWN_BYTES):
        return cast("dict[str, Any]", _scrub(data))  # a digest sits deeper (a seat's)
    return data


_decode_state = msgspec.json.Decoder(dict[str, Any]).decode


def closed_from_store(stored: Any) -> RedactedEvent:
    """A stored event (a row of the store: `topic`, `state`, `originator_version`) as
    everybody sees it once its table is closed, read straight from the stored JSON.

    The same as `redact(event, anyone, closed=True)` of the decoded event (a test holds the
    two equal over every event type), without building the event: the analytics read model
    reads every event of the store this way, several times faster."""
    data = _decode_state(stored.state)
    at, actor = data.pop("timestamp")["_data_"], data.pop("actor")
    data.pop("originator_topic", None)  # the rest of the envelope is not in the state
    for name, value in data.items():
        if isinstance(value, (dict, list)):
            data[name] = _plain(value)
    if any(name in stored.state for name in _NEVER_SHOWN_BYTES):
        data = _scrub(data)  # a digest sits deeper (a seat's)
    return RedactedEvent(
        version=stored.originator_version,
        type=type_of_topic(stored.topic),
        actor=actor,
        at=at,
        data=data,
        hidden=[],
    )


class _Moment(msgspec.Struct):
    _data_: str


class _Envelope(msgspec.Struct):
    timestamp: _Moment
    actor: str


_decode_envelope = msgspec.json.Decoder(_Envelope).decode


def envelope_from_store(stored: Any) -> RedactedEvent:
    """A stored event's type, actor and time alone, without its fields (`data` is empty):
    all a reader needs of an event whose fields it never reads, for a fraction of the
    decoding. The envelope is public to everybody."""
    envelope = _decode_envelope(stored.state)
    return RedactedEvent(
        version=stored.originator_version,
        type=type_of_topic(stored.topic),
        actor=envelope.actor,
        at=envelope.timestamp._data_,
        data={},
        hidden=[],
    )


def _plain(value: Any) -> Any:
    """A stored value as `msgspec.to_builtins` gives the value it encodes: eventsourcing
    wraps each value of a registered type as `{"_type_": name, "_data_": encoded}`."""
    if isinstance(value, dict):
        if len(value) == 2 and "_type_" in value and "_data_" in value:
            kind, inner = value["_type_"], value["_data_"]
            return str(UUID(inner)) if kind == "uuid_hex" else inner
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list) and value and isinstance(value[0], (dict, list)):
        return [_plain(v) for v in value]
    return value


@cache
def type_of_topic(topic: str) -> str:
    """The log's name of the event type stored under a topic."""
    return event_type(resolve_topic(topic))


def involves(event: Any, seat: str) -> bool:
    """Whether an event is about a seat: it acted, or it saw or received something."""
    if event.actor == seat or getattr(event, "seat", None) == seat:
        return True
    if isinstance(event, SeatJoined):
        return event.seat.id == seat
    seen_by = getattr(event, "seen_by", None)
    return seen_by is not None and seat in seen_by
