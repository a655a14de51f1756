"""Building blocks for stepdice tests: a table with the game master, players and characters."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID

import msgspec

from domain.application import Outcome, Tables
from domain.commands import AddSeat
from domain.errors import DomainError
from domain.stepdice import commands as cmd
from domain.stepdice.state import Attributes, Ranks, StepdiceState
from domain.table import Table
from tests.frontera_helpers import in_memory_tables

GM = "gm"


def dice(fuerza: int = 10, agilidad: int = 10, destreza: int = 10, magia: int = 10) -> Attributes:
    return msgspec.convert(
        {"fuerza": fuerza, "agilidad": agilidad, "destreza": destreza, "magia": magia},
        Attributes,
    )


def ranks(
    fuerza: str = "entrenado",
    agilidad: str = "entrenado",
    destreza: str = "entrenado",
    magia: str = "entrenado",
) -> Ranks:
    return msgspec.convert(
        {"fuerza": fuerza, "agilidad": agilidad, "destreza": destreza, "magia": magia}, Ranks
    )


@dataclass
class Session:
    app: Tables
    table_id: UUID

    def run(self, actor: str, command: Any) -> Any:
        outcome: Outcome = self.app.execute(self.table_id, actor, command)
        return outcome.result

    def table(self) -> Table:
        return self.app.read(self.table_id, lambda table: table)

    @property
    def state(self) -> StepdiceState:
        game = self.table().game
        assert isinstance(game, StepdiceState)
        return game

    @property
    def version(self) -> int:
        return self.table().version

    def events(self) -> list[Any]:
        return list(self.app.table_events(self.table_id))

    def refused(self, actor: str, command: Any) -> str:
        """The code of the error a command is refused with; asserts it appended nothing."""
        before = self.version
        try:
            self.run(actor, command)
        except DomainError as error:
            assert self.version == before, "a refused command appended events"
            return error.code
        raise AssertionError(f"{command!r} was accepted")

    def replayed(self) -> Table:
        """The table folded from its stored events alone."""
        table: Any = None
        for event in self.events():
            table = event.mutate(table)
        assert isinstance(table, Table)
        return table


def new_session(
    players: int = 2, app: Tables | None = None, key: str | None = None, **options: Any
) -> Session:
    """A stepdice table with its game master (seat "gm") and players p1, p2, …; given a
    creation `key`, its id (and so its seed) is the same at every run."""
    app = app or in_memory_tables()
    table_id = app.create_table(
        "stepdice", "A stepdice table", "The GM", options, idempotency_key=key
    )
    session = Session(app, table_id)
    for number in range(players):
        session.run(GM, AddSeat(name=f"Player {number + 1}"))
    return session


def roll_test(
    character: str,
    attribute: str = "agilidad",
    grade: str = "normal",
    shifts: list[dict[str, Any]] | None = None,
    helper: dict[str, str] | None = None,
    **extra: Any,
) -> cmd.Test:
    return msgspec.convert(
        {
            "character": character,
            "attribute": attribute,
            "grade": grade,
            "shifts": shifts or [],
            "helper": helper,
            **extra,
        },
        cmd.Test,
    )


def roll_attack(
    character: str,
    enemy: str,
    kind: str = "melee",
    shifts: list[dict[str, Any]] | None = None,
    helper: dict[str, str] | None = None,
    **extra: Any,
) -> cmd.Attack:
    return msgspec.convert(
        {
            "character": character,
            "enemy": enemy,
            "kind": kind,
            "shifts": shifts or [],
            "helper": helper,
            **extra,
        },
        cmd.Attack,
    )


def roll_cast(
    character: str,
    level: str = "estandar",
    cost: int = 1,
    shifts: list[dict[str, Any]] | None = None,
    helper: dict[str, str] | None = None,
    **extra: Any,
) -> cmd.Cast:
    return msgspec.convert(
        {
            "character": character,
            "effect": "a short barrier",
            "level": level,
            "cost": cost,
            "shifts": shifts or [],
            "helper": helper,
            **extra,
        },
        cmd.Cast,
    )
