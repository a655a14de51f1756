"""PORTAL's combat events [002:1016-1283]. Each is one fact; `apply` only moves what it says.

An event read from one roll (reflexes, a combat roll kept, the critical state) names it and
carries its `visibility` (`FromRoll`). A strike reads two rolls, both settled, so both seen by
every seat (a secret roll is settled only once revealed): it is public. Events that change a
character's sheet carry its `seat`.
"""

from __future__ import annotations

from typing import cast

from domain.dice import FromRoll
from domain.portal.absorption import Absorption, Toughness
from domain.portal.critical import CriticalState
from domain.portal.damage import DamageTotal, Strike
from domain.portal.events import game
from domain.portal.maneuvers import ReflexManeuver
from domain.portal.reading import Reading
from domain.portal.reflexes import ColdBlood
from domain.portal.sheet import Sequel, SequelLevel
from domain.portal.special_attacks import KneeStrike, Sweep
from domain.portal.state import Combat, CombatContender, CombatRoll
from domain.portal.thorns import ThornCheck
from domain.portal.weapons import WeaponDamage
from domain.structs import clone
from domain.table import Table

#: the rolls a knee hit's sequel affects [002:1459]
KNEE_SEQUEL = "movement"


def _combat(table: Table, number: int) -> Combat:
    return game(table).combats[str(number)]


def _contender(table: Table, number: int, character: str) -> CombatContender:
    found = _combat(table, number).contender(character)
    assert found is not None
    return found


class CombatStarted(Table.Event):
    """The game master starts a combat: its contenders in table order, the cold-blood
    difficulty of the kind of fight, and the direction die (its `DiceRolled` just before)
    that fixes which way ties go round the table: even right, odd left [002:1036]."""

    TOPIC = "portal.CombatStarted"
    combat: int
    """The combat's number: the table's number of the roll of its direction die"""
    contenders: list[str]
    """The ids of the characters who fight, in table order going right from the game master"""
    fight: str
    """The kind of fight: `friendly_brawl`, `port_riot`, `balanced_shootout` or
    `we_are_going_to_die` [002:1044-1047]"""
    cold_blood_difficulty: int
    """The cold-blood difficulty the kind of fight sets, 3..6 [002:1044-1047]"""
    direction_die: int
    """The direction die's face, 1..6: even, ties go right round the table; odd, left [002:1036]"""
    reason: str
    """The game master's reason for the kind of fight"""

    def apply(self, table: Table) -> None:
        game(table).combats[str(self.combat)] = Combat(
            combat=self.combat,
            contenders=[CombatContender(character=c) for c in self.contenders],
            direction_die=self.direction_die,
            cold_blood_difficulty=self.cold_blood_difficulty,
        )


class ReflexesTaken(FromRoll):
    """A contender's reflex roll settled (its `RollSettled` just before): the new reflex
    value and its phases [002:1022-1030]; for the initial roll the cold blood paid
    [002:1049-1057]; after wound dice the thorn check [002:1063, 1252-1267]."""

    TOPIC = "portal.ReflexesTaken"
    combat: int
    """The combat's number (the roll of its direction die)"""
    character: str
    """The id of the contender"""
    seat: str
    """The seat id of the character's player (the game master's seat for a principal NPC)"""
    reflexes: int
    """The reflex value now: the `reflexes` reading, less the thorns' penalty and the reflex
    points paid for cold blood"""
    phases: list[int]
    """The phases the reflex value acts in, highest first [002:1024-1030]"""
    cold_blood: ColdBlood | None
    """The cold blood of the initial roll: its difficulty, result, missing points and how they
    were paid [002:1049-1057]; null for a later reflex roll"""
    thorn: ThornCheck | None
    """The thorn check of a roll after wound dice: the damage accumulated against the `aguante`
    reading, and the thorn driven in [002:1252-1267]; null for the initial roll"""
    discomfort: int
    """The discomfort dice the character holds after, 0..3"""
    wound: int
    """The wound dice the character holds after, 0..3"""
    thorn_penalty: int = 0
    """The reflex points taken off the `reflexes` reading by the character's thorns that
    penalise reflexes (Errata: Vilvis [002:623, 629]); 0: none"""

    def apply(self, table: Table) -> None:
        contender = _contender(table, self.combat, self.character)
        contender.reflexes, contender.phases = self.reflexes, list(self.phases)
        contender.reflex_roll_due = contender.thorn_due = False
        if self.cold_blood is not None:
            contender.lost_turns += self.cold_blood.lost_turns
        sheet = game(table).characters[self.character].sheet
        sheet.discomfort, sheet.wound = self.discomfort, self.wound
        if self.thorn is not None:
            sheet.thorns = [*sheet.thorns, *(clone(t) for t in self.thorn.thorns)]


