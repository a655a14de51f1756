"""Steps the fight's handlers take alike (`combat_handlers`, `cast_handlers`,
`special_handlers`, the story's units): the game master's ruling on a combat, a contender
looked up with its place in the combat, a supporting character fighting, one who defends, and
the dice a ruling throws recorded as one public roll."""

from __future__ import annotations

from typing import Protocol

from domain.characters import alive, find_character
from domain.dice import TableDice
from domain.errors import InvalidCommand
from domain.names import checked_reason
from domain.portal.events import game
from domain.portal.fight import combat_of, contender_of, out_of_combat
from domain.portal.state import (
    Combat,
    CombatContender,
    PortalCharacter,
    PortalState,
    SupportingCharacter,
)
from domain.portal.supporting import find_supporting, in_combat, turn_seen
from domain.table import Table


class CombatRuling(Protocol):
    """A command of the game master's on a combat, with the reason for it."""

    combat: int
    reason: str


def combat_ruling(
    table: Table, actor: str, doing: str, command: CombatRuling
) -> tuple[PortalState, Combat, str]:
    """The state of the table whose game master rules on a combat (`doing` names the ruling
    to anyone else), the combat the command names and the ruling's reason, checked."""
    state = game.ruling(table, actor, doing)
    reason = checked_reason(command.reason)
    return state, combat_of(state, command.combat), reason


def fighter(
    state: PortalState, combat: Combat, character_id: str
) -> tuple[PortalCharacter, CombatContender]:
    """A living character and its place in the combat; refused when it is no contender."""
    character = alive(find_character(state, character_id))
    return character, contender_of(combat, character)


def supporting_fighter(table: Table, state: PortalState, supporting_id: str) -> SupportingCharacter:
    """A supporting character in combat whose totals this turn may be shown."""
    supporting = find_supporting(state, supporting_id)
    in_combat(supporting)
    turn_seen(table, supporting, "its totals")
    return supporting


def defends(combat: Combat, character: PortalCharacter) -> CombatContender:
    """The contender who rolls a defence; refused out of combat, where it rolls none
    [002:1112]."""
    contender = contender_of(combat, character)
    if out_of_combat(contender):
        raise InvalidCommand(
            f"{character.name} is out of combat: no defence roll [002:1112]", "invalid_defence"
        )
    return contender


def public_roll(dice: TableDice, actor: str, roller: str) -> int | None:
    """The dice a ruling threw (units' members, damage aces, coupled defences) as one public
    roll, said at the table; None when none was thrown."""
    return dice.record(actor, roller, "public") if dice.dice else None
