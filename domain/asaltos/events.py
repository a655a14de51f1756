"""asaltos's events. Each is one fact; `apply` only moves what the event says moved.

Events derived from dice name their roll (`roll`, `visibility`) so that the visibility
policy hides them exactly as it hides the dice; `roll` is None when the rules needed no
die (a certain outcome [001:31,40])."""

from __future__ import annotations

from typing import cast

from domain.asaltos.check import CheckResult
from domain.asaltos.combat import Outcome
from domain.asaltos.damage import Damage
from domain.asaltos.sheet import Arm, Characteristic
from domain.asaltos.state import (
    OUT,
    Aim,
    AsaltosState,
    Character,
    Combat,
    Condition,
    DeathTimer,
    Declared,
    Hit,
    Step,
    Wound,
)
from domain.dice import Visibility
from domain.games import GameOf
from domain.structs import clone
from domain.table import Table

game = GameOf(AsaltosState)


def _character(table: Table, character_id: str) -> Character:
    return game(table).characters[character_id]


def _use(table: Table, character: str, number: int) -> None:
    combat = cast(Combat, game(table).combat)
    for declared in combat.declarations[character]:
        if declared.number == number:
            declared.used = True


class CharacterCreated(Table.Event):
    TOPIC = "asaltos.CharacterCreated"
    character: Character

    def apply(self, table: Table) -> None:
        game(table).characters[self.character.id] = clone(self.character)


class CheckMade(Table.Event):
    """A skill or characteristic check [001:27-42]; `action` is the number of the declared
    action it used in a combat round, if any."""

    TOPIC = "asaltos.CheckMade"
    character: str
    checked: str
    result: CheckResult
    action: int | None
    roll: int | None
    visibility: Visibility

    def apply(self, table: Table) -> None:
        if self.action is not None:
            _use(table, self.character, self.action)


class OpposedCheckMade(Table.Event):
    """Two checks compared by success level [001:37]; `winner` is a character or None."""

    TOPIC = "asaltos.OpposedCheckMade"
    characters: list[str]
    checked: list[str]
    results: list[CheckResult]
    winner: str | None
    roll: int | None
    visibility: Visibility


class PainRolled(Table.Event):
    """The RES roll against a light wound's pain: on success it stops hurting for the rest
    of the combat [001:63]."""

    TOPIC = "asaltos.PainRolled"
    character: str
    wound: int
    result: CheckResult
    roll: int | None
    visibility: Visibility

    def apply(self, table: Table) -> None:
        if self.result.success:
            wound = _character(table, self.character).wound(self.wound)
            if wound is not None:
                wound.suppressed = True


class CombatStarted(Table.Event):
    """A combat begins; the rest of its combatants' wounds stops [001:72]: `paused` names
    the wounds, by character."""

    TOPIC = "asaltos.CombatStarted"
    combatants: list[str]
    paused: dict[str, list[int]]

    def apply(self, table: Table) -> None:
        state = game(table)
        state.combat = Combat(combatants=list(self.combatants))
        for character_id, wounds in self.paused.items():
            for wound in state.characters[character_id].wounds:
                if wound.id in wounds:
                    wound.rest_since = None


class RoundStarted(Table.Event):
    """A new round of one second [001:45]: game time is now `elapsed`."""

    TOPIC = "asaltos.RoundStarted"
    round: int
    elapsed: int

    def apply(self, table: Table) -> None:
        state = game(table)
        combat = cast(Combat, state.combat)
        combat.round = self.round
        combat.tanda = 0
        combat.declarations = {}
        combat.moved = {}
        state.elapsed = self.elapsed


class ActionsDeclared(Table.Event):
    TOPIC = "asaltos.ActionsDeclared"
    character: str
    actions: list[Declared]

    def apply(self, table: Table) -> None:
        combat = cast(Combat, game(table).combat)
        combat.declarations[self.character] = [clone(d) for d in self.actions]


class AimTaken(Table.Event):
    """A shooter spends the round aiming at a target [001:103]."""

    TOPIC = "asaltos.AimTaken"
    character: str
    aim: Aim

    def apply(self, table: Table) -> None:
        cast(Combat, game(table).combat).aims[self.character] = clone(self.aim)


class TandaStarted(Table.Event):
    TOPIC = "asaltos.TandaStarted"
    tanda: int

    def apply(self, table: Table) -> None:
        cast(Combat, game(table).combat).tanda = self.tanda


class ActionsPassed(Table.Event):
    """Nobody has to use all their actions [001:109]: these are given up."""

    TOPIC = "asaltos.ActionsPassed"
    character: str
    actions: list[int]

    def apply(self, table: Table) -> None:
        for number in self.actions:
            _use(table, self.character, number)


