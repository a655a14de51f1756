"""The pistol duel [L1121]: two duellists, an opposed hands (quick shot) test with no
simultaneity and no absorption; the loser takes the winner's shot, then the duel's card
exchange (`exchanges.start_duel_exchange`, Normal mode)."""

from __future__ import annotations

from typing import Any

from domain.errors import InvalidCommand, NotFound
from domain.frontera import rules
from domain.frontera.character import Trait
from domain.frontera.combat import Technique, check_weapon_kind, damage_dealt
from domain.frontera.combat_commands import OpenPistolDuel
from domain.frontera.equipment import require_carried
from domain.frontera.events import game
from domain.frontera.exchanges import start_duel_exchange
from domain.frontera.resolution import DEFEAT, TIE, VICTORY
from domain.frontera.state import OpenTest
from domain.keys import TableKeys
from domain.table import Table


def open_pistol_duel(table: Table, actor: str, command: OpenPistolDuel, _: TableKeys) -> int:
    state = rules.ready_to_open(table, actor)
    ids = [d.character for d in command.duellists]
    if len(ids) != 2 or ids[0] == ids[1]:
        raise InvalidCommand("a pistol duel is between two characters", "invalid_participants")
    stakes: dict[str, int | str | bool] = {}  # the damage of each duellist's shot
    participants = {}
    for duellist in command.duellists:
        weapon = state.weapons.get(duellist.weapon)
        if weapon is None:
            raise NotFound(f"the table has no weapon {duellist.weapon!r}", "unknown_weapon")
        check_weapon_kind(Technique.QUICK_SHOT, weapon)
        participants[duellist.character] = rules.contender(
            state, duellist.character, Trait.HANDS, "quick_shot", duellist.modifiers
        )
        character = state.characters[duellist.character]
        require_carried(character, weapon.name)
        stakes[duellist.character] = damage_dealt(Technique.QUICK_SHOT, character, weapon)
    return rules.open_test(
        table,
        actor,
        "opposed",
        participants,
        purpose="pistol_duel",
        stakes=stakes,
    )


def pistol_duel_shots(
    table: Table, actor: str, test: OpenTest, outcomes: dict[str, str], keys: TableKeys
) -> None:
    """The loser takes the winner's shot at full damage [L1121]; a tie, each the other's; the
    winner is unhurt. Then the duel's card exchange [L300] (Normal mode)."""
    state = game(table)
    for character_id, outcome in outcomes.items():
        if outcome in (DEFEAT, TIE):
            (shooter,) = (c for c in outcomes if c != character_id)
            damage = int(test.stakes[shooter])
            rules.shift_condition(
                table,
                actor,
                state.characters[character_id],
                "health",
                -damage,
                f"pistol duel (test {test.number}): shot, {damage} level(s), no absorption",
                keys,
            )
    seats = {outcome: test.participants[c].seat for c, outcome in outcomes.items()}
    if set(outcomes.values()) == {TIE}:
        a, b = (p.seat for p in test.participants.values())
        start_duel_exchange(table, actor, None, None, (a, b), keys)
    else:
        start_duel_exchange(table, actor, seats.get(VICTORY), seats.get(DEFEAT), None, keys)


HANDLERS: dict[type, Any] = {OpenPistolDuel: open_pistol_duel}

CONSEQUENCES = {"pistol_duel": pistol_duel_shots}
