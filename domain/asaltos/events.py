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


class _Applied(Table.Event):
    """Base of an event derived from a roll whose outcome the engine applies at once (an attack,
    a reaction, damage, a wound, pain, Medicine): such a roll is always public."""

    visibility: Visibility
    """The roll's visibility: always `public` here (the rolls whose outcome the engine applies at
    once are public)"""


class _FromWound(_Applied):
    """Base of an event a wound brings with it, from the damage roll that dealt it or from the
    game master."""

    roll: int | None
    """The number of the table's damage roll (its `DiceRolled` event) whose wound this is; null for
    a wound the game master deals"""


class CharacterCreated(Table.Event):
    """A character joins the table: its id, name, player's seat and sheet, its innate skills noted
    [001:25]."""

    TOPIC = "asaltos.CharacterCreated"
    character: Character
    """The new character as created: its id, name, the seat that plays it, its sheet, and no wounds
    yet"""

    def apply(self, table: Table) -> None:
        game(table).characters[self.character.id] = clone(self.character)


class _Checked(Table.Event):
    """Base of a check's event whose roll the command may keep secret."""

    visibility: Visibility
    """The roll's visibility, as the command asked: `public`, `gm` (the roller's seat and the game
    master), `blind` (the game master only) or `self` (the roller's seat only)"""


class CheckMade(_Checked):
    """A skill or characteristic check [001:27-42]; `action` is the number of the declared
    action it used in a combat round, if any."""

    TOPIC = "asaltos.CheckMade"
    character: str
    """The id of the character who makes the check"""
    checked: str
    """What was checked: a skill's name, or a characteristic (`FUE`, `AGI`, `RES`, `TAM`)"""
    result: CheckResult
    """The check as resolved: value, difficulty term by term, the d10, success and SL"""
    action: int | None
    """The number of the character's declared `other` action the check used in a combat round; null:
    not a combat action"""
    roll: int | None
    """The number of the table's roll (its `DiceRolled` event) whose die the check reads; null for a
    public check that needed no die"""

    def apply(self, table: Table) -> None:
        if self.action is not None:
            _use(table, self.character, self.action)


class OpposedCheckMade(_Checked):
    """Two checks compared by success level [001:37]; `winner` is a character or None."""

    TOPIC = "asaltos.OpposedCheckMade"
    characters: list[str]
    """The ids of the two contenders, in the command's order"""
    checked: list[str]
    """What each contender checked (a skill's name or a characteristic), in the order of
    `characters`"""
    results: list[CheckResult]
    """Each contender's check as resolved, in the order of `characters`"""
    winner: str | None
    """The id of the contender who won; null: nobody (both failed, or a tie in SL [001:37])"""
    roll: int | None
    """The number of the table's roll (its `DiceRolled` event) whose dice both checks read; null for
    a public roll that needed no die"""


class _CheckRolled(_Applied):
    """Base of a check's event whose outcome the engine applies at once (pain, Medicine)."""

    roll: int | None
    """The number of the table's roll (its `DiceRolled` event) whose die the check reads; null when
    the outcome was certain and no die was rolled"""


class PainRolled(_CheckRolled):
    """The RES roll against a light wound's pain: on success it stops hurting for the rest
    of the combat [001:63]."""

    TOPIC = "asaltos.PainRolled"
    character: str
    """The id of the wounded character who rolls Resistencia (RES)"""
    wound: int
    """The number of the light wound (level 1) whose pain is rolled against, among the character's
    wounds"""
    result: CheckResult
    """The RES check as resolved; a success suppresses the wound's pain for the rest of the
    combat"""

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
    """The ids of the characters who fight, in the order the game master named them"""
    paused: dict[str, list[int]]
    """The wounds whose rest the combat stops: by character id, the numbers of its resting wounds (a
    character with none is left out)"""

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
    """The round's number in this combat, from 1"""
    elapsed: int
    """Game time in seconds as the round starts (each round after the first adds one second)"""

    def apply(self, table: Table) -> None:
        state = game(table)
        combat = cast(Combat, state.combat)
        combat.round = self.round
        combat.tanda = 0
        combat.declarations = {}
        combat.moved = {}
        state.elapsed = self.elapsed


