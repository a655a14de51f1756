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
from domain.portal.damage import DamageTotal, HeadStrike, Strike
from domain.portal.events import game
from domain.portal.harm import absorbed, critical_reached, stun
from domain.portal.maneuvers import ReflexManeuver, Standing
from domain.portal.outcome import Verdict
from domain.portal.reading import Reading
from domain.portal.reflexes import ColdBlood
from domain.portal.rerolls import Reroll
from domain.portal.sequels import made_sequel
from domain.portal.sheet import SequelLevel
from domain.portal.special_attacks import KneeStrike, Sweep
from domain.portal.state import Combat, CombatContender, CombatRoll
from domain.portal.thorns import ThornCheck
from domain.portal.weapons import WeaponDamage
from domain.structs import clone
from domain.table import Table

#: the rolls a knee hit's sequel affects [002:1459]
KNEE_SEQUEL = "movement"
#: the rolls a hand hit's sequel affects: "relacionadas con el uso de dicha extremidad"
#: [002:1469]
HAND_SEQUEL = "hand"


def combat_at(table: Table, number: int) -> Combat:
    """The table's combat `number`, as an event applies to it."""
    return game(table).combats[str(number)]


def contender_at(table: Table, number: int, character: str) -> CombatContender:
    """A contender of combat `number`: the event's handler checked that it is one."""
    found = combat_at(table, number).contender(character)
    assert found is not None
    return found


class CombatEvent(Table.Event):
    """Base of an event in a combat, which it names."""

    combat: int
    """The combat's number (the roll of its direction die)"""


class _ContenderRoll(FromRoll):
    """Base of an event derived from a contender's roll in a combat, which it names."""

    combat: int
    """The combat's number (the roll of its direction die)"""


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


class ReflexesTaken(_ContenderRoll):
    """A contender's reflex roll settled (its `RollSettled` just before): the new reflex
    value and its phases [002:1022-1030]; for the initial roll the cold blood paid
    [002:1049-1057]; after wound dice the thorn check [002:1063, 1252-1267]."""

    TOPIC = "portal.ReflexesTaken"
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
        contender = contender_at(table, self.combat, self.character)
        contender.reflexes, contender.phases = self.reflexes, list(self.phases)
        contender.later_phases = None
        contender.reflex_roll_due = contender.thorn_due = False
        if self.cold_blood is not None:
            contender.lost_turns += self.cold_blood.lost_turns
        sheet = game(table).characters[self.character].sheet
        sheet.discomfort, sheet.wound = self.discomfort, self.wound
        if self.thorn is not None:
            sheet.thorns = [*sheet.thorns, *(clone(t) for t in self.thorn.thorns)]


class CombatRollSettled(_ContenderRoll):
    """A contender's attack or defence roll settled (its `RollSettled` just before) and kept
    for the strike: its readings' results by name and its basic dice, which weapons, armour
    and the environment read raw [002:1092, 1110, 1122, 1226]."""

    TOPIC = "portal.CombatRollSettled"
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
        combat = combat_at(table, self.combat)
        if any(reading.name == "defence" for reading in self.readings):
            contender_at(table, self.combat, self.character).defended = combat.turn
        combat.rolls[str(self.roll)] = CombatRoll(
            roll=self.roll,
            character=self.character,
            readings=[clone(r) for r in self.readings],
            basic=list(self.basic),
            visibility=self.visibility,
            tempt=self.tempt,
        )


