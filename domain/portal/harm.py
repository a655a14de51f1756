"""A contender's harm as a fight's events leave it [002:1063, 1238]: the dice held after
absorbing the points through, what a new wound die calls for, and a stun; and a character
after its last aguante roll, in a combat or out of one [002:1271-1283]."""

from __future__ import annotations

from domain.portal.absorption import Absorption
from domain.portal.critical import CriticalState
from domain.portal.sheet import PortalSheet
from domain.portal.state import CombatContender, PortalCharacter
from domain.structs import clone


def stun(contender: CombatContender, turns: int) -> None:
    """A stun of `turns` combat turns "durante los cuales la víctima no puede actuar"
    [002:1246, 1455]: from the blow on, so the rest of the turn it is dealt in (no action,
    defence at -2 [002:1075]), then as many whole turns from the next, as lost turns are
    counted (the rest of a turn is no whole turn: the book is silent)."""
    contender.stunned_turns += turns
    if turns:
        contender.stunned = True


def absorbed(sheet: PortalSheet, contender: CombatContender, absorption: Absorption) -> None:
    """A contender after absorbing a blow, whatever dealt it: the dice it holds, the turns a
    non-lethal blow stuns it for, a reflex roll and a thorn check for a new wound die
    [002:1063], and the damage past its limit that puts it in the critical state."""
    sheet.discomfort, sheet.wound = absorption.discomfort, absorption.wound
    stun(contender, absorption.stunned_turns)
    if absorption.wound_gained:
        contender.reflex_roll_due = contender.thorn_due = True
    if absorption.unabsorbed:
        contender.critical = absorption.unabsorbed


def critical_reached(character: PortalCharacter, critical: CriticalState) -> None:
    """The worst thorn driven in, if the character did not carry it [002:1283]; dead where the
    table's option `critical_below` says so."""
    if critical.thorn is not None:
        character.sheet.thorns = [*character.sheet.thorns, clone(critical.thorn)]
    if critical.state == "dead":
        character.dead = True
