"""A contender's harm as a fight's events leave it [002:1063, 1238]: the dice held after
absorbing the points through, and what a new wound die calls for."""

from __future__ import annotations

from domain.portal.absorption import Absorption
from domain.portal.sheet import PortalSheet
from domain.portal.state import CombatContender


def absorbed(sheet: PortalSheet, contender: CombatContender, absorption: Absorption) -> None:
    """A contender after absorbing a blow, whatever dealt it: the dice it holds, the turns a
    non-lethal blow stuns it for, a reflex roll and a thorn check for a new wound die
    [002:1063], and the damage past its limit that puts it in the critical state."""
    sheet.discomfort, sheet.wound = absorption.discomfort, absorption.wound
    contender.stunned_turns += absorption.stunned_turns
    if absorption.wound_gained:
        contender.reflex_roll_due = contender.thorn_due = True
    if absorption.unabsorbed:
        contender.critical = absorption.unabsorbed
