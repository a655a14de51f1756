"""A table's secrets, all derived from the server key, so that none is ever stored.

- the seed: HMAC-SHA256(key, "seed" | table id); only sha256(seed) is published (in the
  creation event) until the closing event reveals the seed itself;
- each seat's bearer credentials and invitations: "<seat>.<n>.<HMAC-SHA256(key, purpose |
  table id | seat | n)>" for the seat's n-th one. Events keep only their sha256; the number
  lets a retried command hand out what the first attempt did, and lets the rate limit tell a
  genuine credential from the server key alone. Only the seat that redeems an invitation (or
  rotates) is ever shown its credential: the game master, who invites, cannot derive it.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar
from uuid import UUID

from domain.randomness import die_face, shuffled

T = TypeVar("T")


def _derive(server_key: bytes, purpose: bytes, table_id: UUID, extra: bytes = b"") -> bytes:
    return hmac.digest(server_key, purpose + b"|" + table_id.bytes + extra, "sha256")


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

    @functools.cached_property
    def _seed(self) -> bytes:
        """Derived when first needed: most requests only check a credential."""
        return _derive(self._server_key, b"seed", self._table_id)

    @property
    def seed_commitment(self) -> str:
        return commitment(self._seed)

    def shuffled(self, items: Sequence[T], index: int) -> list[T]:
        """Random operation number `index` of the table."""
        return shuffled(items, self._seed, index)

    def die_face(self, sides: int, index: int) -> int:
        """Random operation number `index` of the table, as a die of `sides` faces."""
        return die_face(self._seed, index, sides)

    def reveal_seed(self) -> str:
        """The seed in hex, for the closing event only."""
        return self._seed.hex()

    def credential(self, seat: str, number: int) -> str:
        """The seat's `number`-th bearer credential."""
        return self._token(b"credential", seat, number)

    def credential_hash(self, seat: str, number: int) -> str:
        return credential_hash(self.credential(seat, number))

    def invitation(self, seat: str, number: int) -> str:
        """The seat's `number`-th invitation, redeemed once for a credential."""
        return self._token(b"invitation", seat, number)

    def _token(self, purpose: bytes, seat: str, number: int) -> str:
        extra = b"|" + seat.encode() + b"|" + str(number).encode()
        return f"{seat}.{number}.{_derive(self._server_key, purpose, self._table_id, extra).hex()}"


def token_seat(token: str) -> tuple[str, int] | None:
    """The seat and number a credential or invitation claims to be, if it is well formed."""
    seat, _, rest = token.partition(".")
    number, _, digest = rest.partition(".")
    if not seat or not number.isdigit() or len(number) > 9 or len(digest) != 64:
        return None
    return seat, int(number)
