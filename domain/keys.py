"""A table's secrets, all derived from the server key, so that none is ever stored.

- the seed: HMAC-SHA256(key, "seed" | table id); only sha256(seed) is published (in the
  creation event) until the closing event reveals the seed itself;
- each seat's bearer credential: "<seat>.<HMAC-SHA256(key, "credential" | table id | seat)>";
  events keep only its sha256, and the same seat always gets the same credential, so a
  retried command that seats a player hands out the credential the first attempt did.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar
from uuid import UUID

from domain.randomness import shuffled

T = TypeVar("T")


def _derive(server_key: bytes, purpose: bytes, table_id: UUID, extra: bytes = b"") -> bytes:
    return hmac.new(server_key, purpose + b"|" + table_id.bytes + extra, hashlib.sha256).digest()


def commitment(seed: bytes) -> str:
    """What a table publishes about its seed before it closes."""
    return hashlib.sha256(seed).hexdigest()


def credential_hash(credential: str) -> str:
    return hashlib.sha256(credential.encode()).hexdigest()


@dataclass(frozen=True)
class Bearer:
    """A credential presented by a client, to be matched against a table's seats."""

    credential: str


class TableKeys:
    """The secrets of one table, handed to its commands; never put in an event or a view."""

    def __init__(self, server_key: bytes, table_id: UUID) -> None:
        self._server_key = server_key
        self._table_id = table_id
        self._seed = _derive(server_key, b"seed", table_id)

    @property
    def seed_commitment(self) -> str:
        return commitment(self._seed)

    def shuffled(self, items: Sequence[T], index: int) -> list[T]:
        """Random operation number `index` of the table."""
        return shuffled(items, self._seed, index)

    def reveal_seed(self) -> str:
        """The seed in hex, for the closing event only."""
        return self._seed.hex()

    def credential(self, seat: str) -> str:
        digest = _derive(self._server_key, b"credential", self._table_id, seat.encode())
        return f"{seat}.{digest.hex()}"

    def credential_hash(self, seat: str) -> str:
        return credential_hash(self.credential(seat))
