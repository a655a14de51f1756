"""What a command sent with an idempotency key returned, kept apart from the table.

Each keyed command that succeeds leaves one `CommandRecorded` event under an id of its own,
derived from the table, the sending seat and the key, saved in the same transaction as the
command's events. So a retry finds the first result with one indexed read, whatever the
traffic since; no seat can push another's keys out; nothing grows the table's snapshots; and
two processes racing with the same key cannot both commit (the second insert collides).

Records are kept as long as the table is: a retry, however late, never applies twice. They
are not events of the table: no view, log, audit or stream of the table can reach them.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from typing import Any
from uuid import UUID

import msgspec
from eventsourcing.domain import DomainEvent
from eventsourcing.utils import register_topic

#: the longest idempotency key accepted
MAX_KEY = 255


@dataclass(frozen=True)
class CommandRecorded(DomainEvent):
    """A keyed command's result, for its sender's retries only."""

    TOPIC = "idempotency.CommandRecorded"

    table_id: UUID
    seat: str
    #: keyed with the server secret, so it confirms no guess about a hidden command
    fingerprint: str
    result: Any
    #: the table version the command produced
    version: int


register_topic(CommandRecorded.TOPIC, CommandRecorded)


def record_id(server_key: bytes, table_id: UUID, seat: str, key: str) -> UUID:
    """Where the record of (table, seat, key) is kept: unguessable without the server key."""
    message = b"idempotency|" + table_id.bytes + b"|" + seat.encode() + b"|" + key.encode()
    return UUID(bytes=hmac.new(server_key, message, hashlib.sha256).digest()[:16], version=4)


def fingerprint(server_key: bytes, command: Any) -> str:
    """What a retry with the same key must repeat: the command's type and fields."""
    encoded = msgspec.json.encode(command)
    message = b"fingerprint|" + type(command).__name__.encode() + b"|" + encoded
    return hmac.new(server_key, message, hashlib.sha256).hexdigest()


def record(
    server_key: bytes,
    table_id: UUID,
    seat: str,
    key: str,
    fingerprint: str,
    result: Any,
    version: int,
) -> CommandRecorded:
    return CommandRecorded(
        originator_id=record_id(server_key, table_id, seat, key),
        originator_version=1,
        timestamp=CommandRecorded.create_timestamp(),
        table_id=table_id,
        seat=seat,
        fingerprint=fingerprint,
        result=result,
        version=version,
    )
