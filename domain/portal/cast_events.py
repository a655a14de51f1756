"""PORTAL's events of supporting characters in a fight (`cast_handlers`) [002:1285-1419].
Each is one fact; `apply` only moves what it says.

A fight of supporting characters is said at the table: every event here is public, and the
dice its units threw (`DiceRolled` just before, `roll`) are public too; a unit kept by
`portalStackUnit` is used only once its dice are revealed. A unit member's die is its turn die
for the rest of the turn: its own totals move by it when it is attacked on its own
[002:1415-1417].
"""

from __future__ import annotations

from domain.portal.absorption import Absorption, Toughness
from domain.portal.combat_events import CombatEvent
from domain.portal.damage import DamageTotal, Strike
from domain.portal.events import game
from domain.portal.harm import absorbed
from domain.portal.state import PortalState
from domain.portal.supporting import unstack
from domain.portal.weapons import WeaponDamage
from domain.structs import Stored
from domain.table import Table


class UnitMember(Stored, kw_only=True, forbid_unknown_fields=True):
    """What one stacked member's d6 added to its unit, and its own modifier from it."""

    STORED_AS = "portal.UnitMember"

    supporting: str
    """The member's id"""
    face: int
    """Its d6, 1..6"""
    added: dict[str, int]
    """What it added, by total (`attack`, `damage`, `defence`); empty: nothing [002:1383-1387]"""
    modifier: int
    """Its own totals' modifier this turn from the same die: +1 below its current G, 0 equal,
    -1 above [002:1313, 1415-1417]"""


class Unit(Stored, kw_only=True, forbid_unknown_fields=True):
    """Supporting characters stacked on one side's leader for one attack or defence."""

    STORED_AS = "portal.Unit"

    leader: str
    """The leader's id: a supporting character (s1 …) or a protagonist or principal NPC (c1 …)"""
    members: list[UnitMember]
    """Each member's die and what it added, in order"""
    totals: dict[str, int]
    """The leader's totals with the members': `attack` and `damage` (for a character leader
    the damage its members add to its damage total), or `defence`"""
    reflexes: float
    """The unit's Reflexes: its slowest member's [002:1419]"""
    stacked: int | None = None
    """The roll number of the unit `portalStackUnit` kept, its members' dice thrown there;
    null: stacked by this command, its dice in the event's `roll`"""


def _members_rolled(
    state: PortalState, roll: int | None, attack_unit: Unit | None, defence_unit: Unit | None
) -> None:
    """Members stacked now take their die as their turn die and leave any unit kept; a kept
    attack unit is spent by its one attack [002:1379]."""
    for unit in (attack_unit, defence_unit):
        if unit is None or unit.stacked is not None:
            continue
        unstack(state, [member.supporting for member in unit.members])
        for member in unit.members:
            supporting = state.supporting[member.supporting]
            supporting.modifier, supporting.turn_roll = member.modifier, roll
    if attack_unit is not None and attack_unit.stacked is not None:
        state.units.pop(str(attack_unit.stacked), None)


class _SupportingStruck(Table.Event):
    """Base of an attack on a supporting character's Defence this turn: the units' dice, the
    target and the unit on its Defence, its Aguante and what it has taken after."""

    roll: int | None
    """The table's number of the units' dice; null: no unit stacked"""
    target: str
    """The attacked supporting character's id"""
    defence_unit: Unit | None
    """The members stacked on the target's Defence; null: it defended alone"""
    aguante: int
    """The target's Aguante this turn"""
    taken: int
    """The damage points the target has taken in all"""
    generic: int
    """The target's G now"""
    out: bool
    """Whether the target's G is 0 or less: out of combat [002:1307]"""

    def _struck(self, state: PortalState, attack_unit: Unit | None) -> None:
        """The target's damage taken in all; the units' members take their dice."""
        state.supporting[self.target].taken = self.taken
        _members_rolled(state, self.roll, attack_unit, self.defence_unit)


class SupportingClashed(_SupportingStruck):
    """A supporting character (or unit) attacked another [002:1321-1363]: Attack against
    Defence this turn, a tie a hit of excess 0; the excess plus Damage past the Aguante lowers
    the target's G [002:1337-1341]."""

    TOPIC = "portal.SupportingClashed"
    attacker: str
    """The attacking supporting character's id"""
    attack_unit: Unit | None
    """The members stacked on the attacker; null: it attacked alone"""
    attack: int
    """The attacker's Attack this turn, with its unit's"""
    damage: int
    """The attacker's Damage this turn, with its unit's"""
    defence: int
    """The target's Defence this turn, with its unit's"""
    hit: bool
    """Whether the Attack reached the Defence: a tie hits [002:1337, 1341]"""
    excess: int
    """Attack less Defence on a hit; 0 otherwise"""
    through: int
    """The excess plus the Damage past the Aguante, never below 0: off the target's G"""
    reason: str
    """The game master's reason"""

    def apply(self, table: Table) -> None:
        self._struck(game(table), self.attack_unit)


