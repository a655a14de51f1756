"""Creation by character points [002:711-842], the book's method for tables that want one (the
other is the game master's eye [002:667]): the game master sets the group's concept rank
[002:689] and may grant an initial pool [002:720]; limitations taken give points, and the
concept, Fortalezas, specialties, drives past the two every character starts with and quirks
cost them; one moderate Fortaleza comes at level 0 for free [002:758]. What is left unspent,
divided by 5, is the character's first points in play [002:842]."""

from __future__ import annotations

import msgspec

from domain.errors import Conflict, InvalidCommand
from domain.portal.advancement import (
    FORTALEZA_COSTS,
    concept_change,
    drive_cost,
    fortaleza_cost,
    limitation_gives,
    specialty_cost,
)
from domain.portal.points import creation_leftover, start_adventure
from domain.portal.sheet import CharacterPoints, ConceptRank, Drives, Sheet
from domain.structs import Stored

#: "Todos los personajes comienzan con 2 estímulos" [002:816]
STARTING_DRIVES = 2
#: the frequency of the Fortaleza every character may take at level 0 for free [002:758]
FREE_FREQUENCY = "moderate"


class CreationPrice(Stored, kw_only=True, forbid_unknown_fields=True):
    """What a sheet cost at creation, part by part, and the points it starts play with."""

    STORED_AS = "portal.CreationPrice"

    pool: int
    """The initial pool of character points the game master granted [002:720]"""
    limitations: int
    """The points the limitations taken gave [002:745, 766, 783]"""
    concept: int
    """What the concept rank cost against the group's (negative: what lowering it gave)
    [002:715-718]"""
    fortalezas: int
    """What the Fortalezas cost, every level bought in turn [002:728], the free one's level 0
    not counted"""
    free_fortaleza: str | None
    """The moderate Fortaleza whose level 0 came free [002:758]; null: the sheet has none"""
    specialties: int
    """What the specialties cost, by their Fortalezas' levels [002:806-810]"""
    drives: int
    """What the drives past (or short of) the two every character starts with cost
    [002:816-820]"""
    quirks: int
    """What the quirks cost, as the game master priced them [002:838]"""
    unspent: int
    """The points left unspent: divided by 5, rounding down, they are the character's in play
    [002:842]"""
    points: CharacterPoints
    """The character points the character starts play with: at most 5 in hand [002:856]"""


def price(sheet: Sheet, pool: int, concept: ConceptRank) -> tuple[CreationPrice, Sheet]:
    """The price of a new protagonist's sheet under the point method, and the sheet as it
    starts: its points the unspent fifth [002:842], its drives counted from the two it starts
    with [002:816-822]. Refused when the sheet costs more than the pool and its limitations
    give (`not_enough_points`), or when it states points or drive counters of its own (the
    method sets them)."""
    if pool < 0:
        raise InvalidCommand("an initial pool is never negative", "invalid_points")
    if sheet.points != CharacterPoints() or sheet.drives.acquired or sheet.drives.removed:
        raise InvalidCommand(
            "the point method sets a new character's points and drive counters [002:816, 842]: "
            "leave them out",
            "invalid_sheet",
        )
    free = next((f for f in sheet.fortalezas if f.frequency == FREE_FREQUENCY), None)
    fortalezas = sum(fortaleza_cost(f.frequency, None, f.level) for f in sheet.fortalezas)
    if free is not None:
        fortalezas -= FORTALEZA_COSTS[FREE_FREQUENCY][0]
    specialties = sum(specialty_cost(f.level) for f in sheet.fortalezas if f.specialty)
    extra = len(sheet.drives.names) - STARTING_DRIVES
    drives = sum(drive_cost(nth) for nth in range(1, abs(extra) + 1))
    quirks = sum(quirk.cost for quirk in sheet.quirks)
    limitations = sum(limitation_gives(limitation.frequency) for limitation in sheet.limitations)
    raised = concept_change(concept, sheet.concept)
    unspent = pool + limitations - raised - fortalezas - specialties - drives - quirks
    if unspent < 0:
        raise Conflict(
            f"{sheet.name}'s sheet costs {-unspent} character points more than the pool of "
            f"{pool} and its limitations give [002:720]",
            "not_enough_points",
        )
    points = start_adventure(creation_leftover(unspent))
    counted = Drives(names=sheet.drives.names, acquired=max(extra, 0), removed=max(-extra, 0))
    priced = CreationPrice(
        pool=pool,
        limitations=limitations,
        concept=raised,
        fortalezas=fortalezas,
        free_fortaleza=None if free is None else free.name,
        specialties=specialties,
        drives=drives,
        quirks=quirks,
        unspent=unspent,
        points=points,
    )
    return priced, msgspec.structs.replace(sheet, points=points, drives=counted)
