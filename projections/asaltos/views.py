"""asaltos's view of a table for a seat: what it may see now, or at a past version (rewind).

A player sees its own characters' sheets in full and of the others the public part: name,
seat, Tamaño (the only visible characteristic [001:22]), weapons and armour, wounds,
conditions, death timers, permanent losses, death. Fuerza, Agilidad, Resistencia and the
skills are the character's player's and the game master's. The game master sees every sheet.

The combat round: its combatants, round, tanda, the hit waiting for its damage and the aims
are public. Each combatant's declared actions are its seat's and the game master's: the
others see only that it has declared (declarations are simultaneous [001:47,109-113]; what
each does is seen tanda by tanda, in the public attack, parry, dodge and pass events).

The view lists no roll results: a check's outcome changes nothing shared (only the log's
events carry it, as the roll's visibility allows), and the rolls that change wounds and
timers are always public.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.asaltos.sheet import Armour, Characteristic, Weapon
from domain.asaltos.state import (
    Aim,
    AsaltosState,
    Character,
    Condition,
    DeathTimer,
    Declared,
    Hit,
    Step,
    Wound,
)
from domain.table import Table
from projections.header import TableHeader, header
from projections.visibility import Viewer


class AsaltosCharacterView(msgspec.Struct, kw_only=True):
    """One character: the public part for every seat; the rest (null to others) for its
    player and the game master."""

    id: str
    name: str
    seat: str
    #: Tamaño, the only characteristic anybody sees [001:22]
    TAM: int
    weapons: list[Weapon]
    armour: Armour | None
    #: each wound on its own, e.g. C2, PD3 [001:68]
    wounds: list[Wound]
    conditions: list[Condition]
    out_since: Step | None
    timers: list[DeathTimer]
    dead: bool
    in_shock: bool
    #: permanent characteristic losses [001:73]
    lost: dict[Characteristic, int]
    #: its player's and the game master's: Fuerza, Agilidad, Resistencia, skills
    FUE: int | None = None
    AGI: int | None = None
    RES: int | None = None
    skills: dict[str, int] | None = None


class AsaltosDeclaration(msgspec.Struct, kw_only=True):
    """A combatant's declaration: that it declared is public; the actions are its seat's
    and the game master's (null to others)."""

    character: str
    declared: bool
    actions: list[Declared] | None = None


class AsaltosCombat(msgspec.Struct, kw_only=True):
    combatants: list[str]
    round: int
    #: the tanda under way; 0 while actions are being declared
    tanda: int
    declarations: list[AsaltosDeclaration]
    #: a hit waiting for its damage roll
    pending: Hit | None
    aims: dict[str, Aim]


class AsaltosView(TableHeader, kw_only=True):
    #: every system's view names its system: the API's answer is one of them
    system: Literal["asaltos"]
    #: game time in seconds (a round lasts one second [001:45])
    elapsed: int
    characters: list[AsaltosCharacterView]
    combat: AsaltosCombat | None


def _asaltos(table: Table) -> AsaltosState:
    state = table.game
    assert isinstance(state, AsaltosState)
    return state


def knows(table: Table, seat: str, viewer: Viewer) -> bool:
    """Whether the viewer knows what is `seat`'s: its own, the game master's, or closed."""
    return viewer.is_gm or viewer.seat == seat or table.closed


def character_view(table: Table, character: Character, viewer: Viewer) -> AsaltosCharacterView:
    shown = AsaltosCharacterView(
        id=character.id,
        name=character.name,
        seat=character.seat,
        TAM=character.value("TAM"),
        weapons=list(character.sheet.weapons),
        armour=character.sheet.armour,
        wounds=list(character.wounds),
        conditions=list(character.conditions),
        out_since=character.out_since,
        timers=list(character.timers),
        dead=character.dead,
        in_shock=character.in_shock,
        lost=dict(character.lost),
    )
    if not knows(table, character.seat, viewer):
        return shown
    return msgspec.structs.replace(
        shown,
        FUE=character.value("FUE"),
        AGI=character.value("AGI"),
        RES=character.value("RES"),
        skills=dict(character.sheet.skills),
    )


def combat_view(table: Table, state: AsaltosState, viewer: Viewer) -> AsaltosCombat | None:
    combat = state.combat
    if combat is None:
        return None
    declarations = []
    for character_id in combat.combatants:
        declared = combat.declarations.get(character_id)
        seat = state.characters[character_id].seat
        declarations.append(
            AsaltosDeclaration(
                character=character_id,
                declared=declared is not None,
                actions=list(declared)
                if declared is not None and knows(table, seat, viewer)
                else None,
            )
        )
    return AsaltosCombat(
        combatants=list(combat.combatants),
        round=combat.round,
        tanda=combat.tanda,
        declarations=declarations,
        pending=combat.pending,
        aims=dict(combat.aims),
    )


def table_view(table: Table, viewer: Viewer) -> AsaltosView:
    state = _asaltos(table)
    return AsaltosView(
        **header(table, viewer),
        elapsed=state.elapsed,
        characters=[character_view(table, c, viewer) for c in state.characters.values()],
        combat=combat_view(table, state, viewer),
    )


def find_character_view(
    table: Table, character_id: str, viewer: Viewer
) -> AsaltosCharacterView | None:
    character = _asaltos(table).characters.get(character_id)
    return None if character is None else character_view(table, character, viewer)
