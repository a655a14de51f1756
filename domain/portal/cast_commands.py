"""What a PORTAL client asks of supporting characters in a fight [002:1285-1419]: one (or a
unit around it) attacking another, attacking a protagonist, or defending against a
protagonist's attack; each side's supporting characters stacked on it for that attack, one
d6 each thrown then (Colmillo helping Sombra, a pack around its leader [002:1389-1417]).
Every one is the game master's, every judgement a required field with its reason."""

from __future__ import annotations

from typing import Annotated

import msgspec

from domain.characters import CharacterId
from domain.commands import Command
from domain.names import Reason
from domain.portal.combat_commands import PortalWeapon, RollNumber
from domain.portal.damage import Setting
from domain.portal.sheet import Label

#: the supporting characters stacked on one side's leader: none, or a unit's other members
Unit = Annotated[list[Label], msgspec.Meta(max_length=49)]


class _AttackKept(Command, kw_only=True):
    """A supporting character's attack, which a unit kept around the attacker may make."""

    attack_kept: RollNumber | None = None
    """A unit `portalStackUnit` kept for an attack around the attacker, by its dice's roll
    number, used instead of `attack_unit` (left empty) and spent by this attack [002:1379];
    null: none"""


class _UnitsKept(_AttackKept, kw_only=True):
    """A supporting character's attack on another, each side a unit kept or not."""

    defence_kept: RollNumber | None = None
    """A unit `portalStackUnit` kept for the target's defence, by its dice's roll number,
    used instead of `defence_unit` (left empty) [002:1381]; null: none"""


class PortalSupportingClash(_UnitsKept, kw_only=True):
    """A supporting character attacks another with its totals this turn (its values and its
    turn die's modifier) [002:1321-1363]: its Attack against the target's Defence, a tie a
    hit of excess 0; the excess plus its Damage past the target's Aguante lowers the target's
    G [002:1337-1341]. Either side may be a unit's leader, its members stacked on it now."""

    attacker: Label
    """The attacking supporting character's id (a unit's leader)"""
    attack_unit: Unit
    """The members stacked on the attacker for this one attack, each rolling its d6 now
    [002:1377-1395]; empty: it attacks alone"""
    target: Label
    """The attacked supporting character's id"""
    defence_unit: Unit
    """The members stacked on the target's Defence, each rolling its d6 now [002:1413-1417];
    empty: it defends alone"""
    reason: Reason
    """The game master's reason: who fights whom, and why these units"""


class PortalSupportingAttack(_AttackKept, kw_only=True):
    """A supporting character (or a unit around it) attacks a protagonist or principal NPC
    in a combat: its Attack this turn is the difficulty the defender's settled defence roll
    must exceed [002:1292]; below it, the shortfall plus its Damage is the damage total
    against the aguante reading and armour [002:1295, 1199]. A defence equal to the Attack is
    the table's `sc_attack_tie` (Errata). Supporting characters may stack on the defender's
    Defence (an animal companion [002:1397-1399])."""

    combat: RollNumber
    """The combat's number (the roll of its direction die) that kept the defence roll"""
    attacker: Label
    """The attacking supporting character's id (a unit's leader)"""
    attack_unit: Unit
    """The members stacked on the attacker for this one attack, each rolling its d6 now
    [002:1377-1411]; empty: it attacks alone"""
    defender: CharacterId
    """The id of the contender attacked"""
    defence_roll: RollNumber | None
    """The defender's settled defence roll (`portalSettleCombatRoll`); null only for a
    defender out of combat, who dies attacked [002:1112]"""
    defence_unit: Unit
    """The supporting characters stacked on the defender's Defence, each rolling its d6 now
    (Colmillo defending Sombra [002:1397-1399]); empty: none"""
    setting: Setting
    """How dangerous the setting is, for a tie under `sc_attack_tie="environment"`: the
    defender's raw LOW, MID or HIGH die [002:1104-1108]"""
    nonlethal: bool
    """Whether the damage is non-lethal: past 3 discomfort dice a point stuns a turn instead of
    wounding [002:1246-1248]"""
    reason: Reason
    """The game master's reason: what the attack is, in the story"""
    defence_kept: RollNumber | None = None
    """A unit `portalStackUnit` kept for the defender's defence, by its dice's roll number,
    used instead of `defence_unit` (left empty) [002:1381]; null: none"""


class PortalSupportingDefend(_UnitsKept, kw_only=True):
    """A protagonist or principal NPC's settled attack roll, in its phase, against a
    supporting character's Defence this turn [002:1293-1299]: above it a hit, its damage total
    (the excess, the damage die in melee, the weapon) past the Aguante lowering G; equal, the
    attacker's raw die of the setting through the Aguante (Errata). Supporting characters may
    stack on the attacker (Colmillo helping Sombra [002:1389-1395]) or on the target's Defence
    (a unit protecting its leader [002:1413-1417])."""

    combat: RollNumber
    """The combat's number (the roll of its direction die)"""
    attack_roll: RollNumber
    """The attacker's settled attack roll (`portalSettleCombatRoll`): it names the attacker"""
    attack_unit: Unit
    """The supporting characters stacked on the attacker for this attack, each rolling its d6
    now: their Attack on the attack, their Damage on the damage total [002:1385-1395]; empty:
    none"""
    target: Label
    """The attacked supporting character's id"""
    defence_unit: Unit
    """The members stacked on the target's Defence, each rolling its d6 now [002:1413-1417];
    empty: it defends alone"""
    weapon: PortalWeapon
    """The attacker's weapon, as the game master rules it"""
    setting: Setting
    """How dangerous the setting is, for a tie's environment damage: the attacker's raw LOW,
    MID or HIGH die [002:1104-1108]"""
    reason: Reason
    """The game master's reason: what the attack is, in the story"""
