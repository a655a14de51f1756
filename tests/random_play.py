"""Random play of every registered rule system, for the properties that must hold whatever the
system (tests/test_adversaries.py).

Each system says how a random session starts (seats claimed, characters cast) and what one
random step of play is; `PLAYS` is checked against the registry, so a system registered
without random play fails those tests until it brings one.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from hypothesis import strategies as st

from domain.application import Tables
from domain.asaltos import commands as asaltos_cmd
from domain.commands import ClaimSeat
from domain.errors import DomainError
from domain.stepdice import commands as stepdice_cmd
from tests import asaltos_helpers, stepdice_helpers
from tests.frontera_strategies import Driver, cast_characters, start_session


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


def _claimed(app: Tables, table_id: UUID, step: Callable[[], None]) -> RandomSession:
    """Every player seat claims its first invitation, as its player would."""
    session = RandomSession(app, table_id, step)
    keys = app.keys(table_id)
    seats = app.read(table_id, lambda table: [s.id for s in table.seats.values()])
    for seat in seats:
        with contextlib.suppress(DomainError):  # the game master's seat takes none
            app.execute(table_id, seat, ClaimSeat(invitation=keys.invitation(seat, 1)))
            session.credentials[seat] = keys.credential(seat, 0)
    return session


FRONTERA_TABLES: st.SearchStrategy[dict[str, Any]] = st.sampled_from(
    [
        {"mode": "normal"},
        {"mode": "normal", "skip_phase_1": True},
        {"mode": "no_management"},
        {"mode": "wear"},
    ]
)


def frontera(data: st.DataObject, app: Tables) -> RandomSession:
    options = data.draw(FRONTERA_TABLES, label="table")
    session = start_session(app, 2, key="random-play-frontera", **options)
    claimed = _claimed(app, session.table_id, lambda: None)
    driver = Driver(data, session)
    cast_characters(driver)
    claimed.step, claimed.sync = driver.step, driver.check
    return claimed


def _cast(game: Any, creating: Callable[[str], Any]) -> None:
    """A character for each player (p1, p2) and one of the game master's."""
    for seat, name in (("p1", "One"), ("p2", "Two"), ("gm", "Three")):
        game.run(seat, creating(name))


def _playing(data: st.DataObject, game: Any, random_command: Any) -> Callable[[], None]:
    """One random command a step; a refusal is a step too."""

    def step() -> None:
        actor, command = random_command(data, game)
        with contextlib.suppress(DomainError):
            game.run(actor, command)

    return step


def stepdice(data: st.DataObject, app: Tables) -> RandomSession:
    game = stepdice_helpers.new_session(app=app, key="random-play-stepdice")
    claimed = _claimed(app, game.table_id, lambda: None)
    sheet = stepdice_helpers.dice()
    _cast(game, lambda name: stepdice_cmd.CreateCharacter(name=name, attributes=sheet))
    claimed.step = _playing(data, game, stepdice_helpers.random_command)
    return claimed


def asaltos(data: st.DataObject, app: Tables) -> RandomSession:
    game = asaltos_helpers.new_session(players=2, app=app)
    claimed = _claimed(app, game.table_id, lambda: None)
    # Trepar 10 at difficulty 0 cannot fail: a certain check, rolled by no die
    sheet = asaltos_helpers.sheet(skills={"Espada": 5, "Trepar": 10})
    _cast(game, lambda name: asaltos_cmd.CreateCharacter(name=name, sheet=sheet))
    claimed.step = _playing(data, game, asaltos_helpers.random_command)
    return claimed


#: how each registered system plays at random
PLAYS: dict[str, Callable[[st.DataObject, Tables], RandomSession]] = {
    "frontera": frontera,
    "stepdice": stepdice,
    "asaltos": asaltos,
}
