"""The character sheet [004:91-177, 777-797, 821-823]: skills on the ladder, aspects, stunts,
fate points and refresh, the Health and Composure tracks, consequences, an NPC's tenacity.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.errors import InvalidCommand
from domain.fate.ladder import MEDIOCRE
from domain.fate.stress import MAX_CONSEQUENCES, Consequence, StressTrack
from domain.names import MAX_NAME, Name, Reason
from domain.structs import Stored

MAX_ENTRIES = 40
#: ratings are ladder integers, unclamped past the named rungs (GAP §4.1); this bound only
#: keeps nonsense out
MAX_RATING = 20
Rating = Annotated[int, msgspec.Meta(ge=-MAX_RATING, le=MAX_RATING)]
#: NPC tenacity "de primer o segundo grado" [004:823]
Tenacity = Literal[1, 2]


class SkillRung(Stored, kw_only=True, forbid_unknown_fields=True):
    """A skill and its rung [004:93]."""

    name: Name
    """The skill's name (habilidad), e.g. Atletismo"""
    rating: Rating
    """Its rung on the ladder: -2 Terrible … +8 Legendario, unnamed past them (±20 at most)"""


class Aspect(Stored, kw_only=True, forbid_unknown_fields=True):
    """A phrase, person or thing that says who the character is [004:99-117, 219-227]; a
    hidden one is known to its owner and the GM until it is discovered [004:145]."""

    STORED_AS = "fate.Aspect"

    name: Name
    """The aspect's phrase, as written on the sheet"""
    hidden: bool = False
    """A hidden aspect, secret until discovered [004:145]; false: known to the table"""


class Stunt(Stored, kw_only=True, forbid_unknown_fields=True):
    """A rule exception, recorded as written (the stunts chapter is missing, §4.2 GAP); some
    cost a fate point to activate [004:151]."""

    name: Name
    """The stunt's name (virtud)"""
    exception: Reason
    """The rule exception it grants, as written (the stunts chapter is missing from the book)"""
    costs_fate_point: bool = False
    """Activating it costs a fate point [004:151]"""


class FateSheet(Stored, kw_only=True, forbid_unknown_fields=True):
    """A character as it stands. (Named with the system's name: the API document names a
    schema after its class.)"""

    STORED_AS = "fate.Sheet"

    name: Name
    """The character's name, as the table calls it (1-80 characters)"""
    kind: Literal["pc", "npc"] = "pc"
    """`pc`, a player's character, or `npc`, one the game master plays"""
    skills: Annotated[list[SkillRung], msgspec.Meta(max_length=MAX_ENTRIES)] = []
    """The character's skills (habilidades) and their rungs; an unlisted skill is Mediocre, 0
    [004:95]"""
    aspects: Annotated[list[Aspect], msgspec.Meta(max_length=MAX_ENTRIES)] = []
    """The character's aspects (aspectos): phrases, people or things that say who it is
    [004:99-117]"""
    stunts: Annotated[list[Stunt], msgspec.Meta(max_length=MAX_ENTRIES)] = []
    """The character's stunts (virtudes), rule exceptions [004:119-121]; empty: none"""
    fate_points: Annotated[int, msgspec.Meta(ge=0)] = 0
    """Fate points held (puntos de Destino, PD), 0 or more [004:123]"""
    refresh: Annotated[int, msgspec.Meta(ge=0)] = 0
    """The refresh rate (tasa de recuperación): the fate points a refresh tops the character up
    to, usually its number of aspects ("generalmente es igual al número de aspectos" [004:167]),
    a guideline, not a limit"""
    health: StressTrack = msgspec.field(default_factory=StressTrack)
    """The Health track (Salud): physical stress, 5 boxes or more [004:777-779]"""
    composure: StressTrack = msgspec.field(default_factory=StressTrack)
    """The Composure track (Serenidad): social and mental stress, 5 boxes or more [004:777-779]"""
    consequences: Annotated[list[Consequence], msgspec.Meta(max_length=MAX_CONSEQUENCES)] = []
    """The consequences held, 3 at most: one mild, one moderate, one severe [004:791-795]"""
    tenacity: Tenacity | None = None
    """An NPC's tenacity, 1 or 2: how many consequences it takes before conceding
    [004:821-823]; null: the rule is not used"""

    def rating(self, skill: str) -> int:
        """The skill's rung; an unlisted skill is Mediocre [004:95]."""
        return next((s.rating for s in self.skills if s.name == skill), MEDIOCRE)

    def aspect(self, name: str) -> Aspect | None:
        """The aspect of that name on the sheet, consequences included [004:797]."""
        for aspect in self.aspects:
            if aspect.name == name:
                return aspect
        if any(c.aspect == name for c in self.consequences):
            return Aspect(name=name)
        return None


Sheet = FateSheet


def _refuse(message: str) -> InvalidCommand:
    return InvalidCommand(message, "invalid_sheet")


def _distinct(what: str, names: list[str]) -> None:
    for name in names:
        if not name.strip() or len(name) > MAX_NAME:
            raise _refuse(f"{what} names run 1..{MAX_NAME} characters, not {name!r}")
    if len({n.casefold() for n in names}) != len(names):
        raise _refuse(f"each of the sheet's {what} has its own name")


def checked_sheet(sheet: Sheet) -> Sheet:
    """Refuse what decoding cannot (a Sheet built in code skips it): names twice or blank,
    ratings out of range, negative fate points or refresh, fewer than 5 boxes [004:779],
    marked boxes off the track, more than 3 consequences or one severity twice [004:791-795],
    tenacity on a player character or outside 1..2 [004:821-823]."""
    _distinct("skills", [s.name for s in sheet.skills])
    _distinct("aspects", [a.name for a in sheet.aspects] + [c.aspect for c in sheet.consequences])
    _distinct("stunts", [s.name for s in sheet.stunts])
    for skill in sheet.skills:
        if not -MAX_RATING <= skill.rating <= MAX_RATING:
            raise _refuse(f"{skill.name!r} is rated {skill.rating}, past ±{MAX_RATING}")
    if sheet.fate_points < 0 or sheet.refresh < 0:
        raise _refuse("fate points and refresh are never negative")
    for what, track in (("Health", sheet.health), ("Composure", sheet.composure)):
        if track.boxes < 5:
            raise _refuse(f"{what} has five boxes at least [004:779]")
        if len(set(track.marked)) != len(track.marked) or any(
            not 1 <= box <= track.boxes for box in track.marked
        ):
            raise _refuse(f"{what}'s marked boxes are distinct boxes 1..{track.boxes}")
    severities = [c.severity for c in sheet.consequences]
    if len(severities) > MAX_CONSEQUENCES or len(set(severities)) != len(severities):
        raise _refuse("at most one mild, one moderate and one severe consequence [004:791-795]")
    if sheet.tenacity is not None and (sheet.kind != "npc" or sheet.tenacity not in (1, 2)):
        raise _refuse("tenacity is an NPC's, of the first or second degree [004:823]")
    return sheet
