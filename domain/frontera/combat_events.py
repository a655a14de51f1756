"""The facts of a combat: opened, updated, turn by turn (declarations, attacks judged, holds
tested, turns lost to a jam), ended; and a death the survival test confirms.

Like every event, each `apply` only moves what the event says moved: the handlers of
`combat_turn`, `pistol_duel` and `survival` decide, and these replay."""

from __future__ import annotations

from domain.frontera.combat import Range, Technique
from domain.frontera.events import game
from domain.frontera.state import (
    AttackResult,
    Combat,
    Combatant,
    Declaration,
    HoldResult,
    Participant,
)
from domain.structs import clone
from domain.table import Table


class CombatOpened(Table.Event):
    """The Mayor opens a combat: its combatants, their footing and the ranges between them."""

    TOPIC = "frontera.CombatOpened"
    combat: Combat
    """The combat as opened: its combatants' footing, the ranges and the shot limit, before the
    first turn"""

    def apply(self, table: Table) -> None:
        game(table).combat = clone(self.combat)


class CombatUpdated(Table.Event):
    """The combatants' footing and ranges as they stand for the next turn."""

    TOPIC = "frontera.CombatUpdated"
    combatants: dict[str, Combatant]
    """Every combatant's footing for the next turn, by character id (those who left are gone)"""
    ranges: dict[str, Range]
    """The range between each pair of combatants, keyed by the pair's character ids sorted and
    joined with `|`"""
    reason: str
    """Why, in the Mayor's words"""

    def apply(self, table: Table) -> None:
        combat = _combat_of(table)
        combat.combatants = {c: clone(v) for c, v in self.combatants.items()}
        combat.ranges = dict(self.ranges)


class CombatTurnStarted(Table.Event):
    """A new combat turn begins (the Mayor's characters announce first)."""

    TOPIC = "frontera.CombatTurnStarted"
    turn: int
    """The number of the turn begun, from 1"""
    test: int
    """The number of the turn's test, in which the attackers draw and choose"""

    def apply(self, table: Table) -> None:
        combat = _combat_of(table)
        combat.turn, combat.test = self.turn, self.test
        combat.declarations, combat.jammed = {}, []


class TurnLost(Table.Event):
    """The jam check's 8: the character spends the whole turn reloading [L1014]."""

    TOPIC = "frontera.TurnLost"
    character: str
    """The id of the character who loses the turn"""
    turn: int
    """The number of the turn lost"""
    reason: str
    """Why, as a code: `jam` (the jam check of every fifth turn drew an 8)"""

    def apply(self, table: Table) -> None:
        _combat_of(table).jammed.append(self.character)


class ActionDeclared(Table.Event):
    """A public announcement; an attacker also joins the turn's test."""

    TOPIC = "frontera.ActionDeclared"
    turn: int
    """The number of the turn announced for"""
    declaration: Declaration
    """The announcement: action, move, technique, weapon, targets, variant and damage per hit"""
    participant: Participant | None
    """An attacker's or a hold's part in the turn's test (trait, skill, modifiers, cards it may
    play); null for other actions"""

    def apply(self, table: Table) -> None:
        state = game(table)
        _combat_of(table).declarations[self.declaration.character] = clone(self.declaration)
        if self.participant is not None and state.test is not None:
            state.test.participants[self.participant.character] = clone(self.participant)


class _TurnJudged(Table.Event):
    """A judgement of a combat turn's test, at its reveal."""

    test: int
    """The number of the turn's test"""
    turn: int
    """The number of the turn"""


class AttacksResolved(_TurnJudged):
    """Every attack of the turn judged at once, after the reveal."""

    TOPIC = "frontera.AttacksResolved"
    attacks: list[AttackResult]
    """Every attack judged, one per card played"""

    def apply(self, table: Table) -> None:
        combat = _combat_of(table)
        for attack in self.attacks:
            declaration = combat.declarations[attack.attacker]
            shooter = combat.combatants.get(attack.attacker)
            if shooter is not None and shooter.shots_left is not None and _fires(declaration):
                shooter.shots_left -= 1
            target = combat.combatants.get(attack.target)
            if attack.holds and target is not None:
                target.held_by = attack.attacker
        combat.last_attacks = [clone(attack) for attack in self.attacks]


class HoldTested(_TurnJudged):
    """A hold's opposed muscle test, judged at the turn's reveal [L1090]: the held character's
    victory breaks the hold, a defeat or a tie keeps it."""

    TOPIC = "frontera.HoldTested"
    hold: HoldResult
    """The hold's judgement: the cards, each side's outcome and whether it stands"""

    def apply(self, table: Table) -> None:
        footing = _combat_of(table).combatants.get(self.hold.held)
        if not self.hold.kept and footing is not None and footing.held_by == self.hold.holder:
            footing.held_by = None


class CombatEnded(Table.Event):
    """The Mayor ends the combat."""

    TOPIC = "frontera.CombatEnded"
    reason: str
    """Why, in the Mayor's words"""

    def apply(self, table: Table) -> None:
        game(table).combat = None


class DeathConfirmed(Table.Event):
    """The survival test's 8: the character is dead for good."""

    TOPIC = "frontera.DeathConfirmed"
    character: str
    """The id of the character dead for good"""

    def apply(self, table: Table) -> None:
        game(table).characters[self.character].dead_for_good = True


def _combat_of(table: Table) -> Combat:
    combat = game(table).combat
    assert combat is not None, "a combat event needs an open combat"
    return combat


def _fires(declaration: Declaration) -> bool:
    return declaration.technique in (Technique.QUICK_SHOT, Technique.AIM)
