"""What a PORTAL client asks of the special attacks and of a team leader [002:914-918,
1473-1529]: immobilizing a contender, a multiple attack against coupled defences, and a
team leader's Fortaleza level ceded to another member's roll. Each is the game master's,
every judgement a required field with its reason, read from rolls already settled or open.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.characters import CharacterId
from domain.commands import Command
from domain.names import Reason
from domain.portal.combat_commands import PortalWeapon, RollNumber
from domain.portal.damage import Setting
from domain.portal.sheet import MAX_ENTRIES, Label

#: points of the increment cancelled one way
Cancelled = Annotated[int, msgspec.Meta(ge=0, le=MAX_ENTRIES)]


class PortalCedeLevel(Command, kw_only=True):
    """The team leader of a collaboration cedes one of the Fortaleza levels applying to its
    own open roll to another member's open roll, whose player rerolls one of its dice with it
    (`portalRerollDie`, source `fortaleza`): only the leader's levels go to other members'
    dice [002:914] (Alex's Sigilo 2, one level for David, one for Cosme [002:918])."""

    leader: CharacterId
    """The id of the team's leader, as the game master rules it"""
    leader_roll: RollNumber
    """The table's number of the leader's open roll, whose applicable Fortaleza levels are
    ceded one at a time"""
    roll: RollNumber
    """The table's number of another member's open roll, given the level"""
    reason: Reason
    """The game master's reason the character leads the team"""


class GrabRuling(Command, kw_only=True):
    """Base of the game master's ruling on a grab [002:1475-1481]: two settled rolls, each
    read twice as an attack is for damage and toughness. The grabber is the contender who
    grabs, or who holds; the defender the one grabbed, or held."""

    combat: RollNumber
    """The combat's number (the roll of its direction die)"""
    attack_roll: RollNumber
    """The grabber's settled roll (`portalSettleRoll`), read for `attack` and `strength`: it
    names the grabber"""
    defence_roll: RollNumber
    """The defender's settled roll, read for `defence` and `struggle`: it names the
    defender"""
    defender_weapon: Literal["none", "one_hand", "two_hands"]
    """A long cutting weapon the defender wields against an unarmed grabber: `one_hand` +1,
    `two_hands` +2 to the defence against the grab, not the struggle; `none` otherwise
    [002:1477] (a knife's ace goes in the defence roll's call)"""


class PortalImmobilize(GrabRuling, kw_only=True):
    """The game master rules an attempt to immobilize, the grabber's action in its phase
    [002:1473-1481]: a confrontation of two settled rolls, each read twice as an attack is
    for damage and toughness. The grab: the grabber's `attack` must exceed the defender's
    `defence` plus its weapon's bonus; the struggle: the grab's margin plus the grabber's
    `strength` against the defender's `struggle`, no weapon bonus. Ties are the table's
    `immobilize_tie`."""

    reason: Reason
    """The game master's reason: the grab, and the defender's weapon"""


class PortalIncrement(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The extra difficulty of every attack of a multiple attack, as the game master rules
    it [002:1508-1515]."""

    weapons: Literal["ready", "most", "heavy"]
    """`ready`: several ready weapons, reach weapons made for it or automatic ones (+0);
    `most`: most weapons (+1); `heavy`: heavy swung or slow-reload weapons (+2)"""
    position: Literal["adjacent", "separated", "opposite"]
    """Where the targets stand: `adjacent` (+0), `separated` (+1), `opposite` (+2)"""
    reason: Reason
    """The game master's reason: the weapons and the targets' positions"""


class PortalCancel(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """What cancels the increment 1:1 [002:1517]: aces, applicable Fortaleza levels, reflex
    points given up (the coupling bonus is never cancelled [002:1529])."""

    aces: Cancelled = 0
    """Aces in the sleeve the game master grants to cancel it"""
    fortaleza: Label | None = None
    """The attacker's Fortaleza whose levels cancel it; null: none"""
    levels: Cancelled = 0
    """How many of that Fortaleza's levels, at most its level"""
    reflexes: Cancelled = 0
    """Reflex points the attacker gives up: its reflex value and phases fall by them"""
    reason: Reason
    """The game master's reason the aces and levels apply"""


class PortalTarget(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One attack of a multiple attack: its target, a contender or a supporting character,
    and the weapon it is made with."""

    defender: CharacterId | None
    """The id of the contender attacked (a protagonist or principal NPC); null for a
    supporting character"""
    supporting: Label | None
    """The id of the supporting character attacked (s1, s2 …); null for a contender"""
    weapon: PortalWeapon
    """The weapon of this attack, as the game master rules it"""


class PortalMultipleAttack(Command, kw_only=True):
    """The game master rules a multiple attack, the attacker's action in its phase
    [002:1487-1529]: at most its reflex value of attacks, against coupled defences.
    Contenders attacked sum their settled defence results, each times the attacks on it;
    supporting characters attacked each roll a d6 (the handler's), below both its G and
    Defence adding 1 to the others' defences, equal to its G its Defence (to its own too,
    once per attack, when attacked several times). Every attack's difficulty rises by the
    increment less what cancels it. One attack roll, or one per attack, as the table's
    `multiple_attack_rolls` says. Hits deal damage as a strike's do."""

    combat: RollNumber
    """The combat's number (the roll of its direction die)"""
    attack_rolls: Annotated[list[RollNumber], msgspec.Meta(min_length=1, max_length=MAX_ENTRIES)]
    """The attacker's settled attack rolls (`portalSettleCombatRoll`): one for every attack,
    or one per attack in the order of `attacks`, by the table's `multiple_attack_rolls`"""
    attacks: Annotated[list[PortalTarget], msgspec.Meta(min_length=2, max_length=MAX_ENTRIES)]
    """The attacks, 2 at least, in order"""
    defence_rolls: Annotated[list[RollNumber], msgspec.Meta(max_length=MAX_ENTRIES)]
    """One settled defence roll of each contender attacked; empty when only supporting
    characters are"""
    increment: PortalIncrement
    """The extra difficulty of every attack, as the game master rules it"""
    cancel: PortalCancel
    """What cancels the increment"""
    setting: Setting
    """How dangerous the setting is, for a tie's environment damage: `controlled`, `normal`,
    `dangerous` [002:1104-1108]"""
    nonlethal: bool
    """Whether the damage is non-lethal [002:1246-1248]"""
    reason: Reason
    """The game master's reason: what the attacks are, in the story"""
