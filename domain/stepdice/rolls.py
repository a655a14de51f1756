"""The rolls: a test, an attack, a cast. Each validates, computes its face, records the help and
the dice, then the events derived from the face."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.characters import alive, find_character
from domain.dice import TableDice, Visibility, require_game_master_sees
from domain.errors import Conflict, InvalidCommand
from domain.keys import TableKeys
from domain.names import checked_reason
from domain.stepdice import commands as cmd
from domain.stepdice.clocks import advance_clocks
from domain.stepdice.combat import ATTACK_ATTRIBUTE, hit_enemy, venganza_due
from domain.stepdice.events import (
    AttackRolled,
    EnemyHit,
    HeartsHealed,
    HelpGiven,
    ManaSpent,
    SpellCast,
    TestRolled,
    game,
)
from domain.stepdice.guards import able, find_enemy
from domain.stepdice.ladder import Grade, Shift, total_shift
from domain.stepdice.magic import LEVEL_GRADE, checked_cost, healed, mana_paid
from domain.stepdice.resolution import FAILURES, Outcome, Resolution, solo_test, standard_test
from domain.stepdice.state import Character, Enemy, Owed, StepdiceState
from domain.table import Table

#: attacks and casts change shared state at once (Hearts, Mana, enemies): they are public
PUBLIC: Visibility = "public"


@dataclass(frozen=True)
class _Rolled:
    """A test, attack or cast computed, not yet recorded (`_resolve` records it)."""

    character: Character
    resolution: Resolution
    dice: TableDice
    helper: cmd.Helper | None
    grade: Grade
    shifts: list[Shift]

    @property
    def outcome(self) -> Outcome:
        return self.resolution.outcome


def _check_helper(state: StepdiceState, character: Character, helper: cmd.Helper | None) -> None:
    if helper is None:
        return
    ally = able(find_character(state, helper.character))
    if ally.id == character.id:
        raise InvalidCommand("a character cannot help itself", "invalid_helper")
    checked_reason(helper.how)


def _roll(
    table: Table,
    keys: TableKeys,
    character: Character,
    attribute: str,
    grade: Grade,
    command: cmd.DieRoll,
    purpose: str,
) -> _Rolled:
    """Validate the roll's inputs and compute its face; nothing is recorded yet."""
    state = game(table)
    shifts, helper = command.shifts, command.helper
    _check_helper(state, character, helper)
    shift = total_shift(shifts)
    for each in shifts:
        checked_reason(each.reason)
    dice = TableDice(table, keys)
    if state.options.variant == "solo-d6":
        if character.ranks is None:
            raise InvalidCommand(f"{character.name} has no ranks", "invalid_character")
        rank = getattr(character.ranks, attribute)
        resolution = solo_test(dice, rank, grade, shift, helper is not None, state.options, purpose)
    else:
        if character.attributes is None:
            raise InvalidCommand(f"{character.name} has no attribute dice", "invalid_character")
        die = getattr(character.attributes, attribute)
        resolution = standard_test(
            dice, die, grade, shift, helper is not None, state.options, purpose
        )
    return _Rolled(character, resolution, dice, helper, grade, shifts)


def _resolve(
    table: Table,
    actor: str,
    rolled: _Rolled,
    vis: Visibility,
    event: type[TestRolled | AttackRolled | SpellCast],
    owed: Owed | None,
    paid: int = 0,
    **fields: Any,
) -> int:
    """The Mana `paid` before the roll [003:242], the help given, the dice, then the test,
    attack or cast `event` with its `fields`, as events (what follows from the roll comes
    next); the roll's number. An almost certain success is recorded as a roll with no die
    [003:88]: it has its number as a rolled one has, so that a secret one reads as a rolled
    one and the game master reveals it alike."""
    character = rolled.character
    require_game_master_sees(table, vis, character.seat)
    if paid:
        table.trigger_event(
            ManaSpent,
            actor=actor,
            character=character.id,
            seat=character.seat,
            amount=paid,
            mana=character.mana - paid,
        )
    if rolled.helper is not None:
        table.trigger_event(
            HelpGiven,
            actor=actor,
            helper=rolled.helper.character,
            helped=character.id,
            how=checked_reason(rolled.helper.how),
        )
    roll = rolled.dice.record(actor, character.id, vis)
    resolution = rolled.resolution
    table.trigger_event(
        event,
        actor=actor,
        roll=roll,
        visibility=vis,
        character=character.id,
        die=resolution.die,
        grade=rolled.grade,
        shifts=list(rolled.shifts),
        target=resolution.target,
        face=resolution.face,
        outcome=resolution.outcome,
        helper=rolled.helper.character if rolled.helper else None,
        owed=owed,
        **fields,
    )
    return roll