class StrikeResolved(CombatEvent):
    """An attack ruled in the attacker's phase [002:1090-1248]: attack against defence; on a
    hit the damage total (excess, damage die, weapon), on a tie the environment's raw die,
    either against the toughness (aguante and armour), the points through absorbed as
    discomfort and wound dice. A defender out of combat attacked dies [002:1112]."""

    TOPIC = "portal.StrikeResolved"
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
    defence_modifier: int = 0
    """What the defence result took off this turn, in `strike`'s defence: -2 for a neglected
    defence (declared, or by a multiple attack [002:1447, 1493]), -2 more stunned [002:1075];
    0: none"""
    heavy: int = 0
    """A heavy weapon's damage added again to a sweep's hit [002:1190], in `sweep`'s damage;
    0: none"""
    opportunities: int = 0
    """For an opportunity attack, the attacker's opportunity attacks this turn, this one
    included, at most its reflexes [002:1549]; 0: the attacker's action in its phase"""
    head: HeadStrike | None = None
    """A head hit: +5 to the damage total, or the rival stunned as many turns as the points
    through [002:1455]; null otherwise"""
    disarmed: bool = False
    """Whether a hand hit disarmed the defender, as the game master ruled [002:1469-1471]"""
    damage_roll: int | None = None
    """The table's number of the dice the weapon's damage aces rerolled once the hit was
    counted [002:1096, 1173] (its `DiceRolled` just before); null: none"""
    damage_rerolls: list[Reroll] | None = None
    """Each basic die of the attack roll so rerolled, from what to what: `damage`'s weapon
    dice read the faces after, the attack those before; null: none"""
    hold: int = 0
    """What the attack added as the holder's melee attack on the contender it holds: +2
    [002:1485], in `strike`'s attack; 0: none"""
    broken_weapon: bool = False
    """Whether a hand hit broke the defender's weapon, as the game master ruled
    [002:1469-1471]: disarmed until a free action draws another [002:1079]"""
    hand_sequel: KneeStrike | None = None
    """A hand hit the game master ruled a sequel of that limb [002:1469]: the wound dice the
    damage made are sequel points for the rolls using it (kind `hand`), measured as a knee's
    for movement [002:1459-1467] (the book gives a hand's no measure); null otherwise"""
    critical_action: str | None = None
    """The action past the damage limit the attacker paid for and this strike takes: `normal`
    or `heroic` [002:590, 601]; null: the attacker fights"""

    def apply(self, table: Table) -> None:
        state = game(table)
        combat = state.combats[str(self.combat)]
        combat.rolls.pop(str(self.attack_roll), None)
        if self.defence_roll is not None:
            combat.rolls.pop(str(self.defence_roll), None)
        attacker = contender_at(table, self.combat, self.attacker)
        if self.opportunities:  # out of its phases [002:1547]
            attacker.opportunities = self.opportunities
        else:
            combat.acted = [*combat.acted, self.attacker]
        attacker.aces = 0  # spent on this attack
        if self.critical_action is not None:
            attacker.critical_action = None
        defender = state.characters[self.character]
        if self.disarmed or self.broken_weapon:
            contender_at(table, self.combat, self.character).disarmed = True
        if self.head is not None:
            stun(contender_at(table, self.combat, self.character), self.head.stunned_turns)
        if self.killed:
            defender.dead = True
        for struck, kind in ((self.knee, KNEE_SEQUEL), (self.hand_sequel, HAND_SEQUEL)):
            if struck is None:
                continue
            defender.sheet.discomfort = struck.discomfort
            if struck.sequel_level:  # 1..3: the wound dice the damage made
                level = cast("SequelLevel", struck.sequel_level)
                sequel = made_sequel(level, kind, self.combat)
                defender.sheet.sequels = [*defender.sheet.sequels, sequel]
            if struck.absorption.unabsorbed:
                contender = contender_at(table, self.combat, self.character)
                contender.critical = struck.absorption.unabsorbed
        if self.absorption is not None:
            contender = contender_at(table, self.combat, self.character)
            absorbed(defender.sheet, contender, self.absorption)


class TemptLuckRecovered(_ContenderRoll):
    """A combat roll that tempted luck beat its opponent's at the strike (its `StrikeResolved`
    just before): "supera la dificultad del reto" [002:350], the challenge being the opponent's
    result (Errata GAP), so the tempt die returns to the held reserve."""

    TOPIC = "portal.TemptLuckRecovered"
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


