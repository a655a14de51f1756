"""The events of PORTAL's special attacks and of a team leader's ceded levels [002:914-918,
1473-1529]. Each reads rolls every seat sees (settled, so revealed; or open and not secret):
each is public. `apply` only moves what the event says."""

from __future__ import annotations

import msgspec

from domain.portal.absorption import Absorption, Toughness
from domain.portal.combat_events import CombatEvent, combat_at, contender_at
from domain.portal.comparison import ComparedRoll, count
from domain.portal.damage import DamageTotal, Strike
from domain.portal.events import game
from domain.portal.harm import absorbed
from domain.portal.maneuvers import standing
from domain.portal.rerolls import Entitlement
from domain.portal.special_attacks import Grapple
from domain.portal.state import Combat
from domain.portal.weapons import WeaponDamage
from domain.structs import Stored, clone
from domain.table import Table


def _entitle(table: Table, roll: int, entitlement: Entitlement) -> None:
    open_roll = game(table).open_rolls[str(roll)]
    open_roll.sequence = msgspec.structs.replace(open_roll.sequence, entitlement=clone(entitlement))


class LevelCeded(Table.Event):
    """The team leader cedes one applicable Fortaleza level of its open roll to another
    member's open roll [002:914-918]: one Fortaleza reroll less for it, one more for the
    member."""

    TOPIC = "portal.LevelCeded"
    leader: str
    """The id of the team's leader"""
    leader_roll: int
    """The table's number of the leader's open roll"""
    roll: int
    """The table's number of the member's open roll"""
    character: str
    """The id of the member given the level"""
    leader_entitlement: Entitlement
    """The rerolls the leader's roll is entitled to after, by source"""
    entitlement: Entitlement
    """The rerolls the member's roll is entitled to after, by source"""
    reason: str
    """The game master's reason the character leads the team"""

    def apply(self, table: Table) -> None:
        _entitle(table, self.leader_roll, self.leader_entitlement)
        _entitle(table, self.roll, self.entitlement)


class _Grab(CombatEvent):
    """Base of an event of a grab [002:1475-1481]: the grabber's settled roll read for its
    attack and strength, the defender's for its defence and struggle. The grabber is the
    contender who grabs, or who holds; the defender the one grabbed, or held."""

    character: str
    """The id of the defender: the contender grabbed, or the held contender trying to break
    free"""
    attack: ComparedRoll
    """The grabber's roll and its `attack` result"""
    strength: ComparedRoll
    """The grabber's roll and its `strength` result"""
    defence: ComparedRoll
    """The defender's roll and its `defence` result"""
    struggle: ComparedRoll
    """The defender's roll and its `struggle` result"""
    defender_weapon: str
    """The defender's weapon against an unarmed grab: `none`, `one_hand` (+1), `two_hands`
    (+2) [002:1477]"""

    def _grabbed(self, table: Table, acting: str) -> Combat:
        """Both rolls count once; the `acting` contender has acted. Its combat."""
        count(table, self.attack, self.defence)
        combat = combat_at(table, self.combat)
        combat.acted = [*combat.acted, acting]
        return combat


class Immobilized(_Grab):
    """An attempt to immobilize ruled in the grabber's phase [002:1473-1481]: the grab
    (attack against defence and the weapon's bonus), then the struggle (the margin plus
    strength against struggle). Both rolls count once."""

    TOPIC = "portal.Immobilized"
    grabber: str
    """The id of the contender who grabs"""
    grapple: Grapple
    """The defence with the weapon's bonus, whether grabbed, the struggle total, whether
    immobilized and by how much"""
    reason: str
    """The game master's reason: the grab, and the defender's weapon"""
    defence_modifier: int = 0
    """What the defence result took off this turn, in `grapple`'s defence: -2 for a neglected
    defence (declared, or by a multiple attack [002:1447, 1493]), -2 more stunned [002:1075];
    0: none"""

    def apply(self, table: Table) -> None:
        combat = self._grabbed(table, self.grabber)
        if self.grapple.immobilized:  # held from now on [002:1481-1485]
            held = contender_at(table, self.combat, self.character)
            held.held_by, held.held_since = self.grabber, combat.turn


def _let_go(table: Table, combat: int, character: str) -> None:
    held = contender_at(table, combat, character)
    held.held_by, held.held_since = None, 0


class BreakFreeAttempted(_Grab):
    """A held contender tried to break free in its phase of a later turn [002:1483]: the grab
    repeated, the holder's attack at +2; not immobilized again, it is free. Both rolls count
    once."""

    TOPIC = "portal.BreakFreeAttempted"
    holder: str
    """The id of the contender holding it: the grabber"""
    advantage: int
    """What the holder's attack result adds, past `attack`'s: +2 [002:1483]"""
    defence_modifier: int
    """What the defence result took off this turn, in `grapple`'s defence: -2 for a neglected
    defence (declared, or by a multiple attack [002:1447, 1493]), -2 more stunned [002:1075];
    0: none"""
    grapple: Grapple
    """The grab repeated: the defence with the weapon's bonus, whether grabbed, the struggle
    total, whether immobilized again and by how much"""
    freed: bool
    """Whether it broke free: not immobilized again"""
    reason: str
    """The game master's reason: how the held contender struggles"""

    def apply(self, table: Table) -> None:
        self._grabbed(table, self.character)
        if self.freed:
            _let_go(table, self.combat, self.character)


