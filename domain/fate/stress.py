"""Stress tracks and consequences [004:771-797], defeat and recovery [004:799-837].

A hit of s shifts marks box s of the track, or the next unmarked one above it [004:781];
when none is left the character must take a consequence, and may always take one instead
[004:789]. Consequences run mild, moderate, severe [004:791], three at most [004:795]; a hit
past a severe one takes the character out [004:795, 801].
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.errors import Conflict, InvalidCommand
from domain.fate.options import Options
from domain.names import Name
from domain.structs import Stored

#: "Cada medidor tiene cinco casillas" [004:779]; Vigor and Coraje add more (the skills
#: chapter with the formula is missing, so the sheet states its boxes)
BOXES = 5
MAX_BOXES = 12
#: "hasta tres consecuencias al mismo tiempo" [004:795]
MAX_CONSEQUENCES = 3

Track = Literal["health", "composure"]
Severity = Literal["mild", "moderate", "severe"]
SEVERITIES: tuple[Severity, ...] = ("mild", "moderate", "severe")
#: how long each lasts [004:829-833]: the end of a scene with a breather, six hours of
#: rest at least, a new adventure
RECOVERY: dict[Severity, str] = {
    "mild": "end_of_scene",
    "moderate": "six_hours_rest",
    "severe": "new_adventure",
}
#: "seis" hours at least of appropriate rest heal a moderate consequence [004:831]
MODERATE_REST_HOURS = 6


class StressTrack(Stored, kw_only=True, forbid_unknown_fields=True):
    """Health (physical) or Composure (social, mental) [004:777]: its boxes, and the ones
    marked, counted from 1 on the left [004:781]."""

    STORED_AS = "fate.StressTrack"

    boxes: Annotated[int, msgspec.Meta(ge=BOXES, le=MAX_BOXES)] = BOXES
    """How many boxes the track has, 5-12 (5 by default; Vigor or Coraje add more) [004:779]"""
    marked: list[int] = []
    """The boxes marked, numbered from 1 on the left; empty: none"""


class Consequence(Stored, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """A lasting harm, an aspect in all respects [004:797]; written by the one who takes it,
    approved by the GM [004:793]."""

    STORED_AS = "fate.Consequence"

    severity: Severity
    """`mild`, `moderate` or `severe`: the first, second and third taken [004:791]"""
    aspect: Name
    """The consequence as an aspect, written by the character's player and approved by the game
    master [004:793]"""
    track: Track
    """The track whose hit it took: `health` or `composure`"""
    lowered: bool = False
    """Held into a second session with no rest between, it lasts as one degree lower: a
    moderate one heals as a mild one, a severe one as a moderate one [004:835]; its severity
    (its slot) is unchanged"""


def box_for(track: StressTrack, shifts: int) -> int | None:
    """The box a hit of `shifts` marks: box `shifts`, or the next unmarked one to its right
    [004:781]; None when there is none (a consequence is then mandatory [004:789])."""
    for box in range(max(shifts, 1), track.boxes + 1):
        if box not in track.marked:
            return box
    return None


class StressHit(Stored, kw_only=True, forbid_unknown_fields=True):
    """What a hit did to a track: the box marked, or a consequence taken instead."""

    STORED_AS = "fate.StressHit"

    track: Track
    """The track hit: `health` (physical) or `composure` (social, mental)"""
    shifts: int
    """The hit's shifts; 0 does nothing"""
    box: int | None
    """The box marked (numbered from 1); null: none (0 shifts, or a consequence taken instead)"""
    forced: bool
    """No box could take the hit: a consequence was mandatory [004:789]"""


def absorb(
    track: StressTrack, which: Track, shifts: int, take_consequence: bool
) -> tuple[StressTrack, StressHit]:
    """A hit of `shifts` on a track: a box marked, or (the player's choice, always open, or
    forced when no box is left [004:789]) no box and a consequence to take. 0 shifts do
    nothing [004:567, 771]."""
    if shifts < 0:
        raise InvalidCommand("shifts are never negative [004:567]", "invalid_shifts")
    if shifts == 0:
        return track, StressHit(track=which, shifts=0, box=None, forced=False)
    box = box_for(track, shifts)
    if take_consequence or box is None:
        return track, StressHit(track=which, shifts=shifts, box=None, forced=box is None)
    marked = sorted([*track.marked, box])
    return StressTrack(boxes=track.boxes, marked=marked), StressHit(
        track=which, shifts=shifts, box=box, forced=False
    )


def cleared(track: StressTrack) -> StressTrack:
    """The track at the end of the scene, unless the GM says otherwise [004:775, 783]."""
    return StressTrack(boxes=track.boxes)


