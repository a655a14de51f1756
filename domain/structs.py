"""Storage of msgspec Structs inside events and snapshots.

eventsourcing's JSON transcoder needs one transcoding per type it meets as a value; the
Structs of the domain register themselves here with a stable name (never the module path),
so that moving a class never breaks a stored session.
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

import msgspec
from eventsourcing.persistence import Transcoding

_REGISTERED: dict[str, type[msgspec.Struct]] = {}


class Stored(msgspec.Struct):
    """Base of every Struct that is stored in an event or a snapshot.

    Subclasses that appear directly as a value name themselves with `STORED_AS`.
    """

    STORED_AS: ClassVar[str | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        stored_as = cls.__dict__.get("STORED_AS")
        if stored_as is not None:
            if stored_as in _REGISTERED and _REGISTERED[stored_as] is not cls:
                raise TypeError(f"stored name {stored_as!r} is already taken")
            _REGISTERED[stored_as] = cls


class _StructTranscoding(Transcoding):
    def __init__(self, name: str, struct_type: type[msgspec.Struct]) -> None:
        self.name = name
        self.type = struct_type

    def encode(self, obj: Any) -> Any:
        return msgspec.to_builtins(obj)

    def decode(self, data: Any) -> Any:
        return msgspec.convert(data, self.type)


def transcodings() -> list[Transcoding]:
    """One transcoding per stored Struct type."""
    return [_StructTranscoding(name, cls) for name, cls in _REGISTERED.items()]


S = TypeVar("S", bound=msgspec.Struct)


def clone(struct: S) -> S:
    """A deep copy, so that state never shares mutable parts with an event."""
    return msgspec.convert(msgspec.to_builtins(struct), type(struct))