class CriticalStateRolled(_ContenderRoll):
    """A contender's last aguante roll settled (its `RollSettled` just before) against the
    damage left unabsorbed [002:1271-1283] (with the armour's die where the table's option
    `critical_roll_armour` says so): where it leaves the character, the worst thorn driven
    in; dead where the table's option `critical_below` says so."""

    TOPIC = "portal.CriticalStateRolled"
    character: str
    """The id of the contender in the critical state"""
    seat: str
    """The seat id of the character's player (the game master's seat for a principal NPC)"""
    critical: CriticalState
    """The aguante against the unabsorbed damage, the state it leaves (`unconscious`,
    `conscious`, `unstabilised`, `dead`), whether stabilised, and the thorn"""

    def apply(self, table: Table) -> None:
        contender = contender_at(table, self.combat, self.character)
        contender.critical = 0
        contender.out = self.critical.state
        character = game(table).characters[self.character]
        critical_reached(character, self.critical)


class ManeuverMade(_ContenderRoll):
    """A contender's maneuver roll settled (its `RollSettled` just before), its action in this
    phase: the result is its new reflex value and phases [002:1067] (Errata: better or worse),
    this turn or from the next as the table's `maneuver_reflexes` says (Errata GAP); against
    an enemy's reflexes, exceeding them earns an ace on the next attack [002:1441]."""

    TOPIC = "portal.ManeuverMade"
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
    """The phases it acts in for the rest of this turn, highest first [002:1024-1030]: the new
    reflex value's (`maneuver_reflexes`: `at_once`)"""
    later_phases: list[int] | None = None
    """The new reflex value's phases from the next turn on, where this turn keeps its own
    (`maneuver_reflexes`: `next_turn`, Errata GAP); null: `phases` from now on"""
    leaving: Verdict | None = None
    """A maneuver to leave melee against the game master's difficulty (GAP): a `success`
    spares the contender every opportunity attack this turn [002:1547]; null: none"""
    critical_action: str | None = None
    """The action past the damage limit the contender paid for and this maneuver takes:
    `normal` or `heroic` [002:590, 601]; null: the contender fights"""

    def apply(self, table: Table) -> None:
        combat = combat_at(table, self.combat)
        combat.acted = [*combat.acted, self.character]
        contender = contender_at(table, self.combat, self.character)
        if self.leaving is not None and self.leaving.outcome == "success":
            contender.left_melee = combat.turn
        if self.critical_action is not None:
            contender.critical_action = None
        contender.reflexes, contender.phases = self.maneuver.reflexes, list(self.phases)
        later = self.later_phases
        contender.later_phases = None if later is None else list(later)
        contender.aces += self.maneuver.aces


class PhaseAdvanced(CombatEvent):
    """A combat's next phase: its turn and phase, who acts in it, in order (higher reflexes,
    fewer wound dice, fewer discomfort dice, then the table's direction [002:1032-1036]), and
    at a new turn who loses it, paying cold blood [002:1051]."""

    TOPIC = "portal.PhaseAdvanced"
    turn: int
    """The turn, from 1"""
    phase: int
    """The phase, 6 down to 1 [002:1024]"""
    order: list[str]
    """The ids of the contenders who act in this phase, first to last"""
    idle: list[str]
    """The ids of the contenders who lose this turn, paying cold blood [002:1051]"""
    stunned: list[str]
    """The ids of the contenders stunned this turn: they do not act and defend at -2
    [002:1075, 1246]"""

    def apply(self, table: Table) -> None:
        combat = combat_at(table, self.combat)
        if self.turn != combat.turn:
            for contender in combat.contenders:
                contender.idle = contender.character in self.idle
                if contender.idle:
                    contender.lost_turns -= 1
                contender.stunned = contender.character in self.stunned
                if contender.stunned:
                    contender.stunned_turns -= 1
                contender.free_actions = contender.opportunities = 0
                if contender.later_phases is not None:
                    contender.phases, contender.later_phases = contender.later_phases, None
                # a turn's defence stands no longer; a prepared attack waits [002:1435]
                contender.standing = [s for s in contender.standing if s.cause == "prepare_attack"]
        combat.turn, combat.phase, combat.acted = self.turn, self.phase, []