class Moved(Table.Event):
    """A character moved `metres` with its declared action `action` [001:20,47]."""

    TOPIC = "asaltos.Moved"
    character: str
    metres: int
    reason: str
    action: int

    def apply(self, table: Table) -> None:
        _use(table, self.character, self.action)
        moved = cast(Combat, game(table).combat).moved
        moved[self.character] = moved.get(self.character, 0) + self.metres


class _ReactionRolled(Table.Event):
    """A defender's reaction to `attacker`'s attack, rolled with its declared action."""

    character: str
    attacker: str
    action: int
    result: CheckResult
    roll: int | None
    visibility: Visibility

    def apply(self, table: Table) -> None:
        _use(table, self.character, self.action)


class DodgeRolled(_ReactionRolled):
    """The defender's dodge, rolled before the attack [001:111]."""

    TOPIC = "asaltos.DodgeRolled"


class AttackRolled(Table.Event):
    """An attack's roll (`result` None: an automatic hit with SL 0 [001:79])."""

    TOPIC = "asaltos.AttackRolled"
    character: str
    target: str
    weapon: str
    action: int
    automatic: bool
    result: CheckResult | None
    roll: int | None
    visibility: Visibility

    def apply(self, table: Table) -> None:
        _use(table, self.character, self.action)
        cast(Combat, game(table).combat).aims.pop(self.character, None)


class CriticalRolled(Table.Event):
    """After a natural 1 on an attack: the confirmation die, ≤ skill confirms [001:39]."""

    TOPIC = "asaltos.CriticalRolled"
    character: str
    face: int
    confirmed: bool
    roll: int
    visibility: Visibility


class ParryRolled(_ReactionRolled):
    """The defender's parry, after the attack, harder by the attack's SL [001:110,117]."""

    TOPIC = "asaltos.ParryRolled"


class AttackHit(Table.Event):
    """The attack hits: its damage is rolled next."""

    TOPIC = "asaltos.AttackHit"
    hit: Hit
    roll: int | None
    visibility: Visibility

    def apply(self, table: Table) -> None:
        cast(Combat, game(table).combat).pending = clone(self.hit)


class AttackFailed(Table.Event):
    TOPIC = "asaltos.AttackFailed"
    character: str
    target: str
    outcome: Outcome
    roll: int | None
    visibility: Visibility


class DamageRolled(Table.Event):
    """Location and damage of the pending hit [001:52-61,126-133]."""

    TOPIC = "asaltos.DamageRolled"
    attacker: str
    target: str
    damage: Damage
    roll: int | None
    visibility: Visibility

    def apply(self, table: Table) -> None:
        combat = game(table).combat
        if combat is not None:
            combat.pending = None


class WoundInflicted(Table.Event):
    """A wound noted on the sheet [001:68]; `reason` for one the game master deals."""

    TOPIC = "asaltos.WoundInflicted"
    character: str
    wound: Wound
    reason: str | None
    roll: int | None
    visibility: Visibility

    def apply(self, table: Table) -> None:
        character = _character(table, self.character)
        character.wounds = [*character.wounds, clone(self.wound)]
        character.wounds_dealt = self.wound.id


class ConditionsGained(Table.Event):
    """What a wound does at once [001:65-66]; `out_since` is set when the character can no
    longer act."""

    TOPIC = "asaltos.ConditionsGained"
    character: str
    conditions: list[Condition]
    out_since: Step | None
    roll: int | None
    visibility: Visibility

    def apply(self, table: Table) -> None:
        character = _character(table, self.character)
        character.conditions = [
            *character.conditions,
            *(c for c in self.conditions if c not in character.conditions),
        ]
        if self.out_since is not None and character.out_since is None:
            character.out_since = clone(self.out_since)


class ShockSuffered(Table.Event):
    """Wound penalties `penalty` above RES: the character faints [001:67]."""

    TOPIC = "asaltos.ShockSuffered"
    character: str
    penalty: int
    res: int
    out_since: Step | None
    roll: int | None
    visibility: Visibility

    def apply(self, table: Table) -> None:
        character = _character(table, self.character)
        character.in_shock = True
        if "fainted" not in character.conditions:
            character.conditions = [*character.conditions, "fainted"]
        if character.out_since is None:
            character.out_since = clone(self.out_since) if self.out_since else None


class DeathTimerStarted(Table.Event):
    """Death at the deadline unless a Medicine roll succeeds first [001:65-67]."""

    TOPIC = "asaltos.DeathTimerStarted"
    character: str
    timer: DeathTimer
    roll: int | None
    visibility: Visibility

    def apply(self, table: Table) -> None:
        character = _character(table, self.character)
        character.timers = [*character.timers, clone(self.timer)]
        character.timers_started = self.timer.id


class Died(Table.Event):
    TOPIC = "asaltos.Died"
    character: str
    cause: str
    out_since: Step | None
    roll: int | None
    visibility: Visibility

    def apply(self, table: Table) -> None:
        character = _character(table, self.character)
        character.dead = True
        character.timers = []
        if character.out_since is None and self.out_since is not None:
            character.out_since = clone(self.out_since)


