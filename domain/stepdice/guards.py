"""Checks every stepdice handler makes before anything happens: the table is open, the
character, enemy or roll exists, the character can act, the seat plays it."""

from __future__ import annotations

from domain.characters import alive, require_plays
from domain.errors import Conflict, NotFound
from domain.stepdice.state import Character, Enemy, RollResult, StepdiceState
from domain.table import Table


def able(character: Character) -> Character:
    """A downed character takes no actions [003:290, 298]."""
    alive(character)
    if character.downed:
        raise Conflict(
            f"{character.name} is downed: no actions until an ally raises them",
            "character_downed",
        )
    return character


def find_enemy(state: StepdiceState, enemy_id: str) -> Enemy:
    enemy = state.enemies.get(enemy_id)
    if enemy is None:
        raise NotFound(f"there is no enemy {enemy_id!r} at this table", "unknown_enemy")
    return enemy


def require_player(table: Table, actor: str, character: Character) -> None:
    """The seat that plays a character acts for it (the game master for its own NPCs)."""
    table.require_seat(actor)
    require_plays(character, actor, "not_your_seat")


def find_result(state: StepdiceState, roll: int) -> RollResult:
    result = state.results.get(str(roll))
    if result is None:
        raise NotFound(f"roll {roll} is no test, attack or cast of this table", "unknown_roll")
    return result
