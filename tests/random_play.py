"""Random play of the registered rule systems, for the properties that must hold whatever the
system (tests/test_adversaries.py, tests/test_event_schema.py).

Each system says how a random session starts (seats claimed, characters cast) and what one
random step of play is, as the `random_play` of its `tests/<system>_support.py`; what is here
is what they share.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from hypothesis import strategies as st

from domain.application import Tables
from domain.commands import ClaimSeat
from domain.errors import DomainError


@dataclass
class RandomSession:
    """A table of some system under random play, with its players' credentials."""

    app: Tables
    table_id: UUID
    #: one random step of play (a refused command is a step too)
    step: Callable[[], None]
    #: each player seat's credential in force, by seat
    credentials: dict[str, str] = field(default_factory=dict)
    #: take in the events others appended meanwhile (a driver that checks every version)
    sync: Callable[[], None] = lambda: None

    def players(self) -> list[str]:
        """The seats whose credentials are known, still sitting at the table."""
        active = self.app.read(
            self.table_id, lambda table: {s.id for s in table.seats.values() if s.active}
        )
        return sorted(seat for seat in self.credentials if seat in active)

    @property
    def gm_credential(self) -> str:
        gm = self.app.read(self.table_id, lambda table: table.gm_seat.id)
        return self.app.keys(self.table_id).credential(gm, 0)


def claimed(app: Tables, table_id: UUID, step: Callable[[], None]) -> RandomSession:
    """Every player seat claims its first invitation, as its player would."""
    session = RandomSession(app, table_id, step)
    keys = app.keys(table_id)
    seats = app.read(table_id, lambda table: [s.id for s in table.seats.values()])
    for seat in seats:
        with contextlib.suppress(DomainError):  # the game master's seat takes none
            app.execute(table_id, seat, ClaimSeat(invitation=keys.invitation(seat, 1)))
            session.credentials[seat] = keys.credential(seat, 0)
    return session


def cast_three(game: Any, creating: Callable[[str], Any]) -> None:
    """A character for each player (p1, p2) and one of the game master's."""
    for seat, name in (("p1", "One"), ("p2", "Two"), ("gm", "Three")):
        game.run(seat, creating(name))


def playing(data: st.DataObject, game: Any, random_command: Any) -> Callable[[], None]:
    """One random command a step; a refusal is a step too."""

    def step() -> None:
        actor, command = random_command(data, game)
        with contextlib.suppress(DomainError):
            game.run(actor, command)

    return step