class ActionsDeclared(Table.Event):
    """A combatant's ordered actions for the round, each with its number and tanda [001:47,112]."""

    TOPIC = "asaltos.ActionsDeclared"
    character: str
    """The id of the combatant who declares"""
    actions: list[Declared]
    """Its actions in the order declared, each with its number (its accumulation is number - 1) and
    its tanda"""

    def apply(self, table: Table) -> None:
        combat = cast(Combat, game(table).combat)
        combat.declarations[self.character] = [clone(d) for d in self.actions]


class AimTaken(Table.Event):
    """A shooter spends the round aiming at a target [001:103]."""

    TOPIC = "asaltos.AimTaken"
    character: str
    """The id of the shooter who aims"""
    aim: Aim
    """The aim after this round: its target, the rounds aimed at it in a row and this round's
    number"""

    def apply(self, table: Table) -> None:
        cast(Combat, game(table).combat).aims[self.character] = clone(self.aim)


class TandaStarted(Table.Event):
    """The next tanda of the round begins: each combatant's action declared for it happens now,
    higher Agilidad first [001:46,109]."""

    TOPIC = "asaltos.TandaStarted"
    tanda: int
    """The tanda's number in the round, from 1: each combatant's actions of that tanda happen now"""

    def apply(self, table: Table) -> None:
        cast(Combat, game(table).combat).tanda = self.tanda


class ActionsPassed(Table.Event):
    """Nobody has to use all their actions [001:109]: these are given up."""

    TOPIC = "asaltos.ActionsPassed"
    character: str
    """The id of the character who gives its actions up"""
    actions: list[int]
    """The numbers of its declared actions of this tanda that it gives up"""

    def apply(self, table: Table) -> None:
        for number in self.actions:
            _use(table, self.character, number)


class Moved(Table.Event):
    """A character moved `metres` with its declared action `action` [001:20,47]."""

    TOPIC = "asaltos.Moved"
    character: str
    """The id of the character who moves"""
    metres: int
    """Metres moved (1 to 10); a round's moves add up to at most the character's Agilidad"""
    reason: str
    """The game master's account of the move (where to, crawling, …)"""
    action: int
    """The number of the declared `other` action the move used"""

    def apply(self, table: Table) -> None:
        _use(table, self.character, self.action)
        moved = cast(Combat, game(table).combat).moved
        moved[self.character] = moved.get(self.character, 0) + self.metres


class _ReactionRolled(_Applied):
    """A defender's reaction to `attacker`'s attack, rolled with its declared action."""

    character: str
    """The id of the defender who reacts"""
    attacker: str
    """The id of the attacker whose attack it reacts to"""
    action: int
    """The number of the defender's declared action (its parry or dodge) it used"""
    result: CheckResult
    """The defender's check as resolved (its parrying weapon's skill, or the dodge skill)"""
    roll: int | None
    """The number of the attack's roll (its `DiceRolled` event), whose dice this reaction shares"""

    def apply(self, table: Table) -> None:
        _use(table, self.character, self.action)


class DodgeRolled(_ReactionRolled):
    """The defender's dodge, rolled before the attack [001:111]."""

    TOPIC = "asaltos.DodgeRolled"


class _Attacked(_Applied):
    """Base of an event of one attack: its attacker and target."""

    character: str
    """The id of the attacker"""
    target: str
    """The id of the character attacked"""


class AttackRolled(_Attacked):
    """An attack's roll (`result` None: an automatic hit with SL 0 [001:79])."""

    TOPIC = "asaltos.AttackRolled"
    weapon: str
    """The name of the attacker's weapon (from its sheet) the attack uses"""
    action: int
    """The number of the attacker's declared attack it used"""
    automatic: bool
    """A melee attack from behind or by surprise: an automatic hit, with no attack check [001:79]"""
    result: CheckResult | None
    """The attack check as resolved (for an automatic hit, the d10 rolled for its SL only); null
    for an automatic hit whose SL the table's options set at 0"""
    roll: int | None
    """The number of the table's roll (its `DiceRolled` event) whose dice the attack and its
    reaction read; null when no die was rolled"""

    def apply(self, table: Table) -> None:
        _use(table, self.character, self.action)
        cast(Combat, game(table).combat).aims.pop(self.character, None)


