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
    TOPIC = "frontera.CombatOpened"
    combat: Combat

    def apply(self, table: Table) -> None:
        game(table).combat = clone(self.combat)


class CombatUpdated(Table.Event):
    """The combatants' footing and ranges as they stand for the next turn."""

    TOPIC = "frontera.CombatUpdated"
    combatants: dict[str, Combatant]
    ranges: dict[str, Range]
    reason: str

    def apply(self, table: Table) -> None:
        combat = _combat_of(table)
        combat.combatants = {c: clone(v) for c, v in self.combatants.items()}
        combat.ranges = dict(self.ranges)


class CombatTurnStarted(Table.Event):
    TOPIC = "frontera.CombatTurnStarted"
    turn: int
    test: int

    def apply(self, table: Table) -> None:
        combat = _combat_of(table)
        combat.turn, combat.test = self.turn, self.test
        combat.declarations, combat.jammed = {}, []


class TurnLost(Table.Event):
    """The jam check's 8: the character spends the whole turn reloading [L1014]."""

    TOPIC = "frontera.TurnLost"
    character: str
    turn: int
    reason: str

    def apply(self, table: Table) -> None:
        _combat_of(table).jammed.append(self.character)


class ActionDeclared(Table.Event):
    """A public announcement; an attacker also joins the turn's test."""

    TOPIC = "frontera.ActionDeclared"
    turn: int
    declaration: Declaration
    participant: Participant | None

    def apply(self, table: Table) -> None:
        state = game(table)
        _combat_of(table).declarations[self.declaration.character] = clone(self.declaration)
        if self.participant is not None and state.test is not None:
            state.test.participants[self.participant.character] = clone(self.participant)


class AttacksResolved(Table.Event):
    """Every attack of the turn judged at once, after the reveal."""

    TOPIC = "frontera.AttacksResolved"
    test: int
    turn: int
    attacks: list[AttackResult]

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


class HoldTested(Table.Event):
    """A hold's opposed muscle test, judged at the turn's reveal [L1090]: the held character's
    victory breaks the hold, a defeat or a tie keeps it."""

    TOPIC = "frontera.HoldTested"
    test: int
    turn: int
    hold: HoldResult

    def apply(self, table: Table) -> None:
        footing = _combat_of(table).combatants.get(self.hold.held)
        if not self.hold.kept and footing is not None and footing.held_by == self.hold.holder:
            footing.held_by = None


class CombatEnded(Table.Event):
    TOPIC = "frontera.CombatEnded"
    reason: str

    def apply(self, table: Table) -> None:
        game(table).combat = None


class DeathConfirmed(Table.Event):
    """The survival test's 8: the character is dead for good."""

    TOPIC = "frontera.DeathConfirmed"
    character: str

    def apply(self, table: Table) -> None:
        game(table).characters[self.character].dead_for_good = True


def _combat_of(table: Table) -> Combat:
    combat = game(table).combat
    assert combat is not None, "a combat event needs an open combat"
    return combat


def _fires(declaration: Declaration) -> bool:
    return declaration.technique in (Technique.QUICK_SHOT, Technique.AIM)