class CombatRollSettled(FromRoll):
    """A contender's attack or defence roll settled (its `RollSettled` just before) and kept
    for the strike: its readings' results by name and its basic dice, which weapons, armour
    and the environment read raw [002:1092, 1110, 1122, 1226]."""

    TOPIC = "portal.CombatRollSettled"
    combat: int
    """The combat's number (the roll of its direction die)"""
    character: str
    """The id of the contender who rolled"""
    seat: str
    """The seat id of the character's player (the game master's seat for a principal NPC)"""
    readings: list[Reading]
    """The roll's readings from its final faces, each with every step: `attack` (and `damage` in
    melee), or `defence` and `aguante`"""
    basic: list[int]
    """The roll's final basic dice, 1..6 each"""
    tempt: bool = False
    """Whether the roll tempted luck and the die did not come back at this settlement: the
    strike wins it back if the roll beats the opponent's (Errata GAP [002:350])"""

    def apply(self, table: Table) -> None:
        _combat(table, self.combat).rolls[str(self.roll)] = CombatRoll(
            roll=self.roll,
            character=self.character,
            readings=[clone(r) for r in self.readings],
            basic=list(self.basic),
            visibility=self.visibility,
            tempt=self.tempt,
        )


class StrikeResolved(Table.Event):
    """An attack ruled in the attacker's phase [002:1090-1248]: attack against defence; on a
    hit the damage total (excess, damage die, weapon), on a tie the environment's raw die,
    either against the toughness (aguante and armour), the points through absorbed as
    discomfort and wound dice. A defender out of combat attacked dies [002:1112]."""

    TOPIC = "portal.StrikeResolved"
    combat: int
    """The combat's number (the roll of its direction die)"""
    attacker: str
    """The id of the attacking contender"""
    character: str
    """The id of the defender, whose sheet the strike changes"""
    seat: str
    """The seat id of the defender's player (the game master's seat for a principal NPC)"""
    attack_roll: int
    """The table's number of the attacker's settled attack roll"""
    defence_roll: int | None
    """The table's number of the defender's settled defence roll; null: out of combat, no defence"""
    weapon: WeaponDamage
    """What the weapon adds: its raw basic dice and bonus, melee or ranged, its attack penalty"""
    setting: str
    """The setting: `controlled`, `normal` or `dangerous` (a tie's environment die)"""
    reason: str
    """The game master's reason: what the attack is, in the story"""
    strike: Strike | None
    """The attack (less the weapon's penalty) against the defence: `hit` with its excess, `miss`,
    or `tie` with the environment's raw die [002:1100-1110]; null: no defence roll"""
    damage: DamageTotal | None
    """A hit's damage total, step by step [002:1118-1147]; for a sweep, the total worked out
    before the attack (excess 0); null otherwise"""
    sweep: Sweep | None
    """A sweep: half the damage total added to the attack, a hit dealing the excess only
    [002:1531-1543]; null: a plain attack"""
    toughness: Toughness | None
    """The defender's aguante reading plus its armour's raw die [002:1199, 1224-1236]; null
    without a defence roll"""
    through: int
    """The damage points past the toughness, absorbed [002:1238]; 0: none"""
    absorption: Absorption | None
    """What each point through did and the dice held after; null when none went through, or
    for a knee hit"""
    knee: KneeStrike | None
    """A knee hit: the wound dice the damage made become a movement sequel, never paid off
    with discomfort or luck [002:1459-1467]; null otherwise"""
    fumbles: list[int]
    """The fumble penalties of the attack and of the defence, one per negative point of each
    result, the game master's to pick [002:1555-1562]"""
    killed: bool
    """Whether the strike killed the defender: attacked out of combat [002:1112]"""

    def apply(self, table: Table) -> None:
        state = game(table)
        combat = state.combats[str(self.combat)]
        combat.rolls.pop(str(self.attack_roll), None)
        if self.defence_roll is not None:
            combat.rolls.pop(str(self.defence_roll), None)
        combat.acted = [*combat.acted, self.attacker]
        _contender(table, self.combat, self.attacker).aces = 0  # spent on this attack
        defender = state.characters[self.character]
        if self.killed:
            defender.dead = True
        if self.knee is not None:
            defender.sheet.discomfort = self.knee.discomfort
            if self.knee.sequel_level:  # 1..3: the wound dice the damage made
                level = cast("SequelLevel", self.knee.sequel_level)
                sequel = Sequel(level=level, kind=KNEE_SEQUEL)
                defender.sheet.sequels = [*defender.sheet.sequels, sequel]
            if self.knee.absorption.unabsorbed:
                contender = _contender(table, self.combat, self.character)
                contender.critical = self.knee.absorption.unabsorbed
        if self.absorption is None:
            return
        defender.sheet.discomfort = self.absorption.discomfort
        defender.sheet.wound = self.absorption.wound
        contender = _contender(table, self.combat, self.character)
        if self.absorption.wound_gained:
            contender.reflex_roll_due = contender.thorn_due = True
        if self.absorption.unabsorbed:
            contender.critical = self.absorption.unabsorbed