class CriticalRolled(_Applied):
    """After a natural 1 on an attack: the confirmation die, ≤ skill confirms [001:39]."""

    TOPIC = "asaltos.CriticalRolled"
    character: str
    """The id of the attacker whose natural 1 is rolled again"""
    face: int
    """The confirmation d10 as it fell (1 to 10)"""
    confirmed: bool
    """The face was at most the attacker's weapon skill: a critical, which does maximum damage and
    ignores armour [001:39]"""
    roll: int
    """The number of the attack's roll (its `DiceRolled` event), whose dice include this one"""


class ParryRolled(_ReactionRolled):
    """The defender's parry, after the attack, harder by the attack's SL [001:110,117]."""

    TOPIC = "asaltos.ParryRolled"


class AttackHit(_Applied):
    """The attack hits: its damage is rolled next."""

    TOPIC = "asaltos.AttackHit"
    hit: Hit
    """The hit now waiting for its damage roll: attacker, target, weapon, SL, critical, chosen
    location and combat step"""
    roll: int | None
    """The number of the attack's roll (its `DiceRolled` event); null when no die was rolled"""

    def apply(self, table: Table) -> None:
        cast(Combat, game(table).combat).pending = clone(self.hit)


class AttackFailed(_Attacked):
    """The attack does not hit: it missed, or the defender parried or dodged it [001:110-111]."""

    TOPIC = "asaltos.AttackFailed"
    outcome: Outcome
    """How the attack ended: `missed`, `parried` or `dodged`"""
    roll: int | None
    """The number of the attack's roll (its `DiceRolled` event); null when no die was rolled"""


class DamageRolled(_Applied):
    """Location and damage of the pending hit [001:52-61,126-133]."""

    TOPIC = "asaltos.DamageRolled"
    attacker: str
    """The id of the character whose hit it is"""
    target: str
    """The id of the character hit"""
    damage: Damage
    """The location and damage as resolved, term by term, and the wound level they reach"""
    roll: int | None
    """The number of the table's roll (its `DiceRolled` event) with the location and damage dice;
    null when no die was rolled (a chosen location and a critical at the code's highest level)"""

    def apply(self, table: Table) -> None:
        combat = game(table).combat
        if combat is not None:
            combat.pending = None


class WoundInflicted(_FromWound):
    """A wound noted on the sheet [001:68]; `reason` for one the game master deals."""

    TOPIC = "asaltos.WoundInflicted"
    character: str
    """The id of the wounded character"""
    wound: Wound
    """The wound as noted on the sheet: its number, location, level, game time and combat step"""
    reason: str | None
    """The game master's account of a wound dealt outside the attack rules (a fall, …); null for a
    hit's wound"""

    def apply(self, table: Table) -> None:
        character = _character(table, self.character)
        character.wounds = [*character.wounds, clone(self.wound)]
        character.wounds_dealt = self.wound.id


class ConditionsGained(_FromWound):
    """What a wound does at once [001:65-66]; `out_since` is set when the character can no
    longer act."""

    TOPIC = "asaltos.ConditionsGained"
    character: str
    """The id of the wounded character"""
    conditions: list[Condition]
    """The conditions the new wound puts the character in (one it has already, it keeps)"""
    out_since: Step | None
    """The combat step from which the character can no longer act (unconscious, or everything
    dropped); null: it still can, or the wound came outside a combat step"""

    def apply(self, table: Table) -> None:
        character = _character(table, self.character)
        character.conditions = [
            *character.conditions,
            *(c for c in self.conditions if c not in character.conditions),
        ]
        if self.out_since is not None and character.out_since is None:
            character.out_since = clone(self.out_since)


