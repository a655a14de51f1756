"""Game time passing: death timers run out, wounds heal after their rest, a badly healed
location costs a characteristic [001:70-74]; interrupted rest; conditions the game master
ends."""

from __future__ import annotations

from domain.asaltos import commands as cmd
from domain.asaltos.events import (
    CharacteristicLost,
    ConditionCleared,
    RestInterrupted,
    TimeAdvanced,
    WoundHealed,
)
from domain.asaltos.guards import (
    alive,
    find_character,
    gm_state,
)
from domain.asaltos.harm import expire_timers
from domain.asaltos.healing import costs_characteristic, heals_by, restarts_on_interruption
from domain.asaltos.state import (
    Character,
    Wound,
)
from domain.errors import Conflict, InvalidCommand
from domain.keys import TableKeys
from domain.names import checked_reason
from domain.table import Table


def advance_time(table: Table, actor: str, command: cmd.AdvanceTime, _: TableKeys) -> None:
    state = gm_state(table, actor, "advance game time")
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
        table.trigger_event(WoundHealed, actor=actor, character=character.id, wound=wound.id)
        lost = given.get((character.id, wound.id))
        if lost is not None:
            table.trigger_event(
                CharacteristicLost,
                actor=actor,
                character=character.id,
                characteristic=lost,
                wound=wound.id,
            )


def interrupt_rest(table: Table, actor: str, command: cmd.InterruptRest, _: TableKeys) -> list[int]:
    state = gm_state(table, actor, "interrupt a rest")
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
    state = gm_state(table, actor, "clear a condition")
    character = alive(find_character(state, command.character))
    if command.condition not in character.conditions:
        raise Conflict(f"{character.name} is not {command.condition}", "no_such_condition")
    table.trigger_event(
        ConditionCleared,
        actor=actor,
        character=character.id,
        condition=command.condition,
        reason=checked_reason(command.reason),
    )
