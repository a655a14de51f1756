"""The game master's rulings a roll waits for: the benefit of an exceptional, the complication
of a 1 or a failure, the Venganza of a missed attack."""

from __future__ import annotations

from typing import Any

from domain.errors import Conflict, InvalidCommand
from domain.keys import TableKeys
from domain.names import checked_reason
from domain.stepdice import commands as cmd
from domain.stepdice.events import (
    BenefitGranted,
    ComplicationNamed,
    ManaRefunded,
    VenganzaResolved,
    game,
)
from domain.stepdice.guards import find_result
from domain.stepdice.hearts import check_can_lose, take_heart
from domain.stepdice.magic import MAGIC_BENEFITS, refunded
from domain.stepdice.resolution import FAILURES
from domain.stepdice.rolls import strike
from domain.stepdice.state import Enemy, RollResult
from domain.table import Table


def _rule(table: Table, actor: str, result: RollResult, event: type, **fields: Any) -> None:
    """The game master's ruling on a roll, as an event of the roll's character, with the roll's
    number and visibility."""
    table.trigger_event(
        event,
        actor=actor,
        roll=result.roll,
        visibility=result.visibility,
        character=result.character,
        **fields,
    )


def grant_benefit(table: Table, actor: str, command: cmd.GrantBenefit, _: TableKeys) -> None:
    state = game.ruling(table, actor, "grant a benefit")
    result = find_result(state, command.roll)
    if result.owed != "benefit":
        raise Conflict(f"roll {command.roll} is owed no benefit", "no_benefit_owed")
    description = checked_reason(command.description)
    enemy: Enemy | None = None
    if command.benefit == "extra_wound":
        enemy = state.enemies[result.enemy] if result.enemy else None
        if enemy is None or enemy.category == "peon" or enemy.status in ("out", "defeated"):
            raise InvalidCommand(
                "an extra wound needs an attack on an élite or boss still in the fight",
                "benefit_not_applicable",
            )
    magic = result.kind == "cast" or result.mana > 0
    if command.benefit == "refund_mana" and not magic:
        raise InvalidCommand("only magic refunds Mana [003:263]", "benefit_not_applicable")
    if command.benefit == "refund_mana" and result.roll in table.secret_rolls:
        # the Mana its player sees would tell the secret roll's outcome
        raise Conflict(
            f"roll {result.roll} is secret: reveal it before refunding Mana, which its "
            "character's player sees",
            "roll_secret",
        )
    if result.kind == "cast" and command.benefit not in MAGIC_BENEFITS:
        raise InvalidCommand(
            "an exceptional cast gives a larger effect, a refund of 1 Mana or an extra "
            "benefit [003:260-264]",
            "benefit_not_applicable",
        )
    _rule(table, actor, result, BenefitGranted, benefit=command.benefit, description=description)
    if enemy is not None:
        strike(table, actor, enemy, 1, result.roll, result.visibility)
    if command.benefit == "refund_mana":
        character = state.characters[result.character]
        mana = refunded(character.mana, character.mana_max, state.options)
        _rule(
            table,
            actor,
            result,
            ManaRefunded,
            seat=character.seat,
            amount=mana - character.mana,
            mana=mana,
        )


def name_complication(
    table: Table, actor: str, command: cmd.NameComplication, _: TableKeys
) -> None:
    state = game.ruling(table, actor, "name a complication")
    result = find_result(state, command.roll)
    if result.owed == "venganza":
        raise Conflict(
            f"roll {command.roll} waits for Venganza: resolve it (its effect may be the "
            "complication)",
            "venganza_owed",
        )
    if result.owed not in ("complication", "consequence") and result.outcome not in FAILURES:
        raise Conflict(f"roll {command.roll} did not fail", "not_a_failure")
    complication = checked_reason(command.complication)
    _rule(table, actor, result, ComplicationNamed, complication=complication)


def resolve_venganza(table: Table, actor: str, command: cmd.ResolveVenganza, _: TableKeys) -> None:
    state = game.ruling(table, actor, "resolve Venganza")
    result = find_result(state, command.roll)
    if result.owed != "venganza":
        raise Conflict(f"roll {command.roll} is owed no Venganza", "no_venganza_owed")
    if command.reach == (command.effect == "none"):
        raise InvalidCommand(
            "an enemy that could reach strikes back (a Heart or a complication); one that "
            "could not does nothing [003:188]",
            "invalid_venganza",
        )
    if (command.effect == "complication") != (command.complication is not None):
        raise InvalidCommand(
            "a complication, and only a complication, is described", "invalid_venganza"
        )
    character = state.characters[result.character]
    if command.effect == "heart":
        check_can_lose(character)
    _rule(
        table,
        actor,
        result,
        VenganzaResolved,
        enemy=result.enemy or "",
        reach=command.reach,
        effect=command.effect,
        complication=None if command.complication is None else checked_reason(command.complication),
    )
    if command.effect == "heart":
        take_heart(table, actor, character, "venganza", result.roll, result.visibility)


HANDLERS: dict[type, Any] = {
    cmd.GrantBenefit: grant_benefit,
    cmd.NameComplication: name_complication,
    cmd.ResolveVenganza: resolve_venganza,
}
