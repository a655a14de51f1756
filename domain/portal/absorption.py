"""Damage absorption, shared by every source of damage [002:248-250, 1238-1248, 312, 1273],
and the toughness it is measured against [002:1199, 1224-1236].

Each point of damage past the aguante is a discomfort die; at 3 discomfort dice a point turns
one of them into a wound die [002:248-250, 1238] (Brunak [002:1242]). Non-lethal damage
past 3 discomfort dice stuns a turn instead [002:1246]. A point with 3 and 3 already held is
not absorbed: the character enters the critical state [002:312, 1273].
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.errors import InvalidCommand
from domain.portal.reading import Reading, raw_die
from domain.portal.sheet import MAX_DICE, Armour, Choice, Sheet
from domain.structs import Stored

#: what one point of damage did
Step = Literal["discomfort", "wound", "stunned", "unabsorbed"]
#: the raw basic die an armour adds to the aguante [002:1226-1234]
ARMOUR_DIE: dict[str, Choice] = {"light": "LOW", "medium": "MID", "heavy": "HIGH"}


class Absorption(Stored, kw_only=True, forbid_unknown_fields=True):
    """Damage points taken, one step per point, and the dice after them."""

    STORED_AS = "portal.Absorption"

    points: int
    """The points taken, one step each: damage points past the aguante, or discomfort dice given"""
    nonlethal: bool = False
    """Whether the damage is non-lethal: past 3 discomfort dice a point stuns a turn instead of
    wounding [002:1246]"""
    steps: list[Step] = []
    """What each point did, in order: `discomfort` (a discomfort die), `wound` (a discomfort die
    turned into a wound die), `stunned` (a turn stunned), `unabsorbed`"""
    discomfort: int
    """The discomfort dice held after, 0..3"""
    wound: int
    """The wound dice held after, 0..3"""
    stunned_turns: int = 0
    """The turns the character is stunned by non-lethal points: it cannot act and defends at -2
    [002:1246]"""
    unabsorbed: int = 0
    """The points past 3 discomfort and 3 wound dice, the critical state's difficulty [002:1273];
    0: not critical"""

    @property
    def wound_gained(self) -> bool:
        """A new wound die calls for a new reflex roll and a thorn check [002:1063, 1252]."""
        return "wound" in self.steps

    @property
    def critical(self) -> bool:
        return self.unabsorbed > 0


def absorb(discomfort: int, wound: int, points: int, nonlethal: bool = False) -> Absorption:
    """Take `points` of damage on dice already held, point by point [002:248-250, 1238]."""
    if points < 0:
        raise InvalidCommand("damage points are never negative [002:1147]", "invalid_damage")
    if not (0 <= discomfort <= MAX_DICE and 0 <= wound <= MAX_DICE):
        raise InvalidCommand(f"dice held run 0..{MAX_DICE} [002:97]", "invalid_damage")
    steps: list[Step] = []
    for _ in range(points):
        if discomfort < MAX_DICE:
            discomfort += 1
            steps.append("discomfort")
        elif nonlethal:
            steps.append("stunned")
        elif wound < MAX_DICE:
            discomfort, wound = discomfort - 1, wound + 1
            steps.append("wound")
        else:
            steps.append("unabsorbed")
    return Absorption(
        points=points,
        nonlethal=nonlethal,
        steps=steps,
        discomfort=discomfort,
        wound=wound,
        stunned_turns=steps.count("stunned"),
        unabsorbed=steps.count("unabsorbed"),
    )


def take_damage(sheet: Sheet, points: int, nonlethal: bool = False) -> tuple[Sheet, Absorption]:
    """The sheet after `points` of damage, and how they were absorbed."""
    absorption = absorb(sheet.discomfort, sheet.wound, points, nonlethal)
    taken = msgspec.structs.replace(sheet, discomfort=absorption.discomfort, wound=absorption.wound)
    return taken, absorption


class Toughness(Stored, kw_only=True, forbid_unknown_fields=True):
    """The aguante a damage total is compared with: the aguante reading (sixes, ones and luck
    count; discomfort and wound dice do not [002:1199]) plus the armour's raw die
    [002:1226-1234]."""

    STORED_AS = "portal.Toughness"

    reading: int
    """The aguante reading's result (sixes, ones and luck count [002:1199])"""
    armour: Armour = "none"
    """The armour worn: `light`, `medium`, `heavy` or `none` [002:1226-1234]"""
    armour_die: int = 0
    """The armour's raw basic die: LOW, MID or HIGH by the armour; 0 without"""
    total: int
    """The toughness: the reading plus the armour's die"""


def toughness(aguante: Reading, basic: list[int], armour: Armour = "none") -> Toughness:
    if not aguante.aguante:
        raise InvalidCommand(
            f"the reading {aguante.name!r} is not an aguante reading", "invalid_readings"
        )
    armour_die = raw_die(basic, ARMOUR_DIE[armour]) if armour != "none" else 0
    return Toughness(
        reading=aguante.result,
        armour=armour,
        armour_die=armour_die,
        total=aguante.result + armour_die,
    )


def damage_through(total_damage: int, aguante: int) -> int:
    """The damage points past the aguante, the ones absorbed [002:1199, 1238]."""
    return max(0, total_damage - aguante)
