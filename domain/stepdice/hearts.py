"""Hearts [003:280-308, 355-360]: a lost Heart, the Armour token that may absorb it, downed and
death, an ally raising the downed, rest."""

from __future__ import annotations

from typing import Any

from domain.characters import alive, find_character
from domain.dice import Visibility
from domain.errors import Conflict, InvalidCommand
from domain.keys import TableKeys
from domain.names import checked_reason
from domain.stepdice import commands as cmd
from domain.stepdice.combat import heart_loss, lost_heart
from domain.stepdice.events import (
    ArmourOffered,
    ArmourSpent,
    Died,
    Downed,
    HeartLost,
    RaisedByAlly,
    RestCompleted,
    game,
)
from domain.stepdice.guards import able, require_player
from domain.stepdice.state import Character, PendingHit
from domain.table import Table

#: the event of a Heart loss that the Armour token absorbs, or that waits for its offer's answer
_ARMOUR_EVENT: dict[str, type[ArmourSpent | ArmourOffered]] = {
    "armour_absorbs": ArmourSpent,
    "armour_offered": ArmourOffered,
}


def check_can_lose(character: Character) -> None:
    """Before a rule takes a Heart, or a rest gives them back: the character lives and owes no
    answer to an Armour offer."""
    alive(character)
    if character.pending_hit is not None:
        raise Conflict(
            f"{character.name} must answer the Armour offer first", "armour_offer_pending"
        )


def take_heart(
    table: Table, actor: str, character: Character, cause: str, roll: int | None, vis: Visibility
) -> None:
    """The character should lose one Heart: the Armour absorbs it or is offered, or it goes."""
    loss = heart_loss(character.hearts, character.downed, character.armour, game(table).options)
    armour = _ARMOUR_EVENT.get(loss)
    if armour is None:
        _heart_gone(table, actor, character, cause, roll, vis)
    else:
        _hit(table, actor, character, armour, cause, roll, vis)


def _hit(
    table: Table,
    actor: str,
    character: Character,
    event: type,
    cause: str,
    roll: int | None,
    vis: Visibility,
    **fields: Any,
) -> None:
    """An event of a hit on the character from `cause`, with the roll it follows."""
    table.trigger_event(
        event, actor=actor, character=character.id, cause=cause, roll=roll, visibility=vis, **fields
    )


def _heart_gone(
    table: Table, actor: str, character: Character, cause: str, roll: int | None, vis: Visibility
) -> None:
    loss = lost_heart(character.hearts, character.downed)
    if loss == "died":
        _hit(table, actor, character, Died, cause, roll, vis)
        return
    _hit(table, actor, character, HeartLost, cause, roll, vis, hearts=character.hearts - 1)
    if loss == "downed":
        table.trigger_event(Downed, actor=actor, character=character.id, roll=roll, visibility=vis)


def lose_heart(table: Table, actor: str, command: cmd.LoseHeart, _: TableKeys) -> None:
    state = game.ruling(table, actor, "rule a hit")
    character = find_character(state, command.character)
    check_can_lose(character)
    take_heart(table, actor, character, checked_reason(command.reason), None, "public")


def _pending(table: Table, actor: str, character_id: str) -> tuple[Character, PendingHit]:
    """The actor's character and the hit waiting for its answer to the Armour offer."""
    state = game.open(table)
    character = find_character(state, character_id)
    require_player(table, actor, character)
    if character.pending_hit is None:
        raise Conflict(f"{character.name} has no hit waiting for the Armour", "no_pending_hit")
    return character, character.pending_hit


def spend_armour(table: Table, actor: str, command: cmd.SpendArmour, _: TableKeys) -> None:
    character, hit = _pending(table, actor, command.character)
    _hit(table, actor, character, ArmourSpent, hit.cause, hit.roll, hit.visibility)


def decline_armour(table: Table, actor: str, command: cmd.DeclineArmour, _: TableKeys) -> None:
    character, hit = _pending(table, actor, command.character)
    _heart_gone(table, actor, character, hit.cause, hit.roll, hit.visibility)


def raise_ally(table: Table, actor: str, command: cmd.RaiseAlly, _: TableKeys) -> None:
    state = game.open(table)
    helper = find_character(state, command.helper)
    if actor != table.gm_seat.id:
        require_player(table, actor, helper)
    able(helper)
    character = alive(find_character(state, command.character))
    if helper.id == character.id:
        raise InvalidCommand("a downed character cannot raise itself", "invalid_helper")
    if not character.downed:
        raise Conflict(f"{character.name} is not downed", "not_downed")
    table.trigger_event(
        RaisedByAlly,
        actor=actor,
        character=character.id,
        helper=helper.id,
        how=checked_reason(command.how),
    )


def rest(table: Table, actor: str, command: cmd.Rest, _: TableKeys) -> None:
    state = game.ruling(table, actor, "call a rest")
    if len(set(command.characters)) != len(command.characters):
        raise InvalidCommand("a character rests once", "invalid_characters")
    for character_id in command.characters:
        check_can_lose(find_character(state, character_id))
    table.trigger_event(
        RestCompleted,
        actor=actor,
        characters=list(command.characters),
        reason=checked_reason(command.reason),
    )


HANDLERS: dict[type, Any] = {
    cmd.LoseHeart: lose_heart,
    cmd.SpendArmour: spend_armour,
    cmd.DeclineArmour: decline_armour,
    cmd.RaiseAlly: raise_ally,
    cmd.Rest: rest,
}
