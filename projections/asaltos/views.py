"""asaltos's view of a table for a seat: what it may see now, or at a past version (rewind).

A player sees its own characters' sheets in full and of the others the public part: name,
seat, Tamaño (the only visible characteristic [001:22]), weapons and armour, the weapons
dropped [001:65], wounds, conditions, death timers, permanent losses, death. Fuerza,
Agilidad, Resistencia and the skills are the character's player's and the game master's.
The game master sees every sheet.

The combat round: its combatants, round, tanda, the hit waiting for its damage and the aims
are public. Each combatant's declared actions are its seat's and the game master's: the
others see only that it has declared (declarations are simultaneous [001:47,109-113]; what
each does is seen tanda by tanda, in the public attack, parry, dodge and pass events).

What derives from a private characteristic is hidden as it is [001:22]: the Agilidad of a
combat step (a wound's, the step a character fell out of action at: the game master's; the
pending hit's: also its attacker's player's) and a death timer's deadline (RES rounds,
minutes or hours: the character's player's and the game master's). Who acts when stays
public, as the table sees it.

The view lists no roll results: a check's outcome changes nothing shared (only the log's
events carry it, as the roll's visibility allows), and the rolls that change wounds and
timers are always public.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.asaltos.sheet import Armour, Characteristic, Location, Weapon
from domain.asaltos.state import (
    Aim,
    AsaltosState,
    Character,
    Condition,
    DeathTimer,
    Declared,
    Hit,
    Step,
    TimerCause,
    Wound,
)
from domain.table import Table
from projections.header import TableHeader, header, knows
from projections.visibility import Viewer


class StepView(msgspec.Struct, kw_only=True):
    """A combat step; `agi` (the Agilidad acting) null to whoever may not know it."""

    round: int
    tanda: int
    agi: int | None


class WoundView(msgspec.Struct, kw_only=True):
    """A wound (`domain.asaltos.state.Wound`) with its step as the viewer may see it."""

    id: int
    location: Location
    level: int
    at: int
    step: StepView | None
    weapon_type: str | None
    suppressed: bool
    rest_since: int | None
    medicine: bool


class DeathTimerView(msgspec.Struct, kw_only=True):
    """A death timer; `deadline` (RES rounds, minutes or hours on) null to whoever may not
    know the character's RES."""

    id: int
    cause: TimerCause
    wound: int | None
    started: int
    deadline: int | None


class HitView(msgspec.Struct, kw_only=True):
    """The hit waiting for its damage, with its step as the viewer may see it."""

    attacker: str
    target: str
    weapon: str
    sl: int
    critical: bool
    location: Location | None
    step: StepView


def step_view(step: Step, agi_known: bool) -> StepView:
    return StepView(round=step.round, tanda=step.tanda, agi=step.agi if agi_known else None)


def wound_view(wound: Wound, agi_known: bool) -> WoundView:
    step = None if wound.step is None else step_view(wound.step, agi_known)
    return WoundView(**{**msgspec.structs.asdict(wound), "step": step})


def timer_view(timer: DeathTimer, res_known: bool) -> DeathTimerView:
    deadline = timer.deadline if res_known else None
    return DeathTimerView(**{**msgspec.structs.asdict(timer), "deadline": deadline})


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
    wounds: list[WoundView]
    conditions: list[Condition]
    out_since: StepView | None
    timers: list[DeathTimerView]
    dead: bool
    in_shock: bool
    #: permanent characteristic losses [001:73]
    lost: dict[Characteristic, int]
    #: its weapons lying where they fell [001:65], until taken up again
    dropped: list[str]
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
    pending: HitView | None
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


def character_view(table: Table, character: Character, viewer: Viewer) -> AsaltosCharacterView:
    # a step names no acting character: its Agilidad is the game master's
    agi_known = viewer.is_gm or table.closed
    sheet_known = knows(table, character.seat, viewer)
    shown = AsaltosCharacterView(
        id=character.id,
        name=character.name,
        seat=character.seat,
        TAM=character.value("TAM"),
        weapons=list(character.sheet.weapons),
        armour=character.sheet.armour,
        wounds=[wound_view(wound, agi_known) for wound in character.wounds],
        conditions=list(character.conditions),
        out_since=None
        if character.out_since is None
        else step_view(character.out_since, agi_known),
        timers=[timer_view(timer, sheet_known) for timer in character.timers],
        dead=character.dead,
        in_shock=character.in_shock,
        lost=dict(character.lost),
        dropped=sorted(character.dropped),
    )
    if not sheet_known:
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
        pending=_pending(table, state, combat.pending, viewer),
        aims=dict(combat.aims),
    )


def _pending(table: Table, state: AsaltosState, hit: Hit | None, viewer: Viewer) -> HitView | None:
    if hit is None:
        return None
    agi_known = knows(table, state.characters[hit.attacker].seat, viewer)
    return HitView(**{**msgspec.structs.asdict(hit), "step": step_view(hit.step, agi_known)})


def table_view(table: Table, viewer: Viewer) -> AsaltosView:
    state = _asaltos(table)
    return AsaltosView(
        **header(table, viewer),
        elapsed=state.elapsed,
        characters=[character_view(table, c, viewer) for c in state.characters.values()],
        combat=combat_view(table, state, viewer),
    )