class TemptLuckRecovered(FromRoll):
    """A combat roll that tempted luck beat its opponent's at the strike (its `StrikeResolved`
    just before): "supera la dificultad del reto" [002:350], the challenge being the opponent's
    result (Errata GAP), so the tempt die returns to the held reserve."""

    TOPIC = "portal.TemptLuckRecovered"
    combat: int
    """The combat's number (the roll of its direction die)"""
    character: str
    """The id of the contender whose roll tempted luck"""
    seat: str
    """The seat id of the character's player"""
    result: int
    """The roll's result at the strike: the attack (less the weapon's penalty) or the defence"""
    against: int
    """The opponent's result it exceeded"""
    luck_held: int
    """The luck dice the character holds now"""
    luck_lost: int
    """The luck dice the character has lost now"""

    def apply(self, table: Table) -> None:
        sheet = game(table).characters[self.character].sheet
        sheet.luck_held, sheet.luck_lost = self.luck_held, self.luck_lost


class CriticalStateRolled(FromRoll):
    """A contender's last aguante roll settled (its `RollSettled` just before) against the
    damage left unabsorbed [002:1271-1283]: where it leaves the character, the worst thorn
    driven in; dead where the table's option `critical_below` says so."""

    TOPIC = "portal.CriticalStateRolled"
    combat: int
    """The combat's number (the roll of its direction die)"""
    character: str
    """The id of the contender in the critical state"""
    seat: str
    """The seat id of the character's player (the game master's seat for a principal NPC)"""
    critical: CriticalState
    """The aguante against the unabsorbed damage, the state it leaves (`unconscious`,
    `conscious`, `unstabilised`, `dead`), whether stabilised, and the thorn"""

    def apply(self, table: Table) -> None:
        contender = _contender(table, self.combat, self.character)
        contender.critical = 0
        contender.out = self.critical.state
        character = game(table).characters[self.character]
        character.sheet.thorns = [*character.sheet.thorns, clone(self.critical.thorn)]
        if self.critical.state == "dead":
            character.dead = True


class ManeuverMade(FromRoll):
    """A contender's maneuver roll settled (its `RollSettled` just before), its action in this
    phase: the result is its new reflex value and phases [002:1067] (Errata: better or worse);
    against an enemy's reflexes, exceeding them earns an ace on the next attack [002:1441]."""

    TOPIC = "portal.ManeuverMade"
    combat: int
    """The combat's number (the roll of its direction die)"""
    character: str
    """The id of the contender who maneuvers"""
    seat: str
    """The seat id of the character's player (the game master's seat for a principal NPC)"""
    enemy: str | None
    """The id of the contender whose reflexes the maneuver had to exceed; null: none"""
    maneuver: ReflexManeuver
    """The maneuver's result against the enemy's reflexes (0 without an enemy), whether it
    succeeded, the aces it earns and the new reflex value"""
    phases: list[int]
    """The phases the new reflex value acts in, highest first [002:1024-1030]"""

    def apply(self, table: Table) -> None:
        combat = _combat(table, self.combat)
        combat.acted = [*combat.acted, self.character]
        contender = _contender(table, self.combat, self.character)
        contender.reflexes, contender.phases = self.maneuver.reflexes, list(self.phases)
        contender.aces += self.maneuver.aces


class PhaseAdvanced(Table.Event):
    """A combat's next phase: its turn and phase, who acts in it, in order (higher reflexes,
    fewer wound dice, fewer discomfort dice, then the table's direction [002:1032-1036]), and
    at a new turn who loses it, paying cold blood [002:1051]."""

    TOPIC = "portal.PhaseAdvanced"
    combat: int
    """The combat's number (the roll of its direction die)"""
    turn: int
    """The turn, from 1"""
    phase: int
    """The phase, 6 down to 1 [002:1024]"""
    order: list[str]
    """The ids of the contenders who act in this phase, first to last"""
    idle: list[str]
    """The ids of the contenders who lose this turn, paying cold blood [002:1051]"""

    def apply(self, table: Table) -> None:
        combat = _combat(table, self.combat)
        if self.turn != combat.turn:
            for contender in combat.contenders:
                contender.idle = contender.character in self.idle
                if contender.idle:
                    contender.lost_turns -= 1
        combat.turn, combat.phase, combat.acted = self.turn, self.phase, []


class CombatEnded(Table.Event):
    """The game master ends a combat; the settled rolls it kept are dropped."""

    TOPIC = "portal.CombatEnded"
    combat: int
    """The combat's number (the roll of its direction die)"""
    reason: str
    """The game master's reason: the foes flee, surrender, fall …"""

    def apply(self, table: Table) -> None:
        game(table).combats.pop(str(self.combat), None)
