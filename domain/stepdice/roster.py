"""Who is at the table: characters (a player's for its own seat, the game master's for any)
and their maxima (the game master's), enemies, scenes, and the solo variant's advancement
[003:342-347]."""

from __future__ import annotations

from typing import Any

from domain.characters import creators_seat, find_character, new_character_id, require_room_for
from domain.errors import Conflict, InvalidCommand
from domain.keys import TableKeys
from domain.names import checked_name, checked_reason
from domain.stepdice import commands as cmd
from domain.stepdice import solo
from domain.stepdice.combat import enemy_grade, enemy_hearts
from domain.stepdice.events import (
    CharacterAdvanced,
    CharacterCreated,
    EnemyAdded,
    MaximaSet,
    SceneBegun,
    game,
)
from domain.stepdice.guards import able
from domain.stepdice.options import MAX_POOL
from domain.stepdice.state import Character, Enemy
from domain.table import Table

MAX_ENEMIES = 200


def create_character(table: Table, actor: str, command: cmd.CreateCharacter, _: TableKeys) -> str:
    state = game.open(table)
    seat = creators_seat(table, actor, command.seat)
    require_room_for(state, seat)
    options = state.options
    if options.variant == "standard" and (command.attributes is None or command.ranks):
        raise InvalidCommand(
            "the standard game gives each attribute a die (attributes), not ranks",
            "invalid_character",
        )
    if options.variant == "solo-d6" and (command.ranks is None or command.attributes):
        raise InvalidCommand(
            "the solo-d6 variant gives each attribute a rank (ranks), not dice",
            "invalid_character",
        )
    character = Character(
        id=new_character_id(state),
        name=checked_name(command.name, "a character's name"),
        seat=seat,
        attributes=command.attributes,
        ranks=command.ranks,
        hearts=options.starting_hearts,
        hearts_max=options.starting_hearts,
        mana=options.starting_mana,
        mana_max=options.starting_mana,
        protected=command.protected,
        armour=command.protected,
    )
    table.trigger_event(CharacterCreated, actor=actor, character=character)
    return character.id


def set_maxima(table: Table, actor: str, command: cmd.SetMaxima, _: TableKeys) -> None:
    state = game.ruling(table, actor, "set a character's maxima")
    character = able(find_character(state, command.character))
    if command.hearts_max is None and command.mana_max is None:
        raise InvalidCommand("name hearts_max, mana_max or both", "invalid_maxima")
    hearts_max = character.hearts_max if command.hearts_max is None else command.hearts_max
    mana_max = character.mana_max if command.mana_max is None else command.mana_max
    table.trigger_event(
        MaximaSet,
        actor=actor,
        character=character.id,
        seat=character.seat,
        hearts_max=hearts_max,
        hearts=_following(character.hearts, character.hearts_max, hearts_max),
        mana_max=mana_max,
        mana=_following(character.mana, character.mana_max, mana_max),
        reason=checked_reason(command.reason),
    )


def _following(current: int, maximum: int, new_maximum: int) -> int:
    """What a character holds when its maximum moves: as much more when it rises, as
    advancement's "+1 Corazón/Mana" gives it at once [003:347]; never more than a lowered
    maximum."""
    if new_maximum >= maximum:
        return current + new_maximum - maximum
    return min(current, new_maximum)


def add_enemy(table: Table, actor: str, command: cmd.AddEnemy, _: TableKeys) -> str:
    state = game.ruling(table, actor, "set out enemies")
    if len(state.enemies) >= MAX_ENEMIES:
        raise InvalidCommand(f"a table has at most {MAX_ENEMIES} enemies", "too_many_enemies")
    hearts = enemy_hearts(command.category, state.options)
    enemy = Enemy(
        id=f"e{len(state.enemies) + 1}",
        name=checked_name(command.name, "an enemy's name"),
        category=command.category,
        grade=enemy_grade(command.category, state.options),
        hearts=hearts,
        hearts_max=hearts,
    )
    table.trigger_event(EnemyAdded, actor=actor, enemy=enemy)
    return enemy.id


def begin_scene(table: Table, actor: str, command: cmd.BeginScene, _: TableKeys) -> int:
    state = game.ruling(table, actor, "begin a scene")
    pending = [c.name for c in state.characters.values() if c.pending_hit is not None]
    if pending:
        raise Conflict(
            f"{', '.join(pending)} must answer the Armour offer first", "armour_offer_pending"
        )
    table.trigger_event(
        SceneBegun,
        actor=actor,
        scene=state.scene + 1,
        reason=checked_reason(command.reason),
        armour=[
            c.id for c in state.characters.values() if c.protected and not c.armour and not c.dead
        ],
        clocks_stopped=[k.id for k in state.clocks.values() if k.running],
    )
    return state.scene


def advance(table: Table, actor: str, command: cmd.AdvanceCharacter, _: TableKeys) -> None:
    state = game.ruling(table, actor, "grant advancement")
    if state.options.variant != "solo-d6":
        raise Conflict(
            "the book gives advancement for the solo variant only [003:342-347]", "not_solo"
        )
    character = able(find_character(state, command.character))
    reason = checked_reason(command.reason)
    rank: str | None = None
    hearts_max, mana_max = character.hearts_max, character.mana_max
    if command.advance == "rank":
        if command.attribute is None or character.ranks is None:
            raise InvalidCommand("a rank advance names the attribute", "invalid_advance")
        rank = solo.rank_up(getattr(character.ranks, command.attribute))
    else:
        if command.attribute is not None:
            raise InvalidCommand("only a rank advance names an attribute", "invalid_advance")
        if command.advance == "heart":
            hearts_max += 1
        else:
            mana_max += 1
        if max(hearts_max, mana_max) > MAX_POOL:
            raise Conflict(f"a maximum is at most {MAX_POOL}", "at_maximum")
    table.trigger_event(
        CharacterAdvanced,
        actor=actor,
        character=character.id,
        seat=character.seat,
        advance=command.advance,
        attribute=command.attribute,
        rank=rank,
        hearts_max=hearts_max,
        mana_max=mana_max,
        reason=reason,
    )


HANDLERS: dict[type, Any] = {
    cmd.CreateCharacter: create_character,
    cmd.SetMaxima: set_maxima,
    cmd.AddEnemy: add_enemy,
    cmd.BeginScene: begin_scene,
    cmd.AdvanceCharacter: advance,
}
