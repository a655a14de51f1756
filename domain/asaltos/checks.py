"""Characters and checks: a player creates its own character, the game master NPCs; the
game master sets every difficulty [001:27-42]."""

from __future__ import annotations

from domain.asaltos import commands as cmd
from domain.asaltos.check import check, opposed
from domain.asaltos.combat import accumulation
from domain.asaltos.events import CharacterCreated, CheckMade, OpposedCheckMade, game
from domain.asaltos.guards import (
    MAX_CHARACTERS,
    base_difficulty,
    can_act,
    checked_value,
    current_combat,
    next_action,
    require_combatant,
    require_turn,
    roll_event,
    wound_terms,
)
from domain.asaltos.modifiers import other_terms
from domain.asaltos.sheet import checked_sheet
from domain.asaltos.state import Character
from domain.characters import find_character, new_character_id
from domain.dice import TableDice
from domain.errors import InvalidCommand
from domain.keys import TableKeys
from domain.names import checked_name
from domain.table import Table


def create_character(table: Table, actor: str, command: cmd.CreateCharacter, _: TableKeys) -> str:
    state = game.open(table)
    table.require_seat(actor)
    name = checked_name(command.name, "a character's name")
    sheet = checked_sheet(command.sheet, state.options.dodge_skill)
    if len(state.characters) >= MAX_CHARACTERS:
        raise InvalidCommand(
            f"a table holds at most {MAX_CHARACTERS} characters", "too_many_characters"
        )
    character_id = new_character_id(state)
    table.trigger_event(
        CharacterCreated,
        actor=actor,
        character=Character(id=character_id, name=name, seat=actor, sheet=sheet),
    )
    return character_id


def make_check(table: Table, actor: str, command: cmd.Check, keys: TableKeys) -> int | None:
    state = game.ruling(table, actor, "set a check's difficulty")
    character = find_character(state, command.character)
    value, checked = checked_value(character, command.skill, command.characteristic)
    terms = [base_difficulty(command.base_difficulty), *other_terms(command.modifiers)]
    action, step = None, None
    if command.combat_action:
        combat = current_combat(state)
        require_combatant(combat, character)
        declared = next_action(combat, character, ("other",))
        step = require_turn(state, combat, character)
        terms.append(accumulation(declared.number))
        action = declared.number
    can_act(character, step)
    terms += wound_terms(character, state, step)
    dice = TableDice(table, keys)
    result = check(value, terms, dice, need_sl=command.roll_for_sl)
    return roll_event(
        dice,
        table,
        actor,
        character.id,
        CheckMade,
        visibility=command.visibility,
        character=character.id,
        checked=checked,
        result=result,
        action=action,
    )


def opposed_check(
    table: Table, actor: str, command: cmd.OpposedCheck, keys: TableKeys
) -> int | None:
    state = game.ruling(table, actor, "set a check's difficulty")
    contenders = []
    for contender in command.contenders:
        character = can_act(find_character(state, contender.character), None)
        value, checked = checked_value(character, contender.skill, contender.characteristic)
        terms = [
            base_difficulty(contender.base_difficulty),
            *other_terms(contender.modifiers),
            *wound_terms(character, state, None),
        ]
        contenders.append((character, value, checked, terms))
    if contenders[0][0].id == contenders[1][0].id:
        raise InvalidCommand("an opposed check opposes two characters", "invalid_check")
    dice = TableDice(table, keys)
    results = [check(value, terms, dice, need_sl=True) for _, value, _, terms in contenders]
    won = opposed(results[0], results[1], state.options.opposed_tie_break)
    winner = contenders[won - 1][0].id if won else None
    return roll_event(
        dice,
        table,
        actor,
        contenders[0][0].id,
        OpposedCheckMade,
        visibility=command.visibility,
        characters=[c[0].id for c in contenders],
        checked=[c[2] for c in contenders],
        results=results,
        winner=winner,
    )
