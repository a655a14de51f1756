"""The survival test of the fallen [L585]: a dead man's hand, an Ace leaving the character
incapacitated and an 8 dead for good; medical care draws 2 and keeps the better.

Decision where the book is silent: the test is the Mayor's to open, once per death, in fewer
than five turns [L585] of game time after the fall (30 s, a turn being 6 s), in a combat or
out of it. A turn's six seconds pass before its damage lands, so a fall counts from the end of
its turn: who fell on turn 1 may take the test after turns 1 to 5, not after turn 6.
"""

from __future__ import annotations

from typing import Any

from domain.errors import Conflict
from domain.frontera import guards, rules
from domain.frontera.combat_commands import OpenSurvivalTest
from domain.frontera.combat_events import DeathConfirmed
from domain.frontera.events import game
from domain.frontera.recovery import TURN
from domain.frontera.state import OpenTest
from domain.keys import TableKeys
from domain.table import Table

SURVIVAL_WINDOW = 5 * TURN  # a fallen character's survival test comes before it [L585]


def open_survival_test(table: Table, actor: str, command: OpenSurvivalTest, _: TableKeys) -> int:
    state = rules.ready_to_open(table, actor)
    character = guards.find_character(state, command.character)
    if character.health > -4 or character.dead_for_good:
        raise Conflict(f"{character.name} is not a fallen character", "not_fallen")
    fell_at = character.fell_at
    if fell_at is not None and state.elapsed - fell_at >= SURVIVAL_WINDOW:
        raise Conflict(
            f"{character.name} fell {state.elapsed - fell_at} s of game time ago: the survival "
            f"test comes in fewer than five turns ({SURVIVAL_WINDOW} s)",
            "too_late",
        )
    return rules.open_dead_mans_hand(
        table,
        actor,
        character,
        cards=2 if command.medical_care else 1,
        better="incapacitated",
        worse="dead",
        purpose="survival",
    )


def survival(
    table: Table, actor: str, test: OpenTest, outcomes: dict[str, str], keys: TableKeys
) -> None:
    state = game(table)
    for character_id, outcome in outcomes.items():
        if outcome == test.better:
            rules.shift_condition(
                table,
                actor,
                state.characters[character_id],
                "health",
                1,
                f"survived (test {test.number})",
                keys,
            )
        else:
            table.trigger_event(DeathConfirmed, actor=actor, character=character_id)


HANDLERS: dict[type, Any] = {OpenSurvivalTest: open_survival_test}

CONSEQUENCES = {"survival": survival}
