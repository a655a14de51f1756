"""Game time passing: death timers run out, wounds heal after their rest (and the conditions
they kept on lift), a badly healed location costs a characteristic [001:65,70-74];
interrupted rest; conditions the game master ends; dropped weapons taken up again."""

from __future__ import annotations

from domain.asaltos import commands as cmd
from domain.asaltos.events import (
    CharacteristicLost,
    ConditionCleared,
    ConditionsLifted,
    RestInterrupted,
    TimeAdvanced,
    WeaponTakenUp,
    WoundHealed,
    game,
)
from domain.asaltos.guards import can_act, next_action, require_controls, require_turn
from domain.asaltos.harm import expire_timers
from domain.asaltos.healing import costs_characteristic, heals_by, restarts_on_interruption
from domain.asaltos.state import Character, Wound
from domain.asaltos.wounds import arm_works, imposing, no_longer_imposed
from domain.characters import alive, find_character
from domain.errors import Conflict, InvalidCommand
from domain.keys import TableKeys
from domain.names import checked_reason
from domain.table import Table


def advance_time(table: Table, actor: str, command: cmd.AdvanceTime, _: TableKeys) -> None:
    state = game.ruling(table, actor, "advance game time")
    reason = checked_reason(command.reason)
    if command.seconds < 1:
        raise InvalidCommand("time advances by at least a second", "invalid_time")
    now = state.elapsed + command.seconds
    dying = {
        c.id
        for c in state.characters.values()
        if not c.dead and any(t.deadline <= now for t in c.timers)
    }
    healing: list[tuple[Character, Wound]] = [
        (character, wound)
        for character in state.characters.values()
        if not character.dead and character.id not in dying
        for wound in character.wounds
        if heals_by(wound, state.options, now)
    ]
    needed = {(c.id, w.id) for c, w in healing if costs_characteristic(w)}
    given: dict[tuple[str, int], str] = {}
    for loss in command.losses:
        key = (loss.character, loss.wound)
        if key in given:
            raise InvalidCommand("one loss per wound", "invalid_loss")
        given[key] = loss.characteristic
    missing = needed - set(given)
    if missing:
        named = ", ".join(f"{c} wound {w}" for c, w in sorted(missing))
        raise InvalidCommand(
            f"an incapacitated location heals without Medicine: say whether it costs AGI or RES "
            f"[001:73] ({named})",
            "loss_choice_required",
        )
    if set(given) - needed:
        raise InvalidCommand("a loss names a wound that does not heal badly now", "unexpected_loss")
    table.trigger_event(
        TimeAdvanced, actor=actor, seconds=command.seconds, elapsed=now, reason=reason
    )
    expire_timers(table, actor, state, now)
    for character, wound in healing:
        healed = {"actor": actor, "character": character.id, "wound": wound.id}
        table.trigger_event(WoundHealed, **healed)
        lifted = no_longer_imposed(character, wound)
        if lifted:
            table.trigger_event(ConditionsLifted, conditions=lifted, **healed)
        lost = given.get((character.id, wound.id))
        if lost is not None:
            table.trigger_event(CharacteristicLost, characteristic=lost, **healed)


def interrupt_rest(table: Table, actor: str, command: cmd.InterruptRest, _: TableKeys) -> list[int]:
    state = game.ruling(table, actor, "interrupt a rest")
    character = alive(find_character(state, command.character))
    reason = checked_reason(command.reason)
    wounds = [
        w.id
        for w in character.wounds
        if w.rest_since is not None and restarts_on_interruption(w, state.options)
    ]
    if not wounds:
        raise Conflict(f"{character.name} has no rest to interrupt", "not_resting")
    table.trigger_event(
        RestInterrupted, actor=actor, character=character.id, wounds=wounds, reason=reason
    )
    return wounds


def clear_condition(table: Table, actor: str, command: cmd.ClearCondition, _: TableKeys) -> None:
    state = game.ruling(table, actor, "clear a condition")
    character = alive(find_character(state, command.character))
    if command.condition not in character.conditions:
        raise Conflict(f"{character.name} is not {command.condition}", "no_such_condition")
    wound = imposing(character, command.condition)
    if wound is not None:
        raise Conflict(
            f"{character.name}'s wound {wound.code} keeps it {command.condition} until it heals "
            "[001:65]",
            "condition_from_wound",
        )
    table.trigger_event(
        ConditionCleared,
        actor=actor,
        character=character.id,
        condition=command.condition,
        reason=checked_reason(command.reason),
    )


def take_up_weapon(table: Table, actor: str, command: cmd.TakeUpWeapon, _: TableKeys) -> None:
    """A dropped weapon taken up again [001:65], with an arm that works; in a combat round,
    as the character's declared `other` action of the tanda, in its Agilidad turn
    [001:46-47]."""
    state = game.open(table)
    character = alive(find_character(state, command.character))
    require_controls(table, actor, character)
    weapon = character.sheet.weapon(command.weapon)
    if weapon.name not in character.dropped:
        raise Conflict(
            f"{character.name} holds {weapon.name}: it was not dropped", "weapon_not_dropped"
        )
    if not arm_works(character, command.hand):
        raise Conflict(
            f"{character.name}'s arm {command.hand} is incapacitated: it holds nothing [001:65]",
            "arm_disabled",
        )
    action, step = None, None
    combat = state.combat
    if combat is not None and character.id in combat.combatants:
        action = next_action(combat, character, ("other",)).number
        step = require_turn(state, combat, character)
    can_act(character, step)
    table.trigger_event(
        WeaponTakenUp,
        actor=actor,
        character=character.id,
        weapon=weapon.name,
        hand=command.hand,
        action=action,
    )