class ShockSuffered(_FromWound):
    """Wound penalties `penalty` above RES: the character faints [001:67]."""

    TOPIC = "asaltos.ShockSuffered"
    character: str
    """The id of the character who faints from hypovolemic shock"""
    penalty: int
    """The sum of its wound penalties, now above its Resistencia [001:67]"""
    res: int
    """The character's Resistencia (RES), which the penalties exceed"""
    out_since: Step | None
    """The combat step from which the character can no longer act; null for a wound outside a combat
    step"""

    def apply(self, table: Table) -> None:
        character = _character(table, self.character)
        character.in_shock = True
        if "fainted" not in character.conditions:
            character.conditions = [*character.conditions, "fainted"]
        if character.out_since is None:
            character.out_since = clone(self.out_since) if self.out_since else None


class DeathTimerStarted(_FromWound):
    """Death at the deadline unless a Medicine roll succeeds first [001:65-67]."""

    TOPIC = "asaltos.DeathTimerStarted"
    character: str
    """The id of the dying character"""
    timer: DeathTimer
    """The timer started: its number, cause, wound, and its start and deadline in game seconds"""

    def apply(self, table: Table) -> None:
        character = _character(table, self.character)
        character.timers = [*character.timers, clone(self.timer)]
        character.timers_started = self.timer.id


class Died(_Applied):
    """The character dies: of a mortal wound [001:65-66], or of a death timer that ran out before a
    Medicine roll succeeded [001:65-67]."""

    TOPIC = "asaltos.Died"
    character: str
    """The id of the character who dies"""
    cause: str
    """What killed it: `wound <code>` (e.g. `wound C3`), or `no Medicine in time (<timer cause>)`"""
    out_since: Step | None
    """The combat step of the hit that killed it; null for a wound outside a combat step or a death
    timer run out"""
    roll: int | None
    """The number of the damage roll (its `DiceRolled` event) of the killing wound; null for a wound
    the game master deals or a death timer run out"""

    def apply(self, table: Table) -> None:
        character = _character(table, self.character)
        character.dead = True
        character.timers = []
        if character.out_since is None and self.out_since is not None:
            character.out_since = clone(self.out_since)


class MedicineRolled(_CheckRolled):
    """A Medicine roll for a patient's death timers (`wound` None) or for a wound's healing
    [001:65-67,72-73]."""

    TOPIC = "asaltos.MedicineRolled"
    healer: str
    """The id of the character who rolls Medicine"""
    patient: str
    """The id of the character treated"""
    wound: int | None
    """The number of the patient's wound whose healing is treated; null: the roll is against the
    patient's death timers"""
    result: CheckResult
    """The healer's Medicine check as resolved"""


class DeathTimerStopped(_Applied):
    """A successful Medicine roll stops one of the patient's death timers [001:65-67]."""

    TOPIC = "asaltos.DeathTimerStopped"
    character: str
    """The id of the patient whose timer stops"""
    timer: int
    """The number of the timer stopped, among the character's death timers"""
    roll: int | None
    """The number of the Medicine roll (its `DiceRolled` event) that stopped it; null when its
    success was certain and no die was rolled"""

    def apply(self, table: Table) -> None:
        character = _character(table, self.character)
        character.timers = [t for t in character.timers if t.id != self.timer]


class WoundTreated(_Applied):
    """A successful Medicine roll shortens the wound's healing [001:72-73]."""

    TOPIC = "asaltos.WoundTreated"
    character: str
    """The id of the patient"""
    wound: int
    """The number of the wound treated, among the patient's wounds: its healing is now shorter"""
    roll: int | None
    """The number of the Medicine roll (its `DiceRolled` event) that treated it; null when its
    success was certain and no die was rolled"""

    def apply(self, table: Table) -> None:
        wound = _character(table, self.character).wound(self.wound)
        if wound is not None:
            wound.medicine = True


class TimeAdvanced(Table.Event):
    """The game master moves game time on to `elapsed` seconds."""

    TOPIC = "asaltos.TimeAdvanced"
    seconds: int
    """Game seconds that pass"""
    elapsed: int
    """Game time in seconds once they have passed"""
    reason: str
    """The game master's account of the time passing (a rest, a journey, …)"""

    def apply(self, table: Table) -> None:
        game(table).elapsed = self.elapsed


