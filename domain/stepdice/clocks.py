"""Time-pressure clocks [003:362-364]: the game master sets one; each failure moves every running
clock one step; at its end the consequence happens."""

from __future__ import annotations

from typing import Any

from domain.dice import Visibility
from domain.errors import Conflict, InvalidCommand, NotFound
from domain.keys import TableKeys
from domain.names import checked_name, checked_reason
from domain.stepdice import commands as cmd
from domain.stepdice.events import ClockAdvanced, ClockRanOut, ClockStarted, game
from domain.stepdice.state import Clock
from domain.table import Table

#: clocks a table may set in all
MAX_CLOCKS = 100


def start_clock(table: Table, actor: str, command: cmd.StartClock, _: TableKeys) -> str:
    state = game.ruling(table, actor, "start a clock")
    if len(state.clocks) >= MAX_CLOCKS:
        raise InvalidCommand(f"a table has at most {MAX_CLOCKS} clocks", "too_many_clocks")
    if not 1 <= command.steps <= cmd.MAX_CLOCK:
        raise InvalidCommand(f"a clock has 1 to {cmd.MAX_CLOCK} steps", "invalid_clock")
    clock = Clock(
        id=f"k{len(state.clocks) + 1}",
        name=checked_name(command.name, "a clock's name"),
        steps=command.steps,
        consequence=checked_reason(command.consequence),
    )
    table.trigger_event(ClockStarted, actor=actor, clock=clock)
    return clock.id


def advance_clock(table: Table, actor: str, command: cmd.AdvanceClock, _: TableKeys) -> None:
    state = game.ruling(table, actor, "advance a clock")
    clock = state.clocks.get(command.clock)
    if clock is None:
        raise NotFound(f"there is no clock {command.clock!r}", "unknown_clock")
    if not clock.running:
        raise Conflict(f"clock {clock.name} has stopped", "clock_stopped")
    _step(table, actor, clock, checked_reason(command.reason), None, "public")


def advance_clocks(table: Table, actor: str, roll: int, vis: Visibility) -> None:
    """A failed roll moves every running clock one step ("Cada fracaso mueve el contador en
    1" [003:364])."""
    for clock in list(game(table).clocks.values()):
        if clock.running:
            _step(table, actor, clock, f"roll {roll} failed", roll, vis)


def _step(
    table: Table, actor: str, clock: Clock, reason: str, roll: int | None, vis: Visibility
) -> None:
    position = clock.position + 1
    moved = {"actor": actor, "clock": clock.id, "roll": roll, "visibility": vis}
    table.trigger_event(ClockAdvanced, position=position, reason=reason, **moved)
    if position >= clock.steps:
        table.trigger_event(ClockRanOut, consequence=clock.consequence, **moved)


HANDLERS: dict[type, Any] = {
    cmd.StartClock: start_clock,
    cmd.AdvanceClock: advance_clock,
}
