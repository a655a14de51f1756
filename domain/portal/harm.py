"""A contender's harm as a fight's events leave it [002:1063, 1238]: the dice held after
absorbing the points through, and what a new wound die calls for."""

from __future__ import annotations

from domain.portal.absorption import Absorption
from domain.portal.sheet import PortalSheet
from domain.portal.state import CombatContender


def absorbed(sheet: PortalSheet, contender: CombatContender, absorption: Absorption) -> None:
    """The dice the defender holds after absorbing; a new wound die calls for a reflex roll
    and a thorn check [002:1063]."""
    sheet.discomfort, sheet.wound = absorption.discomfort, absorption.wound
    if absorption.wound_gained:
        contender.reflex_roll_due = contender.thorn_due = True