class AttackCalled(_ContenderRoll):
    """A contender's attack or maneuver roll called in a combat (its `RollOpened` just
    before): the aces standing for it, granted in the roll's `aces`, are spent
    [002:1433-1447]."""

    TOPIC = "portal.AttackCalled"
    character: str
    """The id of the contender who rolls"""
    seat: str
    """The seat id of the character's player (the game master's seat for a principal NPC)"""
    target: str | None
    """The id of the contender attacked; null: a maneuver roll, or none designated"""
    attack: bool
    """Whether the roll is read for `attack` (else `maneuver`)"""
    aces: int
    """The aces standing for it, granted with the roll: a maneuver's, a prepared attack's, a
    neglected defence's; 0: none"""
    standing: list[Standing]
    """What stands for the contender after, the aces granted spent"""

    def apply(self, table: Table) -> None:
        contender = contender_at(table, self.combat, self.character)
        contender.standing = [clone(s) for s in self.standing]
        if self.attack:  # the maneuver's ace goes to this attack [002:1441]
            contender.aces = 0


class ManeuverDeclared(CombatEvent):
    """A contender's advanced maneuver ruled [002:1421-1447]: total defence or a prepared
    attack, its action in this phase; or its defence neglected for an ace on its attack.
    What it leaves standing, applied as its rolls are called and read."""

    TOPIC = "portal.ManeuverDeclared"
    character: str
    """The id of the contender"""
    maneuver: str
    """`total_defence`, `prepare_attack` or `neglect_defence`"""
    standing: Standing
    """What it leaves standing: aces and penalty on defence this turn, aces on the next
    attack"""
    acted: bool
    """Whether it is the contender's action in this phase (total defence, a prepared attack:
    the attack given up [002:1427, 1433])"""
    reason: str
    """The game master's reason: what the contender does, in the story"""
    reach: bool = False
    """Whether a reach weapon made the neglected defence safe: its ace without the -2
    [002:1551-1553]"""

    def apply(self, table: Table) -> None:
        contender = contender_at(table, self.combat, self.character)
        contender.standing = [*contender.standing, clone(self.standing)]
        if self.acted:
            combat = combat_at(table, self.combat)
            combat.acted = [*combat.acted, self.character]


class FreeActionTaken(CombatEvent):
    """A contender's free action this turn [002:1077-1084]; one bought past those of its
    normal actions lowers its reflexes by 1 [002:1088], their phases this turn or from the
    next as the table's `free_action_reflexes` says (Errata GAP)."""

    TOPIC = "portal.FreeActionTaken"
    character: str
    """The id of the contender"""
    action: str
    """`draw`, `move`, `speak` or `ask` [002:1079-1082]"""
    bought: bool
    """Whether it was bought with a reflex point [002:1088]"""
    free_actions: int
    """The free actions the contender has taken this turn, this one included"""
    reflexes: int
    """The contender's reflex value after"""
    phases: list[int]
    """The phases it acts in for the rest of this turn, highest first"""
    later_phases: list[int] | None
    """The phases of the lowered reflexes from the next turn on, where this turn keeps its
    own (`free_action_reflexes`: `next_turn`); null: `phases` from now on"""
    reason: str
    """The game master's reason: what the contender does, in the story"""

    def apply(self, table: Table) -> None:
        contender = contender_at(table, self.combat, self.character)
        contender.free_actions = self.free_actions
        if self.action == "draw":  # a weapon drawn or picked up [002:1079]
            contender.disarmed = False
        contender.reflexes, contender.phases = self.reflexes, list(self.phases)
        if self.later_phases is not None:
            contender.later_phases = list(self.later_phases)


class CombatEnded(CombatEvent):
    """The game master ends a combat; the settled rolls it kept are dropped, and the level 1
    sequels made in it end, "lo que queda de [...] combate" [002:287]."""

    TOPIC = "portal.CombatEnded"
    reason: str
    """The game master's reason: the foes flee, surrender, fall …"""

    def apply(self, table: Table) -> None:
        state = game(table)
        state.combats.pop(str(self.combat), None)
        for character in state.characters.values():
            sheet = character.sheet
            sheet.sequels = [sequel for sequel in sheet.sequels if sequel.combat != self.combat]
