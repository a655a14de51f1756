"""FATE's view of a table for a seat: what it may see now, or at a past version (rewind).

Each character shows every seat its sheet, but for its hidden aspects: those only to its
player and the game master (`knows`) until discovered, as the events' rules say
(`projections/fate/redaction.py`). An open roll, with its dice and invocations, is listed
only to a seat that may see the roll (its visibility, the game master's reveal, or the table
closed). Temporary aspects in play are the table's.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.dice import Visibility
from domain.fate.aspects import TemporaryAspect
from domain.fate.invocations import Invocation
from domain.fate.roll import FateDice, FateModifier
from domain.fate.sheet import Aspect, SkillRung, Stunt, Tenacity
from domain.fate.state import AskedInvocation, FateCharacter, FateState, OpenRoll, Out
from domain.fate.stress import Consequence, StressTrack
from domain.table import Table
from projections.header import TableHeader, header, knows
from projections.visibility import Viewer


class FateCharacterView(msgspec.Struct, kw_only=True):
    """One character's sheet, its hidden aspects left out for a seat that does not know
    them."""

    id: str
    name: str
    seat: str
    kind: Literal["pc", "npc"]
    skills: list[SkillRung]
    aspects: list[Aspect]
    stunts: list[Stunt]
    fate_points: int
    refresh: int
    health: StressTrack
    composure: StressTrack
    consequences: list[Consequence]
    tenacity: Tenacity | None
    #: out of the scene's conflict (taken out, conceded), or null
    out: Out | None


class FateOpenRollView(msgspec.Struct, kw_only=True):
    """A roll thrown and not settled yet: its first dice, what it is judged against, the
    invocations accepted (a reroll's faces with it) and the one asked."""

    roll: int
    character: str
    visibility: Visibility
    skill: str
    first: FateDice
    difficulty: int | None
    opposed_by: int | None
    against: int
    modifiers: list[FateModifier]
    invocations: list[Invocation]
    asked: AskedInvocation | None
    reroll_rolls: list[int]


class FateView(TableHeader, kw_only=True):
    #: every system's view names its system: the API's answer is one of them
    system: Literal["fate"]
    characters: list[FateCharacterView]
    #: the open rolls the caller may see, oldest first
    open_rolls: list[FateOpenRollView]
    #: temporary aspects in play, on a character (`target`) or the scene (null)
    aspects: list[TemporaryAspect]


def _fate(table: Table) -> FateState:
    state = table.game
    assert isinstance(state, FateState)
    return state


def character_view(table: Table, character: FateCharacter, viewer: Viewer) -> FateCharacterView:
    sheet = character.sheet
    known = knows(table, character.seat, viewer)
    return FateCharacterView(
        id=character.id,
        name=character.name,
        seat=character.seat,
        kind=sheet.kind,
        skills=list(sheet.skills),
        aspects=[a for a in sheet.aspects if known or not a.hidden],
        stunts=list(sheet.stunts),
        fate_points=sheet.fate_points,
        refresh=sheet.refresh,
        health=sheet.health,
        composure=sheet.composure,
        consequences=list(sheet.consequences),
        tenacity=sheet.tenacity,
        out=character.out,
    )


def _open_roll(rolled: OpenRoll) -> FateOpenRollView:
    return FateOpenRollView(
        roll=rolled.roll,
        character=rolled.character,
        visibility=rolled.visibility,
        skill=rolled.skill,
        first=rolled.first,
        difficulty=rolled.difficulty,
        opposed_by=rolled.opposed_by,
        against=rolled.against,
        modifiers=list(rolled.modifiers),
        invocations=list(rolled.invocations),
        asked=rolled.asked,
        reroll_rolls=list(rolled.reroll_rolls),
    )


def table_view(table: Table, viewer: Viewer) -> FateView:
    state = _fate(table)
    return FateView(
        **header(table, viewer),
        characters=[character_view(table, c, viewer) for c in state.characters.values()],
        open_rolls=[
            _open_roll(r)
            for r in sorted(state.open_rolls.values(), key=lambda r: r.roll)
            if r.roll not in viewer.hidden_rolls
        ],
        aspects=list(state.aspects),
    )