class WoundHealed(Table.Event):
    """A wound heals after its rest [001:70-74]: it is gone from the sheet."""

    TOPIC = "asaltos.WoundHealed"
    character: str
    """The id of the character whose wound heals"""
    wound: int
    """The number of the healed wound, among the character's wounds"""

    def apply(self, table: Table) -> None:
        character = _character(table, self.character)
        character.wounds = [w for w in character.wounds if w.id != self.wound]


class CharacteristicLost(Table.Event):
    """A point lost for good to a badly healed location [001:73], the game master's pick."""

    TOPIC = "asaltos.CharacteristicLost"
    character: str
    """The id of the character who loses the point"""
    characteristic: Characteristic
    """The characteristic that loses one point for good: `AGI` or `RES`, as the game master chose"""
    wound: int
    """The number of the incapacitating wound (level 3) that healed without Medicine"""

    def apply(self, table: Table) -> None:
        character = _character(table, self.character)
        lost = dict(character.lost)
        lost[self.characteristic] = lost.get(self.characteristic, 0) + 1
        character.lost = lost


class RestInterrupted(Table.Event):
    """Combat, work or travel interrupted the rest: these wounds start it again [001:72]."""

    TOPIC = "asaltos.RestInterrupted"
    character: str
    """The id of the character whose rest is interrupted"""
    wounds: list[int]
    """The numbers of the wounds whose rest starts again now"""
    reason: str
    """The game master's account of what interrupted the rest (work, travel, …)"""

    def apply(self, table: Table) -> None:
        state = game(table)
        for wound in state.characters[self.character].wounds:
            if wound.id in self.wounds:
                wound.rest_since = state.elapsed


class WeaponsDropped(_FromWound):
    """A wound made the character let go of these weapons [001:65]: they lie where they
    fell until taken up again."""

    TOPIC = "asaltos.WeaponsDropped"
    character: str
    """The id of the character who lets go"""
    wound: int
    """The number of the wound that made it let go"""
    weapons: list[str]
    """The names of the weapons dropped, as its sheet lists them"""

    def apply(self, table: Table) -> None:
        character = _character(table, self.character)
        character.dropped = {**character.dropped, **dict.fromkeys(self.weapons, self.wound)}


class WeaponTakenUp(Table.Event):
    """A dropped weapon taken up again with a working arm, which holds it now; `action` is
    the declared action it used in a combat round, if any."""

    TOPIC = "asaltos.WeaponTakenUp"
    character: str
    """The id of the character who takes the weapon up"""
    weapon: str
    """The name of the weapon taken up again, as its sheet lists it"""
    hand: Arm
    """The arm that holds it now: `BD` (right arm) or `BI` (left arm)"""
    action: int | None
    """The number of the declared `other` action it used in a combat round; null outside a combat"""

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
    """The id of the character whose wound healed"""
    wound: int
    """The number of the healed wound that kept the conditions on"""
    conditions: list[Condition]
    """The conditions lifted (an incapacitated leg's `fallen` and `crawling`)"""

    def apply(self, table: Table) -> None:
        character = _character(table, self.character)
        character.conditions = [c for c in character.conditions if c not in self.conditions]


class ConditionCleared(Table.Event):
    """The game master ends a condition (a fainted character comes to, …)."""

    TOPIC = "asaltos.ConditionCleared"
    character: str
    """The id of the character whose condition ends"""
    condition: Condition
    """The condition ended"""
    reason: str
    """The game master's account of why it ends (a fainted character comes to, …)"""

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
    """The wounds whose rest starts now: by character id, the numbers of its wounds (the dead, and
    characters with no such wound, are left out)"""

    def apply(self, table: Table) -> None:
        state = game(table)
        state.combat = None
        for character in state.characters.values():
            for wound in character.wounds:
                wound.suppressed = False
                if wound.id in self.resting.get(character.id, []):
                    wound.rest_since = state.elapsed
