"""The typed game state of a table, as a rule system's events and handlers read it.

`Table.game` holds the state the table's system keeps, on the base every system's state
shares (`GameState`); each system names its state's type once (`game = GameOf(MyState)`)
rather than writing the cast, the guard that a closed table takes no more commands, and the
game master's ruling's opening, again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, TypeVar, cast

from domain.structs import Stored

if TYPE_CHECKING:
    from domain.table import Table

StateT = TypeVar("StateT")
OptionsT = TypeVar("OptionsT")
CharacterT = TypeVar("CharacterT")


class GameState(Stored, Generic[OptionsT, CharacterT], kw_only=True):
    """Base of a rule system's game state: the table's options as its system decoded them,
    from which a new table's state is made (`RuleSystem.new_game`), and the characters by id
    (`c1`, `c2`, …), which the guards every system shares read (`domain.characters`)."""

    options: OptionsT
    characters: dict[str, CharacterT] = {}


class GameOf(Generic[StateT]):
    def __init__(self, state_type: type[StateT]) -> None:
        self.state_type = state_type

    def __call__(self, table: Table) -> StateT:
        return cast(StateT, table.game)

    def open(self, table: Table) -> StateT:
        """The state of a table that still takes commands (refused once it is closed)."""
        table.require_open()
        return self(table)

    def ruling(self, table: Table, actor: str, doing: str) -> StateT:
        """The state of an open table whose game master sends a ruling (`doing` names it in
        the refusal to anyone else)."""
        state = self.open(table)
        table.require_gm(actor, doing)
        return state
