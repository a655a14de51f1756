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
from domain.fate.events import game
from domain.fate.invocations import Invocation
from domain.fate.roll import FateDice, FateModifier
from domain.fate.sheet import Aspect, SkillRung, Stunt, Tenacity
from domain.fate.state import (
    AskedInvocation,
    FateCharacter,
    FateConflict,
    Out,
)
from domain.fate.stress import Consequence, StressTrack
from domain.table import Table
from projections.header import (
    CharacterHeader,
    TableHeader,
    header_and_characters,
    knows,
    seen_rolls,
    shown_as,
)
from projections.visibility import Viewer


class FateCharacterView(CharacterHeader, kw_only=True):
    """One character's sheet, its hidden aspects left out for a seat that does not know
    them."""

    kind: Literal["pc", "npc"]
    """`pc`, a player's character, or `npc`, one the game master plays"""
    skills: list[SkillRung]
    """The character's skills (habilidades) and their rungs; an unlisted skill is Mediocre, 0
    [004:95]"""
    aspects: list[Aspect]
    """The character's aspects (aspectos) the caller knows: phrases, people or things that say
    who it is [004:99-117]"""
    stunts: list[Stunt]
    """The character's stunts (virtudes), rule exceptions [004:119-121]; empty: none"""
    fate_points: int
    """Fate points held (puntos de Destino, PD), 0 or more [004:123]"""
    refresh: int
    """The refresh rate (tasa de recuperación): the fate points a refresh tops the character up
    to, usually its number of aspects [004:167]"""
    health: StressTrack
    """The Health track (Salud): physical stress, 5 boxes or more [004:777-779]"""
    composure: StressTrack
    """The Composure track (Serenidad): social and mental stress, 5 boxes or more [004:777-779]"""
    consequences: list[Consequence]
    """The consequences held, 3 at most: one mild, one moderate, one severe [004:791-795]"""
    tenacity: Tenacity | None
    """An NPC's tenacity, 1 or 2: how many consequences it takes before conceding
    [004:821-823]; null: the rule is not used"""
    out: Out | None
    """Out of the scene's conflict: `taken_out` [004:801] or `conceded` [004:813], back at the
    scene's end; null: in play"""


class FateOpenRollView(msgspec.Struct, kw_only=True):
    """A roll thrown and not settled yet: its first dice, what it is judged against, the
    invocations accepted (a reroll's faces with it) and the one asked."""

    roll: int
    """The roll's number at the table (its `DiceRolled`)"""
    character: str
    """The id of the character who rolled"""
    visibility: Visibility
    """Who the roll is shown to: public (every seat), gm (the roller and the game master), blind
    (the game master only) or self (the roller only)"""
    skill: str
    """The skill rolled (habilidad)"""
    first: FateDice
    """The four d6 first thrown, before any reroll"""
    difficulty: int | None
    """The game master's difficulty on the ladder, for a simple action; null for an opposed
    action"""
    opposed_by: int | None
    """The number of the settled roll whose effort this one is opposed by; null for a simple
    action"""
    against: int
    """What the effort is judged against: the difficulty, or the opposing roll's effort"""
    modifiers: list[FateModifier]
    """The game master's modifiers, each named with its value: full defence (+2), a secondary
    action (-1 less the border), combined skills (±1); empty: none"""
    invocations: list[Invocation]
    """The invocations accepted so far, in order, a reroll's new faces with each; empty: none"""
    asked: AskedInvocation | None
    """The invocation asked and not yet ruled on by the game master; null: none"""
    reroll_rolls: list[int]
    """The table's numbers of the rerolls' own rolls (each a `DiceRolled`), in order; empty: none"""


class FateView(TableHeader, kw_only=True):
    system: Literal["fate"]
    """The table's rule system: `fate` (every system's view names its system: the API's answer is
    one of them)"""
    characters: list[FateCharacterView]
    """Every character at the table, the players' characters and the NPCs"""
    open_rolls: list[FateOpenRollView]
    """The rolls thrown and not settled yet that the caller may see, oldest first"""
    aspects: list[TemporaryAspect]
    """Every temporary aspect in play, on a character (`target`) or on the scene (`target` null)"""
    conflict: FateConflict | None
    """The conflict in play: its initiative, the exchange and whose turn it is, its blocks,
    disarms, moves, pushes and throws (each from a roll every seat sees), its full defences,
    minion groups and zones; null: none"""


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


def table_view(table: Table, viewer: Viewer) -> FateView:
    state = game(table)
    return FateView(
        **header_and_characters(table, viewer, character_view),
        open_rolls=[
            shown_as(r, FateOpenRollView) for r in seen_rolls(state.open_rolls.values(), viewer)
        ],
        aspects=list(state.aspects),
        conflict=state.conflict,
    )