def next_severity(held: list[Consequence], options: Options) -> Severity | None:
    """The severity of the next consequence, None when the character is taken out instead:
    three held, or a severe one held [004:795, 801]. After a recovery the slot follows
    `Options.consequence_slot` (GAP)."""
    severities = {consequence.severity for consequence in held}
    if len(held) >= MAX_CONSEQUENCES or "severe" in severities:
        return None
    if options.consequence_slot == "after_highest" and severities:
        return SEVERITIES[max(SEVERITIES.index(s) for s in severities) + 1]
    return next(s for s in SEVERITIES if s not in severities)


class ConsequenceTaken(Stored, kw_only=True, forbid_unknown_fields=True):
    """A consequence added, or the character taken out because none was left."""

    STORED_AS = "fate.ConsequenceTaken"

    consequence: Consequence | None
    """The consequence added; null: none was left, the character is taken out"""
    taken_out: bool
    """The character is taken out: it held a severe consequence, or three [004:795, 801]"""


def take_consequence(
    held: list[Consequence], aspect: str, track: Track, options: Options
) -> tuple[list[Consequence], ConsequenceTaken]:
    """Add the next consequence, or take the character out past a severe one [004:801]."""
    severity = next_severity(held, options)
    if severity is None:
        return held, ConsequenceTaken(consequence=None, taken_out=True)
    consequence = Consequence(severity=severity, aspect=aspect, track=track)
    return [*held, consequence], ConsequenceTaken(consequence=consequence, taken_out=False)


Occasion = Literal["breather", "six_hours_rest", "new_adventure"]
#: which severities each occasion heals [004:829-833]
_HEALS: dict[Occasion, tuple[Severity, ...]] = {
    "breather": ("mild",),
    "six_hours_rest": ("mild", "moderate"),
    "new_adventure": SEVERITIES,
}


def recovered(held: list[Consequence], occasion: Occasion) -> list[Consequence]:
    """The consequences left after an occasion to recover: a breather at the end of a scene
    (not between back-to-back scenes: the GM does not grant one) heals mild ones [004:829],
    six hours of appropriate rest moderate ones [004:831], a new adventure severe ones
    [004:833]; one carried over a session break heals as one degree lower [004:835]."""
    return [c for c in held if _lasts_as(c) not in _HEALS[occasion]]


def _lasts_as(consequence: Consequence) -> Severity:
    """The severity a consequence lasts as: its own, one lower once `lowered` [004:835]."""
    place = SEVERITIES.index(consequence.severity)
    lower = 1 if consequence.lowered else 0
    return SEVERITIES[max(place - lower, 0)]


def carried_over(held: list[Consequence]) -> list[Consequence]:
    """The consequences a character keeps into a second session with no rest between: each
    lasts one degree lower [004:835], so a mild one is gone (`lasts_until`); lowered once,
    counted from its own severity (a second break does not lower it again: the book speaks of
    one)."""
    return [
        msgspec.structs.replace(c, lowered=True)
        for c in held
        if lasts_until(c.severity, after_session_break=True) is not None
    ]


def lasts_until(severity: Severity, after_session_break: bool = False) -> str | None:
    """When a consequence heals [004:829-833]; held into a second session with no rest
    between, it counts one degree lower for how long it lasts [004:835] (a mild one is then
    gone: None)."""
    if not after_session_break:
        return RECOVERY[severity]
    lower = SEVERITIES.index(severity) - 1
    return RECOVERY[SEVERITIES[lower]] if lower >= 0 else None


def demand_other_defeat(fate_points: int) -> int:
    """A taken-out player may spend all fate points left, at least one, to demand another
    defeat [004:811]; the points spent."""
    if fate_points < 1:
        raise Conflict(
            "demanding another defeat spends all fate points left, at least one [004:811]",
            "not_enough_fate_points",
        )
    return fate_points


Stakes = Literal["trivial", "ordinary", "vital"]
_STAKES: dict[Stakes, int] = {"trivial": -1, "ordinary": 0, "vital": 1}


def tenacity_degree(tenacity: int, stakes: Stakes) -> int:
    """An NPC's tenacity in this conflict: its degree (1 or 2), one more when the conflict is
    vital to it, one less when trivial [004:823]."""
    if tenacity not in (1, 2):
        raise InvalidCommand("tenacity is of the first or second degree [004:823]", "invalid_sheet")
    return tenacity + _STAKES[stakes]


def concedes(held: list[Consequence], degree: int) -> bool:
    """An NPC with tenacity offers its concession once it holds as many consequences as the
    degree it is willing to take [004:823]."""
    return len(held) >= degree
