"""PORTAL's view of a table for a seat: what it may see now, or at a past version (rewind).

Each character shows every seat what the table sees of it (name, seat, kind, concept,
armour and shield, the dice it holds, its sequels and thorns); what it is made of
(Fortalezas, limitations, drives, quirks, character points, damage and aguante dice, a
principal NPC's pool) only to its player and the game master (`knows`), as the events'
rules say (`projections/portal/redaction.py`). An open roll, with its faces, rerolls and the
readings they give now, and a sequel owed, are listed only to a seat that may see the roll
(its visibility, the game master's reveal, or the table closed).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.dice import Visibility
from domain.portal.events import game
from domain.portal.pool import Pool
from domain.portal.reading import Reading, read
from domain.portal.rerolls import MAX_REROLLS, Entitlement, Reroll
from domain.portal.sheet import (
    Armour,
    CharacterPoints,
    Choice,
    ConceptRank,
    Drives,
    Fortaleza,
    Limitation,
    NpcPool,
    Quirk,
    Sequel,
    Shield,
    Thorn,
)
from domain.portal.state import Ace, Applied, OpenRoll, PortalCharacter
from domain.table import Table
from projections.header import TableHeader, header, seen_rolls, with_own
from projections.visibility import Viewer


class PortalCharacterView(msgspec.Struct, kw_only=True):
    """One character: the public part for every seat; what it is made of (null to others)
    for its player and the game master."""

    id: str
    name: str
    seat: str
    #: `protagonist` or `principal` (a principal NPC: no luck, no character points [002:647])
    kind: Literal["protagonist", "principal"]
    concept: ConceptRank
    armour: Armour
    shield: Shield
    #: the dice it holds [002:97]
    discomfort: int
    wound: int
    luck_held: int
    luck_lost: int
    sequels: list[Sequel]
    thorns: list[Thorn]
    dead: bool
    #: its player's and the game master's
    fortalezas: list[Fortaleza] | None = None
    limitations: list[Limitation] | None = None
    drives: Drives | None = None
    quirks: list[Quirk] | None = None
    points: CharacterPoints | None = None
    damage_die: Choice | None = None
    aguante_die: Choice | None = None
    npc_pool: NpcPool | None = None


class PortalOpenRollView(msgspec.Struct, kw_only=True):
    """A roll thrown and not settled yet: the faces now, the rerolls made and left, and what
    each reading gives now."""

    roll: int
    character: str
    visibility: Visibility
    difficulty: int | None
    pool: Pool
    readings: list[Reading]
    fortalezas: list[Applied]
    aces: list[Ace]
    entitlement: Entitlement
    rerolls: list[Reroll]
    #: rerolls this roll may still take, by the cap of 5 [002:514]
    rerolls_left: int
    #: the seat that handed a character point to block the 1s and 6s (null: not blocked)
    blocked_by: str | None
    #: the table's rolls of the rerolls (each a `DiceRolled` of its own)
    reroll_rolls: list[int]


class PortalOwedSequel(msgspec.Struct, kw_only=True):
    """A sequel a settled roll left, waiting for the game master to name its kind."""

    roll: int
    character: str
    level: int


class PortalView(TableHeader, kw_only=True):
    #: every system's view names its system: the API's answer is one of them
    system: Literal["portal"]
    characters: list[PortalCharacterView]
    #: the open rolls the caller may see, oldest first (`rolls`, the header's, counts the
    #: table's rolls)
    open_rolls: list[PortalOpenRollView]
    sequels_owed: list[PortalOwedSequel]


def character_view(table: Table, character: PortalCharacter, viewer: Viewer) -> PortalCharacterView:
    sheet = character.sheet
    shown = PortalCharacterView(
        id=character.id,
        name=character.name,
        seat=character.seat,
        kind=sheet.kind,
        concept=sheet.concept,
        armour=sheet.armour,
        shield=sheet.shield,
        discomfort=sheet.discomfort,
        wound=sheet.wound,
        luck_held=sheet.luck_held,
        luck_lost=sheet.luck_lost,
        sequels=list(sheet.sequels),
        thorns=list(sheet.thorns),
        dead=character.dead,
    )
    return with_own(
        table,
        character.seat,
        viewer,
        shown,
        fortalezas=list(sheet.fortalezas),
        limitations=list(sheet.limitations),
        drives=sheet.drives,
        quirks=list(sheet.quirks),
        points=sheet.points,
        damage_die=sheet.damage_die,
        aguante_die=sheet.aguante_die,
        npc_pool=sheet.npc_pool,
    )


def _open_roll(rolled: OpenRoll) -> PortalOpenRollView:
    sequence = rolled.sequence
    specs = list(rolled.readings)
    if sequence.excess_bonus:
        specs[0] = msgspec.structs.replace(specs[0], excess_bonus=sequence.excess_bonus)
    return PortalOpenRollView(
        roll=rolled.roll,
        character=rolled.character,
        visibility=rolled.visibility,
        difficulty=rolled.difficulty,
        pool=sequence.pool,
        readings=[read(sequence.pool, spec) for spec in specs],
        fortalezas=list(rolled.fortalezas),
        aces=list(rolled.aces),
        entitlement=sequence.entitlement,
        rerolls=list(sequence.rerolls),
        rerolls_left=max(
            0,
            min(MAX_REROLLS, sequence.entitlement.total) - len(sequence.rerolls),
        ),
        blocked_by=sequence.blocked_by,
        reroll_rolls=list(rolled.reroll_rolls),
    )


def table_view(table: Table, viewer: Viewer) -> PortalView:
    state = game(table)
    return PortalView(
        **header(table, viewer),
        characters=[character_view(table, c, viewer) for c in state.characters.values()],
        open_rolls=[_open_roll(r) for r in seen_rolls(state.open_rolls.values(), viewer)],
        sequels_owed=[
            PortalOwedSequel(roll=s.roll, character=s.character, level=s.level)
            for s in seen_rolls(state.owed_sequels.values(), viewer)
        ],
    )