def _after_failure(table: Table, actor: str, roll: int, outcome: str, vis: Visibility) -> None:
    """A failure moves the clocks; a secret test's does not by itself: the clocks are public,
    and a step would tell every seat that the roll failed (the game master advances them by
    hand, or reveals the roll first)."""
    if outcome in FAILURES and vis == "public":
        advance_clocks(table, actor, roll, vis)


def roll_test(table: Table, actor: str, command: cmd.Test, keys: TableKeys) -> int:
    state = game.ruling(table, actor, "call for a test")
    character = able(find_character(state, command.character))
    purpose = f"test of {command.attribute}"
    rolled = _roll(table, keys, character, command.attribute, command.grade, command, purpose)
    owed: Owed | None = None
    if rolled.outcome == "exceptional":
        owed = "benefit"
    elif rolled.outcome == "failure_complication":
        owed = "complication"
    roll = _resolve(
        table, actor, rolled, command.visibility, TestRolled, owed, attribute=command.attribute
    )
    _after_failure(table, actor, roll, rolled.outcome, command.visibility)
    return roll


def roll_attack(table: Table, actor: str, command: cmd.Attack, keys: TableKeys) -> int:
    state = game.ruling(table, actor, "call for an attack")
    character = able(find_character(state, command.character))
    enemy = find_enemy(state, command.enemy)
    if enemy.status in ("out", "defeated"):
        raise Conflict(f"{enemy.name} is out of the fight", "enemy_out")
    spell = command.kind == "spell"
    if command.mana and not spell:
        raise InvalidCommand("only a spell attack costs Mana", "invalid_cost")
    paid = mana_paid(character.mana, command.mana, state.options) if spell else 0
    attribute = ATTACK_ATTRIBUTE[command.kind]
    purpose = f"{command.kind} attack"
    rolled = _roll(table, keys, character, attribute, enemy.grade, command, purpose)
    owed: Owed | None = None
    if rolled.outcome == "exceptional":
        owed = "benefit"
    elif venganza_due(rolled.outcome):
        if not spell or state.options.spell_attack_venganza:
            owed = "venganza"
        elif rolled.outcome == "failure_complication":
            owed = "complication"
    roll = _resolve(
        table,
        actor,
        rolled,
        PUBLIC,
        AttackRolled,
        owed,
        paid,
        enemy=enemy.id,
        kind=command.kind,
        attribute=attribute,
        mana=paid,
    )
    if rolled.outcome not in FAILURES:
        strike(table, actor, enemy, 1, roll, PUBLIC)
    _after_failure(table, actor, roll, rolled.outcome, PUBLIC)
    return roll


def strike(table: Table, actor: str, enemy: Enemy, wounds: int, roll: int, vis: Visibility) -> None:
    """`wounds` from roll `roll` land on the enemy (a hit, or an exceptional's extra wound)."""
    hit = hit_enemy(enemy.category, enemy.hearts, enemy.status, wounds, game(table).options)
    table.trigger_event(
        EnemyHit,
        actor=actor,
        roll=roll,
        visibility=vis,
        enemy=enemy.id,
        wounds=wounds,
        hearts=hit.hearts,
        status=hit.status,
    )


def roll_cast(table: Table, actor: str, command: cmd.Cast, keys: TableKeys) -> int:
    state = game.ruling(table, actor, "call for a cast")
    character = able(find_character(state, command.character))
    effect = checked_reason(command.effect)
    cost = checked_cost(command.level, command.cost)
    patient: Character | None = None
    if command.heals is not None:
        if command.level != "fuerte":
            raise InvalidCommand("healing +2 Hearts is a Fuerte effect [003:254]", "invalid_heal")
        patient = alive(find_character(state, command.heals))
    paid = mana_paid(character.mana, cost, state.options)
    grade = LEVEL_GRADE[command.level]
    rolled = _roll(table, keys, character, "magia", grade, command, "magic")
    owed: Owed | None = None
    if rolled.outcome == "exceptional":
        owed = "benefit"
    elif rolled.outcome in FAILURES:
        owed = "consequence"
    roll = _resolve(
        table,
        actor,
        rolled,
        PUBLIC,
        SpellCast,
        owed,
        paid,
        level=command.level,
        effect=effect,
        cost=cost,
        mana=paid,
    )
    if patient is not None and rolled.outcome not in FAILURES:
        table.trigger_event(
            HeartsHealed,
            actor=actor,
            roll=roll,
            visibility=PUBLIC,
            character=patient.id,
            hearts=healed(patient.hearts, patient.hearts_max),
        )
    _after_failure(table, actor, roll, rolled.outcome, PUBLIC)
    return roll


HANDLERS: dict[type, Any] = {
    cmd.Test: roll_test,
    cmd.Attack: roll_attack,
    cmd.Cast: roll_cast,
}