class MedicineRolled(Table.Event):
    """A Medicine roll for a patient's death timers (`wound` None) or for a wound's healing
    [001:65-67,72-73]."""

    TOPIC = "asaltos.MedicineRolled"
    healer: str
    patient: str
    wound: int | None
    result: CheckResult
    roll: int | None
    visibility: Visibility


class DeathTimerStopped(Table.Event):
    TOPIC = "asaltos.DeathTimerStopped"
    character: str
    timer: int
    roll: int | None
    visibility: Visibility

    def apply(self, table: Table) -> None:
        character = _character(table, self.character)
        character.timers = [t for t in character.timers if t.id != self.timer]


class WoundTreated(Table.Event):
    """A successful Medicine roll shortens the wound's healing [001:72-73]."""

    TOPIC = "asaltos.WoundTreated"
    character: str
    wound: int
    roll: int | None
    visibility: Visibility

    def apply(self, table: Table) -> None:
        wound = _character(table, self.character).wound(self.wound)
        if wound is not None:
            wound.medicine = True


class TimeAdvanced(Table.Event):
    """The game master moves game time on to `elapsed` seconds."""

    TOPIC = "asaltos.TimeAdvanced"
    seconds: int
    elapsed: int
    reason: str

    def apply(self, table: Table) -> None:
        game(table).elapsed = self.elapsed


class WoundHealed(Table.Event):
    TOPIC = "asaltos.WoundHealed"
    character: str
    wound: int

    def apply(self, table: Table) -> None:
        character = _character(table, self.character)
        character.wounds = [w for w in character.wounds if w.id != self.wound]


class CharacteristicLost(Table.Event):
    """A point lost for good to a badly healed location [001:73], the game master's pick."""

    TOPIC = "asaltos.CharacteristicLost"
    character: str
    characteristic: Characteristic
    wound: int

    def apply(self, table: Table) -> None:
        character = _character(table, self.character)
        lost = dict(character.lost)
        lost[self.characteristic] = lost.get(self.characteristic, 0) + 1
        character.lost = lost


class RestInterrupted(Table.Event):
    """Combat, work or travel interrupted the rest: these wounds start it again [001:72]."""

    TOPIC = "asaltos.RestInterrupted"
    character: str
    wounds: list[int]
    reason: str

    def apply(self, table: Table) -> None:
        state = game(table)
        for wound in state.characters[self.character].wounds:
            if wound.id in self.wounds:
                wound.rest_since = state.elapsed


class WeaponsDropped(Table.Event):
    """A wound made the character let go of these weapons [001:65]: they lie where they
    fell until taken up again."""

    TOPIC = "asaltos.WeaponsDropped"
    character: str
    wound: int
    weapons: list[str]
    roll: int | None
    visibility: Visibility

    def apply(self, table: Table) -> None:
        character = _character(table, self.character)
        character.dropped = {**character.dropped, **dict.fromkeys(self.weapons, self.wound)}


class WeaponTakenUp(Table.Event):
    """A dropped weapon taken up again with a working arm, which holds it now; `action` is
    the declared action it used in a combat round, if any."""

    TOPIC = "asaltos.WeaponTakenUp"
    character: str
    weapon: str
    hand: Arm
    action: int | None

    def apply(self, table: Table) -> None:
        character = _character(table, self.character)
        character.dropped = {k: v for k, v in character.dropped.items() if k != self.weapon}
        character.hands = {**character.hands, self.weapon: self.hand}
        if self.action is not None:
            _use(table, self.character, self.action)


class ConditionsLifted(Table.Event):
    """A healed wound no longer keeps the character in these conditions [001:65]."""

    TOPIC = "asaltos.ConditionsLifted"
    character: str
    wound: int
    conditions: list[Condition]

    def apply(self, table: Table) -> None:
        character = _character(table, self.character)
        character.conditions = [c for c in character.conditions if c not in self.conditions]


class ConditionCleared(Table.Event):
    """The game master ends a condition (a fainted character comes to, …)."""

    TOPIC = "asaltos.ConditionCleared"
    character: str
    condition: Condition
    reason: str

    def apply(self, table: Table) -> None:
        character = _character(table, self.character)
        character.conditions = [c for c in character.conditions if c != self.condition]
        if self.condition == "fainted":
            character.in_shock = False
        if not character.dead and not any(c in OUT for c in character.conditions):
            character.out_since = None


class CombatEnded(Table.Event):
    """The combat is over: suppressed pain returns [001:63], rest starts again for the
    wounds in `resting`, by character [001:71-73]."""

    TOPIC = "asaltos.CombatEnded"
    resting: dict[str, list[int]]

    def apply(self, table: Table) -> None:
        state = game(table)
        state.combat = None
        for character in state.characters.values():
            for wound in character.wounds:
                wound.suppressed = False
                if wound.id in self.resting.get(character.id, []):
                    wound.rest_since = state.elapsed