class HoldReleased(CombatEvent):
    """The game master ruled a hold over without a struggle: the holder let go, or can hold
    no more [002:1481-1485]."""

    TOPIC = "portal.HoldReleased"
    holder: str
    """The id of the contender who held it"""
    character: str
    """The id of the contender held until now"""
    reason: str
    """The game master's reason the hold is over"""

    def apply(self, table: Table) -> None:
        _let_go(table, self.combat, self.character)


class AttackResolved(Stored, kw_only=True, forbid_unknown_fields=True):
    """One attack of a multiple attack against its coupled defence, and what it did."""

    STORED_AS = "portal.AttackResolved"

    defender: str | None
    """The id of the contender attacked; null for a supporting character"""
    supporting: str | None
    """The id of the supporting character attacked; null for a contender"""
    attack_roll: int
    """The table's number of the attack roll read for this attack"""
    weapon: WeaponDamage
    """What the weapon adds: its raw basic dice and bonus, melee or ranged, its attack penalty"""
    defence: int
    """The coupled defence of the target [002:1497-1506]"""
    difficulty: int
    """The coupled defence plus the increment left uncancelled: what the attack must exceed"""
    strike: Strike
    """The attack (less the weapon's penalty and the increment) against the coupled defence:
    `hit` with its excess, `miss`, or `tie` with the environment's raw die"""
    damage: DamageTotal | None
    """A hit's damage total, step by step [002:1118-1147]; null otherwise"""
    toughness: Toughness | None
    """A contender's aguante reading plus its armour's raw die; null for a supporting
    character"""
    aguante: int
    """What the damage met: the toughness's total, or the supporting character's Aguante
    this turn"""
    through: int
    """The damage points past it: absorbed by a contender, off a supporting character's G"""
    absorption: Absorption | None
    """What each point through did to a contender and the dice held after; null when none
    went through, or for a supporting character"""
    taken: int | None
    """The damage points a supporting character has taken after; null for a contender"""
    fumbles: int
    """The attack's fumble penalties, one per negative point of its result [002:1555-1562]"""
    defence_modifier: int = 0
    """What a contender's defence result took off this turn before coupling: -2 for a
    neglected defence (declared, or by a multiple attack [002:1447, 1493]), -2 more stunned
    [002:1075]; 0: none, or a supporting character"""
    hold: int = 0
    """What the attack added as the holder's melee attack on the contender it holds: +2
    [002:1485], in `strike`'s attack; 0: none"""


class MultipleAttackResolved(CombatEvent):
    """A multiple attack ruled in the attacker's phase [002:1487-1529]: the coupled
    defences (the supporting characters' d6s, their `DiceRolled` just before), the
    increment and what cancelled it (reflex points given up lower the reflex value and its
    phases), each attack's strike and damage. The rolls read are spent."""

    TOPIC = "portal.MultipleAttackResolved"
    attacker: str
    """The id of the attacking contender"""
    attack_rolls: list[int]
    """The table's numbers of the attack rolls read"""
    defence_rolls: list[int]
    """The table's numbers of the contenders' defence rolls read"""
    dice_roll: int | None
    """The table's number of the supporting characters' d6s; null: none attacked"""
    dice: list[int]
    """Each supporting character's d6, in the order they are first attacked"""
    increment: int
    """The extra difficulty of every attack the game master ruled [002:1508-1515]"""
    cancelled: int
    """The increment cancelled: aces, Fortaleza levels and reflex points [002:1517]"""
    reflexes: int
    """The attacker's reflex value after the points given up"""
    phases: list[int]
    """The phases that reflex value acts in, highest first [002:1024-1030]"""
    attacks: list[AttackResolved]
    """Each attack and what it did, in order"""
    setting: str
    """The setting: `controlled`, `normal` or `dangerous` (a tie's environment die)"""
    reason: str
    """The game master's reason: what the attacks are, in the story"""

    def apply(self, table: Table) -> None:
        state = game(table)
        combat = state.combats[str(self.combat)]
        for roll in (*self.attack_rolls, *self.defence_rolls):
            combat.rolls.pop(str(roll), None)
        combat.acted = [*combat.acted, self.attacker]
        attacker = contender_at(table, self.combat, self.attacker)
        attacker.aces = 0  # spent on this attack
        attacker.reflexes, attacker.phases = self.reflexes, list(self.phases)
        attacker.later_phases = None
        # declaring it neglects the attacker's defence for the turn [002:1493]
        attacker.standing = [*attacker.standing, standing("multiple_attack", combat.turn)]
        for attack in self.attacks:
            if attack.supporting is not None and attack.taken is not None:
                state.supporting[attack.supporting].taken = attack.taken
            if attack.defender is None or attack.absorption is None:
                continue
            contender = contender_at(table, self.combat, attack.defender)
            absorbed(state.characters[attack.defender].sheet, contender, attack.absorption)