class SupportingAttacked(CombatEvent):
    """A supporting character (or unit) attacked a contender [002:1292-1295]: its Attack the
    difficulty the defence (with any supporting characters stacked on it) must exceed; below,
    the shortfall plus its Damage against the toughness, absorbed as discomfort and wound
    dice; equal, the table's `sc_attack_tie`. A defender out of combat attacked dies
    [002:1112]."""

    TOPIC = "portal.SupportingAttacked"
    roll: int | None
    """The table's number of the units' dice; null: no unit stacked"""
    attacker: str
    """The attacking supporting character's id"""
    attack_unit: Unit | None
    """The members stacked on the attacker; null: it attacked alone"""
    attack: int
    """The attacker's Attack this turn, with its unit's"""
    damage: int
    """The attacker's Damage this turn, with its unit's"""
    character: str
    """The id of the defender, whose sheet the attack changes"""
    seat: str
    """The seat id of the defender's player (the game master's seat for a principal NPC)"""
    defence_roll: int | None
    """The defender's settled defence roll; null: out of combat, no defence"""
    defence_unit: Unit | None
    """The supporting characters stacked on the defender's Defence; null: none"""
    defence: int | None
    """The defence reading's result, with its unit's; null without a defence roll"""
    hit: bool
    """Whether the defence fell short of the Attack (or equalled it, under `sc_attack_tie="hit"`)"""
    excess: int
    """The Attack less the defence on a hit; 0 otherwise"""
    damage_total: int
    """A hit's excess plus the attacker's Damage, what meets the toughness; 0 otherwise"""
    environment: int | None
    """On a tie under `sc_attack_tie="environment"`, the defender's raw die of the setting,
    what meets the toughness [002:1102-1110]; null otherwise"""
    toughness: Toughness | None
    """The defender's aguante reading plus its armour's raw die; null without a defence roll"""
    through: int
    """The damage points past the toughness, absorbed; 0: none"""
    absorption: Absorption | None
    """What each point through did and the dice held after; null when none went through"""
    fumble: int
    """The defence's fumble penalties, one per negative point of its result [002:1555-1562]"""
    killed: bool
    """Whether the attack killed the defender: attacked out of combat [002:1112]"""
    setting: str
    """The setting: `controlled`, `normal` or `dangerous`"""
    reason: str
    """The game master's reason: what the attack is, in the story"""
    defence_modifier: int = 0
    """What the defence result took off this turn, before its unit stacked on it and in
    `defence`: -2 for a neglected defence (declared, or by a multiple attack [002:1447,
    1493]), -2 more stunned [002:1075]; 0: none"""

    def apply(self, table: Table) -> None:
        state = game(table)
        combat = state.combats[str(self.combat)]
        if self.defence_roll is not None:
            combat.rolls.pop(str(self.defence_roll), None)
        _members_rolled(state, self.roll, self.attack_unit, self.defence_unit)
        defender = state.characters[self.character]
        defender.dead = defender.dead or self.killed
        if self.absorption is None:
            return
        contender = combat.contender(self.character)
        assert contender is not None
        absorbed(defender.sheet, contender, self.absorption)


class SupportingDefended(_SupportingStruck):
    """A contender's attack, in its phase, on a supporting character's Defence this turn
    [002:1293-1299]: above it a hit, the damage total past the Aguante lowering G; equal, the
    attacker's raw die of the setting through the Aguante (Errata); below, a miss."""

    TOPIC = "portal.SupportingDefended"
    combat: int
    """The combat's number (the roll of its direction die)"""
    attacker: str
    """The id of the attacking contender"""
    attack_roll: int
    """The table's number of the attacker's settled attack roll"""
    attack_unit: Unit | None
    """The supporting characters stacked on the attacker; null: none"""
    weapon: WeaponDamage
    """What the weapon adds: its raw basic dice and bonus, melee or ranged, its attack penalty"""
    setting: str
    """The setting: `controlled`, `normal` or `dangerous` (a tie's environment die)"""
    strike: Strike
    """The attack (less the weapon's penalty, with its unit's) against the Defence this turn
    (with its unit's): `hit` with its excess, `miss`, or `tie` with the environment's raw die"""
    damage: DamageTotal | None
    """A hit's damage total, step by step; null otherwise"""
    damage_total: int
    """What meets the Aguante: a hit's damage total with the attack unit's Damage, or a tie's
    environment die; 0 on a miss"""
    through: int
    """The damage points past the Aguante, off the target's G"""
    fumble: int
    """The attack's fumble penalties, one per negative point of its result [002:1555-1562]"""
    reason: str
    """The game master's reason: what the attack is, in the story"""

    def apply(self, table: Table) -> None:
        state = game(table)
        combat = state.combats[str(self.combat)]
        combat.rolls.pop(str(self.attack_roll), None)
        combat.acted = [*combat.acted, self.attacker]
        contender = combat.contender(self.attacker)
        assert contender is not None
        contender.aces = 0  # spent on this attack
        self._struck(state, self.attack_unit)
